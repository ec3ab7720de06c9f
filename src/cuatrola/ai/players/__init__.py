"""The computer players, from the simplest (read them in this order):

* :mod:`~cuatrola.ai.players.random_player`: ``random``, a uniformly random legal action;
* :mod:`~cuatrola.ai.players.greedy`: ``greedy``, the rules of thumb peer programs ship
  (also the expert's model of a rule-following opponent);
* :mod:`~cuatrola.ai.players.pimc`: ``pimc``, perfect-information Monte Carlo: sample the
  deals a seat cannot tell apart, solve each one exactly, play the best card on average;
* :mod:`~cuatrola.ai.players.expert`: ``expert``, PIMC over deals weighted by an opponent
  model, with a search against rule followers and match-aware bidding;
* :mod:`~cuatrola.ai.players.levels`: the product levels ``easy``, ``medium`` and ``hard``.

The registry (:mod:`cuatrola.ai.base`) names them; nothing here registers on import.
"""

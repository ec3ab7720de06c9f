"""Computer players. Every player sees only a :class:`~cuatrola.core.views.SeatView`.

Where to start: :mod:`cuatrola.ai.base` (the :class:`Player` interface and the registry of
names), then the players from the simplest, in :mod:`cuatrola.ai.players`: ``greedy``
(``players/greedy.py``), ``pimc`` (``players/pimc.py``) and ``expert``
(``players/expert.py``). The rest of the package is what those players stand on:

* :mod:`cuatrola.ai.knowledge`: what a seat can infer from its view, as the deals it cannot
  tell apart (counted, enumerated, sampled) and the public facts before each earlier play;
* :mod:`cuatrola.ai.search`: the double-dummy solver (with its C twin) and the search against
  rule-following opponents;
* :mod:`cuatrola.ai.opponents`: the expert's opponent model (how likely a deal is, given the
  plays and bids seen);
* :mod:`cuatrola.ai.bidding`: the expert's bidding (calibrated double-dummy shares, match
  value);
* :mod:`cuatrola.ai.config`: every number the expert was tuned with, and where it came from;
* :mod:`cuatrola.ai.duel`: what a duplicate duel between two players measures (``cuatrola duel``,
  played at the table by :mod:`cuatrola.clients.duel`).
* :mod:`cuatrola.ai.analysis`: the analysis after the hand (each decision of a recorded hand
  against the expert's choice from the same view; docs/analysis.md).

Imports point inward: players use opponents, bidding and search; search and knowledge use
only the rules core (and the greedy rules of thumb). Research code that is off by default
(variants of the expert, other opponent models, fitting scripts) lives in ``research/`` at
the root of the repository, outside the installed package.

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(2))
>>> player = make_player("random")
>>> player.choose(view_for(state, state.to_move), random.Random(5)) in state.legal_actions()
True
"""

from cuatrola.ai.base import Player, available_players, make_player, register_player

__all__ = ["Player", "available_players", "make_player", "register_player"]

"""Environments for learning agents: PettingZoo (``cuatrola_v0``) and OpenSpiel (docs/env.md).

Optional: ``pip install cuatrola[env]`` brings numpy, gymnasium, pettingzoo and open_spiel;
the rules engine, the server and the clients never import this package.

* :mod:`cuatrola.env.encoding`: a seat's view as a fixed-size numpy vector, its action mask
  and its information state string;
* :mod:`cuatrola.env.pettingzoo_env`: ``cuatrola_env()``, the AEC environment ``cuatrola_v0``;
* :mod:`cuatrola.env.openspiel_game`: the OpenSpiel game ``python_cuatrola`` (registered with
  ``pyspiel.register_game`` when imported).
"""

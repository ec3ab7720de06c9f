"""Accounts: who the players are, their ratings and their finished matches, over REST.

One module per concept, each usable on its own with a database session factory:

* :mod:`~cuatrola.server.accounts.auth`: session tokens and the identity they stand for
  (the websocket tier checks tokens with it too);
* :mod:`~cuatrola.server.accounts.accounts`: guests, sign-up, login, passwords;
* :mod:`~cuatrola.server.accounts.ratings`: team-aware ratings and the leaderboard;
* :mod:`~cuatrola.server.accounts.history`: finished matches, stored once they are over;
* :mod:`~cuatrola.server.accounts.replay_steps`: a finished hand replayed by the rules core;
* :mod:`~cuatrola.server.accounts.rest`: the REST API under ``/api`` (docs/rest.md);
* :mod:`~cuatrola.server.accounts.schema`: their tables.

:func:`cuatrola.server.app.create_app` wires them: it builds the services, adds
:meth:`History.on_match_finished <cuatrola.server.accounts.history.History.on_match_finished>`
to the finished-match listeners and mounts :func:`~cuatrola.server.accounts.rest.routes`.
"""

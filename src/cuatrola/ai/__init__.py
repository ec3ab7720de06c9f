"""Computer players. Every player sees only a :class:`~cuatrola.core.views.SeatView`.

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

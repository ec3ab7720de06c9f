"""What the benchmarks that play share: the check of a player's name, and seeded hands with
one computer player in every seat (bidding on)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator

from cuatrola.ai.base import Player, available_players, player_factory
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for

#: How a seat's decision is made: the player, the seat's view and the seat's random source.
Decide = Callable[[Player, SeatView, random.Random], int]


def is_unknown_player(target: str, kind: str, name: str) -> bool:
    """Whether ``name`` is no available player; if so, say it on stderr in one line,
    ``cuatrola bench TARGET: unknown KIND 'name'; expected one of ...``."""
    known = available_players()
    if name in known:
        return False
    print(
        f"cuatrola bench {target}: unknown {kind} {name!r}; expected one of {', '.join(known)}",
        file=sys.stderr,
    )
    return True


def _choose(player: Player, view: SeatView, rng: random.Random) -> int:
    return player.choose(view, rng)


def play_hands(
    name: str, hands: int, seed: int, key: str, decide: Decide = _choose
) -> Iterator[HandState]:
    """``hands`` seeded hands with the player ``name`` in every seat, each yielded finished.

    Hand ``n`` is dealt by seat ``n % 4`` from one random source seeded with ``seed``; seat
    ``s`` draws from ``random.Random(f"{key}:{seed}:{n}:{s}")``. Every decision is
    ``decide(player, view, rng)`` (by default the player's ``choose``).
    """
    factory = player_factory(name)
    rng = random.Random(seed)
    for number in range(hands):
        state = HandState.deal(Rules(), dealer=number % 4, rng=rng)
        players = [factory() for _ in range(4)]
        rngs = [random.Random(f"{key}:{seed}:{number}:{s}") for s in range(4)]
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            state.apply(decide(players[seat], view_for(state, seat), rngs[seat]), seat)
        yield state

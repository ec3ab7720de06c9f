"""Seeded card-play hands for the fitting scripts (``fit_opponent_model``,
``fit_play_model``): the same deal and the same players' randomness from the same seed.
The players are named as for ``make_player``, the research variants included."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import research.variants  # noqa: F401  (the variants' names)
from cuatrola.ai import make_player
from cuatrola.core.actions import bid_action
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import SeatView, view_for


def card_play_decisions(
    names: Sequence[str], tag: str
) -> Iterator[tuple[HandState, SeatView, int]]:
    """Play one hand dealt from the seed string ``tag``, bidding forced to pass, with the
    players ``names`` (one per seat); yield ``(state, view, action)`` at every decision,
    before the action is applied. Seat ``s`` draws its randomness from ``f"{tag}:{s}"``."""
    rng = random.Random(tag)
    state = HandState.deal(Rules(), rng.randrange(4), rng)
    players = [make_player(n) for n in names]
    rngs = [random.Random(f"{tag}:{s}") for s in range(4)]
    for _ in range(4):
        state.apply(bid_action(Contract.PASS))
    while not state.is_finished:
        seat = state.to_move
        assert seat is not None
        view = view_for(state, seat)
        action = players[seat].choose(view, rngs[seat])
        yield state, view, action
        state.apply(action)

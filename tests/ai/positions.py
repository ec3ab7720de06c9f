"""Seeded hands stopped somewhere in the card play, for the search tests."""

from __future__ import annotations

import random

from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules

#: Automatic cantes, as the double-dummy solver models them.
AUTO = Rules(auto_cante=True)
#: Bids in speaking order (the mano first) giving each kind of hand.
BIDS = {
    "plain": ("pass",) * 4,
    "solo": ("pass", "solo", "pass", "pass"),
    "cuatrola": ("cuatrola", "pass", "pass", "pass"),
}


def positions(
    kind: str, seed: int, count: int, tricks: tuple[int, ...], choice: bool = False
) -> list[HandState]:
    """``count`` seeded hands of ``kind`` played at random into one of ``tricks`` (completed
    tricks) and stopped there; with ``choice``, only where the seat to move has more than
    one legal card."""
    rng = random.Random(seed)
    out: list[HandState] = []
    while len(out) < count:
        state = HandState.deal(AUTO, rng.randrange(4), rng)
        for bid in BIDS[kind]:
            state.apply(bid)
        stop = (rng.choice(tricks), rng.randrange(3))
        while not state.is_finished and (len(state.tricks), len(state.trick_cards)) < stop:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_finished and (not choice or len(state.legal_actions()) > 1):
            out.append(state)
    return out

"""Seeded hands stopped somewhere in the card play, for the search tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from cuatrola.ai.knowledge.history import PastPlay, past_plays
from cuatrola.ai.players.pimc import PimcPlayer
from cuatrola.core.actions import bid_action
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import SeatView, view_for

Moves = Callable[[HandState], list[int]]
"""The moves a brute force tries at a state (the rules core's, or another copy's)."""

#: Automatic cantes, as the double-dummy solver models them.
AUTO = Rules(auto_cante=True)
#: The action ids of the four bids.
PASS, SOLO, CUATROLA, QUINTOLA = (
    bid_action(contract)
    for contract in (Contract.PASS, Contract.SOLO, Contract.CUATROLA, Contract.QUINTOLA)
)
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


def middle_of_a_hand(seed: int, trick: int = 2) -> tuple[HandState, SeatView]:
    """A seeded plain hand (all four pass) played at random into trick ``trick`` and on
    until the seat to move has a choice; the hand and that seat's view."""
    rng = random.Random(seed)
    state = HandState.deal(Rules(), dealer=rng.randrange(4), rng=rng)
    for _ in range(4):
        state.apply(bid_action(Contract.PASS))
    while state.trick_number < trick or len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    return state, view_for(state, seat)


def pimc_move_seen_next(state: HandState, view: SeatView) -> tuple[int, SeatView, PastPlay]:
    """The card a PIMC player (30 samples, seeded) picks from ``view``, the view of the seat
    to move in ``state``; played on a copy of ``state``, the view of the next seat to move
    and that play as its history tells it."""
    card = PimcPlayer(30).choose(view, random.Random(0))
    after = state.copy()
    after.apply(card)
    observer = after.to_move
    assert observer is not None
    later = view_for(after, observer)
    return card, later, past_plays(later)[-1]


def final_value(state: HandState) -> int:
    """The solver's value convention read off a finished hand's result."""
    result = state.result
    assert result is not None
    if result.contract in (Contract.CUATROLA, Contract.QUINTOLA):
        assert result.bidder is not None
        return result.tricks[result.bidder & 1]
    return result.points[0] - result.points[1]


def _legal(state: HandState) -> list[int]:
    return state.legal_actions()


def brute_force(state: HandState, max_team: int, moves: Moves = _legal) -> int:
    """Full minimax over every continuation ``moves`` allows, no pruning."""
    if state.is_finished:
        return final_value(state)
    values = []
    for action in moves(state):
        child = state.copy()
        child.apply_unchecked(action)
        values.append(brute_force(child, max_team, moves))
    assert state.to_move is not None
    return max(values) if state.to_move & 1 == max_team else min(values)


def brute_force_moves(state: HandState, max_team: int, moves: Moves = _legal) -> dict[int, int]:
    """The brute-force value of each move ``moves`` allows at ``state``."""
    values = {}
    for action in moves(state):
        child = state.copy()
        child.apply_unchecked(action)
        values[action] = brute_force(child, max_team, moves)
    return values

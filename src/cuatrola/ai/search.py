"""Glue between a seat's view, the sampled worlds and the double-dummy solver.

:func:`position_for` turns a view plus one world (every hand filled in) into a solver
:class:`~cuatrola.ai.solver.Position`; :func:`card_scores` adds up the solver's values of
each legal card over many worlds, from the point of view of the seat to move (higher is
better), which is perfect-information Monte Carlo.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from cuatrola.ai.solver import Position, mover_scores, solve_moves
from cuatrola.ai.worlds import World
from cuatrola.core.actions import is_card_action
from cuatrola.core.views import SeatView


def sung_mask(view: SeatView) -> int:
    """The suits already sung, as a bitmask."""
    mask = 0
    for cante in view.cantes:
        mask |= 1 << cante.suit
    return mask


def position_for(view: SeatView, world: World) -> Position:
    """The double-dummy position of ``view`` if the hands are ``world`` (card play only)."""
    hands = list(world)
    if view.sitting_out is not None:
        hands[view.sitting_out] = 0
    points = list(view.card_points)
    for cante in view.cantes:
        points[cante.seat & 1] += cante.points
    assert view.to_move is not None
    return Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=int(view.trump),  # a plain int in the search's hot loops
        to_move=view.to_move,
        trick=tuple(int(card) for _, card in view.trick),
        trick_seats=tuple(seat for seat, _ in view.trick),
        sitting_out=view.sitting_out,
        contract=view.contract,
        bidder=view.bidder,
        points=(points[0], points[1]),
        tricks_won=view.tricks_won,
        tricks_played=len(view.tricks),
        sung=sung_mask(view),
    )


def card_scores(
    view: SeatView,
    worlds: Sequence[World],
    weights: Sequence[float] | None = None,
    deadline: float | None = None,
) -> dict[int, float]:
    """Weighted sum over ``worlds`` of each legal card's double-dummy value for the mover.

    Higher is better for the seat to move. ``weights`` defaults to 1 per world. With a
    ``deadline`` (a :func:`time.perf_counter` value) the worlds not reached by then are
    skipped (at least one is always solved).
    """
    cards = [a for a in view.legal_actions if is_card_action(a)]
    totals = dict.fromkeys(cards, 0.0)
    if len(cards) == 1:
        return totals
    for index, world in enumerate(worlds):
        weight = 1.0 if weights is None else weights[index]
        if weight <= 0:
            continue
        if deadline is not None and index and time.perf_counter() > deadline:
            break
        pos = position_for(view, world)
        for card, value in mover_scores(pos, solve_moves(pos)).items():
            totals[card] += weight * value
    return totals

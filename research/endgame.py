"""Card choice with consistent own decisions: a remedy for strategy fusion.

Perfect-information Monte Carlo (:func:`cuatrola.ai.players.pimc.card_scores`) solves every deal
as if the player would know it at every later decision, so it counts on plays it cannot
find: at the next trick it "knows" which defender holds the missing trump in each deal and
plays differently in each. That error is *strategy fusion*.

:func:`consistent_scores` removes it for the player's next real decision (an alpha-mu
search of depth 2, with the usual mean over deals at the player's nodes): the deals are
followed together through the public play. After each candidate card, the other seats' plays
branch the set of deals (a card can only be played in the deals where that seat holds it and
may play it) and each of them plays its best card in every deal (a partner maximises, an
opponent minimises, as in the double-dummy solver); when the player is to choose again, he
must pick *one* card for all the deals still consistent with what he has seen, the one with
the best weighted total, and only from there on is each deal solved double dummy.

It costs one :func:`~cuatrola.ai.search.solver.solve_moves` per deal and per distinct public
play sequence up to the player's next decision, so the ``expert-consistent`` variant
(:mod:`research.variants`) uses it from the second trick on, on fewer deals than plain PIMC.
It measured no better than plain PIMC (``RESULTS.md``), so the expert does not use it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from cuatrola.ai.knowledge.deals import World
from cuatrola.ai.search.solver import (
    Position,
    final_value,
    legal_moves,
    maximizing_team,
    play_card,
    position_for,
    solve,
    solve_moves,
)
from cuatrola.core.actions import is_card_action
from cuatrola.core.cards import iter_bits
from cuatrola.core.views import SeatView


def consistent_scores(
    view: SeatView,
    worlds: Sequence[World],
    weights: Sequence[float] | None = None,
    deadline: float | None = None,
) -> dict[int, float] | None:
    """Weighted total over ``worlds`` of each legal card's value for the seat to move, with
    the seat's next decision taken once for all the deals it cannot tell apart.

    Higher is better for the seat to move, on the scale of
    :func:`~cuatrola.ai.players.pimc.card_scores` (which it equals when the seat has no later
    decision). ``None`` when the ``deadline`` (a :func:`time.perf_counter` value) passes
    before the search ends.
    """
    cards = [a for a in view.legal_actions if is_card_action(a)]
    totals = dict.fromkeys(cards, 0.0)
    if len(cards) == 1:
        return totals
    kept = [i for i in range(len(worlds)) if weights is None or weights[i] > 0]
    if not kept:
        return totals
    positions = [position_for(view, worlds[i]) for i in kept]
    w = [1.0 if weights is None else weights[i] for i in kept]
    search = _Search(view.seat, w, deadline)
    everyone = list(range(len(kept)))
    try:
        for card in cards:
            children = [play_card(p, card) for p in positions]
            values = search.value(children, everyone)
            totals[card] = sum(wi * v for wi, v in zip(w, values, strict=True))
    except _OutOfTime:
        return None
    return totals


class _OutOfTime(Exception):
    """The deadline passed during the search."""


class _Search:
    """The depth-2 search of :func:`consistent_scores` for one decision."""

    def __init__(self, me: int, weights: Sequence[float], deadline: float | None) -> None:
        self.me = me
        self.team = me & 1
        self.weights = weights
        self.deadline = deadline

    def _sign(self, pos: Position) -> int:
        return 1 if maximizing_team(pos) == self.team else -1

    def value(self, positions: list[Position], ids: list[int]) -> list[float]:
        """Values for the seat's team of ``positions`` (one per deal, same public play);
        ``ids`` index the deals in :attr:`weights`."""
        first = positions[0]
        if first.tricks_played == 5:
            return [self._sign(p) * final_value(p) for p in positions]
        seat = first.to_move
        if seat == self.me:
            return self._decide(positions, ids)
        friend = seat & 1 == self.team
        by_card: dict[int, list[int]] = {}
        for index, pos in enumerate(positions):
            for card in iter_bits(legal_moves(pos)):
                by_card.setdefault(card, []).append(index)
        best: list[float | None] = [None] * len(positions)
        for card, members in by_card.items():
            children = [play_card(positions[i], card) for i in members]
            values = self.value(children, [ids[i] for i in members])
            for i, v in zip(members, values, strict=True):
                current = best[i]
                if current is None or (v > current if friend else v < current):
                    best[i] = v
        return [v if v is not None else 0.0 for v in best]

    def _decide(self, positions: list[Position], ids: list[int]) -> list[float]:
        """The seat's own next decision: one card for every deal, the best in total; the
        rest of each deal double dummy."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTime
        if legal_moves(positions[0]).bit_count() == 1:
            return [self._sign(p) * solve(p) for p in positions]
        per_card: dict[int, list[float]] = {}
        for pos in positions:
            sign = self._sign(pos)
            for card, v in solve_moves(pos).items():
                per_card.setdefault(card, []).append(sign * v)
        choice = max(
            per_card,
            key=lambda c: sum(self.weights[i] * v for i, v in zip(ids, per_card[c], strict=True)),
        )
        return per_card[choice]

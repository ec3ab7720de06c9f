"""``pimc``: perfect-information Monte Carlo.

Samples N deals consistent with the view (:mod:`cuatrola.ai.knowledge.deals`: the shown
trump card, voids and every "could not beat / could not over-trump" inference), solves each
exactly with the double-dummy solver and plays the card with the best total
(:func:`card_scores`, :func:`best_card`). When there are at most N consistent deals it uses
all of them. Bids follow the greedy thresholds; cantes are always sung (singing never costs
a point). The expert builds on the same two functions, with weighted deals.

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(4))
>>> for _ in range(4):
...     state.apply("pass")
>>> for _ in range(12):
...     state.apply(PimcPlayer(3).choose(view_for(state, state.to_move), random.Random(1)))
>>> state.trick_number
3
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from cuatrola.ai.knowledge.deals import Knowledge, World
from cuatrola.ai.players.greedy import cheapness, choose_bid, choose_cante
from cuatrola.ai.search.solver import mover_scores, position_for, solve_moves
from cuatrola.core.actions import is_card_action
from cuatrola.core.hand import Phase
from cuatrola.core.views import SeatView

#: Deals per decision: PIMC saturates at 30 to 100 (100 against 10 gains about 1.8 card
#: points per hand, 300 against 30 nothing).
DEFAULT_SAMPLES = 30


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


def best_card(scores: dict[int, float], trump: int) -> int:
    """The card with the highest score; ties go to the cheapest card (keep the good ones)."""
    return max(scores, key=lambda c: (scores[c], tuple(-k for k in cheapness(c, trump))))


class PimcPlayer:
    """Perfect-information Monte Carlo over ``samples`` consistent deals."""

    def __init__(self, samples: int = DEFAULT_SAMPLES) -> None:
        self.samples = samples
        self.name = "pimc" if samples == DEFAULT_SAMPLES else f"pimc{samples}"

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """Bid like greedy, always sing, play the best card over the sampled deals.

        Raises:
            ValueError: when the view offers no legal action (not this seat's turn).
        """
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if view.phase is Phase.BIDDING:
            return choose_bid(view)
        if view.phase is Phase.CANTE:
            return choose_cante(view)
        cards = [a for a in view.legal_actions if is_card_action(a)]
        if len(cards) == 1:
            return cards[0]
        worlds = Knowledge.from_view(view).sample_many(rng, self.samples)
        return best_card(card_scores(view, worlds), view.trump)

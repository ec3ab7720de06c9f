"""``pimc``: perfect-information Monte Carlo.

Samples N deals consistent with the view (:mod:`cuatrola.ai.worlds`: the shown trump card,
voids and every "could not beat / could not over-trump" inference), solves each exactly with
the double-dummy solver and plays the card with the best total. When there are at most N
consistent deals it uses all of them. Bids follow the greedy thresholds; cantes are always
sung (singing never costs a point).

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

from cuatrola.ai.base import register_player
from cuatrola.ai.common import cheapness
from cuatrola.ai.greedy import choose_bid, choose_cante
from cuatrola.ai.search import card_scores
from cuatrola.ai.worlds import Knowledge
from cuatrola.core.actions import is_card_action
from cuatrola.core.hand import Phase
from cuatrola.core.views import SeatView

DEFAULT_SAMPLES = 30


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


register_player("pimc", PimcPlayer)
register_player("pimc10", lambda: PimcPlayer(10))
register_player("pimc100", lambda: PimcPlayer(100))

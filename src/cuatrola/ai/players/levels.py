"""Product levels for human tables: ``easy``, ``medium``, ``hard`` (and ``expert``, which is
:class:`~cuatrola.ai.players.expert.ExpertPlayer` itself).

* ``easy``: the greedy rules, but one card in four is a random legal card (a beginner who
  follows the rules of thumb and sometimes slips); bids like greedy; always sings.
* ``medium``: PIMC over 8 sampled deals (sound play, shallow reading of the cards); bids
  like greedy.
* ``hard``: PIMC over 30 deals with the expert's bidding.
* ``expert``: the full expert (likelihood-weighted worlds, exhaustive endgames).

All of them answer well inside a second on one core, so a human never waits.
"""

from __future__ import annotations

import random

from cuatrola.ai.players.expert import ExpertPlayer
from cuatrola.ai.players.greedy import GreedyPlayer
from cuatrola.ai.players.pimc import PimcPlayer
from cuatrola.core.actions import is_card_action
from cuatrola.core.hand import Phase
from cuatrola.core.views import SeatView

#: Chance that ``easy`` plays a random legal card instead of the greedy one.
EASY_SLIP = 0.25


class EasyPlayer:
    """Greedy with occasional random cards (see the module docstring)."""

    name = "easy"

    def __init__(self) -> None:
        self._greedy = GreedyPlayer()

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """The greedy action, or with probability :data:`EASY_SLIP` a random legal card."""
        if view.phase is Phase.PLAY and rng.random() < EASY_SLIP:
            cards = [a for a in view.legal_actions if is_card_action(a)]
            if cards:
                return cards[int(rng.random() * len(cards))]
        return self._greedy.choose(view, rng, budget)


class MediumPlayer(PimcPlayer):
    """PIMC over 8 deals with greedy bidding."""

    def __init__(self) -> None:
        super().__init__(8)
        self.name = "medium"


class HardPlayer:
    """PIMC over 30 deals for the cards, the expert's evaluation for the bids."""

    name = "hard"

    def __init__(self) -> None:
        self._pimc = PimcPlayer(30)
        self._expert = ExpertPlayer()

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """Expert bids, PIMC(30) cards, always sing."""
        if view.phase is Phase.BIDDING:
            return self._expert.choose(view, rng, budget)
        return self._pimc.choose(view, rng, budget)

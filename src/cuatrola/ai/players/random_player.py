"""``random``: a uniformly random legal action (the floor every player must beat)."""

from __future__ import annotations

import random

from cuatrola.core.views import SeatView


class RandomPlayer:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """A uniformly random legal action.

        Raises:
            ValueError: when the view offers no legal action (not this seat's turn).
        """
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return view.legal_actions[int(rng.random() * len(view.legal_actions))]

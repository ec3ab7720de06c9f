"""The research variants of the computer players, registered by name when imported.

Each variant is the product's :class:`~cuatrola.ai.players.expert.ExpertPlayer` (or
:class:`~cuatrola.ai.players.pimc.PimcPlayer`) with other numbers
(``dataclasses.replace(config, ...)``) or with one research piece plugged in. They are what
the measurements of ``RESULTS.md`` compare against the default ``expert``. Use them with
``python -m research duel --a expert-fast --b pimc ...`` (the ``cuatrola`` command line with
these names registered), or by spec, from the repository's root:
``PYTHONPATH=. cuatrola duel --a research.variants:expert_fast --b pimc ...``.

====================  ====================================================================
name                  the expert with
====================  ====================================================================
``expert-fast``       "any legal card" as the second kind instead of the searched kind
                      (greedy prior 0.5): about a fifth of the time
``expert-softmax``    the searched kind's chances a softmax of its mean scores
                      (temperature 0.5, 0.35 of any legal card) instead of bootstrap shares
``expert-searched``   that softmax reading with smaller limits (120 sampled deals, 400
                      enumerated, 24 against rule followers)
``expert-uniform``    no weighting of the deals (no opponent model)
``expert-greedymodel`` a greedy-only opponent model (epsilon 0.5)
``expert-ddmodel``    the double-dummy softmax kind as the second kind (:mod:`research.models`)
``expert-playmodel``  the fitted play model as the second kind (prior 0.75)
``expert-consistent`` the consistent-decision search from trick 2 on (:mod:`research.endgame`)
``expert-noexploit``  no search against rule-following opponents
``expert-read30``     the searched kind reading each earlier play from 30 deals (as many as
                      ``pimc`` draws) instead of 16: about 1.6x the time of the slowest
                      decisions
``expert-read20``     the same from 20 deals
``pimc10``, ``pimc100``  PIMC over 10 or 100 deals instead of 30
====================  ====================================================================
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

from cuatrola.ai.base import Player, register_player
from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.knowledge.deals import Knowledge, World
from cuatrola.ai.opponents import EvidenceCache
from cuatrola.ai.players.expert import ExpertPlayer, Weighted, resample
from cuatrola.ai.players.pimc import PimcPlayer
from cuatrola.ai.search.solver import backend
from cuatrola.core.views import SeatView
from research.endgame import consistent_scores
from research.models import ResearchChoiceModel, ResearchOpponentModel

#: Deals for the consistent-decision search, by solver backend.
CONSISTENT_WORLDS = {"c": 60, "python": 12}


def config(**changes: Any) -> ExpertConfig:
    """The expert's configuration for the solver in use, with ``changes``."""
    return dataclasses.replace(ExpertConfig.for_backend(backend()), **changes)


class UniformExpert(ExpertPlayer):
    """The expert without an opponent model: every consistent deal counts alike, for the
    cards and for the bids."""

    def play_worlds(
        self,
        view: SeatView,
        rng: random.Random,
        deadline: float | None = None,
        evidence: EvidenceCache | None = None,
    ) -> Weighted:
        knowledge = Knowledge.from_view(view)
        if knowledge.count() <= self.config.exhaustive:
            return list(knowledge.worlds()), None
        return [knowledge.sample(rng) for _ in range(self.config.samples)], None

    def bid_worlds(self, view: SeatView, rng: random.Random) -> Weighted:
        knowledge = Knowledge.from_view(view)
        return [knowledge.sample(rng) for _ in range(self.config.bid_samples)], None


class ConsistentExpert(ExpertPlayer):
    """The expert choosing its cards with :func:`~research.endgame.consistent_scores` over
    ``consistent_worlds`` deals from trick ``consistent_from`` (0-based count of tricks
    played) on, while at least three cards are left (with two or fewer there is no later
    choice to keep consistent)."""

    def __init__(
        self,
        config: ExpertConfig | None = None,
        consistent_from: int = 1,
        consistent_worlds: int | None = None,
    ) -> None:
        super().__init__(config)
        self.consistent_from = consistent_from
        self.consistent_worlds = consistent_worlds or CONSISTENT_WORLDS[backend()]

    def card_values(
        self,
        view: SeatView,
        worlds: Sequence[World],
        weights: Sequence[float] | None,
        rng: random.Random,
        deadline: float | None,
        evidence: EvidenceCache,
    ) -> dict[int, float]:
        if len(view.tricks) >= self.consistent_from and len(view.hand) >= 3:
            if len(worlds) > self.consistent_worlds:
                worlds = resample(
                    worlds, weights or [1.0] * len(worlds), self.consistent_worlds, rng
                )
                weights = None
            scores = consistent_scores(view, worlds, weights, deadline)
            if scores is not None:
                return scores
        return super().card_values(view, worlds, weights, rng, deadline, evidence)


def modelled_expert(
    config: ExpertConfig,
    points_temperature: float | None = None,
    trick_temperature: float | None = None,
    play_model: bool = False,
) -> ExpertPlayer:
    """The expert with a research kind in its opponent model (:mod:`research.models`)."""
    player = ExpertPlayer(config)
    player.model = ResearchOpponentModel(config, points_temperature, trick_temperature, play_model)
    return player


def softmax_expert(config: ExpertConfig) -> ExpertPlayer:
    """The expert whose searched kind reads a card's chance as a softmax of its mean scores
    (temperature 0.5, 0.35 of any legal card) rather than bootstrap shares."""
    player = ExpertPlayer(config)
    if player.model.searcher is not None:
        # 30 deals, as when this reading was measured (RESULTS.md).
        player.model.searcher = ResearchChoiceModel(samples=30, resamples=0, epsilon=0.35)
    return player


def expert_fast() -> ExpertPlayer:
    return ExpertPlayer(config(greedy_mix=0.5, searched_share=0.0))


def expert_softmax() -> ExpertPlayer:
    return softmax_expert(config())


def expert_searched() -> ExpertPlayer:
    if backend() == "c":
        return softmax_expert(
            config(
                samples=120, exhaustive=400, exploit_worlds=24, greedy_mix=0.4, searched_share=1.0
            )
        )
    return softmax_expert(config(greedy_mix=0.4, searched_share=1.0))


def expert_uniform() -> ExpertPlayer:
    return UniformExpert(config(searched_share=0.0))


def expert_greedymodel() -> ExpertPlayer:
    return ExpertPlayer(config(epsilon=0.5, greedy_mix=1.0, searched_share=0.0))


def expert_ddmodel() -> ExpertPlayer:
    return modelled_expert(
        config(epsilon=0.5, greedy_mix=0.5, searched_share=0.0),
        points_temperature=10.0,
        trick_temperature=0.7,
    )


def expert_playmodel() -> ExpertPlayer:
    return modelled_expert(config(greedy_mix=0.25, searched_share=0.0), play_model=True)


def expert_consistent() -> ExpertPlayer:
    return ConsistentExpert(config(), consistent_from=1)


def expert_noexploit() -> ExpertPlayer:
    return ExpertPlayer(config(exploit_worlds=0))


def expert_read30() -> ExpertPlayer:
    return ExpertPlayer(config(searched_samples=30))


def expert_read20() -> ExpertPlayer:
    return ExpertPlayer(config(searched_samples=20))


def pimc10() -> PimcPlayer:
    return PimcPlayer(10)


def pimc100() -> PimcPlayer:
    return PimcPlayer(100)


#: Registry name -> factory.
VARIANTS: dict[str, Callable[[], Player]] = {
    "expert-fast": expert_fast,
    "expert-softmax": expert_softmax,
    "expert-searched": expert_searched,
    "expert-uniform": expert_uniform,
    "expert-greedymodel": expert_greedymodel,
    "expert-ddmodel": expert_ddmodel,
    "expert-playmodel": expert_playmodel,
    "expert-consistent": expert_consistent,
    "expert-noexploit": expert_noexploit,
    "expert-read30": expert_read30,
    "expert-read20": expert_read20,
    "pimc10": pimc10,
    "pimc100": pimc100,
}

for _name, _factory in VARIANTS.items():
    register_player(_name, _factory)

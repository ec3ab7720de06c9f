"""``expert``: our strongest player, perfect-information Monte Carlo over weighted deals.

Card play (:meth:`ExpertPlayer.choose`):

1. **The deals** (:meth:`~ExpertPlayer.play_worlds`). When the consistent deals are few
   (from about the second or third trick on) every one of them is taken, each weighted by
   how likely the plays and bids seen so far are in it under the opponent model
   (:class:`~cuatrola.ai.opponents.OpponentModel`). Otherwise a pool of uniformly sampled
   deals is weighed with the model's cheap part (no searched kind), deals are drawn from it
   in proportion to those weights, and each deal drawn is weighed again by how much likelier
   the whole model finds it (importance weights).
2. **The value of each card** (:meth:`~ExpertPlayer.card_values`): every deal is solved
   exactly by the double-dummy solver and the weighted totals are added up
   (:func:`~cuatrola.ai.players.pimc.card_scores`), so the last tricks, where all deals are
   enumerated, are played exactly against every consistent deal. When the model believes
   the opponents follow the greedy rules, each card also gets what it gains against
   opponents who keep following them (:mod:`cuatrola.ai.search.exploit`), in proportion to
   that belief.
3. The card with the best total is played (ties: the cheapest card).

Bidding (:mod:`cuatrola.ai.bidding`): deals sampled and weighted by the bids so far
(:meth:`~ExpertPlayer.bid_worlds`); for each legal bid, the chance of making it from its
double-dummy share over them, calibrated by self-play, against the status quo; each outcome
valued by the chance to win the match from the score it leaves.

Cantes: always sung (a cante only adds points to its team).

Every number (work limits, the opponent model's parameters, the bidding model) is in
:class:`~cuatrola.ai.config.ExpertConfig`. Without a time budget the fixed work limits make
each choice a function of the view and the ``rng``, so duels replay from their seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TypeVar

from cuatrola.ai.bidding import best_bid
from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.knowledge.deals import Knowledge, World
from cuatrola.ai.opponents import EvidenceCache, OpponentModel, bid_likelihood
from cuatrola.ai.players.greedy import choose_cante
from cuatrola.ai.players.pimc import best_card, card_scores
from cuatrola.ai.search.exploit import exploit_gains
from cuatrola.ai.search.solver import backend
from cuatrola.core.actions import action_contract, bid_action, is_card_action
from cuatrola.core.hand import Phase
from cuatrola.core.rules import Contract
from cuatrola.core.views import SeatView

T = TypeVar("T")
#: Deals and their weights (``None``: equal weights).
Weighted = tuple[list[World], list[float] | None]


class ExpertPlayer:
    """The expert player (see the module docstring).

    Args:
        config: its numbers; by default :meth:`ExpertConfig.for_backend
            <cuatrola.ai.config.ExpertConfig.for_backend>` of the solver in use.

    Attributes:
        config: the numbers it plays with.
        model: its opponent model (which holds the searched kind's memo and counters).
    """

    name = "expert"

    def __init__(self, config: ExpertConfig | None = None) -> None:
        self.config = config if config is not None else ExpertConfig.for_backend(backend())
        self.model = OpponentModel(self.config)

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """Bid, sing or play (see the module docstring).

        With a ``budget`` (seconds) the search stops solving new deals once
        ``config.budget_search`` of it is spent; without one, the fixed work limits make the
        choice reproducible from ``rng``.

        Raises:
            ValueError: when the view offers no legal action (not this seat's turn).
        """
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        now = time.perf_counter()
        deadline = None if budget is None else now + self.config.budget_search * budget
        if view.phase is Phase.BIDDING:
            return self._bid(view, rng, deadline)
        if view.phase is Phase.CANTE:
            return choose_cante(view)
        cards = [a for a in view.legal_actions if is_card_action(a)]
        if len(cards) == 1:
            return cards[0]
        weigh_until = None if budget is None else now + self.config.budget_weighing * budget
        evidence = self.model.evidence(view)
        worlds, weights = self.play_worlds(view, rng, weigh_until, evidence)
        scores = self.card_values(view, worlds, weights, rng, deadline, evidence)
        return best_card(scores, view.trump)

    # Card play -----------------------------------------------------------------------------

    def play_worlds(
        self,
        view: SeatView,
        rng: random.Random,
        deadline: float | None = None,
        evidence: EvidenceCache | None = None,
    ) -> Weighted:
        """The deals to solve and their weights (``None``: equal weights).

        Past the ``deadline`` (a :func:`time.perf_counter` value) the deals are weighted with
        the cheap part of the opponent model only. ``evidence`` keeps each deal's replayed
        plays for later use in the same decision.
        """
        if evidence is None:
            evidence = self.model.evidence(view)
        knowledge = Knowledge.from_view(view)
        if knowledge.count() > self.config.exhaustive:
            return self._sampled_worlds(view, knowledge, rng, deadline, evidence)
        worlds = list(knowledge.worlds())
        weights = self._weights(view, worlds, deadline, evidence)
        return (worlds, weights) if sum(weights) > 0 else (worlds, None)

    def _sampled_worlds(
        self,
        view: SeatView,
        knowledge: Knowledge,
        rng: random.Random,
        deadline: float | None,
        evidence: EvidenceCache,
    ) -> Weighted:
        """Deals drawn by likelihood from a uniform pool, with importance weights for the
        searched kind (see the module docstring)."""
        config = self.config
        pool = knowledge.draw(rng, config.samples * config.pool_factor)
        weights = self._weights(view, pool, deadline, evidence, searched=False)
        drawn = resample(pool, weights, config.samples, rng)
        if self.model.searcher is None:
            return drawn, None
        # The searched kind costs a sampled search per play and deal: the deals were drawn
        # by the cheap model, so weigh them by how much likelier the full model finds them.
        # Past the work limit (the first tricks, when every deal gives the players other
        # hands), the deals not weighed yet are left out: the drawn deals are in pool order
        # and the pool is uniform, so the ones kept are a fair sample still.
        full = self._weights(
            view, drawn, deadline, evidence, searched_until=config.searched_questions
        )
        drawn = drawn[: len(full)]
        cheap = [self.model.likelihood(view, w, evidence, searched=False) for w in drawn]
        ratios = [f / c if c > 0 else 0.0 for f, c in zip(full, cheap, strict=True)]
        return (drawn, ratios) if sum(ratios) > 0 else (drawn, None)

    def _weights(
        self,
        view: SeatView,
        worlds: Sequence[World],
        deadline: float | None,
        evidence: EvidenceCache,
        searched: bool = True,
        searched_until: int | None = None,
    ) -> list[float]:
        """The likelihood of each deal; with ``searched_until``, the weighing stops (and
        the list is shorter) once the searched kind has run that many new searches and
        half of the deals are weighed."""
        model = self.model
        searcher = model.searcher
        start = searcher.searched if searcher is not None else 0
        weights: list[float] = []
        for world in worlds:
            if (
                searched_until is not None
                and searcher is not None
                and 2 * len(weights) >= len(worlds)
                and searcher.searched - start >= searched_until
            ):
                return weights
            if _past(deadline):
                # Out of time: weights from different parts of the model are not comparable,
                # so weigh every deal again with the cheapest part.
                return [model.fallback_likelihood(view, w, evidence) for w in worlds]
            weights.append(model.likelihood(view, world, evidence, searched))
        return weights

    def card_values(
        self,
        view: SeatView,
        worlds: Sequence[World],
        weights: Sequence[float] | None,
        rng: random.Random,
        deadline: float | None,
        evidence: EvidenceCache,
    ) -> dict[int, float]:
        """Each legal card's weighted double-dummy total over ``worlds`` (higher is better),
        plus what it gains if the opponents are rule followers, in proportion to the belief
        that they are (:mod:`cuatrola.ai.search.exploit`).

        The gain is estimated on ``config.exploit_worlds`` deals drawn in proportion to
        weight x belief, and scaled to the whole weighted set.
        """
        scores = card_scores(view, worlds, weights, deadline)
        if not self.config.exploit_worlds or _past(deadline):
            return scores
        w = [1.0] * len(worlds) if weights is None else list(weights)
        beliefs = [self.model.greedy_belief(view, world, evidence) for world in worlds]
        mass = [wi * b for wi, b in zip(w, beliefs, strict=True)]
        total = sum(w)
        believed = sum(mass)
        if total <= 0 or believed / total < self.config.exploit_min_belief:
            return scores
        picks = resample(list(range(len(worlds))), mass, self.config.exploit_worlds, rng)
        gains, done = exploit_gains(view, [worlds[i] for i in picks], deadline)
        if done:
            for card in scores:
                scores[card] += believed / done * gains[card]
        return scores

    # Bidding -------------------------------------------------------------------------------

    def _bid(self, view: SeatView, rng: random.Random, deadline: float | None) -> int:
        options = [action_contract(a) for a in view.legal_actions]
        if options == [Contract.PASS]:
            return bid_action(Contract.PASS)
        worlds, weights = self.bid_worlds(view, rng)
        return bid_action(best_bid(view, worlds, weights, deadline, self.config))

    def bid_worlds(self, view: SeatView, rng: random.Random) -> Weighted:
        """The deals a bid is judged on (``config.bid_samples`` sampled ones) and their
        weights: how likely the other seats' bids so far are in each."""
        worlds = Knowledge.from_view(view).draw(rng, self.config.bid_samples)
        weights = [bid_likelihood(view, list(w), self.config.bid_stray) for w in worlds]
        return worlds, weights


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def resample(pool: Sequence[T], weights: Sequence[float], n: int, rng: random.Random) -> list[T]:
    """``n`` items drawn from ``pool`` in proportion to ``weights`` (systematic
    resampling: low variance, each item at most about ``n * w / sum`` times)."""
    total = sum(weights)
    if total <= 0:
        return list(pool[:n])
    step = total / n
    point = rng.random() * step
    out: list[T] = []
    acc = 0.0
    index = 0
    for _ in range(n):
        while index < len(pool) - 1 and acc + weights[index] <= point:
            acc += weights[index]
            index += 1
        out.append(pool[index])
        point += step
    return out

"""``expert``: our strongest player.

Card play (weighted perfect-information Monte Carlo):

* every consistent deal (:mod:`cuatrola.ai.worlds`) when there are few of them (from about
  the second or third trick on), each weighted by how likely the plays seen so far are under
  an opponent model; otherwise a pool of uniformly sampled deals is resampled in proportion
  to the likelihood under the model's cheap part, and the deals drawn are weighed by how
  much likelier the whole model finds them;
* the opponent model mixes two kinds of player per seat: a rule follower who makes the
  greedy play (:func:`~cuatrola.ai.greedy.greedy_card`) with probability ``1 - epsilon``,
  and a strong player who chooses as PIMC would from his own seat, with what he knew when
  he played (:mod:`cuatrola.ai.pimc_model`; with the pure-Python solver, which cannot
  afford it, a player whose plays tell nothing). In a contract hand the bids count too (a
  bid says the hand is strong);
* every deal is solved exactly by the double-dummy solver, so the last tricks, where all
  deals are enumerated, are played exactly against every consistent deal;
* when the model believes the opponents are rule followers, each card's value also counts
  what it gains against opponents who keep following the rules (:mod:`cuatrola.ai.exploit`),
  in proportion to that belief.

Bidding (:mod:`cuatrola.ai.bidding`): for each legal bid, the chance of making it, from its
double-dummy share over sampled deals (the partner's cards dead) calibrated by self-play;
against the status quo (a plain hand, or the contract already bid). Each outcome is valued
by the chance to win the match from the score it leaves: reaching the target wins, and a
failed contract that hands the opponents the target loses the match (for example at 10-9
under the exact-11 rule).

Cantes: always sung (a cante only adds points to its team).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TypeVar

from cuatrola.ai.base import register_player
from cuatrola.ai.bidding import DDRates, calibrated, dd_rates, highest_bid, match_value
from cuatrola.ai.endgame import consistent_scores
from cuatrola.ai.exploit import greedy_posterior, model_moves
from cuatrola.ai.greedy import choose_cante
from cuatrola.ai.opponent_model import (
    EvidenceCache,
    bid_likelihood,
    dealt_hands,
    evidence_likelihood,
    play_evidence,
    seat_likelihoods,
)
from cuatrola.ai.pimc import best_card
from cuatrola.ai.pimc_model import EPSILON as SEARCHED_EPSILON
from cuatrola.ai.pimc_model import RESAMPLES, PimcChoiceModel
from cuatrola.ai.search import card_scores, position_for
from cuatrola.ai.solver import backend, maximizing_team, solve_moves
from cuatrola.ai.worlds import Knowledge, World
from cuatrola.core.actions import action_contract, bid_action, is_card_action
from cuatrola.core.hand import Phase, team_of
from cuatrola.core.rules import CONTRACTS, Contract
from cuatrola.core.views import SeatView

#: Work limits per decision, by solver backend: worlds solved when sampling, the most
#: worlds enumerated exhaustively, worlds per bidding decision, worlds for the
#: consistent-decision search (when on) and for the search against rule followers.
LIMITS = {
    "c": {"samples": 240, "exhaustive": 1000, "bid_samples": 48, "consistent": 60, "exploit": 120},
    "python": {"samples": 24, "exhaustive": 48, "bid_samples": 10, "consistent": 12, "exploit": 8},
}
#: The opponent model's second kind, by solver backend: the share of it that chooses as PIMC
#: would from its own seat (:mod:`cuatrola.ai.pimc_model`, 30 whole-deal solves per earlier
#: play and deal: affordable with the compiled solver only), and the prior of the greedy
#: kind that goes with it (both measured in docs/ai.md).
OPPONENT_MODEL = {
    "c": {"searched_share": 1.0, "greedy_mix": 0.4},
    "python": {"searched_share": 0.0, "greedy_mix": 0.5},
}
T = TypeVar("T")

#: Sampled pool per solved world when resampling by likelihood.
POOL_FACTOR = 4
#: Below this belief that the opponents follow the greedy rules, no search against them.
EXPLOIT_MIN_BELIEF = 0.05
#: Work limit of the searched model per decision on sampled deals: new searches (30 deal
#: solves each) before the deals not yet weighed are left out, keeping at least half of
#: them. It binds in the first tricks only, and bounds the slowest decisions (docs/ai.md,
#: decision times).
SEARCHED_QUESTIONS = 240


class ExpertPlayer:
    """The expert player (see the module docstring).

    Args:
        samples, exhaustive, bid_samples: work limits (default: by solver backend).
        epsilon: how far the greedy kind of the opponent model strays from the greedy
            policy (1: no inference from the way cards are played).
        weighting: weight deals by the likelihood of the observed plays and bids.
        greedy_mix: prior that another seat is a greedy player rather than one of the
            second kind (1: greedy only). Default: by backend (:data:`OPPONENT_MODEL`).
        points_temperature, trick_temperature: when given, the other kind is a good
            player whose choices follow a softmax over the double-dummy values of the legal
            cards, at these temperatures in hand points (plain hands and solos) and in
            tricks (cuatrola and quintola). ``None`` (the default, fitted by
            ``benchmarks/fit_opponent_model.py``): any legal card, equally likely.
        consistent_from: from this trick (0-based count of tricks played) on, choose cards
            with :func:`~cuatrola.ai.endgame.consistent_scores` over ``consistent_worlds``
            deals (default: off; it measured no better than plain PIMC).
        exploit_worlds: deals on which the gain against rule-following opponents is
            estimated (:mod:`cuatrola.ai.exploit`); 0 turns it off. Default: by backend.
        play_model: the kind other than the rule follower chooses its cards as
            :mod:`cuatrola.ai.play_model` predicts, instead of any legal card (the
            ``expert-playmodel`` variant; it measured no stronger, so it is off).
        searched_share: this share of the kind other than the rule follower chooses its
            cards as PIMC would from its own view (:mod:`cuatrola.ai.pimc_model`). The
            costly part, so when deals are sampled it weighs only the deals drawn by the
            cheaper model (importance weights) rather than the whole pool. Default: by
            backend (:data:`OPPONENT_MODEL`; all of it with the compiled solver).
        searched_sampling: use that kind also when the deals are sampled (about three
            quarters of its cost; the early tricks), not only when they are enumerated.
        searched_questions: work limit of that kind per decision on sampled deals (new
            searches before the deals not yet weighed are left out, keeping at least half).
        searched_resamples, searched_epsilon: how that kind reads a card's chance
            (:class:`~cuatrola.ai.pimc_model.PimcChoiceModel`'s ``resamples`` and
            ``epsilon``; 0 resamples: the fifth session's softmax). Default: the model's.
    """

    name = "expert"

    def __init__(
        self,
        samples: int | None = None,
        exhaustive: int | None = None,
        bid_samples: int | None = None,
        epsilon: float = 0.2,
        weighting: bool = True,
        greedy_mix: float | None = None,
        points_temperature: float | None = None,
        trick_temperature: float | None = None,
        consistent_from: int | None = None,
        consistent_worlds: int | None = None,
        exploit_worlds: int | None = None,
        play_model: bool = False,
        searched_share: float | None = None,
        searched_sampling: bool = True,
        searched_questions: int = SEARCHED_QUESTIONS,
        searched_resamples: int = RESAMPLES,
        searched_epsilon: float = SEARCHED_EPSILON,
    ) -> None:
        limits = LIMITS[backend()]
        model = OPPONENT_MODEL[backend()]
        if greedy_mix is None:
            greedy_mix = model["greedy_mix"]
        if searched_share is None:
            searched_share = model["searched_share"]
        self.samples = samples or limits["samples"]
        self.exhaustive = exhaustive or limits["exhaustive"]
        self.bid_samples = bid_samples or limits["bid_samples"]
        self.epsilon = epsilon
        self.weighting = weighting
        self.greedy_mix = greedy_mix
        self.points_temperature = points_temperature
        self.consistent_from = consistent_from
        self.consistent_worlds = consistent_worlds or limits["consistent"]
        self.exploit_worlds = limits["exploit"] if exploit_worlds is None else exploit_worlds
        self.trick_temperature = trick_temperature
        self.play_model = play_model
        self.searched_share = searched_share
        self.searcher = (
            PimcChoiceModel(resamples=searched_resamples, epsilon=searched_epsilon)
            if searched_share
            else None
        )
        self.searched_sampling = searched_sampling
        self.searched_questions = searched_questions

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """Bid, sing or play (see the module docstring).

        With a ``budget`` (seconds) the search stops solving new deals once 80% of it is
        spent; without one, the fixed work limits make the choice reproducible from ``rng``.

        Raises:
            ValueError: when the view offers no legal action (not this seat's turn).
        """
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        now = time.perf_counter()
        deadline = None if budget is None else now + 0.8 * budget
        if view.phase is Phase.BIDDING:
            return self._bid(view, rng, deadline)
        if view.phase is Phase.CANTE:
            return choose_cante(view)
        cards = [a for a in view.legal_actions if is_card_action(a)]
        if len(cards) == 1:
            return cards[0]
        weigh_until = None if budget is None else now + 0.4 * budget
        evidence = EvidenceCache(view, self.play_model, self.searcher)
        worlds, weights = self.play_worlds(view, rng, weigh_until, evidence)
        # With two cards left or fewer there is no later choice to keep consistent.
        if (
            self.consistent_from is not None
            and len(view.tricks) >= self.consistent_from
            and len(view.hand) >= 3
        ):
            if len(worlds) > self.consistent_worlds:
                worlds = _resample(
                    worlds, weights or [1.0] * len(worlds), self.consistent_worlds, rng
                )
                weights = None
            scores = consistent_scores(view, worlds, weights, deadline)
            if scores is not None:
                return best_card(scores, view.trump)
        scores = card_scores(view, worlds, weights, deadline)
        if self.exploit_worlds:
            self._exploit(view, worlds, weights, scores, rng, deadline, evidence)
        return best_card(scores, view.trump)

    def _exploit(
        self,
        view: SeatView,
        worlds: Sequence[World],
        weights: Sequence[float] | None,
        scores: dict[int, float],
        rng: random.Random,
        deadline: float | None,
        evidence: EvidenceCache,
    ) -> None:
        """Add to ``scores`` what each card gains if the opponents are rule followers, in
        proportion to the belief that they are (see :mod:`cuatrola.ai.exploit`).

        The correction is estimated on ``exploit_worlds`` deals drawn in proportion to
        weight x belief, scaled to the whole weighted set.
        """
        if deadline is not None and time.perf_counter() > deadline:
            return
        me = view.seat
        team = me & 1
        opponents = [s for s in range(4) if s & 1 != team and s != view.sitting_out]
        w = [1.0] * len(worlds) if weights is None else list(weights)
        beliefs = []
        for world in worlds:
            greedy, other = seat_likelihoods(
                evidence.of(world, with_dd=False, searched=evidence.searched),
                self.epsilon,
                modelled=self.play_model,
                searched_share=self.searched_share,
            )
            beliefs.append(
                greedy_posterior(
                    [greedy[s] for s in opponents], [other[s] for s in opponents], self.greedy_mix
                )
            )
        mass = [wi * b for wi, b in zip(w, beliefs, strict=True)]
        total = sum(w)
        believed = sum(mass)
        if total <= 0 or believed / total < EXPLOIT_MIN_BELIEF:
            return
        picks = _resample(list(range(len(worlds))), mass, self.exploit_worlds, rng)
        gains = dict.fromkeys(scores, 0.0)
        done = 0
        for index in picks:
            if deadline is not None and time.perf_counter() > deadline:
                break
            pos = position_for(view, worlds[index])
            sign = 1 if maximizing_team(pos) == team else -1
            exact = solve_moves(pos)
            for card, value in model_moves(pos, 1 - team).items():
                gains[card] += sign * (value - exact[card])
            done += 1
        if done:
            for card in scores:
                scores[card] += believed / done * gains[card]

    # Card play -----------------------------------------------------------------------------

    def play_worlds(
        self,
        view: SeatView,
        rng: random.Random,
        deadline: float | None = None,
        evidence: EvidenceCache | None = None,
    ) -> tuple[list[World], list[float] | None]:
        """The deals to solve and their weights (``None``: equal weights).

        Past the ``deadline`` (a :func:`time.perf_counter` value) the remaining deals are
        weighted with the cheap greedy part of the opponent model only. ``evidence`` keeps
        each deal's replayed plays for later use in the same decision.
        """
        evidence = evidence or EvidenceCache(view, self.play_model, self.searcher)
        knowledge = Knowledge.from_view(view)
        count = knowledge.count()
        if count <= self.exhaustive:
            worlds = list(knowledge.worlds())
            if not self.weighting:
                return worlds, None
            weights = self._weights(view, worlds, deadline, evidence)
            return (worlds, weights) if sum(weights) > 0 else (worlds, None)
        if not self.weighting:
            return [knowledge.sample(rng) for _ in range(self.samples)], None
        pool = [knowledge.sample(rng) for _ in range(self.samples * POOL_FACTOR)]
        weights = self._weights(view, pool, deadline, evidence, searched=False)
        drawn = _resample(pool, weights, self.samples, rng)
        if self.searcher is None or not self.searched_sampling:
            return drawn, None
        # The searched model costs a sampled search per play and deal: the deals were drawn
        # by the cheap model, so weigh them by how much likelier the full model finds them.
        # Past the work limit (the first tricks, when every deal gives the players other
        # hands), the deals not weighed yet are left out: the drawn deals are in pool order
        # and the pool is uniform, so the ones kept are a fair sample still.
        full = self._weights(
            view, drawn, deadline, evidence, searched_until=self.searched_questions
        )
        drawn = drawn[: len(full)]
        cheap = [self.likelihood(view, w, evidence=evidence, searched=False) for w in drawn]
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
        the list is shorter) once the searched model has run that many new searches and
        half of the deals are weighed."""
        weights: list[float] = []
        start = self.searcher.searched if self.searcher is not None else 0
        for world in worlds:
            if (
                searched_until is not None
                and self.searcher is not None
                and 2 * len(weights) >= len(worlds)
                and self.searcher.searched - start >= searched_until
            ):
                return weights
            if deadline is not None and time.perf_counter() > deadline:
                # Out of time: weights with and without the double-dummy and searched
                # models are not comparable, so weigh every deal again without them (cheap).
                return [
                    self.likelihood(view, w, use_dd=False, evidence=evidence, searched=False)
                    for w in worlds
                ]
            weights.append(self.likelihood(view, world, evidence=evidence, searched=searched))
        return weights

    def likelihood(
        self,
        view: SeatView,
        world: World,
        use_dd: bool = True,
        evidence: EvidenceCache | None = None,
        searched: bool = True,
    ) -> float:
        """How likely the other seats' plays (and, in a contract hand, the bids) are in
        ``world`` under the opponent model; relative, not normalised.

        Each other seat is one of two kinds of player, and its plays so far are explained
        by a mixture of the two (prior ``greedy_mix``): a softened greedy player (the
        greedy card with probability ``1 - epsilon``), or a player whose plays tell
        nothing (any legal card) or, with a temperature, a good player whose choices
        follow a softmax over the double-dummy values of the legal cards in ``world`` at
        that moment. Mixing per seat rather than per play lets the evidence pick the
        kind: a seat whose plays are all greedy in ``world`` is read sharply as greedy,
        one that strays is read as the other kind. ``use_dd=False`` leaves out the
        double-dummy model (any legal card instead) and ``searched=False`` the searched
        kind (:mod:`cuatrola.ai.pimc_model`; in its share, any legal card instead).
        ``evidence``: a cache of the replayed plays, shared within one decision.
        """
        temperature = self.temperature(view) if use_dd else None
        with_dd = temperature is not None
        searcher = self.searcher if searched else None
        if evidence:
            plays = evidence.of(world, with_dd, searched)
        else:
            plays = play_evidence(view, world, with_dd, searcher=searcher)
        share = self.searched_share if searcher is not None else 0.0
        weight = 1.0
        if view.contract is not Contract.PASS:
            weight = bid_likelihood(view, dealt_hands(view, world))
        return weight * evidence_likelihood(
            plays, view.seat, self.epsilon, self.greedy_mix, temperature, self.play_model, share
        )

    def temperature(self, view: SeatView) -> float | None:
        """The softmax temperature of the double-dummy model in the hand's own units
        (``None``: no such model)."""
        if view.rules.tricks_needed(view.contract) is not None:
            return self.trick_temperature
        return self.points_temperature

    # Bidding -------------------------------------------------------------------------------

    def _bid(self, view: SeatView, rng: random.Random, deadline: float | None) -> int:
        options = [action_contract(a) for a in view.legal_actions]
        if options == [Contract.PASS]:
            return bid_action(Contract.PASS)
        knowledge = Knowledge.from_view(view)
        worlds = [knowledge.sample(rng) for _ in range(self.bid_samples)]
        weights = [bid_likelihood(view, list(w)) for w in worlds] if self.weighting else None
        rates = dd_rates(view, worlds, weights, deadline)
        if not rates.deals:
            return bid_action(Contract.PASS)
        values = {
            contract: bid_value(view, contract, rates)
            for contract in [Contract.PASS, *rates.contracts]
        }
        best = max(values, key=lambda c: (round(values[c], 9), -int(c)))
        return bid_action(best)


def bid_value(view: SeatView, contract: Contract, rates: DDRates) -> float:
    """The expected match value (:func:`~cuatrola.ai.bidding.match_value`) for the seat's
    team of bidding ``contract`` (``PASS``: of leaving things as they stand)."""
    mine = team_of(view.seat)
    if contract is Contract.PASS:
        holder, highest = highest_bid(view)
        if holder is None:
            win, value = rates.status_quo, 1
        else:
            made = calibrated(highest, rates.status_quo)
            bidder_team = team_of(holder)
            win = made if bidder_team == mine else 1 - made
            value = CONTRACTS[highest].value
    else:
        win = calibrated(contract, rates.contracts[contract])
        value = CONTRACTS[contract].value
    return win * _utility(view, mine, value) + (1 - win) * _utility(view, 1 - mine, value)


def _resample(pool: Sequence[T], weights: Sequence[float], n: int, rng: random.Random) -> list[T]:
    """``n`` worlds drawn from ``pool`` in proportion to ``weights`` (systematic
    resampling: low variance, each world at most about ``n * w / sum`` times)."""
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


def _utility(view: SeatView, winner: int, value: int) -> float:
    """The observer's match value (:func:`~cuatrola.ai.bidding.match_value`) after
    ``winner`` takes ``value`` game points."""
    score = list(view.score_before)
    score[winner] += value
    return match_value(view.rules, score, team_of(view.seat))


register_player("expert", ExpertPlayer)
register_player("expert-uniform", lambda: ExpertPlayer(weighting=False, searched_share=0.0))
register_player(
    "expert-greedymodel", lambda: ExpertPlayer(epsilon=0.5, greedy_mix=1.0, searched_share=0.0)
)
register_player(
    "expert-ddmodel",
    lambda: ExpertPlayer(
        epsilon=0.5,
        greedy_mix=0.5,
        points_temperature=10.0,
        trick_temperature=0.7,
        searched_share=0.0,
    ),
)
register_player("expert-consistent", lambda: ExpertPlayer(consistent_from=1))
register_player("expert-noexploit", lambda: ExpertPlayer(exploit_worlds=0))
register_player(
    "expert-playmodel", lambda: ExpertPlayer(play_model=True, greedy_mix=0.25, searched_share=0.0)
)
#: The default before the searched kind: any legal card as the second kind (prior 0.5).
#: About a fifth of the default's time and weaker against strong players (docs/ai.md).
register_player("expert-fast", lambda: ExpertPlayer(greedy_mix=0.5, searched_share=0.0))


#: The default of the fifth session: the searched kind's chances a softmax of its mean
#: scores (temperature 0.5, 0.35 of any legal card) rather than bootstrap shares.
register_player("expert-softmax", lambda: ExpertPlayer(searched_resamples=0, searched_epsilon=0.35))


def _searched_expert() -> ExpertPlayer:
    """``expert-searched``: the searched kind as first measured (its softmax reading) with
    the compiled solver's earlier limits (120 sampled, 400 enumerated and 24 deals against
    rule followers; docs/ai.md)."""
    if backend() == "c":
        return ExpertPlayer(
            samples=120,
            exhaustive=400,
            exploit_worlds=24,
            greedy_mix=0.4,
            searched_share=1.0,
            searched_resamples=0,
            searched_epsilon=0.35,
        )
    return ExpertPlayer(
        greedy_mix=0.4, searched_share=1.0, searched_resamples=0, searched_epsilon=0.35
    )


register_player("expert-searched", _searched_expert)

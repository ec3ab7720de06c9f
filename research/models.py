"""Opponent models that the expert does not use by default, for its research variants.

The product's model (:mod:`cuatrola.ai.opponents`) mixes a rule follower with the searched
kind (or "any legal card"). Measured alternatives, none of them stronger (``RESULTS.md``):

* **the double-dummy softmax kind**: a good player whose choices follow a softmax over the
  double-dummy values of his legal cards in the deal at that moment, at a temperature in
  hand points (plain hands and solos) or in tricks (cuatrola and quintola); the
  ``expert-ddmodel`` variant. It costs one solve per earlier play and deal;
* **the fitted play model** (:mod:`research.play_model`) as the second kind;
  ``expert-playmodel``;
* **the softmax reading of the searched kind**: a strong player's chance of each card a
  softmax of its mean double-dummy scores over his sampled deals, instead of the share of
  bootstrap resamples in which PIMC picks it (:class:`ResearchChoiceModel` with
  ``resamples=0``); ``expert-softmax`` and ``expert-searched``.

:func:`play_evidence`, :func:`seat_likelihoods` and :func:`evidence_likelihood` are the
product's functions with these kinds added: each stands on the product's own (the replay of
the plays, :func:`~cuatrola.ai.opponents.other_choices`; the likelihoods, given the kinds as
:func:`research_kind`); :class:`ResearchEvidenceCache` and :class:`ResearchOpponentModel`
extend the product's cache and model, and plug them into
:class:`~cuatrola.ai.players.expert.ExpertPlayer` (``player.model``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.knowledge.deals import World
from cuatrola.ai.knowledge.history import PastPlay
from cuatrola.ai.opponents import (
    MEMO_SIZE,
    EvidenceCache,
    OpponentModel,
    OtherKind,
    PimcChoiceModel,
    PlayEvidence,
    is_greedy,
    other_choices,
)
from cuatrola.ai.opponents import evidence_likelihood as product_evidence_likelihood
from cuatrola.ai.opponents import seat_likelihoods as product_seat_likelihoods
from cuatrola.ai.search.solver import Position, mover_scores, mover_totals, solve_moves
from cuatrola.core.views import SeatView
from research.play_model import choice_features, choice_probabilities

_DEFAULT = ExpertConfig()
#: The softmax reading's temperature over the mean scores, in the hand's own units (fitted).
TEMPERATURE = 0.5


@dataclass(frozen=True, slots=True)
class ResearchEvidence(PlayEvidence):
    """A :class:`~cuatrola.ai.opponents.PlayEvidence` with what the research kinds read.

    Attributes:
        regret: how much worse the card was than the best legal card, double dummy, in the
            hand's units (0 for the best card; ``None`` when not computed).
        values: the double-dummy values of every legal card minus the best (``None`` when
            not computed), for the softmax.
        modelled: the chance of the card under :mod:`research.play_model` (``None`` when
            not computed).
    """

    regret: float | None = None
    values: tuple[float, ...] | None = None
    modelled: float | None = None


#: Remembered chances of the play model, keyed by (trick number, place in the trick, the
#: player's hand then): many deals give a seat the same hand.
ModelMemo = dict[tuple[int, int, int], float]


def play_evidence(
    view: SeatView,
    world: World,
    with_dd: bool = True,
    memo: ModelMemo | None = None,
    with_model: bool = True,
    searcher: PimcChoiceModel | None = None,
    past: Sequence[PastPlay] | None = None,
) -> list[ResearchEvidence]:
    """Every real choice (more than one legal card) that another seat made so far, replayed
    in ``world`` (:func:`~cuatrola.ai.opponents.other_choices`); ``with_dd`` also solves each
    of those positions double dummy. With ``with_model`` each choice also gets its chance
    under :mod:`research.play_model`, remembered in ``memo`` (for one view) when given. With a
    ``searcher`` each choice also gets its chance under the searched kind. ``past``: the
    view's past plays."""
    trump = view.trump
    if memo is None:
        memo = {}
    out: list[ResearchEvidence] = []
    for play, hands, legal in other_choices(view, world, past):
        seat, card = play.seat, play.card
        hand = hands[seat]
        regret, values = _dd_reading(view, play, hands) if with_dd else (None, None)
        modelled: float | None = None
        if with_model:
            key = (play.number, play.index, hand)
            modelled = memo.get(key)
            if modelled is None:
                # The play model counts the cards of earlier tricks only.
                earlier = play.played & ~play.table
                trick = list(zip(play.trick_seats, play.trick, strict=True))
                features = choice_features(hand, legal, trick, seat, trump, earlier)
                modelled = choice_probabilities(features)[card]
                memo[key] = modelled
        searched = None if searcher is None else searcher.chance(view, play, hand)
        out.append(
            ResearchEvidence(
                seat=seat,
                legal=legal.bit_count(),
                greedy=is_greedy(play, legal, trump),
                searched=searched,
                regret=regret,
                values=values,
                modelled=modelled,
            )
        )
    return out


def _dd_reading(
    view: SeatView, play: PastPlay, hands: list[int]
) -> tuple[float, tuple[float, ...]]:
    """The regret of ``play`` and the values of the legal cards minus the best, double dummy
    in the deal ``hands`` (as they stood then)."""
    pos = Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=view.trump,
        to_move=play.seat,
        trick=play.trick,
        trick_seats=play.trick_seats,
        sitting_out=view.sitting_out,
        contract=view.contract,
        bidder=view.bidder,
        points=play.points,
        tricks_won=play.tricks_won,
        tricks_played=play.number,
        sung=play.sung,
    )
    scores = mover_scores(pos, solve_moves(pos))
    top = max(scores.values())
    return top - scores[play.card], tuple(v - top for v in scores.values())


def research_kind(temperature: float | None = None, modelled: bool = False) -> OtherKind | None:
    """The research kinds as the product's model takes another kind
    (:data:`~cuatrola.ai.opponents.OtherKind`): with ``modelled``, the chances of
    :mod:`research.play_model`; else with a ``temperature``, the double-dummy softmax; where
    an item has no such reading, any legal card. ``None`` when neither is asked for."""
    if not modelled and temperature is None:
        return None

    def chance(item: PlayEvidence) -> float | None:
        modelled_chance: float | None = getattr(item, "modelled", None)
        values: tuple[float, ...] | None = getattr(item, "values", None)
        regret: float | None = getattr(item, "regret", None)
        if modelled and modelled_chance is not None:
            return modelled_chance
        if temperature is not None and values is not None and regret is not None:
            total = sum(math.exp(v / temperature) for v in values)
            return math.exp(-regret / temperature) / total
        return None

    return chance


def seat_likelihoods(
    evidence: Sequence[PlayEvidence],
    epsilon: float,
    temperature: float | None = None,
    modelled: bool = False,
    searched_share: float = 0.0,
) -> tuple[list[float], list[float]]:
    """Per seat, the likelihood of its plays under the greedy kind and under the other kind:
    any legal card; with ``modelled``, the chances of :mod:`research.play_model`; with a
    ``temperature``, the double-dummy softmax. A ``searched_share`` of the other kind is the
    searched kind (plays without that chance computed count as any legal card). The
    product's :func:`~cuatrola.ai.opponents.seat_likelihoods` with :func:`research_kind`."""
    kind = research_kind(temperature, modelled)
    return product_seat_likelihoods(evidence, epsilon, searched_share, kind)


def evidence_likelihood(
    evidence: Sequence[PlayEvidence],
    me: int,
    epsilon: float,
    mix: float,
    temperature: float | None = None,
    modelled: bool = False,
    searched_share: float = 0.0,
) -> float:
    """The likelihood of ``evidence`` under the per-seat mixture of the kinds (``mix``: prior
    of the greedy kind; the rest as in :func:`seat_likelihoods`): the product's
    :func:`~cuatrola.ai.opponents.evidence_likelihood` with :func:`research_kind`."""
    kind = research_kind(temperature, modelled)
    return product_evidence_likelihood(evidence, me, epsilon, mix, searched_share, kind)


class ResearchEvidenceCache(EvidenceCache):
    """:class:`~cuatrola.ai.opponents.EvidenceCache` with the research kinds' readings:
    ``with_dd`` per request, the play model's chances when ``with_model``."""

    def __init__(
        self, view: SeatView, with_model: bool = False, searcher: PimcChoiceModel | None = None
    ) -> None:
        super().__init__(view, searcher)
        self.with_model = with_model
        self._memo: ModelMemo = {}

    def of(
        self, world: World, searched: bool = False, with_dd: bool = False
    ) -> Sequence[PlayEvidence]:
        """:func:`play_evidence` of ``world``, computed at most once (evidence with the
        double-dummy values or the searched chances also serves a request without them)."""
        return self.cached(world, (searched and self.searcher is not None, with_dd))

    def compute(
        self, world: World, flags: tuple[bool, ...], past: Sequence[PastPlay]
    ) -> Sequence[PlayEvidence]:
        searched, with_dd = flags
        searcher = self.searcher if searched else None
        return play_evidence(self.view, world, with_dd, self._memo, self.with_model, searcher, past)


class ResearchOpponentModel(OpponentModel):
    """The expert's opponent model with a research kind as the second kind.

    Args:
        config: the expert's numbers (``epsilon``, ``greedy_mix``, ``searched_share``, ...).
        points_temperature, trick_temperature: when given, the double-dummy softmax kind at
            these temperatures in hand points (plain hands and solos) and in tricks
            (cuatrola and quintola); ``None``: any legal card.
        play_model: the second kind chooses as :mod:`research.play_model` predicts.
    """

    def __init__(
        self,
        config: ExpertConfig,
        points_temperature: float | None = None,
        trick_temperature: float | None = None,
        play_model: bool = False,
    ) -> None:
        super().__init__(config)
        self.points_temperature = points_temperature
        self.trick_temperature = trick_temperature
        self.play_model = play_model

    def temperature(self, view: SeatView) -> float | None:
        """The softmax temperature of the double-dummy kind in the hand's own units
        (``None``: no such kind)."""
        if view.rules.tricks_needed(view.contract) is not None:
            return self.trick_temperature
        return self.points_temperature

    def evidence(self, view: SeatView) -> ResearchEvidenceCache:
        return ResearchEvidenceCache(view, self.play_model, self.searcher)

    def likelihood(
        self,
        view: SeatView,
        world: World,
        evidence: EvidenceCache | None = None,
        searched: bool = True,
        use_dd: bool = True,
    ) -> float:
        """The product's likelihood with the research kinds; ``use_dd=False`` leaves out
        the double-dummy kind (any legal card instead)."""
        temperature = self.temperature(view) if use_dd else None
        with_dd = temperature is not None
        searcher = self.searcher if searched else None
        if isinstance(evidence, ResearchEvidenceCache):
            plays = evidence.of(world, searched, with_dd)
        else:
            plays = play_evidence(view, world, with_dd, searcher=searcher)
        share = self.searched_share if searcher is not None else 0.0
        return self.bids_likelihood(view, world) * evidence_likelihood(
            plays, view.seat, self.epsilon, self.greedy_mix, temperature, self.play_model, share
        )

    def fallback_likelihood(self, view: SeatView, world: World, evidence: EvidenceCache) -> float:
        return self.likelihood(view, world, evidence, searched=False, use_dd=False)

    def belief_kind(self) -> OtherKind | None:
        """The belief in rule followers reads the play model's chances (when used), not the
        double-dummy kind."""
        return research_kind(modelled=self.play_model)


class ResearchChoiceModel(PimcChoiceModel):
    """The searched kind with its research readings: :meth:`scores` (the mean double-dummy
    score of each legal card over the sampled deals) and, with ``resamples=0``, chances that
    are a softmax of those scores at ``temperature`` instead of bootstrap shares."""

    def __init__(
        self,
        samples: int = _DEFAULT.searched_samples,
        temperature: float = TEMPERATURE,
        epsilon: float = _DEFAULT.searched_epsilon,
        memo_size: int = MEMO_SIZE,
        memo: dict[tuple[object, ...], dict[int, float]] | None = None,
        resamples: int = _DEFAULT.searched_resamples,
    ) -> None:
        super().__init__(samples, resamples, epsilon, memo_size, memo)
        self.temperature = temperature

    def scores(self, view: SeatView, play: PastPlay, hand: int) -> dict[int, float]:
        """The mean double-dummy score of each legal card of ``play``'s seat holding
        ``hand`` then, over deals sampled from his view (higher: better for him)."""
        return self._answer(view, play, hand, 0)

    def shares(self, view: SeatView, play: PastPlay, hand: int) -> dict[int, float]:
        return self._answer(view, play, hand, self.resamples or _DEFAULT.searched_resamples)

    def chance(self, view: SeatView, play: PastPlay, hand: int) -> float:
        if self.resamples:
            return super().chance(view, play, hand)
        scores = self.scores(view, play, hand)
        return choice_chance(scores, play.card, self.temperature, self.epsilon)

    def _read(
        self, pos: Position, worlds: list[World], seed: int, resamples: int
    ) -> dict[int, float]:
        if resamples:
            return super()._read(pos, worlds, seed, resamples)
        totals = mover_totals(pos, worlds, keep_table=True)
        return {card: total / len(worlds) for card, total in totals.items()}


def choice_chance(scores: dict[int, float], card: int, temperature: float, epsilon: float) -> float:
    """``(1 - epsilon)`` x softmax(``scores`` / ``temperature``)[card] + ``epsilon`` / n."""
    top = max(scores.values())
    total = sum(math.exp((v - top) / temperature) for v in scores.values())
    soft = math.exp((scores[card] - top) / temperature) / total
    return (1 - epsilon) * soft + epsilon / len(scores)

"""The expert's opponent model: how likely the plays and bids seen so far are in a deal.

The expert weighs every deal consistent with its view by the likelihood of what the other
seats did in it (:meth:`cuatrola.ai.expert.ExpertPlayer.likelihood`):

* :func:`play_evidence` replays the card play in one deal and records, for every real
  choice another seat made, how many legal cards it had, whether its card was the greedy
  one (:func:`~cuatrola.ai.greedy.greedy_card`) and, when asked, the double-dummy values of
  its legal cards at that moment;
* :func:`seat_likelihoods` turns that into each seat's likelihood under two kinds of
  player: a rule follower (the greedy card with probability ``1 - epsilon``) and a player
  whose plays tell nothing (or, with a temperature, a good player whose choices follow a
  softmax over double-dummy values); :func:`evidence_likelihood` mixes the kinds per seat;
* :func:`bid_likelihood` does the same for the bids, with a softened greedy bidding model.

``benchmarks/fit_opponent_model.py`` chose the kinds and their parameters.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cuatrola.ai.greedy import bid_strength, greedy_card
from cuatrola.ai.pimc_model import PastPlay, PimcChoiceModel, past_plays
from cuatrola.ai.play_model import choice_features, choice_probabilities
from cuatrola.ai.solver import Position, mover_scores, solve_moves
from cuatrola.ai.worlds import World
from cuatrola.core.hand import team_of
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from cuatrola.core.tricks import legal_mask
from cuatrola.core.views import SeatView


@dataclass(frozen=True, slots=True)
class PlayEvidence:
    """One earlier play of another seat, as the opponent model sees it in one deal.

    Attributes:
        seat: who played.
        legal: how many legal cards the seat had.
        greedy: whether the card was the greedy choice.
        regret: how much worse the card was than the best legal card, double dummy, in the
            hand's units (0 for the best card; ``None`` when not computed).
        values: the double-dummy values of every legal card minus the best (``None`` when
            not computed), for the softmax.
        modelled: the chance of the card under the model of a good player's choices
            (:mod:`cuatrola.ai.play_model`; ``None`` when not computed).
        searched: the chance of the card if the seat chose it as PIMC would from his own
            view (:mod:`cuatrola.ai.pimc_model`; ``None`` when not computed).
    """

    seat: int
    legal: int
    greedy: bool
    regret: float | None
    values: tuple[float, ...] | None
    modelled: float | None = None
    searched: float | None = None


def dealt_hands(view: SeatView, world: World) -> list[int]:
    """The hands as dealt in ``world``: the cards still held plus the cards played."""
    dealt = list(world)
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            dealt[seat] |= 1 << int(card)
    for seat, card in view.trick:
        dealt[seat] |= 1 << int(card)
    return dealt


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
) -> list[PlayEvidence]:
    """Every real choice (more than one legal card) that another seat made so far, replayed
    in ``world``; ``with_dd`` also solves each of those positions double dummy. With
    ``with_model`` each choice also gets its chance under :mod:`cuatrola.ai.play_model`,
    remembered in ``memo`` (for one view) when given. With a ``searcher`` each choice also
    gets its chance under :mod:`cuatrola.ai.pimc_model`. ``past``: the view's
    :func:`~cuatrola.ai.pimc_model.past_plays` (the same for every deal; computed when not
    given)."""
    if past is None:
        past = past_plays(view)
    hands = dealt_hands(view, world)
    if view.sitting_out is not None:
        hands[view.sitting_out] = 0
    me = view.seat
    trump = view.trump
    if memo is None:
        memo = {}
    out: list[PlayEvidence] = []
    for play in past:
        seat, card = play.seat, play.card
        if seat != me:
            legal = legal_mask(hands[seat], play.table, play.led, trump)
            n = legal.bit_count()
            if n > 1:
                trick = list(zip(play.trick_seats, play.trick, strict=True))
                greedy = greedy_card(legal, trick, seat, trump) == card
                regret: float | None = None
                values: tuple[float, ...] | None = None
                if with_dd:
                    pos = Position(
                        hands=(hands[0], hands[1], hands[2], hands[3]),
                        trump=trump,
                        to_move=seat,
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
                    regret = top - scores[card]
                    values = tuple(v - top for v in scores.values())
                modelled: float | None = None
                if with_model:
                    key = (play.number, play.index, hands[seat])
                    modelled = memo.get(key)
                    if modelled is None:
                        # The play model counts the cards of earlier tricks only.
                        earlier = play.played & ~play.table
                        features = choice_features(hands[seat], legal, trick, seat, trump, earlier)
                        modelled = choice_probabilities(features)[card]
                        memo[key] = modelled
                searched: float | None = None
                if searcher is not None:
                    searched = searcher.chance(view, play, hands[seat])
                out.append(PlayEvidence(seat, n, greedy, regret, values, modelled, searched))
        hands[seat] ^= 1 << card
    return out


def seat_likelihoods(
    evidence: Sequence[PlayEvidence],
    epsilon: float,
    temperature: float | None = None,
    modelled: bool = False,
    searched_share: float = 0.0,
) -> tuple[list[float], list[float]]:
    """Per seat, the likelihood of its plays in ``evidence`` under the greedy kind and under
    the other kind of :meth:`cuatrola.ai.expert.ExpertPlayer.likelihood`: any legal card;
    with ``modelled``, the chances of :mod:`cuatrola.ai.play_model`; with a
    ``temperature``, the double-dummy softmax. A ``searched_share`` of the other kind is a
    player who chooses as PIMC would from his own view (:mod:`cuatrola.ai.pimc_model`; plays
    without that chance computed count as any legal card)."""
    greedy = [1.0, 1.0, 1.0, 1.0]
    other = [1.0, 1.0, 1.0, 1.0]
    searched = [1.0, 1.0, 1.0, 1.0]
    for item in evidence:
        n = item.legal
        greedy[item.seat] *= (1 - epsilon + epsilon / n) if item.greedy else epsilon / n
        if searched_share:
            searched[item.seat] *= 1 / n if item.searched is None else item.searched
        if modelled and item.modelled is not None:
            other[item.seat] *= item.modelled
        elif temperature is not None and item.values is not None and item.regret is not None:
            total = sum(math.exp(v / temperature) for v in item.values)
            other[item.seat] *= math.exp(-item.regret / temperature) / total
        else:
            other[item.seat] /= n
    if searched_share:
        other = [
            searched_share * f + (1 - searched_share) * o
            for f, o in zip(searched, other, strict=True)
        ]
    return greedy, other


def evidence_likelihood(
    evidence: Sequence[PlayEvidence],
    me: int,
    epsilon: float,
    mix: float,
    temperature: float | None = None,
    modelled: bool = False,
    searched_share: float = 0.0,
) -> float:
    """The likelihood of ``evidence`` under the per-seat mixture of
    :meth:`cuatrola.ai.expert.ExpertPlayer.likelihood` (``mix``: prior of the greedy
    kind; ``temperature``: of the double-dummy softmax kind, ``None`` for a kind that plays
    any legal card; ``modelled`` and ``searched_share`` as in :func:`seat_likelihoods`)."""
    greedy, other = seat_likelihoods(evidence, epsilon, temperature, modelled, searched_share)
    weight = 1.0
    for seat in range(4):
        if seat != me:
            weight *= mix * greedy[seat] + (1 - mix) * other[seat]
    return weight


def bid_likelihood(view: SeatView, dealt: Sequence[int]) -> float:
    """How likely the other seats' bids are given their dealt hands, under a softened
    greedy bidding model (the greedy bid with probability 0.7)."""
    rules: Rules = view.rules
    cap = rules.bid_cap
    weight = 1.0
    highest = Contract.PASS
    for index, bid in enumerate(view.bids):
        seat = (view.mano + index) % 4
        allowed = [
            c
            for c in rules.contracts()
            if c is Contract.PASS
            or (
                c > highest
                and (cap is None or view.score_before[team_of(seat)] + CONTRACTS[c].value <= cap)
            )
        ]
        if seat != view.seat and len(allowed) > 1:
            strength = bid_strength(dealt[seat], view.trump)
            fitting = [c for c in allowed if c <= strength]
            predicted = max(fitting) if fitting else Contract.PASS
            weight *= 0.7 if bid == predicted else 0.3 / (len(allowed) - 1)
        if bid > highest:
            highest = bid
    return weight


class EvidenceCache:
    """The evidence of each deal for one view, replayed once per decision: the deal
    weights and the belief in rule-following opponents both read it. ``with_model``: give
    each play its chance under :mod:`cuatrola.ai.play_model` too; ``searcher``: under
    :mod:`cuatrola.ai.pimc_model` too, when asked for (it is the costly part)."""

    def __init__(
        self, view: SeatView, with_model: bool = False, searcher: PimcChoiceModel | None = None
    ) -> None:
        self.view = view
        self.with_model = with_model
        self.searcher = searcher
        self._found: dict[tuple[World, bool, bool], list[PlayEvidence]] = {}
        self._memo: ModelMemo = {}
        self._past: list[PastPlay] | None = None
        #: Whether any deal's evidence was asked for with the searcher's chances.
        self.searched = False

    def of(self, world: World, with_dd: bool, searched: bool = False) -> list[PlayEvidence]:
        """:func:`play_evidence` of ``world``, computed at most once (evidence with the
        double-dummy values or the searched chances also serves a request without them).
        ``searched`` asks for the chances of the ``searcher`` (ignored without one)."""
        searched = searched and self.searcher is not None
        for key in (
            (world, with_dd, searched),
            (world, True, searched),
            (world, with_dd, True),
            (world, True, True),
        ):
            found = self._found.get(key)
            if found is not None:
                return found
        if self._past is None:
            self._past = past_plays(self.view)
        self.searched = self.searched or searched
        found = play_evidence(
            self.view,
            world,
            with_dd,
            self._memo,
            self.with_model,
            self.searcher if searched else None,
            self._past,
        )
        self._found[(world, with_dd, searched)] = found
        return found

"""``expert``: our strongest player.

Card play (weighted perfect-information Monte Carlo):

* every consistent deal (:mod:`cuatrola.ai.worlds`) when there are few of them (from about
  the second or third trick on), each weighted by how likely the plays seen so far are under
  an opponent model; otherwise a pool of uniformly sampled deals is resampled in proportion
  to that likelihood;
* the opponent model is a softened greedy policy (:func:`~cuatrola.ai.greedy.greedy_card`):
  a player is assumed to make the greedy play with probability ``1 - epsilon`` and any legal
  card otherwise. In a contract hand the bids count too (a bid says the hand is strong);
* every deal is solved exactly by the double-dummy solver, so the last tricks, where all
  deals are enumerated, are played exactly against every consistent deal.

Bidding: for each legal bid, the expected utility over sampled deals of playing that
contract (solo: more hand points than the two defenders; cuatrola/quintola: 4/5 tricks),
each deal solved double dummy with the partner's cards dead, the success rate reduced by a
margin for double-dummy optimism; against the status quo (a plain hand, or the contract
already bid). The utility is aware of the match: reaching the target wins, and a failed
contract that hands the opponents the target loses the match (for example at 10-9 under the
exact-11 rule).

Cantes: always sung (a cante only adds points to its team).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from cuatrola.ai.base import register_player
from cuatrola.ai.greedy import bid_strength, choose_cante, greedy_card
from cuatrola.ai.pimc import best_card
from cuatrola.ai.search import card_scores
from cuatrola.ai.solver import Position, backend, mover_scores, solve, solve_moves
from cuatrola.ai.worlds import Knowledge, World
from cuatrola.core.actions import action_contract, bid_action, is_card_action
from cuatrola.core.cards import CARD_SUIT, points_of
from cuatrola.core.hand import Phase, partner_of, team_of
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from cuatrola.core.tricks import legal_mask, winning_card
from cuatrola.core.views import SeatView

#: Work limits per decision, by solver backend: worlds solved when sampling, the most
#: worlds enumerated exhaustively, and worlds per bidding decision.
LIMITS = {
    "c": {"samples": 120, "exhaustive": 400, "bid_samples": 48},
    "python": {"samples": 24, "exhaustive": 48, "bid_samples": 10},
}
#: Default share of the greedy policy in the opponent model, by solver backend: the
#: double-dummy part solves one position per earlier play and deal, which only the compiled
#: solver makes cheap enough.
GREEDY_MIX = {"c": 0.5, "python": 1.0}
#: Sampled pool per solved world when resampling by likelihood.
POOL_FACTOR = 4
#: Success rate taken off a contract's double-dummy estimate (the bidder does not really
#: see the dead hand nor the defenders' cards).
DD_OPTIMISM = 0.10


class ExpertPlayer:
    """The expert player (see the module docstring).

    Args:
        samples, exhaustive, bid_samples: work limits (default: by solver backend).
        epsilon: how far the opponent model is from the greedy policy (1: no inference
            from the way cards are played).
        weighting: weight deals by the likelihood of the observed plays and bids.
        greedy_mix: share of the greedy policy in the opponent model (the rest is a
            softmax over double-dummy values; 1: greedy only). Default: 0.5 with the
            compiled solver, 1 with the pure-Python one.
    """

    name = "expert"

    def __init__(
        self,
        samples: int | None = None,
        exhaustive: int | None = None,
        bid_samples: int | None = None,
        epsilon: float = 0.5,
        weighting: bool = True,
        greedy_mix: float | None = None,
    ) -> None:
        limits = LIMITS[backend()]
        self.samples = samples or limits["samples"]
        self.exhaustive = exhaustive or limits["exhaustive"]
        self.bid_samples = bid_samples or limits["bid_samples"]
        self.epsilon = epsilon
        self.weighting = weighting
        self.greedy_mix = GREEDY_MIX[backend()] if greedy_mix is None else greedy_mix

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
        worlds, weights = self.play_worlds(view, rng, weigh_until)
        return best_card(card_scores(view, worlds, weights, deadline), view.trump)

    # Card play -----------------------------------------------------------------------------

    def play_worlds(
        self, view: SeatView, rng: random.Random, deadline: float | None = None
    ) -> tuple[list[World], list[float] | None]:
        """The deals to solve and their weights (``None``: equal weights).

        Past the ``deadline`` (a :func:`time.perf_counter` value) the remaining deals are
        weighted with the cheap greedy part of the opponent model only.
        """
        knowledge = Knowledge.from_view(view)
        count = knowledge.count()
        if count <= self.exhaustive:
            worlds = list(knowledge.worlds())
            if not self.weighting:
                return worlds, None
            weights = self._weights(view, worlds, deadline)
            return (worlds, weights) if sum(weights) > 0 else (worlds, None)
        if not self.weighting:
            return [knowledge.sample(rng) for _ in range(self.samples)], None
        pool = [knowledge.sample(rng) for _ in range(self.samples * POOL_FACTOR)]
        weights = self._weights(view, pool, deadline)
        return _resample(pool, weights, self.samples, rng), None

    def _weights(
        self, view: SeatView, worlds: Sequence[World], deadline: float | None
    ) -> list[float]:
        weights = []
        for world in worlds:
            if deadline is not None and time.perf_counter() > deadline:
                # Out of time: weights of the two models are not comparable, so weigh
                # every deal again with the cheap greedy part only.
                return [self.likelihood(view, w, use_dd=False) for w in worlds]
            weights.append(self.likelihood(view, world))
        return weights

    def likelihood(self, view: SeatView, world: World, use_dd: bool = True) -> float:
        """How likely the other seats' plays (and, in a contract hand, the bids) are in
        ``world`` under the opponent model; relative, not normalised.

        Each play of another seat is explained by a mixture: with weight ``greedy_mix`` the
        softened greedy policy, otherwise a softmax over the double-dummy values of the
        legal cards in ``world`` at that moment (a good player's choice tends to be the
        right one for the real cards).
        """
        dealt = list(world)
        groups: list[list[tuple[int, int]]] = [
            list(zip(t.seats, (int(c) for c in t.cards), strict=True)) for t in view.tricks
        ]
        if view.trick:
            groups.append([(s, int(c)) for s, c in view.trick])
        for group in groups:
            for seat, card in group:
                dealt[seat] |= 1 << card
        weight = 1.0
        if view.contract is not Contract.PASS:
            weight = bid_likelihood(view, dealt)
        hands = list(dealt)
        if view.sitting_out is not None:
            hands[view.sitting_out] = 0
        eps = self.epsilon
        mix = self.greedy_mix if use_dd else 1.0
        me = view.seat
        trump = view.trump
        points = [0, 0]
        tricks_won = [0, 0]
        sung = 0
        tricks_mode = view.rules.tricks_needed(view.contract) is not None
        temperature = 0.7 if tricks_mode else 10.0
        for number, group in enumerate(groups):
            table = 0
            led = CARD_SUIT[group[0][1]]
            for index, (seat, card) in enumerate(group):
                if seat != me:
                    legal = legal_mask(hands[seat], table, led, trump)
                    n = legal.bit_count()
                    if n > 1:
                        expected = greedy_card(legal, group[:index], seat, trump)
                        p_greedy = (1 - eps + eps / n) if expected == card else eps / n
                        p_dd = 0.0
                        if mix < 1:
                            pos = Position(
                                hands=(hands[0], hands[1], hands[2], hands[3]),
                                trump=trump,
                                to_move=seat,
                                trick=tuple(c for _, c in group[:index]),
                                trick_seats=tuple(s for s, _ in group[:index]),
                                sitting_out=view.sitting_out,
                                contract=view.contract,
                                bidder=view.bidder,
                                points=(points[0], points[1]),
                                tricks_won=(tricks_won[0], tricks_won[1]),
                                tricks_played=number,
                                sung=sung,
                            )
                            scores = mover_scores(pos, solve_moves(pos))
                            top = max(scores.values())
                            exps = {c: math.exp((v - top) / temperature) for c, v in scores.items()}
                            p_dd = exps[card] / sum(exps.values())
                        weight *= mix * p_greedy + (1 - mix) * p_dd
                hands[seat] ^= 1 << card
                table |= 1 << card
            if len(group) == (3 if view.sitting_out is not None else 4):
                best = winning_card(table, led, trump)
                team = next(s for s, c in group if c == best) & 1
                points[team] += points_of(table)
                tricks_won[team] += 1
                for cante in view.cantes:
                    if cante.trick == number:
                        points[cante.seat & 1] += cante.points
                        sung |= 1 << cante.suit
        return weight

    # Bidding -------------------------------------------------------------------------------

    def _bid(self, view: SeatView, rng: random.Random, deadline: float | None) -> int:
        options = [action_contract(a) for a in view.legal_actions]
        if options == [Contract.PASS]:
            return bid_action(Contract.PASS)
        knowledge = Knowledge.from_view(view)
        worlds = [knowledge.sample(rng) for _ in range(self.bid_samples)]
        weights = [bid_likelihood(view, list(w)) for w in worlds] if self.weighting else None
        holder, highest = _highest_bid(view)
        me = view.seat
        totals = dict.fromkeys(options, 0.0)
        mass = 0.0
        for index, world in enumerate(worlds):
            if deadline is not None and index and time.perf_counter() > deadline:
                break
            weight = 1.0 if weights is None else weights[index]
            if weight <= 0:
                continue
            mass += weight
            for contract in options:
                if contract is Contract.PASS:
                    if holder is None:
                        winner = _plain_winner(view, world)
                        value = 1
                    else:
                        made = _contract_made(view, world, holder, highest)
                        winner = team_of(holder) if made else 1 - team_of(holder)
                        value = CONTRACTS[highest].value
                    totals[contract] += weight * _utility(view, winner, value)
                else:
                    made = _contract_made(view, world, me, contract)
                    p = max(0.0, float(made) - DD_OPTIMISM)
                    spec_value = CONTRACTS[contract].value
                    win = _utility(view, team_of(me), spec_value)
                    lose = _utility(view, 1 - team_of(me), spec_value)
                    totals[contract] += weight * (p * win + (1 - p) * lose)
        if mass <= 0:
            return bid_action(Contract.PASS)
        best = max(options, key=lambda c: (round(totals[c] / mass, 9), -int(c)))
        return bid_action(best)


def _resample(
    pool: Sequence[World], weights: Sequence[float], n: int, rng: random.Random
) -> list[World]:
    """``n`` worlds drawn from ``pool`` in proportion to ``weights`` (systematic
    resampling: low variance, each world at most about ``n * w / sum`` times)."""
    total = sum(weights)
    if total <= 0:
        return list(pool[:n])
    step = total / n
    point = rng.random() * step
    out: list[World] = []
    acc = 0.0
    index = 0
    for _ in range(n):
        while index < len(pool) - 1 and acc + weights[index] <= point:
            acc += weights[index]
            index += 1
        out.append(pool[index])
        point += step
    return out


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


def _highest_bid(view: SeatView) -> tuple[int | None, Contract]:
    holder: int | None = None
    highest = Contract.PASS
    for index, bid in enumerate(view.bids):
        if bid > highest:
            highest = bid
            holder = (view.mano + index) % 4
    return holder, highest


def _start_position(
    view: SeatView, world: World, bidder: int | None, contract: Contract
) -> Position:
    hands = list(world)
    sitting_out = None if bidder is None else partner_of(bidder)
    if sitting_out is not None:
        hands[sitting_out] = 0
    leader = view.mano
    if leader == sitting_out:
        leader = (leader + 1) % 4
    return Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=view.trump,
        to_move=leader,
        trick=(),
        trick_seats=(),
        sitting_out=sitting_out,
        contract=contract,
        bidder=bidder,
        points=(0, 0),
        tricks_won=(0, 0),
        tricks_played=0,
        sung=0,
    )


def _points_winner(view: SeatView, margin0: int) -> int:
    if margin0 == 0:
        return team_of(view.mano)
    return 0 if margin0 > 0 else 1


def _plain_winner(view: SeatView, world: World) -> int:
    return _points_winner(view, solve(_start_position(view, world, None, Contract.PASS)))


def _contract_made(view: SeatView, world: World, bidder: int, contract: Contract) -> bool:
    value = solve(_start_position(view, world, bidder, contract))
    needed = view.rules.tricks_needed(contract)
    if needed is None:
        return _points_winner(view, value) == team_of(bidder)
    return value >= needed


def _utility(view: SeatView, winner: int, value: int) -> float:
    """The observer's utility of ``winner`` taking ``value`` game points: the game-point
    difference, with reaching the target worth a whole match (a target-based match)."""
    mine = team_of(view.seat)
    score = list(view.score_before)
    score[winner] += value
    target = view.rules.target
    if target is not None:
        if score[mine] >= target:
            return float(2 * target)
        if score[1 - mine] >= target:
            return float(-2 * target)
    return float(score[mine] - score[1 - mine])


register_player("expert", ExpertPlayer)
register_player("expert-uniform", lambda: ExpertPlayer(weighting=False))
register_player("expert-greedymodel", lambda: ExpertPlayer(greedy_mix=1.0))

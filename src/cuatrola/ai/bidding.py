"""The expert's bidding: how likely each contract is to be made, and what it is worth.

A bid is judged in three steps:

1. :func:`dd_rates`: over deals consistent with the seat's view (its five cards, the shown
   trump card and the bids so far), the share of deals in which each contract is made when
   all cards are known (double dummy; the bidder's partner sits out, so his cards are dead).
   The same deals give the status quo: the chance that the seat's team wins the plain hand,
   or that the standing contract is made.
2. :func:`calibrated`: double dummy is optimistic for the bidder (he does not see the dead
   hand nor the defenders' cards). A logistic map fitted from self-play
   (``research/calibrate_bidding.py``) turns the double-dummy share into the share of
   contracts actually made by the expert against expert defenders.
3. :func:`match_value`: the chance to win the match from the score after the hand, from a
   table computed once per rule set (:func:`match_win_table`). Reaching the target is worth
   a whole match; at 10-9 under the exact-11 rule a failed solo loses it.

:func:`best_bid` puts them together: each legal bid, and passing, valued by the expected
match value (:func:`bid_value`); the numbers are in :class:`~cuatrola.ai.config.ExpertConfig`.

>>> round(calibrated(Contract.SOLO, 0.0), 3) < round(calibrated(Contract.SOLO, 1.0), 3)
True
>>> table = match_win_table(11, True)
>>> round(table[0][0], 3), round(table[10][10], 3)
(0.5, 0.5)
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.knowledge.deals import World
from cuatrola.ai.search.solver import Position, solve
from cuatrola.core.actions import bid_action
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from cuatrola.core.views import SeatView

_DEFAULT = ExpertConfig()
#: The default hand model of :func:`match_win_table` (``ExpertConfig.contract_rates``).
_RATES = tuple(_DEFAULT.contract_rates.items())


def _logit(p: float, clip: float) -> float:
    p = min(1 - clip, max(clip, p))
    return math.log(p / (1 - p))


def calibrated(contract: Contract, dd_share: float, config: ExpertConfig = _DEFAULT) -> float:
    """The chance that ``contract`` is made, from its double-dummy share of made deals
    (``config.calibration``)."""
    a, b = config.calibration[contract]
    return 1 / (1 + math.exp(-(a + b * _logit(dd_share, config.share_clip))))


@dataclass(frozen=True, slots=True)
class DDRates:
    """Double-dummy shares over the sampled deals (see :func:`dd_rates`).

    Attributes:
        contracts: for each contract the seat may bid, the share of deals in which it
            would make it.
        status_quo: with no contract standing, the share of deals in which the seat's team
            wins the plain hand; with one, the share in which the standing contract is made.
        deals: how many deals were solved.
    """

    contracts: dict[Contract, float]
    status_quo: float
    deals: int


def dd_rates(
    view: SeatView,
    worlds: Sequence[World],
    weights: Sequence[float] | None = None,
    deadline: float | None = None,
) -> DDRates:
    """Double-dummy shares of made contracts for the seat to bid, over ``worlds``.

    With a ``deadline`` (a :func:`time.perf_counter` value) the deals not reached by then
    are skipped (at least one is always solved).
    """
    options = [c for c in view.rules.contracts() if c is not Contract.PASS and _may_bid(view, c)]
    holder, highest = highest_bid(view)
    made = dict.fromkeys(options, 0.0)
    status = 0.0
    mass = 0.0
    solved = 0
    me = view.seat
    for index, world in enumerate(worlds):
        if deadline is not None and index and time.perf_counter() > deadline:
            break
        weight = 1.0 if weights is None else weights[index]
        if weight <= 0:
            continue
        mass += weight
        solved += 1
        if holder is None:
            status += weight * (plain_winner(view, world) == me & 1)  # me & 1: my team
        else:
            status += weight * contract_made(view, world, holder, highest)
        for contract in options:
            made[contract] += weight * contract_made(view, world, me, contract)
    if mass <= 0:
        return DDRates(dict.fromkeys(options, 0.0), 0.5 if holder is None else 1.0, 0)
    return DDRates({c: v / mass for c, v in made.items()}, status / mass, solved)


def _may_bid(view: SeatView, contract: Contract) -> bool:
    return bid_action(contract) in view.legal_actions


def highest_bid(view: SeatView) -> tuple[int | None, Contract]:
    """The seat holding the highest bid so far (``None``: all passed) and that bid."""
    holder: int | None = None
    highest = Contract.PASS
    for index, bid in enumerate(view.bids):
        if bid > highest:
            highest = bid
            holder = (view.mano + index) % 4
    return holder, highest


def start_position(
    view: SeatView, world: World, bidder: int | None, contract: Contract
) -> Position:
    """The solver position at the first lead if ``bidder`` plays ``contract`` in ``world``."""
    hands = list(world)
    sitting_out = None if bidder is None else (bidder + 2) & 3  # the bidder's partner
    if sitting_out is not None:
        hands[sitting_out] = 0
    leader = view.mano
    if leader == sitting_out:
        leader = (leader + 1) % 4
    return Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=int(view.trump),  # a plain int in the search's hot loops
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
        return view.mano & 1
    return 0 if margin0 > 0 else 1


def plain_winner(view: SeatView, world: World) -> int:
    """The team that wins the plain hand ``world`` double dummy."""
    return _points_winner(view, solve(start_position(view, world, None, Contract.PASS)))


def contract_made(view: SeatView, world: World, bidder: int, contract: Contract) -> bool:
    """Whether ``bidder`` makes ``contract`` in ``world`` double dummy."""
    value = solve(start_position(view, world, bidder, contract))
    needed = view.rules.tricks_needed(contract)
    if needed is None:
        return _points_winner(view, value) == bidder & 1
    return value >= needed


@functools.lru_cache(maxsize=16)
def match_win_table(
    target: int,
    capped: bool,
    rates: tuple[tuple[Contract, float], ...] = _RATES,
    made_rate: float = _DEFAULT.made_rate,
) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance that a team at ``a`` game points wins the match against
    one at ``b`` (both below ``target``), under a simple hand model: per hand, each team bids
    each contract with its ``rates`` (when the cap lets it), makes it with ``made_rate``,
    and the other hands are plain, won by either team with even chances.

    ``capped``: the bid cap of the exact-target rule applies (a team may not bid past the
    target).
    """
    table = [[0.0] * target for _ in range(target)]

    def value(a: int, b: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return table[a][b]

    # Every hand adds at least one point, so fill from the highest total down.
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
            b = total - a
            plain = 1.0
            expected = 0.0
            for contract, rate in rates:
                points = CONTRACTS[contract].value
                for bidder_is_a in (True, False):
                    own = a if bidder_is_a else b
                    if capped and own + points > target:
                        continue
                    plain -= rate
                    if bidder_is_a:
                        made, failed = value(a + points, b), value(a, b + points)
                    else:
                        made, failed = value(a, b + points), value(a + points, b)
                    expected += rate * (made_rate * made + (1 - made_rate) * failed)
            expected += plain * 0.5 * (value(a + 1, b) + value(a, b + 1))
            table[a][b] = expected
    return tuple(tuple(row) for row in table)


def match_value(
    rules: Rules, score: Sequence[int], team: int, config: ExpertConfig = _DEFAULT
) -> float:
    """What ``score`` (game points of team 0 and team 1 after a hand) is worth to ``team``.

    With a target: the chance to win the match (1 once the team reaches the target, 0 once
    the other does). Without one (a fixed number of hands): the game-point difference.
    """
    mine, theirs = score[team], score[1 - team]
    target = rules.target
    if target is None:
        return float(mine - theirs)
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    table = match_win_table(
        target, rules.bid_cap is not None, tuple(config.contract_rates.items()), config.made_rate
    )
    return table[mine][theirs]


def best_bid(
    view: SeatView,
    worlds: Sequence[World],
    weights: Sequence[float] | None,
    deadline: float | None,
    config: ExpertConfig = _DEFAULT,
) -> Contract:
    """The expert's bid: of passing and each legal contract, the one with the highest
    expected match value (:func:`bid_value`) over ``worlds`` (ties: the lower bid), or
    passing when no deal could be solved before the ``deadline``."""
    rates = dd_rates(view, worlds, weights, deadline)
    if not rates.deals:
        return Contract.PASS
    values = {
        contract: bid_value(view, contract, rates, config)
        for contract in [Contract.PASS, *rates.contracts]
    }
    return max(values, key=lambda c: (round(values[c], 9), -int(c)))


def bid_value(
    view: SeatView, contract: Contract, rates: DDRates, config: ExpertConfig = _DEFAULT
) -> float:
    """The expected match value (:func:`match_value`) for the seat's team of bidding
    ``contract`` (``PASS``: of leaving things as they stand)."""
    mine = view.team
    win, value = _bid_stakes(view, contract, rates, config)
    return win * utility(view, mine, value, config) + (1 - win) * utility(
        view, 1 - mine, value, config
    )


def bid_game_points(
    view: SeatView, contract: Contract, rates: DDRates, config: ExpertConfig = _DEFAULT
) -> float:
    """The expected game points of the hand for the seat's team (won minus lost) of bidding
    ``contract`` (``PASS``: of leaving things as they stand), over the same chances as
    :func:`bid_value`."""
    win, value = _bid_stakes(view, contract, rates, config)
    return (2.0 * win - 1.0) * value


def _bid_stakes(
    view: SeatView, contract: Contract, rates: DDRates, config: ExpertConfig
) -> tuple[float, int]:
    """The chance that the seat's team wins the hand after bidding ``contract``, and the game
    points the hand is then played for."""
    mine = view.team
    if contract is Contract.PASS:
        holder, highest = highest_bid(view)
        if holder is None:
            return rates.status_quo, 1
        made = calibrated(highest, rates.status_quo, config)
        return (made if holder & 1 == mine else 1 - made), CONTRACTS[highest].value
    return calibrated(contract, rates.contracts[contract], config), CONTRACTS[contract].value


def utility(view: SeatView, winner: int, value: int, config: ExpertConfig = _DEFAULT) -> float:
    """The observer's match value (:func:`match_value`) after ``winner`` takes ``value``
    game points."""
    score = list(view.score_before)
    score[winner] += value
    return match_value(view.rules, score, view.team, config)

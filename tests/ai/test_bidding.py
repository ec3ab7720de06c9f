"""The expert's bidding estimates: calibration, match values and double-dummy shares."""

from __future__ import annotations

import random

import pytest

from cuatrola.ai.bidding import (
    DDRates,
    bid_value,
    calibrated,
    dd_rates,
    match_value,
    match_win_table,
)
from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.knowledge.deals import Knowledge
from cuatrola.core.cards import mask_of
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import view_for


@pytest.mark.parametrize("contract", list(ExpertConfig().calibration))
def test_calibration_is_increasing_and_a_probability(contract: Contract) -> None:
    shares = [i / 20 for i in range(21)]
    values = [calibrated(contract, s) for s in shares]
    assert all(0 < v < 1 for v in values)
    assert values == sorted(values)
    assert values[0] < 0.2 and values[-1] > 0.9


@pytest.mark.parametrize("capped", [True, False])
def test_match_win_table_is_a_fair_monotone_probability(capped: bool) -> None:
    table = match_win_table(11, capped)
    for a in range(11):
        for b in range(11):
            # Both teams face the same hand model: the two views of a score add up to 1.
            assert table[a][b] + table[b][a] == pytest.approx(1.0)
            if a < 10:
                assert table[a + 1][b] >= table[a][b] - 1e-12
            if b < 10:
                assert table[a][b + 1] <= table[a][b] + 1e-12
    assert table[10][0] > 0.9 and table[0][10] < 0.1


def test_match_value_ends_at_the_target_and_counts_points_without_one() -> None:
    rules = Rules()
    assert match_value(rules, (11, 3), 0) == 1.0
    assert match_value(rules, (12, 9), 1) == 0.0  # a failed contract handed team 0 the match
    assert match_value(rules, (10, 10), 0) == pytest.approx(0.5)
    fixed = Rules.fixed_hands(11)
    assert match_value(fixed, (7, 4), 0) == 3.0
    assert match_value(fixed, (7, 4), 1) == -3.0


def test_exact_eleven_cap_changes_the_value_of_ten() -> None:
    """At 10 a team may only pass under the exact rule, so 10-8 is worth less than where
    the leader could still bid its way out."""
    assert match_win_table(11, True)[10][8] != match_win_table(11, False)[10][8]


def mano_view(hand: list[str], trump_card: str, score: tuple[int, int] = (0, 0)) -> HandState:
    """A hand where the mano (seat 1) holds ``hand``; the dealer shows ``trump_card``."""
    rng = random.Random(3)
    mine = mask_of(hand)
    rest = [
        c for c in range(20) if not mine >> c & 1 and c != mask_of([trump_card]).bit_length() - 1
    ]
    rng.shuffle(rest)
    dealer_hand = mask_of([trump_card]) | sum(1 << c for c in rest[:4])
    others = rest[4:]
    hands = [dealer_hand, mine, sum(1 << c for c in others[:5]), sum(1 << c for c in others[5:])]
    return HandState.from_masks(
        Rules(), 0, hands, mask_of([trump_card]).bit_length() - 1, score_before=score
    )


def test_double_dummy_shares_follow_the_strength_of_the_hand() -> None:
    state = mano_view(["AO", "3O", "RO", "CO", "SO"], "SC")
    view = view_for(state, 1)
    # Trump is copas (the shown card), so these are side cards: no contract is sure.
    worlds = [Knowledge.from_view(view).sample(random.Random(i)) for i in range(12)]
    weak = dd_rates(view, worlds)
    state = mano_view(["AC", "3C", "RC", "CC", "AO"], "SC")
    view = view_for(state, 1)
    worlds = [Knowledge.from_view(view).sample(random.Random(i)) for i in range(12)]
    strong = dd_rates(view, worlds)
    assert strong.deals == 12
    assert strong.contracts[Contract.SOLO] == 1.0
    assert strong.contracts[Contract.QUINTOLA] == 1.0
    assert weak.contracts[Contract.QUINTOLA] < 1.0


def test_bid_value_weighs_a_contract_against_the_plain_hand() -> None:
    state = mano_view(["AC", "3C", "RC", "CC", "AO"], "SC", score=(9, 9))
    view = view_for(state, 1)  # seat 1 is team 1, at 9; bids up to solo are legal
    sure = DDRates({Contract.SOLO: 1.0}, status_quo=0.5, deals=10)
    hopeless = DDRates({Contract.SOLO: 0.0}, status_quo=0.5, deals=10)
    # At 9-9 a made solo wins the match and a failed one loses it.
    assert bid_value(view, Contract.SOLO, sure) > bid_value(view, Contract.PASS, sure)
    assert bid_value(view, Contract.SOLO, hopeless) < bid_value(view, Contract.PASS, hopeless)
    assert bid_value(view, Contract.SOLO, sure) == pytest.approx(calibrated(Contract.SOLO, 1.0))

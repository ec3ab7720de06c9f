"""The public determinisation API: ``cuatrola.deals_consistent_with(view)``."""

from __future__ import annotations

import collections
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cuatrola
from cuatrola.ai.knowledge.consistent import Deal
from cuatrola.ai.knowledge.deals import World
from cuatrola.core.cards import mask_of
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for


def views_of_random_hands(hands: int, seed: int) -> list[tuple[HandState, SeatView]]:
    """Each seat's view at every decision of random hands (bids, cantes and all)."""
    rng = random.Random(seed)
    found = []
    for number in range(hands):
        state = HandState.deal(Rules(), number % 4, rng)
        while not state.is_finished:
            for seat in range(4):
                found.append((state.copy(), view_for(state, seat)))
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])
    return found


def test_the_true_deal_is_always_among_the_consistent_ones() -> None:
    checked = enumerated = 0
    for state, view in views_of_random_hands(12, seed=3):
        deals = cuatrola.deals_consistent_with(view)
        truth = tuple(tuple(state.hand_of(seat)) for seat in range(4))
        assert deals.is_consistent(truth)
        total = deals.count()
        assert total >= 1
        sample = deals.sample(random.Random(checked))
        assert deals.is_consistent(sample) and sample[view.seat] == view.hand
        checked += 1
        if total <= 3000:
            every = list(deals)
            assert len(every) == len(set(every)) == total == len(deals)
            assert truth in every
            assert all(deals.is_consistent(deal) for deal in every)
            enumerated += 1
    assert checked > 500 and enumerated > 100


def test_a_deal_that_contradicts_the_view_is_not_consistent() -> None:
    state = HandState.deal(Rules(), 0, random.Random(8))
    view = view_for(state, 1)
    deals = cuatrola.deals_consistent_with(view)
    truth = [list(state.hand_of(seat)) for seat in range(4)]
    truth[1][0], truth[2][0] = truth[2][0], truth[1][0]  # not seat 1's own cards any more
    assert not deals.is_consistent(tuple(tuple(hand) for hand in truth))
    masks = deals.sample_masks(random.Random(1), 20)
    assert len(masks) == 20 and all(deals.is_consistent(world) for world in masks)


def test_samples_are_uniform_over_a_small_set_of_deals() -> None:
    # A late position with a handful of consistent deals: every deal should come up about
    # equally often. A chi-square statistic with a generous bound (fixed seed, so the test
    # is deterministic; a biased sampler would exceed it by far).
    for _, view in views_of_random_hands(30, seed=11):
        deals = cuatrola.deals_consistent_with(view)
        if 6 <= deals.count() <= 40 and view.tricks:
            break
    else:
        raise AssertionError("no small case found")
    every = list(deals)
    draws_per_deal = 300
    rng = random.Random(2026)
    counts = collections.Counter(deals.sample(rng) for _ in range(draws_per_deal * len(every)))
    assert set(counts) == set(every)
    chi2 = sum((counts[d] - draws_per_deal) ** 2 / draws_per_deal for d in every)
    freedom = len(every) - 1
    assert chi2 < freedom + 6 * math.sqrt(2 * freedom), (chi2, freedom)
    # And the sampler is not just cycling: a skewed sampler on the same deals fails the test.
    skewed = collections.Counter(every[i % 2] for i in range(draws_per_deal * len(every)))
    skewed_chi2 = sum((skewed[d] - draws_per_deal) ** 2 / draws_per_deal for d in every)
    assert skewed_chi2 > freedom + 6 * math.sqrt(2 * freedom)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    auto_cante=st.booleans(),
    quintola=st.booleans(),
    seat=st.integers(0, 3),
    moves=st.integers(0, 40),
)
def test_state_from_rebuilds_the_hand_whose_view_is_the_original(
    seed: int, auto_cante: bool, quintola: bool, seat: int, moves: int
) -> None:
    rng = random.Random(seed)
    rules = Rules.preset("exact11", quintola=quintola, auto_cante=auto_cante)
    state = HandState.deal(rules, rng.randrange(4), rng)
    for _ in range(moves):
        if state.is_finished:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    view = view_for(state, seat)
    truth = tuple(tuple(state.hand_of(s)) for s in range(4))
    rebuilt = cuatrola.state_from(view, truth)
    assert view_for(rebuilt, seat) == view
    assert [rebuilt.hand_of(s) for s in range(4)] == [state.hand_of(s) for s in range(4)]
    deals = cuatrola.deals_consistent_with(view)
    candidates: list[Deal | World] = [deals.sample(rng), *deals.sample_masks(rng, 3)]
    for deal in candidates:
        try:
            other = cuatrola.state_from(view, deal)
        except ValueError as exc:  # rare: see docs/api.md
            refused = str(exc)
        else:
            refused = ""
        if refused:
            assert "not consistent with the view" in refused
            assert auto_cante or view.phase is Phase.CANTE
            continue
        assert view_for(other, seat) == view
        # The seat's own cards are its own; the others' are the deal's.
        assert [mask_of(other.hand_of(s)) for s in range(4)] == [
            h if isinstance(h, int) else mask_of(h) for h in deal
        ]


def test_state_from_refuses_a_deal_the_view_cannot_come_from() -> None:
    state = HandState.deal(Rules(), 0, random.Random(8))
    view = view_for(state, 1)
    truth = [list(state.hand_of(s)) for s in range(4)]
    truth[1][0], truth[2][0] = truth[2][0], truth[1][0]
    with pytest.raises(ValueError, match="not consistent with the view"):
        cuatrola.state_from(view, truth)
    with pytest.raises(ValueError, match="expected a deal of 4 hands"):
        cuatrola.state_from(view, truth[:3])


def test_a_spectators_view_is_refused_by_name() -> None:
    # The deals start from a seat's own cards: a PublicView has none.
    state = HandState.deal(Rules(), 0, random.Random(8))
    public = cuatrola.public_view(state)
    deal = [list(state.hand_of(s)) for s in range(4)]
    with pytest.raises(TypeError, match=r"expected a seat's SeatView .*, got PublicView"):
        cuatrola.deals_consistent_with(public)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"expected a seat's SeatView .*, got PublicView"):
        cuatrola.state_from(public, deal)  # type: ignore[arg-type]

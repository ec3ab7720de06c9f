"""Match flow and the end of every preset: docs/rules.md section 7."""

from __future__ import annotations

import itertools
import random

import pytest

from cuatrola.core.match import MatchState, match_winner
from cuatrola.core.rules import MatchEnd, Rules
from tests.strategies import play_out


@pytest.mark.parametrize(
    ("rules", "score", "hands_played", "winner"),
    [
        (Rules(), (10, 9), 12, None),
        (Rules(), (11, 9), 12, 0),
        (Rules(), (7, 11), 12, 1),
        (Rules(), (13, 6), 9, 0),  # overshoot from the opponents' failed contract still wins
        (Rules.exact(3), (2, 3), 4, 1),
        (Rules.first_to(21), (20, 19), 30, None),
        (Rules.first_to(21), (22, 19), 30, 0),
        (Rules.fixed_hands(11), (9, 3), 10, None),  # not all hands played yet
        (Rules.fixed_hands(11), (9, 3), 11, 0),
        (Rules.fixed_hands(11), (4, 9), 11, 1),
        (Rules.fixed_hands(11), (6, 6), 11, None),  # a tie plays an extra hand
        (Rules.fixed_hands(11), (6, 6), 12, None),
        (Rules.fixed_hands(11), (6, 7), 12, 1),
        (Rules.fixed_hands(20), (15, 14), 19, None),
        (Rules.fixed_hands(20), (15, 14), 20, 0),
    ],
)
def test_match_winner(
    rules: Rules, score: tuple[int, int], hands_played: int, winner: int | None
) -> None:
    assert match_winner(rules, score, hands_played) == winner


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.exact(3), Rules.first_to(21), Rules.fixed_hands(11), Rules(quintola=False)],
    ids=lambda r: r.name,
)
def test_a_whole_match_rotates_the_deal_and_ends_by_its_rule(rules: Rules) -> None:
    rng = random.Random(17)
    match = MatchState(rules, rng=rng)
    dealers = []
    while not match.is_over:
        hand = match.start_hand(rng)
        dealers.append(hand.dealer)
        assert hand.score_before == match.score
        play_out(hand, rng)
        before = match.score
        result = match.finish_hand()
        assert result.score_before == before and match.score == result.score_after
        assert match.hands_played < 200
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    assert match.winner is not None
    winner, loser = match.score[match.winner], match.score[1 - match.winner]
    assert winner > loser
    if rules.end is MatchEnd.EXACT_TARGET:
        assert rules.target is not None and loser < rules.target <= winner
        # Past the target only through the opponents' failure: the last hand was theirs.
        if winner > rules.target:
            last = match.results[-1]
            assert last.bidder is not None and last.bidder % 2 != match.winner
    elif rules.end is MatchEnd.FIXED_HANDS:
        assert rules.hands is not None and match.hands_played >= rules.hands


def test_no_hand_starts_after_the_match_or_while_one_is_live() -> None:
    rng = random.Random(1)
    match = MatchState(Rules.exact(3), first_dealer=0)
    match.start_hand(rng)
    with pytest.raises(ValueError, match="not finished"):
        match.start_hand(rng)
    while not match.is_over:
        assert match.hand is not None
        play_out(match.hand, rng)
        match.finish_hand()
        if not match.is_over:
            match.start_hand(rng)
    with pytest.raises(ValueError, match="over"):
        match.start_hand(rng)
    with pytest.raises(ValueError, match="no finished hand"):
        match.finish_hand()


def test_match_needs_a_first_dealer_or_an_rng() -> None:
    with pytest.raises(ValueError, match="first_dealer"):
        MatchState(Rules())
    with pytest.raises(ValueError, match="dealer seat"):
        MatchState(Rules(), first_dealer=4)

"""The analysis after the hand: stable, in agreement with the expert, and it finds blunders."""

from __future__ import annotations

import copy
import random

import msgspec
import pytest

from cuatrola.ai.analysis import (
    THRESHOLDS,
    HandAnalysis,
    analyse_hand,
    analyse_match,
    analysis_config,
    analysis_expert,
    decision_accuracy,
    decision_rng,
    decode_match,
    encode,
    mark_for,
)
from cuatrola.ai.analysis.values import value_bids
from cuatrola.ai.players.expert import ExpertPlayer
from cuatrola.core.actions import format_action
from cuatrola.core.errors import RecordError
from cuatrola.core.match import MatchState
from cuatrola.core.records import replay_steps
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for
from tests.fixtures.analysis_records import (
    BLUNDER_STEP,
    CANTE_STEP,
    PLANTED_BLUNDER,
    WITH_CANTE,
)

#: Few deals, so the tests stay fast (the analysis proper uses the expert's 240).
CONFIG = analysis_config(24)


def _views(record: object) -> dict[int, SeatView]:
    """The view of the seat to move before each step of ``record``, by step."""
    views: dict[int, SeatView] = {}
    for step, (_, _, state) in enumerate(replay_steps(record)):
        if state.to_move is not None:
            views[step] = view_for(state, state.to_move)
    return views


@pytest.fixture(scope="module")
def planted() -> HandAnalysis:
    return analyse_hand(PLANTED_BLUNDER, seed=7, config=CONFIG)


@pytest.fixture(scope="module")
def with_cante() -> HandAnalysis:
    return analyse_hand(WITH_CANTE, seed=7, config=CONFIG)


def test_every_decision_of_the_analysed_seats_is_listed(planted: HandAnalysis) -> None:
    # 4 bids and 20 cards; no cante window in this hand.
    assert [d.step for d in planted.decisions] == list(range(24))
    assert [s.seat for s in planted.seats] == [0, 1, 2, 3]
    assert sum(s.decisions for s in planted.seats) == 24
    only = analyse_hand(PLANTED_BLUNDER, seats=[0], seed=7, config=CONFIG)
    assert {d.seat for d in only.decisions} == {0}
    assert [s.seat for s in only.seats] == [0]


def test_forced_moves_are_listed_but_not_scored(planted: HandAnalysis) -> None:
    forced = [d for d in planted.decisions if d.forced]
    assert forced  # the last trick at least
    for d in forced:
        assert d.cost is None and d.mark is None and d.accuracy is None
        assert [a.action for a in d.alternatives] == [d.chosen] == [d.best]
    summary = {s.seat: s for s in planted.seats}
    for seat in range(4):
        own = [d for d in planted.decisions if d.seat == seat]
        assert summary[seat].scored == sum(not d.forced for d in own)


def test_the_planted_blunder_is_marked_blunder(planted: HandAnalysis) -> None:
    decision = next(d for d in planted.decisions if d.step == BLUNDER_STEP)
    assert (decision.seat, decision.kind, decision.trick) == (0, "card", 4)
    assert (decision.chosen, decision.best) == ("3C", "RB")
    assert decision.unit == "points"
    assert decision.mark == "blunder"
    assert decision.cost is not None and decision.cost >= THRESHOLDS["points"][2]
    assert decision.hindsight_cost == 58.0  # 10 + 10 for the last trick, both ways, and more
    seat0 = next(s for s in planted.seats if s.seat == 0)
    assert seat0.blunders == 1
    assert seat0.accuracy is not None and seat0.accuracy < 100


def test_a_choice_equal_to_the_best_costs_nothing(planted: HandAnalysis) -> None:
    for d in planted.decisions:
        if d.forced:
            continue
        values = {a.action: a.value for a in d.alternatives}
        assert set(values) == set(_views(PLANTED_BLUNDER)[d.step].legal_action_names)
        best_value = max(v for v in values.values() if v is not None)
        chosen_value = values[d.chosen]
        assert values[d.best] == best_value and chosen_value is not None
        assert d.cost == pytest.approx(best_value - chosen_value, abs=0.011)
        if d.chosen == d.best:
            assert d.cost == 0 and d.mark is None and d.accuracy == 100.0


@pytest.mark.parametrize("record", [PLANTED_BLUNDER, WITH_CANTE], ids=["plain", "cante"])
def test_the_best_choice_is_the_experts_on_the_same_view(record: dict[str, object]) -> None:
    """Agreement in the strict sense: the expert with the analysis's numbers, given the
    seat's view and the generator of that decision, chooses exactly the analysis's best."""
    analysis = analyse_hand(record, seed=11, config=CONFIG)
    views = _views(record)
    scored = [d for d in analysis.decisions if not d.forced]
    assert any(d.kind == "bid" for d in scored) and any(d.kind == "card" for d in scored)
    for d in scored:
        choice = analysis_expert(CONFIG).choose(views[d.step], decision_rng(11, d.step))
        assert format_action(choice) == d.best, d


def test_the_shared_memo_of_the_process_does_not_change_the_analysis() -> None:
    first = encode(analyse_hand(PLANTED_BLUNDER, seats=[1], seed=3, config=CONFIG))
    # Fill the process-wide memo of the searched kind with other questions first.
    player = ExpertPlayer(CONFIG)
    views = _views(WITH_CANTE)
    for step in (12, 13, 14):
        player.choose(views[step], random.Random(step))
    assert encode(analyse_hand(PLANTED_BLUNDER, seats=[1], seed=3, config=CONFIG)) == first


def test_the_same_seed_gives_the_same_json(with_cante: HandAnalysis) -> None:
    again = analyse_hand(copy.deepcopy(WITH_CANTE), seed=7, config=CONFIG)
    assert encode(again) == encode(with_cante)
    other = analyse_hand(WITH_CANTE, seed=8, config=CONFIG)
    assert other.seed == 8


def test_the_cante_is_a_decision_and_singing_is_best(with_cante: HandAnalysis) -> None:
    decision = next(d for d in with_cante.decisions if d.step == CANTE_STEP)
    assert (decision.kind, decision.seat, decision.trick) == ("cante", 0, 1)
    values = {a.action: a.value for a in decision.alternatives}
    assert set(values) == {"cante:E", "nocante"}
    assert decision.best == decision.chosen == "cante:E"
    assert values["cante:E"] is not None and values["nocante"] is not None
    assert 0 < values["cante:E"] - values["nocante"] <= 20  # it could be sung later


def test_bids_are_valued_in_match_chances(with_cante: HandAnalysis) -> None:
    bids = [d for d in with_cante.decisions if d.kind == "bid"]
    assert len(bids) == 4
    for d in bids:
        assert d.unit == "match" and d.hindsight_cost is None
        assert all(0 <= (a.value or 0) <= 100 for a in d.alternatives)


def test_every_bid_option_has_its_expected_game_points(with_cante: HandAnalysis) -> None:
    scored = [d for d in with_cante.decisions if not d.forced]
    bids = [d for d in scored if d.kind == "bid"]
    assert bids and any(d.kind != "bid" for d in scored)
    for d in scored:
        points = {a.action: a.game_points for a in d.alternatives}
        if d.kind != "bid":
            assert set(points.values()) == {None} and d.game_points_cost is None
            continue
        # Won minus lost: never more than a quintola's 5 game points either way.
        assert all(p is not None and -5 <= p <= 5 for p in points.values()), d
        best, chosen = points[d.best], points[d.chosen]
        assert best is not None and chosen is not None
        assert d.game_points_cost == pytest.approx(best - chosen, abs=0.011)


def test_without_a_target_a_bids_value_is_the_score_difference_plus_its_game_points() -> None:
    """In a fixed-hands match the ranking unit is the game-point difference after the hand,
    so each option's value is the difference before it plus the option's game points."""
    rng = random.Random(11)
    for _ in range(3):
        match = MatchState(Rules.preset("hands11"), first_dealer=rng.randrange(4), score=(3, 1))
        hand = match.start_hand(rng)
        view = view_for(hand, hand.to_move or 0)
        valued = value_bids(view, analysis_expert(CONFIG), random.Random(2))
        assert valued.unit == "game" and valued.game_points is not None
        mine = view.seat % 2
        before = view.score_before[mine] - view.score_before[1 - mine]
        for action, value in valued.values.items():
            assert value == pytest.approx(before + valued.game_points[action])


def test_the_match_analysis_sums_up_its_hands() -> None:
    match = analyse_match([PLANTED_BLUNDER, WITH_CANTE], seats=[0, 2], seed=5, config=CONFIG)
    assert [h.seed for h in match.hands] == [5, 6]
    assert [s.seat for s in match.seats] == [0, 2]
    for summary in match.seats:
        per_hand = [s for h in match.hands for s in h.seats if s.seat == summary.seat]
        assert summary.scored == sum(s.scored for s in per_hand)
        assert summary.blunders == sum(s.blunders for s in per_hand)
    assert decode_match(encode(match)) == match


def test_the_match_analysis_takes_the_hands_already_analysed_as_they_are() -> None:
    fresh = analyse_match([PLANTED_BLUNDER, WITH_CANTE], seats=[0, 2], seed=5, config=CONFIG)
    # Given hand 1's analysis made beforehand (the server's after the hand), it is reused:
    # the same seed gives the same match analysis...
    same = analyse_hand(WITH_CANTE, [0, 2], 6, config=CONFIG)
    reused = analyse_match(
        [PLANTED_BLUNDER, WITH_CANTE], seats=[0, 2], seed=5, config=CONFIG, known={1: same}
    )
    assert encode(reused) == encode(fresh)
    # ...and it is taken as it is, not computed again (one of another seed shows through).
    other = analyse_hand(WITH_CANTE, [0, 2], 99, config=CONFIG)
    taken = analyse_match(
        [PLANTED_BLUNDER, WITH_CANTE], seats=[0, 2], seed=5, config=CONFIG, known={1: other}
    )
    assert taken.hands == [fresh.hands[0], other]


def test_without_hindsight_there_are_no_double_dummy_values() -> None:
    analysis = analyse_hand(PLANTED_BLUNDER, seats=[0], seed=1, config=CONFIG, hindsight=False)
    for d in analysis.decisions:
        assert d.hindsight_cost is None
        assert all(a.hindsight is None for a in d.alternatives)


@pytest.mark.parametrize(
    ("cost", "unit", "mark"),
    [
        (0.0, "points", None),
        (3.99, "points", None),
        (4.0, "points", "inaccuracy"),
        (10.0, "points", "mistake"),
        (19.9, "points", "mistake"),
        (20.0, "points", "blunder"),
        (0.5, "tricks", "mistake"),
        (1.0, "tricks", "blunder"),
        (2.0, "match", "inaccuracy"),
        (12.0, "match", "blunder"),
        (0.3, "game", "inaccuracy"),
    ],
)
def test_marks_follow_the_thresholds(cost: float, unit: str, mark: str | None) -> None:
    assert mark_for(cost, unit) == mark


def test_accuracy_falls_with_the_cost() -> None:
    assert decision_accuracy(0, "points") == 100.0
    assert decision_accuracy(4, "points") > decision_accuracy(10, "points") > 0
    assert decision_accuracy(-1, "points") == 100.0


def test_bad_input_raises_clear_errors() -> None:
    broken = dict(PLANTED_BLUNDER, plays=PLANTED_BLUNDER["plays"][:-1])
    with pytest.raises(RecordError, match="ends before the hand does"):
        analyse_hand(broken, config=CONFIG)
    with pytest.raises(ValueError, match="seats must be among"):
        analyse_hand(PLANTED_BLUNDER, seats=[4], config=CONFIG)
    with pytest.raises(msgspec.ValidationError):
        decode_match(b'{"format": "cuatrola-analysis/1", "seats": 3, "hands": []}')

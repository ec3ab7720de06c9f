"""The duplicate duel harness and the ``cuatrola duel`` command."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuatrola.ai import base
from cuatrola.ai.base import register_player
from cuatrola.ai.duel import DuelError, format_summary
from cuatrola.cli import main
from cuatrola.clients.duel import run_duel
from cuatrola.core.actions import BID_BASE
from cuatrola.core.cards import mask_of
from cuatrola.core.hand import HandState
from cuatrola.core.records import replay_record
from cuatrola.core.views import SeatView
from cuatrola.protocol.ids import TableId
from cuatrola.protocol.messages import TableOptions
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Step, Table
from cuatrola.table.commands import Command, FillBots
from cuatrola.table.records import ShuffleRecord, TableRecord


class _SpyPlayer:
    """Records every argument it gets and plays the first legal action."""

    name = "spy"
    seen: list[object] = []  # noqa: RUF012 - shared on purpose: the harness builds instances
    budgets: list[float | None] = []  # noqa: RUF012

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        _SpyPlayer.seen.append(view)
        _SpyPlayer.budgets.append(budget)
        return view.legal_actions[0]


class _CheatPlayer:
    """Returns an action that is never legal."""

    name = "cheat"

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        return 99


@pytest.fixture(autouse=True)
def _test_players() -> Iterator[None]:
    """Register the test players only while a test of this module runs."""
    register_player("test-spy", _SpyPlayer)
    register_player("test-cheat", _CheatPlayer)
    yield
    base._FACTORIES.pop("test-spy", None)
    base._FACTORIES.pop("test-cheat", None)


def test_players_receive_only_their_seat_view() -> None:
    _SpyPlayer.seen.clear()
    records: list[dict[str, object]] = []
    run_duel("test-spy", "greedy", deals=3, seed=5, track="hands", records=records.append)
    assert _SpyPlayer.seen
    assert all(type(v) is SeatView for v in _SpyPlayer.seen)
    for view in _SpyPlayer.seen:
        assert isinstance(view, SeatView)
        assert view.to_move == view.seat
        # The view's hand is its own cards; no field holds another seat's cards.
        assert "hands" not in SeatView.__dataclass_fields__
        assert view.dead_hand is None
    # Each view's hand is a subset of that seat's dealt cards in some record.
    dealt = {
        tuple(mask_of(h) for h in r["hands"])  # type: ignore[attr-defined]
        for r in records
    }
    for view in _SpyPlayer.seen:
        assert isinstance(view, SeatView)
        own = mask_of(view.hand)
        assert any(own & ~hands[view.seat] == 0 for hands in dealt)


@pytest.mark.parametrize("track", ["play", "hands", "match"])
def test_duel_is_reproducible_and_records_replay(track: str) -> None:
    first: list[dict[str, object]] = []
    second: list[dict[str, object]] = []
    deals = 2 if track == "match" else 6
    s1 = run_duel("greedy", "random", deals=deals, seed=11, track=track, records=first.append)
    s2 = run_duel("greedy", "random", deals=deals, seed=11, track=track, records=second.append)
    assert first == second
    assert s1.pair_margins == s2.pair_margins
    assert len(first) == s1.hands
    for record in first:
        state = replay_record(record)
        assert state.is_finished
        players = record["players"]
        assert isinstance(players, list)
        assert sorted(set(players)) == ["greedy", "random"]
    if track == "play":
        assert all(r["bids"] == ["pass"] * 4 for r in first)
    # Both plays of one deal share the deal id and the cards, with the agents swapped.
    by_deal: dict[object, list[dict[str, object]]] = {}
    for record in first:
        by_deal.setdefault(record["deal"], []).append(record)
    pairs = [group for group in by_deal.values() if len(group) == 2]
    assert pairs
    for one, two in pairs:
        assert one["hands"] == two["hands"]
        assert one["dealer"] == two["dealer"]
        players = two["players"]
        assert isinstance(players, list)
        assert one["players"] == players[::-1]


@pytest.mark.parametrize("track", ["play", "hands", "match"])
def test_parallel_duel_equals_the_one_process_duel(track: str) -> None:
    deals = 3 if track == "match" else 23  # 23: chunks of 10 and a short last one
    serial: list[dict[str, object]] = []
    parallel: list[dict[str, object]] = []
    s1 = run_duel("greedy", "random", deals=deals, seed=8, track=track, records=serial.append)
    s2 = run_duel(
        "greedy", "random", deals=deals, seed=8, track=track, records=parallel.append, jobs=2
    )
    assert parallel == serial
    assert s2.pair_margins == s1.pair_margins
    assert s2.pair_card_margins == s1.pair_card_margins
    one, two = s1.to_json(), s2.to_json()
    for key in ("decision_ms", "seconds"):
        one.pop(key)
        two.pop(key)
    assert two == one
    for key in ("a", "b"):
        assert len(s2.stats[key].decision_seconds) == len(s1.stats[key].decision_seconds)


def test_parallel_duel_reports_progress_and_player_errors() -> None:
    done: list[int] = []
    run_duel("greedy", "random", deals=25, seed=2, track="play", progress=done.append, jobs=2)
    assert done == [10, 20, 25]
    with pytest.raises(DuelError, match="illegal action"):
        run_duel("test-cheat", "random", deals=3, seed=1, track="play", jobs=2)
    with pytest.raises(DuelError, match="at least one job"):
        run_duel("greedy", "random", deals=1, seed=1, track="play", jobs=0)


def test_duel_summary_counts_and_changes_with_seed() -> None:
    s1 = run_duel("greedy", "random", deals=8, seed=1, track="play")
    s3 = run_duel("greedy", "random", deals=8, seed=3, track="play")
    assert s1.pairs == 8
    assert s1.hands == 16
    assert s1.pair_margins != s3.pair_margins
    data = s1.to_json()
    assert data["deals"] == 8
    assert data["track"] == "play"
    assert data["decision_ms"]["a"]["count"] > 0
    assert "margin of a" in format_summary(s1)


def test_duel_passes_the_time_budget_to_every_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _SpyPlayer.budgets.clear()
    run_duel("test-spy", "greedy", deals=1, seed=5, track="play")
    assert _SpyPlayer.budgets and set(_SpyPlayer.budgets) == {None}
    _SpyPlayer.budgets.clear()
    run_duel("test-spy", "greedy", deals=1, seed=5, track="play", budget=0.25)
    assert _SpyPlayer.budgets and set(_SpyPlayer.budgets) == {0.25}
    _SpyPlayer.budgets.clear()
    argv = ["duel", "--a", "test-spy", "--b", "expert", "--deals", "1", "--budget", "0.05"]
    assert main([*argv, "--json"]) == 0
    assert set(_SpyPlayer.budgets) == {0.05}
    assert json.loads(capsys.readouterr().out)["hands"] == 2
    with pytest.raises(DuelError, match="time budget"):
        run_duel("greedy", "random", deals=1, seed=1, track="play", budget=-1)


def test_duel_rejects_an_illegal_action() -> None:
    with pytest.raises(DuelError, match="illegal action"):
        run_duel("test-cheat", "random", deals=1, seed=1, track="play")


def test_cli_json_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.jsonl"
    args = ["duel", "--a", "greedy", "--b", "random", "--deals", "3", "--seed", "4"]
    assert main([*args, "--json", "--records", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert main([*args, "--json", "--jobs", "2"]) == 0
    in_parallel = json.loads(capsys.readouterr().out)
    assert in_parallel["margin_mean"] == summary["margin_mean"]
    assert in_parallel["hands"] == summary["hands"]
    assert summary["deals"] == 3
    assert summary["hands"] == 6
    lines = out.read_text().splitlines()
    assert len(lines) == 6
    for line in lines:
        record = json.loads(line)
        assert record["format"] == "cuatrola-hand/1"
        replay_record(record)


@pytest.mark.parametrize(
    "argv",
    [
        ["duel", "--a", "nobody", "--b", "greedy"],
        ["duel", "--a", "greedy", "--b", "random", "--deals", "0"],
        ["duel", "--a", "greedy", "--b", "random", "--deals", "many"],
        ["duel", "--a", "greedy", "--b", "random", "--track", "golf"],
        ["duel", "--a", "greedy", "--b", "random", "--seed", "x"],
        ["duel", "--b", "random"],
        ["duel", "--a", "greedy", "--b", "random", "--records", "/nonexistent/dir/x.jsonl"],
        ["duel", "--a", "greedy", "--b", "random", "--budget", "0"],
        ["duel", "--a", "greedy", "--b", "random", "--budget", "soon"],
        ["duel", "--a", "greedy", "--b", "random", "--jobs", "0"],
        ["duel", "--a", "greedy", "--b", "random", "--jobs", "two"],
    ],
)
def test_cli_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert "cuatrola duel" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("track", ["play", "hands", "match"])
def test_the_duel_plays_at_the_table_layer(track: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every command the duel gives goes to the table layer's Table: collect each table's log.
    logs: list[list[TableRecord]] = []
    handle = Table.handle

    def logged(table: Table, command: Command, now: float = 0.0) -> Step:
        if isinstance(command, FillBots):
            logs.append([])
        step = handle(table, command, now)
        logs[-1].extend(step.records)
        return step

    monkeypatch.setattr(Table, "handle", logged)
    records: list[dict[str, object]] = []
    summary = run_duel("greedy", "random", deals=3, seed=6, track=track, records=records.append)
    # One table per hand (one per match on the match track), rebuilt from its own records:
    # its hands are the duel's hands, move for move, and its matches were won as counted.
    assert len(logs) == (summary.matches if track == "match" else summary.hands)
    hands: list[HandState] = []
    wins_a = 0
    for number, log in enumerate(logs):
        table = Table(TableId("copy"), "", TableKind.COMPUTER, TableOptions(turn_time=0))
        table.restore(log)
        assert table.hand is not None and table.hand.is_finished
        assert not any(isinstance(r, ShuffleRecord) for r in log)  # the duel's own deals
        hands += [table.hands[n] for n in sorted(table.hands)]
        if track == "match":
            assert table.status == TableStatus.FINISHED and table.match is not None
            wins_a += table.match.winner == number % 2  # a sits in team 1 when swapped
        else:
            assert table.hand_count == 1 and table.hand.score_before == (0, 0)
    assert [h.history for h in hands] == [replay_record(r).history for r in records]
    assert [list(h.dealt) for h in hands] == [
        [mask_of(cards) for cards in r["hands"]]  # type: ignore[attr-defined]
        for r in records
    ]
    if track == "match":
        assert wins_a == summary.match_wins_a
    if track == "play":
        assert all(h.history[:4] == [BID_BASE] * 4 for h in hands)


def test_decisions_over_the_budget_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEEPY_SECONDS", "0.02")
    monkeypatch.setenv("SLEEPY_EVERY", "1")
    summary = run_duel("tests.fixtures.bots:Sleepy", "greedy", 1, 3, "play", budget=0.005)
    slow = summary.stats["a"]
    # Two seats of agent a, five cards each, in each of the two hands.
    assert slow.over_budget == 20 and slow.slowest >= 0.02
    assert summary.stats["b"].over_budget == 0
    text = format_summary(summary)
    # More than the decisions timed (forced moves are left out of the times): it says why.
    assert f"({slow.forced} forced moves left out)" in text
    assert (
        "warning: 20 decisions of a (tests.fixtures.bots:Sleepy), forced moves included, took "
        "longer than "
    ) in text
    assert "the budget of 0.005 s (slowest 0.0" in text
    assert summary.to_json()["over_budget"]["a"]["count"] == 20
    # Without a budget there is nothing to be over.
    assert "warning" not in format_summary(run_duel("greedy", "random", 1, 3, "play"))


def test_the_summary_of_one_deal_says_it_has_no_interval() -> None:
    one = format_summary(run_duel("greedy", "random", deals=1, seed=1, track="play"))
    assert "(no 95% CI from one deal), hand points per hand" in one
    two = format_summary(run_duel("greedy", "random", deals=2, seed=1, track="play"))
    assert re.search(r"margin of a: [+-]\d+\.\d\d ± \d+\.\d\d \(95% CI\), hand points", two)


def test_a_duel_builds_a_new_player_for_each_seat_of_each_hand() -> None:
    # What docs/api.md ("A player's lifetime") tells bot authors who keep state.
    built: list[object] = []

    def factory() -> _SpyPlayer:
        player = _SpyPlayer()
        built.append(player)
        return player

    register_player("test-counted", factory)
    try:
        run_duel("test-counted", "random", deals=3, seed=1, track="play")
    finally:
        base._FACTORIES.pop("test-counted", None)
    # 3 deals, each played twice, with two seats of the agent in each hand.
    assert len(built) == 3 * 2 * 2 and len({id(p) for p in built}) == len(built)

"""``cuatrola bot`` plays whole matches at a real ``cuatrola serve`` on loopback."""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuatrola.clients.bot import ServerBot
from cuatrola.clients.terminal.online import OnlineOptions
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for
from cuatrola.protocol.messages import Acted, Error, Event
from cuatrola.protocol.views import hand_view
from tests.fixtures.bots import HighCard
from tests.support.cli import run_cuatrola
from tests.support.servers import QUICK, ServeProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
SUMMARY = (
    r"played 1 match\(es\), (\d+) hands, won \d; (\d+) decisions; (\d+) shuffles contributed to"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``cuatrola serve``: no pause between hands, instant computer players."""
    with ServeProcess(
        tmp_path_factory.mktemp("serve"),
        *QUICK,
        "--quick-fill",
        "0.2",
        # Short cante windows keep whole matches quick.
        "--cante-window",
        "0.2",
    ) as serve:
        yield serve.http


def bot(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cuatrola("bot", *args, timeout=240, cwd=ROOT)


# A table of its own against the server's computer players, to exactly 3; and a quick match,
# which has the room's rules (eleven hands) and takes no --rules or --level.
@pytest.mark.parametrize(
    ("mode", "table_options"), [("bots", ("--rules", "exact3", "--level", "easy")), ("quick", ())]
)
def test_a_plugged_bot_plays_a_whole_match_at_a_server_table(
    server: str, mode: str, table_options: tuple[str, ...]
) -> None:
    proc = bot(
        "--server",
        server,
        "--player",
        "tests.fixtures.bots:HighCard",
        "--mode",
        mode,
        *table_options,
        "--seed",
        "1",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("seated at table t-")
    hands = [line for line in lines if line.startswith("hand ")]
    ended = [line for line in lines if line.startswith("match 1 ")]
    assert len(ended) == 1
    match = re.fullmatch(r"match 1 (won|lost) (\d+)-(\d+) in (\d+) hands", ended[0])
    assert match is not None, ended
    score = (int(match[2]), int(match[3]))
    if mode == "bots":  # the bot's table, to exactly 3
        assert max(score) == 3
    else:  # eleven hands, and more one at a time while the score is tied
        assert int(match[4]) >= 11 and score[0] != score[1]
    assert len(hands) == int(match[4]) >= 2
    assert hands[-1] == f"hand {len(hands)}: score {score[0]}-{score[1]}"
    summary = re.fullmatch(SUMMARY, lines[-1])
    assert summary is not None, lines[-1]
    assert int(summary[1]) == len(hands) and int(summary[2]) > 0
    # This server commits shuffles with no window for contributions: there were none.
    assert int(summary[3]) == 0


def test_the_bot_contributes_to_every_shuffle_of_its_seat(tmp_path: Path) -> None:
    # A window far longer than the test: each deal that follows came from the bot's value
    # (the server's computer players have none to give), or waited the whole window.
    with ServeProcess(tmp_path, *QUICK, "--shuffle-window", "60") as serve:
        proc = bot("--server", serve.http, "--player", "greedy", "--rules", "exact3", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    summary = re.fullmatch(SUMMARY, proc.stdout.splitlines()[-1])
    assert summary is not None, proc.stdout
    # Every hand's reveal lists the bot's seat with the value it sent.
    assert int(summary[3]) == int(summary[1]) >= 2


def test_two_matches_are_played_with_a_rematch_in_between(server: str) -> None:
    proc = bot("--server", server, "--player", "greedy", "--rules", "exact3", "--matches", "2")
    assert proc.returncode == 0, proc.stderr
    assert [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("match ")] == [
        "1",
        "2",
    ]


def test_a_wrong_code_is_the_servers_refusal_in_one_line(server: str) -> None:
    proc = bot("--server", server, "--player", "greedy", "--mode", "private", "--code", "ZZZZZZ")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert (
        proc.stderr.startswith("cuatrola bot: the server refused") and proc.stderr.count("\n") == 1
    )


def test_bad_arguments_exit_two_in_one_line() -> None:
    for args in (
        ("--server", "nowhere", "--player", "greedy"),
        ("--server", "http://127.0.0.1:abc", "--player", "greedy"),
        ("--server", "http://[::1", "--player", "greedy"),
        ("--server", "http://127.0.0.1:99999", "--player", "greedy"),
        ("--server", "http://127.0.0.1:9", "--player", "no_such.module:Bot"),
        ("--server", "http://127.0.0.1:9", "--player", "greedy", "--code", "ABC"),
    ):
        proc = bot(*args)
        assert proc.returncode == 2, args
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_an_unreachable_server_is_status_one_in_one_line() -> None:
    proc = bot("--server", f"http://127.0.0.1:{free_port()}", "--player", "greedy")
    assert proc.returncode == 1 and proc.stderr.startswith("cuatrola bot: cannot log in")


def test_a_numpy_integer_answer_plays_at_the_server(server: str) -> None:
    proc = bot(
        "--server", server, "--player", "tests.fixtures.bots:NumpyAnswer", "--rules", "exact3"
    )
    assert proc.returncode == 0, proc.stderr


def test_a_failing_bot_is_one_line_at_its_own_line_or_the_whole_traceback(server: str) -> None:
    import tests.fixtures.bots as bots

    where = f"(at {bots.__file__}:{bots.Broken.choose.__code__.co_firstlineno + 2})"
    args = ("--server", server, "--player", "tests.fixtures.bots:Broken", "--rules", "exact3")
    # Several runs: the bot's first turn comes before its subscription to the table is
    # answered in about half of them, after it in the others; either way the bot's failure
    # is what is told, never a closed connection.
    for _ in range(3):
        proc = bot(*args)
        assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
        seat = _seat(proc)
        assert proc.stderr == (
            f"cuatrola bot: player 'tests.fixtures.bots:Broken' in seat {seat} failed: "
            f"RuntimeError: this bot is broken {where}\n"
        )
        proc = bot(*args, "--traceback")
        assert proc.returncode == 1 and proc.stderr.startswith("Traceback"), proc.stderr
        assert proc.stderr.splitlines()[-1].endswith(where)


def _seat(proc: subprocess.CompletedProcess[str]) -> int:
    """The seat a failure line names, the one the bot said it took when it got to say so (a
    bot may fail on its first turn before it tells ``seated at table T, seat N``)."""
    named = re.search(r" in seat ([0-3])\b", proc.stderr)
    assert named is not None, proc.stderr
    told = re.search(r"^seated at table \S+, seat (\d)$", proc.stdout, re.MULTILINE)
    assert told is None or told.group(1) == named.group(1), (proc.stdout, proc.stderr)
    return int(named.group(1))


def test_a_choose_without_the_budget_is_one_line_naming_the_player_not_the_library(
    server: str,
) -> None:
    proc = bot("--server", server, "--player", "tests.fixtures.bots:TwoArguments")
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    # The worker thread the bot is called in is the standard library's, not the bot's line.
    assert proc.stderr == (
        f"cuatrola bot: player 'tests.fixtures.bots:TwoArguments' in seat {_seat(proc)} "
        "failed: TypeError: TwoArguments.choose() takes 3 positional arguments but 4 were given\n"
    )


def test_a_float_answer_is_refused_in_one_line_naming_the_player_and_seat(server: str) -> None:
    proc = bot("--server", server, "--player", "tests.fixtures.bots:FloatAnswer")
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith(
        f"cuatrola bot: player 'tests.fixtures.bots:FloatAnswer' in seat {_seat(proc)}: "
        "the answer 0.0 (float) is not an action id; the legal actions are "
    ), proc.stderr


def test_a_budget_not_shorter_than_the_tables_turn_time_is_warned_about(server: str) -> None:
    # The table's turn time is the server's default, 30 s: known once seated.
    proc = bot("--server", server, "--player", "greedy", "--rules", "exact3", "--budget", "40")
    assert proc.returncode == 0, proc.stderr
    assert (
        "warning: the budget of 40 s is not shorter than the table's turn time of 30 s"
        in proc.stdout
    )


SLEEPY = ("--player", "tests.fixtures.bots:Sleepy", "--rules", "exact3", "--turn-time", "1")


def test_a_turn_that_timed_out_is_said_plainly(tmp_path: Path) -> None:
    # A one-second turn timer, and a bot that takes 2.5 s over its first card: the server
    # plays for it, and its late move comes back stale.
    with ServeProcess(tmp_path, *QUICK, "--min-turn-time", "1") as serve:
        proc = run_cuatrola(
            "bot",
            "--server",
            serve.http,
            *SLEEPY,
            timeout=240,
            cwd=ROOT,
            env={**os.environ, "SLEEPY_SECONDS": "2.5"},
        )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # Without --budget the bot gets a third of the turn time.
    assert "sleepy budget=0.3333333333333333" in lines
    timed_out = [line for line in lines if line.startswith("your bot's turn timed out")]
    assert timed_out[0].startswith("your bot's turn timed out after 1 s; the computer played ")
    assert not [line for line in lines if "stale" in line]
    assert lines[-1].endswith(f"; {len(timed_out)} turn(s) timed out")


def test_the_late_move_of_a_timed_out_turn_is_not_told_as_a_refusal() -> None:
    # The server played for the bot and the turn passed on; the bot's late move then comes
    # back as not_your_turn (or stale): the timeout line already told it. Fed to the bot as
    # the socket would, in order.
    hand = HandState.deal(Rules(), dealer=3, rng=random.Random(1))
    hand.apply("pass")  # seat 0's turn, played by the server: seat 1 is to move
    lines: list[str] = []
    options = OnlineOptions(server="http://127.0.0.1:1", mode="bots")
    bot = ServerBot(options, HighCard(), say=lines.append)
    bot.report.table, bot.report.seat, bot.table_turn_time = "t-1", 0, 5.0
    auto = Acted(seat=0, action="pass", auto=True, view=hand_view(view_for(hand, 0)))
    late = "it is seat 1's turn, not yours (0)"

    async def feed() -> None:
        await bot._handle(Event(table="t-1", seq=7, body=auto))
        await bot._handle(Error(code="not_your_turn", message=late))
        await bot._handle(Error(code="not_your_turn", message=late))

    asyncio.run(feed())
    assert lines == [
        "your bot's turn timed out after 5 s; the computer played pass for it",
        # A second refusal is not the late move: it is told.
        f"the server refused a move: not_your_turn: {late}",
    ]
    assert bot.report.lines == lines  # kept in the report too, for a caller that says nothing

"""Players as plug-ins: ``module:Class`` specs, the entry-point group, and one-line errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cuatrola.ai.base import (
    ENTRY_POINT_GROUP,
    NotAPlayerError,
    available_players,
    make_player,
    player_factory,
    register_player,
)
from cuatrola.ai.duel import DuelError
from cuatrola.clients.duel import run_duel
from tests.fixtures.bots import HighCard
from tests.support.cli import run_cuatrola

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cuatrola(*args, timeout=300, cwd=ROOT, env=env)


def test_duel_loads_a_player_from_a_module_spec() -> None:
    proc = cli(
        "duel", "--a", "tests.fixtures.bots:HighCard", "--b", "random", "--deals", "3", "--json"
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["a"] == "tests.fixtures.bots:HighCard" and summary["hands"] == 6
    # Its first decisions of a play-track hand are forced passes, which are not timed.
    assert summary["forced_moves"]["a"] > 0 and summary["decision_ms"]["a"]["count"] > 0


def test_a_spec_resolves_to_the_class_and_duels_in_process() -> None:
    assert player_factory("tests.fixtures.bots:HighCard") is HighCard
    assert isinstance(make_player("tests.fixtures.bots:HighCard"), HighCard)
    summary = run_duel("tests.fixtures.bots:HighCard", "greedy", 2, 7, "hands")
    assert summary.hands == 4 and summary.stats["a"].decision_seconds


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("tests.fixtures.bots:Nope", "has no attribute 'Nope'"),
        ("no_such_package.bots:Bot", "No module named 'no_such_package'"),
        ("tests.fixtures.bots:NOT_A_PLAYER", "is not a class or a factory"),
        ("nobody", "unknown player 'nobody'"),
        ("tests.fixtures.bots:", "expected a player spec"),
        # A file's name where the module's belongs: what to type instead.
        (
            "tests/fixtures/bots.py:HighCard",
            "'tests/fixtures/bots.py' is a file, not a module: name the module instead "
            "(tests.fixtures.bots:HighCard, from the directory that holds it)",
        ),
        ("./tests/fixtures/bots.py:HighCard", "instead (tests.fixtures.bots:HighCard, "),
        ("bots.py:HighCard", "'bots.py' is a file, not a module: name the module instead (bots:"),
        (f"{ROOT}/tests/fixtures/bots.py:HighCard", "instead (bots:HighCard, from the directory"),
    ],
)
def test_a_player_that_cannot_be_loaded_is_one_line_and_status_two(spec: str, words: str) -> None:
    proc = cli("duel", "--a", spec, "--b", "random", "--deals", "1")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and words in proc.stderr and "Traceback" not in proc.stderr


def test_a_player_that_fails_while_playing_ends_the_duel_in_one_line() -> None:
    proc = cli("duel", "--a", "tests.fixtures.bots:Broken", "--b", "random", "--deals", "1")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "RuntimeError: this bot is broken" in proc.stderr


def test_an_installed_package_offers_players_through_the_entry_point_group(
    tmp_path: Path,
) -> None:
    # An installed distribution, as pip leaves it: a module and its dist-info metadata.
    (tmp_path / "plugged_bots.py").write_text(
        "from tests.fixtures.bots import HighCard\n\nclass Plugged(HighCard):\n    pass\n"
    )
    info = tmp_path / "plugged_bots-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plugged-bots\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\nplugged = plugged_bots:Plugged\nbad = plugged_bots:Missing\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    proc = cli("duel", "--a", "plugged", "--b", "random", "--deals", "2", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["a"] == "plugged"
    proc = cli("duel", "--a", "bad", "--b", "random", env=env)
    assert proc.returncode == 2 and "entry point plugged_bots:Missing" in proc.stderr
    listed = subprocess.run(
        [sys.executable, "-c", "from cuatrola.ai.base import available_players as a; print(a())"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert "'plugged'" in listed.stdout and "'greedy'" in listed.stdout
    assert "plugged" not in available_players()  # not installed in this process


def test_a_numpy_integer_answer_plays_a_duel() -> None:
    proc = cli("duel", "--a", "tests.fixtures.bots:NumpyAnswer", "--b", "random", "--deals", "2")
    assert proc.returncode == 0, proc.stderr


def test_a_float_answer_ends_the_duel_in_one_line_naming_the_legal_actions() -> None:
    proc = cli("duel", "--a", "tests.fixtures.bots:FloatAnswer", "--b", "random", "--deals", "1")
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert "0.0 (float) is not an action id; the legal actions are " in proc.stderr
    assert "TypeError" not in proc.stderr


def test_a_failing_player_is_told_at_its_own_line_or_with_the_whole_traceback() -> None:
    import tests.fixtures.bots as bots

    line = bots.Broken.choose.__code__.co_firstlineno + 2
    where = f"(at {bots.__file__}:{line})"
    args = ("duel", "--a", "tests.fixtures.bots:Broken", "--b", "random", "--deals", "1")
    proc = cli(*args)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1
    assert proc.stderr.rstrip().endswith(f"RuntimeError: this bot is broken {where}")
    proc = cli(*args, "--traceback")
    assert proc.returncode == 1 and proc.stderr.startswith("Traceback")
    assert 'raise RuntimeError("this bot is broken")' in proc.stderr
    assert proc.stderr.splitlines()[-1].endswith(where)


def test_a_player_that_cannot_be_built_is_status_two_in_duel_and_bot() -> None:
    spec = "tests.fixtures.bots:Unbuildable"
    duel = cli("duel", "--a", spec, "--b", "random", "--deals", "1")
    bot = cli("bot", "--server", "http://127.0.0.1:9", "--player", spec)
    for proc in (duel, bot):
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
        assert f"player {spec!r} could not be built: RuntimeError: no model file" in proc.stderr


def test_bot_modes_are_seats_only() -> None:
    proc = cli("bot", "--server", "http://127.0.0.1:9", "--player", "greedy", "--mode", "watch")
    assert proc.returncode == 2 and "invalid choice: 'watch'" in proc.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--budget", "2", "--turn-time", "1"), "--budget 2 is not shorter than --turn-time 1"),
        (("--mode", "quick", "--turn-time", "10"), "--turn-time is for a table the bot creates"),
    ],
)
def test_bot_turn_time_and_budget_are_checked_together(args: tuple[str, ...], words: str) -> None:
    proc = cli("bot", "--server", "http://127.0.0.1:9", "--player", "greedy", *args)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and words in proc.stderr


CREATES = "for a table the bot creates (--mode bots, or private without --code)"


# The quick match and a table joined by its code have their own rules, computer players and
# turn time: the options of a table the bot creates are refused there, not ignored.
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--mode", "quick", "--rules", "exact3"), f"--rules is {CREATES}: the quick match"),
        (("--mode", "quick", "--rules", "exact11"), f"--rules is {CREATES}: the quick match"),
        (("--mode", "quick", "--level", "easy"), f"--level is {CREATES}: the quick match"),
        (("--mode", "quick", "--no-quintola"), f"--no-quintola is {CREATES}: the quick match"),
        (
            ("--mode", "quick", "--level", "hard", "--rules", "to21"),
            f"--rules, --level are {CREATES}: the quick match",
        ),
        (
            ("--mode", "private", "--code", "ABC", "--rules", "exact3"),
            f"--rules is {CREATES}: the table of --code",
        ),
        (
            ("--mode", "private", "--code", "ABC", "--level", "medium"),
            f"--level is {CREATES}: the table of --code",
        ),
    ],
)
def test_bot_refuses_table_options_for_a_table_it_joins(
    args: tuple[str, ...], message: str
) -> None:
    proc = cli("bot", "--server", "http://127.0.0.1:9", "--player", "greedy", *args)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr == f"cuatrola bot: {message} has its own\n"


@pytest.mark.parametrize(
    "args",
    [
        ("--mode", "quick"),
        ("--mode", "private", "--code", "ABC"),
        ("--mode", "private", "--rules", "exact3", "--level", "easy", "--no-quintola"),
        ("--mode", "bots", "--rules", "hands11", "--level", "hard", "--turn-time", "5"),
    ],
)
def test_bot_takes_table_options_where_it_creates_the_table(args: tuple[str, ...]) -> None:
    # Past the argument checks: nothing listens at port 9, so the run ends at the log-in.
    proc = cli("bot", "--server", "http://127.0.0.1:9", "--player", "greedy", *args)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.startswith("cuatrola bot: cannot log in at http://127.0.0.1:9")


def test_duel_help_tells_the_default_track_and_its_forced_passes() -> None:
    proc = cli("duel", "--help")
    text = " ".join(proc.stdout.split())
    assert "play (default): card play only, every bid is a forced pass" in text
    assert "--traceback" in text


def test_bot_help_tells_what_server_takes_and_the_default_level() -> None:
    proc = cli("bot", "--help")
    text = " ".join(proc.stdout.split())
    assert "--server URL the card room's address, http://host[:port]" in text
    assert "computer players at a table the bot creates (default medium)" in text


def test_a_player_given_by_object_rather_than_name_is_told_to_register_it() -> None:
    # run_duel takes names: a class or an object is named first with register_player.
    for player in (HighCard, HighCard()):
        with pytest.raises(DuelError, match=r"expected a player's name, got .*register_player"):
            run_duel(player, "greedy", 1, 1, "play")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a class or a function that builds a player"):
        register_player("highcard-object", HighCard())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected a player name"):
        register_player("", HighCard)
    assert "highcard-object" not in available_players()


def test_a_class_without_choose_is_refused_when_built_in_duel_bot_and_make_player() -> None:
    # Said when the player is built (status 2), not as an AttributeError at its first turn.
    spec = "tests.fixtures.bots:Misnamed"
    words = (
        f"player {spec!r} built an instance of Misnamed, which has no "
        "choose(view, rng, budget) method"
    )
    duel = cli("duel", "--a", spec, "--b", "random", "--deals", "1")
    bot = cli("bot", "--server", "http://127.0.0.1:9", "--player", spec)
    for proc in (duel, bot):
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
        assert words in proc.stderr
    with pytest.raises(NotAPlayerError, match=re.escape(words)):
        make_player(spec)
    with pytest.raises(DuelError, match=re.escape(words)):
        run_duel(spec, "random", 1, 1, "play")


def test_the_cuatrola_script_finds_a_bot_module_in_the_current_directory(tmp_path: Path) -> None:
    # The installed ``cuatrola`` script, unlike ``python -m cuatrola``, does not put the
    # current directory on sys.path: a bot next to the user must be found all the same.
    bots, launcher = tmp_path / "bots", tmp_path / "bin"
    bots.mkdir()
    launcher.mkdir()
    (bots / "my_cwd_bots.py").write_text(
        "from tests.fixtures.bots import HighCard\n\n\nclass Mine(HighCard):\n    pass\n",
        encoding="utf-8",
    )
    # What the console script runs: sys.path[0] is the script's directory, not the cwd.
    script = launcher / "cuatrola"
    script.write_text("import sys\nfrom cuatrola.cli import main\nsys.exit(main())\n")
    pythonpath = os.pathsep.join([str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])

    def duel_against_random(spec: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(script), "duel", "--a", spec, "--b", "random"],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=bots,
            env={**os.environ, "PYTHONPATH": pythonpath},
        )

    proc = duel_against_random("my_cwd_bots:Mine")
    assert proc.returncode == 0, proc.stderr
    assert "duel my_cwd_bots:Mine (a) vs random (b)" in proc.stdout
    # A module that is nowhere is still the one-line error.
    proc = duel_against_random("nowhere_bots:Mine")
    assert proc.returncode == 2 and "No module named 'nowhere_bots'" in proc.stderr

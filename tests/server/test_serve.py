"""``cuatrola serve`` reports bad arguments, a busy port and a bad database URL in one line;
its logs and proxies are as the operator configures them."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cuatrola.commands import serve as serve_cli
from cuatrola.server.app import create_app
from cuatrola.server.scaleout import redacted_redis_url
from cuatrola.server.settings import Settings
from cuatrola.storage.sql import SqlStore
from tests.support.cli import run_cuatrola
from tests.support.databases import redis_url
from tests.support.servers import ServeProcess, free_port, serve_command


def serve(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    # On a free port unless the test names one: the default, 8000, is where a developer's
    # own card room runs (README), and a busy port is refused before anything else.
    port = () if "--port" in args else ("--port", str(free_port()))
    return subprocess.run(
        serve_command("--data-dir", str(tmp_path), *port, *args),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = serve("--port", str(port), tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == f"cuatrola serve: port {port} on 127.0.0.1 is busy"
    # The port is checked before the database is opened, which would create its file.
    assert not (tmp_path / "cuatrola.db").exists()


def test_an_unreachable_redis_is_one_line_and_creates_no_database(tmp_path: Path) -> None:
    result = serve("--redis", f"redis://127.0.0.1:{free_port()}/0", tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "does not answer" in result.stderr
    assert not (tmp_path / "cuatrola.db").exists()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("redis://127.0.0.1:6379/abc", "with a database number, got 'abc'"),
        ("redis://127.0.0.1:99999/0", "with a port of 1 to 65535"),
    ],
)
def test_a_redis_url_with_a_typo_is_one_line_and_creates_no_database(
    url: str, expected: str, tmp_path: Path
) -> None:
    # redis-py would take /abc as database 0, sharing it with another deployment, silently.
    result = serve("--redis", url, tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and expected in result.stderr, result.stderr
    assert result.stderr.startswith("cuatrola serve: expected --redis redis://HOST:PORT/DB")
    assert not (tmp_path / "cuatrola.db").exists()


def test_a_bad_database_url_is_one_clear_line(tmp_path: Path) -> None:
    result = serve("--db", "nonsense://x", tmp_path=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cuatrola serve: bad database URL 'nonsense://x'")


def test_an_unreachable_database_is_one_clear_line(tmp_path: Path) -> None:
    result = serve("--db", f"sqlite+aiosqlite:///{tmp_path}/missing/dir/x.db", tmp_path=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cuatrola serve: cannot open the database")


def test_an_unreachable_database_server_is_named_as_the_database(tmp_path: Path) -> None:
    result = serve(
        "--db", f"postgresql+asyncpg://nobody@127.0.0.1:{free_port()}/x", tmp_path=tmp_path
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    # It used to be the bare "[Errno 111] Connect call failed ...", which does not say what.
    assert result.stderr.startswith("cuatrola serve: cannot open the database: ")


@pytest.mark.parametrize("command", ["serve", "migrate"])
def test_a_bad_database_url_never_shows_its_password(command: str, tmp_path: Path) -> None:
    url = "postgresql+bogus://cuatrola:S3CRETPW@127.0.0.1/x"
    port = ["--port", str(free_port())] if command == "serve" else []
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "cuatrola",
            command,
            *port,
            "--data-dir",
            str(tmp_path),
            "--db",
            url,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "S3CRETPW" not in result.stderr
    assert "bad database URL 'postgresql+bogus://cuatrola:***@127.0.0.1/x'" in result.stderr


@pytest.mark.parametrize("way", ["variable", "file"])
def test_a_short_secret_is_one_line_and_creates_no_database(
    way: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = tmp_path / "short.key"
    key.write_text("too-short\n")
    if way == "variable":
        monkeypatch.setenv("CUATROLA_SECRET", "too-short")
        result = serve(tmp_path=tmp_path)
        where = "$CUATROLA_SECRET"
    else:
        result = serve("--secret-file", str(key), tmp_path=tmp_path)
        where = f"the secret in --secret-file {key}"
    assert result.returncode == 2
    assert result.stderr == f"cuatrola serve: {where} must have at least 16 bytes, got 9\n"
    # Refused before the database was opened, which would have created its file.
    assert not (tmp_path / "cuatrola.db").exists()


@pytest.mark.parametrize(
    "args",
    [
        ("--port", "99999"),
        ("--port", "-1"),
        ("--bot-delay", "-1"),
        ("--grace", "-5"),
        ("--quick-fill", "-1"),
        ("--hand-pause", "-0.5"),
        ("--commit-delay", "-0.001"),
        ("--commit-delay", "0.5"),
        ("--commit-timeout", "0"),
        ("--bot-workers", "-1"),
        ("--min-turn-time", "0"),
        ("--guests-per-minute", "0"),
        ("--public-url", "ftp://cuatrola.example"),
        ("--public-url", "https://cuatrola.example/room"),
        # uvicorn would take these as names no client address equals, and believe no proxy.
        ("--trusted-proxy", "proxy.internal"),
        ("--trusted-proxy", "10.0.0.10/8"),
        # Given on purpose, an empty name is no request for the default one.
        ("--node", ""),
        ("--node", " "),
        ("--no-such-option",),
    ],
)
def test_bad_serve_arguments_are_one_line_and_status_2(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    result = serve(*args, tmp_path=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cuatrola")
    assert "usage:" not in result.stderr and "Traceback" not in result.stderr


def test_the_commit_delay_and_timeout_go_from_the_command_line_to_the_store(
    tmp_path: Path,
) -> None:
    parser = argparse.ArgumentParser()
    serve_cli.add_arguments(parser)
    data = ["--data-dir", str(tmp_path)]
    default = serve_cli._settings(parser.parse_args(data))
    assert isinstance(default, Settings)
    assert (default.commit_delay, default.commit_timeout) == (0.003, 5.0)
    chosen = serve_cli._settings(
        parser.parse_args([*data, "--commit-delay", "0.01", "--commit-timeout", "2.5"])
    )
    assert isinstance(chosen, Settings)
    assert (chosen.commit_delay, chosen.commit_timeout) == (0.01, 2.5)
    store = create_app(chosen).state.services.store
    assert isinstance(store, SqlStore)
    assert (store.commit_delay, store.commit_timeout) == (0.01, 2.5)


def test_an_unreadable_secret_file_is_one_line(tmp_path: Path) -> None:
    # As a secret.key left to root by a first start as root is to the service's user (a
    # directory in its place fails the same way, and root can read any file).
    (tmp_path / "secret.key").mkdir()
    result = serve("--log-level", "warning", tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"cuatrola serve: cannot use the server secret {tmp_path}")
    # Refused before the database was opened, which would have created its file.
    assert not (tmp_path / "cuatrola.db").exists()


def test_a_short_secret_key_in_the_data_directory_is_named_and_creates_no_database(
    tmp_path: Path,
) -> None:
    key = tmp_path / "secret.key"
    key.write_text("too-short\n")
    result = serve(tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        f"cuatrola serve: the server secret in {key} must have at least 16 bytes, got 9\n"
    )
    assert not (tmp_path / "cuatrola.db").exists()


@pytest.mark.parametrize("command", ["serve", "migrate"])
@pytest.mark.parametrize("where", ["under a file", "a file"])
def test_a_data_directory_that_cannot_be_made_is_named(
    command: str, where: str, tmp_path: Path
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a directory\n")
    data = a_file / "data" if where == "under a file" else a_file
    port = ("--port", str(free_port())) if command == "serve" else ()
    result = run_cuatrola(command, "--data-dir", str(data), *port)
    assert result.returncode == 2
    expected = (
        f"cannot create the data directory {data}: Not a directory"
        if where == "under a file"
        else f"the data directory {data} is not a directory"
    )
    assert result.stderr == f"cuatrola {command}: {expected}\n"


@pytest.mark.parametrize("value", ["false", "no", "yes"])
def test_a_migrate_variable_other_than_0_or_1_is_refused(
    value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "false" would otherwise migrate: the very thing the operator set it to stop.
    monkeypatch.setenv("CUATROLA_MIGRATE", value)
    result = serve(tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "cuatrola serve: expected $CUATROLA_MIGRATE=0 (do not migrate at start-up) or 1, "
        f"got {value!r}\n"
    )
    assert not (tmp_path / "cuatrola.db").exists()


@pytest.mark.parametrize(
    "args",
    [("duel", "--a", "greedy"), ("bench", "nothing"), ("replay", "--nope"), ("nothing",)],
)
def test_other_commands_bad_arguments_are_one_line(args: tuple[str, ...]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cuatrola", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "usage:" not in result.stderr


@contextlib.contextmanager
def running(tmp_path: Path, *args: str) -> Iterator[tuple[str, list[str]]]:
    """A ``cuatrola serve`` subprocess on a free port; yields its URL and a list that holds
    its stderr lines once it has stopped."""
    stderr: list[str] = []
    with ServeProcess(tmp_path, *args, db=None) as server:
        yield server.http, stderr
    stderr.extend(server.stderr_lines())


def _attempts(url: str, forwarded: bool) -> list[int]:
    """Fifteen wrong logins for fifteen names, each claiming another forwarded address."""
    codes = []
    with httpx.Client(base_url=url) as http:
        for n in range(15):
            headers = {"x-forwarded-for": f"198.51.100.{n}"} if forwarded else {}
            reply = http.post(
                "/api/login", json={"name": f"nobody{n}", "password": "x" * 8}, headers=headers
            )
            codes.append(reply.status_code)
    return codes


def test_forwarded_addresses_are_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    with running(tmp_path / "a") as (url, _):
        # Not trusted: all fifteen come from this one address, and the burst is ten.
        assert 429 in _attempts(url, forwarded=True)
    with running(tmp_path / "b", "--trusted-proxy", "127.0.0.1") as (url, _):
        assert 429 not in _attempts(url, forwarded=True)


def test_json_logs_hold_uvicorns_own_lines_too(tmp_path: Path) -> None:
    with (
        running(tmp_path, "--log-format", "json", "--log-level", "info") as (url, stderr),
        httpx.Client(base_url=url) as http,
    ):
        assert http.get("/healthz").status_code == 200
    lines = [line for line in stderr if line.strip()]
    assert lines
    loggers = {json.loads(line)["logger"] for line in lines}
    assert any(name.startswith("uvicorn") for name in loggers), loggers


def test_every_line_of_a_json_log_is_json(tmp_path: Path) -> None:
    # A program reads that log: a plain "listening on" line among the objects breaks it.
    server = ServeProcess(tmp_path, "--log-format", "json", "--log-level", "info", db=None)
    with server:
        assert httpx.get(f"{server.http}/healthz").status_code == 200
    text = server.stdout.read_text() + server.stderr.read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert {
        "level": "info",
        "logger": "cuatrola.commands.serve",
        "message": f"listening on {server.http}",
    } in [{k: line[k] for k in ("level", "logger", "message")} for line in lines]


def test_a_refused_start_is_one_json_line_with_the_json_log(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = serve("--port", str(port), "--log-format", "json", tmp_path=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    line = json.loads(result.stderr)
    assert (line["level"], line["logger"]) == ("error", "cuatrola.commands.serve")
    assert line["message"] == f"port {port} on 127.0.0.1 is busy"


async def test_the_start_line_names_the_node_the_database_and_redis(
    tmp_path: Path, redis_prefix: str
) -> None:
    # Several nodes log into one place: each start says which node it is and what it uses.
    redis = redis_url()
    with running(
        tmp_path, "--node", "node-x", "--redis", redis, "--redis-prefix", redis_prefix
    ) as (url, stderr):
        assert httpx.get(f"{url}/healthz").json()["node"] == "node-x"
    started = [line for line in stderr if "server started" in line]
    assert len(started) == 1, stderr
    assert " node=node-x " in started[0]
    assert f" db=sqlite+aiosqlite:///{tmp_path}/cuatrola.db " in started[0]
    assert f" redis={redacted_redis_url(redis)} " in started[0]


def _serve_help() -> dict[str, str]:
    """Each option of ``cuatrola serve`` and its ``--help`` text, as ``--help`` shows it."""
    parser = argparse.ArgumentParser()
    serve_cli.add_arguments(parser)
    formatter = parser._get_formatter()
    return {
        action.option_strings[-1]: formatter._expand_help(action) if action.help else ""
        for action in parser._actions
        if action.option_strings and action.dest != "help"
    }


def test_serve_help_shows_every_default() -> None:
    helps = _serve_help()
    # An option whose default is the setting's: --help shows the setting's default.
    defaults = {f.name: f.default for f in dataclasses.fields(Settings)}
    for option, setting in serve_cli.OPTION_SETTINGS:
        shown = f"({defaults[setting]:g}"
        assert shown in helps["--" + option.replace("_", "-")], (option, shown)
    # An option with a default of its own shows it too.
    assert "(30)" in helps["--grace"]
    assert "(info)" in helps["--log-level"] and "text lines (the default)" in helps["--log-format"]
    assert "(127.0.0.1)" in helps["--host"] and "(8000)" in helps["--port"]
    assert "~/.local/share/cuatrola" in helps["--data-dir"]


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    """This process's umask (a server started meanwhile inherits it) is ``mask``."""
    before = os.umask(mask)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _database_files(data: Path) -> dict[str, int]:
    """The mode of the database, its -wal and -shm files and the secret in ``data``."""
    names = ("cuatrola.db", "cuatrola.db-wal", "cuatrola.db-shm", "secret.key")
    return {name: _mode(data / name) for name in names}


def test_the_data_it_creates_is_readable_by_its_user_only(tmp_path: Path) -> None:
    # The database holds password hashes and sessions; the usual umask would leave what
    # SQLite and mkdir create readable by every user of the machine.
    data = tmp_path / "new" / "data"
    with umask(0o022), ServeProcess(tmp_path / "run", "--data-dir", str(data), db=None) as server:
        assert httpx.post(f"{server.http}/api/guest", json={"name": "Ana"}).status_code == 201
        files = _database_files(data)  # while it runs: the -wal and -shm files are there
    assert _mode(data) == 0o700
    assert files == dict.fromkeys(files, 0o600)


def test_the_modes_of_the_operators_own_directory_and_database_stay(tmp_path: Path) -> None:
    # Shared with a backup group on purpose, say: the server does not take that back.
    data = tmp_path / "data"
    data.mkdir(mode=0o750)
    os.close(os.open(data / "cuatrola.db", os.O_CREAT | os.O_WRONLY, 0o640))
    with umask(0o022), ServeProcess(tmp_path / "run", "--data-dir", str(data), db=None) as server:
        assert httpx.post(f"{server.http}/api/guest", json={"name": "Ana"}).status_code == 201
        files = _database_files(data)
    assert _mode(data) == 0o750
    # The -wal and -shm files take the database's mode; the secret the server makes is 0600.
    assert files == {**dict.fromkeys(files, 0o640), "secret.key": 0o600}

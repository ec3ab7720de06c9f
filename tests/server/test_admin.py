"""Ending logins across processes: ``cuatrola admin logout`` (an operator ends a player's
logins; the sockets close at once through Redis, or at the servers' next check of the logins
without it), and a logout on one server process closing the socket on another."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import httpx

from tests.server.live import Player, fast_settings, running_server
from tests.server.test_hostile import _closed_as_unauthorized, _registered, _still_answers
from tests.server.test_live_redis import redis_or_skip
from tests.support.servers import free_port


def admin(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", "admin", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


async def test_an_operator_ends_every_login_of_a_player(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path)
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        token = await _registered(http, "Marta", "correct horse")
        other = await _registered(http, "Lucas", "correct horse")
        marta, lucas = Player("Marta", token, server.ws), Player("Lucas", other, server.ws)
        await marta.connect()
        await lucas.connect()
        # A data directory of its own: the command needs no server secret and makes none.
        (tmp_path / "admin").mkdir()
        db = ("--db", settings.resolved_db_url(), "--data-dir", str(tmp_path / "admin"))
        result = await asyncio.to_thread(admin, "logout", "marta", *db)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "cuatrola admin: ended 1 login(s) of marta"
        assert list((tmp_path / "admin").iterdir()) == []
        me = await http.get("/api/me", headers={"authorization": f"Bearer {token}"})
        assert me.status_code == 401
        # Without Redis the server learns it at its next check of the logins.
        assert await server.app.state.room.check_sessions() == 1
        await _closed_as_unauthorized(marta)
        await _still_answers(lucas, 3)
        unknown = await asyncio.to_thread(admin, "logout", "nobody-here", *db)
        assert unknown.returncode == 2
        assert unknown.stderr.strip() == "cuatrola admin: no registered player 'nobody-here'"
        await lucas.close()


async def test_through_redis_the_sockets_close_at_once(tmp_path: Path) -> None:
    url = await redis_or_skip()
    settings = fast_settings(tmp_path, redis_url=url)
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        token = await _registered(http, "Irene", "correct horse")
        irene = Player("Irene", token, server.ws)
        await irene.connect()
        await asyncio.sleep(0.2)  # the server's relay subscription is live
        db = ("--db", settings.resolved_db_url(), "--data-dir", str(tmp_path), "--redis", url)
        result = await asyncio.to_thread(admin, "logout", "Irene", *db)
        assert result.returncode == 0, result.stderr
        await _closed_as_unauthorized(irene)


async def test_a_logout_on_one_process_closes_the_socket_on_another(tmp_path: Path) -> None:
    url = await redis_or_skip()
    db = f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    async with (
        running_server(fast_settings(tmp_path / "a", redis_url=url, db_url=db)) as one,
        running_server(fast_settings(tmp_path / "b", redis_url=url, db_url=db)) as two,
        httpx.AsyncClient(base_url=one.http) as http,
    ):
        token = await _registered(http, "Nora", "correct horse")
        there = Player("Nora", token, two.ws)
        await there.connect()
        await asyncio.sleep(0.2)  # the relay subscriptions are live
        reply = await http.post("/api/logout", headers={"authorization": f"Bearer {token}"})
        assert reply.status_code == 204
        await _closed_as_unauthorized(there)


def test_a_database_that_is_missing_empty_or_foreign_is_one_line_and_nothing_is_created(
    tmp_path: Path,
) -> None:
    def logout(url: str) -> subprocess.CompletedProcess[str]:
        return admin("logout", "Marta", "--db", url, "--data-dir", str(tmp_path))

    missing = tmp_path / "fresh.db"
    result = logout(f"sqlite+aiosqlite:///{missing}")
    assert (result.returncode, result.stderr) == (
        2,
        f"cuatrola admin: the database {missing} does not exist: run `cuatrola migrate` first\n",
    )
    assert not missing.exists()  # an operator tool leaves no empty database behind
    empty = tmp_path / "empty.db"
    empty.touch()
    result = logout(f"sqlite+aiosqlite:///{empty}")
    assert (result.returncode, result.stderr) == (
        2,
        "cuatrola admin: the database has no schema: run `cuatrola migrate` first\n",
    )
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database\n")
    result = logout(f"sqlite+aiosqlite:///{foreign}")
    assert (result.returncode, result.stderr) == (
        2,
        "cuatrola admin: cannot open the database: file is not a database\n",
    )
    assert foreign.read_text() == "not a database\n"
    result = logout(f"postgresql+asyncpg://nobody@127.0.0.1:{free_port()}/x")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("cuatrola admin: cannot open the database: ")
    result = logout("postgresql+bogus://u:S3CRETPW@127.0.0.1/x")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "S3CRETPW" not in result.stderr and "u:***@127.0.0.1" in result.stderr


async def test_with_an_unreachable_redis_no_login_ends(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path)
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        token = await _registered(http, "Marta", "correct horse")
        db = ("--db", settings.resolved_db_url(), "--data-dir", str(tmp_path))
        redis = ("--redis", f"redis://127.0.0.1:{free_port()}/0")
        result = await asyncio.to_thread(admin, "logout", "marta", *db, *redis)
        # The servers could not be told to close the sockets: refused before anything changed
        # (it used to end the logins, warn, and exit 0).
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and "does not answer" in result.stderr
        assert "nothing changed" in result.stderr and ".:" not in result.stderr
        me = await http.get("/api/me", headers={"authorization": f"Bearer {token}"})
        assert me.status_code == 200

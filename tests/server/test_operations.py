"""What an operator runs and asks: health and readiness, node data, ``cuatrola migrate``,
the shared secret, and Redis names scoped per deployment (real servers on loopback, real
PostgreSQL and Redis)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

from cuatrola.server.scaleout import check_prefix
from cuatrola.storage.base import TableMeta
from tests.server.live import (
    Player,
    fast_settings,
    guest_token,
    make_players,
    running_server,
)
from tests.server.test_live_redis import redis_or_skip
from tests.services import service
from tests.support.databases import postgres_database
from tests.support.proxy import CuttableProxy
from tests.support.servers import QUICK, ServeProcess, free_port


def cuatrola(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", *args], capture_output=True, text=True, timeout=120
    )


async def test_healthz_names_the_node_and_node_lists_its_tables(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path, node_name="node-a")) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        health = (await http.get("/healthz")).json()
        assert health["status"] == "ok"
        assert (health["node"], health["tables"]) == ("node-a", 0)
        (ana,) = await make_players(server, ["Ana"])
        ack = await ana.command({"type": "create_table", "options": {}})
        assert ack["type"] == "ack"
        node = (await http.get("/node")).json()
        assert node["node"] == "node-a"
        assert [(t["id"], t["kind"], t["status"]) for t in node["tables"]] == [
            (ack["table"], "private", "open")
        ]
        assert (await http.get("/healthz")).json()["tables"] == 1
        ready = await http.get("/readyz")
        assert (ready.status_code, ready.json()["status"]) == (200, "ready")
        await ana.close()


def _through(url: str, port: int) -> str:
    """``url`` with its host and port replaced by the proxy's."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit(parts._replace(netloc=f"{user}127.0.0.1:{port}"))


async def _readiness(http: httpx.AsyncClient, want: int, seconds: float = 15.0) -> dict[str, str]:
    """The first ``/readyz`` answer with status ``want`` (asked until then)."""
    async with asyncio.timeout(seconds):
        while True:
            answer = await http.get("/readyz")
            if answer.status_code == want:
                body: dict[str, str] = answer.json()
                return body
            await asyncio.sleep(0.2)


async def test_readyz_is_not_ready_while_the_database_is_unreachable(tmp_path: Path) -> None:
    async with service(postgres_database()) as url:
        port = urlsplit(url).port or 5432
        proxy = CuttableProxy(port)
        await proxy.start()
        settings = fast_settings(tmp_path, db_url=_through(url, proxy.port), node_name="pg-node")
        try:
            async with (
                running_server(settings) as server,
                httpx.AsyncClient(base_url=server.http) as http,
            ):
                assert (await _readiness(http, 200))["status"] == "ready"
                proxy.refusing = True
                proxy.cut()
                down = await _readiness(http, 503)
                assert down["status"] == "not ready"
                assert down["node"] == "pg-node"
                assert "database" in down["reason"]
                # Alive all the while: a liveness check must not restart a node for this.
                assert (await http.get("/healthz")).status_code == 200
                proxy.refusing = False
                assert (await _readiness(http, 200))["status"] == "ready"
        finally:
            await proxy.close()


async def _lobby_watcher(player: Player) -> None:
    await player.send({"type": "lobby", "on": True})
    await player.next("lobby")


async def test_redis_channels_are_scoped_by_database_number_and_prefix(tmp_path: Path) -> None:
    url = await redis_or_skip()
    base = url.rsplit("/", 1)[0] if urlsplit(url).path not in ("", "/") else url.rstrip("/")
    on = {name: tmp_path / name for name in ("a", "same", "db", "prefix")}
    for directory in on.values():
        directory.mkdir()
    async with (
        running_server(fast_settings(on["a"], redis_url=f"{base}/1")) as origin,
        running_server(fast_settings(on["same"], redis_url=f"{base}/1")) as same,
        running_server(fast_settings(on["db"], redis_url=f"{base}/2")) as other_db,
        running_server(
            fast_settings(on["prefix"], redis_url=f"{base}/1", redis_prefix="other:")
        ) as other_prefix,
    ):
        (ana,) = await make_players(origin, ["Ana"])
        (bea,) = await make_players(same, ["Bea"])
        (cid,) = await make_players(other_db, ["Cid"])
        (dan,) = await make_players(other_prefix, ["Dan"])
        for watcher in (bea, cid, dan):
            await _lobby_watcher(watcher)
        await asyncio.sleep(0.3)  # the relay subscriptions are live
        ack = await ana.command({"type": "create_table", "options": {"public": True}})
        update = await bea.next("lobby_update", timeout=5)
        while update["table"]["id"] != ack["table"]:
            update = await bea.next("lobby_update", timeout=5)
        # The same database and prefix heard it; another database or prefix hears nothing.
        await asyncio.sleep(0.5)
        for deaf in (cid, dan):
            heard = [f for f in deaf.frames if f["type"] == "lobby_update"]
            assert [f for f in heard if f["table"]["id"] == ack["table"]] == []
        for player in (ana, bea, cid, dan):
            await player.close()


@pytest.mark.parametrize("prefix", ["", "no-colon", "has space:", "é:", "x" * 65 + ":"])
def test_a_bad_redis_prefix_is_refused(prefix: str) -> None:
    with pytest.raises(ValueError, match="Redis prefix"):
        check_prefix(prefix)


def test_serve_refuses_a_bad_redis_prefix_in_one_line(tmp_path: Path) -> None:
    result = cuatrola(
        "serve",
        "--port",
        str(free_port()),
        "--data-dir",
        str(tmp_path),
        "--redis-prefix",
        "bad prefix",
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "Redis prefix" in result.stderr


def test_migrate_then_serve_without_migrating(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'cluster.db'}"
    # A database nobody migrated: a node told not to migrate refuses it, in one line, at the
    # default log level too (alembic's INFO lines of the schema check used to come first).
    port = str(free_port())  # not the default 8000, where a developer's own server may run
    unmigrated = cuatrola(
        "serve", "--port", port, "--data-dir", str(tmp_path), "--db", db, "--no-migrate"
    )
    assert unmigrated.returncode == 2
    assert "run `cuatrola migrate` first" in unmigrated.stderr
    assert unmigrated.stderr.count("\n") == 1
    first = cuatrola("migrate", "--db", db)
    assert first.returncode == 0, first.stderr
    assert "the database is at revision" in first.stdout
    again = cuatrola("migrate", "--db", db)
    assert (again.returncode, again.stdout) == (0, first.stdout)
    with ServeProcess(tmp_path / "node", *QUICK, db=None) as node:
        node.stop()
        node.start("--db", db, "--no-migrate")
        assert httpx.get(f"{node.http}/readyz").json()["status"] == "ready"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("nonsense", "bad database URL"),
        ("postgresql+asyncpg://postgres@127.0.0.1:1/none", "cannot migrate the database"),
        # libpq's option, which asyncpg does not take: named, not "connect() got an
        # unexpected keyword argument".
        (
            "postgresql+asyncpg://postgres@127.0.0.1:1/none?sslmode=disable",
            "the database URL's option 'sslmode' is not one its driver takes",
        ),
    ],
)
def test_migrate_reports_a_bad_database_in_one_line(url: str, message: str) -> None:
    result = cuatrola("migrate", "--db", url)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


async def _accepted(server: ServeProcess, token: str) -> bool:
    """Whether ``server`` lets ``token`` in (its hello is answered with a welcome)."""
    player = Player("Ana", token, server.ws)
    await player.client.open()
    await player.send({"type": "hello", "token": token})
    async with asyncio.timeout(10):
        frame = await player.inbox.get()
        while frame["type"] not in ("welcome", "error"):
            frame = await player.inbox.get()
    await player.close()
    return bool(frame["type"] == "welcome")


async def test_a_token_minted_on_one_node_opens_another_with_the_shared_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = tmp_path / "shared.key"
    secret.write_text("a-shared-secret-of-the-cluster-0123456789\n")
    async with service(postgres_database()) as url:
        db = ("--db", url)
        with ServeProcess(tmp_path / "a", *QUICK, *db, "--secret-file", str(secret), db=None) as a:
            token = await guest_token(a.http, "Ana")
            # Node b gets the same secret from the environment; node c has its own.
            monkeypatch.setenv("CUATROLA_SECRET", secret.read_text().strip())
            with ServeProcess(tmp_path / "b", *QUICK, *db, db=None) as b:
                assert await _accepted(b, token)
            monkeypatch.delenv("CUATROLA_SECRET")
            with ServeProcess(tmp_path / "c", *QUICK, *db, db=None) as c:
                assert not await _accepted(c, token)
            assert await _accepted(a, token)


def _children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(c) for c in (task / "children").read_text().split())
    return found


def _is_pool_worker(pid: int) -> bool:
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # a zombie has exited; only its parent's wait is missing


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads processes from /proc")
async def test_computer_player_workers_die_with_a_killed_server(tmp_path: Path) -> None:
    with ServeProcess(tmp_path, *QUICK, "--bot-workers", "1") as server:
        assert server.proc is not None
        (ana,) = [Player("Ana", await guest_token(server.http, "Ana"), server.ws)]
        await ana.connect()
        ack = await ana.command({"type": "play_computer", "options": {"bot_level": "expert"}})
        assert ack["type"] == "ack"
        async with asyncio.timeout(60):
            # The pool starts its worker (beside multiprocessing's resource tracker) for the
            # computer players' first decision.
            workers = _children(server.proc.pid)
            while not any(_is_pool_worker(p) for p in workers):
                await asyncio.sleep(0.1)
                workers = _children(server.proc.pid)
        await ana.close()
        server.kill()
        async with asyncio.timeout(10):
            while any(_alive(w) for w in workers):
                await asyncio.sleep(0.1)


def test_no_analysis_leaves_hands_and_matches_unanalysed_until_asked(tmp_path: Path) -> None:
    from cuatrola.server.app import create_app

    on = create_app(fast_settings(tmp_path / "on")).state.services
    off = create_app(fast_settings(tmp_path / "off", analysis=False)).state.services
    assert on.hand_analyser is not None and len(on.match_listeners) == 2
    # Off: only the history hears of a finished match, and no hand is analysed.
    assert off.hand_analyser is None and len(off.match_listeners) == 1


async def test_a_node_that_is_stopping_takes_no_table_over(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        room = server.app.state.room
        free = TableMeta(
            id="t-free",
            code="FREE01",
            kind="private",
            options={},
            status="open",
            created_at=time.time(),
        )
        await room.store.create(free)  # a table nobody holds
        room.stopping = True  # what Room.stop sets first, as SIGTERM begins the drain
        assert not await room.take(free)
        assert "t-free" not in room.runners
        room.stopping = False
        assert await room.take(free) or "t-free" in room.runners

"""SIGTERM while the database or Redis is unreachable: real ``cuatrola serve`` processes, real
PostgreSQL and Redis behind loopback proxies that cut them, either refusing every connection
("refused") or taking them and never answering, as a network that drops packets ("silent").

The node stops by itself well within systemd's TimeoutStopSec (20 s, docs/deploy.md), without
a traceback. With the database gone it says that its tables were not handed over (their
commits not stored were never acknowledged) and exits with status 1; a node started again on
the same database resumes the table, and every move acknowledged to a client is stored. With
Redis gone it hands its table over through the database as usual (status 0), and the other
node plays it on at once.

And what a stop used to wait for needlessly: a worker's task in progress (the analysis of a
hand), and SQLAlchemy's graceful close of a connection that does not answer."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import httpx
import pytest

from cuatrola.storage.base import give_up
from cuatrola.storage.sql import make_engine
from tests.server.live import Player, drive, guest_token
from tests.server.test_cluster import cluster_db, node, owned
from tests.server.test_db_outage import _stored_moves, _to_move
from tests.server.test_live_redis import redis_or_skip
from tests.server.test_many_nodes import know_each_other
from tests.server.test_operations import _through
from tests.support.proxy import CuttableProxy
from tests.support.servers import ServeProcess

#: Seconds a node may take to stop after SIGTERM (systemd waits 20).
BOUND = 15.0
#: Leases far longer than the tests: only a hand-over (or the same node started again) lets
#: a node take a table.
LONG = ("--lease", "600")
#: The seats of people who drop at the stop stay theirs through it (no computer player moves
#: for them, so every stored move is one a test client made); no cante windows on timers.
STEADY = ("--grace", "60", "--cante-window", "0")

Outage = Literal["refused", "silent"]


def _cut(proxy: CuttableProxy, outage: Outage) -> None:
    if outage == "refused":
        proxy.refusing = True
        proxy.cut()
    else:
        proxy.hold()  # every byte the service sends is held: connections stay, answers never come


def _restore(proxy: CuttableProxy) -> None:
    proxy.refusing = False
    proxy.release()


async def _four_at_a_table(
    server: ServeProcess, other: ServeProcess | None = None
) -> tuple[list[Player], str]:
    """Four people at a table on ``server``; Bea and Dan connected to ``other`` (when given),
    their commands forwarded to ``server`` through Redis."""
    players = []
    for name in ("Ana", "Bea", "Cid", "Dan"):
        through = other if other is not None and name in ("Bea", "Dan") else server
        player = Player(name, await guest_token(through.http, name), through.ws)
        await player.connect()
        players.append(player)
    ack = await players[0].command({"type": "create_table", "options": {"turn_time": 0}})
    assert ack["type"] == "ack", ack
    sync = await players[0].next("sync")
    for seat, player in enumerate(players[1:], start=1):
        reply = await player.command({"type": "join", "code": sync["info"]["code"], "seat": seat})
        assert reply["type"] == "ack", reply
        await player.next("sync")
    return players, str(ack["table"])


async def _next_mover(players: list[Player], table: str) -> Player:
    """The player to move once every client has every event (a step the last move set off,
    such as the next deal, may still be on its way)."""
    async with asyncio.timeout(10):
        while True:
            top = max(p.seq.get(table, 0) for p in players)
            if all(p.seq.get(table) == top for p in players):
                with contextlib.suppress(ValueError):
                    return _to_move(players)
            await asyncio.sleep(0.01)


async def _back(server: ServeProcess, players: list[Player], table: str) -> list[Player]:
    """The same people through ``server``, following ``table`` (other names for the command
    ids, so that none repeats one of the first connections')."""
    back = []
    for player in players:
        await player.close()
        again = Player(f"{player.name}-back", player.token, server.ws)
        await again.connect()
        assert (await again.client.subscribe(table)).table == table
        await again.next("sync")
        back.append(again)
    return back


async def _sigterm(server: ServeProcess) -> tuple[int, float, str]:
    """SIGTERM; the exit status, the seconds it took to exit and what it logged meanwhile.
    Fails (after SIGKILL) if it is still running after :data:`BOUND` seconds."""
    assert server.proc is not None
    logged = server.stderr.stat().st_size
    began = time.monotonic()
    server.proc.terminate()
    try:
        # In a thread: the proxies run on this event loop.
        status = await asyncio.to_thread(server.proc.wait, BOUND)
    except subprocess.TimeoutExpired:
        server.kill()
        pytest.fail(f"cuatrola serve still ran {BOUND:g} s after SIGTERM:\n{server.logs()}")
    seconds = time.monotonic() - began
    with server.stderr.open("rb") as err:
        err.seek(logged)
        log = err.read().decode(errors="replace")
    return status, seconds, log


@pytest.mark.parametrize("outage", ["refused", "silent"])
async def test_sigterm_while_the_database_is_down(tmp_path: Path, outage: Outage) -> None:
    async with cluster_db() as url:
        proxy = CuttableProxy(urlsplit(url).port or 5432)
        await proxy.start()
        server = node(tmp_path, "a", _through(url, proxy.port), *LONG, *STEADY)
        try:
            await asyncio.to_thread(server.start)
            players, table = await _four_at_a_table(server)
            rng = random.Random(11)
            made = await drive(players, table, rng, 6)
            assert made == 6
            mover = await _next_mover(players, table)
            assert mover.view is not None
            _cut(proxy, outage)
            move = {"type": "act", "table": table, "action": mover.view["legal"][0]}
            if outage == "refused":
                refused = await mover.command(move, timeout=30)
                assert (refused["type"], refused["code"]) == ("error", "unavailable")
            else:
                # On its way as the node stops: its commit waits for the database, so it is
                # neither acknowledged nor stored (the silent database takes no statement).
                await mover.send({**move, "id": "on-its-way"})
                await asyncio.sleep(0.3)
            status, seconds, log = await _sigterm(server)
            print(f"{outage}: exit status {status} {seconds:.2f} s after SIGTERM")
            assert seconds < BOUND
            assert "Traceback" not in log, log
            why = "is unreachable" if outage == "refused" else "did not answer in time"
            assert f"could not hand 1 table(s) over: the database {why}" in log, log
            if outage == "silent":  # the move's commit waited in the store's queue
                assert "queued commits not stored: the database did not answer" in log, log
            assert status == 1, log
            assert not [f for f in mover.frames if f.get("id") == "on-its-way"]
            _restore(proxy)
            # Started again (as systemd would), the node resumes the table and play goes on.
            await asyncio.to_thread(server.start)
            back = await _back(server, players, table)
            made += await drive(back, table, rng, 6)
            assert made == 12
            for player in back:
                await player.close()
        finally:
            await asyncio.to_thread(server.stop)
            await proxy.close()
        assert await _stored_moves(url, table) == made


@pytest.mark.parametrize("outage", ["refused", "silent"])
async def test_sigterm_while_redis_is_down_still_hands_the_table_over(
    tmp_path: Path, outage: Outage
) -> None:
    redis = urlsplit(await redis_or_skip())
    proxy = CuttableProxy(redis.port or 6379)
    await proxy.start()
    through = f"redis://127.0.0.1:{proxy.port}{redis.path or '/0'}"
    shared = ("--redis", through, "--redis-prefix", f"test-{secrets.token_hex(4)}:")
    async with cluster_db() as url:
        a = node(tmp_path, "a", url, *shared, *LONG, *STEADY)
        b = node(tmp_path, "b", url, *shared, *LONG, *STEADY)
        try:
            await asyncio.to_thread(a.start)
            await asyncio.to_thread(b.start)
            await know_each_other((a, b))
            players, table = await _four_at_a_table(a, b)
            rng = random.Random(12)
            made = await drive(players, table, rng, 6)
            assert made == 6
            _cut(proxy, outage)
            status, seconds, log = await _sigterm(a)
            print(f"{outage}: exit status {status} {seconds:.2f} s after SIGTERM")
            assert seconds < BOUND
            assert "Traceback" not in log, log
            assert status == 0, log
            # Handed over through the database: b takes it at once, not after the lease.
            async with asyncio.timeout(15):
                while table not in [t["id"] for t in await owned(b)]:
                    await asyncio.sleep(0.1)
            back = await _back(b, players, table)
            made += await drive(back, table, rng, 6)
            assert made == 12
            for player in back:
                await player.close()
            async with httpx.AsyncClient(base_url=b.http) as http:
                metrics = (await http.get("/metrics")).text
            assert "cuatrola_handovers_total 1\n" in metrics
            assert "cuatrola_failovers_total 0\n" in metrics
        finally:
            _restore(proxy)
            await asyncio.to_thread(a.stop)
            await asyncio.to_thread(b.stop)
            await proxy.close()
        assert await _stored_moves(url, table) == made


_BUSY_WORKER = """
import multiprocessing, time
from concurrent.futures import ProcessPoolExecutor
from cuatrola.server.workers import die_with_parent, stop_pool

if __name__ == "__main__":
    # As the server's pools: a worker never outlives this process, even if the test kills it.
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(1, mp_context=spawn, initializer=die_with_parent)
    assert pool.submit(int, "1").result() == 1  # the worker is up
    pool.submit(time.sleep, 60)  # a task in progress (an analysis, a computer player's move)
    time.sleep(0.5)
    stop_pool(pool)
    print("stopped", flush=True)
"""


def test_a_stopped_worker_pool_does_not_hold_the_exit() -> None:
    # shutdown(wait=False) alone returns at once, and then the exit waits for the task.
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", _BUSY_WORKER], capture_output=True, text=True, timeout=20
    )
    assert (done.returncode, done.stdout) == (0, "stopped\n"), done.stderr
    assert time.monotonic() - began < 15


async def test_a_call_given_up_on_a_silent_database_ends_at_once() -> None:
    async with cluster_db() as url:
        proxy = CuttableProxy(urlsplit(url).port or 5432)
        await proxy.start()
        engine = make_engine(_through(url, proxy.port))
        try:
            async with engine.connect() as conn:
                await conn.exec_driver_sql("SELECT 1")
            proxy.hold()

            async def query() -> None:
                async with engine.connect() as conn:
                    await conn.exec_driver_sql("SELECT 1")

            call = asyncio.create_task(query())
            await asyncio.sleep(0.5)
            began = time.monotonic()
            await give_up(call)
            # One cancellation alone waits 2 s: SQLAlchemy first tries a graceful close.
            assert call.cancelled()
            assert time.monotonic() - began < 1.0
        finally:
            proxy.release()
            await engine.dispose()
            await proxy.close()

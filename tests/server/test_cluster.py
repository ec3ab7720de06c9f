"""Several ``cuatrola serve`` nodes on one PostgreSQL: each live table has one owner with a
fencing epoch and a lease (real processes killed with SIGKILL and paused with SIGSTOP)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx

from cuatrola.clients.remote import ConnectionLost
from cuatrola.storage.sql import SqlStore, make_engine
from tests.server.live import Player, guest_token
from tests.services import service
from tests.support.databases import postgres_database
from tests.support.servers import QUICK, ServeProcess

LEASE = "1.5"
SECRET = "a-shared-secret-of-the-cluster-0123456789"


@asynccontextmanager
async def cluster_db() -> AsyncIterator[str]:
    async with service(postgres_database()) as url:
        yield url


def node(tmp_path: Path, name: str, url: str, *extra: str) -> ServeProcess:
    """A node of the cluster (not started), with the cluster's shared secret."""
    secret = tmp_path / "cluster.key"
    secret.write_text(SECRET)
    args = (*QUICK, "--db", url, "--node", name, "--lease", LEASE, "--bot-workers", "0")
    return ServeProcess(tmp_path / name, *args, "--secret-file", str(secret), *extra, db=None)


async def owned(server: ServeProcess) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=server.http) as http:
        tables: list[dict[str, Any]] = (await http.get("/node")).json()["tables"]
        return tables


async def stored_acts(url: str, table: str) -> list[dict[str, Any]]:
    engine = make_engine(url)
    try:
        rows = await SqlStore(engine, migrate=False).records(table)
    finally:
        await engine.dispose()
    # A choice in a cante window is a seat's move too, stored as a "choice" record.
    return [r for r in rows if r["r"] in ("act", "choice")]


async def computer_table(
    server: ServeProcess, name: str, rules: str = "exact3"
) -> tuple[Player, str]:
    """A person at a table against three computer players, on ``server``."""
    player = Player(name, await guest_token(server.http, name), server.ws)
    await player.connect()
    options = {"rules": rules, "bot_level": "easy", "turn_time": 0}
    ack = await player.command({"type": "play_computer", "options": options})
    assert ack["type"] == "ack", ack
    await player.next("sync")
    return player, str(ack["table"])


def first_legal(player: Player) -> str:
    assert player.view is not None
    return str(player.view["legal"][0])


async def my_turn(player: Player) -> None:
    async with asyncio.timeout(30):
        while not (player.view and player.view["to_move"] == player.seat and player.view["legal"]):
            await player.inbox.get()


async def plays_on(server: ServeProcess, token: str, table: str) -> Player:
    """The table's person, back through ``server``: follows the table (the client retries
    while the table moves there) and makes the move of their turn, which is stored."""
    # Another name for the command ids: this connection's must not repeat the first one's.
    player = Player("Ana-back", token, server.ws)
    await player.connect()
    assert (await player.client.subscribe(table)).table == table
    await player.next("sync")
    await my_turn(player)
    ack = await player.command({"type": "act", "table": table, "action": first_legal(player)})
    assert (ack["type"], ack.get("duplicate", False)) == ("ack", False), ack
    return player


async def test_a_second_node_leaves_the_first_nodes_tables_alone(tmp_path: Path) -> None:
    async with cluster_db() as url:
        with node(tmp_path, "a", url) as a:
            ana, table = await computer_table(a, "Ana")
            with node(tmp_path, "b", url) as b:
                await asyncio.sleep(3 * float(LEASE))  # several of b's scans
                assert await owned(b) == []
                assert [t["id"] for t in await owned(a)] == [table]
                # a still runs it, alone: Ana's move is stored once.
                await my_turn(ana)
                before = len(await stored_acts(url, table))
                ack = await ana.command({"type": "act", "table": table, "action": first_legal(ana)})
                assert ack["type"] == "ack", ack
                assert len(await stored_acts(url, table)) > before
            await ana.close()


async def test_a_killed_nodes_table_is_taken_over_and_plays_on(tmp_path: Path) -> None:
    async with cluster_db() as url:
        with node(tmp_path, "a", url) as a, node(tmp_path, "b", url) as b:
            ana, table = await computer_table(a, "Ana")
            await my_turn(ana)
            token = ana.token
            await ana.close()
            a.kill()
            # Ana comes back at once through the other node, which does not run her table
            # yet: her client is told to retry until the table has moved there.
            back = await plays_on(b, token, table)
            assert table in [t["id"] for t in await owned(b)]
            async with httpx.AsyncClient(base_url=b.http) as http:
                metrics = (await http.get("/metrics")).text
            # Whichever took it (b's scan, or Ana's command once the lease was over), a died.
            assert "cuatrola_failovers_total 1\n" in metrics
            assert "cuatrola_handovers_total 0\n" in metrics
            await back.close()


async def test_a_paused_owner_cannot_write_after_another_node_took_its_table(
    tmp_path: Path,
) -> None:
    async with cluster_db() as url:
        with node(tmp_path, "a", url) as a, node(tmp_path, "b", url) as b:
            ana, table = await computer_table(a, "Ana")
            await my_turn(ana)
            assert a.proc is not None
            a.proc.send_signal(signal.SIGSTOP)
            try:
                async with asyncio.timeout(30):
                    while table not in [t["id"] for t in await owned(b)]:
                        await asyncio.sleep(0.1)
            finally:
                a.proc.send_signal(signal.SIGCONT)
            acts = await stored_acts(url, table)
            # Ana's connection to the paused node is still open: her move there is refused
            # or her connection is closed (a learns it lost the table), and nothing is stored.
            move = {"type": "act", "id": "late-1", "table": table, "action": first_legal(ana)}
            with contextlib.suppress(ConnectionLost):  # a closed it already
                await ana.send(move)
            async with asyncio.timeout(30):
                while not ana.closed.is_set():
                    frame = await ana.inbox.get()
                    if frame.get("id") == "late-1":
                        assert frame["type"] == "error", frame
                        break
            assert await stored_acts(url, table) == acts
            async with asyncio.timeout(30):
                while await owned(a):
                    await asyncio.sleep(0.1)
            # b goes on from where the log is: one copy of every move, no gap.
            back = await plays_on(b, ana.token, table)
            after = await stored_acts(url, table)
            assert after[: len(acts)] == acts  # nothing lost, nothing written twice
            assert after[len(acts)]["seat"] == back.seat  # then Ana's move, once
            await ana.close()
            await back.close()


async def test_a_write_under_an_old_epoch_is_refused_and_the_table_dropped(
    tmp_path: Path,
) -> None:
    """The fence itself, without waiting for a lease: another node claims the table (its
    lease made to run out at once), then the old owner's next commit is refused."""
    async with cluster_db() as url:
        # A long lease: this node's renewal would find the loss only much later.
        with node(tmp_path, "a", url, "--lease", "600") as a:
            ana, table = await computer_table(a, "Ana")
            await my_turn(ana)
            engine = make_engine(url)
            try:
                async with engine.begin() as conn:
                    await conn.exec_driver_sql(
                        "UPDATE game_tables SET lease_until = 0 WHERE id = $1", (table,)
                    )
                other = SqlStore(engine, migrate=False)
                assert await other.claim(table, "b", time.time(), time.time() + 600) == 2
            finally:
                await engine.dispose()
            acts = await stored_acts(url, table)
            move = {"type": "act", "table": table, "action": first_legal(ana)}
            reply = await ana.command(move, timeout=30)
            assert (reply["type"], reply["code"]) == ("error", "unavailable")
            assert await stored_acts(url, table) == acts
            async with asyncio.timeout(30):
                while await owned(a):
                    await asyncio.sleep(0.1)
            await ana.close()


async def test_a_node_stopped_with_sigterm_hands_its_tables_over_at_once(tmp_path: Path) -> None:
    async with cluster_db() as url:
        # Leases far longer than the test: only the hand-over lets b take the table.
        long = ("--lease", "600")
        with node(tmp_path, "a", url, *long) as a, node(tmp_path, "b", url, *long) as b:
            ana, table = await computer_table(a, "Ana")
            await my_turn(ana)
            await ana.close()
            assert a.stop() == 0  # SIGTERM: a graceful stop
            async with asyncio.timeout(60):
                while table not in [t["id"] for t in await owned(b)]:
                    await asyncio.sleep(0.1)
            back = await plays_on(b, ana.token, table)
            await back.close()
            # A graceful stop is no failure: an operator's alert on failovers stays quiet
            # through every deploy (a hand-over used to count as a failover).
            async with httpx.AsyncClient(base_url=b.http) as http:
                metrics = (await http.get("/metrics")).text
            assert "cuatrola_failovers_total 0\n" in metrics
            assert "cuatrola_handovers_total 1\n" in metrics

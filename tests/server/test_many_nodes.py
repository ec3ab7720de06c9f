"""Any node serves any client: three ``cuatrola serve`` processes on one PostgreSQL and one
Redis, with the players of one table connected to different nodes (real processes)."""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import Player, drive, guest_token
from tests.server.test_cluster import SECRET, cluster_db
from tests.server.test_live_redis import redis_or_skip
from tests.support.servers import QUICK, ServeProcess

NAMES = ("a", "b", "c")
WORKERS = ("--bot-workers", "0", "--no-analysis")


@contextmanager
def three_nodes(
    tmp_path: Path, db: str, redis: str, *extra: str, names: tuple[str, ...] = NAMES
) -> Iterator[tuple[ServeProcess, ...]]:
    """Three nodes of one cluster (or one for each of ``names``), started; a Redis prefix of
    their own."""
    prefix = f"test-{secrets.token_hex(4)}:"
    env = ("--db", db, "--redis", redis, "--redis-prefix", prefix, "--secret-file")
    secret = tmp_path / "secret.key"
    secret.write_text(SECRET)
    with ExitStack() as stack:
        nodes = tuple(
            stack.enter_context(
                ServeProcess(
                    tmp_path / n, *QUICK, *env, str(secret), "--node", n, *WORKERS, *extra, db=None
                )
            )
            for n in names
        )
        yield nodes


async def node_data(server: ServeProcess) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=server.http) as http:
        data: dict[str, Any] = (await http.get("/node")).json()
        return data


async def know_each_other(nodes: tuple[ServeProcess, ...]) -> None:
    """Wait until every node has heard every other one."""
    async with asyncio.timeout(20):
        for server in nodes:
            while len((await node_data(server))["peers"]) < len(nodes) - 1:
                await asyncio.sleep(0.1)


async def player(server: ServeProcess, name: str) -> Player:
    one = Player(name, await guest_token(server.http, name), server.ws)
    await one.connect()
    return one


async def test_players_on_three_nodes_play_one_table(tmp_path: Path) -> None:
    redis = await redis_or_skip()
    async with cluster_db() as db:
        with three_nodes(tmp_path, db, redis) as (a, b, c):
            await know_each_other((a, b, c))
            ana, bea, cid, dan = (
                await player(a, "Ana"),
                await player(b, "Bea"),
                await player(c, "Cid"),
                await player(b, "Dan"),
            )
            options = {"rules": "exact3", "public": True, "bot_level": "easy", "turn_time": 0}
            ack = await ana.command({"type": "create_table", "options": options, "seat": 0})
            assert ack["type"] == "ack", ack
            table = str(ack["table"])
            await ana.next("sync")
            # The lobby of every node lists it (its owner's beats carry it).
            async with asyncio.timeout(10):
                while True:
                    async with httpx.AsyncClient(base_url=c.http) as http:
                        rows = (await http.get("/api/tables")).json()["tables"]
                    if [r["id"] for r in rows] == [table]:
                        break
                    await asyncio.sleep(0.2)
            assert rows[0]["free_seats"] == [1, 2, 3]
            # The lobby's online count is every node's: four people on three nodes.
            async with asyncio.timeout(10):
                while True:
                    await cid.send({"type": "lobby", "on": True})
                    if (await cid.next("lobby"))["online"] == 4:
                        break
                    await asyncio.sleep(0.2)
            await cid.send({"type": "lobby", "on": False})
            # Bea joins on b by the invite code, Cid on c by the id; Dan watches from b.
            code = ana_code(ana, table)
            joined = await bea.command({"type": "join", "code": code, "seat": 1})
            assert joined["type"] == "ack", joined
            await bea.next("sync")
            joined = await cid.command({"type": "join", "table": table, "seat": 2})
            assert joined["type"] == "ack", joined
            await cid.next("sync")
            watching = await dan.command({"type": "subscribe", "table": table})
            assert (watching["type"], watching["seat"]) == ("ack", None), watching
            await dan.next("sync")
            added = await bea.command({"type": "add_bot", "table": table, "seat": 3})
            assert added["type"] == "ack", added
            # The match is played to its end from three nodes; the table runs on a alone.
            rng = random.Random(7)
            async with asyncio.timeout(120):
                await asyncio.gather(*(p.play(rng) for p in (ana, bea, cid)))
            assert [t["id"] for t in (await node_data(a))["tables"]] == [table]
            assert (await node_data(b))["tables"] == (await node_data(c))["tables"] == []
            # Everybody saw the same events, in order (Player checks there is no gap).
            final = ana.seq[table]
            async with asyncio.timeout(10):
                while min(p.seq.get(table, 0) for p in (bea, cid, dan)) < final:
                    await asyncio.sleep(0.05)
            public = [_public(f) for f in ana.frames if _at(f, table)]
            for other in (bea, cid, dan):
                theirs = [_public(f) for f in other.frames if _at(f, table)]
                assert theirs[-len(public) :] == public[-len(theirs) :]
            # Chat from a node that does not run the table reaches every follower.
            said = await dan.command({"type": "chat", "table": table, "text": "bien jugado"})
            assert said["type"] == "ack", said
            heard = await cid.next("event", timeout=10)
            while heard["body"]["kind"] != "chat":
                heard = await cid.next("event", timeout=10)
            assert heard["body"]["text"] == "bien jugado"
            for one in (ana, bea, cid, dan):
                await one.close()


def ana_code(ana: Player, table: str) -> str:
    """The invite code of ``table``, from its creator's sync."""
    for frame in ana.frames:
        if frame["type"] == "sync" and frame["table"] == table:
            return str(frame["info"]["code"])
    raise AssertionError("no sync with the table's code")


def _at(frame: dict[str, Any], table: str) -> bool:
    return bool(frame["type"] == "event" and frame["table"] == table)


def _public(frame: dict[str, Any]) -> tuple[int, str]:
    """An event as every follower sees it: its seq and kind (views differ by seat)."""
    body = frame["body"]
    return frame["seq"], body["kind"] if body is not None else ""


async def test_the_quick_match_queue_is_one_for_every_node(tmp_path: Path) -> None:
    redis = await redis_or_skip()
    async with cluster_db() as db:
        # A long fill wait: only four people queued on two nodes make this table.
        with three_nodes(tmp_path, db, redis, "--quick-fill", "60") as (a, b, c):
            await know_each_other((a, b, c))
            people = [
                await player(a, "Ana"),
                await player(a, "Bea"),
                await player(b, "Cid"),
                await player(c, "Dan"),
            ]
            for one in people[:3]:
                ack = await one.command({"type": "quick_match", "on": True})
                assert ack["type"] == "ack", ack
            status = await people[2].next("queue", timeout=10, on=True)
            assert status["waiting"] >= 1
            # The fourth queues on a third node: one table for the four of them.
            await people[3].command({"type": "quick_match", "on": True})
            seated = [await p.next("seated", timeout=15) for p in people]
            assert len({s["table"] for s in seated}) == 1
            assert sorted(s["seat"] for s in seated) == [0, 1, 2, 3]
            table = seated[0]["table"]
            syncs = [await p.next("sync", timeout=15) for p in people]
            assert all(s["table"] == table for s in syncs)
            names = sorted(seat["name"] for seat in syncs[0]["info"]["seats"])
            assert names == ["Ana", "Bea", "Cid", "Dan"]  # four people, no computer player
            assert syncs[0]["info"]["options"]["rules"] == "hands11"
            # They play on, each through their own node.
            rng = random.Random(3)
            assert await drive(people, table, rng, moves=8) == 8
            for one in people:
                await one.close()


async def test_a_queued_player_of_a_node_that_died_is_not_seated(tmp_path: Path) -> None:
    redis = await redis_or_skip()
    async with cluster_db() as db:
        with three_nodes(tmp_path, db, redis, "--quick-fill", "2") as (a, b, c):
            await know_each_other((a, b, c))
            ana, bea = await player(a, "Ana"), await player(b, "Bea")
            assert (await bea.command({"type": "quick_match", "on": True}))["type"] == "ack"
            await bea.next("queue", timeout=10, on=True)
            b.kill()  # Bea's node dies with her in the queue
            await asyncio.sleep(6)  # its run's alive key expires
            assert (await ana.command({"type": "quick_match", "on": True}))["type"] == "ack"
            seated = await ana.next("seated", timeout=15)
            sync = await ana.next("sync", timeout=15, table=seated["table"])
            names = [seat["name"] for seat in sync["info"]["seats"]]
            assert "Bea" not in names and "Ana" in names
            await ana.close()


async def test_a_node_that_stops_cleanly_says_it_leaves(tmp_path: Path) -> None:
    # A deploy's restart is no failure: the other node must not warn that it went silent.
    redis = await redis_or_skip()
    async with cluster_db() as db:
        with three_nodes(tmp_path, db, redis, "--log-level", "info", names=("a", "b")) as (a, b):
            await know_each_other((a, b))
            assert a.stop() == 0
            async with asyncio.timeout(20):
                while not any("node a leaves" in line for line in b.stderr_lines()):
                    await asyncio.sleep(0.1)
            assert (await node_data(b))["peers"] == []
        said = [line for line in b.stderr_lines() if "node a " in line]
        assert len(said) == 1 and " INFO cuatrola.cluster node a leaves" in said[0], said
        assert any("INFO cuatrola.cluster node a leaves" in line for line in a.stderr_lines())

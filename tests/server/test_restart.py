"""What a restart of a single node keeps (real ``cuatrola serve`` processes killed with
SIGKILL, on SQLite): a finished table in its rematch window, and what was left of a turn
(the time the server was down left out)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import Player, guest_token
from tests.support.servers import QUICK, ServeProcess


def _stored_kinds(db: Path, table: str) -> list[str]:
    """The kinds of a table's stored records, in order (read from the SQLite file)."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT record FROM table_records WHERE table_id = ? ORDER BY number", (table,)
        ).fetchall()
    return [json.loads(row[0])["r"] for row in rows]


async def _connected(server: ServeProcess, token: str) -> Player:
    player = Player("Ana", token, server.ws)
    await player.connect()
    return player


async def _table_row(server: ServeProcess, table: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=server.http) as http:
        rows = (await http.get("/node")).json()["tables"]
    (row,) = [r for r in rows if r["id"] == table]
    return dict(row)


async def test_a_finished_table_outlives_a_crash_and_plays_its_rematch(tmp_path: Path) -> None:
    with ServeProcess(tmp_path, *QUICK, "--grace", "0.2", "--bot-workers", "0") as server:
        token = await guest_token(server.http, "Ana")
        ana = await _connected(server, token)
        ack = await ana.command(
            {"type": "play_computer", "options": {"rules": "exact3", "bot_level": "easy"}}
        )
        assert ack["type"] == "ack"
        table = ack["table"]
        # Ana goes away: a computer player plays her seat, and the short match ends.
        await ana.close()
        async with asyncio.timeout(60):
            while (await _table_row(server, table))["status"] != "finished":
                await asyncio.sleep(0.2)
        server.kill()
        server.start()
        assert (await _table_row(server, table))["status"] == "finished"
        back = await _connected(server, token)
        reply = await back.command({"type": "subscribe", "table": table})
        assert reply["type"] == "ack"
        sync = await back.next("sync")
        assert sync["info"]["status"] == "finished"
        assert (await back.command({"type": "rematch", "table": table, "accept": True}))[
            "type"
        ] == "ack"
        start = await back.next("event", timeout=20)
        while (start.get("body") or {}).get("kind") != "match_start":
            start = await back.next("event", timeout=20)
        # The rematch began with a snapshot, and the log before it is gone (compaction).
        assert server.db is not None
        async with asyncio.timeout(10):
            while _stored_kinds(server.db, table)[0] != "snapshot":
                await asyncio.sleep(0.1)
        await back.close()
        # The compacted table comes back after another crash, in its second match.
        server.kill()
        server.start()
        assert (await _table_row(server, table))["status"] == "playing"
        again = await _connected(server, token)
        await again.command({"type": "subscribe", "table": table})
        sync = await again.next("sync")
        assert sync["info"]["status"] == "playing"
        assert sync["view"] is not None
        await again.close()


#: The turn time of the clock tests: short, so that an outage can outlast it.
TURN = 5.0


async def _anas_turn(server: ServeProcess) -> tuple[str, str]:
    """Ana's token and her table against the computer, once it is her turn with a clock of
    :data:`TURN` seconds (it starts then)."""
    token = await guest_token(server.http, "Ana")
    ana = await _connected(server, token)
    options = {"rules": "exact3", "bot_level": "easy", "turn_time": TURN}
    table = (await ana.command({"type": "play_computer", "options": options}))["table"]
    async with asyncio.timeout(30):
        while not (ana.view is not None and ana.view.get("to_move") == 0 and ana.view.get("legal")):
            await ana.inbox.get()
    return token, str(table)


async def _sync_after_restart(
    server: ServeProcess, token: str, table: str
) -> tuple[Player, dict[str, Any]]:
    """Restart ``server`` once it has been down longer than the whole turn (counted, the turn
    would be lost on the way back): Ana, following her table again, and the ``sync`` she got."""
    await asyncio.sleep(TURN + 0.5)
    server.start()
    back = await _connected(server, token)
    await back.command({"type": "subscribe", "table": table})
    return back, await back.next("sync")


async def test_a_turn_clock_does_not_run_while_the_server_is_down(tmp_path: Path) -> None:
    with ServeProcess(tmp_path, *QUICK, "--bot-workers", "0", "--grace", "60") as server:
        token, table = await _anas_turn(server)
        await asyncio.sleep(0.5)
        server.kill()
        down = time.monotonic()
        back, sync = await _sync_after_restart(server, token, table)
        # Still Ana's turn, with what was left of it when the table's last record was
        # written (the move that gave her the turn): all of it, less the time since the
        # server came back.
        assert sync["view"]["to_move"] == 0 and sync["view"]["legal"]
        assert sync["clock"]["seat"] == 0
        left = sync["clock"]["remaining_ms"] / 1000
        back_for = time.monotonic() - down - (TURN + 0.5)
        assert TURN - back_for - 2.0 <= left <= TURN
        await back.close()


async def test_a_second_restart_within_a_turn_counts_only_its_own_outage(tmp_path: Path) -> None:
    with ServeProcess(tmp_path, *QUICK, "--bot-workers", "0", "--grace", "60") as server:
        token, table = await _anas_turn(server)
        server.kill()
        back, _ = await _sync_after_restart(server, token, table)
        restarted = time.monotonic()
        # A record of the running table (a chat line), then a second crash and outage.
        await back.command({"type": "chat", "table": table, "phrase": "hello"})
        ran = time.monotonic() - restarted
        server.kill()
        assert server.db is not None
        assert _stored_kinds(server.db, table)[-2:] == ["resume", "chat"]
        again, sync = await _sync_after_restart(server, token, table)
        # Still Ana's turn, less only the time the table ran between the two outages: the
        # first outage is not counted again (it would have lost her the turn).
        assert sync["view"]["to_move"] == 0 and sync["view"]["legal"]
        left = sync["clock"]["remaining_ms"] / 1000
        assert TURN - ran - 3.0 <= left <= TURN - ran + 0.5
        await again.close()


async def test_a_create_table_sent_again_after_a_restart_is_not_a_second_table(
    tmp_path: Path,
) -> None:
    with ServeProcess(tmp_path, *QUICK, "--bot-workers", "0") as server:
        token = await guest_token(server.http, "Ana")
        ana = await _connected(server, token)
        create = {"type": "create_table", "id": "create-1", "options": {}, "seat": 0}
        await ana.send(create)
        first = await ana.next("ack")
        computer = {"type": "play_computer", "id": "computer-1", "options": {"rules": "exact3"}}
        await ana.send(computer)
        second = await ana.next("ack")
        await ana.close()
        server.kill()
        server.start()
        # The answers never arrived, say: the client sends both again with the same ids.
        back = await _connected(server, token)
        for message, ack in ((create, first), (computer, second)):
            await back.send(message)
            again = await back.next("ack")
            assert (again["id"], again["table"], again["duplicate"]) == (
                ack["id"],
                ack["table"],
                True,
            )
        async with httpx.AsyncClient(base_url=server.http) as http:
            tables = (await http.get("/node")).json()["tables"]
        assert sorted(t["id"] for t in tables) == sorted([first["table"], second["table"]])
        await back.close()


async def test_a_mute_outlives_a_reconnection_and_a_crash(tmp_path: Path) -> None:
    with ServeProcess(tmp_path, *QUICK, "--bot-workers", "0") as server:
        ana_token = await guest_token(server.http, "Ana")
        bea_token = await guest_token(server.http, "Bea")
        ana = await _connected(server, ana_token)
        created = await ana.command({"type": "create_table", "options": {}, "seat": 0})
        table = created["table"]
        code = (await ana.next("sync"))["info"]["code"]
        bea = Player("Bea", bea_token, server.ws)
        await bea.connect()
        joined = await bea.command({"type": "join", "code": code, "seat": 1})
        assert joined["type"] == "ack", joined
        muted = await ana.command({"type": "mute", "table": table, "seat": 1, "on": True})
        assert muted["type"] == "ack"
        await ana.close()
        await bea.close()
        server.kill()
        server.start()
        ana = await _connected(server, ana_token)
        assert (await ana.command({"type": "subscribe", "table": table}))["type"] == "ack"
        await ana.next("sync")
        bea = await _connected(server, bea_token)
        await bea.command({"type": "subscribe", "table": table})
        said = await bea.command({"type": "chat", "table": table, "phrase": "hello"})
        assert said["type"] == "ack"
        line = await ana.next("event", timeout=10)
        while line["seq"] < said["seq"]:
            line = await ana.next("event", timeout=10)
        assert line["body"] is None  # Ana still does not see Bea's chat
        heard = await bea.next("event", timeout=10)
        while heard["seq"] < said["seq"]:
            heard = await bea.next("event", timeout=10)
        assert heard["body"]["kind"] == "chat"  # while Bea herself does
        await ana.close()
        await bea.close()

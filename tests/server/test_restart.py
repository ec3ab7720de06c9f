"""What a restart of a single node keeps (real ``cuatrola serve`` processes killed with
SIGKILL, on SQLite): a finished table in its rematch window, and what was left of a turn."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import Player, guest_token
from tests.support.servers import QUICK, ServeProcess


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
        await back.close()


async def test_a_turn_clock_continues_across_a_crash(tmp_path: Path) -> None:
    turn = 8.0
    with ServeProcess(tmp_path, *QUICK, "--bot-workers", "0", "--grace", "60") as server:
        token = await guest_token(server.http, "Ana")
        ana = await _connected(server, token)
        options = {"rules": "exact3", "bot_level": "easy", "turn_time": turn}
        ack = await ana.command({"type": "play_computer", "options": options})
        table = ack["table"]
        # Wait for Ana's turn: its clock starts then.
        async with asyncio.timeout(30):
            while not (
                ana.view is not None and ana.view.get("to_move") == 0 and ana.view.get("legal")
            ):
                await ana.inbox.get()
        began = time.monotonic()
        await asyncio.sleep(3.0)
        server.kill()
        server.start()
        back = await _connected(server, token)
        await back.command({"type": "subscribe", "table": table})
        sync = await back.next("sync")
        left = sync["clock"]["remaining_ms"] / 1000
        spent = time.monotonic() - began
        # What was left when the server came back, not a new 8 s turn (a little slack for
        # the restart itself).
        assert left <= turn - spent + 0.5
        assert left > 0
        await back.close()

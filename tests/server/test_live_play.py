"""Over a real uvicorn server with real websocket clients: whole matches and the card room."""

from __future__ import annotations

import asyncio
import logging
import random
import re
from pathlib import Path

import httpx
import pytest

from tests.server.live import fast_settings, make_players, running_server


async def test_four_humans_play_a_whole_match(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea, carla, dani = await make_players(server, ["Ana", "Bea", "Carla", "Dani"])
        ack = await ana.command(
            {"type": "create_table", "options": {"rules": "exact5", "turn_time": 0}, "seat": 0}
        )
        assert ack["type"] == "ack", ack
        table = ack["table"]
        sync = await ana.next("sync")
        code = sync["info"]["code"]
        for seat, player in ((1, bea), (2, carla), (3, dani)):
            reply = await player.command({"type": "join", "code": code, "seat": seat})
            assert reply["type"] == "ack", reply
            assert reply["seat"] == seat
        rng = random.Random(1)
        moves = await asyncio.gather(*(p.play(rng) for p in (ana, bea, carla, dani)))
        assert sum(moves) > 0
        for player in (ana, bea, carla, dani):
            ends = [
                f
                for f in player.frames
                if f["type"] == "event" and f["body"] and f["body"]["kind"] == "match_end"
            ]
            assert len(ends) == 1
            assert max(ends[0]["body"]["score"]) == 5
        async with httpx.AsyncClient(base_url=server.http) as http:
            metrics = (await http.get("/metrics")).text
            assert "cuatrola_moves_total" in metrics
            health = (await http.get("/healthz")).json()
            assert health["status"] == "ok"
            page = await http.get("/")
            assert page.status_code == 200
        assert table
        for player in (ana, bea, carla, dani):
            await player.close()


async def test_a_match_against_the_computer(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, finished_ttl=0.1)) as server:
        (ana,) = await make_players(server, ["Ana"])
        ack = await ana.command(
            {
                "type": "play_computer",
                "options": {"rules": "exact3", "turn_time": 0, "bot_level": "easy"},
            }
        )
        assert ack["type"] == "ack", ack
        assert ack["seat"] == 0
        await ana.play(random.Random(2))
        kinds = [f["body"]["kind"] for f in ana.frames if f["type"] == "event" and f["body"]]
        assert kinds.count("match_end") == 1
        assert kinds.count("act") > 20
        table = ack["table"]
        assert server.app.state.room.runners[table].table.status == "finished"
        # The rematch offer: the only human accepts, computer players always do.
        assert (await ana.command({"type": "rematch", "table": table}))["type"] == "ack"
        start = await ana.next("event")
        while start["body"]["kind"] != "match_start":
            start = await ana.next("event")
        assert start["body"]["match"] == 2
        await ana.send({"type": "leave", "id": "bye", "table": table})
        await ana.next("ack", id="bye")
        await ana.close()
        # Ana left mid-match: the table closes and leaves memory.
        async with asyncio.timeout(5):
            while table in server.app.state.room.runners:
                await asyncio.sleep(0.02)


async def test_quick_match_fills_with_computer_players(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, quick_fill_wait=0.2)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        assert (await ana.command({"type": "quick_match"}))["type"] == "ack"
        assert (await bea.command({"type": "quick_match"}))["type"] == "ack"
        seated_a = await ana.next("seated")
        seated_b = await bea.next("seated")
        assert seated_a["table"] == seated_b["table"]
        sync = await ana.next("sync")
        seats = sync["info"]["seats"]
        assert [s["bot"] for s in seats] == [False, False, True, True]
        # The quick match plays eleven hands (docs/rules.md, section 7).
        assert sync["info"]["options"]["rules"] == "hands11"
        await ana.close()
        await bea.close()


async def test_lobby_lists_public_tables_live(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        await bea.send({"type": "lobby", "on": True})
        lobby = await bea.next("lobby")
        assert lobby["tables"] == []
        ack = await ana.command({"type": "create_table", "options": {"public": True}})
        update = await bea.next("lobby_update")
        assert update["table"]["id"] == ack["table"]
        assert update["table"]["code"] == ""
        assert sum(s["name"] is None for s in update["table"]["seats"]) == 3
        async with httpx.AsyncClient(base_url=server.http) as http:
            rows = (await http.get("/api/tables")).json()["tables"]
        assert [r["id"] for r in rows] == [ack["table"]]
        # A table against the computer is listed only when asked, whatever other options
        # come with it; a table created without `public` is listed.
        quiet = await ana.command({"type": "play_computer", "options": {"turn_time": 0}})
        listed = await ana.command({"type": "play_computer", "options": {"public": True}})
        default = await ana.command({"type": "create_table", "options": {"turn_time": 0}})
        updated = set()
        while default["table"] not in updated:  # the updates come in order
            updated.add((await bea.next("lobby_update"))["table"]["id"])
        assert updated == {listed["table"], default["table"]}
        async with httpx.AsyncClient(base_url=server.http) as http:
            rows = (await http.get("/api/tables")).json()["tables"]
        assert quiet["table"] not in [r["id"] for r in rows]
        watch = await bea.command({"type": "subscribe", "table": quiet["table"]})
        assert watch["code"] == "forbidden"
        await ana.close()
        await bea.close()


async def test_one_player_sits_at_a_bounded_number_of_unfinished_tables(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, tables_per_user=2)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        options = {"rules": "exact3", "turn_time": 0}
        first = await ana.command({"type": "play_computer", "options": options})
        second = await ana.command({"type": "create_table", "options": options})
        assert first["type"] == second["type"] == "ack"
        runners = server.app.state.room.runners
        before = set(runners)
        for refused in (
            {"type": "play_computer", "options": options},
            {"type": "create_table", "options": options},
        ):
            reply = await ana.command(refused)
            assert reply["code"] == "too_many_tables", reply
        bea_table = await bea.command({"type": "create_table", "options": options})
        joined = await ana.command({"type": "join", "table": bea_table["table"]})
        assert joined["code"] == "too_many_tables"
        # At a table where she sits already, the table itself answers.
        again = await ana.command({"type": "join", "table": second["table"]})
        assert again["code"] == "already_seated"
        assert set(runners) == before | {bea_table["table"]}
        # Leaving the open table frees a place.
        assert (await ana.command({"type": "leave", "table": second["table"]}))["type"] == "ack"
        assert (await ana.command({"type": "join", "table": bea_table["table"]}))["type"] == "ack"
        await ana.close()
        await bea.close()


async def test_a_finished_table_nobody_watches_leaves_memory(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, finished_ttl=0.1)) as server:
        (ana,) = await make_players(server, ["Ana"])
        ack = await ana.command(
            {"type": "play_computer", "options": {"rules": "exact3", "turn_time": 0}}
        )
        await ana.play(random.Random(4))
        table = ack["table"]
        runners = server.app.state.room.runners
        assert runners[table].table.status == "finished"
        await ana.close()
        async with asyncio.timeout(5):
            while table in runners:
                await asyncio.sleep(0.02)


async def test_an_open_table_left_alone_is_closed_and_not_resumed(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, open_ttl=0.1)) as server:
        (ana,) = await make_players(server, ["Ana"])
        ack = await ana.command({"type": "create_table", "options": {"turn_time": 0}})
        table = ack["table"]
        runners = server.app.state.room.runners
        await asyncio.sleep(0.3)
        assert table in runners  # Ana watches it: it waits for players
        await ana.close()
        async with asyncio.timeout(5):
            while table in runners:
                await asyncio.sleep(0.02)
        meta = await server.app.state.services.store.get(table)
        assert meta is not None
        assert meta.status == "closed"


async def test_logs_carry_no_token_and_no_hidden_card(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with running_server(fast_settings(tmp_path)) as server:
        (ana,) = await make_players(server, ["Ana"])
        await ana.command({"type": "play_computer", "options": {"rules": "exact3", "turn_time": 0}})
        await ana.play(random.Random(9))
        await ana.close()
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "created" in text  # the server did log
    assert ana.token not in text
    assert not re.search(r"\b[A3RCS][OCEB]\b", text)


async def test_quick_match_seats_four_waiting_players_together(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, quick_fill_wait=30)) as server:
        players = await make_players(server, ["Ana", "Bea", "Carla", "Dani"])
        for player in players[:3]:
            assert (await player.command({"type": "quick_match"}))["type"] == "ack"
        status = await players[0].next("queue", waiting=3)
        assert status["fill_in"] > 0
        await players[3].command({"type": "quick_match"})
        seated = [await p.next("seated") for p in players]
        assert len({s["table"] for s in seated}) == 1
        assert sorted(s["seat"] for s in seated) == [0, 1, 2, 3]
        sync = await players[3].next("sync")
        assert not any(s["bot"] for s in sync["info"]["seats"])
        assert sync["info"]["status"] == "playing"
        for player in players:
            await player.close()


async def test_without_the_web_client_the_root_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cuatrola.server.app.WEB_DIR", tmp_path / "no-web")
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        page = await http.get("/")
    assert page.status_code == 200
    assert "not built" in page.text

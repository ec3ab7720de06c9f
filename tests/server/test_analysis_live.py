"""Over a real server: a finished match's analysis is computed, stored and served by REST."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx

from cuatrola.core.records import replay_steps
from tests.server.live import fast_settings, make_players, running_server


async def _analysis(http: httpx.AsyncClient, match_id: str) -> dict[str, Any]:
    """The analysis once computed (202 "pending" until then)."""
    for _ in range(600):
        reply = await http.get(f"/api/matches/{match_id}/analysis")
        if reply.status_code == 200:
            body: dict[str, Any] = reply.json()
            return body
        assert reply.status_code == 202, reply.text
        assert reply.json() == {"status": "pending", "match": match_id}
        assert reply.headers["retry-after"] == "2"
        await asyncio.sleep(0.05)
    raise AssertionError("the analysis never finished")


async def test_a_finished_match_gets_its_analysis_over_rest(tmp_path: Path, db_url: str) -> None:
    settings = fast_settings(tmp_path, db_url=db_url, analysis_samples=4)
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        players = await make_players(server, ["Ana", "Bea", "Carla", "Dani"])
        ack = await players[0].command(
            {"type": "create_table", "options": {"rules": "exact3", "turn_time": 0}, "seat": 0}
        )
        assert ack["type"] == "ack", ack
        code = (await players[0].next("sync"))["info"]["code"]
        for seat, player in enumerate(players[1:], start=1):
            joined = await player.command({"type": "join", "code": code, "seat": seat})
            assert joined["type"] == "ack"
        await asyncio.gather(*(p.play(random.Random(7)) for p in players))
        history: list[dict[str, Any]] = []
        for _ in range(200):
            history = (
                await http.get(
                    "/api/history", headers={"authorization": f"Bearer {players[0].token}"}
                )
            ).json()["matches"]
            if history:
                break
            await asyncio.sleep(0.05)
        (match,) = history
        analysis = await _analysis(http, match["id"])
        lines = (await http.get(f"/api/matches/{match['id']}/records.jsonl")).text.splitlines()
        assert analysis["format"] == "cuatrola-analysis/1"
        assert len(analysis["hands"]) == len(lines) == match["hand_count"]
        assert [s["seat"] for s in analysis["seats"]] == [0, 1, 2, 3]  # four people
        for line, hand in zip(lines, analysis["hands"], strict=True):
            record = json.loads(line)
            actions = {
                step - 1: (seat, action)
                for step, (seat, action, _) in enumerate(replay_steps(record))
                if action is not None
            }
            assert {d["step"] for d in hand["decisions"]} == set(actions)
            for decision in hand["decisions"]:
                assert decision["seat"] == actions[decision["step"]][0]
        # Served from storage: the same bytes again, and 404 for a match that does not exist.
        assert (await http.get(f"/api/matches/{match['id']}/analysis")).json() == analysis
        missing = await http.get("/api/matches/nope/analysis")
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"
        for player in players:
            await player.close()
    # After a restart on the same database the stored analysis is served at once.
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        again = await http.get(f"/api/matches/{match['id']}/analysis")
        assert again.status_code == 200 and again.json() == analysis

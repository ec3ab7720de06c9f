"""Over a real server: finished matches reach the history, the ratings and the exports."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx

from cuatrola.core.cards import CARD_CODES
from cuatrola.core.records import replay_record
from tests.server.live import Player, fast_settings, running_server


async def _register(http: httpx.AsyncClient, name: str) -> str:
    reply = await http.post("/api/register", json={"name": name, "password": "correct horse"})
    assert reply.status_code == 201, reply.text
    token: str = reply.json()["token"]
    return token


async def _history(http: httpx.AsyncClient, token: str) -> list[dict[str, Any]]:
    """The history once it has a match (the listener runs just after ``match_end``)."""
    for _ in range(200):
        matches: list[dict[str, Any]] = (
            await http.get("/api/history", headers={"authorization": f"Bearer {token}"})
        ).json()["matches"]
        if matches:
            return matches
        await asyncio.sleep(0.05)
    raise AssertionError("the finished match never reached the history")


async def test_a_match_of_four_registered_players_is_rated_and_exported(
    tmp_path: Path, db_url: str
) -> None:
    async with (
        running_server(fast_settings(tmp_path, db_url=db_url)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        names = ["Ana", "Bea", "Carla", "Dani"]
        players = [Player(name, await _register(http, name), server.ws) for name in names]
        for player in players:
            await player.connect()
        ack = await players[0].command(
            {"type": "create_table", "options": {"rules": "exact3", "turn_time": 0}, "seat": 0}
        )
        assert ack["type"] == "ack", ack
        code = (await players[0].next("sync"))["info"]["code"]
        for seat, player in enumerate(players[1:], start=1):
            assert (await player.command({"type": "join", "code": code, "seat": seat}))[
                "type"
            ] == "ack"
        rng = random.Random(4)
        await asyncio.gather(*(p.play(rng) for p in players))
        end = next(
            f["body"]
            for f in players[0].frames
            if f["type"] == "event" and f["body"] and f["body"]["kind"] == "match_end"
        )

        (match,) = await _history(http, players[2].token)
        assert match["rated"] is True
        assert match["score"] == end["score"]
        assert match["winner"] == end["winner"]
        assert [p["name"] for p in match["players"]] == names
        assert match["hand_count"] == end["hands_played"]

        board = (await http.get("/api/leaderboard")).json()["entries"]
        winners = {names[s] for s in range(4) if s % 2 == end["winner"]}
        assert {e["name"] for e in board[:2]} == winners

        detail = (await http.get(f"/api/matches/{match['id']}")).json()
        export = await http.get(f"/api/matches/{match['id']}/records.jsonl")
        lines = export.text.splitlines()
        assert len(lines) == len(detail["hands"]) == end["hands_played"]
        score = [0, 0]
        for line in lines:
            record = json.loads(line)
            assert record["score_before"] == score
            result = replay_record(record).result
            assert result is not None
            score = list(result.score_after)
        assert score == end["score"]

        # Each player's profile counts the match, its win and its rating.
        for seat, player in enumerate(players):
            profile = (await http.get(f"/api/players/{player.user}")).json()
            assert profile["name"] == names[seat] and profile["guest"] is False
            assert (profile["matches"], profile["wins"]) == (1, int(seat % 2 == end["winner"]))
            assert profile["rating"]["matches"] == 1
            assert [m["id"] for m in profile["recent"]] == [match["id"]]
        missing = await http.get("/api/players/u-nobody")
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"

        await _check_steps(http, match["id"], lines)
        for player in players:
            await player.close()


async def _check_steps(http: httpx.AsyncClient, match_id: str, lines: list[str]) -> None:
    """The replay steps of a match are the rules core's replay of its records."""
    reply = await http.get(f"/api/matches/{match_id}/steps")
    assert reply.status_code == 200
    steps = reply.json()
    assert steps["match"] == match_id and len(steps["hands"]) == len(lines)
    for line, hand in zip(lines, steps["hands"], strict=True):
        record = json.loads(line)
        final = replay_record(record)
        first, *rest = hand["steps"]
        assert (first["seat"], first["action"]) == (None, None)
        assert first["hands"] == record["hands"]
        assert len(rest) == len(final.history)
        for step in rest:
            view = step["view"]
            assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
            assert sum(len(h) for h in step["hands"]) == sum(view["card_counts"])
        assert final.result is not None
        assert rest[-1]["view"]["summary"]["score_after"] == list(final.result.score_after)
        cards = [s["action"] for s in rest if s["action"] in CARD_CODES]
        assert cards == [a for a in record["plays"] if not a.startswith("cante:")]
    assert (await http.get("/api/matches/nope/steps")).status_code == 404


async def test_a_guest_against_the_computer_gets_history_but_no_rating(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        token = (await http.post("/api/guest", json={"name": "Pepe"})).json()["token"]
        pepe = Player("Pepe", token, server.ws)
        await pepe.connect()
        ack = await pepe.command(
            {
                "type": "play_computer",
                "options": {"rules": "exact3", "turn_time": 0, "bot_level": "easy"},
            }
        )
        assert ack["type"] == "ack", ack
        await pepe.play(random.Random(5))
        (match,) = await _history(http, token)
        assert match["rated"] is False
        assert [p["bot"] for p in match["players"]] == [False, True, True, True]
        assert [p["user"] for p in match["players"]] == [pepe.user, None, None, None]
        assert [p["bot_level"] for p in match["players"]] == [None, "easy", "easy", "easy"]
        profile = (await http.get(f"/api/players/{pepe.user}")).json()
        assert profile["guest"] is True and profile["rating"] is None
        assert profile["matches"] == 1 and profile["recent"][0]["id"] == match["id"]
        assert all(p["rating_after"] is None for p in match["players"])
        assert (await http.get("/api/leaderboard")).json()["entries"] == []
        await pepe.close()

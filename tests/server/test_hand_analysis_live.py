"""Over a real server: after each hand its followers get the hand's analysis (``hand_analysis``),
computed off the event loop while the table plays on."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx

from cuatrola.ai.analysis import analyse_hand, analyse_match, analysis_config, encode
from cuatrola.core.records import replay_steps
from cuatrola.server.accounts.analysis import hand_seed, match_seed
from tests.server.live import Player, fast_settings, make_players, running_server
from tests.server.test_analysis_live import _analysis

SAMPLES = 4


def is_event(frame: dict[str, Any], kind: str) -> bool:
    return frame["type"] == "event" and (frame["body"] or {}).get("kind") == kind


async def analyses_of(player: Player, count: int) -> list[dict[str, Any]]:
    """The first ``count`` ``hand_analysis`` frames ``player`` receives."""
    for _ in range(1200):
        found = [f for f in player.frames if f["type"] == "hand_analysis"]
        if len(found) >= count:
            return found[:count]
        await asyncio.sleep(0.05)
    raise AssertionError(f"{player.name} got {len(found)} hand analyses, not {count}")


async def test_after_each_hand_the_player_and_a_spectator_get_its_analysis(
    tmp_path: Path,
) -> None:
    settings = fast_settings(tmp_path, analysis_workers=0, analysis_samples=SAMPLES)
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        ana, eve = await make_players(server, ["Ana", "Eve"])
        options = {"rules": "exact3", "turn_time": 0, "public": True, "bot_level": "easy"}
        ack = await ana.command({"type": "play_computer", "options": options})
        table = ack["table"]
        assert (await eve.command({"type": "subscribe", "table": table}))["type"] == "ack"
        await ana.play(random.Random(3))
        hands = sum(1 for f in ana.frames if is_event(f, "hand_end"))
        seen = await analyses_of(ana, hands)
        watched = await analyses_of(eve, hands)
        match_id = seen[0]["match"]
        lines = (await http.get(f"/api/matches/{match_id}/records.jsonl")).text.splitlines()
        match_analysis = await _analysis(http, match_id)
        await ana.close()
        await eve.close()
    assert len(lines) == hands
    assert sorted(f["hand"] for f in seen) == list(range(1, hands + 1))
    config = analysis_config(SAMPLES)
    for frame in seen:
        assert frame["table"] == table and frame["match"] == match_id
        index = frame["hand"] - 1
        record = json.loads(lines[index])
        # Exactly the person's decisions of that hand (seat 0; the computer players' are not).
        own = [
            step
            for step, (seat, action, _) in enumerate(replay_steps(record), start=-1)
            if action is not None and seat == 0
        ]
        analysis = frame["analysis"]
        assert [d["step"] for d in analysis["decisions"]] == own
        assert {d["seat"] for d in analysis["decisions"]} == {0}
        # The same as analysing the stored record with the hand's seed.
        expected = analyse_hand(record, [0], hand_seed(match_id, index), config=config)
        assert [d["best"] for d in analysis["decisions"]] == [d.best for d in expected.decisions]
        assert json.dumps(analysis, sort_keys=True) == json.dumps(
            json.loads(encode(expected)), sort_keys=True
        )
    # The spectator got the same analyses.
    assert sorted(watched, key=lambda f: f["hand"]) == sorted(seen, key=lambda f: f["hand"])
    # The match's analysis is what analysing the whole match gives (the hands reused).
    records = [json.loads(line) for line in lines]
    whole = analyse_match(records, [0], match_seed(match_id), config=config)
    assert match_analysis == json.loads(encode(whole))


async def test_the_table_plays_on_while_the_analysis_is_computed(tmp_path: Path) -> None:
    """A slow analysis (a worker process, the full number of deals): the next hand is dealt
    before the first hand's analysis is ready, and the analysis still comes."""
    settings = fast_settings(tmp_path, analysis_workers=1, analysis_samples=None)
    async with running_server(settings) as server:
        (ana,) = await make_players(server, ["Ana"])
        options = {"rules": "exact11", "turn_time": 0, "bot_level": "easy"}
        await ana.command({"type": "play_computer", "options": options})
        await ana.play(random.Random(4), until_kind="hand_end")
        deal = await ana.next("event", timeout=20)
        while not is_event(deal, "deal"):
            deal = await ana.next("event", timeout=20)
        kinds = [f["type"] for f in ana.frames]
        assert "hand_analysis" not in kinds
        (analysis,) = await analyses_of(ana, 1)
        assert analysis["hand"] == 1
        # A new follower (a reconnection) gets the latest hand's analysis again after its sync.
        again = Player("Ana", ana.token, server.ws)
        await again.connect()
        await again.command({"type": "subscribe", "table": analysis["table"]})
        await again.next("sync")
        resent = await again.next("hand_analysis")
        assert resent == analysis
        await again.close()
        await ana.close()

"""Over a real server: the verifiable shuffle. A player contributes to every deal, the deal
waits for it, the seed is revealed after each hand, and the finished match's records in the
history carry proofs that hold."""

from __future__ import annotations

import asyncio
import hashlib
import random
from pathlib import Path
from typing import Any

import httpx

from cuatrola.commands.verify import check_record
from tests.server.live import Player, fast_settings, make_players, running_server


async def play_and_contribute(player: Player, rng: random.Random) -> dict[str, str]:
    """Play the seat's moves and contribute to every shuffle until the match ends; returns
    the value sent for each commitment."""
    sent: dict[str, str] = {}

    async def contribute(table: str, commit: dict[str, Any]) -> None:
        if commit["commitment"] in sent:
            return  # seen twice: in the sync and as an event
        assert commit["seats"] == [player.seat] and commit["window"] == 30.0
        value = rng.randbytes(32).hex()
        sent[commit["commitment"]] = value
        cid = f"k{len(sent)}"
        await player.send({"type": "contribute", "id": cid, "table": table, "value": value})

    acted_on = -1
    async with asyncio.timeout(60):
        while True:
            frame = await player.inbox.get()
            if frame["type"] == "error":
                raise AssertionError(f"refused: {frame}")
            if frame["type"] == "sync" and frame["shuffle"] is not None:
                # Seated after the commitment was published: the sync carries it.
                await contribute(frame["table"], frame["shuffle"])
            if frame["type"] != "event" or frame["body"] is None:
                continue
            body, table = frame["body"], frame["table"]
            if body["kind"] == "match_end":
                return sent
            if body["kind"] == "shuffle_commit":
                await contribute(table, body)
            view = player.view
            if (
                view
                and view["legal"]
                and view["to_move"] == player.seat
                and frame["seq"] != acted_on
            ):
                acted_on = frame["seq"]
                act: dict[str, Any] = {"type": "act", "table": table, "seq": frame["seq"]}
                act.update(id=f"m{frame['seq']}", action=rng.choice(view["legal"]))
                await player.send(act)


async def test_every_deal_uses_the_players_contribution_and_the_history_proves_it(
    tmp_path: Path,
) -> None:
    # A window far longer than the test: every deal that follows came from the contribution.
    settings = fast_settings(tmp_path, shuffle_window=30.0)
    async with running_server(settings) as server:
        (ana,) = await make_players(server, ["Ana"])
        options = {"rules": "exact3", "turn_time": 0, "bot_level": "easy"}
        ack = await ana.command({"type": "play_computer", "options": options})
        assert ack["type"] == "ack", ack
        sent = await play_and_contribute(ana, random.Random(4))
        bodies = [f["body"] for f in ana.frames if f["type"] == "event" and f["body"]]
        reveals = [b for b in bodies if b["kind"] == "shuffle_reveal"]
        assert len(reveals) == len(sent) >= 2
        for reveal in reveals:
            seed = bytes.fromhex(reveal["seed"])
            assert hashlib.sha256(seed).hexdigest() == reveal["commitment"]
            assert reveal["contributions"] == [{"seat": 0, "value": sent[reveal["commitment"]]}]
        kinds = [b["kind"] for b in bodies]
        # A seed is revealed only once its hand is over.
        assert all(kinds[i - 1] == "hand_end" for i, k in enumerate(kinds) if k == "shuffle_reveal")
        # A second contribution to a dealt shuffle is refused.
        again = await ana.command({"type": "contribute", "table": ack["table"], "value": "00"})
        assert again["type"] == "error" and again["code"] == "wrong_phase"
        async with httpx.AsyncClient(base_url=server.http) as http:
            history = http.get("/api/history", headers={"authorization": f"Bearer {ana.token}"})
            for _ in range(100):
                matches = (await history).json()["matches"]
                if matches:
                    break
                await asyncio.sleep(0.05)
                history = http.get("/api/history", headers={"authorization": f"Bearer {ana.token}"})
            detail = (await http.get(f"/api/matches/{matches[0]['id']}")).json()
        assert len(detail["hands"]) == len(sent)
        for record in detail["hands"]:
            assert record["shuffle"]["contributions"][0]["value"] in sent.values()
            ok, line = check_record(record)
            assert ok, line
            assert line.startswith("shuffle verified")
        await ana.close()

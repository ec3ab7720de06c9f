"""THE CRASH TEST: ``cuatrola serve`` is killed with SIGKILL mid-match, again and again; after
each restart the players reconnect with their last sequence number and carry on. No
acknowledged move is ever lost, and the match finishes."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from tests.server.live import Player, drive, guest_token
from tests.support.servers import QUICK, ServeProcess


async def whose_turn(players: list[Player], table: str) -> Player:
    """The player whose latest view says it is to move (waiting for the views to arrive)."""
    async with asyncio.timeout(10):
        while True:
            top = max(p.seq.get(table, 0) for p in players)
            for p in players:
                if (
                    p.view
                    and p.seq.get(table) == top
                    and p.view["legal"]
                    and p.view["to_move"] == p.seat
                ):
                    return p
            await asyncio.sleep(0.005)


def serve_process(tmp_path: Path) -> ServeProcess:
    """``cuatrola serve`` on a SQLite file in ``tmp_path``; computer players in-process, and a
    long grace period so that none takes a seat while its owner reconnects."""
    return ServeProcess(
        tmp_path, *QUICK, "--bot-workers", "0", "--grace", "60", "--cante-window", "0.2"
    )


async def test_kill_9_mid_match_loses_no_acknowledged_move(tmp_path: Path) -> None:
    server = serve_process(tmp_path)
    await asyncio.to_thread(server.start)
    try:
        tokens = [await guest_token(server.http, name) for name in ("Ana", "Bea", "Carla", "Dani")]
        players = [
            Player(n, t, server.ws) for n, t in zip(("A", "B", "C", "D"), tokens, strict=True)
        ]
        for player in players:
            await player.connect()
        ack = await players[0].command(
            {"type": "create_table", "options": {"rules": "exact11", "turn_time": 0}, "seat": 0}
        )
        table = ack["table"]
        code = (await players[0].next("sync"))["info"]["code"]
        for seat, player in enumerate(players[1:], start=1):
            await player.command({"type": "join", "code": code, "seat": seat})
        rng = random.Random(11)
        acked: dict[int, tuple[int, str]] = {}

        def remember() -> None:
            for player in players:
                for frame in player.frames:
                    body = frame.get("body") if frame["type"] == "event" else None
                    if body and body["kind"] == "act":
                        acked[frame["seq"]] = (body["seat"], body["action"])

        # To 11 exact: at least three hands (5 + 5 + 1), far more moves than the crash loop
        # makes, so the match is still on at every crash.
        for _crash in range(3):
            await drive(players, table, rng, 9)
            # One more move is sent and the server dies before (or after) it is committed:
            # the client does not know which, so after the restart it resends the same id.
            view = await whose_turn(players, table)
            assert view.view is not None
            pending: dict[str, Any] = {
                "type": "act",
                "id": "inflight-" + str(_crash),
                "table": table,
                "action": rng.choice(view.view["legal"]),
            }
            await view.send(pending)
            remember()
            server.kill()
            for player in players:
                await player.closed.wait()
            await asyncio.to_thread(server.start)
            fresh = []
            for player in players:
                again = Player(player.name, player.token, server.ws)
                again.ids = player.ids  # new commands keep fresh ids (old ones are remembered)
                welcome = await again.connect()
                assert welcome["tables"] == [table]
                last = player.seq[table]
                again.seq[table], again.seat, again.table = last, player.seat, table
                again.view = player.view
                reply = await again.command({"type": "subscribe", "table": table, "since": last})
                assert reply["type"] == "ack", reply
                again.frames = player.frames + again.frames
                fresh.append(again)
            players = fresh
            sender = next(p for p in players if p.name == view.name)
            await sender.send(pending)
            async with asyncio.timeout(10):
                while True:
                    answer = await sender.inbox.get()
                    if answer["type"] in ("ack", "error") and answer.get("id") == pending["id"]:
                        break
            if answer["type"] == "error":
                # Only a choice in the cante window the crash cut short may be refused: the
                # restarted table closed that window (its time was over), so the choice,
                # never acknowledged, no longer applies.
                action = pending["action"]
                assert action == "nocante" or action.startswith("cante:"), answer
                assert answer["code"] in ("wrong_phase", "not_your_turn", "illegal"), answer
            else:
                assert answer["table"] == table
            await asyncio.sleep(0.2)
        async with asyncio.timeout(120):
            while not any(
                f["type"] == "event" and f["body"] and f["body"]["kind"] == "match_end"
                for f in players[0].frames
            ):
                await drive(players, table, rng, 40, patience=2.0)
                # drive() returns at once when another player has seen the match end; yield
                # so that every client's reader gets to run (else this loop spins forever).
                await asyncio.sleep(0.01)
        remember()
        # A late watcher replays the whole table from event 1: every acknowledged move is
        # there, at the same number.
        (eve,) = [Player("E", await guest_token(server.http, "Eve"), server.ws)]
        await eve.connect()
        await eve.command({"type": "subscribe", "table": table, "since": 0})
        final_seq = players[0].seq[table]
        async with asyncio.timeout(10):
            while eve.seq.get(table, 0) < final_seq:
                await asyncio.sleep(0.01)
        replayed = {
            f["seq"]: (f["body"]["seat"], f["body"]["action"])
            for f in eve.frames
            if f["type"] == "event" and f["body"] and f["body"]["kind"] == "act"
        }
        assert acked
        for seq, move in acked.items():
            assert replayed[seq] == move
        inflight = [p for p in players for f in p.frames if f.get("id", "").startswith("inflight")]
        assert inflight
        for player in (*players, eve):
            await player.close()
        assert server.stop() == 0
    finally:
        server.stop()
    assert server.db is not None and server.db.exists()


async def test_timers_are_re_armed_after_a_crash(tmp_path: Path) -> None:
    server = serve_process(tmp_path)
    fast = ("--min-turn-time", "0.1")
    await asyncio.to_thread(server.start, *fast)
    try:
        token = await guest_token(server.http, "Ana")
        ana = Player("A", token, server.ws)
        await ana.connect()
        ack = await ana.command(
            {"type": "play_computer", "options": {"rules": "exact3", "turn_time": 0.3}}
        )
        table = ack["table"]
        async with asyncio.timeout(10):
            while not (ana.view and ana.view["to_move"] == 0 and ana.view["legal"]):
                await ana.inbox.get()
        last = ana.seq[table]
        server.kill()
        await ana.closed.wait()
        await asyncio.to_thread(server.start, *fast)
        # Nobody reconnects for a while: the re-armed turn timer lets a computer act for Ana.
        await asyncio.sleep(1.5)
        back = Player("A", token, server.ws)
        await back.connect()
        back.seq[table], back.seat, back.table = last, 0, table
        await back.command({"type": "subscribe", "table": table, "since": last})
        async with asyncio.timeout(10):
            while not any(
                f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "act"
                and f["body"]["seat"] == 0
                and f["body"]["auto"]
                for f in back.frames
            ):
                await back.inbox.get()
        await back.close()
        assert server.stop() == 0
    finally:
        server.stop()

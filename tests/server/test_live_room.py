"""Over a real server: invite codes, reconnection, timers, spectators, chat and bad input."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.server.live import (
    Player,
    Server,
    drive,
    fast_settings,
    make_players,
    running_server,
)


async def four_at_a_table(
    server: Server, options: dict[str, Any] | None = None
) -> tuple[list[Player], str]:
    players = await make_players(server, ["Ana", "Bea", "Carla", "Dani"])
    ack = await players[0].command(
        {"type": "create_table", "options": options or {"turn_time": 0}, "seat": 0}
    )
    sync = await players[0].next("sync")
    for seat, player in enumerate(players[1:], start=1):
        reply = await player.command({"type": "join", "code": sync["info"]["code"], "seat": seat})
        assert reply["type"] == "ack", reply
        await player.next("sync")
    return players, ack["table"]


async def wait_for(predicate: Any, timeout: float = 10.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


async def drop_after(
    server: Server, players: list[Player], table: str, rng: random.Random, moves: int
) -> tuple[Player, int]:
    """Make ``moves`` moves, then close the first player's connection. Returns a second
    connection of that player's that stays (the reference of what was missed) and the last
    seq the first connection had."""
    first = players[0]
    witness = Player(f"{first.name}2", first.token, server.ws)
    await witness.connect()
    await witness.command({"type": "subscribe", "table": table})
    await witness.next("sync")
    await drive(players, table, rng, moves)
    await wait_for(lambda: witness.seq[table] == first.seq[table])
    last = first.seq[table]
    await first.close()
    return witness, last


async def test_private_table_by_invite_code(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea, carla = await make_players(server, ["Ana", "Bea", "Carla"])
        ack = await ana.command(
            {
                "type": "create_table",
                "options": {"public": False, "turn_time": 0},
                "seat": 1,
                "bots": [0],
            }
        )
        sync = await ana.next("sync")
        code = sync["info"]["code"]
        assert len(code) == 6
        wrong = await bea.command({"type": "join", "code": "ZZZZZZ"})
        assert wrong["code"] == "not_found"
        by_id = await bea.command({"type": "join", "table": ack["table"]})
        assert by_id["code"] == "forbidden"
        taken = await bea.command({"type": "join", "code": code, "seat": 1})
        assert taken["code"] == "seat_taken"
        # A private table cannot be watched without a seat.
        watch = await carla.command({"type": "subscribe", "table": ack["table"]})
        assert watch["type"] == "error"
        assert watch["code"] == "forbidden"
        # Nor can a stranger write into its log: muting a seat's chat needs a seat or a
        # subscription, like chatting.
        seq = ana.seq[ack["table"]]
        mute = await carla.command({"type": "mute", "table": ack["table"], "seat": 1})
        assert mute["code"] == "forbidden"
        chat = await carla.command({"type": "chat", "table": ack["table"], "phrase": "hello"})
        assert chat["code"] == "forbidden"
        await asyncio.sleep(0.1)
        assert ana.seq[ack["table"]] == seq
        joined = await bea.command({"type": "join", "code": code, "seat": 3})
        assert joined["seat"] == 3
        bea_sync = await bea.next("sync")
        assert bea_sync["info"]["status"] == "open"
        await bea.command({"type": "add_bot", "table": ack["table"], "seat": 2})
        start = await bea.next("event", timeout=5)
        while start["body"]["kind"] != "deal":
            start = await bea.next("event", timeout=5)
        assert start["body"]["view"]["seat"] == 3
        assert len(start["body"]["view"]["hand"]) == 5
        for p in (ana, bea, carla):
            await p.close()


async def test_reconnection_mid_trick_replays_exactly_the_missed_events(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, grace_period=30)) as server:
        players, table = await four_at_a_table(server)
        ana = players[0]
        rng = random.Random(7)
        # Play into the middle of a trick, then Ana drops; the others play on (a computer
        # player acts for her if it is her turn only after the grace period, set long here).
        witness, last = await drop_after(server, players, table, rng, 6)
        await players[1].command({"type": "chat", "table": table, "phrase": "hello"})
        await drive(players[1:], table, rng, 2, patience=0.5)
        await wait_for(lambda: witness.seq[table] > last)
        target = witness.seq[table]
        back = Player("Ana", ana.token, server.ws)
        await back.connect()
        reply = await back.command({"type": "subscribe", "table": table, "since": last})
        assert reply["type"] == "ack"
        await wait_for(lambda: back.seq.get(table, 0) >= target)
        replayed = [f for f in back.frames if f["type"] == "event" and f["seq"] <= target]
        reference = [
            f for f in witness.frames if f["type"] == "event" and last < f["seq"] <= target
        ]
        assert [f["seq"] for f in replayed] == list(range(last + 1, target + 1))
        assert replayed == reference
        assert not [f for f in back.frames if f["type"] == "sync"]
        for p in (*players[1:], witness, back):
            await p.close()


async def test_turn_timer_expiry_lets_a_computer_player_act(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, max_timeouts=2)) as server:
        players, table = await four_at_a_table(server, {"turn_time": 0.2})
        ana = players[0]
        # Nobody moves: every decision times out and is played automatically.
        await wait_for(
            lambda: any(
                f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "act"
                and f["body"]["auto"]
                for f in ana.frames
            )
        )
        # After repeated timeouts the computer player holds the seat ("away").
        await wait_for(
            lambda: any(
                f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "seats"
                and any(s["away"] for s in f["body"]["info"]["seats"])
                for f in ana.frames
            )
        )
        away = next(
            s["seat"]
            for f in reversed(ana.frames)
            if f["type"] == "event" and f["body"] and f["body"]["kind"] == "seats"
            for s in f["body"]["info"]["seats"]
            if s["away"]
        )
        owner = players[away]
        reply = await owner.command({"type": "reclaim", "table": table})
        assert reply["type"] == "ack"
        for p in players:
            await p.close()


async def test_a_sync_says_which_moves_of_the_hand_were_played_automatically(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path, max_timeouts=100)) as server:
        players, table = await four_at_a_table(server, {"turn_time": 0.2})
        ana = players[0]

        def acts(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [
                f
                for f in frames
                if f["type"] == "event" and f["body"] and f["body"]["kind"] in ("deal", "act")
            ]

        # Nobody moves: the decisions time out and are played for their owners.
        await wait_for(lambda: sum(bool(f["body"].get("auto")) for f in acts(ana.frames)) >= 2)
        again = Player("Ana2", ana.token, server.ws)
        await again.connect()
        await again.command({"type": "subscribe", "table": table})
        sync = await again.next("sync")
        await wait_for(lambda: ana.seq[table] >= sync["seq"])
        seen = [f for f in acts(ana.frames) if f["seq"] <= sync["seq"]]
        deal = max(i for i, f in enumerate(seen) if f["body"]["kind"] == "deal")
        expected = [
            [f["body"]["seat"], f["body"]["action"]] for f in seen[deal + 1 :] if f["body"]["auto"]
        ]
        assert sync["view"] is not None
        assert expected, "no move of the hand in the snapshot was played automatically"
        assert sync["auto"] == expected
        for p in (*players, again):
            await p.close()


async def test_a_cante_sung_for_an_absent_owner_says_so_live_and_in_a_sync(
    tmp_path: Path,
) -> None:
    # The computer players that play for four absent owners sing in the cante windows; the
    # cante's `act` said nothing of it (no `auto`), nor did a sync's `auto`.
    settings = fast_settings(tmp_path, grace_period=0.05, cante_window=0.3, hand_pause=0.2)
    async with running_server(settings) as server:
        players, table = await four_at_a_table(server, {"turn_time": 0, "rules": "to21"})
        (eve,) = await make_players(server, ["Eve"])
        await eve.command({"type": "subscribe", "table": table})
        await eve.next("sync")
        for player in players:
            await player.close()

        def cantes() -> list[dict[str, Any]]:
            return [
                f["body"]
                for f in eve.frames
                if f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "act"
                and f["body"]["action"].startswith("cante:")
            ]

        # A sync taken while a hand with a cante is in play lists it among the moves
        # made for their owners (every move is, here).
        checked = False
        for attempt in range(40):
            await wait_for(lambda n=attempt: len(cantes()) > n, timeout=60)
            (watcher,) = await make_players(server, [f"Watcher{attempt}"])
            await watcher.command({"type": "subscribe", "table": table})
            sync = await watcher.next("sync")
            await watcher.close()
            view = sync["view"]
            if view is None or not view["cantes"]:
                continue
            for cante in view["cantes"]:
                assert [cante["seat"], f"cante:{cante['suit']}"] in sync["auto"], sync["auto"]
            checked = True
            break
        assert checked, "no sync came in a hand with a cante"
        assert cantes() and all(body.get("auto") for body in cantes()), cantes()
        await eve.close()


async def test_a_disconnected_owner_is_replaced_after_the_grace_period(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, grace_period=0.2)) as server:
        players, table = await four_at_a_table(server)
        bea = players[1]
        await bea.close()
        ana = players[0]
        await ana.next("presence", seat=1, online=False)
        await wait_for(
            lambda: any(
                f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "seats"
                and f["body"]["info"]["seats"][1]["away"]
                for f in ana.frames
            )
        )
        back = Player("Bea", bea.token, server.ws)
        welcome = await back.connect()
        assert welcome["tables"] == [table]
        await back.command({"type": "subscribe", "table": table, "since": 0})
        await wait_for(
            lambda: any(
                f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "seats"
                and not f["body"]["info"]["seats"][1]["away"]
                for f in ana.frames[-20:]
            )
        )
        for p in (players[0], players[2], players[3], back):
            await p.close()


async def test_spectators_see_the_game_but_no_hand(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        (eve,) = await make_players(server, ["Eve"])
        reply = await eve.command({"type": "subscribe", "table": table})
        assert reply["type"] == "ack"
        assert reply["seat"] is None
        sync = await eve.next("sync")
        assert sync["seat"] is None
        assert sync["info"]["code"] == ""  # the invite code is not for spectators
        assert sync["view"]["hand"] == []
        assert sync["info"]["spectators"] == 1
        await drive(players, table, random.Random(3), 6)
        await wait_for(lambda: len([f for f in eve.frames if f["type"] == "event"]) >= 6)
        for frame in eve.frames:
            body = frame.get("body") or {}
            view = frame.get("view") or body.get("view")
            if view:
                assert view["hand"] == []
                assert view["legal"] == []
        # A spectator cannot act.
        error = await eve.command({"type": "act", "table": table, "action": "pass"})
        assert error["code"] == "not_seated"
        for p in (*players, eve):
            await p.close()


async def test_unsubscribing_acks_the_seat_still_held_as_every_table_command_does(
    tmp_path: Path,
) -> None:
    # The ack said seat null to a seated player, as if the seat were gone, while the events
    # that followed its next command (which follows the table again) were that seat's.
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        (eve,) = await make_players(server, ["Eve"])
        await eve.command({"type": "subscribe", "table": table})
        bea = players[1]
        reply = await bea.command({"type": "unsubscribe", "table": table})
        assert (reply["type"], reply["table"], reply["seat"]) == ("ack", table, 1)
        assert isinstance(reply["seq"], int)
        reply = await eve.command({"type": "unsubscribe", "table": table})
        assert (reply["type"], reply["seat"]) == ("ack", None)
        for p in (*players, eve):
            await p.close()


async def test_chat_limits_phrases_and_mute(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, chat_lines=3, chat_window=60)) as server:
        players, table = await four_at_a_table(server)
        ana, bea = players[0], players[1]
        ok = await ana.command({"type": "chat", "table": table, "text": "<b>¡Hola!</b>"})
        assert ok["type"] == "ack"
        line = await bea.next("event")
        while line["body"]["kind"] != "chat":
            line = await bea.next("event")
        assert line["body"]["text"] == "<b>¡Hola!</b>"  # plain text; clients escape it
        assert line["body"]["seat"] == 0
        too_long = await ana.command({"type": "chat", "table": table, "text": "x" * 201})
        assert too_long["code"] == "invalid"
        bad_phrase = await ana.command({"type": "chat", "table": table, "phrase": "my hand"})
        assert bad_phrase["code"] == "invalid"
        assert (await ana.command({"type": "chat", "table": table, "phrase": "good_luck"}))[
            "type"
        ] == "ack"
        assert (await ana.command({"type": "chat", "table": table, "text": "3"}))["type"] == "ack"
        limited = await ana.command({"type": "chat", "table": table, "text": "4"})
        assert limited["code"] == "rate_limited"
        # Bea mutes seat 0: Carla's line still arrives, Ana's arrives as a bare number.
        assert (await bea.command({"type": "mute", "table": table, "seat": 0}))["type"] == "ack"
        await players[2].command({"type": "chat", "table": table, "phrase": "thanks"})
        await wait_for(
            lambda: any(
                f["type"] == "event"
                and f["body"]
                and f["body"]["kind"] == "chat"
                and f["body"]["seat"] == 2
                for f in bea.frames
            )
        )
        # Mutes are stored with the table like chat lines, and share their rate limit.
        unmute = {"type": "mute", "table": table, "seat": 0, "on": False}
        assert (await bea.command(unmute))["type"] == "ack"
        assert (await bea.command({"type": "mute", "table": table, "seat": 0}))["type"] == "ack"
        assert (await bea.command(unmute))["code"] == "rate_limited"
        for p in players:
            await p.close()


async def test_a_sync_numbers_its_chat_lines_and_says_whom_the_recipient_muted(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        ana, bea, carla = players[0], players[1], players[2]
        said = []
        for player, text in ((ana, "otra"), (ana, "otra"), (carla, "vale")):
            ack = await player.command({"type": "chat", "table": table, "text": text})
            said.append(ack["seq"])
        assert (await bea.command({"type": "mute", "table": table, "seat": 2}))["type"] == "ack"
        assert (await bea.command({"type": "mute", "table": table, "seat": 0}))["type"] == "ack"
        # Another connection of Bea's (a reload, a second device) learns both from its sync.
        again = Player("Bea2", bea.token, server.ws)
        await again.connect()
        await again.command({"type": "subscribe", "table": table})
        sync = await again.next("sync")
        assert sync["muted"] == [0, 2]
        assert sync["chat"] == []  # both speakers muted: no line for her
        # Dani muted nobody: he gets every line, each with its event's number.
        dani = Player("Dani2", players[3].token, server.ws)
        await dani.connect()
        await dani.command({"type": "subscribe", "table": table})
        sync = await dani.next("sync")
        assert sync["muted"] == []
        assert [(c["seq"], c["seat"], c["text"]) for c in sync["chat"]] == [
            (said[0], 0, "otra"),
            (said[1], 0, "otra"),
            (said[2], 2, "vale"),
        ]
        assert all(c["kind"] == "chat" for c in sync["chat"])
        # A live chat event's body stays as it was: the number is the event's own.
        await ana.command({"type": "chat", "table": table, "text": "una más"})
        line = await dani.next("event")
        while line["body"] is None or line["body"]["kind"] != "chat":
            line = await dani.next("event")
        assert "seq" not in line["body"]
        # Bea unmutes Ana: her next sync says so, and shows Ana's lines again.
        unmute = {"type": "mute", "table": table, "seat": 0, "on": False}
        assert (await bea.command(unmute))["type"] == "ack"
        third = Player("Bea3", bea.token, server.ws)
        await third.connect()
        await third.command({"type": "subscribe", "table": table})
        sync = await third.next("sync")
        assert sync["muted"] == [2]
        assert [c["text"] for c in sync["chat"]] == ["otra", "otra", "una más"]
        assert [c["seq"] for c in sync["chat"]][:2] == said[:2]
        for p in (*players, again, dani, third):
            await p.close()


async def chat_seen(player: Player, table: str, seq: int) -> dict[str, Any]:
    """The event ``seq`` of ``table`` as ``player`` got it (a chat line, or its bare number)."""
    return await player.next("event", table=table, seq=seq)


async def test_a_mute_reaches_every_connection_of_its_user_and_spectators_can_be_muted(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        ana, bea = players[0], players[1]
        # Bea follows the table on a second device too; Eve watches.
        bea2 = Player("Bea2", bea.token, server.ws)
        await bea2.connect()
        (eve,) = await make_players(server, ["Eve"])
        for follower in (bea2, eve):
            await follower.command({"type": "subscribe", "table": table})
            await follower.next("sync")
        both = {"type": "mute", "table": table, "seat": 1, "spectators": True}
        assert (await bea.command(both))["code"] == "invalid"
        # Bea mutes every spectator at once: both her connections are told at once.
        ack = await bea.command({"type": "mute", "table": table, "spectators": True})
        assert ack["type"] == "ack", ack
        told = {"type": "muted", "table": table, "seats": [], "spectators": True}
        assert await bea.next("muted") == told
        assert await bea2.next("muted") == told
        # Eve's line reaches Bea's connections as a bare number, and Ana in full.
        said = (await eve.command({"type": "chat", "table": table, "text": "¡Vamos!"}))["seq"]
        assert (await chat_seen(bea, table, said))["body"] is None
        assert (await chat_seen(bea2, table, said))["body"] is None
        assert (await chat_seen(ana, table, said))["body"]["text"] == "¡Vamos!"
        assert not any(f["type"] == "muted" for f in ana.frames + eve.frames)
        # A seat muted on the second device reaches the first one, with the whole list.
        assert (await bea2.command({"type": "mute", "table": table, "seat": 2}))["type"] == "ack"
        told = {"type": "muted", "table": table, "seats": [2], "spectators": True}
        assert await bea.next("muted") == told
        assert await bea2.next("muted") == told
        # A new connection of hers learns both from its sync, without the spectators' lines.
        bea3 = Player("Bea3", bea.token, server.ws)
        await bea3.connect()
        await bea3.command({"type": "subscribe", "table": table})
        sync = await bea3.next("sync")
        assert (sync["muted"], sync["muted_spectators"]) == ([2], True)
        assert [c["text"] for c in sync["chat"]] == []
        for p in (*players, bea2, bea3, eve):
            await p.close()


async def test_a_spectator_who_mutes_the_spectators_still_sees_their_own_lines(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        ana = players[0]
        eve, flor = await make_players(server, ["Eve", "Flor"])
        for spectator in (eve, flor):
            await spectator.command({"type": "subscribe", "table": table})
            await spectator.next("sync")
        mute = {"type": "mute", "table": table, "spectators": True}
        assert (await eve.command(mute))["type"] == "ack"
        # Eve's own line reaches her whole, marked hers; everybody else's copy is not.
        said = (await eve.command({"type": "chat", "table": table, "text": "hola"}))["seq"]
        line = (await chat_seen(eve, table, said))["body"]
        assert (line["seat"], line["text"], line["own"]) == (None, "hola", True)
        for other in (ana, flor):
            assert (await chat_seen(other, table, said))["body"]["own"] is False
        # Another spectator's line stays hidden from her.
        theirs = (await flor.command({"type": "chat", "table": table, "text": "buenas"}))["seq"]
        assert (await chat_seen(eve, table, theirs))["body"] is None
        # A new connection of hers: its sync keeps her line, not Flor's; a replay the same.
        eve2 = Player("Eve2", eve.token, server.ws)
        await eve2.connect()
        await eve2.command({"type": "subscribe", "table": table})
        sync = await eve2.next("sync")
        assert [(c["seq"], c["text"], c["own"]) for c in sync["chat"]] == [(said, "hola", True)]
        eve3 = Player("Eve3", eve.token, server.ws)
        await eve3.connect()
        await eve3.command({"type": "subscribe", "table": table, "since": said - 1})
        assert (await chat_seen(eve3, table, said))["body"]["own"] is True
        assert (await chat_seen(eve3, table, theirs))["body"] is None
        for p in (*players, eve, flor, eve2, eve3):
            await p.close()


async def test_a_mute_of_ones_own_seat_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, chat_lines=20)) as server:
        players, table = await four_at_a_table(server)
        bea = players[1]
        bea2 = Player("Bea2", bea.token, server.ws)
        await bea2.connect()
        await bea2.command({"type": "subscribe", "table": table})
        await bea2.next("sync")
        seq = bea.seq[table]
        for on in (True, False):
            refused = await bea.command({"type": "mute", "table": table, "seat": 1, "on": on})
            assert (refused["type"], refused.get("code")) == ("error", "invalid"), refused
            assert "is your own seat" in refused["message"]
        # Nothing stored, nothing told: the next `muted` either connection gets is that of
        # the next accepted mute, and the table's log did not move.
        assert (await bea.command({"type": "mute", "table": table, "seat": 2}))["type"] == "ack"
        told = {"type": "muted", "table": table, "seats": [2], "spectators": False}
        assert await bea.next("muted") == told
        assert await bea2.next("muted") == told
        assert [f for f in bea.frames + bea2.frames if f["type"] == "muted"] == [told, told]
        assert bea.seq[table] == seq
        records = await server.app.state.services.store.records(table)
        assert [(r["user"], r["seat"], r["on"]) for r in records if r["r"] == "mute"] == [
            (bea.user, 2, True)
        ]
        for p in (*players, bea2):
            await p.close()


async def test_a_mute_of_a_seat_ends_when_the_seat_changes_hands(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea, carla = await make_players(server, ["Ana", "Bea", "Carla"])
        created = {"type": "create_table", "options": {"public": True}, "seat": 0}
        table = (await ana.command(created))["table"]
        assert (await bea.command({"type": "join", "table": table, "seat": 2}))["type"] == "ack"
        # Ana mutes Bea and the spectators; Bea leaves the waiting room.
        assert (await ana.command({"type": "mute", "table": table, "seat": 2}))["type"] == "ack"
        mute = {"type": "mute", "table": table, "spectators": True}
        assert (await ana.command(mute))["type"] == "ack"
        assert await ana.next("muted", spectators=True) == {
            "type": "muted",
            "table": table,
            "seats": [2],
            "spectators": True,
        }
        assert (await bea.command({"type": "leave", "table": table}))["type"] == "ack"
        # The mute was of Bea: it ends with her leaving, and Ana is told at once.
        told = await ana.next("muted")
        assert (told["seats"], told["spectators"]) == ([], True)
        # Carla sits there: her line reaches Ana whole.
        assert (await carla.command({"type": "join", "table": table, "seat": 2}))["type"] == "ack"
        said = (await carla.command({"type": "chat", "table": table, "text": "¡Hola!"}))["seq"]
        line = (await chat_seen(ana, table, said))["body"]
        assert (line["seat"], line["text"]) == (2, "¡Hola!")
        # Stored with the table: a new connection of Ana's learns it from its sync.
        ana2 = Player("Ana2", ana.token, server.ws)
        await ana2.connect()
        await ana2.command({"type": "subscribe", "table": table})
        sync = await ana2.next("sync")
        assert (sync["muted"], sync["muted_spectators"]) == ([], True)
        assert [c["text"] for c in sync["chat"]] == ["¡Hola!"]
        records = await server.app.state.services.store.records(table)
        assert [(r["seat"], r["on"]) for r in records if r["r"] == "mute"] == [
            (2, True),
            (None, True),
            (2, False),
        ]
        for p in (ana, bea, carla, ana2):
            await p.close()


async def test_a_mute_of_a_seat_ends_when_its_muter_sits_there(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        created = {"type": "create_table", "options": {"public": True}, "seat": 0}
        table = (await ana.command(created))["table"]
        assert (await bea.command({"type": "subscribe", "table": table}))["type"] == "ack"
        # Watching, Bea mutes the empty seat 2; then she sits there: the mute was of nobody,
        # and it ends (her own lines are never hidden from her, so it is not set again).
        assert (await bea.command({"type": "mute", "table": table, "seat": 2}))["type"] == "ack"
        assert (await bea.next("muted"))["seats"] == [2]
        assert (await bea.command({"type": "join", "table": table, "seat": 2}))["type"] == "ack"
        assert (await bea.next("muted"))["seats"] == []
        again = await bea.command({"type": "mute", "table": table, "seat": 2})
        assert again["code"] == "invalid"
        unmute = {"type": "mute", "table": table, "seat": 2, "on": False}
        assert (await bea.command(unmute))["code"] == "invalid"
        for p in (ana, bea):
            await p.close()


async def test_every_kind_of_bad_input_gets_an_error_and_changes_nothing(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        ana = players[0]
        view = ana.view
        assert view is not None
        mover = players[view["to_move"]]
        waiting = players[(view["to_move"] + 1) % 4]
        before = ana.seq[table]

        async def error_for(player: Player, raw: str) -> dict[str, Any]:
            await player.send_raw(raw)
            return await player.next("error")

        assert (await error_for(ana, "{not json"))["code"] == "malformed"
        assert (await error_for(ana, '{"type": "dance"}'))["code"] == "unknown_type"
        assert (await error_for(ana, '{"type": "act", "id": "q"}'))["code"] == "invalid"
        big = json.dumps({"type": "chat", "id": "b", "table": table, "text": "x" * 5000})
        assert (await error_for(ana, big))["code"] == "oversized"
        out_of_turn = await waiting.command({"type": "act", "table": table, "action": "pass"})
        assert out_of_turn["code"] == "not_your_turn"
        illegal = await mover.command({"type": "act", "table": table, "action": "cante:O"})
        assert illegal["code"] == "illegal"
        not_action = await mover.command({"type": "act", "table": table, "action": "XX"})
        assert not_action["code"] == "invalid"
        other_seat = (view["to_move"] + 2) % 4
        forged = await mover.command(
            {"type": "act", "table": table, "action": "pass", "seat": other_seat}
        )
        assert forged["code"] == "forbidden"
        stale = await mover.command({"type": "act", "table": table, "action": "pass", "seq": 1})
        assert stale["code"] == "stale"
        missing = await ana.command({"type": "act", "table": "t-nothere", "action": "pass"})
        assert missing["code"] == "not_found"
        # Still connected, nothing happened at the table.
        await ana.send({"type": "ping", "nonce": 9})
        pong = await ana.next("pong")
        assert pong["nonce"] == 9
        assert ana.seq[table] == before
        # The same command id twice is applied once.
        await mover.send({"type": "act", "id": "dup-1", "table": table, "action": "pass"})
        await mover.send({"type": "act", "id": "dup-1", "table": table, "action": "pass"})
        first = await mover.next("ack", id="dup-1")
        second = await mover.next("ack", id="dup-1")
        assert not first["duplicate"]
        assert second["duplicate"]
        await wait_for(lambda: ana.seq[table] == before + 1)
        await asyncio.sleep(0.1)
        assert ana.seq[table] == before + 1
        for p in players:
            await p.close()


async def test_the_handshake_refuses_strangers(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        with pytest.raises(InvalidStatus) as info:
            async with connect(server.ws, additional_headers={"Origin": "https://evil.example"}):
                pass
        assert info.value.response.status_code == 403
        origin = f"http://127.0.0.1:{server.port}"
        async with connect(server.ws, additional_headers={"Origin": origin}) as ws:
            await ws.send(json.dumps({"type": "lobby", "on": True}))
            assert json.loads(await ws.recv())["code"] == "not_authenticated"
            await ws.send(json.dumps({"type": "hello", "token": "x" * 43}))
            assert json.loads(await ws.recv())["code"] == "unauthorized"
            await ws.wait_closed()
            assert ws.close_code == 4401
        async with connect(server.ws) as ws:
            for _ in range(10):
                await ws.send(json.dumps({"type": "ping"}))
            codes = [json.loads(await ws.recv())["code"] for _ in range(11)]
            assert set(codes) == {"not_authenticated"}
            await ws.wait_closed()
            assert ws.close_code == 4400


async def test_per_connection_rate_limit(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, rate=1.0, burst=5)) as server:
        (ana,) = await make_players(server, ["Ana"])
        # Keep-alives do not spend the command budget.
        for n in range(8):
            await ana.send({"type": "ping", "nonce": n})
        await wait_for(lambda: len([f for f in ana.frames if f["type"] == "pong"]) == 8)
        for n in range(8):
            await ana.send({"type": "subscribe", "table": "t-none", "id": f"s{n}"})
        await wait_for(lambda: any(f.get("code") == "rate_limited" for f in ana.frames))
        answered = [f for f in ana.frames if f.get("code") == "not_found"]
        assert len(answered) <= 5
        await ana.close()


async def test_a_rate_limited_command_is_refused_by_its_id(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path, rate=1.0, burst=2)) as server:
        (ana,) = await make_players(server, ["Ana"])
        for n in range(4):
            await ana.send({"type": "subscribe", "table": "t-none", "id": f"flood-{n}"})
        await wait_for(lambda: any(f.get("code") == "rate_limited" for f in ana.frames))
        refused = [f for f in ana.frames if f.get("code") == "rate_limited"]
        assert refused and all(f["id"].startswith("flood-") for f in refused)
        await ana.close()

"""Over a real server: the turn clock in every frame, computer players' levels, the online
count."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from cuatrola.server.lobby import ONLINE_INTERVAL
from tests.server.live import Player, drive, fast_settings, make_players, running_server
from tests.server.test_live_room import four_at_a_table, wait_for


def _events(player: Player) -> list[dict[str, Any]]:
    return [f for f in player.frames if f["type"] == "event"]


def _check_clock(frame: dict[str, Any], to_move: int | None, total_ms: int) -> None:
    clock = frame["clock"]
    if to_move is None:
        assert clock is None, frame
        return
    assert clock is not None, frame
    assert clock["seat"] == to_move and clock["total_ms"] == total_ms
    assert 0 < clock["remaining_ms"] <= total_ms


async def test_every_event_tells_the_clock_of_the_turn_it_leaves_running(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path, grace_period=30)) as server:
        players, table = await four_at_a_table(server, {"turn_time": 30})
        ana = players[0]
        (watcher,) = await make_players(server, ["Eva"])
        await watcher.command({"type": "subscribe", "table": table})
        watched = await watcher.next("sync")
        assert watched["seat"] is None
        _check_clock(watched, watched["view"]["to_move"], 30_000)
        rng = random.Random(3)
        await drive(players, table, rng, 6)
        everyone = [*players, watcher]
        await wait_for(lambda: all(p.seq[table] == ana.seq[table] for p in everyone))
        game = [f for f in _events(ana) if f["body"] and f["body"]["kind"] in ("deal", "act")]
        assert len(game) >= 7
        for frame in game:
            view = frame["body"]["view"]
            to_move = view["to_move"] if view["phase"] != "finished" else None
            _check_clock(frame, to_move, 30_000)
        # Every seat and the spectator are told the same clock seat for an event.
        assert len({_events(p)[-1]["clock"]["seat"] for p in everyone}) == 1

        # A snapshot tells the clock too, in both forms.
        back = Player("Ana", ana.token, server.ws)
        await back.connect()
        await back.command({"type": "subscribe", "table": table})
        sync = await back.next("sync")
        _check_clock(sync, sync["view"]["to_move"], 30_000)
        assert sync["timer"]["seat"] == sync["clock"]["seat"]

        # A reconnection replay: only its newest frame tells the (current) clock.
        last = back.seq[table]
        await back.close()
        await drive(players, table, rng, 3)
        await wait_for(lambda: ana.seq[table] > last + 1)
        again = Player("Ana", ana.token, server.ws)
        await again.connect()
        await again.command({"type": "subscribe", "table": table, "since": last})
        await wait_for(lambda: again.seq.get(table, 0) >= ana.seq[table])
        replayed = _events(again)
        assert len(replayed) >= 2
        assert all(f["clock"] is None for f in replayed[:-1])
        assert ana.view is not None
        _check_clock(replayed[-1], ana.view["to_move"], 30_000)
        for p in (*players, watcher, again):
            await p.close()


async def test_no_clock_without_a_turn_time_and_for_computer_players(tmp_path: Path) -> None:
    # A pause between hands: without one, the step that ends a hand also deals the next, and
    # the hand's last move then rightly tells the clock of the new hand's first turn.
    settings = fast_settings(tmp_path, bot_delay=0.05, hand_pause=0.2)
    async with running_server(settings) as server:
        (pepe,) = await make_players(server, ["Pepe"])
        ack = await pepe.command(
            {
                "type": "play_computer",
                "options": {"rules": "exact3", "turn_time": 20, "bot_level": "easy"},
            }
        )
        assert ack["type"] == "ack", ack
        sync = await pepe.next("sync")
        # Computer players sit in their own right: clients name them from their level.
        levels = [s["bot_level"] for s in sync["info"]["seats"]]
        assert levels == [None, "easy", "easy", "easy"]
        await pepe.play(random.Random(2), stop_after=4)
        await asyncio.sleep(0.3)
        seen_bot_turn = False
        for frame in _events(pepe):
            body = frame["body"]
            if not body or body["kind"] not in ("deal", "act"):
                continue
            view = body["view"]
            human_turn = view["to_move"] == 0 and view["phase"] != "finished"
            seen_bot_turn |= not human_turn
            _check_clock(frame, 0 if human_turn else None, 20_000)
        assert seen_bot_turn
        await pepe.close()

    (tmp_path / "b").mkdir()
    async with running_server(fast_settings(tmp_path / "b")) as server:
        players, table = await four_at_a_table(server, {"turn_time": 0})
        await drive(players, table, random.Random(1), 3)
        assert all(f["clock"] is None for f in _events(players[0]))
        for p in players:
            await p.close()


async def test_lobby_subscribers_see_how_many_people_are_online(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        await ana.send({"type": "lobby", "on": True})
        lobby = await ana.next("lobby")
        assert lobby["online"] == 2
        (carla,) = await make_players(server, ["Carla"])
        # (An update for the first two may still be on its way: wait for the count of three.)
        await ana.next("online", players=3)
        # A second socket of the same person is not another person.
        extra = Player("Carla", carla.token, server.ws)
        await extra.connect()
        await bea.close()
        await ana.next("online", players=2)
        await asyncio.sleep(2 * ONLINE_INTERVAL)
        updates = [f["players"] for f in ana.frames if f["type"] == "online"]
        assert updates[-1] == 2 and 4 not in updates
        for p in (ana, carla, extra):
            await p.close()

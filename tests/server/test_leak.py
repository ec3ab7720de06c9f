"""THE LEAK TEST: every frame sent to every client during many complete matches (with
reconnections, spectators and computer players) shows no card its recipient may not see yet.

A seat may see its own hand, the cards played, the shown trump card, and the dead hand once
the hand is over; a spectator the same without any hand. Each frame's hand view is also
checked against the server's own state at that event: it must be exactly the core view
(``view_for`` / ``public_view``) of the recipient, so a view cannot smuggle in another seat's
hand.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cuatrola.core.cards import CARD_CODES
from cuatrola.core.views import public_view, view_for
from cuatrola.protocol.views import hand_view
from cuatrola.storage.base import TableStatus
from cuatrola.table import Table
from cuatrola.table.events import HandEvent
from tests.server.live import Player, Server, drive, fast_settings, make_players, running_server

CARDS = frozenset(CARD_CODES)


def card_strings(value: Any, skip_hand: bool = False) -> list[str]:
    """Every card code anywhere in a JSON value (optionally not a view's own ``hand``, its
    ``legal`` moves and the reasons of its ``illegal`` cards, which are checked against the
    true hand)."""
    found: list[str] = []
    if isinstance(value, str):
        if value in CARDS:
            found.append(value)
    elif isinstance(value, list):
        for item in value:
            found += card_strings(item, skip_hand)
    elif isinstance(value, dict):
        for key, item in value.items():
            if skip_hand and key in ("hand", "legal", "illegal"):
                continue
            found += card_strings(item, skip_hand)
    return found


def visible(view: dict[str, Any]) -> set[str]:
    """The cards a view may show besides its own hand."""
    shown = {card for _, card in view["trick"]}
    for trick in view["tricks"]:
        shown.update(trick["cards"])
    shown.add(view["shown_card"])  # dealt face up: public from the deal on
    if view["phase"] == "finished" and view["summary"] and view["summary"]["dead_hand"]:
        shown.update(view["summary"]["dead_hand"])
    return shown


def truth_for(table: Table, seq: int) -> Any:
    """The hand state the table had at event ``seq`` (the latest hand event at or before it)."""
    for event in reversed(table.events):
        if event.seq <= seq and isinstance(event, HandEvent):
            return table._hand_at(event.hand, event.step)
    return None


def as_json(value: Any) -> Any:
    """A struct as its decoded JSON, to compare with a received frame."""
    return msgspec.json.decode(msgspec.json.encode(value))


#: Sequence numbers of the window frames checked (the window test asserts it saw some).
windows_seen: list[int] = []


def check_frames(player: Player, tables: dict[str, Table]) -> int:
    """Assert the frames of one client leak nothing; return how many views were checked."""
    previous = ""
    checked = 0
    seats: dict[str, int | None] = {}
    ended: dict[str, int] = {}  # per table, the most hands_played of a hand_end received
    for frame in player.frames:
        kind = frame["type"]
        if kind == "sync":
            seats[frame["table"]] = frame["seat"]
        if kind == "event" and (frame["body"] or {}).get("kind") == "hand_end":
            ended[frame["table"]] = max(ended.get(frame["table"], 0), frame["body"]["hands_played"])
        if kind == "hand_analysis":
            # Cards of a hand that is over, all public by then: it comes after that hand's
            # hand_end (or, to a new follower, right after its sync).
            assert frame["hand"] <= ended.get(frame["table"], 0) or previous == "sync", frame
            continue
        previous = kind
        view = None
        if kind == "sync":
            view = frame["view"]
        elif kind == "event" and frame["body"] is not None:
            view = frame["body"].get("view")
        if view is None:
            # No hand view: the only cards allowed are a finished hand's dead hand.
            summary = (frame.get("body") or {}).get("summary")
            dead = set(summary["dead_hand"] or []) if summary else set()
            assert set(card_strings(frame)) <= dead, frame
            continue
        table = tables[frame["table"]]
        seat = seats.get(frame["table"], view["seat"])
        if seat is None:
            assert view["hand"] == [], frame
            assert view["legal"] == [], frame
            assert view["illegal"] == [], frame
        assert view["seat"] == seat
        assert set(card_strings(frame, skip_hand=True)) <= visible(view), frame
        state = truth_for(table, frame["seq"])
        plain = as_json(
            hand_view(view_for(state, seat) if seat is not None else public_view(state))
        )
        # In a cante window every seat that cannot sing, and every spectator, sees the same:
        # nobody to move and nothing to do, whether or not the winning team can sing.
        window = as_json(hand_view(Table._window_view(state, seat)))
        event = next((e for e in table.events if e.seq == frame["seq"]), None)
        if kind == "event" and event is not None:
            assert isinstance(event, HandEvent), frame  # only hand events carry a view
            assert view == (window if event.window else plain), (frame["seq"], seat)
        else:
            assert view in (plain, window), (frame["seq"], seat)
        if view == window and view != plain:
            windows_seen.append(frame["seq"])
            if not view["legal"]:
                assert view["phase"] == "cante" and view["to_move"] is None
        if seat is not None:
            assert view["hand"] == [str(c) for c in state.hand_of(seat)]
        assert {a for a in view["legal"] if a in CARDS} <= set(view["hand"])
        assert {i["card"] for i in view["illegal"]} <= set(view["hand"])
        checked += 1
    return checked


async def human_match(
    server: Server, rng: random.Random, tables: dict[str, Table], everyone: list[Player]
) -> None:
    """Four humans and a spectator; two reconnections (with and without ``since``)."""
    names = [f"H{rng.randrange(10**6)}" for _ in range(5)]
    players = await make_players(server, names)
    *seated, eve = players
    everyone.extend(players)
    ack = await seated[0].command(
        {"type": "create_table", "options": {"rules": "exact3", "turn_time": 0}, "seat": 0}
    )
    table_id = ack["table"]
    tables[table_id] = server.app.state.room.runners[table_id].table
    code = (await seated[0].next("sync"))["info"]["code"]
    for seat, player in enumerate(seated[1:], start=1):
        assert (await player.command({"type": "join", "code": code, "seat": seat}))["type"] == "ack"
    assert (await eve.command({"type": "subscribe", "table": table_id}))["type"] == "ack"
    await drive(seated, table_id, rng, 7)
    # Seat 1 drops and comes back with its last seq; seat 2 comes back with nothing (sync).
    for index, since in ((1, True), (2, False)):
        old = seated[index]
        last = old.seq[table_id]
        await old.close()
        await drive(seated, table_id, rng, 3, patience=0.5)
        again = Player(old.name, old.token, server.ws)
        await again.connect()
        message: dict[str, Any] = {"type": "subscribe", "table": table_id}
        if since:
            message["since"] = last
            again.seq[table_id] = last
            again.seat = index
            again.table = table_id
        await again.command(message)
        seated[index] = again
        everyone.append(again)
    while not any(
        f["type"] == "event" and f["body"] and f["body"]["kind"] == "match_end" for f in eve.frames
    ):
        await drive(seated, table_id, rng, 50, patience=1.0)
    for player in players + seated:
        await player.close()


async def computer_match(
    server: Server, rng: random.Random, tables: dict[str, Table], everyone: list[Player]
) -> None:
    """One human against three computer players, watched by a spectator."""
    ana, eve = await make_players(server, [f"C{rng.randrange(10**6)}", "Eve"])
    everyone.extend([ana, eve])
    ack = await ana.command(
        {
            "type": "play_computer",
            "options": {"rules": "exact3", "turn_time": 0, "public": True, "bot_level": "easy"},
        }
    )
    table_id = ack["table"]
    tables[table_id] = server.app.state.room.runners[table_id].table
    await eve.command({"type": "subscribe", "table": table_id})
    while not any(
        f["type"] == "event" and f["body"] and f["body"]["kind"] == "match_end" for f in eve.frames
    ):
        await drive([ana], table_id, rng, 50, patience=1.0)
    await ana.close()
    await eve.close()


@pytest.mark.parametrize(("cante_window", "rounds"), [(0.0, 3), (0.15, 1)])
async def test_no_frame_shows_a_card_its_recipient_may_not_see(
    tmp_path: Path, cante_window: float, rounds: int
) -> None:
    """With and without cante windows (with them, no frame tells that a team can sing)."""
    tables: dict[str, Table] = {}
    everyone: list[Player] = []
    windows_seen.clear()
    settings = fast_settings(tmp_path, grace_period=0.2, cante_window=cante_window)
    async with running_server(settings) as server:
        for round_ in range(rounds):
            rng = random.Random(round_)
            await asyncio.gather(
                human_match(server, rng, tables, everyone),
                computer_match(server, random.Random(100 + round_), tables, everyone),
            )
    checked = sum(check_frames(player, tables) for player in everyone)
    finished = sum(1 for t in tables.values() if t.status == TableStatus.FINISHED)
    assert finished == 2 * rounds
    assert checked > 150 * rounds
    assert bool(windows_seen) == (cante_window > 0)
    assert any(p.seat is None for p in everyone)

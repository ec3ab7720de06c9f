"""Hints over a real server on loopback: the expert's move for the asker's own view, sent to
the asker alone, and every refusal (hints off, out of turn, spectators, unknown tables, bad
frames, too many)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from cuatrola.ai.hints import REASONS, hint_seed
from cuatrola.protocol.ids import TableId
from cuatrola.protocol.messages import TableOptions
from cuatrola.protocol.views import HandView, view_from_wire
from cuatrola.server.bots import hint_move
from cuatrola.server.room import HINT_LIMIT
from tests.server.live import Player, Server, fast_settings, make_players, running_server
from tests.web.helpers import catalogue


async def my_turn(player: Player, timeout: float = 10.0) -> dict[str, Any]:
    """Wait until ``player``'s own view says it is to move; that view."""
    while True:
        view = player.view
        if view is not None and view["legal"] and view["to_move"] == player.seat:
            return view
        await player.next("event", timeout=timeout)


def expected_hint(server: Server, player: Player, view: dict[str, Any]) -> str:
    """The expert's move for the seat's own view (as received) with the hint's seed."""
    assert player.table is not None and player.seat is not None
    table = server.app.state.room.runners[TableId(player.table)].table
    seat_view = view_from_wire(msgspec.convert(view, HandView), table.rules, player.seat)
    action = hint_move(seat_view, hint_seed(player.table, table.turn))
    return seat_view.legal_action_names[seat_view.legal_actions.index(action)]


async def test_a_hint_is_the_experts_move_for_the_askers_own_view(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        options = {"rules": "exact3", "turn_time": 0, "public": True}
        ack = await ana.command({"type": "play_computer", "options": options})
        table = ack["table"]
        sync = await ana.next("sync")
        assert sync["info"]["options"]["hints"] is True
        # a spectator follows the table: the hint is for the asker alone
        assert (await bea.command({"type": "subscribe", "table": table}))["type"] == "ack"
        for _ in range(4):
            view = await my_turn(ana)
            asked = await ana.command({"type": "hint", "table": table})
            assert asked["type"] == "ack", asked
            hint = await ana.next("hint", id=asked["id"])
            assert hint["table"] == table and hint["seat"] == ana.seat
            assert hint["action"] in view["legal"]
            assert hint["reason"] in REASONS
            assert hint["seq"] == ana.seq[table]
            assert hint["action"] == expected_hint(server, ana, view)
            # the same question gets the same answer
            again = await ana.command({"type": "hint", "table": table})
            assert (await ana.next("hint", id=again["id"]))["action"] == hint["action"]
            played = await ana.command(
                {"type": "act", "table": table, "action": hint["action"], "seq": ana.seq[table]}
            )
            assert played["type"] == "ack", played
        assert not [f for f in bea.frames if f["type"] == "hint"]
        for player in (ana, bea):
            await player.close()


async def test_a_hint_is_refused_with_a_clear_code_and_changes_nothing(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players = await make_players(server, ["Ana", "Bea", "Carla", "Dani", "Eva"])
        ana, eva = players[0], players[4]
        options = msgspec.to_builtins(TableOptions(turn_time=0, hints=True))
        ack = await ana.command({"type": "create_table", "options": options, "seat": 0})
        table = ack["table"]
        code = (await ana.next("sync"))["info"]["code"]
        for seat, player in enumerate(players[1:4], start=1):
            assert (await player.command({"type": "join", "code": code, "seat": seat}))["seat"]
        running = server.app.state.room.runners[TableId(table)].table
        assert running.hand is not None
        waiting = players[(running.hand.to_move + 1) % 4]  # players[i] sits at seat i
        seq = running.seq

        async def refused(player: Player, message: dict[str, Any]) -> str:
            reply = await player.command(message)
            assert reply["type"] == "error", reply
            return str(reply["code"])

        assert await refused(waiting, {"type": "hint", "table": table}) == "not_your_turn"
        assert await refused(eva, {"type": "hint", "table": "t-nowhere"}) == "not_found"
        assert (await eva.command({"type": "subscribe", "table": table}))["type"] == "ack"
        assert await refused(eva, {"type": "hint", "table": table}) == "not_seated"
        await eva.send({"type": "hint", "id": "x1"})
        assert (await eva.next("error", id="x1"))["code"] == "invalid"
        # a private table without the option: hints are off
        other = await ana.command({"type": "create_table", "options": {"turn_time": 0}})
        assert await refused(ana, {"type": "hint", "table": other["table"]}) == "hints_off"
        # a refused hint costs nothing: Eva is never limited for asking where she may not
        codes = [await refused(eva, {"type": "hint", "table": table}) for _ in range(HINT_LIMIT)]
        assert codes == ["not_seated"] * HINT_LIMIT
        # nothing changed at the table, and no hint was sent to anybody
        assert running.seq == seq
        assert not [f for p in players for f in p.frames if f["type"] == "hint"]
        # a player has a few hints a minute: the ones granted count
        mover = players[running.hand.to_move]
        for _ in range(HINT_LIMIT):
            asked = await mover.command({"type": "hint", "table": table})
            assert asked["type"] == "ack", asked
            await mover.next("hint", id=asked["id"])
        assert await refused(mover, {"type": "hint", "table": table}) == "rate_limited"
        assert running.seq == seq
        for player in players:
            await player.close()


def test_every_hint_reason_has_a_text_in_every_catalogue() -> None:
    for lang in ("es", "en", "pt", "tr", "th"):
        words = catalogue(lang)
        assert [r for r in REASONS if not words.get(f"hint.{r}", "").strip()] == [], lang
        assert "{move}" in words["hint.move"] and words["error.hints_off"].strip()

"""The cante window: after each of the first three tricks, every other seat and every
spectator sees the same thing whether or not the winning team can sing (issue: the cante
decision used to tell the table that a rey and caballo were held)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import msgspec

from cuatrola.core.actions import NO_CANTE, format_action
from cuatrola.core.hand import Phase
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Acted, CantesOver, Error, TableOptions
from cuatrola.storage.base import TableKind
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import Act, BotAct, CloseCantes, FillBots, Join, OwnerGone, Watch
from cuatrola.table.effects import ArmTimer, AskBot, Broadcast, Reply, TimerKey
from cuatrola.table.events import HandEvent, TableEvent
from cuatrola.table.records import ChoiceRecord, TableRecord
from cuatrola.table.seats import BOTS_CANTE_WINDOW, CanteWindow

USERS = tuple(UserId(name) for name in ("ana", "bea", "carla", "dani"))
WINDOW = 3.0
#: The wire kind of a move's event.
ACTED = Acted.__struct_config__.tag
TABLE = TableId("t1")


def new_table(seed: int, humans: int = 4) -> tuple[Table, list[TableRecord]]:
    """A table and the records it made."""
    table = Table(
        TABLE,
        "CODE1",
        TableKind.PRIVATE,
        TableOptions(turn_time=0, rules="exact11"),
        TableConfig(hand_pause=0, cante_window=WINDOW),
        random.Random(seed),
    )
    records: list[TableRecord] = []
    for seat in range(humans):
        join = Join(USERS[seat], USERS[seat].title(), seat, CommandId(f"sit{seat}"))
        records += table.handle(join).records
    if humans < 4:
        records += table.handle(FillBots(tuple(table.free_seats))).records
    return table, records


def first_trick(table: Table, rng: random.Random, records: list[TableRecord]) -> Step:
    """Everybody passes, then the first trick is played; returns what its last card gave
    (and adds the records to ``records``)."""
    out = Step()
    n = 0
    hand = table.hand
    assert hand is not None
    while len(hand.tricks) < 1:
        seat = hand.to_move
        assert seat is not None
        legal = hand.legal_actions()
        action = legal[0] if hand.phase is Phase.BIDDING else rng.choice(legal)
        out = table.handle(Act(USERS[seat], format_action(action), None, None, CommandId(f"m{n}")))
        records += out.records
        n += 1
    return out


def find(can_sing: bool) -> tuple[Table, Step, list[TableRecord]]:
    """A four-person table whose first trick's winning team can (or cannot) sing, with every
    record it made."""
    for seed in range(500):
        table, records = new_table(seed)
        out = first_trick(table, random.Random(seed), records)
        window = table.window
        if window is not None and bool(window.options) == can_sing:
            return table, out, records
    raise AssertionError("no such deal in 500 seeds")


class Singer(NamedTuple):
    """A table found by ``find(can_sing=True)``, its cante window open, and the lowest seat
    that may sing there."""

    table: Table
    #: Every record the table made.
    records: list[TableRecord]
    window: CanteWindow
    seat: int
    #: The first cante the seat may sing: its action and its code.
    action: int
    cante: str


def lowest_singer() -> Singer:
    """The first table :func:`find` gives where a team can sing, as a :class:`Singer`."""
    table, _, records = find(can_sing=True)
    window = table.window
    assert window is not None
    seat, options = min(window.options.items())
    return Singer(table, records, window, seat, options[0], format_action(options[0]))


def trick_end_frames(table: Table, out: Step) -> dict[int | None, dict[str, Any]]:
    """The frame of the trick-ending event as each seat and a spectator get it."""
    (event,) = [o.event for o in out.effects if isinstance(o, Broadcast)]
    return {
        seat: msgspec.json.decode(msgspec.json.encode(table.project(event, seat)))
        for seat in (None, 0, 1, 2, 3)
    }


def shape(frame: dict[str, Any]) -> tuple[Any, ...]:
    """What a frame tells about the moment, without the cards (which differ by deal)."""
    view = frame["body"]["view"]
    return (frame["body"]["kind"], view["phase"], view["to_move"], view["legal"])


def outline(event: TableEvent) -> tuple[Any, ...]:
    """An event's number, what it is and whether it opened a cante window."""
    if isinstance(event, HandEvent):
        return (event.seq, event.kind, event.window)
    return (event.seq, type(event.body).__name__, False)


def test_other_seats_and_spectators_cannot_tell_whether_a_team_can_sing() -> None:
    can, can_out, _ = find(can_sing=True)
    cannot, cannot_out, _ = find(can_sing=False)
    assert can.window is not None and cannot.window is not None
    deciders = set(can.window.options)
    can_frames = trick_end_frames(can, can_out)
    cannot_frames = trick_end_frames(cannot, cannot_out)
    for seat in (None, 0, 1, 2, 3):
        if seat in deciders:
            view = can_frames[seat]["body"]["view"]
            assert view["phase"] == "cante" and view["to_move"] == seat
            assert "nocante" in view["legal"] and any(a.startswith("cante:") for a in view["legal"])
            continue
        assert shape(can_frames[seat]) == (ACTED, "cante", None, [])
        assert shape(cannot_frames[seat]) == (ACTED, "cante", None, [])
    # The same timer, and nothing else that reaches a client, follows either trick.
    for out in (can_out, cannot_out):
        timers = [o for o in out.effects if isinstance(o, ArmTimer)]
        assert [(t.key, t.seconds) for t in timers] == [(TimerKey.CANTE, WINDOW)]
    # Anybody else who tries to move meanwhile gets the same answer at both tables.
    for table in (can, cannot):
        hand = table.hand
        assert hand is not None
        answers = set()
        for seat in range(4):
            if table.window is not None and seat in table.window.options:
                continue
            step = table.handle(Act(USERS[seat], "AO", None, None, CommandId(f"try{seat}")))
            (reply,) = [o.message for o in step.effects if isinstance(o, Reply)]
            assert isinstance(reply, Error)
            answers.add((reply.code, reply.message))
        assert answers == {(ErrorCode.WRONG_PHASE, "the cantes after the trick are being decided")}


def test_a_declined_cante_and_no_cante_close_alike() -> None:
    can, _, _ = find(can_sing=True)
    cannot, _, _ = find(can_sing=False)
    assert can.window is not None
    decider = min(can.window.options)
    seq = can.seq
    step = can.handle(Act(USERS[decider], "nocante", None, None, CommandId("choice")))
    # The choice is stored and acknowledged, and shown to nobody.
    assert [type(o).__name__ for o in step.effects] == ["Reply"]
    last = step.records[-1]
    assert isinstance(last, ChoiceRecord)
    stored = msgspec.to_builtins(last)
    assert (stored["r"], stored["seat"], stored["a"]) == ("choice", decider, NO_CANTE)
    assert can.seq == seq
    for table in (can, cannot):
        assert table.window is not None
        out = table.handle(CloseCantes(table.window.turn))
        bodies = [table.project(o.event, 1).body for o in out.effects if isinstance(o, Broadcast)]
        assert len(bodies) == 1 and isinstance(bodies[0], CantesOver)
        assert bodies[0].view.phase == "play" and table.window is None


def test_a_cante_chosen_in_the_window_is_sung_when_it_closes() -> None:
    table, records, window, singer, _, cante = lowest_singer()
    records += table.handle(Act(USERS[singer], "nocante", None, None, CommandId("first"))).records
    # The last choice counts.
    records += table.handle(Act(USERS[singer], cante, None, None, CommandId("second"))).records
    # ``records``: every record since the table was made.
    out = table.handle(CloseCantes(window.turn))
    (event,) = [o.event for o in out.effects if isinstance(o, Broadcast)]
    body = table.project(event, None).body
    assert isinstance(body, Acted) and (body.seat, body.action) == (singer, cante)
    assert body.view.cantes[-1].seat == singer
    # The records rebuild the same table, cante window and all, even on a server that has
    # since turned the windows off (the records hold the windows they opened).
    later = [*records, *out.records]
    for config in (table.config, TableConfig(hand_pause=0, cante_window=0.0)):
        copy = Table(TABLE, "CODE1", TableKind.PRIVATE, table.options, config, random.Random(0))
        copy.restore(later)
        assert copy.hand is not None and table.hand is not None
        assert copy.hand.history == table.hand.history and copy.seq == table.seq
        events = [outline(e) for e in copy.events]
        assert events == [outline(e) for e in table.events]

    # And a table whose window is still open resumes with it, its choices kept.
    open_again, _, records = find(can_sing=True)
    assert open_again.window is not None
    singer = min(open_again.window.options)
    records += open_again.handle(Act(USERS[singer], "nocante", None, None, CommandId("c"))).records
    resumed = Table(
        TABLE, "CODE1", TableKind.PRIVATE, open_again.options, TableConfig(cante_window=0.0), None
    )
    resumed.restore(records)
    assert resumed.window is not None
    assert resumed.window.choices == {singer: NO_CANTE}
    assert resumed.window.options == open_again.window.options


def test_computer_players_choose_in_the_window_without_showing_it() -> None:
    for seed in range(500):
        table, _ = new_table(seed, humans=1)
        hand = table.hand
        assert hand is not None
        rng = random.Random(seed)
        out = Step()
        n = 0
        while len(hand.tricks) < 1:
            seat = hand.to_move
            assert seat is not None
            legal = hand.legal_actions()
            action = legal[0] if hand.phase is Phase.BIDDING else rng.choice(legal)
            if table.seats[seat].bot:
                out = table.handle(BotAct(seat, table.turn, action))
            else:
                act = Act(USERS[0], format_action(action), None, None, CommandId(f"m{n}"))
                out = table.handle(act)
            n += 1
        window = table.window
        assert window is not None
        bots = [s for s in window.options if table.seats[s].bot]
        if not bots:
            continue
        asked = [o for o in out.effects if isinstance(o, AskBot)]
        assert {a.seat for a in asked} == set(bots)
        for ask in asked:
            assert ask.view.phase is Phase.CANTE and ask.view.to_move == ask.seat
            assert ask.view.legal_actions == window.options[ask.seat]
            seq = table.seq
            reply = table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0]))
            assert list(reply.effects) == [] and table.seq == seq
        winners = (hand.leader % 2, hand.leader % 2 + 2)
        expected = BOTS_CANTE_WINDOW if all(table.seats[s].bot for s in winners) else WINDOW
        assert window.seconds == expected
        return
    raise AssertionError("no deal where a computer player could sing after the first trick")


def test_a_cante_sung_for_an_absent_owner_is_marked_automatic() -> None:
    # A computer player that chose a cante for its seat's absent owner sang it without the
    # `auto` every other move made for an owner carries, so the log never said so.
    table, records, window, singer, action, cante = lowest_singer()
    out = table.handle(OwnerGone(USERS[singer]))
    records += out.records
    (ask,) = [o for o in out.effects if isinstance(o, AskBot) and o.seat == singer]
    out = table.handle(BotAct(singer, ask.turn, action))
    records += out.records
    assert [(r.seat, r.auto) for r in out.records if isinstance(r, ChoiceRecord)] == [
        (singer, True)
    ]
    out = table.handle(CloseCantes(window.turn))
    records += out.records
    (event,) = [o.event for o in out.effects if isinstance(o, Broadcast)]
    for seat in (None, 0, 1, 2, 3):
        body = table.project(event, seat).body
        assert isinstance(body, Acted) and (body.seat, body.action, body.auto) == (
            singer,
            cante,
            True,
        )
    # what a sync's `auto` is made of, and the same after a restart from the records
    assert table.auto_moves[-1] == (singer, cante)
    copy = Table(TABLE, "CODE1", TableKind.PRIVATE, table.options, table.config, None)
    copy.restore(records)
    assert copy.auto_moves == table.auto_moves
    assert isinstance(copy.events[-1], HandEvent) and copy.events[-1].auto


def test_a_cante_the_owner_chose_after_coming_back_is_theirs() -> None:
    table, _, window, singer, _, cante = lowest_singer()
    table.handle(OwnerGone(USERS[singer]))
    table.handle(BotAct(singer, table.turn, NO_CANTE))
    # back in time, the owner sings: their choice replaces the computer player's
    table.handle(Watch(USERS[singer]))
    table.handle(Act(USERS[singer], cante, None, None, CommandId("sing")))
    out = table.handle(CloseCantes(window.turn))
    (event,) = [o.event for o in out.effects if isinstance(o, Broadcast)]
    body = table.project(event, singer).body
    assert isinstance(body, Acted) and (body.action, body.auto) == (cante, False)
    assert (singer, cante) not in table.auto_moves

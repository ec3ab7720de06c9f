"""A table's records as the store keeps them: every kind reads back from its stored form, the
rows the old table wrote still read, and a restored table resumes its timers."""

from __future__ import annotations

import random
import typing
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from cuatrola.core.actions import NO_CANTE, format_action
from cuatrola.protocol.codec import encode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Ack, ChatSaid, Muted, TableOptions
from cuatrola.protocol.messages import ChatLine as SyncLine
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import (
    Act,
    AddBot,
    BotAct,
    Chat,
    CloseCantes,
    CloseIdle,
    DealNext,
    Join,
    Leave,
    Mute,
    OwnerGone,
    Resume,
    TimerExpired,
    Unwatch,
    Watch,
)
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    Broadcast,
    CancelTimer,
    Effect,
    Reply,
    TimerKey,
    ToUser,
    grace_key,
)
from cuatrola.table.records import (
    ActRecord,
    Applied,
    AwayRecord,
    BotRecord,
    CantesOverRecord,
    ChatLine,
    ChatRecord,
    ChoiceRecord,
    CloseRecord,
    ContributeRecord,
    Contribution,
    DealRecord,
    FreeRecord,
    MatchRecord,
    MuteRecord,
    Offline,
    PresenceRecord,
    RematchRecord,
    ResumeRecord,
    ShuffleInputs,
    ShuffleRecord,
    SitRecord,
    SnapshotRecord,
    TableRecord,
    TimeoutRecord,
    read_records,
)
from cuatrola.table.seats import SeatSlot
from cuatrola.table.table import ACCEPTED_KEPT

ANA, BEA, EVE = UserId("ana"), UserId("bea"), UserId("eve")
USERS = tuple(UserId(name) for name in ("ana", "bea", "carla", "dani"))
TABLE = TableId("t1")
DECK = [7, 3, 19, 0, 12, 5, 16, 1, 10, 14, 2, 18, 9, 6, 13, 4, 17, 11, 8, 15]

#: One record of every kind, with every field away from its default where it has one.
EVERY_KIND: list[TableRecord] = [
    SitRecord(seat=0, user=ANA, name="Ana", cmd=CommandId("s0"), by=ANA),
    BotRecord(seat=1, cmd=CommandId("b1"), by=ANA),
    FreeRecord(seat=2),
    AwayRecord(seat=3, on=True, left=True),
    AwayRecord(seat=3, on=False),
    TimeoutRecord(seat=0),
    CloseRecord(),
    MatchRecord(first_dealer=2, at=1_700_000_000.25),
    DealRecord(deck=DECK),
    ActRecord(seat=1, action=3, auto=True, window=3.0),
    ActRecord(seat=0, action=0, cmd=CommandId("m1"), by=ANA),
    ChoiceRecord(seat=0, action=NO_CANTE),
    CantesOverRecord(),
    ChatRecord(seat=None, name="Eve", text="hola", cmd=CommandId("c1"), by=EVE),
    ChatRecord(seat=1, name="Bea", phrase="gg"),
    RematchRecord(seat=0, accept=True),
    ShuffleRecord(seed="ab" * 32),
    ContributeRecord(seat=2, value="00ff", cmd=CommandId("k1"), by=ANA),
    DealRecord(
        deck=DECK, shuffle=ShuffleInputs(seed="ab" * 32, contributions=[Contribution(2, "00ff")])
    ),
    ResumeRecord(outage=94.5, at=1_700_000_050.0),
    PresenceRecord(seat=1, online=False, at=1_700_000_100.5),
    PresenceRecord(seat=1, online=True),
    MuteRecord(user=ANA, seat=2, on=True, cmd=CommandId("u1"), by=ANA),
    SnapshotRecord(
        seq=40,
        turn=31,
        hand_count=3,
        match_number=1,
        seats=[SeatSlot(user=ANA, name="Ana"), SeatSlot(bot=True), SeatSlot(), SeatSlot()],
        rematch=[0],
        chat=[ChatLine(seq=12, seat=0, name="Ana", phrase="gg")],
        applied=[Applied(ANA, CommandId("m9"), 0, 39)],
        mutes={ANA: [2]},
        offline=[Offline(0, 1_700_000_200.0)],
    ),
]

#: Rows as the old table (``cuatrola.server.table``) wrote them, and what they read as.
OLD_ROWS: list[tuple[dict[str, Any], TableRecord]] = [
    (
        {"r": "sit", "seat": 0, "user": "ana", "name": "Ana", "cmd": "s0", "by": "ana"},
        SitRecord(seat=0, user=ANA, name="Ana", cmd=CommandId("s0"), by=ANA),
    ),
    (
        {"r": "bot", "seat": 1, "cmd": "b1", "by": "ana"},
        BotRecord(seat=1, cmd=CommandId("b1"), by=ANA),
    ),
    ({"r": "free", "seat": 2}, FreeRecord(seat=2)),
    (
        {"r": "match", "first_dealer": 3, "at": 1700000000.5},
        MatchRecord(first_dealer=3, at=1700000000.5),
    ),
    ({"r": "deal", "deck": DECK}, DealRecord(deck=DECK)),
    # A computer player's move (the old table wrote its "auto": false), a move made for an
    # absent owner, and an owner's own move that ended a trick with a cante window.
    ({"r": "act", "seat": 1, "a": 3, "auto": False}, ActRecord(seat=1, action=3)),
    ({"r": "act", "seat": 2, "a": 11, "auto": True}, ActRecord(seat=2, action=11, auto=True)),
    (
        {"r": "act", "seat": 0, "a": 5, "window": 3.0, "cmd": "m7", "by": "ana"},
        ActRecord(seat=0, action=5, window=3.0, cmd=CommandId("m7"), by=ANA),
    ),
    ({"r": "choice", "seat": 0, "a": NO_CANTE}, ChoiceRecord(seat=0, action=NO_CANTE)),
    ({"r": "cantes_over"}, CantesOverRecord()),
    ({"r": "timeout", "seat": 0}, TimeoutRecord(seat=0)),
    ({"r": "away", "seat": 0, "on": True}, AwayRecord(seat=0, on=True)),
    # The old runner's reclaim of a returning owner was a stamped command.
    (
        {"r": "away", "seat": 0, "on": False, "cmd": "~return-12", "by": "ana"},
        AwayRecord(seat=0, on=False, cmd=CommandId("~return-12"), by=ANA),
    ),
    (
        {"r": "away", "seat": 0, "on": True, "left": True, "cmd": "bye", "by": "ana"},
        AwayRecord(seat=0, on=True, left=True, cmd=CommandId("bye"), by=ANA),
    ),
    (
        {"r": "chat", "seat": None, "name": "Eve", "text": "hola", "cmd": "c1", "by": "eve"},
        ChatRecord(seat=None, name="Eve", text="hola", cmd=CommandId("c1"), by=EVE),
    ),
    (
        {"r": "chat", "seat": 1, "name": "Bea", "phrase": "gg"},
        ChatRecord(seat=1, name="Bea", phrase="gg"),
    ),
    ({"r": "rematch", "seat": 0, "accept": False}, RematchRecord(seat=0, accept=False)),
    ({"r": "close"}, CloseRecord()),
]


def stored(records: list[TableRecord]) -> list[dict[str, Any]]:
    """The rows the store keeps for ``records`` (JSON objects)."""
    rows: list[dict[str, Any]] = msgspec.json.decode(msgspec.json.encode(records))
    return rows


def new_table(
    turn_time: float = 0.0, hand_pause: float = 0.0, cante_window: float = 0.0, seed: int = 4
) -> Table:
    config = TableConfig(
        hand_pause=hand_pause,
        cante_window=cante_window,
        grace_period=20.0,
        open_ttl=900.0,
        finished_ttl=90.0,
    )
    options = TableOptions(rules="exact3", turn_time=turn_time)
    return Table(TABLE, "CODE1", TableKind.PRIVATE, options, config, random.Random(seed))


def copy_of(table: Table, records: list[TableRecord]) -> Table:
    """A new table restored from the stored form of ``records``."""
    copy = Table(TABLE, table.code, table.kind, table.options, table.config, random.Random(0))
    copy.restore(read_records(stored(records)))
    return copy


def grace(table: Table, user: UserId) -> ArmTimer:
    return ArmTimer(grace_key(user), table.config.grace_period, OwnerGone(user))


def idle(ttl: float) -> ArmTimer:
    return ArmTimer(TimerKey.IDLE, ttl, CloseIdle())


def answer_bots(table: Table, step: Step, records: list[TableRecord], now: float = 0.0) -> None:
    """Answer every computer player asked in ``step`` (and in the answers), first move."""
    asks = [o for o in step.effects if isinstance(o, AskBot)]
    while asks:
        ask = asks.pop(0)
        answer = table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0]), now=now)
        records += answer.records
        asks += [o for o in answer.effects if isinstance(o, AskBot)]


def seat(table: Table, humans: int) -> list[TableRecord]:
    """Seat ``humans`` users, then computer players in the other seats."""
    records: list[TableRecord] = []
    for index in range(humans):
        user = USERS[index]
        records += table.handle(Join(user, user.title(), index, CommandId(f"s{index}"))).records
    for index in range(humans, 4):
        step = table.handle(AddBot(USERS[0], index, CommandId(f"b{index}")))
        records += step.records
        answer_bots(table, step, records)
    return records


def move(table: Table, records: list[TableRecord], n: int, now: float = 0.0) -> Step:
    """The seat to move plays its first legal move (computer players answered), at ``now``."""
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    who = hand.to_move
    action = format_action(hand.legal_actions()[0])
    step = table.handle(Act(USERS[who], action, None, None, CommandId(f"m{n}")), now=now)
    records += step.records
    answer_bots(table, step, records, now)
    return step


# Reading records ------------------------------------------------------------------------------


def test_every_kind_of_record_reads_back_from_its_stored_form() -> None:
    assert {type(r) for r in EVERY_KIND} == set(typing.get_args(TableRecord))
    rows = stored(EVERY_KIND)
    assert [row["r"] for row in rows] == [
        "sit",
        "bot",
        "free",
        "away",
        "away",
        "timeout",
        "close",
        "match",
        "deal",
        "act",
        "act",
        "choice",
        "cantes_over",
        "chat",
        "chat",
        "rematch",
        "shuffle",
        "contribute",
        "deal",
        "resume",
        "presence",
        "presence",
        "mute",
        "snapshot",
    ]
    assert read_records(rows) == EVERY_KIND
    # to_builtins gives the same rows, and defaults are left out of them.
    assert [msgspec.to_builtins(r) for r in EVERY_KIND] == rows
    assert rows[4] == {"r": "away", "seat": 3, "on": False}
    assert rows[10] == {"r": "act", "seat": 0, "a": 0, "cmd": "m1", "by": "ana"}
    assert rows[6] == {"r": "close"}
    assert rows[-4] == {"r": "presence", "seat": 1, "online": False, "at": 1_700_000_100.5}
    assert rows[-5] == {"r": "resume", "outage": 94.5, "at": 1_700_000_050.0}
    # A deal row without shuffle inputs is the row the table always wrote.
    assert rows[8] == {"r": "deal", "deck": DECK}
    assert rows[18]["shuffle"] == {
        "seed": "ab" * 32,
        "contributions": [{"seat": 2, "value": "00ff"}],
    }


def test_the_rows_of_the_old_table_still_read() -> None:
    rows = [row for row, _ in OLD_ROWS]
    assert read_records(rows) == [record for _, record in OLD_ROWS]


@pytest.mark.parametrize(
    "row",
    [
        {"r": "shuffle", "seat": 0},
        {"seat": 0},
        {"r": "act", "seat": 1},
        {"r": "act", "seat": 1, "action": 3},
        {"r": "sit", "seat": "0", "user": "ana", "name": "Ana"},
    ],
)
def test_a_row_that_is_not_a_record_is_refused(row: dict[str, Any]) -> None:
    with pytest.raises(msgspec.ValidationError):
        read_records([row])


def test_a_log_in_the_old_format_restores_the_same_table() -> None:
    """A real log rewritten as the old table wrote it (computer players' moves with
    ``"auto": false``): read and restored, it rebuilds the same table."""
    table = new_table(turn_time=10.0, cante_window=3.0)
    records = seat(table, humans=2)
    n = 0
    while table.hand_count < 3 and table.status == TableStatus.PLAYING:
        hand = table.hand
        assert hand is not None and hand.to_move is not None
        if table.window is not None:
            step = table.handle(CloseCantes(table.window.turn))
            records += step.records
            answer_bots(table, step, records)
        else:
            assert not table.seats[hand.to_move].computer_plays  # answered at once
            move(table, records, n)
            n += 1
    rows = stored(records)
    bots = {0: False, 1: False, 2: True, 3: True}
    acts = 0
    for row in rows:
        if row["r"] == "act" and bots[row["seat"]]:
            assert "auto" not in row
            row["auto"] = False
            acts += 1
    assert acts > 0
    assert any(row["r"] == "act" and "window" in row for row in rows)
    assert read_records(rows) == records
    copy = Table(TABLE, "CODE1", TableKind.PRIVATE, table.options, table.config)
    copy.restore(read_records(rows))
    assert copy.seq == table.seq
    assert copy.seats == table.seats
    assert copy.hand is not None and table.hand is not None
    assert copy.hand.history == table.hand.history
    for mine, theirs in zip(table.events, copy.events, strict=True):
        for viewer in (None, 0, 1, 2, 3):
            assert copy.project(theirs, viewer) == table.project(mine, viewer)
    # The command ids came back too: a resent move is a duplicate.
    (last,) = [r for r in records if r.cmd == f"m{n - 1}"]
    assert isinstance(last, ActRecord) and last.by is not None
    resent = copy.handle(Act(last.by, "pass", None, None, CommandId(f"m{n - 1}")))
    assert list(resent.records) == []
    (reply,) = resent.effects
    assert isinstance(reply, Reply) and isinstance(reply.message, Ack) and reply.message.duplicate


# Resuming after a restart ---------------------------------------------------------------------


def test_a_restored_match_resumes_its_turn_timer_and_every_owners_grace_period() -> None:
    table = new_table(turn_time=10.0)
    records = seat(table, humans=4)
    for n in range(6):
        move(table, records, n)
    for user in USERS:
        table.handle(Watch(user))
    copy = copy_of(table, records)
    assert copy.online == set()  # nobody is connected yet
    hand = copy.hand
    assert hand is not None and hand.to_move is not None
    expected: list[Effect] = [
        ArmTimer(TimerKey.TURN, 10.0, TimerExpired(copy.turn), seat=hand.to_move),
        *(grace(copy, user) for user in USERS),
    ]
    assert copy.handle(Resume()).effects == expected
    assert copy.handle(Resume()).effects[:1] == table.drive()
    # The grace period of an owner who does not come back runs out as it would have.
    step = copy.handle(OwnerGone(USERS[hand.to_move]))
    assert list(step.records) == [AwayRecord(seat=hand.to_move, on=True)]


def test_a_restored_table_asks_its_computer_player_again() -> None:
    table = new_table()
    records = seat(table, humans=1)
    hand = table.hand
    assert hand is not None and hand.to_move == 0
    # Ana's move; the computer player asked next did not answer before the server stopped.
    step = table.handle(
        Act(ANA, format_action(hand.legal_actions()[0]), None, None, CommandId("m0"))
    )
    records += step.records
    (lost,) = [o for o in step.effects if isinstance(o, AskBot)]
    copy = copy_of(table, records)
    effects = copy.handle(Resume()).effects
    assert effects == [CancelTimer(TimerKey.TURN), lost, grace(copy, ANA)]
    assert effects[:2] == table.drive()
    ask = lost
    step = copy.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0]))
    assert len(step.records) == 1 and isinstance(step.records[0], ActRecord)


def test_a_restored_table_between_two_hands_deals_after_the_pause() -> None:
    table = new_table(hand_pause=2.0)
    records = seat(table, humans=4)
    n = 0
    while table.hand is not None and not table.hand.is_finished:
        move(table, records, n)
        n += 1
    assert table.status == TableStatus.PLAYING
    copy = copy_of(table, records)
    deal = ArmTimer(TimerKey.DEAL, 2.0, DealNext(copy.hand_count - 1))
    expected: list[Effect] = [CancelTimer(TimerKey.TURN), deal, *(grace(copy, u) for u in USERS)]
    assert copy.handle(Resume()).effects == expected
    assert isinstance(copy.handle(DealNext(copy.hand_count - 1)).records[0], DealRecord)


def test_a_restored_table_with_an_open_cante_window_closes_it_on_time() -> None:
    table = new_table(cante_window=3.0)
    records = seat(table, humans=4)
    n = 0
    while table.window is None:
        move(table, records, n)
        n += 1
    copy = copy_of(table, records)
    window = copy.window
    assert window is not None
    expected: list[Effect] = [
        CancelTimer(TimerKey.TURN),
        ArmTimer(TimerKey.CANTE, 3.0, CloseCantes(window.turn)),
        *(grace(copy, u) for u in USERS),
    ]
    assert copy.handle(Resume()).effects == expected


def test_a_restored_table_nobody_plays_waits_for_its_owners() -> None:
    waiting = new_table()
    records = list(waiting.handle(Join(ANA, "Ana", 0, CommandId("s"))).records)
    copy = copy_of(waiting, records)
    assert copy.status == TableStatus.OPEN
    resumed = copy.handle(Resume()).effects
    assert resumed == [CancelTimer(TimerKey.TURN), idle(waiting.config.open_ttl)]
    # Until its owner comes back, or the idle timer closes it.
    copy.handle(Watch(ANA))
    assert list(copy.handle(CloseIdle()).records) == []
    copy.handle(Unwatch(ANA, last=True))
    assert list(copy.handle(CloseIdle()).records) == [CloseRecord()]

    finished = new_table()
    records = seat(finished, humans=4)
    n = 0
    while finished.status == TableStatus.PLAYING:
        move(finished, records, n)
        n += 1
    copy = copy_of(finished, records)
    assert copy.status == TableStatus.FINISHED
    resumed = copy.handle(Resume()).effects
    assert resumed == [CancelTimer(TimerKey.TURN), idle(finished.config.finished_ttl)]


def test_a_restored_closed_table_arms_nothing() -> None:
    table = new_table()
    records = list(table.handle(Join(ANA, "Ana", 0, CommandId("s"))).records)
    records += table.handle(Leave(ANA, CommandId("bye"))).records
    assert table.status == TableStatus.CLOSED
    copy = copy_of(table, records)
    assert copy.status == TableStatus.CLOSED
    assert copy.handle(Resume()).effects == [CancelTimer(TimerKey.TURN)]


# Deadlines across a restart -------------------------------------------------------------------

T0 = 1_800_000_000.0
"""A wall-clock time (UNIX seconds) for the records of these tests."""


def timers(effects: Sequence[Effect]) -> dict[str, float]:
    """The seconds of every timer armed by ``effects``, by key."""
    return {str(e.key): e.seconds for e in effects if isinstance(e, ArmTimer)}


def test_a_resumed_table_keeps_what_was_left_of_the_turn_clock_at_its_last_record() -> None:
    table = new_table(turn_time=10.0)
    records = seat(table, humans=4)
    for n in range(3):
        move(table, records, n, now=T0 + n)
    assert [r.at for r in records[-1:]] == [T0 + 2]
    # Down from its last record, the move that began the turn, until T0 + 60: the outage
    # does not count, so the whole turn is left.
    copy = copy_of(table, records)
    assert copy.stopped_at == T0 + 2
    assert timers(copy.handle(Resume(), T0 + 60).effects)[TimerKey.TURN] == 10.0
    # A chat line stored 4 s into the turn: 6 s were left then, and are left after the restart,
    # however long it took.
    who = table.hand.to_move if table.hand is not None else None
    assert who is not None
    user = USERS[who]
    records += table.handle(Chat(user, user.title(), None, "hm", CommandId("c")), T0 + 6).records
    for restart in (T0 + 7, T0 + 600):
        copy = copy_of(table, records)
        assert timers(copy.handle(Resume(), restart).effects)[TimerKey.TURN] == 6.0
        # The turn's clock moved on by the outage: it runs out 6 s after the restart.
        assert copy.turn_since == restart - 4
        first = copy.handle(Resume(), restart).effects
        assert copy.handle(Resume(), restart).effects == first  # asked again: the same
    # A turn that had already run out at the last record: the timer runs out at once.
    records += table.handle(Chat(user, user.title(), None, "late", CommandId("d")), T0 + 14).records
    assert timers(copy_of(table, records).handle(Resume(), T0 + 60).effects)[TimerKey.TURN] == 0.0
    # Rows stored before records had a time: the whole turn, as before.
    untimed = copy_of(table, [msgspec.structs.replace(r, at=0.0) for r in records])
    assert timers(untimed.handle(Resume(), T0 + 6).effects)[TimerKey.TURN] == 10.0


def test_a_second_restart_counts_only_its_own_outage() -> None:
    table = new_table(turn_time=10.0)
    records = seat(table, humans=4)
    for n in range(3):
        move(table, records, n, now=T0 + n)
    who = table.hand.to_move if table.hand is not None else None
    assert who is not None
    user = USERS[who]
    # 4 s into the turn (begun at T0 + 2), a chat line; then the server is down until T0 + 100.
    records += table.handle(Chat(user, user.title(), None, "hm", CommandId("c")), T0 + 6).records
    first = copy_of(table, records)
    step = first.handle(Resume(), T0 + 100)
    assert timers(step.effects)[TimerKey.TURN] == 6.0
    # The shift is stored with the table, to be committed before anything else.
    assert list(step.records) == [ResumeRecord(outage=94.0, at=T0 + 100)]
    records += step.records
    # Running again: a chat line 2 s later (4 s of the turn left), then down until T0 + 500.
    records += first.handle(Chat(user, user.title(), None, "?", CommandId("d")), T0 + 102).records
    second = copy_of(table, records)
    assert second.turn_since == T0 + 96  # the turn moved on by the first outage
    again = second.handle(Resume(), T0 + 500)
    assert timers(again.effects)[TimerKey.TURN] == 4.0
    assert list(again.records) == [ResumeRecord(outage=398.0, at=T0 + 500)]
    # Down again right after a restart, with nothing else stored: the 4 s are left still.
    records += again.records
    assert timers(copy_of(table, records).handle(Resume(), T0 + 900).effects)[TimerKey.TURN] == 4.0


def test_a_resumed_table_that_runs_no_deadline_stores_nothing() -> None:
    waiting = new_table()
    records = list(waiting.handle(Join(ANA, "Ana", 0, CommandId("s")), T0).records)
    step = copy_of(waiting, records).handle(Resume(), T0 + 60)
    assert list(step.records) == []
    assert step.effects == [CancelTimer(TimerKey.TURN), idle(waiting.config.open_ttl)]


def test_an_owner_who_had_left_before_the_restart_gets_only_the_rest_of_the_grace() -> None:
    table = new_table(turn_time=10.0)  # a grace period of 20 s
    records = seat(table, humans=4)
    move(table, records, 0, now=T0)
    for user in USERS:
        table.handle(Watch(user), now=T0)
    step = table.handle(Unwatch(BEA, last=True), now=T0 + 1)
    assert list(step.records) == [PresenceRecord(seat=1, online=False, at=T0 + 1)]
    records += step.records
    copy = copy_of(table, records)
    assert copy.offline_since == {1: T0 + 1}
    # Her leaving is the last record: the table may have stopped right after it, so she
    # gets the whole grace, like the others, who lost the table with the restart itself.
    assert timers(copy.handle(Resume(), T0 + 8).effects)[grace_key(BEA)] == 20.0
    # Ana chatted 4 s later: Bea had been gone 4 s of her 20 when the table stopped.
    records += table.handle(Chat(ANA, "Ana", None, "Bea?", CommandId("c")), now=T0 + 5).records
    armed = timers(copy_of(table, records).handle(Resume(), T0 + 80).effects)
    assert armed[grace_key(BEA)] == 16.0
    assert [armed[grace_key(u)] for u in USERS if u != BEA] == [20.0, 20.0, 20.0]
    # Back before the restart: the whole grace again, like everybody.
    records += table.handle(Watch(BEA), now=T0 + 5).records
    again = copy_of(table, records)
    assert again.offline_since == {}
    assert timers(again.handle(Resume(), T0 + 8).effects)[grace_key(BEA)] == 20.0


def test_a_resumed_table_between_hands_deals_when_the_pause_would_have_ended() -> None:
    table = new_table(hand_pause=2.0)
    records = seat(table, humans=4)
    n = 0
    while table.hand is not None and not table.hand.is_finished:
        move(table, records, n, now=T0 + n)
        n += 1
    last = T0 + n - 1
    # The last move began the pause: the whole of it is left, however long the outage.
    assert timers(copy_of(table, records).handle(Resume(), last + 30).effects)[TimerKey.DEAL] == 2.0
    # Half a second of it had gone by at the last record (a chat line).
    records += table.handle(Chat(ANA, "Ana", None, "gg", CommandId("c")), now=last + 0.5).records
    assert timers(copy_of(table, records).handle(Resume(), last + 30).effects)[TimerKey.DEAL] == 1.5


def test_mutes_are_a_users_own_and_come_back_with_the_table() -> None:
    table = new_table()
    records = seat(table, humans=4)
    step = table.handle(Mute(ANA, 1, True, CommandId("u1")))
    assert list(step.records) == [
        MuteRecord(user=ANA, seat=1, on=True, cmd=CommandId("u1"), by=ANA)
    ]
    # The ack, then whom Ana muted now, for each of her connections that follow the table.
    reply, told = step.effects
    assert isinstance(reply, Reply) and isinstance(reply.message, Ack)
    assert told == ToUser(ANA, Muted(table=TABLE, seats=[1]))
    records += step.records
    # Muting again changes nothing and stores nothing (but is answered, and said again).
    again = table.handle(Mute(ANA, 1, True, CommandId("u2")))
    assert list(again.records) == []
    assert [type(e) for e in again.effects] == [Reply, ToUser]
    assert table.mutes == {ANA: frozenset({1})}
    step = table.handle(Chat(BEA, "Bea", None, "hello", CommandId("c1")))
    records += step.records
    (said,) = [e.event for e in step.effects if isinstance(e, Broadcast)]
    assert table.project(said, 0, table.mutes[ANA]).body is None  # Ana does not see it
    assert table.project(said, 2, table.mutes.get(USERS[2], frozenset())).body is not None
    copy = copy_of(table, records)
    assert copy.mutes == {ANA: frozenset({1})}
    records += table.handle(Mute(ANA, 1, False, CommandId("u3"))).records
    assert copy_of(table, records).mutes == {ANA: frozenset()}


def test_a_user_mutes_every_spectator_at_once_and_it_comes_back_with_the_table() -> None:
    table = new_table()
    records = seat(table, humans=4)
    records += table.handle(Mute(ANA, 2, True, CommandId("u1"))).records
    step = table.handle(Mute(ANA, None, True, CommandId("u2")))
    # Stored as a seat mute is, the spectators' seat being a chat line's: null.
    assert stored(list(step.records)) == [
        {"r": "mute", "user": "ana", "seat": None, "on": True, "cmd": "u2", "by": "ana"}
    ]
    assert step.effects[-1] == ToUser(ANA, Muted(table=TABLE, seats=[2], spectators=True))
    records += step.records
    step = table.handle(Chat(EVE, "Eve", "hola", None, CommandId("c1")))
    records += step.records
    (said,) = [e.event for e in step.effects if isinstance(e, Broadcast)]
    assert table.project(said, 0, table.mutes[ANA]).body is None  # Ana hides every spectator
    assert table.project(said, 1, table.mutes.get(BEA, frozenset())).body is not None
    assert table.recent_chat(table.mutes[ANA]) == []
    # Only chat is muted: an event that no seat said (a seat change) still reaches Ana.
    records += table.handle(Leave(USERS[3], CommandId("l1"))).records
    assert table.project(table.events[-1], 0, table.mutes[ANA]).body is not None
    assert copy_of(table, records).mutes == {ANA: frozenset({2, None})}
    # Unmuted: the next spectator's line reaches her again.
    records += table.handle(Mute(ANA, None, False, CommandId("u3"))).records
    assert copy_of(table, records).mutes == {ANA: frozenset({2})}


def test_a_spectator_who_mutes_the_spectators_still_sees_their_own_lines() -> None:
    table = new_table()
    records = seat(table, humans=4)
    flor = UserId("flor")
    records += table.handle(Mute(EVE, None, True, CommandId("u1"))).records
    muted = table.mutes[EVE]
    step = table.handle(Chat(EVE, "Eve", "hola", None, CommandId("c1")))
    records += step.records
    (said,) = [e.event for e in step.effects if isinstance(e, Broadcast)]
    own = ChatSaid(seat=None, name="Eve", text="hola", own=True)
    assert table.project(said, None, muted, EVE).body == own
    # Only Eve's copies are marked hers; another spectator who muted the same hides it.
    assert table.project(said, 1, frozenset(), BEA).body == ChatSaid(None, "Eve", "hola")
    assert table.project(said, None, muted, flor).body is None
    # A broadcast's frames: the speaker's apart from those of the same seat and mutes.
    frames = table.frames(said, None)
    for user in (flor, EVE, None):
        expected = msgspec.structs.replace(table.project(said, None, muted, user), clock=None)
        assert frames.for_recipient(None, muted, user) == encode(expected)
    # Another spectator's line stays hidden from her.
    step = table.handle(Chat(flor, "Flor", "buenas", None, CommandId("c2")))
    records += step.records
    (theirs,) = [e.event for e in step.effects if isinstance(e, Broadcast)]
    assert table.project(theirs, None, muted, EVE).body is None
    mine = [SyncLine(seat=None, name="Eve", text="hola", own=True, seq=said.seq)]
    assert table.recent_chat(muted, EVE) == mine
    # The same once the table is restored (the stored line says who said it: its ``by``).
    copy = copy_of(table, records)
    assert copy.recent_chat(copy.mutes[EVE], EVE) == mine
    assert copy.project(copy.chat[0], None, copy.mutes[EVE], EVE).body == own


def chat_of(table: Table, records: list[TableRecord], user: UserId, text: str) -> Broadcast:
    """``user``'s chat line ``text`` (its records kept in ``records``): its broadcast."""
    step = table.handle(Chat(user, user.title(), text, None, CommandId(f"c-{user}-{text}")))
    records += step.records
    (said,) = [e for e in step.effects if isinstance(e, Broadcast)]
    return said


def test_a_seats_mutes_end_when_somebody_else_sits_there() -> None:
    table = new_table()
    records: list[TableRecord] = []
    for index, user in enumerate(USERS[:3]):
        records += table.handle(Join(user, user.title(), index, CommandId(f"s{index}"))).records
    carla, dani = USERS[2], USERS[3]
    records += table.handle(Mute(ANA, 2, True, CommandId("u1"))).records
    records += table.handle(Mute(ANA, None, True, CommandId("u2"))).records
    records += table.handle(Mute(BEA, 0, True, CommandId("u3"))).records
    records += table.handle(Mute(BEA, 2, True, CommandId("u4"))).records
    # Carla leaves the waiting room: the mutes of her seat end with her, in the same step,
    # and each muter is told whom they muted now; other mutes (spectators, seat 0) stay.
    step = table.handle(Leave(carla, CommandId("l1")))
    assert list(step.records) == [
        FreeRecord(seat=2, cmd=CommandId("l1"), by=carla),
        MuteRecord(user=ANA, seat=2, on=False),
        MuteRecord(user=BEA, seat=2, on=False),
    ]
    told = [e for e in step.effects if isinstance(e, ToUser)]
    assert told == [
        ToUser(ANA, Muted(table=TABLE, seats=[], spectators=True)),
        ToUser(BEA, Muted(table=TABLE, seats=[0])),
    ]
    records += step.records
    # Dani sits there: his lines reach Ana and Bea, who never muted him.
    step = table.handle(Join(dani, "Dani", 2, CommandId("s3")))
    assert [type(r) for r in step.records] == [SitRecord]
    records += step.records
    said = chat_of(table, records, dani, "hola").event
    copy = copy_of(table, records)
    for t in (table, copy):
        assert t.mutes == {ANA: frozenset({None}), BEA: frozenset({0})}
        for user in (ANA, BEA):
            line = t.project(said, t.seat_of(user), t.mutes[user], user).body
            assert isinstance(line, ChatSaid) and line.text == "hola"
    assert [line.text for line in copy.recent_chat(copy.mutes[BEA], BEA)] == ["hola"]


def test_a_seats_mutes_end_when_a_computer_player_takes_it_or_its_muter_sits_there() -> None:
    table = new_table()
    records = list(table.handle(Join(ANA, "Ana", 0, CommandId("s0"))).records)
    records += table.handle(Mute(ANA, 3, True, CommandId("u1"))).records
    records += table.handle(Mute(BEA, 1, True, CommandId("u2"))).records  # Bea watches
    step = table.handle(AddBot(ANA, 3, CommandId("b3")))
    assert list(step.records)[1:] == [MuteRecord(user=ANA, seat=3, on=False)]
    records += step.records
    # A mute of a seat its muter then sits in means nobody either.
    step = table.handle(Join(BEA, "Bea", 1, CommandId("s1")))
    assert list(step.records)[1:] == [MuteRecord(user=BEA, seat=1, on=False)]
    assert ToUser(BEA, Muted(table=TABLE, seats=[])) in step.effects
    records += step.records
    nobody: frozenset[int | None] = frozenset()
    assert copy_of(table, records).mutes == table.mutes == {ANA: nobody, BEA: nobody}


def test_a_seat_a_computer_player_plays_for_its_owner_keeps_its_mutes() -> None:
    table = new_table()
    records = seat(table, humans=4)
    records += table.handle(Mute(ANA, 1, True, CommandId("u1"))).records
    # Bea loses the table, a computer player plays for her, and she comes back.
    records += table.handle(Unwatch(BEA, last=True)).records
    records += table.handle(OwnerGone(BEA)).records
    assert table.seats[1].away
    step = table.handle(Watch(BEA))
    assert not table.seats[1].away
    assert not any(isinstance(r, MuteRecord) for r in step.records)
    records += step.records
    said = chat_of(table, records, BEA, "ya estoy").event
    assert table.project(said, 0, table.mutes[ANA], ANA).body is None
    # Leaving during the match, Bea keeps the seat (a computer player plays it for good).
    step = table.handle(Leave(BEA, CommandId("l1")))
    assert [type(r) for r in step.records] == [AwayRecord]
    records += step.records
    assert copy_of(table, records).mutes == table.mutes == {ANA: frozenset({1})}


def test_a_snapshot_stores_the_spectators_mute_with_the_seats_and_reads_old_ones() -> None:
    snapshot = SnapshotRecord(
        seq=1, turn=0, hand_count=0, match_number=1, seats=[], mutes={ANA: [1, None], BEA: [3]}
    )
    (row,) = stored([snapshot])
    assert row["mutes"] == {"ana": [1, None], "bea": [3]}
    assert read_records([row]) == [snapshot]
    old = {"r": "snapshot", "seq": 1, "turn": 0, "hand_count": 0, "match_number": 1}
    (read,) = read_records([{**old, "seats": [], "mutes": {"ana": [2]}}])
    assert isinstance(read, SnapshotRecord) and read.mutes == {ANA: [2]}


def test_a_table_remembers_its_last_thousand_commands_also_after_a_restart() -> None:
    table = new_table()
    records = seat(table, humans=4)
    for n in range(ACCEPTED_KEPT + 5):
        records += table.handle(Chat(ANA, "Ana", None, "hello", CommandId(f"c{n}"))).records
    assert len(table.accepted) == ACCEPTED_KEPT
    for copy in (table, copy_of(table, records)):
        assert len(copy.accepted) == ACCEPTED_KEPT
        newest = copy.handle(Chat(ANA, "Ana", None, "hello", CommandId(f"c{ACCEPTED_KEPT + 4}")))
        assert list(newest.records) == []  # a duplicate: answered, not applied again
        (reply,) = newest.effects
        assert isinstance(reply, Reply) and isinstance(reply.message, Ack)
        assert reply.message.duplicate

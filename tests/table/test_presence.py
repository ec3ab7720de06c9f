"""Who follows a table: ``Watch`` and ``Unwatch`` count spectators, bring seated owners online
and offline (with their presence, grace and idle timers), and ``CloseIdle`` closes only a
table that no seated owner follows."""

from __future__ import annotations

import random

from cuatrola.core.actions import format_action
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Presence, SeatsChanged, TableOptions
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import (
    Act,
    AddBot,
    BotAct,
    CloseIdle,
    Join,
    Leave,
    OwnerGone,
    TimerExpired,
    Unwatch,
    Watch,
)
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    Broadcast,
    CancelTimer,
    Closed,
    LobbyChanged,
    Reply,
    SendAll,
    TimerKey,
    grace_key,
)
from cuatrola.table.events import PublicEvent
from cuatrola.table.records import AwayRecord, CloseRecord, PresenceRecord

USERS = tuple(UserId(name) for name in ("ana", "bea", "carla", "dani"))
EVE = UserId("eve")
TABLE = TableId("t1")
CONFIG = TableConfig(
    hand_pause=0, cante_window=0.0, grace_period=12.0, open_ttl=600.0, finished_ttl=60.0
)


def make_table(humans: int = 4, turn_time: float = 0.0) -> Table:
    """A table with ``humans`` seated users (and computer players in the other seats)."""
    table = Table(
        TABLE,
        "CODE1",
        TableKind.PRIVATE,
        TableOptions(rules="exact3", turn_time=turn_time),
        CONFIG,
        random.Random(3),
    )
    for seat in range(humans):
        table.handle(Join(USERS[seat], USERS[seat].title(), seat, CommandId(f"sit{seat}")))
    if humans < 4:
        for seat in range(humans, 4):
            table.handle(AddBot(USERS[0], seat, CommandId(f"bot{seat}")))
    return table


def presence(seat: int, online: bool) -> SendAll:
    return SendAll(Presence(table=TABLE, seat=seat, online=online))


def idle(ttl: float) -> ArmTimer:
    return ArmTimer(TimerKey.IDLE, ttl, CloseIdle())


def grace(user: UserId) -> ArmTimer:
    return ArmTimer(grace_key(user), CONFIG.grace_period, OwnerGone(user))


def status(table: Table) -> TableStatus:
    """The table's status (read through a call: a command may change it)."""
    return table.status


def quiet(step: Step) -> bool:
    """The step recorded and did nothing."""
    return list(step.records) == [] and list(step.effects) == []


def play_to_the_end(table: Table) -> list[Step]:
    """Play the match with the first legal move of every seat; every step taken."""
    steps: list[Step] = []
    n = 0
    while table.status == TableStatus.PLAYING:
        hand = table.hand
        assert hand is not None and hand.to_move is not None
        seat, action = hand.to_move, hand.legal_actions()[0]
        if table.seats[seat].computer_plays:
            steps.append(table.handle(BotAct(seat, table.turn, action)))
        else:
            move = Act(USERS[seat], format_action(action), None, None, CommandId(f"m{n}"))
            steps.append(table.handle(move))
        n += 1
    return steps


def test_watchers_without_a_seat_are_counted_as_spectators() -> None:
    table = make_table(humans=1, turn_time=0)
    for count, user in enumerate((EVE, UserId("zoe"), EVE), start=1):
        assert quiet(table.handle(Watch(user)))
        assert table.spectators == count
        assert table.info().spectators == count
    assert table.online == set()
    for count, last in ((2, False), (1, True), (0, True), (0, True)):
        assert quiet(table.handle(Unwatch(EVE, last)))
        assert table.spectators == count  # never below zero
    assert table.online == set()


def test_an_owner_is_online_from_its_first_connection_to_its_last() -> None:
    table = Table(TABLE, "CODE1", TableKind.PRIVATE, TableOptions(turn_time=0), CONFIG)
    ana = USERS[0]
    table.handle(Join(ana, "Ana", 2, CommandId("sit")))
    step = table.handle(Watch(ana))
    assert list(step.records) == []
    assert list(step.effects) == [CancelTimer(grace_key(ana)), presence(2, True)]
    assert table.online == {2}
    assert table.info().seats[2].online
    assert table.spectators == 0
    # A second connection: nothing to tell anybody.
    assert list(table.handle(Watch(ana)).effects) == [CancelTimer(grace_key(ana))]
    assert quiet(table.handle(Unwatch(ana, last=False)))
    assert table.online == {2}
    # The last one: offline, and a table nobody plays waits for its owners a while.
    step = table.handle(Unwatch(ana, last=True))
    assert list(step.records) == []
    assert list(step.effects) == [presence(2, False), idle(CONFIG.open_ttl)]
    assert table.online == set()
    assert not table.info().seats[2].online
    assert table.spectators == 0


def test_the_idle_timer_waits_for_the_last_owner_online() -> None:
    table = Table(TABLE, "CODE1", TableKind.PRIVATE, TableOptions(turn_time=0), CONFIG)
    for seat, user in enumerate(USERS[:2]):
        table.handle(Join(user, user, seat, CommandId(f"sit{seat}")))
        table.handle(Watch(user))
    step = table.handle(Unwatch(USERS[0], last=True))
    assert list(step.effects) == [presence(0, False)]  # bea is still there
    step = table.handle(Unwatch(USERS[1], last=True))
    assert list(step.effects) == [presence(1, False), idle(CONFIG.open_ttl)]


def test_the_last_unwatch_during_a_match_arms_the_grace_timer_and_a_watch_cancels_it() -> None:
    table = make_table(turn_time=10.0)
    for user in USERS:
        table.handle(Watch(user))
    assert status(table) == TableStatus.PLAYING
    bea = USERS[1]
    step = table.handle(Unwatch(bea, last=True))
    # Stored: a restart gives Bea only what is left of her grace period.
    assert list(step.records) == [PresenceRecord(seat=1, online=False)]
    # No idle timer while the match is being played.
    assert list(step.effects) == [presence(1, False), grace(bea)]
    assert table.online == {0, 2, 3}
    assert not table.seats[1].away
    step = table.handle(Watch(bea))
    assert list(step.records) == [PresenceRecord(seat=1, online=True)]
    assert list(step.effects) == [CancelTimer(grace_key(bea)), presence(1, True)]
    assert table.online == {0, 1, 2, 3}
    assert not table.seats[1].away


def test_a_watch_takes_the_seat_back_from_the_computer_player() -> None:
    """What the runner did with a ``Reclaim`` when an away owner subscribed again."""
    table = make_table(turn_time=10.0)
    for user in USERS:
        table.handle(Watch(user))
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    user = USERS[seat]
    timer = table.handle(Unwatch(user, last=True)).effects[-1]
    assert timer == grace(user)
    assert isinstance(timer, ArmTimer)
    step = table.handle(timer.command)  # the grace period ran out
    assert list(step.records) == [AwayRecord(seat=seat, on=True)]
    assert table.seats[seat].away
    (ask,) = [o for o in step.effects if isinstance(o, AskBot)]
    step = table.handle(Watch(user))
    # Recorded, not stamped: no client sent a command.
    assert list(step.records) == [
        PresenceRecord(seat=seat, online=True),
        AwayRecord(seat=seat, on=False),
    ]
    assert all(r.cmd is None and r.by is None for r in step.records)
    assert not table.seats[seat].away
    effects = list(step.effects)
    assert effects[:2] == [CancelTimer(grace_key(user)), presence(seat, True)]
    assert LobbyChanged() in effects
    seats = [
        o.event.body
        for o in effects
        if isinstance(o, Broadcast) and isinstance(o.event, PublicEvent)
    ]
    assert len(seats) == 1 and isinstance(seats[0], SeatsChanged)
    assert not seats[0].info.seats[seat].away and seats[0].info.seats[seat].online
    # The owner's turn again: its own clock, and the computer player's answer comes too late.
    assert effects[-1] == ArmTimer(TimerKey.TURN, 10.0, TimerExpired(table.turn), seat=seat)
    assert not any(isinstance(o, AskBot) for o in effects)
    assert quiet(table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0])))
    assert len(hand.history) == 0


def test_a_watch_does_not_bring_back_an_owner_who_left() -> None:
    table = make_table()
    bea = USERS[1]
    table.handle(Leave(bea, CommandId("bye")))
    assert table.seats[1].away and table.seats[1].left
    step = table.handle(Watch(bea))
    assert list(step.records) == []
    assert table.seats[1].away and table.seats[1].left


def test_watching_a_closed_table_is_not_refused_and_changes_nothing() -> None:
    table = make_table()
    bea = USERS[1]
    table.handle(OwnerGone(bea))  # a computer player finishes the match for her
    play_to_the_end(table)
    assert status(table) == TableStatus.FINISHED
    assert table.seats[1].away and not table.seats[1].left
    assert list(table.handle(CloseIdle()).records) == [CloseRecord()]
    assert status(table) == TableStatus.CLOSED
    for command in (Watch(EVE), Unwatch(EVE, last=True), Watch(bea), Unwatch(bea, last=True)):
        step = table.handle(command)
        assert list(step.records) == []
        assert not any(isinstance(o, Reply) for o in step.effects)
    assert table.seats[1].away  # a closed table takes nobody back
    assert status(table) == TableStatus.CLOSED


def test_close_idle_waits_while_a_seated_owner_is_online() -> None:
    table = Table(TABLE, "CODE1", TableKind.PRIVATE, TableOptions(turn_time=0), CONFIG)
    ana = USERS[0]
    table.handle(Join(ana, "Ana", 0, CommandId("sit")))
    table.handle(Watch(ana))
    table.handle(Watch(EVE))
    assert quiet(table.handle(CloseIdle()))
    assert status(table) == TableStatus.OPEN
    # A spectator does not keep it open.
    table.handle(Unwatch(ana, last=True))
    step = table.handle(CloseIdle())
    assert list(step.records) == [CloseRecord()]
    assert Closed() in step.effects
    assert status(table) == TableStatus.CLOSED


def test_a_finished_table_waits_for_its_owners_then_closes() -> None:
    table = make_table()
    for user in USERS:
        table.handle(Watch(user))
    steps = play_to_the_end(table)
    assert status(table) == TableStatus.FINISHED
    # Everybody watches: the end of the match arms no idle timer, and CloseIdle waits.
    assert not any(
        isinstance(o, ArmTimer) and o.key == TimerKey.IDLE for s in steps for o in s.effects
    )
    assert quiet(table.handle(CloseIdle()))
    for user in USERS[:3]:
        assert list(table.handle(Unwatch(user, last=True)).effects) == [
            presence(USERS.index(user), False)
        ]
    step = table.handle(Unwatch(USERS[3], last=True))
    assert list(step.effects) == [presence(3, False), idle(CONFIG.finished_ttl)]
    assert list(table.handle(CloseIdle()).records) == [CloseRecord()]
    assert status(table) == TableStatus.CLOSED


def test_a_match_that_ends_with_no_owner_online_arms_the_idle_timer() -> None:
    table = make_table(humans=1)
    steps = play_to_the_end(table)
    assert status(table) == TableStatus.FINISHED
    assert idle(CONFIG.finished_ttl) in steps[-1].effects


def test_close_idle_does_not_close_a_match_being_played() -> None:
    table = make_table()
    assert table.online == set()
    assert quiet(table.handle(CloseIdle()))
    assert status(table) == TableStatus.PLAYING


def test_an_owner_who_gave_up_the_seat_does_not_keep_the_table_open() -> None:
    """The old runner armed its eviction timer when no subscriber held a seat; the table must
    not count a freed seat as an owner online."""
    table = Table(TABLE, "CODE1", TableKind.PRIVATE, TableOptions(turn_time=0), CONFIG)
    ana, bea = USERS[:2]
    for seat, user in enumerate((ana, bea)):
        table.handle(Join(user, user, seat, CommandId(f"sit{seat}")))
        table.handle(Watch(user))
    table.handle(Leave(ana, CommandId("bye")))  # ana still follows the table, seatless
    assert table.seats[0].is_free
    assert not table.info().seats[0].online
    step = table.handle(Unwatch(bea, last=True))
    assert list(step.effects) == [presence(1, False), idle(CONFIG.open_ttl)]
    assert list(table.handle(CloseIdle()).records) == [CloseRecord()]
    assert status(table) == TableStatus.CLOSED

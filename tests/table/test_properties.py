"""Properties of the sans-I/O table under random command sequences (hypothesis): it never
raises, numbers its events without gaps, and its records rebuild exactly the same table."""

from __future__ import annotations

import itertools
import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from cuatrola.core.actions import NUM_ACTIONS, format_action
from cuatrola.protocol.codec import encode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Clock, TableOptions
from cuatrola.storage.base import TableKind
from cuatrola.table import Table, TableConfig
from cuatrola.table.commands import (
    Act,
    AddBot,
    BotAct,
    Chat,
    CloseCantes,
    CloseIdle,
    Command,
    DealNext,
    Join,
    Leave,
    OwnerGone,
    Reclaim,
    Rematch,
    TimerExpired,
    Unwatch,
    Watch,
)
from cuatrola.table.effects import AskBot, Broadcast
from cuatrola.table.events import HandEvent
from cuatrola.table.records import TableRecord, read_records

USERS = tuple(UserId(name) for name in ("ana", "bea", "carla", "dani", "eve"))


def command_for(table: Table, choice: int, rng: random.Random, n: int) -> Command:
    user = rng.choice(USERS)
    cmd = CommandId(f"c{n}")
    hand = table.hand
    kind = choice % 20  # mostly 12..19: moves, so that hands and matches get played
    if kind == 0:
        return Join(user, user, rng.choice([None, 0, 1, 2, 3]), cmd)
    if kind == 1:
        return AddBot(user, rng.randrange(4), cmd)
    if kind == 2 and rng.random() < 0.1:
        return Leave(user, cmd)
    if kind == 3:
        return Reclaim(user, cmd)
    if kind == 4:
        return Chat(user, user, "hola", None, cmd)
    if kind == 5:
        return Rematch(user, rng.random() < 0.8, cmd)
    if kind == 6:
        return TimerExpired(table.turn - rng.randrange(2))
    if kind == 7:
        return OwnerGone(user)
    if kind == 8:
        return BotAct(rng.randrange(4), table.turn, rng.randrange(NUM_ACTIONS))
    if kind == 9:
        return DealNext(table.hand_count - 1)
    if kind == 10 and rng.random() < 0.02:
        return CloseIdle()
    if kind == 11 and table.window is not None:
        return CloseCantes(table.window.turn)
    if kind == 12 and rng.random() < 0.3:
        return Watch(user)
    if kind == 13 and rng.random() < 0.3:
        return Unwatch(user, rng.random() < 0.7)
    # Mostly: a legal move by the right owner, sometimes by someone else or illegal.
    if hand is not None and hand.to_move is not None:
        owner = table.seats[hand.to_move].user
        if owner is not None and rng.random() < 0.9:
            user = owner
        legal = hand.legal_actions()
        action = rng.choice(legal) if legal and rng.random() < 0.9 else rng.randrange(NUM_ACTIONS)
        return Act(user, format_action(action), None, None, cmd)
    return Act(user, "pass", None, None, cmd)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2**16), min_size=1, max_size=300), st.integers(0, 2**32))
def test_random_commands_keep_the_table_consistent(choices: list[int], seed: int) -> None:
    rng = random.Random(seed)
    options = TableOptions(rules="exact3", turn_time=rng.choice([0.0, 10.0]))
    config = TableConfig(hand_pause=rng.choice([0.0, 2.0]), max_timeouts=2)
    table = Table(TableId("t1"), "CODE", TableKind.PRIVATE, options, config, random.Random(seed))
    records: list[TableRecord] = []
    for n, choice in enumerate(choices):
        step = table.handle(command_for(table, choice, rng, n))
        records += step.records
        # Answer computer players at once, as the runner would.
        for ask in [o for o in step.effects if isinstance(o, AskBot)]:
            assert ask.view.seat == ask.seat
            records += table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0])).records
    assert [e.seq for e in table.events] == list(range(1, table.seq + 1))[-len(table.events) :]
    # The records as the store keeps them read back the same.
    stored = msgspec.json.decode(msgspec.json.encode(records))
    assert read_records(stored) == records
    copy = Table(TableId("t1"), "CODE", TableKind.PRIVATE, options, config, random.Random(seed + 1))
    copy.restore(read_records(stored))
    assert copy.seq == table.seq
    assert copy.status == table.status
    assert copy.seats == table.seats
    assert copy.hand_count == table.hand_count
    if table.hand is not None:
        assert copy.hand is not None
        assert copy.hand.history == table.hand.history
        assert copy.hand.dealt == table.hand.dealt
    for mine, theirs in zip(table.events, copy.events, strict=True):
        for seat in (None, 0, 1, 2, 3):
            a, b = table.project(mine, seat), copy.project(theirs, seat)
            if type(a.body).__name__ == "SeatsChanged":
                continue  # presence flags are not part of the log
            assert a == b


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2**16), min_size=60, max_size=400), st.integers(0, 2**32))
def test_a_broadcast_frame_is_the_encoding_of_the_recipients_copy(
    choices: list[int], seed: int
) -> None:
    """What the runner sends each follower (the public part of a hand event encoded once)
    is byte for byte the encoding of :meth:`Table.project`'s copy for that follower."""
    rng = random.Random(seed)
    options = TableOptions(rules="exact3", turn_time=rng.choice([0.0, 10.0]))
    config = TableConfig(hand_pause=0.0, cante_window=rng.choice([0.0, 3.0]))
    table = Table(TableId("t1"), "CODE", TableKind.PRIVATE, options, config, random.Random(seed))
    recipients = [None, 0, 1, 2, 3]
    mutes = [frozenset(), frozenset({0}), frozenset({1, 3})]
    hand_frames = 0
    seating = [Join(user, user, seat, CommandId(f"s{seat}")) for seat, user in enumerate(USERS[:4])]
    # Made one at a time: each random command is chosen for the table as it then stands.
    later = (command_for(table, c, rng, n) for n, c in enumerate(choices))
    for command in itertools.chain(seating, later):
        effects = list(table.handle(command).effects)
        for ask in [o for o in effects if isinstance(o, AskBot)]:
            effects += table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0])).effects
        for effect in effects:
            if not isinstance(effect, Broadcast):
                continue
            clock = rng.choice(
                [None, Clock(seat=rng.randrange(4), remaining_ms=900, total_ms=10_000)]
            )
            frames = table.frames(effect.event, clock)
            for seat in recipients:
                muted = rng.choice(mutes)
                copy = msgspec.structs.replace(
                    table.project(effect.event, seat, muted), clock=clock
                )
                assert frames.for_recipient(seat, muted) == encode(copy)
            hand_frames += isinstance(effect.event, HandEvent)
    assert hand_frames > 0  # at least the deal

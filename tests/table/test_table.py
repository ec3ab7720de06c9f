"""The sans-I/O table: no event loop, no sockets; the runner only carries out its steps."""

from __future__ import annotations

import random

import pytest

from cuatrola.core.actions import format_action
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import (
    Ack,
    Acted,
    ChatLine,
    ChatSaid,
    Dealt,
    Error,
    HandEnded,
    MatchEnded,
    TableOptions,
)
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import (
    Act,
    AddBot,
    BotAct,
    Chat,
    DealNext,
    Join,
    Leave,
    OwnerGone,
    Reclaim,
    Rematch,
    TimerExpired,
)
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    Broadcast,
    Effect,
    MatchOver,
    Reply,
    TimerKey,
)
from cuatrola.table.events import HandEvent, HandEventKind, PublicEvent
from cuatrola.table.records import DealRecord, TableRecord

USERS = tuple(UserId(name) for name in ("ana", "bea", "carla", "dani"))
PLAYING = TableStatus.PLAYING


def make_table(options: TableOptions | None = None, seed: int = 1, **config: float) -> Table:
    """A table; the cante window is off unless asked for (tests/table/test_cante_window.py)."""
    config.setdefault("cante_window", 0.0)
    cfg = TableConfig(hand_pause=0, **config)  # type: ignore[arg-type]
    return Table(
        TableId("t1"),
        "CODE1",
        TableKind.PRIVATE,
        options or TableOptions(turn_time=0),
        cfg,
        random.Random(seed),
    )


def replies(step: Step) -> list[Ack | Error]:
    return [o.message for o in step.effects if isinstance(o, Reply)]


def seat_all(table: Table) -> list[TableRecord]:
    """Seat the four users; the records it made."""
    records: list[TableRecord] = []
    for i, user in enumerate(USERS):
        step = table.handle(Join(user, user.title(), i, CommandId(f"sit{i}")))
        assert isinstance(replies(step)[0], Ack)
        records += step.records
    return records


def play_move(table: Table, rng: random.Random, n: int) -> Step:
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    action = rng.choice(hand.legal_actions())
    return table.handle(Act(USERS[seat], format_action(action), None, None, CommandId(f"m{n}")))


def play_match(table: Table, seed: int = 5) -> list[Effect]:
    rng = random.Random(seed)
    everything: list[Effect] = []
    n = 0
    while table.status == PLAYING:
        step = play_move(table, rng, n)
        assert isinstance(replies(step)[0], Ack), replies(step)
        everything += step.effects
        n += 1
    return everything


def test_four_humans_play_a_whole_match_with_contiguous_events() -> None:
    table = make_table()
    seat_all(table)
    assert table.status == PLAYING
    out = play_match(table)
    assert table.status == TableStatus.FINISHED
    seqs = [e.seq for e in table.events]
    assert seqs == list(range(1, table.seq + 1))
    kinds = [
        type(o.event.body).__name__
        for o in out
        if isinstance(o, Broadcast) and isinstance(o.event, PublicEvent)
    ]
    assert "HandEnded" in kinds
    assert "MatchEnded" in kinds
    over = [o for o in out if isinstance(o, MatchOver)]
    assert len(over) == 1
    finished = over[0].finished
    assert finished.rated
    assert table.match is not None
    assert finished.score == table.match.score
    assert len(finished.hands) == table.match.hands_played


def test_validation_order_owner_phase_turn_stale_legality() -> None:
    table = make_table()
    out = table.handle(Act(UserId("ana"), "pass", None, None, CommandId("x0")))
    assert replies(out)[0].code == ErrorCode.NOT_SEATED  # type: ignore[union-attr]
    records = [*out.records, *seat_all(table)]
    hand = table.hand
    assert hand is not None
    mover = hand.to_move
    assert mover is not None
    other = (mover + 1) % 4
    out = table.handle(Act(USERS[mover], "pass", other, None, CommandId("x1")))
    assert replies(out)[0].code == ErrorCode.FORBIDDEN  # type: ignore[union-attr]
    refused = [out]
    out = table.handle(Act(USERS[other], "pass", None, None, CommandId("x2")))
    assert replies(out)[0].code == ErrorCode.NOT_YOUR_TURN  # type: ignore[union-attr]
    refused.append(out)
    out = table.handle(Act(USERS[mover], "pass", None, 0, CommandId("x3")))
    assert replies(out)[0].code == ErrorCode.STALE  # type: ignore[union-attr]
    refused.append(out)
    out = table.handle(Act(USERS[mover], "XX", None, None, CommandId("x4")))
    assert replies(out)[0].code == ErrorCode.INVALID  # type: ignore[union-attr]
    refused.append(out)
    out = table.handle(Act(USERS[mover], "cante:O", None, None, CommandId("x5")))
    error = replies(out)[0]
    assert isinstance(error, Error)
    assert error.code == ErrorCode.ILLEGAL
    assert "bidding" in error.message
    refused.append(out)
    for step in refused:
        records += step.records
    assert isinstance(records[-1], DealRecord)  # nothing recorded by the refusals
    assert [r for step in refused for r in step.records] == []


def test_a_repeated_command_id_is_applied_once() -> None:
    table = make_table()
    seat_all(table)
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    cmd = Act(USERS[hand.to_move], "pass", None, None, CommandId("same"))
    first_step = table.handle(cmd)
    first = replies(first_step)[0]
    moves = len(hand.history)
    again_step = table.handle(cmd)
    again = replies(again_step)[0]
    assert isinstance(first, Ack)
    assert isinstance(again, Ack)
    assert again.duplicate
    assert len(hand.history) == moves
    assert len([*first_step.records, *again_step.records]) == 1


def test_restore_rebuilds_state_events_and_command_ids() -> None:
    table = make_table()
    records = seat_all(table)
    rng = random.Random(3)
    for n in range(25):
        records += play_move(table, rng, n).records
    copy = Table(
        TableId("t1"), "CODE1", TableKind.PRIVATE, table.options, table.config, random.Random(99)
    )
    copy.restore(records)
    assert copy.seq == table.seq
    assert copy.hand is not None and table.hand is not None
    assert copy.hand.history == table.hand.history
    assert copy.hand.dealt == table.hand.dealt
    for event in table.events:
        for seat in (None, 0, 1, 2, 3):
            assert copy.project(copy.events[event.seq - 1], seat) == table.project(event, seat)
    by = next(r.by for r in records if r.cmd == "m3")
    assert by is not None
    again = replies(copy.handle(Act(by, "pass", None, None, CommandId("m3"))))[0]
    assert isinstance(again, Ack)
    assert again.duplicate


def test_projection_shows_each_seat_only_its_own_cards() -> None:
    table = make_table()
    seat_all(table)
    deal = table.events[-1]
    hand = table.hand
    assert hand is not None
    for seat in range(4):
        body = table.project(deal, seat).body
        assert isinstance(body, Dealt)
        assert body.view.hand == [str(c) for c in hand.hand_of(seat)]
    spectator = table.project(deal, None).body
    assert isinstance(spectator, Dealt)
    assert spectator.view.hand == []
    assert spectator.view.seat is None


def test_past_events_are_projected_as_they_were() -> None:
    table = make_table()
    seat_all(table)
    rng = random.Random(8)
    for n in range(10):
        play_move(table, rng, n)
    first_action = next(
        e for e in table.events if isinstance(e, HandEvent) and e.kind is HandEventKind.ACT
    )
    body = table.project(first_action, 0).body
    assert isinstance(body, Acted)
    assert len(body.view.bids) == 1


def test_computer_players_are_asked_and_their_moves_go_through_handle() -> None:
    table = make_table()
    table.handle(Join(UserId("ana"), "Ana", 0, CommandId("s")))
    out = Step()
    for seat in (1, 2, 3):
        out = table.handle(AddBot(UserId("ana"), seat, CommandId(f"b{seat}")))
    assert table.status == PLAYING
    rng = random.Random(2)
    n = 0
    while table.status == PLAYING and n < 2000:
        asks = [o for o in out.effects if isinstance(o, AskBot)]
        if asks:
            ask = asks[-1]
            assert ask.view.seat == ask.seat
            out = table.handle(BotAct(ask.seat, ask.turn, rng.choice(ask.view.legal_actions)))
        else:
            out = play_move(table, rng, n)
        n += 1
    assert table.status == TableStatus.FINISHED
    match_over = [o for o in out.effects if isinstance(o, MatchOver)]
    assert match_over
    assert not match_over[0].finished.rated


def test_a_stale_bot_answer_is_ignored() -> None:
    table = make_table()
    seat_all(table)
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    for turn in (table.turn, table.turn - 1):
        step = table.handle(BotAct(hand.to_move, turn, 20))
        assert list(step.records) == []
        assert list(step.effects) == []


def test_timer_expiry_asks_a_bot_then_a_bot_takes_the_seat_until_reclaimed() -> None:
    table = make_table(TableOptions(turn_time=10), max_timeouts=2)
    out = Step()
    for i, user in enumerate(USERS):
        out = table.handle(Join(user, user, i, CommandId(f"s{i}")))
    timers = [o for o in out.effects if isinstance(o, ArmTimer)]
    assert timers
    assert timers[-1].seconds == 10
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    out = table.handle(timers[-1].command)
    ask = next(o for o in out.effects if isinstance(o, AskBot))
    out = table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0]))
    acted = [
        o.event
        for o in out.effects
        if isinstance(o, Broadcast)
        and isinstance(o.event, HandEvent)
        and o.event.kind is HandEventKind.ACT
    ]
    assert acted[0].auto
    assert not table.seats[seat].away
    # Second consecutive timeout of the same seat: a computer player takes the seat.
    rng = random.Random(1)
    n = 0
    while table.hand is not None and table.hand.to_move != seat:
        play_move(table, rng, 100 + n)
        n += 1
    out = table.handle(TimerExpired(table.turn))
    assert table.seats[seat].away
    assert any(isinstance(o, AskBot) for o in out.effects)
    out = table.handle(Reclaim(USERS[seat], CommandId("r1")))
    assert not table.seats[seat].away
    assert any(isinstance(o, ArmTimer) for o in out.effects)


def test_owner_gone_hands_the_seat_to_a_bot_and_a_move_takes_it_back() -> None:
    table = make_table()
    seat_all(table)
    hand = table.hand
    assert hand is not None and hand.to_move is not None
    seat = hand.to_move
    out = table.handle(OwnerGone(USERS[seat]))
    assert table.seats[seat].away
    ask = next(o for o in out.effects if isinstance(o, AskBot))
    assert ask.seat == seat
    action = format_action(hand.legal_actions()[0])
    out = table.handle(Act(USERS[seat], action, None, None, CommandId("back")))
    assert isinstance(replies(out)[0], Ack)
    assert not table.seats[seat].away


def test_seat_choice_and_full_table() -> None:
    table = make_table()
    ana, bea = UserId("ana"), UserId("bea")
    assert isinstance(replies(table.handle(Join(ana, "Ana", 2, CommandId("a"))))[0], Ack)
    error = replies(table.handle(Join(bea, "Bea", 2, CommandId("b"))))[0]
    assert isinstance(error, Error)
    assert error.code == ErrorCode.SEAT_TAKEN
    error = replies(table.handle(Join(ana, "Ana", 1, CommandId("c"))))[0]
    assert isinstance(error, Error)
    assert error.code == ErrorCode.ALREADY_SEATED
    table.handle(Join(bea, "Bea", None, CommandId("d")))
    assert table.seats[0].user == "bea"
    table.handle(Leave(bea, CommandId("e")))
    assert table.seats[0].is_free


def test_chat_is_public_but_muted_seats_are_hidden() -> None:
    table = make_table()
    seat_all(table)
    table.handle(Chat(UserId("bea"), "Bea", "¡Hola!", None, CommandId("c1")))
    event = table.events[-1]
    body = table.project(event, 0).body
    assert isinstance(body, ChatSaid)
    assert body.text == "¡Hola!"
    assert table.project(event, 0, frozenset({1})).body is None
    assert table.project(event, None).body == body
    # A sync's recent chat numbers each line with its event's seq.
    assert table.recent_chat() == [ChatLine(seat=1, name="Bea", text="¡Hola!", seq=event.seq)]
    assert table.recent_chat(frozenset({1})) == []


def test_rematch_starts_a_new_match_when_every_human_accepts() -> None:
    table = make_table(TableOptions(rules="exact3", turn_time=0))
    seat_all(table)
    play_match(table)
    assert table.status == TableStatus.FINISHED
    out = Step()
    for i, user in enumerate(USERS):
        out = table.handle(Rematch(user, True, CommandId(f"rm{i}")))
    assert table.status == PLAYING
    assert table.match_number == 2
    kinds = {
        type(o.event.body).__name__
        for o in out.effects
        if isinstance(o, Broadcast) and isinstance(o.event, PublicEvent)
    }
    assert "MatchStarted" in kinds


def test_hand_pause_arms_a_deal_timer() -> None:
    table = Table(
        TableId("t1"),
        "C",
        TableKind.PRIVATE,
        TableOptions(turn_time=0),
        TableConfig(hand_pause=2.0),
        random.Random(1),
    )
    seat_all(table)
    rng = random.Random(4)
    out = Step()
    n = 0
    while table.hand is not None and not table.hand.is_finished:
        out = play_move(table, rng, n)
        n += 1
    effects = out.effects
    assert any(
        isinstance(o, Broadcast)
        and isinstance(o.event, PublicEvent)
        and isinstance(o.event.body, HandEnded)
        for o in effects
    )
    deal = next(o for o in effects if isinstance(o, ArmTimer) and o.key == TimerKey.DEAL)
    assert isinstance(deal.command, DealNext)
    table.handle(deal.command)
    assert table.hand is not None
    assert not table.hand.is_finished
    assert not any(
        isinstance(o, Broadcast)
        and isinstance(o.event, PublicEvent)
        and isinstance(o.event.body, MatchEnded)
        for o in effects
    )


@pytest.mark.parametrize("rules", ["exact11", "to21", "hands11", "exact5"])
def test_every_preset_plays_to_the_end(rules: str) -> None:
    table = make_table(TableOptions(rules=rules, quintola=rules != "to21", turn_time=0))
    seat_all(table)
    play_match(table, seed=len(rules))
    assert table.status == TableStatus.FINISHED


def test_every_kept_event_can_still_be_projected_after_many_matches() -> None:
    table = make_table(TableOptions(rules="exact3", turn_time=0), event_window=120)
    seat_all(table)
    for round_ in range(4):
        play_match(table, seed=round_)
        for i, user in enumerate(USERS):
            table.handle(Rematch(user, True, CommandId(f"rm{round_}-{i}")))
    assert table.match_number == 5
    assert len(table.events) == 120
    for event in table.events:
        for seat in (None, 0, 1, 2, 3):
            table.project(event, seat)
    assert len(table.hands) < table.hand_count


def test_a_match_is_abandoned_only_when_every_owner_left_on_purpose() -> None:
    table = make_table()
    seat_all(table)
    table.handle(OwnerGone(UserId("bea")))  # disconnected: a computer plays for her
    for user in ("ana", "carla"):
        table.handle(Leave(UserId(user), CommandId(f"bye-{user}")))
    assert table.status == PLAYING
    table.handle(Leave(UserId("dani"), CommandId("bye-dani")))
    assert table.status == PLAYING  # Bea may come back
    table.handle(Leave(UserId("bea"), CommandId("bye-bea")))
    assert table.status == TableStatus.CLOSED

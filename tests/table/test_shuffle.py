"""The verifiable shuffle at the table: the seed is stored before its commitment is
published, the seated people contribute, the deal follows from seed and contributions, the
seed is shown to nobody until the hand is over, and restored tables (new logs and old ones)
deal the same."""

from __future__ import annotations

import random

import msgspec
import pytest

from cuatrola.core.actions import format_action
from cuatrola.core.records import replay_record
from cuatrola.core.shuffle import commitment, derive_deck, proof_from_json, verify_deal
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import (
    Ack,
    Error,
    HandEnded,
    ShuffleCommitted,
    ShuffleRevealed,
    TableOptions,
)
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Step, Table, TableConfig
from cuatrola.table.commands import (
    Act,
    BotAct,
    CloseContributions,
    Command,
    Contribute,
    DealNext,
    FillBots,
    Join,
    Resume,
)
from cuatrola.table.effects import ArmTimer, AskBot, Broadcast, MatchOver, Reply, TimerKey
from cuatrola.table.events import PublicEvent
from cuatrola.table.records import (
    ContributeRecord,
    DealRecord,
    MatchRecord,
    ShuffleRecord,
    TableRecord,
    read_records,
)

ANA, BEA, EVE = UserId("ana"), UserId("bea"), UserId("eve")
WINDOW = 1.5
VALUE = "c0ffee" * 4


def make_table(hand_pause: float = 0.0, window: float = WINDOW, rules: str = "exact3") -> Table:
    config = TableConfig(hand_pause=hand_pause, cante_window=0.0, shuffle_window=window)
    return Table(
        TableId("t1"),
        "CODE1",
        TableKind.PRIVATE,
        TableOptions(rules=rules, turn_time=0),
        config,
        random.Random(3),
    )


def answer(table: Table, step: Step) -> list[Step]:
    """``step`` and every step its computer players' answers give, in turn."""
    steps = [step]
    for effect in step.effects:
        if isinstance(effect, AskBot):
            action = effect.view.legal_actions[0]
            steps += answer(table, table.handle(BotAct(effect.seat, effect.turn, action)))
    return steps


def send(table: Table, command: Command) -> Step:
    """The step of ``command``, once its computer players have answered."""
    step = table.handle(command)
    answer(table, step)
    return step


def start(table: Table, humans: tuple[UserId, ...] = (ANA,)) -> list[Step]:
    """Seat ``humans`` at seats 0, 1... and computer players at the others."""
    steps = [table.handle(Join(u, u.title(), i, CommandId(f"j{i}"))) for i, u in enumerate(humans)]
    steps.append(table.handle(FillBots(tuple(table.free_seats))))
    return steps


def records_of(steps: list[Step]) -> list[TableRecord]:
    return [r for s in steps for r in s.records]


def bodies(steps: list[Step]) -> list[object]:
    return [
        e.event.body
        for s in steps
        for e in s.effects
        if isinstance(e, Broadcast) and isinstance(e.event, PublicEvent)
    ]


def error(step: Step) -> Error:
    (reply,) = step.effects
    assert isinstance(reply, Reply) and isinstance(reply.message, Error)
    assert not step.records
    return reply.message


def play_hand(table: Table, humans: tuple[UserId, ...] = (ANA,)) -> list[Step]:
    """Play the current hand to its end (the people play their first legal move)."""
    steps: list[Step] = []
    n = 0
    hand = table.hand
    assert hand is not None
    while not hand.is_finished:
        seat = hand.to_move
        assert seat is not None
        if table.seats[seat].computer_plays:  # a restored table: its decision driven again
            steps += answer(table, Step((), table.drive()))
            continue
        action = format_action(hand.legal_actions()[0])
        steps += answer(
            table, table.handle(Act(humans[seat], action, None, None, CommandId(f"p{n}")))
        )
        n += 1
    return steps


def test_the_seed_is_stored_before_its_commitment_and_the_deal_waits_for_the_person() -> None:
    table = make_table()
    steps = start(table)
    records = records_of(steps)
    assert [type(r) for r in records][-2:] == [MatchRecord, ShuffleRecord]
    seed = records[-1]
    assert isinstance(seed, ShuffleRecord)
    # The commitment is published in the step that stores the seed (carried out after it).
    (committed,) = [b for b in bodies(steps) if isinstance(b, ShuffleCommitted)]
    assert committed == ShuffleCommitted(
        commitment=commitment(bytes.fromhex(seed.seed)), version=1, seats=[0], window=WINDOW
    )
    assert table.hand is None
    timers = [e for e in steps[-1].effects if isinstance(e, ArmTimer)]
    shuffle = [t for t in timers if t.key == TimerKey.SHUFFLE]
    assert [(t.seconds, t.command) for t in shuffle] == [(WINDOW, CloseContributions(0))]
    assert TimerKey.DEAL not in {t.key for t in timers}  # no pause before a match's first deal

    step = send(table, Contribute(ANA, VALUE, CommandId("k1")))
    assert isinstance(step.effects[0], Reply) and isinstance(step.effects[0].message, Ack)
    contributed, deal = step.records
    assert contributed == ContributeRecord(seat=0, value=VALUE, cmd=CommandId("k1"), by=ANA)
    assert isinstance(deal, DealRecord) and deal.shuffle is not None
    assert deal.deck == derive_deck(bytes.fromhex(seed.seed), {0: bytes.fromhex(VALUE)})
    assert table.hand is not None and table.pending is None


def test_the_deal_follows_when_the_window_closes_without_contributions() -> None:
    table = make_table()
    start(table)
    assert not send(table, CloseContributions(5)).records  # another deal's window
    step = send(table, CloseContributions(0))
    (deal,) = step.records
    assert isinstance(deal, DealRecord) and deal.shuffle is not None
    assert deal.shuffle.contributions == []
    assert table.hand is not None


def test_contributions_from_spectators_twice_or_late_are_refused_and_change_nothing() -> None:
    table = make_table()
    assert error(send(table, Contribute(ANA, VALUE, CommandId("k0")))).code == ErrorCode.NOT_SEATED
    start(table, (ANA, BEA))
    assert error(send(table, Contribute(EVE, VALUE, CommandId("k1")))).code == ErrorCode.NOT_SEATED
    send(table, Contribute(ANA, VALUE, CommandId("k2")))
    again = error(send(table, Contribute(ANA, "00", CommandId("k3"))))
    assert again.code == ErrorCode.ALREADY_CONTRIBUTED
    assert "seat 0 already contributed" in again.message
    assert table.pending is not None and table.pending.contributions == {0: VALUE}
    send(table, Contribute(BEA, "01", CommandId("k4")))
    assert table.hand is not None  # both people contributed: dealt at once
    late = error(send(table, Contribute(BEA, "02", CommandId("k5"))))
    assert late.code == ErrorCode.WRONG_PHASE


def test_a_resent_contribution_is_a_duplicate_not_a_refusal() -> None:
    table = make_table()
    start(table, (ANA, BEA))
    send(table, Contribute(ANA, VALUE, CommandId("k1")))
    step = send(table, Contribute(ANA, VALUE, CommandId("k1")))
    (reply,) = step.effects
    assert isinstance(reply, Reply) and isinstance(reply.message, Ack) and reply.message.duplicate


def test_between_hands_the_seed_is_revealed_and_the_next_one_committed_during_the_pause() -> None:
    table = make_table(hand_pause=2.0)
    start(table)
    send(table, Contribute(ANA, VALUE, CommandId("k1")))
    first = table.shuffles[0]
    steps = play_hand(table)
    after = bodies(steps)
    kinds = [type(b) for b in after]
    assert kinds[kinds.index(HandEnded) :][:3] == [HandEnded, ShuffleRevealed, ShuffleCommitted]
    reveal = after[kinds.index(ShuffleRevealed)]
    # Contributions are taken for as long as the deal may wait: here the pause.
    assert after[kinds.index(ShuffleCommitted)] == ShuffleCommitted(
        commitment=table.pending.commitment if table.pending else "",
        version=1,
        seats=[0],
        window=2.0,
    )
    assert isinstance(reveal, ShuffleRevealed)
    assert reveal.seed == first.seed
    assert reveal.commitment == commitment(bytes.fromhex(first.seed))
    assert [(c.seat, c.value) for c in reveal.contributions] == [(0, VALUE)]
    # The window runs during the pause: the deal waits for the pause even once Ana has
    # contributed, and the next deal comes with the pause's timer.
    last = steps[-1].effects
    timers = {e.key: e for e in last if isinstance(e, ArmTimer)}
    assert timers[TimerKey.DEAL].seconds == 2.0 and timers[TimerKey.SHUFFLE].seconds == WINDOW
    send(table, Contribute(ANA, "ab", CommandId("k2")))
    assert table.hand is not None and table.hand.is_finished
    step = send(table, DealNext(0))
    (deal,) = step.records
    assert isinstance(deal, DealRecord) and deal.shuffle is not None
    assert [c.value for c in deal.shuffle.contributions] == ["ab"]


def test_no_frame_for_anybody_holds_the_seed_before_its_hand_is_over() -> None:
    table = make_table(hand_pause=2.0)
    start(table, (ANA, BEA))
    send(table, Contribute(ANA, VALUE, CommandId("k1")))
    send(table, CloseContributions(0))
    seed = table.shuffles[0].seed
    steps = play_hand(table, (ANA, BEA))
    shown_before_end = []
    for event in table.events:
        frames = [msgspec.json.encode(table.project(event, s)).decode() for s in (None, 0, 1, 2, 3)]
        body = event.body if isinstance(event, PublicEvent) else None
        if isinstance(body, ShuffleRevealed):
            assert all(seed in f for f in frames)
            break
        shown_before_end += [f for f in frames if seed in f]
    else:
        pytest.fail("the seed was never revealed")
    assert shown_before_end == []
    assert any(isinstance(b, HandEnded) for b in bodies(steps))
    # The next hand's seed is not in any event yet.
    assert table.pending is not None
    pending = table.pending.seed.hex()
    assert not any(
        pending in msgspec.json.encode(table.project(e, 0)).decode() for e in table.events
    )


def test_finished_matches_carry_proofs_that_verify() -> None:
    table = make_table(rules="hands11")
    steps = start(table)
    while table.status == TableStatus.PLAYING:
        if table.pending is not None:
            number = table.hand_count
            value = Contribute(ANA, f"{number:02x}", CommandId(f"c{number}"))
            steps += answer(table, table.handle(value))
            continue
        steps += play_hand(table)
    (over,) = [e for s in steps for e in s.effects if isinstance(e, MatchOver)]
    assert len(over.finished.hands) == 11
    for number, record in enumerate(over.finished.hands):
        replay_record(record)
        proof = proof_from_json(record["shuffle"])
        assert proof.contributions == {0: bytes([number])}
        verify_deal(proof, record["dealer"], record["hands"], record["trump"])


def test_a_restored_table_rebuilds_the_same_hands_and_waits_again_for_the_window() -> None:
    table = make_table(hand_pause=2.0)
    steps = start(table)
    steps += answer(table, table.handle(Contribute(ANA, VALUE, CommandId("k1"))))
    steps += play_hand(table)
    stored = msgspec.json.decode(msgspec.json.encode(records_of(steps)))
    copy = make_table(hand_pause=2.0)
    copy.restore(read_records(stored))
    assert copy.seq == table.seq and copy.hands[0].dealt == table.hands[0].dealt
    assert copy.shuffles == table.shuffles
    assert copy.pending is not None and table.pending is not None
    assert copy.pending.seed == table.pending.seed
    keys = {e.key for e in copy.handle(Resume()).effects if isinstance(e, ArmTimer)}
    assert {TimerKey.DEAL, TimerKey.SHUFFLE} <= keys


def test_a_stored_deal_that_does_not_follow_from_its_inputs_is_not_restored() -> None:
    table = make_table()
    steps = start(table)
    steps.append(table.handle(CloseContributions(0)))
    records = records_of(steps)
    deal = records[-1]
    assert isinstance(deal, DealRecord)
    make_table().restore(records)  # as stored, it restores
    forged = msgspec.structs.replace(deal, deck=list(reversed(deal.deck)))
    with pytest.raises(ValueError, match="does not follow from its shuffle inputs"):
        make_table().restore([*records[:-1], forged])


def test_a_table_resumed_from_an_old_log_keeps_playing_and_commits_its_next_deal() -> None:
    # An old log: a deal record without shuffle inputs, and no shuffle record before it.
    table = make_table(window=0.0)
    steps = start(table)
    old = [r for r in records_of(steps) if not isinstance(r, ShuffleRecord)]
    old = old[: next(i for i, r in enumerate(old) if isinstance(r, DealRecord)) + 1]
    deal = old[-1]
    assert isinstance(deal, DealRecord)
    old[-1] = DealRecord(deck=deal.deck)
    resumed = make_table(window=0.0)
    resumed.restore(read_records(msgspec.json.decode(msgspec.json.encode(old))))
    assert resumed.hand is not None and resumed.shuffles == {}
    steps = play_hand(resumed)
    # The old hand has no seed to reveal; the next deal is committed and verifiable.
    kinds = [type(b) for b in bodies(steps)]
    assert ShuffleRevealed not in kinds and ShuffleCommitted in kinds
    assert resumed.hand_count == 2 and 1 in resumed.shuffles
    # Resumed between two hands of an old log: the deal is committed when the pause ends.
    between = make_table(hand_pause=2.0, window=0.0)
    played = records_of(steps)
    legacy = played[: next(i for i, r in enumerate(played) if isinstance(r, ShuffleRecord))]
    between.restore(read_records(msgspec.json.decode(msgspec.json.encode([*old, *legacy]))))
    assert between.hand is not None and between.hand.is_finished and between.pending is None
    step = between.handle(DealNext(0))
    assert [type(r) for r in step.records] == [ShuffleRecord, DealRecord]


def test_a_table_that_does_not_wait_deals_at_once_and_asks_nobody_to_contribute() -> None:
    table = make_table(window=0.0)
    steps = start(table)
    (committed,) = [b for b in bodies(steps) if isinstance(b, ShuffleCommitted)]
    assert committed.seats == [] and committed.window == 0.0
    kinds = [type(r) for r in records_of(steps)]
    assert kinds[kinds.index(ShuffleRecord) + 1] is DealRecord  # in the same step
    assert table.hand is not None and table.pending is None

"""Given deals at the table (``Table(deals=...)``): each match's first dealer and each hand's
deck come from the deal source instead of the verifiable shuffle, after the same pause
between hands, and the table is restored from its records like any other; and a table of
computer players only, which starts when asked to."""

from __future__ import annotations

import random

from cuatrola.core.records import replay_record
from cuatrola.core.rollout import deal_masks, shuffled_deck
from cuatrola.protocol.ids import TableId
from cuatrola.protocol.messages import ShuffleCommitted, TableOptions
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import DealSource, Step, Table, TableConfig
from cuatrola.table.commands import BotAct, DealNext, FillBots
from cuatrola.table.effects import ArmTimer, AskBot, Broadcast, MatchOver, TimerKey
from cuatrola.table.events import PublicEvent
from cuatrola.table.records import DealRecord, MatchRecord, ShuffleRecord, TableRecord

ALL_SEATS = (0, 1, 2, 3)


class Deals:
    """Match ``m``'s first dealer is ``m % 4``; its hand ``h`` is a deck drawn from
    ``random.Random(f"{m}:{h}")``; every call is remembered."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def first_dealer(self, match: int) -> int:
        return match % 4

    def deck(self, match: int, hand: int) -> list[int]:
        self.asked.append((match, hand))
        return shuffled_deck(random.Random(f"{match}:{hand}"))


def make_table(deals: DealSource | None, hand_pause: float = 0.0) -> Table:
    return Table(
        TableId("d1"),
        "",
        TableKind.COMPUTER,
        TableOptions(rules="exact3", turn_time=0),
        TableConfig(hand_pause=hand_pause, cante_window=0.0),
        random.Random(1),
        deals=deals,
    )


def play(table: Table, step: Step) -> tuple[list[TableRecord], Step]:
    """Answer every computer player's question with its first legal action until the table
    asks none; the records written on the way and the last step."""
    records = list(step.records)
    while True:
        asks = [e for e in step.effects if isinstance(e, AskBot)]
        if not asks:
            return records, step
        ask = asks[0]
        step = table.handle(BotAct(ask.seat, ask.turn, ask.view.legal_actions[0]))
        records += step.records


def test_fill_bots_starts_a_table_of_computer_players_only_when_asked() -> None:
    table = make_table(Deals())
    table.handle(FillBots(ALL_SEATS))
    waiting = table.status  # nobody owns a seat: nobody to play for
    step = table.handle(FillBots(ALL_SEATS, start=True))
    assert (waiting, table.status) == (TableStatus.OPEN, TableStatus.PLAYING)
    assert any(isinstance(e, AskBot) for e in step.effects)


def test_the_deal_source_gives_the_first_dealer_and_every_deck() -> None:
    deals = Deals()
    table = make_table(deals)
    records, last = play(table, table.handle(FillBots(ALL_SEATS, start=True)))
    assert table.status == TableStatus.FINISHED
    assert any(isinstance(e, MatchOver) for e in last.effects)
    matches = [r for r in records if isinstance(r, MatchRecord)]
    assert [m.first_dealer for m in matches] == [deals.first_dealer(1)]
    dealt = [r for r in records if isinstance(r, DealRecord)]
    assert len(dealt) == table.hand_count >= 2
    # No shuffle at all: no seed, no commitment, no proof.
    assert not any(isinstance(r, ShuffleRecord) for r in records)
    assert all(r.shuffle is None for r in dealt)
    assert deals.asked == [(1, h) for h in range(len(dealt))]
    for number, record in enumerate(dealt):
        hand = table.hands[number]
        assert record.deck == deals.deck(1, number)
        assert hand.dealer == (deals.first_dealer(1) + number) % 4
        assert list(hand.dealt) == deal_masks(record.deck, hand.dealer)
    events = [e for e in table.events if isinstance(e, PublicEvent)]
    assert not any(isinstance(e.body, ShuffleCommitted) for e in events)
    # The finished match's hands replay through the rules core, without a shuffle proof.
    finished = next(e for e in last.effects if isinstance(e, MatchOver)).finished
    for hand_record, number in zip(finished.hands, range(table.hand_count), strict=True):
        assert "shuffle" not in hand_record
        assert replay_record(hand_record).history == table.hands[number].history


def test_given_deals_wait_for_the_pause_between_hands() -> None:
    deals = Deals()
    table = make_table(deals, hand_pause=2.0)
    _, last = play(table, table.handle(FillBots(ALL_SEATS, start=True)))
    # The first hand is over; the table waits for the pause before the next deal.
    assert table.hand_count == 1 and table.status == TableStatus.PLAYING
    assert deals.asked == [(1, 0)]
    (timer,) = [e for e in last.effects if isinstance(e, ArmTimer)]
    assert timer.key == TimerKey.DEAL and timer.seconds == 2.0
    assert timer.command == DealNext(0)
    step = table.handle(timer.command)
    assert [type(r) for r in step.records] == [DealRecord]
    assert deals.asked == [(1, 0), (1, 1)]
    assert any(isinstance(e, AskBot) for e in step.effects)
    assert any(isinstance(e, Broadcast) for e in step.effects)


def test_a_table_with_given_deals_is_restored_from_its_records() -> None:
    table = make_table(Deals())
    records, _ = play(table, table.handle(FillBots(ALL_SEATS, start=True)))
    copy = make_table(None)
    copy.restore(records)
    assert copy.info() == table.info()
    assert copy.seq == table.seq
    assert [h.history for h in copy.hands.values()] == [h.history for h in table.hands.values()]
    assert [h.dealt for h in copy.hands.values()] == [h.dealt for h in table.hands.values()]

"""Compaction: the snapshot a table writes before a rematch stands for the log before it."""

from __future__ import annotations

from cuatrola.protocol.ids import CommandId
from cuatrola.storage.base import TableStatus
from cuatrola.table import Table
from cuatrola.table.commands import Chat, Mute, Rematch, Unwatch, Watch
from cuatrola.table.records import MatchRecord, SnapshotRecord, TableRecord
from tests.table.test_restore import ANA, BEA, USERS, copy_of, move, new_table, seat

T0 = 1_800_000_000.0


def _play_match(table: Table, records: list[TableRecord]) -> None:
    n = 0
    while table.status == TableStatus.PLAYING:
        move(table, records, n, now=T0 + n)
        n += 1


def _state(table: Table) -> object:
    """What a reader of the table sees of it, and what it remembers."""
    return (
        table.info(),
        table.seq,
        table.turn,
        table.status,
        sorted(table.accepted),
        table.mutes,
        table.offline_since,
        table.recent_chat(),
        [table.current_view(seat) for seat in (None, 0, 1, 2, 3)],
    )


def test_a_rematch_starts_with_a_snapshot_that_stands_for_the_log_before_it() -> None:
    table = new_table(turn_time=10.0)
    records = seat(table, humans=4)
    for user in USERS:
        table.handle(Watch(user), now=T0)
    records += table.handle(Chat(BEA, "Bea", None, "suerte", CommandId("c1")), now=T0).records
    records += table.handle(Mute(ANA, 1, True, CommandId("u1")), now=T0).records
    records += table.handle(Mute(ANA, None, True, CommandId("u2")), now=T0).records
    _play_match(table, records)
    assert table.status == TableStatus.FINISHED
    records += table.handle(Unwatch(USERS[3], last=True), now=T0 + 500).records
    for index, user in enumerate(USERS):
        step = table.handle(Rematch(user, True, CommandId(f"r{index}")), now=T0 + 600)
        records += step.records
    kinds = [type(r) for r in records]
    assert kinds.count(SnapshotRecord) == 1  # the first match needs none
    at = kinds.index(SnapshotRecord)
    assert kinds[at + 1] is MatchRecord
    whole = copy_of(table, records)
    compacted = copy_of(table, records[at:])
    assert _state(compacted) == _state(whole)
    # The snapshot keeps who said each line: Bea's own is still hers, whatever she muted.
    mine = compacted.recent_chat(frozenset({1}), BEA)
    assert [(line.phrase, line.own) for line in mine] == [("suerte", True)]
    # Both go on the same way: the same records and effects for the same commands.
    more_whole: list[TableRecord] = []
    more_compacted: list[TableRecord] = []
    for n in range(8):
        move(whole, more_whole, 100 + n, now=T0 + 700 + n)
        move(compacted, more_compacted, 100 + n, now=T0 + 700 + n)
    assert more_compacted == more_whole
    assert _state(compacted) == _state(whole)
    # A command applied before the snapshot is still known as applied.
    again = compacted.handle(Chat(BEA, "Bea", None, "suerte", CommandId("c1")))
    assert list(again.records) == []

"""Compaction of a table's log: the :class:`~cuatrola.table.records.SnapshotRecord`.

A table that plays match after match would otherwise replay every record of every match at
each restart. Just before a rematch begins, the table writes a snapshot of what the next
matches still need (seats, event and decision numbers, recent chat, the commands it
remembers, mutes, owners away); once it is stored, the runner lets the store drop the
records before it. Restoring a snapshot sets exactly that state; on a live table, where the
state already is what the snapshot says, it changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cuatrola.protocol.messages import ChatSaid
from cuatrola.storage.base import TableStatus
from cuatrola.table.events import PublicEvent
from cuatrola.table.records import ChatLine, Offline, SnapshotRecord

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def snapshot_of(table: Table) -> SnapshotRecord:
    """What ``table`` is between two matches, as one record."""
    chat = [
        ChatLine(
            seq=e.seq, seat=b.seat, name=b.name, text=b.text, phrase=b.phrase, user=e.speaker_user
        )
        for e in table.chat
        if isinstance((b := e.body), ChatSaid)
    ]
    return SnapshotRecord(
        seq=table.seq,
        turn=table.turn,
        hand_count=table.hand_count,
        match_number=table.match_number,
        seats=[msgspec.structs.replace(s) for s in table.seats],  # copies: seats change
        rematch=sorted(table.rematch),
        chat=chat,
        applied=list(table.accepted.values()),  # frozen structs: shared, not copied
        # The spectators (None) after the seats, so that a snapshot is the same every time.
        mutes={
            u: sorted(m, key=lambda s: 4 if s is None else s) for u, m in table.mutes.items() if m
        },
        offline=[Offline(seat, since) for seat, since in sorted(table.offline_since.items())],
    )


def restore_snapshot(table: Table, record: SnapshotRecord) -> None:
    """Set ``table`` (being restored) to the state ``record`` holds."""
    table.seq = record.seq
    table.game_seq = record.seq
    table.turn = record.turn
    table.hand_count = table.match_first_hand = record.hand_count
    table.match_number = record.match_number
    table.seats = [msgspec.structs.replace(s) for s in record.seats]
    table.rematch = set(record.rematch)
    table.match = None
    table.hands.clear()
    table.shuffles.clear()
    table.auto_moves = []
    table.events.clear()
    table.chat = [
        PublicEvent(
            seq=line.seq,
            body=ChatSaid(seat=line.seat, name=line.name, text=line.text, phrase=line.phrase),
            speaker=line.seat,
            speaker_user=line.user,
        )
        for line in record.chat
    ]
    table.accepted = {(a.user, a.cmd): a for a in record.applied}
    table.mutes = {user: frozenset(seats) for user, seats in record.mutes.items()}
    table.offline_since = {o.seat: o.since for o in record.offline}
    table.status = TableStatus.FINISHED

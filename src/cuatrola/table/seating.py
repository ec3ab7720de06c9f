"""Who sits at a table, and when its matches begin.

The commands that change the seats (``join``, ``add_bot``, the room's
:class:`~cuatrola.table.commands.FillBots`, ``leave``, ``reclaim``) and ``rematch``, and the
start of a match: once every seat is held (and somebody owns one), or once every owner has
accepted another match. A rematch is preceded by a snapshot of the table that stands for its
whole log so far (:mod:`cuatrola.table.snapshots`). These are steps of
:class:`~cuatrola.table.table.Table` kept in their own module: each checks its command,
refusing it with :class:`~cuatrola.table.commands.Refused` before it records anything, and
writes the records that the table applies (:mod:`cuatrola.table.apply`). Every change of a
seat's holder goes through :func:`change_hands`, which ends the chat mutes of a seat that
changes hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import UserId
from cuatrola.storage.base import TableStatus
from cuatrola.table.chat import end_mutes_of
from cuatrola.table.commands import AddBot, FillBots, Join, Leave, Refused, Rematch
from cuatrola.table.dealing import first_dealer, next_deal
from cuatrola.table.presence import grace
from cuatrola.table.records import (
    AwayRecord,
    BotRecord,
    CloseRecord,
    FreeRecord,
    MatchRecord,
    PresenceRecord,
    RematchRecord,
    SitRecord,
)
from cuatrola.table.snapshots import snapshot_of

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def on_join(table: Table, cmd: Join) -> None:
    """``join``: a user takes a free seat before the match.

    Raises:
        Refused: when the user is seated already, the match has begun, or the seat is taken.
    """
    if table.seat_of(cmd.user) is not None:
        raise Refused(ErrorCode.ALREADY_SEATED, "you already have a seat at this table")
    if table.status == TableStatus.PLAYING:
        raise Refused(ErrorCode.WRONG_PHASE, "the match has started")
    free = table.free_seats
    if not free:
        raise Refused(ErrorCode.TABLE_FULL, "every seat is taken")
    seat = cmd.seat if cmd.seat is not None else free[0]
    if seat not in free:
        raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
    change_hands(table, SitRecord(seat=seat, user=cmd.user, name=cmd.name))
    maybe_start(table)


def on_add_bot(table: Table, cmd: AddBot) -> None:
    """``add_bot``: a seated user puts a computer player at a free seat before the match.

    Raises:
        Refused: when the user is not seated, the match has begun, or the seat is taken.
    """
    table._owned_seat(cmd.user)
    if table.status == TableStatus.PLAYING:
        raise Refused(ErrorCode.WRONG_PHASE, "the match has started")
    if not table.seats[cmd.seat].is_free:
        raise Refused(ErrorCode.SEAT_TAKEN, f"seat {cmd.seat} is taken")
    change_hands(table, BotRecord(seat=cmd.seat))
    maybe_start(table)


def on_fill_bots(table: Table, cmd: FillBots) -> None:
    """The room seats computer players at the free seats among ``cmd.seats`` (and with
    ``cmd.start`` a table of computer players only starts its match too)."""
    if table.status != TableStatus.OPEN:
        return
    for seat in cmd.seats:
        if table.seats[seat].is_free:
            change_hands(table, BotRecord(seat=seat))
    maybe_start(table, anyway=cmd.start)


def on_leave(table: Table, cmd: Leave) -> None:
    """``leave``: during a match a computer player plays the seat for good; before it, the
    seat is free again. The table closes when no owner is left.

    Raises:
        Refused: when the user is not seated.
    """
    seat = table._owned_seat(cmd.user)
    if table.status == TableStatus.PLAYING:
        table._record(AwayRecord(seat=seat, on=True, left=True))
        # Only when every owner has left on purpose (not merely disconnected) is the
        # match abandoned.
        if all(s.user is None or s.left for s in table.seats):
            table._record(CloseRecord())
    else:
        change_hands(table, FreeRecord(seat=seat))
        if not table.humans:
            table._record(CloseRecord())


def on_reclaim(table: Table, user: UserId) -> None:
    """``reclaim``: the owner takes the seat back from the computer player holding it.

    Raises:
        Refused: when the user is not seated.
    """
    seat = table._owned_seat(user)
    if table.seats[seat].away:
        table._record(AwayRecord(seat=seat, on=False))


def on_rematch(table: Table, cmd: Rematch) -> None:
    """``rematch``: an owner accepts (or refuses) another match; it begins once every
    owner has accepted.

    Raises:
        Refused: when the user is not seated or no match is over.
    """
    seat = table._owned_seat(cmd.user)
    if table.status != TableStatus.FINISHED:
        raise Refused(ErrorCode.WRONG_PHASE, "there is no finished match to replay")
    table._record(RematchRecord(seat=seat, accept=cmd.accept))
    humans = {i for i, s in enumerate(table.seats) if s.user is not None}
    if cmd.accept and humans <= table.rematch:
        start_match(table)


def change_hands(table: Table, record: SitRecord | BotRecord | FreeRecord) -> None:
    """Write ``record``, which gives its seat to a user, a computer player or nobody. When
    that is not who held the seat, the seat changed hands and every user's mute of it ends
    (in the same step, so that a restored table and a replay agree): a mute is of a person.
    A computer player standing in for an owner (``away``) leaves the seat the owner's."""
    slot = table.seats[record.seat]
    before = (slot.user, slot.bot)
    table._record(record)
    slot = table.seats[record.seat]  # a freed seat is a new slot
    if (slot.user, slot.bot) != before:
        end_mutes_of(table, record.seat)


def maybe_start(table: Table, *, anyway: bool = False) -> None:
    """Start the match once every seat is held and somebody owns one (``anyway``: even if
    nobody does)."""
    if table.status == TableStatus.OPEN and not table.free_seats and (table.humans or anyway):
        start_match(table)


def start_match(table: Table) -> None:
    """Begin a match: its first dealer drawn, then its first deal prepared."""
    if table.match_number > 0:
        # A rematch: what the table is now stands for its whole log so far (compaction).
        table._record(snapshot_of(table))
    table._record(MatchRecord(first_dealer=first_dealer(table), at=table._now))
    # An owner who lost the table before the match began (a computer table fills its seats
    # after its creator is seated) gets a grace period from now, as if they left now.
    for seat in sorted(table.gone_before_match - table.online):
        user = table.seats[seat].user
        if user is not None:
            table._record(PresenceRecord(seat=seat, online=False))
            table._effects.append(grace(table, user))
    table.gone_before_match.clear()
    next_deal(table)


__all__ = [
    "change_hands",
    "maybe_start",
    "on_add_bot",
    "on_fill_bots",
    "on_join",
    "on_leave",
    "on_reclaim",
    "on_rematch",
    "start_match",
]

"""A table's chat: the ``chat`` and ``mute`` commands.

Anybody who follows a table may say a line (free text, or one of the fixed phrases); each
user may hide the lines of a seat, or of every spectator, from themselves (a setting of
theirs that the table keeps across reconnections and restarts, so it is stored too). A mute
of a seat is of the person sitting there: it ends when the seat changes hands
(:func:`end_mutes_of`). Applying
the records these write is :mod:`cuatrola.table.apply`'s (it keeps the last lines for
newcomers), and :mod:`cuatrola.table.projection` leaves a muted speaker's lines out of its
recipients' copies, but for the speaker's own: nobody's mute hides their own lines from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import UserId
from cuatrola.protocol.messages import Muted
from cuatrola.table.commands import Chat, Mute, Refused
from cuatrola.table.effects import ToUser
from cuatrola.table.records import ChatRecord, MuteRecord

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table

MutedChat: TypeAlias = frozenset[int | None]
"""The speakers one user muted at a table: seats, and ``None`` for every spectator (the
``seat`` of a spectator's chat line)."""


def on_chat(table: Table, cmd: Chat) -> None:
    """``chat``: a line from ``cmd.user`` (a seat's owner, or a spectator)."""
    seat = table.seat_of(cmd.user)
    # ``by`` (the command's sender, which the table stamps on the stored record anyway) is
    # set here already so that applying the record knows who said the line.
    if cmd.text is not None:
        table._record(ChatRecord(seat=seat, name=cmd.name, text=cmd.text.strip(), by=cmd.user))
    else:
        table._record(ChatRecord(seat=seat, name=cmd.name, phrase=cmd.phrase, by=cmd.user))


def on_mute(table: Table, cmd: Mute) -> None:
    """``mute``: ``cmd.user`` hides (or shows again) the chat of ``cmd.seat`` (``None``: the
    spectators'); every connection of the user that follows the table is told whom they
    muted now, changed or not, so that all of them agree with the table.

    Raises:
        Refused: a mute of the user's own seat, or an unmute of it that undoes nothing.
    """
    muted = table.mutes.get(cmd.user, frozenset())
    own = cmd.seat is not None and cmd.seat == table.seat_of(cmd.user)
    # One's own lines are never hidden from oneself, so such a mute means nothing; only the
    # unmute of a seat its muter holds muted changes something, and is taken (a seat's mutes
    # end when somebody sits there, but a table's stored records may still hold such a mute).
    if own and (cmd.on or cmd.seat not in muted):
        raise Refused(
            ErrorCode.INVALID, f"seat {cmd.seat} is your own seat: your own chat is never hidden"
        )
    if (cmd.seat in muted) != cmd.on:
        table._record(MuteRecord(user=cmd.user, seat=cmd.seat, on=cmd.on))
    table._effects.append(ToUser(cmd.user, muted_message(table, cmd.user)))


def end_mutes_of(table: Table, seat: int) -> None:
    """``seat`` changed hands (another user sits there, or nobody, or a computer player):
    every user's mute of it ends, since it was of the person who sat there. Each muter's
    connections that follow the table are told whom they muted now, as after a ``mute``."""
    for user in sorted(user for user, muted in table.mutes.items() if seat in muted):
        table._record(MuteRecord(user=user, seat=seat, on=False))
        table._effects.append(ToUser(user, muted_message(table, user)))


def muted_message(table: Table, user: UserId) -> Muted:
    """Whose chat ``user`` muted at ``table``, as the ``muted`` message says it."""
    seats, spectators = wire_mutes(table.mutes.get(user, frozenset()))
    return Muted(table=table.id, seats=seats, spectators=spectators)


def wire_mutes(muted: MutedChat) -> tuple[list[int], bool]:
    """``muted`` as the protocol says it (``muted``, ``sync``): the seats in order, and
    whether the spectators."""
    return sorted(seat for seat in muted if seat is not None), None in muted


__all__ = ["MutedChat", "end_mutes_of", "muted_message", "on_chat", "on_mute", "wire_mutes"]

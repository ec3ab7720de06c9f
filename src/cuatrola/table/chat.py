"""A table's chat: the ``chat`` and ``mute`` commands.

Anybody who follows a table may say a line (free text, or one of the fixed phrases); each
user may hide the lines of a seat from themselves (a setting of theirs that the table keeps
across reconnections and restarts, so it is stored too). Applying the records these write is
:mod:`cuatrola.table.apply`'s (it keeps the last lines for newcomers), and
:mod:`cuatrola.table.projection` leaves a muted seat's lines out of its recipients' copies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuatrola.table.commands import Chat, Mute
from cuatrola.table.records import ChatRecord, MuteRecord

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def on_chat(table: Table, cmd: Chat) -> None:
    """``chat``: a line from ``cmd.user`` (a seat's owner, or a spectator)."""
    seat = table.seat_of(cmd.user)
    if cmd.text is not None:
        table._record(ChatRecord(seat=seat, name=cmd.name, text=cmd.text.strip()))
    else:
        table._record(ChatRecord(seat=seat, name=cmd.name, phrase=cmd.phrase))


def on_mute(table: Table, cmd: Mute) -> None:
    """``mute``: ``cmd.user`` hides (or shows again) the chat of ``cmd.seat``."""
    muted = table.mutes.get(cmd.user, frozenset())
    if (cmd.seat in muted) != cmd.on:
        table._record(MuteRecord(user=cmd.user, seat=cmd.seat, on=cmd.on))


__all__ = ["on_chat", "on_mute"]

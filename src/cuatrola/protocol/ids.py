"""Opaque ids shared by the wire, the table layer and the server.

They are plain strings on the wire and in the database; the :class:`~typing.NewType` wrappers
let the type checker tell a table id from a user id or a command id.
"""

from __future__ import annotations

from typing import NewType

TableId = NewType("TableId", str)
"""A table's id (``t-`` and ten hex digits), unique in the database."""

UserId = NewType("UserId", str)
"""A user's id: a registered account's or a guest's."""

CommandId = NewType("CommandId", str)
"""The id a client gives a command; the server answers a resent id with the first answer."""

__all__ = ["CommandId", "TableId", "UserId"]

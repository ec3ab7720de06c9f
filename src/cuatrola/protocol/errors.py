"""Every code an ``error`` message may carry (the table in docs/protocol.md, "Errors")."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Why a message was refused. A refused message changes nothing."""

    OVERSIZED = "oversized"
    """The frame is over the size limit."""
    MALFORMED = "malformed"
    """Not a JSON object with a string ``type``."""
    UNKNOWN_TYPE = "unknown_type"
    """A ``type`` this protocol does not have."""
    INVALID = "invalid"
    """Missing, extra or out-of-range fields; an action that is not an action."""
    NOT_AUTHENTICATED = "not_authenticated"
    """A command before ``hello``."""
    UNAUTHORIZED = "unauthorized"
    """The token is unknown or expired, or the login ended."""
    UNSUPPORTED_PROTOCOL = "unsupported_protocol"
    """``hello.protocol`` is not a version the server speaks."""
    RATE_LIMITED = "rate_limited"
    """Too many commands or chat lines."""
    NOT_FOUND = "not_found"
    """No such table or invite code."""
    FORBIDDEN = "forbidden"
    """Acting for another seat, watching a private table, chatting from outside."""
    NOT_SEATED = "not_seated"
    """The command needs a seat at that table."""
    ALREADY_SEATED = "already_seated"
    """The user already holds a seat at this table."""
    SEAT_TAKEN = "seat_taken"
    """The seat is taken."""
    TABLE_FULL = "table_full"
    """Every seat is taken."""
    TOO_MANY_TABLES = "too_many_tables"
    """The player already sits at as many unfinished tables as one may; finish or leave one."""
    WRONG_PHASE = "wrong_phase"
    """Not possible in the table's current state."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to move."""
    STALE = "stale"
    """The ``seq`` of an ``act`` is older than the last game event."""
    ILLEGAL = "illegal"
    """The rules forbid the move; the message says why."""
    HINTS_OFF = "hints_off"
    """A ``hint`` at a table whose ``hints`` option is off."""
    ALREADY_CONTRIBUTED = "already_contributed"
    """The seat has already sent its contribution to this shuffle."""
    UNAVAILABLE = "unavailable"
    """The server is shutting down, the table is being restored or storage failed; retry."""


__all__ = ["ErrorCode"]

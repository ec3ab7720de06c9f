"""What a table asks its runner to do after a command, and the finished-match record.

:meth:`cuatrola.table.table.Table.handle` returns a :class:`Step`: the records to commit and
the effects to carry out once they are durable. Nothing in an effect may be sent or done
before the step's records are stored; the type keeps the two together so that no caller can
take one without the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from cuatrola.core.views import SeatView
from cuatrola.protocol.ids import TableId, UserId
from cuatrola.protocol.messages import Ack, Error, ServerMessage
from cuatrola.table.commands import Command
from cuatrola.table.events import TableEvent
from cuatrola.table.records import TableRecord


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """A seat of a finished match: the owner (``None`` for a computer player)."""

    seat: int
    user: UserId | None
    name: str
    bot: bool
    bot_level: str | None = None


@dataclass(frozen=True)
class FinishedMatch:
    """A match that just ended, for the history and the ratings.

    Attributes:
        match_id: unique id (``<table id>-<match number>``).
        table_id: the table it was played at.
        rules: ``Rules.to_dict()`` of the match.
        started_at, finished_at: UNIX seconds.
        score: final game points per team.
        winner: the winning team (0: seats 0 and 2).
        players: the four seats.
        hands: one ``cuatrola-hand/1`` record per hand, in order.
        rated: four humans, none of them a guest, no computer player played for anybody,
            and hints were off.
    """

    match_id: str
    table_id: TableId
    rules: dict[str, Any]
    started_at: float
    finished_at: float
    score: tuple[int, int]
    winner: int
    players: tuple[MatchPlayer, ...]
    hands: list[dict[str, Any]]
    rated: bool


class TimerKey(StrEnum):
    """The table's timers; arming one replaces the timer of the same key."""

    TURN = "turn"
    """The turn timer of a person's decision."""
    DEAL = "deal"
    """The pause between two hands."""
    SHUFFLE = "shuffle"
    """The window in which seated players may contribute to the next deal's shuffle."""
    CANTE = "cante"
    """The cante window after a trick."""
    IDLE = "idle"
    """How long an unplayed table waits for its owners before it closes."""


@dataclass(frozen=True, slots=True)
class Reply:
    """A message for the sender of the command only (an ``ack`` or an ``error``)."""

    message: Ack | Error


@dataclass(frozen=True, slots=True)
class Broadcast:
    """Send ``event`` to every follower of the table, projected for each."""

    event: TableEvent


@dataclass(frozen=True, slots=True)
class SendAll:
    """Send ``message`` as it is to every follower (presence changes: not numbered events)."""

    message: ServerMessage


@dataclass(frozen=True, slots=True)
class ToUser:
    """Send ``message`` as it is to every connection of ``user`` that follows the table (a
    setting of theirs changed: each of their screens shows it at once)."""

    user: UserId
    message: ServerMessage


@dataclass(frozen=True, slots=True)
class AskBot:
    """Ask a computer player of ``level`` for ``seat``'s move in decision ``turn``; its answer
    comes back as :class:`~cuatrola.table.commands.BotAct`."""

    seat: int
    turn: int
    view: SeatView
    level: str


@dataclass(frozen=True, slots=True)
class AskHint:
    """Ask the expert for ``seat``'s move in decision ``turn`` from the seat's own ``view``,
    and answer the asking connection alone with a ``hint`` message for command ``cmd``."""

    seat: int
    turn: int
    view: SeatView
    cmd: str


@dataclass(frozen=True, slots=True)
class ArmTimer:
    """After ``seconds``, feed ``command`` back to the table. ``key`` replaces the timer of
    the same key; ``seat`` is whose turn a turn timer counts (shown as the clients' clock)."""

    key: str
    seconds: float
    command: Command
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class CancelTimer:
    """Cancel the timer ``key`` if armed."""

    key: str


@dataclass(frozen=True, slots=True)
class MatchOver:
    """A match finished: hand it to the history and the ratings."""

    finished: FinishedMatch


@dataclass(frozen=True)
class HandOver:
    """A hand of a match ended: its record, for the analysis after the hand.

    Attributes:
        match_id: the match it belongs to (``<table id>-<match number>``).
        hand: its number in the match, from 1 (the ``hands_played`` of its ``hand_end``).
        record: its ``cuatrola-hand/1`` record, the same one the finished match's ``hands``
            will hold at index ``hand - 1``.
        seats: the seats a person owns (the ones analysed), in order.
    """

    match_id: str
    hand: int
    record: dict[str, Any]
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    """Seats or status changed: the lobby's row of the table needs refreshing."""


@dataclass(frozen=True, slots=True)
class Closed:
    """The table closed: the runner lets it go once this step is carried out."""


Effect = (
    Reply
    | Broadcast
    | SendAll
    | ToUser
    | AskBot
    | AskHint
    | ArmTimer
    | CancelTimer
    | MatchOver
    | HandOver
    | LobbyChanged
    | Closed
)
"""One thing the runner does after committing a step's records."""


def grace_key(user: UserId) -> str:
    """The key of ``user``'s grace timer (one per absent seat owner)."""
    return f"grace:{user}"


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one command: first commit ``records``, then carry out ``effects``."""

    records: Sequence[TableRecord] = ()
    effects: Sequence[Effect] = field(default_factory=tuple)


__all__ = [
    "ArmTimer",
    "AskBot",
    "AskHint",
    "Broadcast",
    "CancelTimer",
    "Closed",
    "Effect",
    "FinishedMatch",
    "HandOver",
    "LobbyChanged",
    "MatchOver",
    "MatchPlayer",
    "Reply",
    "SendAll",
    "Step",
    "TimerKey",
    "ToUser",
    "grace_key",
]

"""What a table is asked to do: one command per kind, named after its wire message.

A client's message reaches the table as the command of the same name with the sender's user
id (``join`` -> :class:`Join`, ``act`` -> :class:`Act`...). The other commands come from the
server itself: computer players' answers, timers, and the connections that watch the table.
Commands that came from a client carry its command id ``cmd``: the table answers a resent
id with the first answer instead of applying it twice. A command the table will not apply is
:class:`Refused`.
"""

from __future__ import annotations

from dataclasses import dataclass

from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, UserId


class Refused(Exception):
    """A command is refused with an error ``code`` (the table has not changed)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


# Commands from a client ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    """``join``: a user takes ``seat`` (or the first free seat)."""

    user: UserId
    name: str
    seat: int | None
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class AddBot:
    """``add_bot``: a seated user puts a computer player at a free seat before the match."""

    user: UserId
    seat: int
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Leave:
    """``leave``: a user gives up their seat."""

    user: UserId
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Act:
    """``act``: a user's move, ``action`` in notation; ``seat`` and ``seq`` as sent."""

    user: UserId
    action: str
    seat: int | None
    seq: int | None
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Reclaim:
    """``reclaim``: an owner takes the seat back from the computer player holding it."""

    user: UserId
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Chat:
    """``chat``: a line (already length-checked by the protocol, rate-limited by the room)."""

    user: UserId
    name: str
    text: str | None
    phrase: str | None
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Rematch:
    """``rematch``: a seated user accepts or refuses another match after the match."""

    user: UserId
    accept: bool
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Contribute:
    """``contribute``: a seated user's random ``value`` (lowercase hex, checked by the
    protocol) for the pending shuffle."""

    user: UserId
    value: str
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Hint:
    """``hint``: a seated user asks for the expert's move for their own decision."""

    user: UserId
    cmd: CommandId


@dataclass(frozen=True, slots=True)
class Mute:
    """``mute``: ``user`` hides (``on``) the chat of ``seat``, or shows it again, for
    themselves only (a table setting of theirs, kept across reconnections and restarts).
    ``seat`` ``None`` is every spectator, whose chat lines have no seat."""

    user: UserId
    seat: int | None
    on: bool
    cmd: CommandId


UserCommand = Join | AddBot | Leave | Act | Reclaim | Chat | Mute | Rematch | Contribute | Hint
"""The commands that come from a client (and carry a command id)."""


# Commands from the server -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FillBots:
    """The room seats computer players (quick-match fill, play against the computer).

    A match starts once every seat is held and somebody owns one; with ``start`` it starts
    even if nobody does: a table of computer players only, as the duel harness plays.
    """

    seats: tuple[int, ...]
    start: bool = False


@dataclass(frozen=True, slots=True)
class BotAct:
    """A computer player's answer to :class:`~cuatrola.table.effects.AskBot` for decision
    number ``turn`` (an action id)."""

    seat: int
    turn: int
    action: int


@dataclass(frozen=True, slots=True)
class TimerExpired:
    """The turn timer of decision ``turn`` ran out."""

    turn: int


@dataclass(frozen=True, slots=True)
class DealNext:
    """The pause after hand ``hand`` is over: deal the next hand."""

    hand: int


@dataclass(frozen=True, slots=True)
class CloseContributions:
    """The contribution window of the shuffle for deal number ``deal`` is over."""

    deal: int


@dataclass(frozen=True, slots=True)
class CloseCantes:
    """The cante window opened at decision ``turn`` is over."""

    turn: int


@dataclass(frozen=True, slots=True)
class CloseIdle:
    """The table stayed unplayed and unwatched by its owners: close it."""


@dataclass(frozen=True, slots=True)
class OwnerGone:
    """A seated owner stayed disconnected past the grace period."""

    user: UserId


@dataclass(frozen=True, slots=True)
class Watch:
    """A connection of ``user`` started following the table (``subscribe``, or after a
    ``join``): a seat's owner comes online, anybody else is one more spectator."""

    user: UserId


@dataclass(frozen=True, slots=True)
class Unwatch:
    """A connection of ``user`` stopped following the table; ``last`` when it was the user's
    last connection that did (a seat's owner goes offline only then)."""

    user: UserId
    last: bool


@dataclass(frozen=True, slots=True)
class Resume:
    """The table was just rebuilt from its stored records (after a restart, or on another
    node): drive its current decision again and restart its deadlines, leaving out the time
    it was down."""


ServerCommand = (
    FillBots
    | BotAct
    | TimerExpired
    | DealNext
    | CloseContributions
    | CloseCantes
    | CloseIdle
    | OwnerGone
    | Watch
    | Unwatch
    | Resume
)
"""The commands the server itself gives a table."""

Command = UserCommand | ServerCommand
"""Every command :meth:`cuatrola.table.table.Table.handle` takes."""

"""The records of a table's log: every accepted command becomes one or more of them.

Event sourcing: the table's state is its records applied in order. Records hold the outcome
of every random draw (a match's first dealer, a shuffle's seed, a deal's deck), so applying a
table's records again rebuilds it exactly: same state, same events, same sequence numbers.

Each record is a frozen :mod:`msgspec` struct tagged by ``"r"``; stored, it is the JSON object
of its fields (defaults left out), the same rows the store has always held. The first record
of an accepted client command carries the command id (``cmd``) and its sender (``by``), so a
restored table still answers a resent command as a duplicate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from cuatrola.protocol.ids import CommandId, UserId
from cuatrola.table.seats import SeatSlot


class _Record(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag_field="r"):
    cmd: CommandId | None = None
    by: UserId | None = None
    #: When the record was made (UNIX seconds; 0 in rows stored before records had a time):
    #: a table resumed after a restart keeps its deadlines (the turn clock, the pause
    #: between hands, the cante window, a grace period) from it.
    at: float = 0.0


class SitRecord(_Record, frozen=True, tag="sit"):
    """``user`` (shown as ``name``) took ``seat``."""

    seat: int
    user: UserId
    name: str


class BotRecord(_Record, frozen=True, tag="bot"):
    """A computer player took ``seat``."""

    seat: int


class FreeRecord(_Record, frozen=True, tag="free"):
    """``seat`` was given up before or after a match."""

    seat: int


class AwayRecord(_Record, frozen=True, tag="away"):
    """A computer player plays ``seat`` for its owner (``on``) or stops doing so; ``left``
    when the owner gave the seat up during the match."""

    seat: int
    on: bool
    left: bool = False


class TimeoutRecord(_Record, frozen=True, tag="timeout"):
    """``seat``'s owner let the turn timer run out."""

    seat: int


class CloseRecord(_Record, frozen=True, tag="close"):
    """The table closed."""


class MatchRecord(_Record, frozen=True, tag="match"):
    """A match began with ``first_dealer``, at UNIX time ``at``."""

    first_dealer: int


class MuteRecord(_Record, frozen=True, tag="mute"):
    """``user`` hid (``on``) the chat of ``seat`` from themselves, or showed it again;
    ``seat`` ``None`` (stored as ``null``) is every spectator's chat."""

    user: UserId
    seat: int | None
    on: bool


class ChatLine(msgspec.Struct, frozen=True, omit_defaults=True):
    """A recent chat line in a :class:`SnapshotRecord`: its event number, what was said and
    the ``user`` who said it (``None`` in snapshots written before it was kept)."""

    seq: int
    seat: int | None = None
    name: str = ""
    text: str | None = None
    phrase: str | None = None
    user: UserId | None = None


class Applied(msgspec.Struct, frozen=True, array_like=True):
    """A command the table remembers having applied (``seat`` and ``seq`` of its ack)."""

    user: UserId
    cmd: CommandId
    seat: int | None
    seq: int | None


class Offline(msgspec.Struct, frozen=True, array_like=True):
    """Since when (UNIX seconds) the owner of ``seat`` has been away from the table."""

    seat: int
    since: float


class SnapshotRecord(_Record, frozen=True, tag="snapshot"):
    """The table between two matches, written just before a rematch begins. It stands for
    every record before it: a table restored from it and the records after it is the table
    restored from the whole log (but for the events before it, which a reconnecting client
    then gets as a ``sync``), so the store may drop those records (compaction)."""

    seq: int
    turn: int
    hand_count: int
    match_number: int
    seats: list[SeatSlot]
    rematch: list[int] = msgspec.field(default_factory=list)
    chat: list[ChatLine] = msgspec.field(default_factory=list)
    applied: list[Applied] = msgspec.field(default_factory=list)
    #: The chat seats each user muted, ``None`` (``null``) for the spectators'.
    mutes: dict[UserId, list[int | None]] = msgspec.field(default_factory=dict)
    offline: list[Offline] = msgspec.field(default_factory=list)


class PresenceRecord(_Record, frozen=True, tag="presence"):
    """During a match, the owner of ``seat`` lost the table (``online`` false: the last of
    their connections closed, and the grace period began at ``at``) or came back."""

    seat: int
    online: bool


class ResumeRecord(_Record, frozen=True, tag="resume"):
    """The table ran again at ``at`` after being down ``outage`` seconds since its last
    record: the deadlines it had running (the turn clock, the owners' grace periods) moved
    on by that much, so that a later restart does not count this outage against them."""

    outage: float


class Contribution(msgspec.Struct, frozen=True):
    """A seat's contribution to a verifiable shuffle: ``value`` in lowercase hex."""

    seat: int
    value: str


class ShuffleInputs(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a verifiable shuffle's deck was derived from (:mod:`cuatrola.core.shuffle`):
    derivation version ``v``, the ``seed`` (hex) and the contributions in seat order."""

    seed: str
    contributions: list[Contribution] = msgspec.field(default_factory=list)
    v: int = 1


class ShuffleRecord(_Record, frozen=True, tag="shuffle"):
    """The server drew the secret ``seed`` (hex) of the next deal; its commitment is
    published once this record is stored, the seed itself only after the hand."""

    seed: str
    v: int = 1


class ContributeRecord(_Record, frozen=True, tag="contribute"):
    """``seat`` contributed ``value`` (hex) to the pending shuffle."""

    seat: int
    value: str


class DealRecord(_Record, frozen=True, tag="deal"):
    """A hand was dealt from ``deck`` (card ids; the last is the shown card); ``shuffle``
    holds the inputs it was derived from (absent in logs written before the verifiable
    shuffle, whose decks came from the table's random source)."""

    deck: list[int]
    shuffle: ShuffleInputs | None = None


class ActRecord(_Record, frozen=True, tag="act"):
    """``seat`` made the move ``action`` (an action id); ``auto`` when a computer player
    acted for its owner. A card that ends a trick carries the cante window's length then
    (``window`` seconds, 0: none), so that a table resumed under another setting replays the
    same windows."""

    seat: int
    action: int = msgspec.field(name="a")
    auto: bool = False
    window: float = 0.0


class ChoiceRecord(_Record, frozen=True, tag="choice"):
    """``seat``'s choice in the open cante window (shown to nobody until it closes);
    ``auto`` when a computer player chose for the seat's absent owner."""

    seat: int
    action: int = msgspec.field(name="a")
    auto: bool = False


class CantesOverRecord(_Record, frozen=True, tag="cantes_over"):
    """The cante window closed."""


class ChatRecord(_Record, frozen=True, tag="chat"):
    """A chat line from ``seat`` (``None``: a spectator): ``text`` or a quick ``phrase``.
    Its ``by`` is the user who said it."""

    seat: int | None
    name: str
    text: str | None = None
    phrase: str | None = None


class RematchRecord(_Record, frozen=True, tag="rematch"):
    """``seat`` accepted (or withdrew from) another match."""

    seat: int
    accept: bool


TableRecord = (
    SitRecord
    | BotRecord
    | FreeRecord
    | AwayRecord
    | PresenceRecord
    | ResumeRecord
    | TimeoutRecord
    | CloseRecord
    | MatchRecord
    | ShuffleRecord
    | ContributeRecord
    | DealRecord
    | ActRecord
    | ChoiceRecord
    | CantesOverRecord
    | ChatRecord
    | MuteRecord
    | SnapshotRecord
    | RematchRecord
)
"""One record of a table's log."""


def read_records(rows: Iterable[Mapping[str, Any]]) -> list[TableRecord]:
    """The typed records of stored rows (JSON objects, as :meth:`GameStore.records` gives).

    Raises:
        msgspec.ValidationError: when a row is not a table record.
    """
    return msgspec.convert(list(rows), list[TableRecord])


def stamped(record: TableRecord, cmd: CommandId, by: UserId) -> TableRecord:
    """``record`` marked as the first record of client command ``cmd`` sent by ``by``."""
    return msgspec.structs.replace(record, cmd=cmd, by=by)


__all__ = [
    "ActRecord",
    "AwayRecord",
    "BotRecord",
    "CantesOverRecord",
    "ChatRecord",
    "ChoiceRecord",
    "CloseRecord",
    "ContributeRecord",
    "Contribution",
    "DealRecord",
    "FreeRecord",
    "MatchRecord",
    "MuteRecord",
    "PresenceRecord",
    "RematchRecord",
    "ResumeRecord",
    "ShuffleInputs",
    "ShuffleRecord",
    "SitRecord",
    "SnapshotRecord",
    "TableRecord",
    "TimeoutRecord",
    "read_records",
    "stamped",
]

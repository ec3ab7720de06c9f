"""A table's numbered events, kept in its event window and projected for each recipient.

Two kinds: a :class:`PublicEvent` has one body for every recipient; a :class:`HandEvent`
shows the hand, so it holds only a reference to the hand and a point in its history, and
:meth:`cuatrola.table.table.Table.project` builds each recipient's view from it at send time.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cuatrola.protocol.ids import UserId
from cuatrola.protocol.messages import EventBody


class HandEventKind(StrEnum):
    """What happened to the hand (the wire ``kind`` of the event body)."""

    DEAL = "deal"
    ACT = "act"
    CANTES_OVER = "cantes_over"


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """An event whose body is the same for every recipient.

    Attributes:
        seq: the table's event number.
        body: the event body.
        speaker: the seat that said a chat line, ``None`` for a spectator's (recipients who
            muted it get the number only); ``None`` too for any other event.
        speaker_user: the user who said a chat line (kept on the server: their own copies
            are whole and marked ``own``, whatever they muted), ``None`` when unknown or for
            any other event.
    """

    seq: int
    body: EventBody
    speaker: int | None = None
    speaker_user: UserId | None = None


@dataclass(frozen=True, slots=True)
class HandEvent:
    """An event that shows the hand, projected per recipient.

    Attributes:
        seq: the table's event number.
        kind: a deal, a move, or the close of a cante window where nothing was sung.
        hand: the number of the hand it shows; ``step`` how many actions were applied.
        seat, action, auto: the move of an ``act`` event (action in notation).
        window: the move opened a cante window: every recipient sees the window's view.
    """

    seq: int
    kind: HandEventKind
    hand: int
    step: int
    seat: int = -1
    action: str = ""
    auto: bool = False
    window: bool = False


TableEvent = PublicEvent | HandEvent
"""One numbered table event."""

__all__ = ["HandEvent", "HandEventKind", "PublicEvent", "TableEvent"]

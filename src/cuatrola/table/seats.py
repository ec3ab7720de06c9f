"""A table's seats and the server-side settings a table needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import msgspec

from cuatrola.protocol.ids import UserId


class SeatSlot(msgspec.Struct, omit_defaults=True):
    """One seat: its owner (or a computer player) and how it is being played (a struct, so
    that a :class:`~cuatrola.table.records.SnapshotRecord` stores the seats as they are).

    Attributes:
        user, name: the owner, ``None`` for a computer player's seat or a free one.
        bot: a computer player holds the seat for good.
        away: a computer player plays for the owner (disconnected, timed out, or left).
        left: the owner gave the seat up during the match (and will not be back).
        timeouts: the owner's turn timeouts in a row.
    """

    user: UserId | None = None
    name: str | None = None
    bot: bool = False
    away: bool = False
    left: bool = False
    timeouts: int = 0

    @property
    def is_free(self) -> bool:
        """Nobody sits here."""
        return self.user is None and not self.bot

    @property
    def computer_plays(self) -> bool:
        """A computer player makes this seat's decisions now."""
        return self.bot or self.away


@dataclass
class TableConfig:
    """Server-side settings of a table (the server takes them from its settings).

    Attributes:
        min_turn_time: the shortest turn timer a table may ask for.
        max_timeouts: timeouts in a row after which a computer player keeps the seat.
        hand_pause: seconds between a hand's end and the next deal (0: deal at once).
        event_window: how many events the table keeps for reconnections.
        cante_window: seconds the cante window lasts after each of the first three tricks
            (0: no window; the cante decision is an ordinary turn, which tells everybody that
            a team can sing).
        grace_period: seconds a disconnected owner keeps the seat before a computer player
            plays it.
        open_ttl, finished_ttl: seconds a table waiting for players, or whose match is over,
            stays open while none of its owners follows it.
        shuffle_window: seconds the seated people have to contribute to a deal's shuffle
            after its commitment (0: the deal does not wait for contributions, which are then
            taken only during ``hand_pause``). Between hands the window runs during the
            pause. The server sets 1.5 (``Settings.shuffle_window``); 0 here keeps tables
            driven without a clock (tests, scripts) dealing at once.
    """

    min_turn_time: float = 5.0
    max_timeouts: int = 2
    hand_pause: float = 2.0
    event_window: int = 2000
    cante_window: float = 3.0
    grace_period: float = 30.0
    open_ttl: float = 1800.0
    finished_ttl: float = 300.0
    shuffle_window: float = 0.0


#: The cante window when the winning team is two computer players (they decide at once).
BOTS_CANTE_WINDOW: Final = 1.0


@dataclass
class CanteWindow:
    """An open cante window: the decision it opened at, how long it lasts, the cantes each
    seat may choose (``NO_CANTE`` included), the choices made so far and the seats whose
    choice a computer player made for their absent owner (``auto``)."""

    turn: int
    seconds: float
    options: dict[int, tuple[int, ...]]
    choices: dict[int, int] = field(default_factory=dict)
    auto: set[int] = field(default_factory=set)


__all__ = ["BOTS_CANTE_WINDOW", "CanteWindow", "SeatSlot", "TableConfig"]

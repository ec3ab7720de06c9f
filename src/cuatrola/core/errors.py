"""The errors the rules core raises.

Every error is a ``ValueError``, so a caller that only wants to reject bad input can catch
that one class::

    ValueError
     └── CuatrolaError
          ├── InvalidActionError    malformed: not an action at all ("XX", "bid:maybe")
          ├── IllegalActionError    a real action the rules forbid here (wrong card, bid over cap)
          │    └── NotYourTurnError  the action names a seat that is not to move
          ├── RulesError            a rules configuration that is not allowed
          └── RecordError           a hand record that cannot be replayed (names field and index)
"""

from __future__ import annotations


class CuatrolaError(ValueError):
    """Base class of the errors raised by :mod:`cuatrola`."""


class InvalidActionError(CuatrolaError):
    """An input that is not an action of this game (unknown code, wrong type)."""


class IllegalActionError(CuatrolaError):
    """A well-formed action the rules do not allow in the current state.

    Attributes:
        action: the action, in notation form.
        seat: the seat that tried it (``None`` when unknown).
        reason: why it is refused, in words.
    """

    def __init__(self, action: str, seat: int | None, reason: str) -> None:
        who = f" for seat {seat}" if seat is not None else ""
        super().__init__(f"{action} is not legal{who}: {reason}")
        self.action = action
        self.seat = seat
        self.reason = reason


class NotYourTurnError(IllegalActionError):
    """An action by a seat that is not the one to move."""


class RulesError(CuatrolaError):
    """A rules configuration outside what the game allows."""


class RecordError(CuatrolaError):
    """A hand record that cannot be replayed.

    Attributes:
        field: the record field holding the first offending entry (``"plays"``...).
        index: the index of that entry inside the field, or ``None`` for a scalar field.
        reason: why, in words.
    """

    def __init__(self, reason: str, field: str, index: int | None = None) -> None:
        where = f"{field}[{index}]" if index is not None else field
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.field = field
        self.index = index


__all__ = [
    "CuatrolaError",
    "IllegalActionError",
    "InvalidActionError",
    "NotYourTurnError",
    "RecordError",
    "RulesError",
]

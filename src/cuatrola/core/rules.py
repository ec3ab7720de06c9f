"""Rule sets and the contract table (docs/rules.md sections 3, 6 and 7).

House rules are data: a frozen :class:`Rules` value names every option, and the contracts are
one table (:data:`CONTRACTS`) rather than conditionals spread through the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any, Final

from cuatrola.core.errors import RulesError


class Contract(IntEnum):
    """What the hand is played for; the bids share these names (``pass`` is ``PASS``)."""

    PASS = 0
    SOLO = 1
    CUATROLA = 2
    QUINTOLA = 3

    @property
    def label(self) -> str:
        """The lower-case name used in records and the protocol (``"solo"``)."""
        return _CONTRACT_LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``"pass"``, ``"solo"``, ``"cuatrola"`` or ``"quintola"``.

        Raises:
            ValueError: for anything else.
        """
        if isinstance(text, str):
            for contract in cls:
                if contract.label == text.lower():
                    return contract
        raise ValueError(f"expected pass, solo, cuatrola or quintola, got {text!r}")


#: Each contract's label, by value: read once per bid of every view sent (an enum's ``name``
#: is a slow descriptor).
_CONTRACT_LABELS: Final = tuple(contract.name.lower() for contract in Contract)


@dataclass(frozen=True, slots=True)
class ContractSpec:
    """One row of the contract table.

    Attributes:
        value: game points won (by the bidder) or given away (by a failing bidder).
        tricks_needed: tricks the bidder must take, or ``None`` when decided by hand points.
        cantes_allowed: whether cantes may be sung in such a hand.
    """

    value: int
    tricks_needed: int | None
    cantes_allowed: bool


#: The contract table. A cuatrola needs 5 tricks instead of 4 when Quintola is off
#: (see :meth:`Rules.tricks_needed`).
CONTRACTS: Final = {
    Contract.PASS: ContractSpec(value=1, tricks_needed=None, cantes_allowed=True),
    Contract.SOLO: ContractSpec(value=2, tricks_needed=None, cantes_allowed=True),
    Contract.CUATROLA: ContractSpec(value=4, tricks_needed=4, cantes_allowed=False),
    Contract.QUINTOLA: ContractSpec(value=5, tricks_needed=5, cantes_allowed=False),
}


class MatchEnd(Enum):
    """How a match ends (docs/rules.md section 7)."""

    #: First team to exactly ``target`` game points; bids are capped at the target.
    EXACT_TARGET = "exact"
    #: First team to reach ``target`` game points; no cap, overshooting is fine.
    FIRST_TO = "first_to"
    #: A fixed number of hands; most game points wins, a tie plays extra hands.
    FIXED_HANDS = "hands"


MIN_TARGET: Final = 3
MAX_TARGET: Final = 21
FIXED_HAND_COUNTS: Final = (11, 20)
#: The end of a preset name (:attr:`Rules.name`) of rules without the quintola bid.
NO_QUINTOLA_SUFFIX: Final = "-noquintola"
#: A preset name without its suffix: the kind, then the number as :attr:`Rules.name` writes it
#: (ASCII digits, no leading zero).
_PRESET_NAME: Final = re.compile(r"(exact|to|hands)([1-9][0-9]*)")


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete, immutable rule set for a match.

    The default is the Cuatrola OnLine rule: first to exactly 11 with the bid cap, Quintola on.

    Attributes:
        quintola: the Quintola variant (the ``quintola`` bid; a cuatrola then needs 4 tricks).
        end: how the match ends.
        target: the game points to reach (``EXACT_TARGET`` and ``FIRST_TO``).
        hands: the number of hands (``FIXED_HANDS``).
        auto_cante: sing cantes automatically for every player (40 first, then O C E B).

    >>> Rules().bid_cap, Rules.first_to(21).bid_cap, Rules.fixed_hands(11).bid_cap
    (11, None, None)
    """

    quintola: bool = True
    end: MatchEnd = MatchEnd.EXACT_TARGET
    target: int | None = 11
    hands: int | None = None
    auto_cante: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.quintola, bool) or not isinstance(self.auto_cante, bool):
            raise RulesError("quintola and auto_cante must be true or false")
        if not isinstance(self.end, MatchEnd):
            raise RulesError(f"expected a MatchEnd, got {self.end!r}")
        if self.end is MatchEnd.FIXED_HANDS:
            if not _is_int(self.hands) or not 1 <= self.hands <= 50:  # type: ignore[operator]
                raise RulesError(f"a fixed-hands match needs 1..50 hands, got {self.hands!r}")
            if self.target is not None:
                raise RulesError("a fixed-hands match has no target")
        else:
            if not _is_int(self.target) or not MIN_TARGET <= self.target <= MAX_TARGET:  # type: ignore[operator]
                raise RulesError(
                    f"expected a target from {MIN_TARGET} to {MAX_TARGET}, got {self.target!r}"
                )
            if self.hands is not None:
                raise RulesError("only a fixed-hands match has a number of hands")

    # Presets -------------------------------------------------------------------------------

    @classmethod
    def exact(cls, target: int = 11, *, quintola: bool = True, auto_cante: bool = False) -> Rules:
        """First to exactly ``target`` (3..21) with the bid cap: the default preset at 11."""
        return cls(quintola=quintola, target=target, auto_cante=auto_cante)

    @classmethod
    def first_to(
        cls, target: int = 21, *, quintola: bool = True, auto_cante: bool = False
    ) -> Rules:
        """First to ``target`` game points, no exact rule and no bid cap."""
        return cls(quintola=quintola, end=MatchEnd.FIRST_TO, target=target, auto_cante=auto_cante)

    @classmethod
    def fixed_hands(
        cls, hands: int = 11, *, quintola: bool = True, auto_cante: bool = False
    ) -> Rules:
        """A fixed number of hands (11 or 20 in the presets); extra hands settle a tie."""
        return cls(
            quintola=quintola,
            end=MatchEnd.FIXED_HANDS,
            target=None,
            hands=hands,
            auto_cante=auto_cante,
        )

    @classmethod
    def preset(cls, name: str, *, quintola: bool = True, auto_cante: bool = False) -> Rules:
        """A named preset: ``exact11`` (default), ``to21``, ``hands11``, ``hands20``, ``exactN``.

        Every name :attr:`name` writes reads back: ``toN`` (N 3..21), ``handsN`` (N 1..50),
        and the suffix ``-noquintola``, which turns the quintola bid off as
        ``quintola=False`` does (``quintola=True`` does not turn it back on). The name
        does not say ``auto_cante``: ``Rules.preset(r.name, auto_cante=r.auto_cante) == r``.

        >>> Rules.preset("exact3-noquintola") == Rules.exact(3, quintola=False)
        True

        Raises:
            RulesError: for an unknown name or one that is not a string, or a ``quintola``
                or ``auto_cante`` that is not a bool.
        """
        # Checked before the name: the name's errors below are told as an unknown preset.
        if not isinstance(quintola, bool) or not isinstance(auto_cante, bool):
            raise RulesError(
                f"quintola and auto_cante must be true or false, got {quintola!r} and "
                f"{auto_cante!r}"
            )
        if not isinstance(name, str):
            # Not read as the default: rules=3 meant exact3, not exact11.
            raise RulesError(f"expected a rules preset name such as 'exact11', got {name!r}")
        key = name.strip().lower()
        if key.endswith(NO_QUINTOLA_SUFFIX) and key != NO_QUINTOLA_SUFFIX:
            key = key.removesuffix(NO_QUINTOLA_SUFFIX)
            quintola = False
        if key in ("", "default", "online"):
            key = "exact11"
        # The number as `name` writes it: int() alone would also read "exact 11", "exact1_1",
        # "exact+11" or other scripts' digits.
        match = _PRESET_NAME.fullmatch(key)
        try:
            if match is not None:
                kind, number = match[1], int(match[2])
                if kind == "exact":
                    return cls.exact(number, quintola=quintola, auto_cante=auto_cante)
                if kind == "to":
                    return cls.first_to(number, quintola=quintola, auto_cante=auto_cante)
                return cls.fixed_hands(number, quintola=quintola, auto_cante=auto_cante)
        except ValueError:
            pass  # a number out of range: told as an unknown preset, with the ranges
        raise RulesError(
            f"unknown rules preset {name!r}; expected exact11, exactN (3..21), to21, hands11 "
            "or hands20, each with -noquintola for no quintola bid"
        )

    # Derived facts ---------------------------------------------------------------------------

    @property
    def bid_cap(self) -> int | None:
        """The target that caps bids (section 3), or ``None`` when bids are not capped."""
        return self.target if self.end is MatchEnd.EXACT_TARGET else None

    @property
    def name(self) -> str:
        """A short preset-style name: ``exact11``, ``to21``, ``hands20`` (+ ``-noquintola``),
        which :meth:`preset` reads back (it does not say ``auto_cante``)."""
        if self.end is MatchEnd.FIXED_HANDS:
            base = f"hands{self.hands}"
        elif self.end is MatchEnd.FIRST_TO:
            base = f"to{self.target}"
        else:
            base = f"exact{self.target}"
        return base if self.quintola else base + NO_QUINTOLA_SUFFIX

    def contracts(self) -> tuple[Contract, ...]:
        """The bids of this rule set, lowest first."""
        if self.quintola:
            return tuple(Contract)
        return (Contract.PASS, Contract.SOLO, Contract.CUATROLA)

    def tricks_needed(self, contract: Contract) -> int | None:
        """Tricks the bidder of ``contract`` must win (``None``: decided by hand points)."""
        if contract is Contract.CUATROLA and not self.quintola:
            return 5
        return CONTRACTS[contract].tricks_needed

    def record_rules(self) -> dict[str, Any]:
        """The ``rules`` object of a ``cuatrola-hand/1`` record for hands of this rule set."""
        return {"quintola": self.quintola, "target": self.bid_cap}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly description (inverse of :meth:`from_dict`)."""
        return {
            "quintola": self.quintola,
            "end": self.end.value,
            "target": self.target,
            "hands": self.hands,
            "auto_cante": self.auto_cante,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from :meth:`to_dict` output.

        Raises:
            RulesError: on a malformed description.
        """
        try:
            return cls(
                quintola=data.get("quintola", True),
                end=MatchEnd(data.get("end", "exact")),
                target=data.get("target", 11),
                hands=data.get("hands"),
                auto_cante=data.get("auto_cante", False),
            )
        except (ValueError, TypeError, AttributeError) as exc:
            raise RulesError(f"bad rules {data!r}: {exc}") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "CONTRACTS",
    "FIXED_HAND_COUNTS",
    "MAX_TARGET",
    "MIN_TARGET",
    "NO_QUINTOLA_SUFFIX",
    "Contract",
    "ContractSpec",
    "MatchEnd",
    "Rules",
]

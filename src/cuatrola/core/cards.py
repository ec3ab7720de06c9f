"""Cards, suits and card sets (docs/rules.md section 1).

A card is a small int ``0..19``: ``suit * 5 + rank`` where the rank index runs from the
strongest card down (``A 3 R C S``). With that numbering the natural order of ids is the
display order used by hand records ("AO", "3O", "RO", "CO", "SO", "AC", ...), and inside a
suit a *stronger* card has a *lower* bit. The strongest card of any set of one suit is
therefore its lowest set bit (``mask & -mask``), and "the cards stronger than card c" is
``suit_mask & ((1 << c) - 1)``: both are one or two integer operations, which keeps the
legality function and the search allocation-free.

Card sets are ``int`` bitmasks with bit ``c`` set for card ``c``.

>>> Card("RO"), str(Card("RO")), int(Card("RO"))
(Card('RO'), 'RO', 2)
>>> [str(c) for c in cards_of(SUIT_MASKS[Suit.OROS])]
['AO', '3O', 'RO', 'CO', 'SO']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final


class Suit(IntEnum):
    """The four suits of the Spanish deck, in the order ids use (O, C, E, B)."""

    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in notation: ``O``, ``C``, ``E`` or ``B``."""
        return SUIT_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (``"O"``, ``"C"``, ``"E"``, ``"B"``, any case).

        Raises:
            ValueError: when ``text`` is not a suit letter.
        """
        if isinstance(text, str) and text.upper() in _SUIT_BY_LETTER:
            return _SUIT_BY_LETTER[text.upper()]
        raise ValueError(f"expected a suit letter O, C, E or B, got {text!r}")


class Rank(IntEnum):
    """The five ranks, strongest first (A > 3 > R > C > S)."""

    AS = 0
    TRES = 1
    REY = 2
    CABALLO = 3
    SOTA = 4

    @property
    def letter(self) -> str:
        """The one-character code used in notation: ``A``, ``3``, ``R``, ``C`` or ``S``."""
        return RANK_LETTERS[self]

    @property
    def points(self) -> int:
        """Card points of this rank (A 11, 3 10, R 4, C 3, S 2)."""
        return RANK_POINTS[self]


SUIT_LETTERS: Final = "OCEB"
RANK_LETTERS: Final = "A3RCS"
RANK_POINTS: Final = (11, 10, 4, 3, 2)
_SUIT_BY_LETTER: Final = {letter: Suit(i) for i, letter in enumerate(SUIT_LETTERS)}

NUM_CARDS: Final = 20
CARDS_PER_SUIT: Final = 5
FULL_DECK: Final = (1 << NUM_CARDS) - 1
SUIT_MASKS: Final = tuple(0b11111 << (CARDS_PER_SUIT * s) for s in range(4))
#: ``CARD_POINTS[c]`` and ``CARD_SUIT[c]`` for every card id.
CARD_POINTS: Final = tuple(RANK_POINTS[c % CARDS_PER_SUIT] for c in range(NUM_CARDS))
CARD_SUIT: Final = tuple(c // CARDS_PER_SUIT for c in range(NUM_CARDS))
CARD_CODES: Final = tuple(
    RANK_LETTERS[c % CARDS_PER_SUIT] + SUIT_LETTERS[c // CARDS_PER_SUIT] for c in range(NUM_CARDS)
)
_CARD_BY_CODE: Final = {code: i for i, code in enumerate(CARD_CODES)}
#: The rey and caballo of each suit: the pair that makes a cante.
CANTE_MASKS: Final = tuple(
    (1 << (s * CARDS_PER_SUIT + Rank.REY)) | (1 << (s * CARDS_PER_SUIT + Rank.CABALLO))
    for s in range(4)
)


def _build_points_table() -> tuple[int, ...]:
    # Points of every subset of one suit, indexed by the 5-bit pattern: summing a card set's
    # points is then four table look-ups instead of a loop over its cards.
    return tuple(
        sum(RANK_POINTS[r] for r in range(CARDS_PER_SUIT) if pattern >> r & 1)
        for pattern in range(32)
    )


_SUIT_PATTERN_POINTS: Final = _build_points_table()


class Card(int):
    """A card (*carta*): an ``int`` 0..19 that prints as its two-letter code.

    ``Card`` accepts an id or a code: ``Card(2) == Card("RO")``. Cards compare and hash as
    ints, so they can be used wherever a card id is expected.

    >>> Card("3e").rank, Card("3e").suit, Card("3E").points
    (<Rank.TRES: 1>, <Suit.ESPADAS: 2>, 10)
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return _CARDS[parse_card_id(value)]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_CARDS:
            return _CARDS[value] if len(_CARDS) == NUM_CARDS else super().__new__(cls, value)
        raise ValueError(f"expected a card id 0..19 or a code like 'RO', got {value!r}")

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(int(self) // CARDS_PER_SUIT)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(int(self) % CARDS_PER_SUIT)

    @property
    def points(self) -> int:
        """Card points (A 11, 3 10, R 4, C 3, S 2)."""
        return CARD_POINTS[self]

    @property
    def mask(self) -> int:
        """The one-card set holding this card."""
        return 1 << int(self)

    def __str__(self) -> str:
        return CARD_CODES[self]

    def __repr__(self) -> str:
        return f"Card({CARD_CODES[self]!r})"


_CARDS: list[Card] = []
_CARDS.extend(Card(i) for i in range(NUM_CARDS))
#: Every card, in id order.
ALL_CARDS: Final = tuple(_CARDS)


def parse_card_id(code: str) -> int:
    """Parse a two-letter card code (``"RO"``, ``"3e"``) into a card id.

    Raises:
        ValueError: when ``code`` is not a card code of this deck.
    """
    if isinstance(code, str):
        found = _CARD_BY_CODE.get(code.upper())
        if found is not None:
            return found
    raise ValueError(f"expected a card code such as 'RO' or '3E', got {code!r}")


def parse_card(code: str | int) -> Card:
    """Parse a card code or id into a :class:`Card`.

    Raises:
        ValueError: when ``code`` is not a card of this deck.
    """
    return Card(code)


def mask_of(cards: Iterable[int | str]) -> int:
    """The card set holding ``cards`` (ids, ``Card`` objects or codes).

    Raises:
        ValueError: on an unknown card or a card given twice.
    """
    mask = 0
    for card in cards:
        bit = 1 << Card(card)
        if mask & bit:
            raise ValueError(f"card {Card(card)} given twice")
        mask |= bit
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the card ids of ``mask`` in increasing id order (lowest set bit first)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards of a set as :class:`Card` objects, in id (display) order."""
    return [_CARDS[c] for c in iter_bits(mask)]


def codes_of(mask: int) -> list[str]:
    """The two-letter codes of a set, in id (display) order."""
    return [CARD_CODES[c] for c in iter_bits(mask)]


def points_of(mask: int) -> int:
    """Total card points of a set."""
    return (
        _SUIT_PATTERN_POINTS[mask & 31]
        + _SUIT_PATTERN_POINTS[(mask >> 5) & 31]
        + _SUIT_PATTERN_POINTS[(mask >> 10) & 31]
        + _SUIT_PATTERN_POINTS[(mask >> 15) & 31]
    )


__all__ = [
    "ALL_CARDS",
    "CANTE_MASKS",
    "CARDS_PER_SUIT",
    "CARD_CODES",
    "CARD_POINTS",
    "CARD_SUIT",
    "FULL_DECK",
    "NUM_CARDS",
    "RANK_LETTERS",
    "RANK_POINTS",
    "SUIT_LETTERS",
    "SUIT_MASKS",
    "Card",
    "Rank",
    "Suit",
    "cards_of",
    "codes_of",
    "iter_bits",
    "mask_of",
    "parse_card",
    "parse_card_id",
    "points_of",
]

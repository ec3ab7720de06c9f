"""Convenience functions for bot authors and tools, on card codes instead of bitmasks.

>>> legal_cards(["RC", "3E", "SB", "CC", "AE"], ["CO", "AB"], "B")  # cannot over-trump: any
[Card('RC'), Card('CC'), Card('AE'), Card('3E'), Card('SB')]
>>> legal_cards(["AO", "RC", "3E", "SB", "CC"], ["CO"], "B")
[Card('AO')]
>>> trick_winner(["CO", "AO", "SB"], "B")
2
"""

from __future__ import annotations

from collections.abc import Sequence

from cuatrola.core.cards import CARD_SUIT, Card, Suit, cards_of, mask_of
from cuatrola.core.tricks import legal_mask, winning_card

CardLike = Card | str | int


def _suit(trump: Suit | str | int) -> int:
    if isinstance(trump, str):
        return int(Suit.parse(trump))
    return int(Suit(trump))


def legal_cards(
    hand: Sequence[CardLike], table: Sequence[CardLike], trump: Suit | str
) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick with ``table`` already on it.

    Args:
        hand: the player's cards (codes such as ``"RO"``, or :class:`Card`).
        table: the cards already played to this trick, in order (empty when leading).
        trump: the trump suit, as a letter (``"B"``) or a :class:`Suit`.

    Returns:
        The legal cards in display order (docs/rules.md section 4.1).

    Raises:
        ValueError: on an unknown card, a card given twice or a bad suit.
    """
    hand_mask = mask_of(hand)
    table_mask = mask_of(table)
    if hand_mask & table_mask:
        raise ValueError("a card cannot be both in the hand and on the table")
    led = CARD_SUIT[Card(table[0])] if table else 0
    return cards_of(legal_mask(hand_mask, table_mask, led, _suit(trump)))


def trick_winner(table: Sequence[CardLike], trump: Suit | str) -> int:
    """The index in ``table`` of the card that wins the trick (docs/rules.md section 4.2).

    Raises:
        ValueError: on an empty table, an unknown card or a card given twice.
    """
    if not table:
        raise ValueError("a trick needs at least one card")
    table_mask = mask_of(table)
    cards = [Card(c) for c in table]
    return cards.index(Card(winning_card(table_mask, CARD_SUIT[cards[0]], _suit(trump))))

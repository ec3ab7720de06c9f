"""Convenience functions for bot authors and tools, on card codes instead of bitmasks.

>>> legal_cards(["RC", "3E", "SB", "CC", "AE"], ["CO", "AB"], "B")  # cannot over-trump: any
[Card('RC'), Card('CC'), Card('AE'), Card('3E'), Card('SB')]
>>> legal_cards(["AO", "RC", "3E", "SB", "CC"], ["CO"], "B")
[Card('AO')]
>>> trick_winner(["CO", "AO", "SB"], "B")
2

The trick may also be given as a view holds it, ``(seat, card)`` pairs, and the trump as a
:class:`~cuatrola.core.cards.Suit`:

>>> legal_cards([Card("AO"), Card("SO")], [(1, Card("RO"))], Suit.BASTOS)
[Card('AO')]
>>> trick_winner([(3, Card("CO")), (0, Card("AO"))], Suit.BASTOS)
1
"""

from __future__ import annotations

from collections.abc import Sequence

from cuatrola.core.cards import CARD_SUIT, Card, Suit, cards_of, mask_of
from cuatrola.core.tricks import legal_mask, winning_card

#: The cards of a whole trick: one per seat in a plain hand (three in a contract).
_FULL_TRICK = 4

CardLike = Card | str | int
#: A card of a trick: the card alone, or ``(seat, card)`` as :attr:`PublicView.trick` holds it.
TrickCard = CardLike | tuple[int, CardLike]


def _suit(trump: Suit | str | int) -> int:
    if isinstance(trump, str):
        return int(Suit.parse(trump))
    if isinstance(trump, bool) or not isinstance(trump, int):
        raise ValueError(f"expected a suit letter O, C, E or B, or a Suit, got {trump!r}")
    return int(Suit(trump))


def _cards(table: Sequence[TrickCard]) -> list[Card]:
    cards = []
    for item in table:
        if isinstance(item, tuple):
            if len(item) != 2:
                raise ValueError(f"expected a card or a (seat, card) pair, got {item!r}")
            item = item[1]
        cards.append(Card(item))
    return cards


def legal_cards(
    hand: Sequence[CardLike], table: Sequence[TrickCard], trump: Suit | str | int
) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick with ``table`` already on it.

    Args:
        hand: the player's cards (codes such as ``"RO"``, or :class:`Card`).
        table: the cards already played to this trick, in order (empty when leading), as
            cards or codes or as the ``(seat, card)`` pairs of ``view.trick``.
        trump: the trump suit, as a letter (``"B"``) or a :class:`Suit`.

    Returns:
        The legal cards in display order (docs/rules.md section 4.1).

    Raises:
        ValueError: on an unknown card, a card given twice, a bad suit or a table of four
            cards or more (a trick that is complete).
    """
    cards = _cards(table)
    if len(cards) >= _FULL_TRICK:
        raise ValueError(
            f"a trick is complete with {_FULL_TRICK} cards; the table holds {len(cards)}"
        )
    hand_mask = mask_of(hand)
    table_mask = mask_of(cards)
    if hand_mask & table_mask:
        raise ValueError("a card cannot be both in the hand and on the table")
    led = CARD_SUIT[cards[0]] if cards else 0
    return cards_of(legal_mask(hand_mask, table_mask, led, _suit(trump)))


def trick_winner(table: Sequence[TrickCard], trump: Suit | str | int) -> int:
    """The index in ``table`` of the card that wins the trick (docs/rules.md section 4.2).

    ``table`` holds cards or codes, or the ``(seat, card)`` pairs of ``view.trick`` (then
    ``table[index][0]`` is the winning seat).

    Raises:
        ValueError: on an empty table, more than four cards, an unknown card or a card given
            twice.
    """
    if not table:
        raise ValueError("a trick needs at least one card")
    cards = _cards(table)
    if len(cards) > _FULL_TRICK:
        raise ValueError(f"a trick holds at most {_FULL_TRICK} cards, got {len(cards)}")
    table_mask = mask_of(cards)
    return cards.index(Card(winning_card(table_mask, CARD_SUIT[cards[0]], _suit(trump))))


__all__ = [
    "CardLike",
    "TrickCard",
    "legal_cards",
    "trick_winner",
]

"""Small helpers that read a :class:`~cuatrola.core.views.SeatView` as bitmasks.

Every computer player works on the same few facts (its hand, the trick on the table, who is
winning it); computing them here keeps the players short and consistent.
"""

from __future__ import annotations

from cuatrola.core.cards import CARD_POINTS, CARD_SUIT, SUIT_MASKS, iter_bits
from cuatrola.core.tricks import winning_card
from cuatrola.core.views import PublicView, SeatView


def hand_mask(view: SeatView) -> int:
    """The seat's own cards as a bitmask."""
    mask = 0
    for card in view.hand:
        mask |= 1 << card
    return mask


def trick_mask(view: PublicView) -> int:
    """The cards of the current trick as a bitmask (0 when nobody has led yet)."""
    mask = 0
    for _, card in view.trick:
        mask |= 1 << card
    return mask


def led_suit(view: PublicView) -> int:
    """The suit led to the current trick (0 when nobody has led yet)."""
    return CARD_SUIT[view.trick[0][1]] if view.trick else 0


def trick_winner_seat(view: PublicView) -> int | None:
    """The seat whose card is winning the current trick so far, or ``None`` when empty."""
    if not view.trick:
        return None
    best = winning_card(trick_mask(view), led_suit(view), view.trump)
    for seat, card in view.trick:
        if card == best:
            return seat
    raise AssertionError("the winning card is on the table")  # pragma: no cover


def active_seats(view: PublicView) -> tuple[int, ...]:
    """The seats that play cards this hand (all four, or three when a seat sits out)."""
    return tuple(s for s in range(4) if s != view.sitting_out)


def wins_trick(card: int, table: int, led: int, trump: int) -> bool:
    """Whether ``card`` added to ``table`` (the cards already played) is winning the trick."""
    if not table:
        return True
    return winning_card(table | 1 << card, led, trump) == card


def cheapness(card: int, trump: int) -> tuple[int, int, int]:
    """A sort key: cheaper cards first (a non-trump before a trump, fewer points, weaker)."""
    return (int(CARD_SUIT[card] == trump), CARD_POINTS[card], -(card % 5))


def cards_in(mask: int) -> list[int]:
    """The card ids of a mask, in id order."""
    return list(iter_bits(mask))


def suit_cards(mask: int, suit: int) -> int:
    """The cards of ``mask`` in ``suit``."""
    return mask & SUIT_MASKS[suit]

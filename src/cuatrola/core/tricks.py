"""Trick obligations and trick winners as pure bitmask functions (docs/rules.md section 4).

These two functions are the whole of the card-play rules; the engine, the search and the
inference of what a player cannot hold all call them. They allocate nothing.
"""

from __future__ import annotations

from cuatrola.core.cards import CARD_SUIT, SUIT_MASKS


def legal_mask(hand: int, trick: int, led_suit: int, trump: int) -> int:
    """The cards of ``hand`` that may be played to a trick (docs/rules.md section 4.1).

    Args:
        hand: the player's cards (bitmask).
        trick: the cards already on the table in this trick (bitmask; 0 when leading).
        led_suit: the suit of the card that led the trick (ignored when ``trick`` is 0).
        trump: the trump suit.

    Returns:
        The legal cards as a bitmask (never empty when ``hand`` is not).

    The clauses, as numbered in section 4.1:

    1. Leading: any card.
    2. Holding the led suit L:
       a. L is not trump and a trump is on the table: any card of L.
       b. otherwise: a card of L stronger than the strongest L on the table, if held;
          else any card of L.
    3. Void in L, holding trumps:
       a. no trump on the table: any trump;
       b. trumps on the table: a trump stronger than the strongest one on the table, if
          held; else **any card**.
    4. Holding neither L nor trump: any card.

    Because a stronger card has a lower id (see :mod:`cuatrola.core.cards`), "stronger than
    the strongest on the table" is ``(low & -low) - 1`` where ``low`` is the table's cards of
    that suit.
    """
    if not trick:
        return hand  # 1
    led_mask = SUIT_MASKS[led_suit]
    follow = hand & led_mask
    if follow:
        trump_mask = SUIT_MASKS[trump]
        if led_suit != trump and trick & trump_mask:
            return follow  # 2a
        on_table = trick & led_mask
        beat = follow & ((on_table & -on_table) - 1)
        return beat or follow  # 2b
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        on_table = trick & SUIT_MASKS[trump]
        if not on_table:
            return trumps  # 3a
        over = trumps & ((on_table & -on_table) - 1)
        return over or hand  # 3b
    return hand  # 4


def winning_card(trick: int, led_suit: int, trump: int) -> int:
    """The card id that wins a trick given as a bitmask (docs/rules.md section 4.2).

    The strongest trump if any was played, else the strongest card of the led suit.
    """
    trumps = trick & SUIT_MASKS[trump]
    pool = trumps or (trick & SUIT_MASKS[led_suit])
    return (pool & -pool).bit_length() - 1


def led_suit_of(card: int) -> int:
    """The suit a card leads."""
    return CARD_SUIT[card]

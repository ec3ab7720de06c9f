"""A fast random-playout kernel: one complete plain hand with random legal plays.

Simulations and the engine benchmark play many thousands of hands a second, which the general
:class:`~cuatrola.core.hand.HandState` (lists, dataclasses, checks) cannot do. This module
plays the same rules with every card set kept as an int bitmask in local variables and no
per-card objects. It covers a plain hand (everybody passes) with cantes sung automatically
(the 40 first, then O C E B), which is what a random playout needs.

A differential test drives :class:`HandState` with ``Rules(auto_cante=True)`` through the same
random choices and checks that both give the same tricks, cantes and points.
"""

from __future__ import annotations

import random
from math import floor
from typing import Final

from cuatrola.core.cards import CANTE_MASKS, CARD_POINTS, CARD_SUIT, NUM_CARDS, SUIT_MASKS

_BIT: Final = tuple(1 << c for c in range(NUM_CARDS))
_SUIT_MASK_OF_BIT: Final = {1 << c: SUIT_MASKS[CARD_SUIT[c]] for c in range(NUM_CARDS)}
_POINTS_OF_BIT: Final = {1 << c: CARD_POINTS[c] for c in range(NUM_CARDS)}
_ORDERED_DECK: Final = tuple(range(NUM_CARDS))
#: ``(i, i + 1)`` for i from 19 down to 1: the Fisher-Yates steps, read rather than computed.
_SHUFFLE_STEPS: Final = tuple((i, i + 1) for i in range(NUM_CARDS - 1, 0, -1))


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 20 card ids in a random order (Fisher-Yates driven by ``rng.random()``).

    ``rng.random()`` is several times faster than ``rng.shuffle``'s integer draws; with 53-bit
    floats the bias of ``int(random() * n)`` for ``n <= 20`` is below 2**-48, far under
    anything a player could notice. With ``secrets.SystemRandom`` it is a CSPRNG shuffle.
    """
    deck = list(_ORDERED_DECK)
    draw = rng.random
    # floor() is int() for a non-negative float, and a cheaper call (it runs 19 times a deal).
    for i, choices in _SHUFFLE_STEPS:
        j = floor(draw() * choices)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_masks(deck: list[int], dealer: int) -> list[int]:
    """The four hands dealt from ``deck``: one card at a time from the mano, so the last card
    (the shown trump card) goes to the dealer."""
    b = _BIT
    mano = (dealer + 1) & 3
    # Written out rather than looped: this runs once per simulated hand.
    hands = [0, 0, 0, 0]
    hands[mano] = b[deck[0]] | b[deck[4]] | b[deck[8]] | b[deck[12]] | b[deck[16]]
    hands[(mano + 1) & 3] = b[deck[1]] | b[deck[5]] | b[deck[9]] | b[deck[13]] | b[deck[17]]
    hands[(mano + 2) & 3] = b[deck[2]] | b[deck[6]] | b[deck[10]] | b[deck[14]] | b[deck[18]]
    hands[(mano + 3) & 3] = b[deck[3]] | b[deck[7]] | b[deck[11]] | b[deck[15]] | b[deck[19]]
    return hands


def random_plain_hand(rng: random.Random, dealer: int) -> tuple[int, int, int]:
    """Deal and play one plain hand with uniformly random legal cards, cantes sung at once.

    At each turn the card is ``legal[int(rng.random() * len(legal))]`` over the legal cards
    in id order, so a driver of :class:`HandState` making the same draws plays the same hand.

    Returns:
        ``(winning team, hand points of team 0, hand points of team 1)``.
    """
    draw = rng.random
    deck = shuffled_deck(rng)
    hands = deal_masks(deck, dealer)
    trump_mask = SUIT_MASKS[CARD_SUIT[deck[-1]]]
    trump_suit = CARD_SUIT[deck[-1]]
    suit_of = _SUIT_MASK_OF_BIT
    points_of_bit = _POINTS_OF_BIT
    points = [0, 0]
    sung = 0
    leader = (dealer + 1) & 3
    for trick_index in range(5):
        table = 0
        led = 0
        seat = leader
        best_bit = 0
        best_seat = leader
        for _ in range(4):
            hand = hands[seat]
            # docs/rules.md 4.1, inlined from cuatrola.core.tricks.legal_mask.
            if not table:
                legal = hand
            else:
                follow = hand & led
                if follow:
                    if led != trump_mask and table & trump_mask:
                        legal = follow
                    else:
                        on = table & led
                        legal = follow & ((on & -on) - 1) or follow
                else:
                    trumps = hand & trump_mask
                    if trumps:
                        on = table & trump_mask
                        legal = trumps & ((on & -on) - 1) or hand if on else trumps
                    else:
                        legal = hand
            pick = floor(draw() * legal.bit_count())
            while pick:
                legal &= legal - 1
                pick -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            if not table:
                led = suit_of[bit]
                best_bit = bit
                best_seat = seat
            elif bit & trump_mask:
                # Lower bit = stronger card; a first trump beats any non-trump.
                if not best_bit & trump_mask or bit < best_bit:
                    best_bit = bit
                    best_seat = seat
            elif bit & led and not best_bit & trump_mask and bit < best_bit:
                best_bit = bit
                best_seat = seat
            table |= bit
            seat = (seat + 1) & 3
        team = best_seat & 1
        trick_points = 0
        while table:
            low = table & -table
            trick_points += points_of_bit[low]
            table ^= low
        points[team] += trick_points
        leader = best_seat
        if trick_index < 3:
            sung = _auto_cante(hands, team, trump_suit, sung, points)
    points[best_seat & 1] += 10
    winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else ((dealer + 1) & 1)
    return winner, points[0], points[1]


def _auto_cante(hands: list[int], team: int, trump: int, sung: int, points: list[int]) -> int:
    """Sing the team's best cante after a won trick (40 first, then O C E B); new sung mask."""
    pair_holders = hands[team] | hands[team + 2]
    cm = CANTE_MASKS[trump]
    if not sung >> trump & 1 and (hands[team] & cm == cm or hands[team + 2] & cm == cm):
        points[team] += 40
        return sung | 1 << trump
    for suit in range(4):
        cm = CANTE_MASKS[suit]
        # The union test is a cheap filter: most teams hold no rey-caballo pair at all.
        if (
            pair_holders & cm == cm
            and not sung >> suit & 1
            and (hands[team] & cm == cm or hands[team + 2] & cm == cm)
        ):
            points[team] += 20
            return sung | 1 << suit
    return sung


__all__ = [
    "deal_masks",
    "random_plain_hand",
    "shuffled_deck",
]

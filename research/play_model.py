"""How a good player chooses a card: a conditional-logit model of its play.

The expert weighs each consistent deal by how likely the other seats' plays are in it
(:mod:`cuatrola.ai.opponents`). For players who do not follow the greedy rules, such as
a perfect-information Monte Carlo player or the expert itself, "any legal card" tells
nothing, and the double-dummy value of a card in the deal predicted their choices no better.
This model does: each legal card gets a score, a weighted sum of a few facts that a player
sees from its own seat (:data:`FEATURE_NAMES`: its points, whether it wins the trick, whether
the partner is winning, whether it is the highest card left in its suit, ...), and the
chance of each card is the softmax of the scores.

``research/fit_play_model.py`` fitted :data:`WEIGHTS` by maximum likelihood to the choices
of ``pimc`` and ``expert`` players in seeded self-play. As the second kind of the expert's
opponent model (``expert-playmodel`` in :mod:`research.variants`) it measured no stronger
than the default (``RESULTS.md``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cuatrola.ai.players.greedy import cheapness, greedy_card, wins_trick
from cuatrola.core.cards import CARD_POINTS, CARD_SUIT, FULL_DECK, SUIT_MASKS, Rank
from cuatrola.core.tricks import winning_card

FEATURE_NAMES = (
    "the greedy card",
    "the cheapest card",
    "points",
    "a trump",
    "lead: a side as",
    "lead: a trump",
    "lead: the highest card left in its suit",
    "lead: points",
    "lead: length of its suit in hand",
    "lead: a singleton",
    "lead: a trump, by the trumps still out",
    "lead: a trump, by the trumps in hand",
    "follow: wins the trick, by its points",
    "follow: partner winning, by its points",
    "follow: partner winning, a trump",
    "follow: partner winning as the last to play, by its points",
    "follow: opponent winning, loses, by its points",
    "follow: wins with the highest card left in its suit",
    "the highest card left in its suit",
    "the highest of its suit in hand",
    "the lowest of its suit in hand",
    "breaks a rey-caballo pair",
)

#: Fitted by ``research/fit_play_model.py`` (see the module docstring).
WEIGHTS: tuple[float, ...] = (
    0.397,  # the greedy card
    0.196,  # the cheapest card
    0.040,  # points
    -0.946,  # a trump
    -0.844,  # lead: a side as
    0.084,  # lead: a trump
    1.843,  # lead: the highest card left in its suit
    0.281,  # lead: points
    -0.991,  # lead: length of its suit in hand
    -0.277,  # lead: a singleton
    1.716,  # lead: a trump, by the trumps still out
    0.742,  # lead: a trump, by the trumps in hand
    -0.051,  # follow: wins the trick, by its points
    -0.151,  # follow: partner winning, by its points
    -0.356,  # follow: partner winning, a trump
    0.865,  # follow: partner winning as the last to play, by its points
    -1.591,  # follow: opponent winning, loses, by its points
    0.597,  # follow: wins with the highest card left in its suit
    -0.742,  # the highest card left in its suit
    0.427,  # the highest of its suit in hand
    0.623,  # the lowest of its suit in hand
    -0.644,  # breaks a rey-caballo pair
)

#: The part of each choice left to "any legal card", so that no play is ever impossible.
FLOOR = 0.05


def choice_features(
    hand: int,
    legal: int,
    trick: Sequence[tuple[int, int]],
    seat: int,
    trump: int,
    played: int,
) -> list[tuple[int, tuple[float, ...]]]:
    """The features (:data:`FEATURE_NAMES`) of each legal card, in card order.

    Args:
        hand: the seat's cards before it plays (bitmask).
        legal: its legal cards (bitmask, at least one).
        trick: the ``(seat, card)`` plays already on the table.
        seat: the seat to play.
        trump: the trump suit.
        played: the cards played in earlier tricks (bitmask).
    """
    greedy = greedy_card(legal, trick, seat, trump)
    cards = [c for c in range(20) if legal >> c & 1]
    cheapest = min(cards, key=lambda c: cheapness(c, trump))
    table = 0
    for _, card in trick:
        table |= 1 << card
    unseen = FULL_DECK & ~hand & ~played & ~table
    lead = not trick
    partner_winning = opponent_winning = False
    led = 0
    last = len(trick) == 3
    if not lead:
        led = CARD_SUIT[trick[0][1]]
        best = winning_card(table, led, trump)
        winner = next(s for s, c in trick if c == best)
        partner_winning = winner & 1 == seat & 1
        opponent_winning = not partner_winning
    trumps_out = (unseen & SUIT_MASKS[trump]).bit_count() / 5
    trumps_held = (hand & SUIT_MASKS[trump]).bit_count() / 5
    out: list[tuple[int, tuple[float, ...]]] = []
    for c in cards:
        suit = CARD_SUIT[c]
        in_suit = hand & SUIT_MASKS[suit]
        stronger = SUIT_MASKS[suit] & ((1 << c) - 1)
        weaker = SUIT_MASKS[suit] & ~((2 << c) - 1)
        boss = float(not unseen & stronger)
        points = CARD_POINTS[c] / 11
        is_trump = float(suit == trump)
        rank = c % 5
        pair = rank in (Rank.REY, Rank.CABALLO) and bool(
            hand >> (suit * 5 + (Rank.CABALLO if rank == Rank.REY else Rank.REY)) & 1
        )
        wins = 0.0 if lead else float(wins_trick(c, table, led, trump))
        if lead:
            lead_features = (
                float(rank == Rank.AS and suit != trump),
                is_trump,
                boss,
                points,
                in_suit.bit_count() / 5,
                float(in_suit.bit_count() == 1),
                is_trump * trumps_out,
                is_trump * trumps_held,
            )
            follow_features = (0.0,) * 6
        else:
            lead_features = (0.0,) * 8
            # Whether the card wins is left out: the duty to beat the trick makes it the
            # same for every legal card.
            follow_features = (
                wins * points,
                partner_winning * points,
                partner_winning * is_trump,
                partner_winning * last * points,
                opponent_winning * (1 - wins) * points,
                wins * boss,
            )
        out.append(
            (
                c,
                (
                    float(c == greedy),
                    float(c == cheapest),
                    points,
                    is_trump,
                    *lead_features,
                    *follow_features,
                    boss,
                    float(not in_suit & stronger),
                    float(not in_suit & weaker),
                    float(pair),
                ),
            )
        )
    return out


def choice_probabilities(
    features: Sequence[tuple[int, tuple[float, ...]]], weights: Sequence[float] = WEIGHTS
) -> dict[int, float]:
    """The chance of each legal card under the model, from its :func:`choice_features`,
    with :data:`FLOOR` of it spread evenly."""
    scores = [sum(w * f for w, f in zip(weights, fs, strict=True)) for _, fs in features]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    even = FLOOR / len(features)
    return {c: (1 - FLOOR) * e / total + even for (c, _), e in zip(features, exps, strict=True)}

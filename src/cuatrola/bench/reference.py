"""A naive reference implementation of one random plain hand, the yardstick of ``bench engine``.

The rules written the way a newcomer would write them from docs/rules.md: cards are
``(suit, rank)`` tuples (rank 0 the strongest, as in :class:`~cuatrola.core.cards.Rank`),
hands are lists, the trick is a list of ``(seat, card)`` pairs and every rule is a list
comprehension. No bitmask, no table, no check of the player's choice (it picks from the legal
list). The engine benchmark plays it in the same run as the other backends, so their speed is
read as a ratio to this one, which the machine's load affects in the same way.

It plays the same hand as ``python-state``: deal, all four pass, uniformly random legal cards,
cantes sung at once (the 40 first, then oros, copas, espadas, bastos), scored.

>>> import random
>>> winner, points0, points1 = reference_plain_hand(random.Random(1), dealer=0)
>>> winner in (0, 1), points0 + points1 >= 130
(True, True)
"""

from __future__ import annotations

import random

RANK_POINTS = (11, 10, 4, 3, 2)
REY = 2
CABALLO = 3
ReferenceCard = tuple[int, int]


def reference_legal(
    hand: list[ReferenceCard], table: list[ReferenceCard], trump: int
) -> list[ReferenceCard]:
    """The cards of ``hand`` that may be played on ``table`` (docs/rules.md section 4.1)."""
    if not table:
        return list(hand)
    led = table[0][0]
    follow = [card for card in hand if card[0] == led]
    if follow:
        if led != trump and any(card[0] == trump for card in table):
            return follow
        best = min(card[1] for card in table if card[0] == led)
        beat = [card for card in follow if card[1] < best]
        return beat or follow
    trumps = [card for card in hand if card[0] == trump]
    if trumps:
        on_table = [card[1] for card in table if card[0] == trump]
        if not on_table:
            return trumps
        over = [card for card in trumps if card[1] < min(on_table)]
        return over or list(hand)
    return list(hand)


def reference_winner(trick: list[tuple[int, ReferenceCard]], trump: int) -> int:
    """The seat that wins ``trick`` (``(seat, card)`` pairs; docs/rules.md section 4.2)."""
    led = trick[0][1][0]
    trumps = [(card[1], seat) for seat, card in trick if card[0] == trump]
    if trumps:
        return min(trumps)[1]
    return min((card[1], seat) for seat, card in trick if card[0] == led)[1]


def reference_plain_hand(rng: random.Random, dealer: int) -> tuple[int, int, int]:
    """Deal and play one plain hand with random legal cards and automatic cantes.

    Returns:
        ``(winning team, hand points of team 0, hand points of team 1)``.
    """
    deck = [(suit, rank) for suit in range(4) for rank in range(5)]
    rng.shuffle(deck)
    mano = (dealer + 1) % 4
    hands: list[list[ReferenceCard]] = [[], [], [], []]
    for index, card in enumerate(deck):
        hands[(mano + index) % 4].append(card)
    trump = deck[-1][0]
    points = [0, 0]
    sung: list[int] = []
    leader = mano
    for trick_index in range(5):
        trick: list[tuple[int, ReferenceCard]] = []
        seat = leader
        for _ in range(4):
            legal = sorted(reference_legal(hands[seat], [card for _, card in trick], trump))
            card = legal[int(rng.random() * len(legal))]
            hands[seat].remove(card)
            trick.append((seat, card))
            seat = (seat + 1) % 4
        winner = reference_winner(trick, trump)
        team = winner % 2
        points[team] += sum(RANK_POINTS[card[1]] for _, card in trick)
        if trick_index == 4:
            points[team] += 10
        elif trick_index < 3:
            _reference_cante(hands, team, trump, sung, points)
        leader = winner
    if points[0] == points[1]:
        return mano % 2, points[0], points[1]
    return (0 if points[0] > points[1] else 1), points[0], points[1]


def _reference_cante(
    hands: list[list[ReferenceCard]], team: int, trump: int, sung: list[int], points: list[int]
) -> None:
    """Sing the team's best cante (the 40 first, then by suit order), if it holds one."""
    suits = [
        suit
        for seat in (team, team + 2)
        for suit in range(4)
        if suit not in sung and (suit, REY) in hands[seat] and (suit, CABALLO) in hands[seat]
    ]
    if not suits:
        return
    suit = trump if trump in suits else min(suits)
    sung.append(suit)
    points[team] += 40 if suit == trump else 20

"""The hand's history seen from the table: the public facts before every earlier play.

The expert's searched kind of opponent (:class:`~cuatrola.ai.opponents.PimcChoiceModel`)
asks, for each earlier play of another seat, what that seat knew when it played: its own
cards, the public play before its turn, the shown trump card, the sung cantes and every
"could not follow / beat / over-trump" inference up to then. :func:`past_plays` restates
those public facts before each play of the hand, and :func:`knowledge_then` adds a hand to
them to rebuild that seat's :class:`~cuatrola.ai.knowledge.deals.Knowledge`.
"""

from __future__ import annotations

from dataclasses import dataclass

from cuatrola.ai.knowledge.deals import Knowledge, excluded_by_play, tricks_of
from cuatrola.core.cards import CANTE_MASKS, CARD_SUIT, FULL_DECK, points_of
from cuatrola.core.tricks import winning_card
from cuatrola.core.views import SeatView


@dataclass(frozen=True, slots=True)
class PastPlay:
    """The public facts just before one earlier play of the hand.

    Attributes:
        seat, card: who played what.
        number, index: the trick (0-based) and the place in it.
        trick, trick_seats: the cards already in that trick and who played them.
        table, led: the trick's cards as a mask and the suit led (0 when leading).
        points, tricks_won, sung: the score of the hand so far (points include cantes).
        played: every card played before this one.
        forbidden: per seat, the cards it could not hold then (public inferences).
        counts: how many cards each seat held then (dead cards included).
        pins: cards whose holder everybody knew then (the shown trump card, sung cantes).
        history: the plays before this one as ``(seat, card)``: with the deal's public facts
            it identifies the moment (the memo key).
    """

    seat: int
    card: int
    number: int
    index: int
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]
    table: int
    led: int
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    sung: int
    played: int
    forbidden: tuple[int, int, int, int]
    counts: tuple[int, int, int, int]
    pins: tuple[int, int, int, int]
    history: tuple[tuple[int, int], ...]


def _pins(view: SeatView, played: int, number: int) -> tuple[int, int, int, int]:
    """The cards whose holder everybody knew before a play of trick ``number``, when the
    cards ``played`` were out: the shown card (the dealer's, until he plays it) and the rey
    and caballo of the cantes sung after earlier tricks (the singer's)."""
    pins = [0, 0, 0, 0]
    if not played >> view.shown_card & 1:
        pins[view.dealer] |= 1 << view.shown_card
    for cante in view.cantes:
        if cante.trick < number:
            pins[cante.seat] |= CANTE_MASKS[cante.suit] & ~played
    return (pins[0], pins[1], pins[2], pins[3])


def past_plays(view: SeatView) -> list[PastPlay]:
    """Every play of the hand so far with the public facts just before it, in order."""
    trick_size = 3 if view.sitting_out is not None else 4
    forbidden = [0, 0, 0, 0]
    counts = [5, 5, 5, 5]  # a seat that sits out keeps its five dead cards
    points = [0, 0]
    tricks_won = [0, 0]
    sung = 0
    played = 0
    history: list[tuple[int, int]] = []
    out: list[PastPlay] = []
    for number, group in enumerate(tricks_of(view)):
        table = 0
        led = CARD_SUIT[group[0][1]]
        for index, (seat, card) in enumerate(group):
            out.append(
                PastPlay(
                    seat=seat,
                    card=card,
                    number=number,
                    index=index,
                    trick=tuple(c for _, c in group[:index]),
                    trick_seats=tuple(s for s, _ in group[:index]),
                    table=table,
                    led=led if index else 0,
                    points=(points[0], points[1]),
                    tricks_won=(tricks_won[0], tricks_won[1]),
                    sung=sung,
                    played=played,
                    forbidden=(forbidden[0], forbidden[1], forbidden[2], forbidden[3]),
                    counts=(counts[0], counts[1], counts[2], counts[3]),
                    pins=_pins(view, played, number),
                    history=tuple(history),
                )
            )
            forbidden[seat] |= excluded_by_play(card, table, led, view.trump)
            table |= 1 << card
            played |= 1 << card
            counts[seat] -= 1
            history.append((seat, card))
        if len(group) == trick_size:
            best = winning_card(table, led, view.trump)
            team = next(s for s, c in group if c == best) & 1
            points[team] += points_of(table)
            tricks_won[team] += 1
            for cante in view.cantes:
                if cante.trick == number:
                    points[cante.seat & 1] += cante.points
                    sung |= 1 << cante.suit
    return out


def knowledge_then(play: PastPlay, hand: int) -> Knowledge:
    """What the player of ``play`` knew when he played it, holding ``hand``."""
    me = play.seat
    known = [pinned & ~hand for pinned in play.pins]
    known[me] = hand
    forbidden = list(play.forbidden)
    forbidden[me] = FULL_DECK & ~hand
    need = [0 if s == me else play.counts[s] - known[s].bit_count() for s in range(4)]
    every = known[0] | known[1] | known[2] | known[3]
    return Knowledge(
        seat=me,
        known=(known[0], known[1], known[2], known[3]),
        need=(need[0], need[1], need[2], need[3]),
        forbidden=(forbidden[0], forbidden[1], forbidden[2], forbidden[3]),
        unknown=FULL_DECK & ~play.played & ~every,
    )

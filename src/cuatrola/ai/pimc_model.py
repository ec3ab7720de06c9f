"""A model of a strong player's card choice: what perfect-information Monte Carlo would play
from *his* seat.

The expert weighs each deal it considers by how likely the other seats' plays are in it
(:mod:`cuatrola.ai.opponent_model`). A rule follower is easy to model; a strong player is
not, because his choice depends on what he could not see. This model puts itself in his
seat: in a deal where he held ``hand`` when he played, it rebuilds what he knew then (his
cards, the public play before his turn, the shown trump card, the sung cantes, and every
"could not follow / beat / over-trump" inference), samples deals consistent with that, as
:mod:`cuatrola.ai.pimc` would, solves each double dummy and scores his legal cards. A PIMC
player's choice depends on the deals he happened to draw, so his chance of playing a card is
the share of bootstrap resamples of those deals in which PIMC picks it
(:func:`~cuatrola.ai.solver.mover_choices`), mixed with a share of any legal card (a strong
player is not exactly PIMC). Resampling lets each position say how sure the choice is: a card
that is best in every deal gets nearly all of the chance, one that is best on average by a
hair gets about half.

Chosen by the log posterior of the true deal on the positions of
``benchmarks/fit_opponent_model.py`` (``--searched`` scores it; 60 hands, seed 2, greedy kind
0.4; 315 positions against ``pimc`` opponents, 310 against ``greedy``): no inference gives
-3.52 and -3.33, the fifth session's softmax over the mean scores (temperature 0.5, 0.35 of
any legal card) -3.11 and -2.62, the bootstrap shares with 0.2 of any legal card -2.94 and
-2.58 (docs/ai.md).

Every chance is a pure function of the public play, the seat and his hand (the samples are
drawn from a generator seeded by them), so remembering them across deals, decisions and players
(:class:`PimcChoiceModel` keeps a bounded memo, shared by default) changes only the speed.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cuatrola.ai.solver import Position, mover_choices, mover_totals
from cuatrola.ai.worlds import Knowledge, World, excluded_by_play, history_of
from cuatrola.core.cards import CANTE_MASKS, CARD_SUIT, FULL_DECK, points_of
from cuatrola.core.tricks import winning_card
from cuatrola.core.views import SeatView

#: Deals sampled from the player's view (as many as ``pimc`` uses by default).
SAMPLES = 30
#: Bootstrap resamples of the deals: a PIMC player's chance of each card (see
#: :func:`~cuatrola.ai.solver.mover_choices`).
RESAMPLES = 256
#: Softmax temperature over the mean scores, in the hand's own units, when not resampling
#: (the fifth session's model; fitted).
TEMPERATURE = 0.5
#: Share of "any legal card" in the chance of each card (fitted: 0.35 with the softmax).
EPSILON = 0.2
#: Remembered choices before the memo is emptied (a few hundred per hand; about 10 MB).
MEMO_SIZE = 20_000


#: The memo every model shares unless given its own (see :class:`PimcChoiceModel`).
_SHARED_MEMO: dict[tuple[object, ...], dict[int, float]] = {}


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


def shown_trump_card(view: SeatView) -> int | None:
    """The dealer's shown card: the view's while he holds it; once played, the first trump
    he played (exact unless he played two trumps, where the view no longer tells which)."""
    if view.trump_card is not None:
        return int(view.trump_card)
    for seat, card in history_of(view):
        if seat == view.dealer and CARD_SUIT[card] == view.trump:
            return card
    return None


def past_plays(view: SeatView) -> list[PastPlay]:
    """Every play of the hand so far with the public facts just before it, in order."""
    trick_size = 3 if view.sitting_out is not None else 4
    shown = shown_trump_card(view)
    forbidden = [0, 0, 0, 0]
    counts = [5, 5, 5, 5]  # a seat that sits out keeps its five dead cards
    points = [0, 0]
    tricks_won = [0, 0]
    sung = 0
    played = 0
    history: list[tuple[int, int]] = []
    out: list[PastPlay] = []
    plays = history_of(view)
    start = 0
    number = 0
    while start < len(plays):
        group = plays[start : start + trick_size]
        table = 0
        led = CARD_SUIT[group[0][1]]
        for index, (seat, card) in enumerate(group):
            pins = [0, 0, 0, 0]
            if shown is not None and not played >> shown & 1:
                pins[view.dealer] |= 1 << shown
            for cante in view.cantes:
                if cante.trick < number:
                    pins[cante.seat] |= CANTE_MASKS[cante.suit] & ~played
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
                    pins=(pins[0], pins[1], pins[2], pins[3]),
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
        start += trick_size
        number += 1
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


class PimcChoiceModel:
    """The chance that a PIMC-like player holding ``hand`` plays each legal card (see the
    module docstring).

    Args:
        samples: deals sampled from the player's view.
        resamples: bootstrap resamples of those deals (:func:`~cuatrola.ai.solver.
            mover_choices`): his chance of a card is the share of the resamples in which
            PIMC would choose it. 0: a softmax over the mean scores instead (the fifth
            session's model).
        temperature: of that softmax (hand units); unused with resamples.
        epsilon: share of "any legal card".
        memo_size: remembered choices before the memo is emptied.
        memo: where answers are remembered; by default one memo for every model in the
            process. Each answer is a pure function of its question (the public facts,
            the hand, the number of deals and of resamples), so sharing changes only the
            speed: the two players of a team ask many of the same questions, and the server
            keeps one player per level for all its tables (so the memory stays bounded).
    """

    def __init__(
        self,
        samples: int = SAMPLES,
        temperature: float = TEMPERATURE,
        epsilon: float = EPSILON,
        memo_size: int = MEMO_SIZE,
        memo: dict[tuple[object, ...], dict[int, float]] | None = None,
        resamples: int = RESAMPLES,
    ) -> None:
        self.samples = samples
        self.resamples = resamples
        self.temperature = temperature
        self.epsilon = epsilon
        self.memo_size = memo_size
        self._memo = _SHARED_MEMO if memo is None else memo
        #: Questions this model was asked (answered from the memo or not), and those it
        #: had to search (the costly ones).
        self.asked = 0
        self.searched = 0

    @property
    def remembered(self) -> int:
        """How many answers the memo holds."""
        return len(self._memo)

    def scores(self, view: SeatView, play: PastPlay, hand: int) -> dict[int, float]:
        """The mean double-dummy score of each legal card of ``play``'s seat holding
        ``hand`` then, over deals sampled from his view (higher: better for him)."""
        return self._answer(view, play, hand, 0)

    def shares(self, view: SeatView, play: PastPlay, hand: int) -> dict[int, float]:
        """The share of the bootstrap resamples of those deals in which PIMC chooses each
        legal card of ``play``'s seat holding ``hand`` then (they sum to 1)."""
        return self._answer(view, play, hand, self.resamples or RESAMPLES)

    def _answer(
        self, view: SeatView, play: PastPlay, hand: int, resamples: int
    ) -> dict[int, float]:
        """Mean scores (``resamples`` 0) or choice shares, from the memo when asked before."""
        bidder = -1 if view.bidder is None else view.bidder  # hash(None) varies by process
        seed = (view.trump, view.dealer, int(view.contract), bidder, play.history, hand)
        # The whole question: with the facts fixed within one hand (the shown card, the
        # cantes), since one player may serve many hands (the server keeps one per level).
        key = (seed, play.pins, play.points, play.sung, self.samples, resamples)
        self.asked += 1
        found = self._memo.get(key)
        if found is not None:
            return found
        self.searched += 1
        knowledge = knowledge_then(play, hand)
        # Seeded by the moment and the hand, so the same question always gets the same
        # answer (the seed leaves out the facts fixed within a hand, as first measured).
        worlds = knowledge.sample_many(random.Random(hash(seed)), self.samples)
        if view.sitting_out is not None:
            worlds = [_without_dead_hand(world, view.sitting_out) for world in worlds]
        pos = Position(
            worlds[0],
            int(view.trump),  # a plain int in the search's hot loops
            play.seat,
            play.trick,
            play.trick_seats,
            view.sitting_out,
            view.contract,
            view.bidder,
            play.points,
            play.tricks_won,
            play.number,
            play.sung,
        )
        if resamples:
            counts = mover_choices(pos, worlds, resamples, hash(seed), keep_table=True)
            found = {card: count / resamples for card, count in counts.items()}
        else:
            totals = mover_totals(pos, worlds, keep_table=True)
            found = {card: total / len(worlds) for card, total in totals.items()}
        if len(self._memo) >= self.memo_size:
            self._memo.clear()
        self._memo[key] = found
        return found

    def chance(self, view: SeatView, play: PastPlay, hand: int) -> float:
        """The chance that ``play``'s seat, holding ``hand`` then, played ``play.card``."""
        if self.resamples:
            shares = self.shares(view, play, hand)
            return (1 - self.epsilon) * shares[play.card] + self.epsilon / len(shares)
        scores = self.scores(view, play, hand)
        return choice_chance(scores, play.card, self.temperature, self.epsilon)


def _without_dead_hand(world: World, dead: int) -> World:
    """``world`` with the sitting-out seat's cards taken off (the solver wants them 0)."""
    hands = list(world)
    hands[dead] = 0
    return (hands[0], hands[1], hands[2], hands[3])


def choice_chance(scores: dict[int, float], card: int, temperature: float, epsilon: float) -> float:
    """``(1 - epsilon)`` x softmax(``scores`` / ``temperature``)[card] + ``epsilon`` / n."""
    top = max(scores.values())
    total = sum(math.exp((v - top) / temperature) for v in scores.values())
    soft = math.exp((scores[card] - top) / temperature) / total
    return (1 - epsilon) * soft + epsilon / len(scores)

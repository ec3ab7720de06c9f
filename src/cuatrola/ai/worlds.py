"""Worlds: the deals of the unseen cards that are consistent with what a seat has seen.

A *world* is the four hands as they stand now (``tuple`` of four card bitmasks; a seat that
sits out holds its five dead cards). From a :class:`~cuatrola.core.views.SeatView` we know:

* our own cards;
* the dealer's shown trump card, until he plays it (pinned to the dealer);
* the rey and caballo of every sung cante, until played (pinned to the singer);
* every card played, and by whom;
* what each seat *cannot* hold: replaying the public history through the obligations of
  docs/rules.md section 4.1, a card that did not follow, did not beat or did not over-trump
  says the player held no card that would have been obligatory. Each such fact has the form
  "the hand at that moment held none of the cards X"; since the cards played since are
  public (and the real deal was legal), it reduces to "the hand now holds none of X".

Cards are grouped by the set of seats that may hold them (at most 7 groups for 3 unknown
seats), which gives the exact number of consistent worlds by a small dynamic programme, an
exhaustive enumeration when they are few and exact uniform sampling otherwise.

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(1))
>>> knowledge = Knowledge.from_view(view_for(state, 1))
>>> knowledge.count()  # the mano at the start: 14 unseen cards split 4/5/5
252252
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cuatrola.core.cards import (
    CANTE_MASKS,
    CARD_SUIT,
    FULL_DECK,
    SUIT_MASKS,
    Card,
    cards_of,
    iter_bits,
    mask_of,
)
from cuatrola.core.tricks import legal_mask
from cuatrola.core.views import SeatView

World = tuple[int, int, int, int]
#: The ways to split one group of unknown cards among the seats (each with the needs it
#: leaves), the deals each allows, and their total.
_SplitTable = tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...], int]


def history_of(view: SeatView) -> list[tuple[int, int]]:
    """Every card played this hand as ``(seat, card)``, in order."""
    plays: list[tuple[int, int]] = []
    for trick in view.tricks:
        plays.extend(zip(trick.seats, (int(c) for c in trick.cards), strict=True))
    plays.extend((seat, int(card)) for seat, card in view.trick)
    return plays


def _trick_groups(view: SeatView) -> list[list[tuple[int, int]]]:
    groups = [list(zip(t.seats, (int(c) for c in t.cards), strict=True)) for t in view.tricks]
    if view.trick:
        groups.append([(seat, int(card)) for seat, card in view.trick])
    return groups


def excluded_by_play(card: int, table: int, led: int, trump: int) -> int:
    """The cards a player cannot have held when he played ``card`` to ``table``.

    ``table`` holds the cards already in the trick (0 when leading). The result X is such
    that ``card`` is legal from a hand H (holding ``card``) exactly when H holds none of X.
    """
    if not table:
        return 0
    led_mask = SUIT_MASKS[led]
    trump_mask = SUIT_MASKS[trump]
    bit = 1 << card
    if bit & led_mask:
        if led != trump and table & trump_mask:
            return 0  # 2a: any card of the led suit
        on_table = table & led_mask
        stronger = led_mask & ((on_table & -on_table) - 1)
        return 0 if bit & stronger else stronger  # 2b
    excluded = led_mask  # did not follow: void in the led suit
    on_trumps = table & trump_mask
    if not on_trumps:
        if not bit & trump_mask:
            excluded |= trump_mask  # 3a: holding a trump, he had to play one
        return excluded
    over = trump_mask & ((on_trumps & -on_trumps) - 1)
    if not bit & over:
        excluded |= over  # 3b: could not over-trump
    return excluded


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat knows about where the unseen cards are.

    Attributes:
        seat: the observing seat.
        known: cards whose holder is known now, per seat (own hand, shown trump, cantes).
        need: how many unknown cards each seat holds now (0 for the observer).
        forbidden: per seat, cards it cannot hold now.
        unknown: the cards whose holder is unknown.
    """

    seat: int
    known: World
    need: tuple[int, int, int, int]
    forbidden: World
    unknown: int

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        """Everything the view implies about the other hands (see the module docstring)."""
        me = view.seat
        own = 0
        for held in view.hand:
            own |= 1 << held
        played = 0
        forbidden = [0, 0, 0, 0]
        for group in _trick_groups(view):
            table = 0
            led = CARD_SUIT[group[0][1]]
            for seat, card in group:
                forbidden[seat] |= excluded_by_play(card, table, led, view.trump)
                table |= 1 << card
                played |= 1 << card
        known = [0, 0, 0, 0]
        known[me] = own
        if view.trump_card is not None and view.dealer != me:
            known[view.dealer] |= 1 << view.trump_card
        for cante in view.cantes:
            if cante.seat != me:
                known[cante.seat] |= CANTE_MASKS[cante.suit] & ~played
        forbidden[me] = FULL_DECK & ~own
        known_all = known[0] | known[1] | known[2] | known[3]
        unknown = FULL_DECK & ~played & ~known_all
        need = tuple(view.card_counts[s] - known[s].bit_count() if s != me else 0 for s in range(4))
        return cls(
            seat=me,
            known=(known[0], known[1], known[2], known[3]),
            need=(need[0], need[1], need[2], need[3]),
            forbidden=(forbidden[0], forbidden[1], forbidden[2], forbidden[3]),
            unknown=unknown,
        )

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that hold unknown cards."""
        return tuple(s for s in range(4) if s != self.seat)

    def _groups(self) -> tuple[tuple[int, int], ...]:
        """The unknown cards grouped as ``(allowed seat bits, cards mask)``."""
        return _grouped(self.unknown, self.forbidden, self.seat)

    def _needs(self) -> tuple[int, ...]:
        return tuple(self.need[s] for s in self.seats)

    def count(self) -> int:
        """The exact number of consistent worlds."""
        groups = self._groups()
        return _count(tuple((a, m.bit_count()) for a, m in groups), self._needs())

    def worlds(self) -> Iterator[World]:
        """Every consistent world, each once (enumerate only when :meth:`count` is small)."""
        groups = self._groups()
        sizes = tuple((a, m.bit_count()) for a, m in groups)
        for splits in _splits(sizes, self._needs()):
            per_group = [
                _partitions(mask, split) for (_, mask), split in zip(groups, splits, strict=True)
            ]
            for choice in itertools.product(*per_group):
                yield self._world(choice)

    def sample(self, rng: random.Random) -> World:
        """One consistent world drawn uniformly at random.

        Raises:
            ValueError: when no world is consistent (a view that contradicts itself).
        """
        if not self.count():
            raise ValueError("no deal is consistent with this view")
        return self._draw(rng, 1)[0]

    def sample_many(self, rng: random.Random, n: int) -> list[World]:
        """``n`` worlds: all of them when there are at most ``n``, else ``n`` uniform draws
        (with repetition possible; the same draws as ``n`` calls of :meth:`sample`)."""
        total = self.count()
        if total <= n:
            return list(self.worlds())
        return self._draw(rng, n)

    def _draw(self, rng: random.Random, n: int) -> list[World]:
        """``n`` uniform draws (at least one world must be consistent).

        Group by group: pick how the group's cards split among the seats, in proportion
        to the deals each split allows, then deal the group's cards in that split. The
        grouping and the split tables are looked up once for all ``n`` draws (the hot path
        of every sampling player).
        """
        groups = self._groups()
        sizes = tuple((a, m.bit_count()) for a, m in groups)
        first_needs = self._needs()
        seats = self.seats
        group_cards = [list(iter_bits(mask)) for _, mask in groups]
        tables: dict[tuple[int, tuple[int, ...]], _SplitTable] = {}
        shuffle = rng.shuffle
        draws: list[World] = []
        for _ in range(n):
            needs = first_needs
            hands = list(self.known)
            for index, ordered in enumerate(group_cards):
                table = tables.get((index, needs))
                if table is None:
                    options, weights = _split_options(sizes[index:], needs)
                    table = tables[index, needs] = (options, weights, sum(weights))
                options, weights, total = table
                pick = rng.random() * total
                at = 0
                last = len(weights) - 1
                while at < last and pick >= weights[at]:
                    pick -= weights[at]
                    at += 1
                split, needs = options[at]
                cards = ordered.copy()
                shuffle(cards)
                start = 0
                for place, k in enumerate(split):
                    if k:
                        part = 0
                        for card in cards[start : start + k]:
                            part |= 1 << card
                        hands[seats[place]] |= part
                        start += k
            draws.append((hands[0], hands[1], hands[2], hands[3]))
        return draws

    def _world(self, choice: tuple[tuple[int, ...], ...]) -> World:
        hands = list(self.known)
        for parts in choice:
            for index, seat in enumerate(self.seats):
                hands[seat] |= parts[index]
        return (hands[0], hands[1], hands[2], hands[3])


def _group_splits(allowed: int, size: int, needs: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Ways to split ``size`` cards among the allowed seats (bits of ``allowed``)."""
    seats = len(needs)

    def rec(index: int, left: int) -> Iterator[tuple[int, ...]]:
        if index == seats:
            if left == 0:
                yield ()
            return
        if not allowed >> index & 1:
            for rest in rec(index + 1, left):
                yield (0, *rest)
            return
        for k in range(min(left, needs[index]) + 1):
            for rest in rec(index + 1, left - k):
                yield (k, *rest)

    return rec(0, size)


@lru_cache(maxsize=4096)
def _grouped(unknown: int, forbidden: World, observer: int) -> tuple[tuple[int, int], ...]:
    """:meth:`Knowledge._groups`, remembered: every deal sampled for one decision asks for
    the same grouping."""
    seats = [s for s in range(4) if s != observer]
    groups: dict[int, int] = {}
    for card in iter_bits(unknown):
        allowed = 0
        for index, seat in enumerate(seats):
            if not forbidden[seat] >> card & 1:
                allowed |= 1 << index
        groups[allowed] = groups.get(allowed, 0) | 1 << card
    return tuple(sorted(groups.items()))


@lru_cache(maxsize=65536)
def _split_options(
    sizes: tuple[tuple[int, int], ...], needs: tuple[int, ...]
) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], tuple[int, ...]]:
    """The ways to split the first group of ``sizes`` among the seats that still ``need``
    cards, with what each leaves them, and how many consistent deals each allows (only the
    ways that allow some). Remembered: sampling draws the same splits many times."""
    allowed, size = sizes[0]
    options = []
    weights = []
    for split in _group_splits(allowed, size, needs):
        left = tuple(n - k for n, k in zip(needs, split, strict=True))
        weight = _multinomial(split) * _count(sizes[1:], left)
        if weight:
            options.append((split, left))
            weights.append(weight)
    return tuple(options), tuple(weights)


def _multinomial(parts: tuple[int, ...]) -> int:
    total = 0
    result = 1
    for k in parts:
        total += k
        result *= math.comb(total, k)
    return result


@lru_cache(maxsize=65536)
def _count(sizes: tuple[tuple[int, int], ...], needs: tuple[int, ...]) -> int:
    if not sizes:
        return int(not any(needs))
    allowed, size = sizes[0]
    total = 0
    for split in _group_splits(allowed, size, needs):
        left = tuple(n - k for n, k in zip(needs, split, strict=True))
        rest = _count(sizes[1:], left)
        if rest:
            total += _multinomial(split) * rest
    return total


def _splits(
    sizes: tuple[tuple[int, int], ...], needs: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not sizes:
        if not any(needs):
            yield ()
        return
    allowed, size = sizes[0]
    for split in _group_splits(allowed, size, needs):
        left = tuple(n - k for n, k in zip(needs, split, strict=True))
        if _count(sizes[1:], left):
            for rest in _splits(sizes[1:], left):
                yield (split, *rest)


def _partitions(mask: int, split: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to deal the cards of ``mask`` into parts of the sizes in ``split``."""
    if not split:
        return [()]
    first, rest = split[0], split[1:]
    out: list[tuple[int, ...]] = []
    cards = list(iter_bits(mask))
    for combo in itertools.combinations(cards, first):
        part = 0
        for card in combo:
            part |= 1 << card
        for tail in _partitions(mask & ~part, rest):
            out.append((part, *tail))
    return out


def is_consistent(view: SeatView, world: World) -> bool:
    """Whether ``world`` (the hands now) could have produced everything ``view`` has seen.

    Independent of :class:`Knowledge`: rebuilds the dealt hands (hands now + cards played
    since) and replays every play through :func:`~cuatrola.core.tricks.legal_mask`, checks
    the shown trump card, the cantes, the card counts and the observer's own hand.
    """
    own = 0
    for held in view.hand:
        own |= 1 << held
    if world[view.seat] != own:
        return False
    total = 0
    for seat in range(4):
        if total & world[seat] or world[seat].bit_count() != view.card_counts[seat]:
            return False
        total |= world[seat]
    plays = history_of(view)
    played = 0
    for _, card in plays:
        played |= 1 << card
    if total & played or total | played != FULL_DECK:
        return False
    dealt = list(world)
    for seat, card in plays:
        dealt[seat] |= 1 << card
    if view.trump_card is not None:
        if not dealt[view.dealer] >> view.trump_card & 1:
            return False
    elif not any(s == view.dealer and CARD_SUIT[c] == view.trump for s, c in plays):
        # Once played, the view no longer says which card was shown; the dealer must at
        # least have played a trump.
        return False
    hands = list(dealt)
    cantes_by_trick: dict[int, list[tuple[int, int]]] = {}
    for cante in view.cantes:
        cantes_by_trick.setdefault(cante.trick, []).append((cante.seat, cante.suit))
    for index, group in enumerate(_trick_groups(view)):
        table = 0
        led = CARD_SUIT[group[0][1]]
        for seat, card in group:
            if not legal_mask(hands[seat], table, led, view.trump) >> card & 1:
                return False
            hands[seat] ^= 1 << card
            table |= 1 << card
        for seat, suit in cantes_by_trick.get(index, []):
            if hands[seat] & CANTE_MASKS[suit] != CANTE_MASKS[suit]:
                return False
    return True


#: One seat's cards in a consistent deal, in display order.
Hand = tuple[Card, ...]
#: A consistent deal: the four hands as they stand now (the observer's own hand included).
Deal = tuple[Hand, Hand, Hand, Hand]


def _deal_of(world: World) -> Deal:
    a, b, c, d = (tuple(cards_of(mask)) for mask in world)
    return (a, b, c, d)


class ConsistentDeals:
    """The deals of the unseen cards that agree with everything one seat has seen.

    Build it with :func:`deals_consistent_with`. A deal gives every seat's cards *now* (a
    seat that sits out keeps its five dead cards). It agrees with the seat's own cards, the
    shown trump card, the cantes sung and every card played, including what each play proves
    a player did not hold (rules 4.1): the possible worlds a PIMC player samples.

    Each deal comes as four tuples of :class:`~cuatrola.core.cards.Card`, or, with the
    ``*_masks`` methods, as four card bitmasks (faster, for search code).

    A view does not record cante decisions that were not taken: whether a team was asked to
    sing after a trick (and declined), or not asked because it held no rey and caballo. So
    a deal may give a team a pair at a moment when, in the real hand, no cante window
    opened; a caller that replays the hand's actions on a deal (as the OpenSpiel game of
    :mod:`cuatrola.env` does) keeps the deals on which they replay alike.
    """

    __slots__ = ("knowledge", "view")

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.knowledge = Knowledge.from_view(view)

    def count(self) -> int:
        """The exact number of consistent deals (at least 1 for a view of a real hand)."""
        return self.knowledge.count()

    def __len__(self) -> int:
        return self.count()

    def __iter__(self) -> Iterator[Deal]:
        """Every consistent deal once (mind :meth:`count`: it may be in the hundreds of
        thousands at the start of a hand)."""
        return (_deal_of(world) for world in self.knowledge.worlds())

    def iter_masks(self) -> Iterator[World]:
        """Every consistent deal once, as four card bitmasks."""
        return self.knowledge.worlds()

    def sample(self, rng: random.Random) -> Deal:
        """One consistent deal drawn uniformly at random with ``rng``.

        Raises:
            ValueError: when no deal is consistent (a view that contradicts itself).
        """
        return _deal_of(self.knowledge.sample(rng))

    def sample_masks(self, rng: random.Random, n: int = 1) -> list[World]:
        """``n`` deals drawn uniformly and independently (repeats possible), as bitmasks.

        Raises:
            ValueError: when no deal is consistent.
        """
        if not self.knowledge.count():
            raise ValueError("no deal is consistent with this view")
        return self.knowledge._draw(rng, n)

    def is_consistent(self, deal: Sequence[Iterable[int | str] | int]) -> bool:
        """Whether ``deal`` (four hands, each cards, codes or a bitmask) agrees with everything
        seen; checked by replaying the hand's plays through the rules, independently of the
        counting."""
        world: list[int] = []
        for hand in deal:
            world.append(hand if isinstance(hand, int) else mask_of(hand))
        return len(world) == 4 and is_consistent(
            self.view, (world[0], world[1], world[2], world[3])
        )


def deals_consistent_with(view: SeatView) -> ConsistentDeals:
    """The deals of the unseen cards consistent with ``view`` (count, enumerate, sample).

    >>> import random
    >>> from cuatrola.core.hand import HandState
    >>> from cuatrola.core.rules import Rules
    >>> from cuatrola.core.views import view_for
    >>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(1))
    >>> deals = deals_consistent_with(view_for(state, 1))
    >>> deals.count()
    252252
    >>> deal = deals.sample(random.Random(5))
    >>> deal[1] == view_for(state, 1).hand, deals.is_consistent(deal)
    (True, True)
    """
    return ConsistentDeals(view)

"""Deals: the hands of the unseen cards that are consistent with what a seat has seen.

A *world* is one such deal as the four hands stand now (a ``tuple`` of four card bitmasks; a
seat that sits out holds its five dead cards). From a :class:`~cuatrola.core.views.SeatView`
a seat knows:

* its own cards;
* the dealer's shown trump card, while he still holds it (pinned to the dealer);
* the rey and caballo of every sung cante, until played (pinned to the singer);
* every card played, and by whom;
* what each seat *cannot* hold: replaying the public history through the obligations of
  docs/rules.md section 4.1, a card that did not follow, did not beat or did not over-trump
  says the player held no card that would have been obligatory (:func:`excluded_by_play`).
  Each such fact has the form "the hand at that moment held none of the cards X"; since the
  cards played since are public (and the real deal was legal), it reduces to "the hand now
  holds none of X".

:class:`Knowledge` collects these facts. Cards are grouped by the set of seats that may hold
them (at most 7 groups for 3 unknown seats), which gives the exact number of consistent
worlds by a small dynamic programme, an exhaustive enumeration when they are few and exact
uniform sampling otherwise.

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
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from cuatrola.core.cards import CANTE_MASKS, CARD_SUIT, FULL_DECK, SUIT_MASKS, iter_bits
from cuatrola.core.views import SeatView

#: One deal as the four hands stand now, as card bitmasks (seats 0 to 3).
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


def tricks_of(view: SeatView) -> list[list[tuple[int, int]]]:
    """The plays of each trick of the hand as ``(seat, card)``, in order (the trick on the
    table last, when it has started)."""
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
        for group in tricks_of(view):
            table = 0
            led = CARD_SUIT[group[0][1]]
            for seat, card in group:
                forbidden[seat] |= excluded_by_play(card, table, led, view.trump)
                table |= 1 << card
                played |= 1 << card
        known = [0, 0, 0, 0]
        known[me] = own
        if view.trump_held and view.dealer != me:
            known[view.dealer] |= 1 << view.shown_card
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
        return self.draw(rng, 1)[0]

    def sample_many(self, rng: random.Random, n: int) -> list[World]:
        """``n`` worlds: all of them when there are at most ``n``, else ``n`` uniform draws
        (with repetition possible; the draws of :meth:`draw`)."""
        total = self.count()
        if total <= n:
            return list(self.worlds())
        return self.draw(rng, n)

    def draw(self, rng: random.Random, n: int) -> list[World]:
        """``n`` worlds drawn uniformly and independently (repeats possible; at least one
        world must be consistent), the same draws as ``n`` calls of :meth:`sample`.

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

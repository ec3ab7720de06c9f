"""The public face of deal inference: :func:`deals_consistent_with` (``cuatrola.
deals_consistent_with``) and an independent consistency check.

:class:`ConsistentDeals` counts, enumerates and samples the deals of
:class:`~cuatrola.ai.knowledge.deals.Knowledge` as cards or bitmasks; :func:`is_consistent`
checks one deal against a view by replaying the hand through the rules, sharing no code
with the counting, so the tests can hold each against the other.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from cuatrola.ai.knowledge.deals import Knowledge, World, history_of, tricks_of
from cuatrola.core.cards import CANTE_MASKS, CARD_SUIT, FULL_DECK, Card, cards_of, mask_of
from cuatrola.core.tricks import legal_mask
from cuatrola.core.views import SeatView


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
    if not dealt[view.dealer] >> view.shown_card & 1:
        return False
    hands = list(dealt)
    cantes_by_trick: dict[int, list[tuple[int, int]]] = {}
    for cante in view.cantes:
        cantes_by_trick.setdefault(cante.trick, []).append((cante.seat, cante.suit))
    for index, group in enumerate(tricks_of(view)):
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
        if not isinstance(view, SeatView):
            # A PublicView has no own cards to start from: say so, not an AttributeError.
            raise TypeError(
                f"expected a seat's SeatView (view_for(state, seat)), got {type(view).__name__}"
            )
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
        return self.knowledge.draw(rng, n)

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

    Raises:
        TypeError: when ``view`` is not a :class:`SeatView` (a spectator's ``PublicView``).

    >>> import random
    >>> import cuatrola
    >>> state = cuatrola.HandState.deal(cuatrola.Rules(), dealer=0, rng=random.Random(1))
    >>> view = cuatrola.view_for(state, 1)
    >>> deals = deals_consistent_with(view)
    >>> deals.count()
    252252
    >>> deal = deals.sample(random.Random(5))
    >>> deal[1] == view.hand, deals.is_consistent(deal)
    (True, True)
    """
    return ConsistentDeals(view)

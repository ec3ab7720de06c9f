"""``greedy``: the rule-based play that peer programs ship; the baseline to beat.

These rules of thumb are also the expert's model of a rule-following opponent: its opponent
model (:mod:`cuatrola.ai.opponents`) and its search against rule followers
(:mod:`cuatrola.ai.search.exploit`, with a C twin in ``_solver.c``) replay
:func:`greedy_card` and :func:`bid_strength`.

* Card play: lead a side (non-trump) ace, else the cheapest card; give points to a partner
  who is winning the trick; otherwise win with the cheapest winning card, or throw the
  cheapest card when the trick cannot be won.
* Cantes: always sing (the rules put the 40 first).
* Bidding: simple thresholds on the number of trumps, the top trumps and the side aces,
  respecting the legal bids (a bid the seat may not make is never considered).

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(4))
>>> player = GreedyPlayer()
>>> while not state.is_finished:
...     state.apply(player.choose(view_for(state, state.to_move), random.Random(0)))
>>> state.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cuatrola.core.actions import BID_BASE, CANTE_BASE, NO_CANTE, bid_action, is_card_action
from cuatrola.core.cards import CARD_POINTS, CARD_SUIT, SUIT_MASKS, Rank, iter_bits, mask_of
from cuatrola.core.hand import Phase
from cuatrola.core.rules import Contract
from cuatrola.core.tricks import winning_card
from cuatrola.core.views import SeatView


def cheapness(card: int, trump: int) -> tuple[int, int, int]:
    """A sort key: cheaper cards first (a non-trump before a trump, fewer points, weaker)."""
    return (int(CARD_SUIT[card] == trump), CARD_POINTS[card], -(card % 5))


def wins_trick(card: int, table: int, led: int, trump: int) -> bool:
    """Whether ``card`` added to ``table`` (the cards already played) is winning the trick."""
    if not table:
        return True
    return winning_card(table | 1 << card, led, trump) == card


def bid_strength(hand: int, trump: int) -> Contract:
    """The highest contract the greedy thresholds find worth bidding with ``hand``.

    * quintola: five trumps with the as and the tres, or four with as, tres and rey plus a
      side as;
    * cuatrola: four trumps with the as and the tres, or three with as, tres and rey plus
      two side aces;
    * solo: three trumps with the as or the tres and a side as (or four trumps), or two
      trumps with as and tres and two side aces.
    """
    base = trump * 5
    trumps = hand & SUIT_MASKS[trump]
    count = trumps.bit_count()
    has_as = bool(trumps >> (base + Rank.AS) & 1)
    has_tres = bool(trumps >> (base + Rank.TRES) & 1)
    has_rey = bool(trumps >> (base + Rank.REY) & 1)
    side_aces = sum(1 for s in range(4) if s != trump and hand >> (s * 5 + Rank.AS) & 1)
    top_two = has_as and has_tres
    if (count == 5 and top_two) or (count == 4 and top_two and has_rey and side_aces >= 1):
        return Contract.QUINTOLA
    if (count >= 4 and top_two) or (count == 3 and top_two and has_rey and side_aces >= 2):
        return Contract.CUATROLA
    if (count >= 3 and (has_as or has_tres) and (side_aces >= 1 or count >= 4)) or (
        count == 2 and top_two and side_aces >= 2
    ):
        return Contract.SOLO
    return Contract.PASS


class GreedyPlayer:
    """The rule-based baseline (see the module docstring)."""

    name = "greedy"

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """A legal action by the greedy rules (deterministic; ``rng`` and ``budget`` unused).

        Raises:
            ValueError: when the view offers no legal action (not this seat's turn).
        """
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if view.phase is Phase.BIDDING:
            return choose_bid(view)
        if view.phase is Phase.CANTE:
            return choose_cante(view)
        return choose_card(view)


def choose_bid(view: SeatView) -> int:
    """The greedy bid: the highest legal bid not above the hand's strength, else pass."""
    wanted = bid_strength(mask_of(view.hand), view.trump)
    legal = set(view.legal_actions)
    for contract in sorted(Contract, reverse=True):
        if contract <= wanted and contract is not Contract.PASS:
            action = bid_action(contract)
            if action in legal:
                return action
    return BID_BASE


def choose_cante(view: SeatView) -> int:
    """Sing whenever possible, the trump (40) first."""
    cantes = [a for a in view.legal_actions if CANTE_BASE <= a < NO_CANTE]
    if not cantes:
        return NO_CANTE
    trump_cante = CANTE_BASE + view.trump
    return trump_cante if trump_cante in cantes else cantes[0]


def choose_card(view: SeatView) -> int:
    """The greedy card (see the module docstring)."""
    legal = 0
    for action in view.legal_actions:
        if is_card_action(action):
            legal |= 1 << action
    return greedy_card(legal, [(s, int(c)) for s, c in view.trick], view.seat, view.trump)


def greedy_card(legal: int, trick: Sequence[tuple[int, int]], seat: int, trump: int) -> int:
    """The greedy card among the ``legal`` cards (a bitmask) when ``trick`` holds the
    ``(seat, card)`` plays so far; also the opponent model of the expert player."""
    cards = list(iter_bits(legal))
    if not trick:
        side_aces = [c for c in cards if c % 5 == Rank.AS and CARD_SUIT[c] != trump]
        if side_aces:
            return side_aces[0]
        return min(cards, key=lambda c: cheapness(c, trump))
    table = 0
    for _, card in trick:
        table |= 1 << card
    led = CARD_SUIT[trick[0][1]]
    best = winning_card(table, led, trump)
    winner = next(s for s, c in trick if c == best)
    if (winner ^ seat) & 1 == 0:  # the winner is on the seat's team
        # Partner is winning: add points, but do not spend a trump for it.
        return max(cards, key=lambda c: (CARD_SUIT[c] != trump, CARD_POINTS[c], -(c % 5)))
    winning = [c for c in cards if wins_trick(c, table, led, trump)]
    if winning:
        return min(winning, key=lambda c: cheapness(c, trump))
    return min(cards, key=lambda c: cheapness(c, trump))


__all__ = [
    "GreedyPlayer",
    "bid_strength",
    "cheapness",
    "choose_bid",
    "choose_cante",
    "choose_card",
    "greedy_card",
    "wins_trick",
]

"""Hints: the expert's move for a seat's own view, and a one-line reason for it.

A hint (:func:`hint_action`) is the ``expert`` player's choice
(:mod:`cuatrola.ai.players.expert`) for the seat's :class:`~cuatrola.core.views.SeatView`,
searched without a time budget, with a memory of its own, from a seed that :func:`hint_seed`
derives from the table and the decision, so the same decision always gets the same hint and
a test can ask the expert the same question. :func:`hint_reason` says why
in a key the clients translate, read from the position and the move alone (it never sees
another seat's cards either):

=================  =========================================================
``bid``            a bid: the hand is strong enough for that contract
``pass``           passing: no contract is worth the risk
``sing``           singing the cante (a cante only adds points)
``no_cante``       not singing
``only_card``      the only card the rules allow
``leads_trump``    leading a trump, to draw the opponents' trumps
``leads_winner``   leading the highest card left in its suit
``leads_low``      leading a low card, keeping the strong ones
``trumps``         trumping a trick of another suit to win it
``wins_trick``     winning the trick so far
``gives_points``   the partner is winning the trick: giving him points
``partner_wins``   the partner is winning the trick: playing low
``plays_low``      the trick cannot be won well: playing low, keeping the strong cards
=================  =========================================================
"""

from __future__ import annotations

import hashlib
import random
from typing import Final

from cuatrola.ai.analysis import analysis_expert
from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.search.solver import backend
from cuatrola.core.actions import (
    NO_CANTE,
    is_bid_action,
    is_cante_action,
    is_card_action,
    parse_action,
)
from cuatrola.core.cards import CARD_POINTS, CARD_SUIT, SUIT_MASKS
from cuatrola.core.hand import Phase
from cuatrola.core.tricks import winning_card
from cuatrola.core.views import SeatView

HINT_LEVEL: Final = "expert"
"""The computer player whose move a hint shows."""

REASONS: Final = (
    "bid",
    "pass",
    "sing",
    "no_cante",
    "only_card",
    "leads_trump",
    "leads_winner",
    "leads_low",
    "trumps",
    "wins_trick",
    "gives_points",
    "partner_wins",
    "plays_low",
)
"""Every reason :func:`hint_reason` may give (the clients' catalogue keys ``hint.<reason>``)."""

_GENEROUS: Final = 10
"""Card points from which a card given to the partner's trick counts as giving points."""


def hint_action(view: SeatView, seed: int) -> int:
    """The hint's move: the expert's choice for ``view`` from ``seed``, without a time budget
    and with a memory of its own (the expert's searched opponent model otherwise remembers
    answers from earlier decisions of the same process, which would make the same question
    get another answer: see :func:`~cuatrola.ai.analysis.analysis_expert`)."""
    player = analysis_expert(ExpertConfig.for_backend(backend()))
    action = player.choose(view, random.Random(seed), None)
    return action if action in view.legal_actions else view.legal_actions[0]


def hint_seed(table: str, turn: int) -> int:
    """The expert's seed for decision ``turn`` of ``table``: the same question, the same hint.

    >>> hint_seed("t-1", 3) == hint_seed("t-1", 3) != hint_seed("t-1", 4)
    True
    """
    digest = hashlib.blake2b(f"{table}:{turn}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hint_reason(view: SeatView, action: int | str) -> str:
    """Why ``action`` is a good move for ``view``'s seat, as one of :data:`REASONS`.

    Raises:
        InvalidActionError: ``action`` is not an action.
    """
    action = parse_action(action)
    if view.phase is Phase.BIDDING and is_bid_action(action):
        return "pass" if action == parse_action("pass") else "bid"
    if view.phase is Phase.CANTE:
        return "no_cante" if action == NO_CANTE or not is_cante_action(action) else "sing"
    if not is_card_action(action):  # pragma: no cover - the expert answers the phase asked
        return "only_card"
    if len(view.legal_cards) == 1:
        return "only_card"
    if not view.trick:
        return _lead_reason(view, action)
    return _follow_reason(view, action)


def _lead_reason(view: SeatView, card: int) -> str:
    suit = CARD_SUIT[card]
    if suit == view.trump:
        return "leads_trump"
    unseen_stronger = SUIT_MASKS[suit] & ((1 << card) - 1) & ~view.played
    for held in view.hand:
        unseen_stronger &= ~(1 << held)
    return "leads_winner" if not unseen_stronger else "leads_low"


def _follow_reason(view: SeatView, card: int) -> str:
    trick = 0
    for _, played in view.trick:
        trick |= 1 << played
    led = CARD_SUIT[view.trick[0][1]]
    if winning_card(trick | 1 << card, led, view.trump) == card:
        return "trumps" if CARD_SUIT[card] == view.trump != led else "wins_trick"
    best = winning_card(trick, led, view.trump)
    leader = next(seat for seat, played in view.trick if played == best)
    if view.is_partner(leader):
        return "gives_points" if CARD_POINTS[card] >= _GENEROUS else "partner_wins"
    return "plays_low"


__all__ = ["HINT_LEVEL", "REASONS", "hint_action", "hint_reason", "hint_seed"]

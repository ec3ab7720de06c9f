"""A fixed-size numeric encoding of a seat's view, its action mask and information state.

Everything here reads only a :class:`~cuatrola.core.views.SeatView` (what the seat may know),
so a learning agent sees no hidden card. Seats are *relative* to the observer: 0 is the seat
itself, 1 the next seat in playing order, 2 the partner, 3 the seat before. docs/env.md lists
the layout; :data:`OBSERVATION_LAYOUT` is that list in code.

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> view = view_for(HandState.deal(Rules(), dealer=3, rng=random.Random(1)), 0)
>>> observation(view).shape, int(observation(view)[:20].sum())
((273,), 5)
>>> action_mask(view).tolist()[20:24]
[1, 1, 1, 1]
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cuatrola.core.actions import NUM_ACTIONS, format_action
from cuatrola.core.cards import CARD_CODES, NUM_CARDS
from cuatrola.core.hand import Phase
from cuatrola.core.views import SeatView

#: ``(name, size)`` of each block of :func:`observation`, in order.
OBSERVATION_LAYOUT: Final = (
    ("hand", NUM_CARDS),  # the seat's own cards
    ("played_by", 4 * NUM_CARDS),  # cards each relative seat played in completed tricks
    ("trick", 4 * NUM_CARDS),  # the current trick's card of each relative seat
    ("trump_suit", 4),  # one-hot
    ("trump_card", NUM_CARDS),  # the dealer's shown card while he holds it
    ("dealer", 4),  # relative seat, one-hot
    ("mano", 4),  # relative seat, one-hot
    ("phase", 4),  # bidding, play, cante, finished
    ("contract", 4),  # pass (plain), solo, cuatrola, quintola
    ("bidder", 5),  # relative seat, or the last slot when nobody bid
    ("sitting_out", 5),  # relative seat, or the last slot when nobody sits out
    ("bids", 4 * 5),  # per relative seat: not spoken yet, pass, solo, cuatrola, quintola
    ("cantes", 4 * 2),  # per suit: sung, sung by the observer's team
    ("tricks_won", 2),  # observer's team, other team; / 5
    ("card_points", 2),  # observer's team, other team; / 130
    ("card_counts", 4),  # cards held per relative seat; / 5
    ("score_before", 2),  # match score before the hand, observer's team first; / 21
    ("to_move", 5),  # relative seat, or the last slot when the hand is over
)
OBSERVATION_SIZE: Final = sum(size for _, size in OBSERVATION_LAYOUT)
_OFFSETS: Final = {}
_at = 0
for _name, _size in OBSERVATION_LAYOUT:
    _OFFSETS[_name] = _at
    _at += _size


def _relative(seat: int, observer: int) -> int:
    return (seat - observer) % 4


def observation(view: SeatView) -> npt.NDArray[np.float32]:
    """The view as a vector of :data:`OBSERVATION_SIZE` floats in [0, 1] (see the layout)."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    me = view.seat
    us = me & 1
    at = _OFFSETS
    for card in view.hand:
        out[at["hand"] + card] = 1
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            out[at["played_by"] + _relative(seat, me) * NUM_CARDS + card] = 1
    for seat, card in view.trick:
        out[at["trick"] + _relative(seat, me) * NUM_CARDS + card] = 1
    out[at["trump_suit"] + int(view.trump)] = 1
    if view.trump_card is not None:
        out[at["trump_card"] + view.trump_card] = 1
    out[at["dealer"] + _relative(view.dealer, me)] = 1
    out[at["mano"] + _relative(view.mano, me)] = 1
    out[at["phase"] + int(view.phase)] = 1
    if view.phase is not Phase.BIDDING:
        out[at["contract"] + int(view.contract)] = 1
    out[at["bidder"] + (4 if view.bidder is None else _relative(view.bidder, me))] = 1
    out[
        at["sitting_out"] + (4 if view.sitting_out is None else _relative(view.sitting_out, me))
    ] = 1
    for index, bid in enumerate(view.bids):
        seat = (view.mano + index) % 4
        out[at["bids"] + _relative(seat, me) * 5 + 1 + int(bid)] = 1
    for seat in range(4):
        if not any((view.mano + i) % 4 == seat for i in range(len(view.bids))):
            out[at["bids"] + _relative(seat, me) * 5] = 1
    for cante in view.cantes:
        out[at["cantes"] + 2 * cante.suit] = 1
        out[at["cantes"] + 2 * cante.suit + 1] = float(cante.seat & 1 == us)
    out[at["tricks_won"]] = view.tricks_won[us] / 5
    out[at["tricks_won"] + 1] = view.tricks_won[1 - us] / 5
    out[at["card_points"]] = view.card_points[us] / 130
    out[at["card_points"] + 1] = view.card_points[1 - us] / 130
    for seat in range(4):
        out[at["card_counts"] + _relative(seat, me)] = view.card_counts[seat] / 5
    out[at["score_before"]] = min(view.score_before[us], 21) / 21
    out[at["score_before"] + 1] = min(view.score_before[1 - us], 21) / 21
    out[at["to_move"] + (4 if view.to_move is None else _relative(view.to_move, me))] = 1
    return out


def action_mask(view: SeatView) -> npt.NDArray[np.int8]:
    """1 for each of the :data:`~cuatrola.core.actions.NUM_ACTIONS` action ids the seat may
    take now (all 0 when it is not its turn)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for action in view.legal_actions:
        mask[action] = 1
    return mask


def information_state(
    view: SeatView, dealt: tuple[int, ...], shown: int, history: list[int]
) -> str:
    """What the seat has seen, as a string that is the same for every deal it cannot tell
    apart: its seat, the dealer, the shown card, its own dealt cards and every action so far
    (bids, cards, cantes are all public), in order.

    Args:
        view: the seat's view now.
        dealt: the seat's five dealt card ids.
        shown: the dealer's shown card.
        history: every action id applied in the hand, in order.
    """
    cards = " ".join(CARD_CODES[c] for c in sorted(dealt))
    actions = " ".join(format_action(a) for a in history)
    return (
        f"seat {view.seat} dealer {view.dealer} shown {CARD_CODES[shown]} "
        f"dealt {cards} score {view.score_before[0]}-{view.score_before[1]} | {actions}"
    )


__all__ = [
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "action_mask",
    "information_state",
    "observation",
]

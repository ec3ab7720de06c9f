"""Turn the protocol's :class:`~cuatrola.protocol.messages.HandView` back into a core view.

The server sends each seat a wire form of its own :class:`~cuatrola.core.views.SeatView`
(docs/protocol.md, HANDVIEW). Rebuilding the core value lets the online client draw the table
with exactly the code the offline client uses. The conversion is the inverse of
:func:`cuatrola.protocol.hand_view`:

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> from cuatrola.protocol import hand_view
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(3))
>>> view = view_for(state, 1)
>>> seat_view_from_wire(hand_view(view), Rules(), seat=1) == view
True
"""

from __future__ import annotations

from cuatrola.core.actions import parse_action
from cuatrola.core.cards import Card, Suit
from cuatrola.core.hand import Cante, HandResult, Obligation, Phase, Trick
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol.messages import CanteInfo, HandView


def _cante(info: CanteInfo) -> Cante:
    return Cante(
        trick=info.trick, seat=info.seat, suit=int(Suit.parse(info.suit)), points=info.points
    )


def seat_view_from_wire(wire: HandView, rules: Rules, seat: int) -> SeatView:
    """The core :class:`SeatView` that ``wire`` encodes, for ``seat``.

    Args:
        wire: the hand view received from the server.
        rules: the table's rules (a hand view does not repeat them).
        seat: the receiving seat (used when the view is a spectator's, ``wire.seat`` null).

    Raises:
        ValueError: when the view holds something that is not a card, bid, suit or phase.
    """
    summary = wire.summary
    result: HandResult | None = None
    dead: tuple[Card, ...] | None = None
    if summary is not None:
        result = HandResult(
            contract=Contract.parse(summary.contract),
            bidder=summary.bidder,
            trick_winners=tuple(summary.trick_winners),
            cantes=tuple(_cante(c) for c in summary.cantes),
            points=(summary.points[0], summary.points[1]),
            tricks=(summary.tricks[0], summary.tricks[1]),
            winner=summary.winner,
            game_points=summary.game_points,
            score_before=(summary.score_before[0], summary.score_before[1]),
            score_after=(summary.score_after[0], summary.score_after[1]),
        )
        if summary.dead_hand is not None:
            dead = tuple(Card(c) for c in summary.dead_hand)
    try:
        phase = Phase[wire.phase.upper()]
    except KeyError:
        raise ValueError(f"unknown hand phase {wire.phase!r}") from None
    counts = wire.card_counts
    return SeatView(
        rules=rules,
        dealer=wire.dealer,
        mano=wire.mano,
        score_before=(wire.score_before[0], wire.score_before[1]),
        phase=phase,
        to_move=wire.to_move,
        trump=Suit.parse(wire.trump),
        shown_card=Card(wire.shown_card),
        trump_held=wire.trump_held,
        bids=tuple(Contract.parse(b) for b in wire.bids),
        contract=Contract.parse(wire.contract),
        bidder=wire.bidder,
        sitting_out=wire.sitting_out,
        leader=wire.leader,
        trick=tuple((s, Card(c)) for s, c in wire.trick),
        tricks=tuple(
            Trick(
                leader=t.leader,
                seats=tuple(t.seats),
                cards=tuple(Card(c) for c in t.cards),
                winner=t.winner,
            )
            for t in wire.tricks
        ),
        cantes=tuple(_cante(c) for c in wire.cantes),
        card_counts=(counts[0], counts[1], counts[2], counts[3]),
        tricks_won=(wire.tricks_won[0], wire.tricks_won[1]),
        card_points=(wire.card_points[0], wire.card_points[1]),
        result=result,
        dead_hand=dead,
        seat=wire.seat if wire.seat is not None else seat,
        hand=tuple(Card(c) for c in wire.hand),
        legal_actions=tuple(sorted(parse_action(a) for a in wire.legal)),
        obligation=_obligation(wire),
    )


def _obligation(wire: HandView) -> Obligation | None:
    # Every card a seat may not play is ruled out by the same obligation.
    if not wire.illegal:
        return None
    first = wire.illegal[0]
    return Obligation(first.reason, int(Suit.parse(first.suit)))

"""What one recipient sees of a hand, on the wire: :class:`HandView`, defined once both ways.

A :class:`HandView` is the wire form of a core :class:`~cuatrola.core.views.SeatView` (a
seated player: ``seat``, ``hand``, ``legal`` and ``illegal`` filled) or
:class:`~cuatrola.core.views.PublicView` (spectators: ``seat`` is ``None``, ``hand`` empty).
It has no field for another seat's cards. Each public field is listed once, in
:data:`_FIELDS`, with how it is encoded and decoded, so :func:`hand_view` (the server) and
:func:`view_from_wire` (the clients) cannot drift apart:

>>> import random
>>> from cuatrola.core.hand import HandState
>>> from cuatrola.core.rules import Rules
>>> from cuatrola.core.views import view_for
>>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(3))
>>> view = view_for(state, 1)
>>> view_from_wire(hand_view(view), Rules(), seat=1) == view
True
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec

from cuatrola.core.actions import format_action, parse_action
from cuatrola.core.cards import CARD_CODES, SUIT_LETTERS, Card, Suit
from cuatrola.core.hand import Cante, HandResult, HandState, Obligation, Phase, Trick
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import PublicView, SeatPart, SeatView, public_fields


class TrickInfo(msgspec.Struct, frozen=True, array_like=False):
    """A completed trick: who led, seats and cards in order (codes), and the winner."""

    leader: int
    seats: list[int]
    cards: list[str]
    winner: int


class CanteInfo(msgspec.Struct, frozen=True):
    """A sung cante: after trick ``trick`` (0-4), by ``seat``, suit letter, 20 or 40."""

    trick: int
    seat: int
    suit: str
    points: int


class HandSummary(msgspec.Struct, frozen=True):
    """A finished hand's outcome, with the revealed dead hand (docs/rules.md section 6).

    ``points`` are the hand points per team: ``card_points`` + 10 for the team of
    ``last_trick`` + ``cante_points``.
    """

    contract: str
    bidder: int | None
    points: tuple[int, int]
    tricks: tuple[int, int]
    trick_winners: list[int]
    cantes: list[CanteInfo]
    winner: int
    game_points: int
    score_before: tuple[int, int]
    score_after: tuple[int, int]
    sitting_out: int | None
    dead_hand: list[str] | None
    card_points: tuple[int, int] = (0, 0)
    last_trick: int = 0
    cante_points: tuple[int, int] = (0, 0)


class IllegalCard(msgspec.Struct, frozen=True):
    """A held card that may not be played now, and why (a key clients translate).

    ``reason`` is an :class:`~cuatrola.core.hand.Obligation` reason (``follow_suit``,
    ``follow_suit_beat``, ``over_trump``, ``must_trump``); ``suit`` its suit letter (the led
    suit, or the trump suit for the trump reasons).
    """

    card: str
    reason: str
    suit: str


class HandView(msgspec.Struct, frozen=True):
    """The hand as one recipient may see it: a wire form of a core view.

    Built only by :func:`hand_view` from a core view (see the module docstring).
    """

    phase: str
    dealer: int
    mano: int
    score_before: tuple[int, int]
    to_move: int | None
    trump: str
    shown_card: str
    trump_held: bool
    bids: list[str]
    contract: str
    bidder: int | None
    sitting_out: int | None
    leader: int
    trick: list[tuple[int, str]]
    tricks: list[TrickInfo]
    cantes: list[CanteInfo]
    card_counts: tuple[int, int, int, int]
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    summary: HandSummary | None
    seat: int | None = None
    hand: list[str] = msgspec.field(default_factory=list)
    legal: list[str] = msgspec.field(default_factory=list)
    illegal: list[IllegalCard] = msgspec.field(default_factory=list)


def _cante(trick: int, seat: int, suit: int, points: int) -> CanteInfo:
    return CanteInfo(trick=trick, seat=seat, suit=SUIT_LETTERS[suit], points=points)


def _cante_from_wire(info: CanteInfo) -> Cante:
    return Cante(
        trick=info.trick, seat=info.seat, suit=int(Suit.parse(info.suit)), points=info.points
    )


def _cante_points(cantes: Sequence[Cante]) -> tuple[int, int]:
    points = [0, 0]
    for cante in cantes:
        points[cante.seat % 2] += cante.points
    return points[0], points[1]


def _pair(value: Sequence[int]) -> tuple[int, int]:
    return (value[0], value[1])


def _same(value: Any) -> Any:
    return value


def _phase_from_wire(label: str) -> Phase:
    try:
        return Phase[label.upper()]
    except KeyError:
        raise ValueError(f"unknown hand phase {label!r}") from None


def _trick_info(trick: Trick) -> TrickInfo:
    cards = [CARD_CODES[c] for c in trick.cards]  # str(Card) without a method call per card
    return TrickInfo(leader=trick.leader, seats=list(trick.seats), cards=cards, winner=trick.winner)


def _trick(info: TrickInfo) -> Trick:
    cards = tuple(Card(c) for c in info.cards)
    return Trick(leader=info.leader, seats=tuple(info.seats), cards=cards, winner=info.winner)


_Codec = tuple[str, Callable[[Any], Any], Callable[[Any], Any]]

#: Every public field of a view: its name (the same in the core view and on the wire), how it
#: is encoded for the wire and how a client decodes it back.
_FIELDS: Final[tuple[_Codec, ...]] = (
    ("phase", lambda p: p.label, _phase_from_wire),
    ("dealer", _same, _same),
    ("mano", _same, _same),
    ("score_before", _same, _pair),
    ("to_move", _same, _same),
    ("trump", lambda t: SUIT_LETTERS[t], Suit.parse),
    ("shown_card", str, Card),
    ("trump_held", _same, _same),
    ("bids", lambda bids: [b.label for b in bids], lambda w: tuple(Contract.parse(b) for b in w)),
    ("contract", lambda c: c.label, Contract.parse),
    ("bidder", _same, _same),
    ("sitting_out", _same, _same),
    ("leader", _same, _same),
    (
        "trick",
        lambda t: [(s, CARD_CODES[c]) for s, c in t],
        lambda w: tuple((s, Card(c)) for s, c in w),
    ),
    ("tricks", lambda ts: [_trick_info(t) for t in ts], lambda w: tuple(_trick(t) for t in w)),
    (
        "cantes",
        lambda cs: [_cante(c.trick, c.seat, c.suit, c.points) for c in cs],
        lambda w: tuple(_cante_from_wire(c) for c in w),
    ),
    ("card_counts", _same, lambda w: (w[0], w[1], w[2], w[3])),
    ("tricks_won", _same, _pair),
    ("card_points", _same, _pair),
)


_public_values: Final = operator.attrgetter(*(name for name, _, _ in _FIELDS))
_public_items: Final = operator.itemgetter(*(name for name, _, _ in _FIELDS))
_ENCODERS: Final = tuple(None if encode is _same else encode for _, encode, _ in _FIELDS)


def _summary(
    result: HandResult | None,
    sitting_out: int | None,
    dead_hand: tuple[Card, ...] | None,
    card_points: tuple[int, int],
) -> HandSummary | None:
    r = result
    if r is None:
        return None
    return HandSummary(
        contract=r.contract.label,
        bidder=r.bidder,
        points=r.points,
        tricks=r.tricks,
        trick_winners=list(r.trick_winners),
        cantes=[_cante(c.trick, c.seat, c.suit, c.points) for c in r.cantes],
        winner=r.winner,
        game_points=r.game_points,
        score_before=r.score_before,
        score_after=r.score_after,
        sitting_out=sitting_out,
        dead_hand=[str(c) for c in dead_hand] if dead_hand is not None else None,
        card_points=card_points,
        last_trick=r.trick_winners[-1] % 2,
        cante_points=_cante_points(r.cantes),
    )


def _result(summary: HandSummary | None) -> tuple[HandResult | None, tuple[Card, ...] | None]:
    if summary is None:
        return None, None
    result = HandResult(
        contract=Contract.parse(summary.contract),
        bidder=summary.bidder,
        trick_winners=tuple(summary.trick_winners),
        cantes=tuple(_cante_from_wire(c) for c in summary.cantes),
        points=_pair(summary.points),
        tricks=_pair(summary.tricks),
        winner=summary.winner,
        game_points=summary.game_points,
        score_before=_pair(summary.score_before),
        score_after=_pair(summary.score_after),
    )
    dead = tuple(Card(c) for c in summary.dead_hand) if summary.dead_hand is not None else None
    return result, dead


def _illegal_cards(
    obligation: Obligation | None, hand: list[str], legal: list[str]
) -> list[IllegalCard]:
    if obligation is None:
        return []
    suit = SUIT_LETTERS[obligation.suit]
    return [IllegalCard(card, obligation.reason, suit) for card in hand if card not in legal]


def _obligation(wire: HandView) -> Obligation | None:
    # Every card a seat may not play is ruled out by the same obligation.
    if not wire.illegal:
        return None
    first = wire.illegal[0]
    return Obligation(first.reason, Suit.parse(first.suit))


def hand_view(view: PublicView) -> HandView:
    """The wire form of a core view (a :class:`SeatView` keeps its own hand and legal moves).

    >>> import random
    >>> from cuatrola.core.hand import HandState
    >>> from cuatrola.core.rules import Rules
    >>> from cuatrola.core.views import public_view
    >>> state = HandState.deal(Rules(), dealer=0, rng=random.Random(3))
    >>> wire = hand_view(public_view(state))
    >>> wire.phase, wire.seat, wire.hand, wire.card_counts
    ('bidding', None, [], (5, 5, 5, 5))

    Raises:
        TypeError: when ``view`` is not a core view.
    """
    if not isinstance(view, PublicView):
        raise TypeError(f"expected a SeatView or PublicView, got {type(view).__name__}")
    summary = _summary(view.result, view.sitting_out, view.dead_hand, view.card_points)
    public = _public_wire(_public_values(view), summary)
    return with_seat(public, view) if isinstance(view, SeatView) else public


def public_hand_view(state: HandState) -> HandView:
    """``hand_view(public_view(state))``, made from :func:`~cuatrola.core.views.public_fields`
    without the core view in between: the server makes one for every event of a hand and
    shares it among the event's recipients (a test holds the two equal)."""
    fields = public_fields(state)
    summary = _summary(
        fields["result"],  # type: ignore[arg-type]
        fields["sitting_out"],  # type: ignore[arg-type]
        fields["dead_hand"],  # type: ignore[arg-type]
        fields["card_points"],  # type: ignore[arg-type]
    )
    return _public_wire(_public_items(fields), summary)


def _public_wire(values: Sequence[Any], summary: HandSummary | None) -> HandView:
    """A spectator's :class:`HandView` from the public fields' core values in the order of
    :data:`_FIELDS`."""
    # Positional, in the order of HandView's fields (a test holds _FIELDS to that order):
    # this runs once per event on the server's hot path.
    encoded = [
        value if enc is None else enc(value) for value, enc in zip(values, _ENCODERS, strict=True)
    ]
    return HandView(*encoded, summary=summary)  # type: ignore[misc]


class SeatFields(msgspec.Struct, frozen=True):
    """The fields of a :class:`HandView` that are one seat's own, alone and in the same order
    (a spectator's are the defaults). :class:`~cuatrola.protocol.codec.SeatedFrames` encodes
    them into a public frame encoded once for every seat; a test holds them equal to the last
    fields of :class:`HandView`."""

    seat: int | None = None
    hand: list[str] = msgspec.field(default_factory=list)
    legal: list[str] = msgspec.field(default_factory=list)
    illegal: list[IllegalCard] = msgspec.field(default_factory=list)


def seat_fields(own: SeatView | SeatPart) -> SeatFields:
    """The wire form of a seat's own cards and legal moves (pass ``seat_part(state, seat)``
    or a :class:`SeatView`).

    Raises:
        TypeError: when ``own`` is neither a :class:`SeatView` nor a :class:`SeatPart`.
    """
    if not isinstance(own, (SeatView, SeatPart)):
        raise TypeError(f"expected a SeatView or SeatPart, got {type(own).__name__}")
    hand = [CARD_CODES[c] for c in own.hand]  # runs per recipient of every hand event
    legal = [format_action(a) for a in own.legal_actions]
    return SeatFields(own.seat, hand, legal, _illegal_cards(own.obligation, hand, legal))


def with_seat(public: HandView, own: SeatView | SeatPart) -> HandView:
    """``public`` (the :func:`hand_view` of the same state's public view) completed with a
    seat's own cards and legal moves: equal to ``hand_view(view_for(state, seat))``, built
    faster when one public view is shared by several recipients (pass
    ``seat_part(state, seat)``).

    Raises:
        TypeError: when ``own`` is neither a :class:`SeatView` nor a :class:`SeatPart`.
    """
    fields = seat_fields(own)
    return msgspec.structs.replace(
        public, seat=fields.seat, hand=fields.hand, legal=fields.legal, illegal=fields.illegal
    )


def view_from_wire(wire: HandView, rules: Rules, seat: int) -> SeatView:
    """The core :class:`SeatView` that ``wire`` encodes, for ``seat`` (the inverse of
    :func:`hand_view`, so a client draws the table with the code the offline client uses).

    Args:
        wire: the hand view received from the server.
        rules: the table's rules (a hand view does not repeat them).
        seat: the receiving seat (used when the view is a spectator's, ``wire.seat`` null).

    Raises:
        ValueError: when the view holds something that is not a card, bid, suit or phase.
    """
    result, dead = _result(wire.summary)
    return SeatView(
        rules=rules,
        **{name: decode(getattr(wire, name)) for name, _, decode in _FIELDS},
        result=result,
        dead_hand=dead,
        seat=wire.seat if wire.seat is not None else seat,
        hand=tuple(Card(c) for c in wire.hand),
        legal_actions=tuple(sorted(parse_action(a) for a in wire.legal)),
        obligation=_obligation(wire),
    )


__all__ = [
    "CanteInfo",
    "HandSummary",
    "HandView",
    "IllegalCard",
    "SeatFields",
    "TrickInfo",
    "hand_view",
    "public_hand_view",
    "seat_fields",
    "view_from_wire",
    "with_seat",
]

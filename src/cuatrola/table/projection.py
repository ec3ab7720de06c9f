"""What a table's followers receive: each event projected for one recipient, and replays.

The table keeps its events as :class:`~cuatrola.table.events.PublicEvent` (one body for
everybody) and :class:`~cuatrola.table.events.HandEvent` (a hand and a point in its
history). This module builds a recipient's copy of an event at send time, from
:func:`~cuatrola.core.views.view_for` (a seat) or :func:`~cuatrola.core.views.public_view`
(a spectator), so that no copy carries another seat's cards; :class:`EventFrames` encodes a
broadcast's copies, the public part of a hand event once for all of them. It also plays old
hands forward for a reconnection's replay.
:class:`~cuatrola.table.table.Table` answers ``project``, ``frames``, ``replay``,
``events_since`` and ``current_view`` with these; they read the table and change nothing
but the cache of the last public view.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import msgspec

from cuatrola.core.cards import cards_of
from cuatrola.core.hand import HandState
from cuatrola.core.views import PublicView, SeatPart, public_view, seat_part, view_for
from cuatrola.protocol.codec import SeatedFrames, encode
from cuatrola.protocol.ids import UserId
from cuatrola.protocol.messages import (
    Acted,
    CantesOver,
    ChatSaid,
    Clock,
    Dealt,
    Event,
    EventBody,
    SeatsChanged,
)
from cuatrola.protocol.views import (
    HandView,
    SeatFields,
    hand_view,
    public_hand_view,
    seat_fields,
    with_seat,
)
from cuatrola.table.cantes import window_view
from cuatrola.table.chat import MutedChat
from cuatrola.table.events import HandEvent, HandEventKind, PublicEvent, TableEvent

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def project(
    table: Table,
    event: TableEvent,
    seat: int | None,
    muted: MutedChat = frozenset(),
    clock: Clock | None = None,
    user: UserId | None = None,
) -> Event:
    """The copy of ``event`` for ``user`` (``None``: unknown), a recipient at ``seat``
    (``None``: a spectator) who has muted the chat of ``muted`` (seats, ``None`` for the
    spectators), carrying ``clock``."""
    if isinstance(event, PublicEvent):
        return project_public(table, event, seat, muted, clock, user)
    state = hand_at(table.hands, event.hand, event.step)
    return project_hand(table, event, state, seat, clock)


def replay(
    table: Table,
    events: list[TableEvent],
    seat: int | None,
    muted: MutedChat = frozenset(),
    user: UserId | None = None,
) -> list[Event]:
    """The copies of ``events`` (in order) for one recipient (``user``, as :func:`project`):
    what a reconnection gets.

    Each old hand is played forward once for the whole replay, not rebuilt from its deal
    for every event.
    """
    frames = []
    states = states_along(table.hands, events)
    for event in events:
        if isinstance(event, PublicEvent):
            frames.append(project_public(table, event, seat, muted, user=user))
        else:
            frames.append(project_hand(table, event, next(states), seat))
    return frames


def events_since(table: Table, since: int) -> list[TableEvent] | None:
    """The events after ``since``, or ``None`` when they are not all kept (send a sync)."""
    if since > table.seq:
        return None
    if since == table.seq:
        return []
    first = table.events[0].seq if table.events else table.seq + 1
    if since + 1 < first:
        return None
    return table.events[since + 1 - first :]


def current_view(table: Table, seat: int | None) -> PublicView | None:
    """The current hand as ``seat`` (or a spectator) may see it, or ``None``."""
    hand = table.hand
    if hand is None:
        return None
    if table.window is not None:
        return window_view(hand, seat)
    return view_for(hand, seat) if seat is not None else public_view(hand)


class EventFrames:
    """One event encoded for each of its recipients: what a broadcast sends.

    A hand event's public part is converted and encoded once, whatever the number of
    recipients (:class:`~cuatrola.protocol.codec.SeatedFrames`); each seat's frame adds only
    its own fields. Each distinct frame is made once, however many followers share it (the
    same seat, or spectators who muted the same seats; a chat line's speaker has one of
    their own). Every frame is byte for byte ``encode`` of :func:`project`'s copy with
    ``clock``.

    Args:
        table: the table whose event it is (read, not changed but for its cache of the last
            public view).
        event: the event, the newest of ``table`` or an older one.
        clock: the running turn timer the frames carry, or ``None``.
    """

    __slots__ = ("_clock", "_event", "_made", "_own", "_seated", "_speaker", "_table")

    def __init__(self, table: Table, event: TableEvent, clock: Clock | None) -> None:
        self._table = table
        self._event = event
        self._clock = clock
        self._made: dict[tuple[int | None, MutedChat], bytes] = {}
        #: The user who said a chat line (``None``: any other event), and their frame.
        self._speaker = event.speaker_user if isinstance(event, PublicEvent) else None
        self._own: bytes | None = None
        #: A hand event outside a cante window: its public frame and the hand at the event.
        self._seated: tuple[SeatedFrames, HandState] | None = None
        if isinstance(event, HandEvent) and not event.window:
            state = hand_at(table.hands, event.hand, event.step)
            public = _public_hand_view(table, event, state)
            self._seated = (SeatedFrames(_hand_event(table, event, public, clock)), state)

    def for_recipient(
        self, seat: int | None, muted: MutedChat = frozenset(), user: UserId | None = None
    ) -> bytes:
        """The frame for ``user`` (``None``: unknown), a recipient at ``seat`` (``None``: a
        spectator) who has muted the chat of ``muted`` (seats, ``None`` for the spectators)."""
        if self._speaker is not None and user == self._speaker:
            # The speaker's copy of their own line: whole whatever they muted, so one frame
            # for all their connections.
            if self._own is None:
                self._own = encode(
                    project(self._table, self._event, seat, muted, self._clock, user)
                )
            return self._own
        key = (seat, muted)
        data = self._made.get(key)
        if data is None:
            data = self._made[key] = self._frame(seat, muted)
        return data

    def _frame(self, seat: int | None, muted: MutedChat) -> bytes:
        if self._seated is not None:
            seated, state = self._seated
            if seat is None:
                return seated.public
            if state.to_move == seat:
                return seated.for_seat(seat_fields(seat_part(state, seat)))
            return seated.for_seat(_waiting_seat_fields(seat, state.hands[seat]))
        return encode(project(self._table, self._event, seat, muted, self._clock))


@functools.lru_cache(maxsize=4096)
def _waiting_seat_fields(seat: int, hand: int) -> SeatFields:
    """The own fields of ``seat`` holding the cards ``hand`` (a mask) while another seat is
    to move: its cards alone, the same from one event to the next until it plays, so they are
    made once (``seat_fields(seat_part(state, seat))`` for every such state; read-only)."""
    return seat_fields(SeatPart(seat, tuple(cards_of(hand)), (), None))


def project_public(
    table: Table,
    event: PublicEvent,
    seat: int | None,
    muted: MutedChat,
    clock: Clock | None = None,
    user: UserId | None = None,
) -> Event:
    """A public event's copy for ``user`` (``None``: unknown): the number only for a muted
    speaker's chat (a seat, or any spectator: ``None`` in ``muted``) unless ``user`` said it
    (their own line is whole and marked ``own``), and no invite code for a spectator."""
    body: EventBody = event.body
    if isinstance(body, ChatSaid):
        if user is not None and event.speaker_user == user:
            body = msgspec.structs.replace(body, own=True)
        elif event.speaker in muted:
            return Event(table=table.id, seq=event.seq, body=None, clock=clock)
    if seat is None and isinstance(body, SeatsChanged) and body.info.code:
        # The invite code is for the people at the table, not for spectators.
        body = SeatsChanged(info=msgspec.structs.replace(body.info, code=""))
    return Event(table=table.id, seq=event.seq, body=body, clock=clock)


def project_hand(
    table: Table,
    event: HandEvent,
    state: HandState,
    seat: int | None,
    clock: Clock | None = None,
) -> Event:
    """A hand event's copy, from ``state`` (the hand as it stood at the event)."""
    if event.window:
        view = hand_view(window_view(state, seat))
    else:
        public = _public_hand_view(table, event, state)
        view = public if seat is None else with_seat(public, seat_part(state, seat))
    return _hand_event(table, event, view, clock)


def _public_hand_view(table: Table, event: HandEvent, state: HandState) -> HandView:
    """The wire form of the public view at ``event``, converted once for all its recipients
    and kept until the next event's."""
    key = (event.hand, event.step)
    public = table._public_cache.get(key)
    if public is None:
        public = public_hand_view(state)
        table._public_cache = {key: public}
    return public


def _hand_event(table: Table, event: HandEvent, view: HandView, clock: Clock | None) -> Event:
    body: EventBody
    if event.kind is HandEventKind.DEAL:
        body = Dealt(view=view)
    elif event.kind is HandEventKind.CANTES_OVER:
        body = CantesOver(view=view)
    else:
        body = Acted(seat=event.seat, action=event.action, auto=event.auto, view=view)
    return Event(table=table.id, seq=event.seq, body=body, clock=clock)


def states_along(hands: Mapping[int, HandState], events: list[TableEvent]) -> Iterator[HandState]:
    """The hand state of each hand event of ``events`` in turn (``hands``: the table's hands
    by number), each hand played forward from its deal at most once. A state yielded is valid
    until the next one is asked for (:func:`replay` projects it at once)."""
    past: HandState | None = None
    number = -1
    for event in events:
        if not isinstance(event, HandEvent):
            continue
        hand = hands[event.hand]
        if len(hand.history) == event.step:
            yield hand
            continue
        if past is None or number != event.hand or len(past.history) > event.step:
            past = HandState.from_masks(
                hand.rules, hand.dealer, list(hand.dealt), hand.trump_card, hand.score_before
            )
            number = event.hand
        for action in hand.history[len(past.history) : event.step]:
            past.apply_unchecked(action)
        yield past


def hand_at(hands: Mapping[int, HandState], number: int, step: int) -> HandState:
    """Hand ``number`` of ``hands`` as it stood after ``step`` actions."""
    hand = hands[number]
    if len(hand.history) == step:
        return hand
    past = HandState.from_masks(
        hand.rules, hand.dealer, list(hand.dealt), hand.trump_card, hand.score_before
    )
    for action in hand.history[:step]:
        past.apply_unchecked(action)
    return past


__all__ = [
    "EventFrames",
    "current_view",
    "events_since",
    "hand_at",
    "project",
    "project_hand",
    "project_public",
    "replay",
    "states_along",
]

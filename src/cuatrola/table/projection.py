"""What a table's followers receive: each event projected for one recipient, and replays.

The table keeps its events as :class:`~cuatrola.table.events.PublicEvent` (one body for
everybody) and :class:`~cuatrola.table.events.HandEvent` (a hand and a point in its
history). This module builds a recipient's copy of an event at send time, from
:func:`~cuatrola.core.views.view_for` (a seat) or :func:`~cuatrola.core.views.public_view`
(a spectator), so that no copy carries another seat's cards; it also plays old hands forward
for a reconnection's replay.
:class:`~cuatrola.table.table.Table` answers ``project``, ``replay``, ``events_since`` and
``current_view`` with these functions; they read the table and change nothing but the
cache of the last public view.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import msgspec

from cuatrola.core.hand import HandState
from cuatrola.core.views import PublicView, public_view, seat_part, view_for
from cuatrola.protocol.messages import Acted, CantesOver, Dealt, Event, EventBody, SeatsChanged
from cuatrola.protocol.views import hand_view, with_seat
from cuatrola.table.cantes import window_view
from cuatrola.table.events import HandEvent, HandEventKind, PublicEvent, TableEvent

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def project(
    table: Table, event: TableEvent, seat: int | None, muted: frozenset[int] = frozenset()
) -> Event:
    """The copy of ``event`` for a recipient at ``seat`` (``None``: a spectator) who has
    muted the chat of the seats ``muted``."""
    if isinstance(event, PublicEvent):
        return project_public(table, event, seat, muted)
    return project_hand(table, event, hand_at(table.hands, event.hand, event.step), seat)


def replay(
    table: Table, events: list[TableEvent], seat: int | None, muted: frozenset[int] = frozenset()
) -> list[Event]:
    """The copies of ``events`` (in order) for one recipient: what a reconnection gets.

    Each old hand is played forward once for the whole replay, not rebuilt from its deal
    for every event.
    """
    frames = []
    states = states_along(table.hands, events)
    for event in events:
        if isinstance(event, PublicEvent):
            frames.append(project_public(table, event, seat, muted))
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


def project_public(
    table: Table, event: PublicEvent, seat: int | None, muted: frozenset[int]
) -> Event:
    """A public event's copy: the number only for a muted speaker's chat, and no invite code
    for a spectator."""
    if event.speaker is not None and event.speaker in muted:
        return Event(table=table.id, seq=event.seq, body=None)
    body: EventBody = event.body
    if seat is None and isinstance(body, SeatsChanged) and body.info.code:
        # The invite code is for the people at the table, not for spectators.
        body = SeatsChanged(info=msgspec.structs.replace(body.info, code=""))
    return Event(table=table.id, seq=event.seq, body=body)


def project_hand(table: Table, event: HandEvent, state: HandState, seat: int | None) -> Event:
    """A hand event's copy, from ``state`` (the hand as it stood at the event)."""
    if event.window:
        view = hand_view(window_view(state, seat))
    else:
        # The public part is the same for every recipient: convert it once per event,
        # then add each seat's own cards and moves.
        key = (event.hand, event.step)
        public = table._public_cache.get(key)
        if public is None:
            public = hand_view(public_view(state))
            table._public_cache = {key: public}
        view = public if seat is None else with_seat(public, seat_part(state, seat))
    body: EventBody
    if event.kind is HandEventKind.DEAL:
        body = Dealt(view=view)
    elif event.kind is HandEventKind.CANTES_OVER:
        body = CantesOver(view=view)
    else:
        body = Acted(seat=event.seat, action=event.action, auto=event.auto, view=view)
    return Event(table=table.id, seq=event.seq, body=body)


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
    "current_view",
    "events_since",
    "hand_at",
    "project",
    "project_hand",
    "project_public",
    "replay",
    "states_along",
]

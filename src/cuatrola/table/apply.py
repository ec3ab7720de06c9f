"""Applying a table's records: where everything a table records changes.

Every command a :class:`~cuatrola.table.table.Table` accepts becomes records
(:mod:`cuatrola.table.records`), and what they hold changes only by applying them, here:
seats, matches, deals, moves, cante windows, chat, mutes, presence, the deadlines moved on
after a restart. (What is not recorded, the connections that follow the table and the
outcome of its timers, changes where the command is handled.) The same functions rebuild a
table from its stored records (:meth:`Table.restore`, event sourcing), where each move is
checked again by the rules core; a live table's records were checked when they were made.
Applying a record also emits the events it causes (and the effects that go with them: the
lobby told, a finished hand's record, a finished match). The hot path of a move is
:func:`apply` -> :func:`apply_record` -> :func:`apply_act` -> ``Table._emit``, with no other
call in between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuatrola.core.actions import NO_CANTE, format_action
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.match import MatchState
from cuatrola.core.rollout import deal_masks
from cuatrola.core.views import public_view
from cuatrola.protocol.messages import ChatSaid, HandEnded, MatchEnded, MatchStarted, SeatsChanged
from cuatrola.protocol.views import hand_view
from cuatrola.storage.base import TableStatus
from cuatrola.table.cantes import opens_cante_window, window_options
from cuatrola.table.dealing import contributors
from cuatrola.table.effects import Closed, LobbyChanged, MatchOver
from cuatrola.table.events import HandEvent, HandEventKind, PublicEvent
from cuatrola.table.presence import idle, shift_deadlines
from cuatrola.table.records import (
    ActRecord,
    AwayRecord,
    BotRecord,
    CantesOverRecord,
    ChatRecord,
    ChoiceRecord,
    CloseRecord,
    ContributeRecord,
    DealRecord,
    FreeRecord,
    MatchRecord,
    MuteRecord,
    PresenceRecord,
    RematchRecord,
    ResumeRecord,
    ShuffleRecord,
    SitRecord,
    SnapshotRecord,
    TableRecord,
    TimeoutRecord,
)
from cuatrola.table.results import finished_match, hand_record
from cuatrola.table.seats import BOTS_CANTE_WINDOW, CanteWindow, SeatSlot
from cuatrola.table.shuffles import PendingShuffle, deck_of, revealed
from cuatrola.table.snapshots import restore_snapshot

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


def apply(table: Table, record: TableRecord) -> None:
    """Apply ``record`` to ``table``; a record that moves the turn starts the decision's
    clock at the record's time."""
    turn = table.turn
    apply_record(table, record)
    if table.turn != turn:
        table.turn_since = record.at


def apply_record(table: Table, record: TableRecord) -> None:
    """Apply ``record`` to ``table``: the state change of each kind of record."""
    match record:
        case ActRecord():
            apply_act(table, record)
        case DealRecord():
            apply_deal(table, record)
        case ShuffleRecord():
            apply_shuffle(table, record)
        case ContributeRecord():
            assert table.pending is not None
            table.pending.contributions[record.seat] = record.value
        case ChatRecord():
            apply_chat(table, record)
        case ChoiceRecord():
            assert table.window is not None
            table.window.choices[record.seat] = record.action
            if record.auto:
                table.window.auto.add(record.seat)
            else:
                table.window.auto.discard(record.seat)
        case CantesOverRecord():
            apply_cantes_over(table)
        case MatchRecord():
            apply_match(table, record)
        case RematchRecord():
            if record.accept:
                table.rematch.add(record.seat)
            else:
                table.rematch.discard(record.seat)
            seats_changed(table)
        case SnapshotRecord():
            if not table._checked:  # a live table already is what its snapshot says
                restore_snapshot(table, record)
        case MuteRecord():
            muted = table.mutes.get(record.user, frozenset())
            table.mutes[record.user] = muted | {record.seat} if record.on else muted - {record.seat}
        case ResumeRecord():
            shift_deadlines(table, record.outage)
        case PresenceRecord():
            if record.online:
                table.offline_since.pop(record.seat, None)
            else:
                table.offline_since[record.seat] = record.at
        case _:
            apply_seat(table, record)


def seats_changed(table: Table) -> None:
    """Tell the table's followers and the lobby about the seats (and the table's status)."""
    table._emit(PublicEvent(seq=table._next_seq(), body=SeatsChanged(info=table.info())))
    table._effects.append(LobbyChanged())
    table._effects.extend(idle(table))


def apply_seat(
    table: Table,
    record: SitRecord | BotRecord | FreeRecord | AwayRecord | TimeoutRecord | CloseRecord,
) -> None:
    """Apply a record that changes who sits where, or how a seat is played (or closes)."""
    if isinstance(record, CloseRecord):
        table.status = TableStatus.CLOSED
        seats_changed(table)
        table._effects.append(Closed())
        return
    slot = table.seats[record.seat]
    match record:
        case SitRecord():
            table.offline_since.pop(record.seat, None)  # a new owner has been nowhere yet
            slot.user, slot.name, slot.bot, slot.away = record.user, record.name, False, False
            slot.timeouts = 0
        case BotRecord():
            slot.user, slot.bot, slot.away = None, True, False
            slot.name = f"Computer ({table.options.bot_level})"
        case FreeRecord():
            table.seats[record.seat] = SeatSlot()
            table.rematch.discard(record.seat)
            table.online.discard(record.seat)  # a freed seat has no owner to be online
            if table.status == TableStatus.FINISHED:
                table.status = TableStatus.OPEN
                table.rematch.clear()
        case TimeoutRecord():
            slot.timeouts += 1
            return  # no visible change
        case AwayRecord():
            slot.away = record.on
            slot.left = record.on and record.left
            slot.timeouts = 0
            if slot.left:
                table.online.discard(record.seat)
            table.turn += 1  # who decides for the seat changed: drive the decision again
    seats_changed(table)


def apply_match(table: Table, record: MatchRecord) -> None:
    """A match begins."""
    table.match_number += 1
    table.match = MatchState(table.rules, first_dealer=record.first_dealer)
    table.match_started_at = record.at
    table.match_first_hand = table.hand_count
    table.rematch.clear()
    table.status = TableStatus.PLAYING
    seats_changed(table)
    body = MatchStarted(
        match=table.match_number, first_dealer=record.first_dealer, rules=table.rules.name
    )
    table._emit(PublicEvent(seq=table._next_seq(), body=body))


def apply_shuffle(table: Table, record: ShuffleRecord) -> None:
    """The next deal's shuffle is committed: it waits for the pause and the contributions."""
    if record.v != 1:
        raise ValueError(f"unknown shuffle derivation version {record.v}")
    after_hand = table.hand_count > table.match_first_hand
    pause = table.config.hand_pause if after_hand else 0.0
    pending = PendingShuffle.start(
        record.seed, table.hand_count, pause, table.config.shuffle_window
    )
    table.pending = pending
    table.turn += 1  # the next decision is the deal: drive its timers
    body = pending.committed(contributors(table))
    table._emit(PublicEvent(seq=table._next_seq(), body=body))


def apply_deal(table: Table, record: DealRecord) -> None:
    """A hand is dealt (a stored deal made from a shuffle is derived again and compared)."""
    match = table.match
    assert match is not None
    deck = record.deck
    if record.shuffle is not None:
        if not table._checked and deck_of(record.shuffle) != deck:
            raise ValueError("a stored deal does not follow from its shuffle inputs")
        table.shuffles[table.hand_count] = record.shuffle
    table.pending = None
    hands = deal_masks(deck, match.dealer)
    hand = HandState.from_masks(table.rules, match.dealer, hands, deck[-1], match.score)
    match.start_hand_with(hand)
    number = table.hand_count
    table.hands[number] = hand
    table.hand_count += 1
    table.auto_moves = []
    # Keep the hands that kept events still point at, and the current match's (history).
    oldest = next((e.hand for e in table.events if isinstance(e, HandEvent)), number)
    for old in [n for n in table.hands if n < min(oldest, table.match_first_hand)]:
        del table.hands[old]
        table.shuffles.pop(old, None)
    table.turn += 1
    seq = table._next_seq()
    table.game_seq = seq
    table._emit(HandEvent(seq=seq, kind=HandEventKind.DEAL, hand=number, step=0))


def apply_act(table: Table, record: ActRecord) -> None:
    """A seat's move (a bid, a card, a cante); a card that ends a trick may open a cante
    window, and the last card of a hand ends it (:func:`hand_over`)."""
    match = table.match
    hand = table.hand
    assert match is not None and hand is not None
    seat, action = record.seat, record.action
    if table._checked:
        hand.apply_unchecked(action)  # the table's command handlers checked it
    else:
        hand.apply(action, seat)
    slot = table.seats[seat]
    notation = format_action(action)
    if record.auto:
        table.auto_moves.append((seat, notation))
    elif not slot.bot:
        slot.timeouts = 0
    table.turn += 1
    opens = record.window > 0 and opens_cante_window(table.rules, hand, action)
    if opens:
        team = (hand.leader % 2, hand.leader % 2 + 2)
        bots = all(table.seats[s].computer_plays for s in team)
        table.window = CanteWindow(
            turn=table.turn,
            seconds=min(record.window, BOTS_CANTE_WINDOW) if bots else record.window,
            options=window_options(hand),
        )
    seq = table._next_seq()
    table.game_seq = seq
    table._emit(
        HandEvent(
            seq=seq,
            kind=HandEventKind.ACT,
            hand=table.hand_count - 1,
            step=len(hand.history),
            seat=seat,
            action=notation,
            auto=record.auto,
            window=opens,
        )
    )
    if hand.is_finished:
        hand_over(table, match, hand)


def hand_over(table: Table, match: MatchState, hand: HandState) -> None:
    """A hand is over: its result, the seed of its shuffle revealed, its record for the
    analysis, and the end of the match when it is won."""
    result = match.finish_hand()
    summary = hand_view(public_view(hand)).summary
    assert summary is not None
    body = HandEnded(summary=summary, score=result.score_after, hands_played=match.hands_played)
    table._emit(PublicEvent(seq=table._next_seq(), body=body))
    inputs = table.shuffles.get(table.hand_count - 1)
    if inputs is not None:
        # Only now, with the hand over, may anybody learn the seed.
        table._emit(PublicEvent(seq=table._next_seq(), body=revealed(inputs)))
    table._effects.append(LobbyChanged())  # the lobby shows the score
    over = hand_record(table, table.hand_count - 1)
    if over is not None:
        table._effects.append(over)
    if match.winner is not None:
        table.status = TableStatus.FINISHED
        ended = MatchEnded(winner=match.winner, score=match.score, hands_played=match.hands_played)
        table._emit(PublicEvent(seq=table._next_seq(), body=ended))
        seats_changed(table)
        table._effects.append(MatchOver(finished_match(table, match)))


def apply_cantes_over(table: Table) -> None:
    """Close the cante window: the winner's choice first, then his partner's (the order
    in which the rules core asks them), and one event that says only what was sung (a
    cante a computer player sang for its seat's absent owner is ``auto``, as its moves are)."""
    window, hand = table.window, table.hand
    assert window is not None and hand is not None
    table.window = None
    sung: tuple[int, int] | None = None
    while hand.phase is Phase.CANTE:
        seat = hand.to_move
        assert seat is not None
        choice = window.choices.get(seat, NO_CANTE)
        hand.apply(choice, seat)
        if choice != NO_CANTE:
            sung = (seat, choice)
    table.turn += 1
    seq = table._next_seq()
    table.game_seq = seq
    number, step = table.hand_count - 1, len(hand.history)
    if sung is None:
        table._emit(HandEvent(seq=seq, kind=HandEventKind.CANTES_OVER, hand=number, step=step))
    else:
        seat, action = sung
        notation = format_action(action)
        auto = seat in window.auto
        if auto:
            table.auto_moves.append((seat, notation))
        table._emit(
            HandEvent(
                seq=seq,
                kind=HandEventKind.ACT,
                hand=number,
                step=step,
                seat=seat,
                action=notation,
                auto=auto,
            )
        )


def apply_chat(table: Table, record: ChatRecord) -> None:
    """A chat line (the table keeps the last 30 for newcomers), said by the record's ``by``."""
    body = ChatSaid(seat=record.seat, name=record.name, text=record.text, phrase=record.phrase)
    event = PublicEvent(
        seq=table._next_seq(), body=body, speaker=record.seat, speaker_user=record.by
    )
    table._emit(event)
    table.chat.append(event)
    del table.chat[:-30]


__all__ = [
    "apply",
    "apply_act",
    "apply_cantes_over",
    "apply_chat",
    "apply_deal",
    "apply_match",
    "apply_record",
    "apply_seat",
    "apply_shuffle",
    "hand_over",
    "seats_changed",
]

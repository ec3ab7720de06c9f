"""Who follows a table, and what it waits for: the next decision, timers, presence, idle closing.

After every change the table asks :func:`drive` what the current decision needs: a computer
player's move, or the timer of a person's turn, of the pause and the contribution window
before a deal, or of an open cante window.
A seat's owner is online while a connection of theirs follows the table
(:class:`~cuatrola.table.commands.Watch` / :class:`~cuatrola.table.commands.Unwatch`);
anybody else who follows it is a spectator. An owner who loses the table during a match has
a grace period (:attr:`TableConfig.grace_period`) before a computer player plays the seat
(:class:`~cuatrola.table.commands.OwnerGone`); an owner who lets the turn timer run out has
that decision taken once by a computer player, and the seat after repeated timeouts; a table
that nobody plays and no owner follows closes after a while
(:class:`~cuatrola.table.commands.CloseIdle`).

The deadlines are stored as the times of records (the ``at`` of the record that moved the
turn, and of each owner's ``presence`` record), so that a table restored after a restart
gives each timer what was left of it when the table stopped (:func:`on_resume`). These are
parts of :class:`~cuatrola.table.table.Table` kept in their own module; the table calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuatrola.core.views import SeatView, view_for
from cuatrola.protocol.ids import UserId
from cuatrola.protocol.messages import Presence
from cuatrola.storage.base import TableStatus
from cuatrola.table.cantes import window_view
from cuatrola.table.commands import (
    CloseCantes,
    CloseContributions,
    CloseIdle,
    DealNext,
    OwnerGone,
    TimerExpired,
    Unwatch,
    Watch,
)
from cuatrola.table.dealing import awaited
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    CancelTimer,
    Effect,
    SendAll,
    TimerKey,
    grace_key,
)
from cuatrola.table.records import (
    AwayRecord,
    CloseRecord,
    PresenceRecord,
    ResumeRecord,
    TimeoutRecord,
)
from cuatrola.table.shuffles import PendingShuffle

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table

#: Compared by :func:`drive` after every move (a global is read faster than an enum member).
PLAYING = TableStatus.PLAYING


def drive(table: Table) -> list[Effect]:
    """What the current decision needs: a computer player's move or the turn timer (or, between
    hands, the timers of the next deal; in a cante window, its timer and the computer players'
    choices).

    Called after every state change and by :func:`resume`.
    """
    hand = table.hand
    if table.status == PLAYING and table.pending is not None:
        return [CancelTimer(TimerKey.TURN), *shuffle_timers(table, table.pending)]
    if table.status != PLAYING or hand is None:
        return [CancelTimer(TimerKey.TURN)]
    if hand.is_finished:
        out: list[Effect] = [CancelTimer(TimerKey.TURN)]
        if table.match is not None and not table.match.is_over:
            deal = DealNext(table.hand_count - 1)
            out.append(ArmTimer(TimerKey.DEAL, left(table, table.config.hand_pause), deal))
        return out
    window = table.window
    if window is not None:
        out = [CancelTimer(TimerKey.TURN)]
        seconds = left(table, window.seconds)
        out.append(ArmTimer(TimerKey.CANTE, seconds, CloseCantes(window.turn)))
        for singer, options in window.options.items():
            if singer not in window.choices and table.seats[singer].computer_plays:
                view = window_view(hand, singer)
                assert isinstance(view, SeatView) and view.legal_actions == options
                out.append(AskBot(singer, table.turn, view, table.options.bot_level))
        return out
    seat = hand.to_move
    assert seat is not None
    if table.seats[seat].computer_plays:
        ask = AskBot(seat, table.turn, view_for(hand, seat), table.options.bot_level)
        return [CancelTimer(TimerKey.TURN), ask]
    if table.turn_time > 0:
        expired = TimerExpired(table.turn)
        return [ArmTimer(TimerKey.TURN, left(table, table.turn_time), expired, seat=seat)]
    return [CancelTimer(TimerKey.TURN)]


def shuffle_timers(table: Table, pending: PendingShuffle) -> list[Effect]:
    """The timers of a pending shuffle: the pause before the deal and the window for
    contributions, each with what is left of it."""
    out: list[Effect] = []
    if not pending.pause_over:
        deal = DealNext(table.hand_count - 1)
        out.append(ArmTimer(TimerKey.DEAL, left(table, pending.pause), deal))
    if not pending.window_over:
        # Nobody left to wait for (they contributed, or went away): close it at once.
        seconds = left(table, pending.window) if awaited(table, pending) else 0.0
        close = CloseContributions(pending.deal)
        out.append(ArmTimer(TimerKey.SHUFFLE, seconds, close))
    return out


def left(table: Table, seconds: float, since: float | None = None) -> float:
    """What is left of ``seconds`` that began at ``since`` (by default when the current
    decision began): all of them when that time is not known."""
    since = table.turn_since if since is None else since
    now = table._now
    if since <= 0.0 or now <= 0.0:
        return seconds
    return min(seconds, max(0.0, seconds - (now - since)))


def grace(table: Table, user: UserId, since: float | None = None) -> ArmTimer:
    """The grace period of ``user``, who lost the table (at ``since``, if before now)."""
    period = table.config.grace_period
    seconds = period if since is None else left(table, period, since)
    return ArmTimer(grace_key(user), seconds, OwnerGone(user))


def idle(table: Table) -> list[Effect]:
    """The idle timer, while the table is not being played and no owner follows it."""
    status, config = table.status, table.config
    if status not in (TableStatus.OPEN, TableStatus.FINISHED) or table.online:
        return []
    ttl = config.finished_ttl if status == TableStatus.FINISHED else config.open_ttl
    return [ArmTimer(TimerKey.IDLE, ttl, CloseIdle())]


def on_resume(table: Table) -> None:
    """A table restored after a restart (:class:`~cuatrola.table.commands.Resume`): the
    current decision driven again, every seated owner's grace period (nobody is connected
    yet) and the idle timer.

    With the time of the command, deadlines continue from the stored records, and the time
    the table was down does not count: the turn clock, the pause between hands, the cante
    and shuffle windows have what was left of them at the table's last record (the last
    moment the records tell the table was running), and an owner who had already lost the
    table before then what was left of the grace period (the others, whose connections the
    restart closed, get the whole of it). The shift is stored (a
    :class:`~cuatrola.table.records.ResumeRecord`), so that the next restart counts only its
    own outage.
    """
    now, stopped = table._now, table.stopped_at
    running = table.turn_since > 0.0 or any(t > 0.0 for t in table.offline_since.values())
    if stopped > 0.0 and now > stopped:
        if running:
            table._record(ResumeRecord(outage=now - stopped))
        table.stopped_at = now
    effects = table._effects
    effects.extend(drive(table))
    if table.status == PLAYING:
        for user in table.humans:
            seat = table.seat_of(user)
            since = table.offline_since.get(seat) if seat is not None else None
            effects.append(grace(table, user, since))
    effects.extend(idle(table))


def shift_deadlines(table: Table, outage: float) -> None:
    """Move every running deadline of ``table`` on by ``outage`` seconds (nobody's clock ran
    while the table was down)."""
    if table.turn_since > 0.0:
        table.turn_since += outage
    table.offline_since = {
        seat: since + outage if since > 0.0 else since
        for seat, since in table.offline_since.items()
    }


def on_watch(table: Table, cmd: Watch) -> None:
    """A connection of ``cmd.user`` follows the table: an owner is online (and takes the
    seat back from the computer player that held it while they were gone)."""
    seat = table.seat_of(cmd.user)
    if seat is None:
        table.spectators += 1
        return
    table._effects.append(CancelTimer(grace_key(cmd.user)))
    table.gone_before_match.discard(seat)
    if seat in table.offline_since:
        table._record(PresenceRecord(seat=seat, online=True))
    if seat not in table.online:
        table.online.add(seat)
        table._effects.append(SendAll(Presence(table=table.id, seat=seat, online=True)))
    slot = table.seats[seat]
    if slot.away and not slot.left and table.status != TableStatus.CLOSED:
        table._record(AwayRecord(seat=seat, on=False))


def on_unwatch(table: Table, cmd: Unwatch) -> None:
    """A connection of ``cmd.user`` stopped following the table: after the owner's last one,
    they are offline, and during a match their grace period begins."""
    seat = table.seat_of(cmd.user)
    if seat is None:
        table.spectators = max(0, table.spectators - 1)
        return
    if not cmd.last:
        return
    table.online.discard(seat)
    table._effects.append(SendAll(Presence(table=table.id, seat=seat, online=False)))
    if table.status == TableStatus.OPEN:
        table.gone_before_match.add(seat)
    if table.status == PLAYING:
        # Stored, so that a restart gives the owner only what is left of the grace period.
        table._record(PresenceRecord(seat=seat, online=False))
        table._effects.append(grace(table, cmd.user))
    table._effects.extend(idle(table))


def on_owner_gone(table: Table, cmd: OwnerGone) -> None:
    """The grace period of ``cmd.user`` is over: a computer player plays the seat."""
    seat = table.seat_of(cmd.user)
    if seat is None or table.seats[seat].away or table.status != PLAYING:
        return
    table._record(AwayRecord(seat=seat, on=True))


def on_timer(table: Table, cmd: TimerExpired) -> None:
    """The turn timer of decision ``cmd.turn`` ran out."""
    hand = table.hand
    if cmd.turn != table.turn or table.status != PLAYING or hand is None or hand.is_finished:
        return
    seat = hand.to_move
    assert seat is not None
    if table.seats[seat].computer_plays:
        return
    # The owner timed out: a computer player decides this once (and keeps the seat
    # after repeated timeouts).
    timeouts = table.seats[seat].timeouts + 1
    table._record(TimeoutRecord(seat=seat))
    if timeouts >= table.config.max_timeouts:
        table._record(AwayRecord(seat=seat, on=True))
    else:
        table._timed_out_turn = table.turn
        ask = AskBot(seat, table.turn, view_for(hand, seat), table.options.bot_level)
        table._effects.extend((ask, CancelTimer(TimerKey.TURN)))


def on_close_idle(table: Table) -> None:
    """The idle timer ran out: close the table if it is still unplayed and unwatched."""
    if table.status in (TableStatus.OPEN, TableStatus.FINISHED) and not table.online:
        table._record(CloseRecord())


__all__ = [
    "drive",
    "grace",
    "idle",
    "left",
    "on_close_idle",
    "on_owner_gone",
    "on_resume",
    "on_timer",
    "on_unwatch",
    "on_watch",
    "shift_deadlines",
    "shuffle_timers",
]

"""The task that owns one table: the asyncio adapter around the sans-I/O table layer.

Every table has one :class:`TableRunner`, an asyncio task that takes commands from its queue
one at a time, so no locks are needed. For each command it calls
:meth:`~cuatrola.table.table.Table.handle`, **commits** the step's records to the
:class:`~cuatrola.storage.base.GameStore`, and only then carries out the step's effects:
replies and events, timers, computer players. Commits of different tables overlap and share
transactions (group commit in the SQL store).

The runner changes the table only through commands (connections that start or stop
following it are :class:`~cuatrola.table.commands.Watch` and
:class:`~cuatrola.table.commands.Unwatch`), and it knows the rest of the server only through
the small :class:`RunnerHost` protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Protocol

import msgspec

from cuatrola.ai.hints import hint_reason, hint_seed
from cuatrola.core.actions import format_action
from cuatrola.core.views import SeatView
from cuatrola.protocol.codec import encode
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, UserId
from cuatrola.protocol.messages import (
    Ack,
    Clock,
    Error,
    HandAnalysisReady,
    HintReply,
    ServerMessage,
    Sync,
    TurnTimer,
)
from cuatrola.protocol.views import hand_view
from cuatrola.server.connection import Connection
from cuatrola.server.mailbox import Mailbox
from cuatrola.server.metrics import Metrics
from cuatrola.storage.base import GameStore, StoreError, StoreUnavailable, TableStatus
from cuatrola.table.chat import MutedChat, wire_mutes
from cuatrola.table.commands import Act, BotAct, Command, Unwatch, Watch
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    AskHint,
    Broadcast,
    CancelTimer,
    Closed,
    Effect,
    FinishedMatch,
    HandOver,
    LobbyChanged,
    MatchOver,
    Reply,
    SendAll,
    TimerKey,
    ToUser,
)
from cuatrola.table.events import TableEvent
from cuatrola.table.records import ActRecord, SnapshotRecord, TableRecord
from cuatrola.table.table import Table

logger = logging.getLogger("cuatrola.room")

#: Attempts at a commit before the table is reloaded from the store, and the pause after the
#: first failed one (doubled after each).
COMMIT_ATTEMPTS = 3
COMMIT_RETRY_DELAY = 0.2

#: Frames of a connection's queue kept free for live frames when a reconnection is replayed
#: event by event; a longer replay is sent as one ``sync``.
REPLAY_HEADROOM = 16


class RunnerHost(Protocol):
    """What a runner needs from the server around it."""

    @property
    def store(self) -> GameStore:
        """Where the table's records are committed."""
        ...

    @property
    def metrics(self) -> Metrics:
        """The server's metrics."""
        ...

    @property
    def bot_delay(self) -> float:
        """The least seconds a computer player's move takes (so people can follow it)."""
        ...

    async def choose(self, level: str, view: SeatView) -> int:
        """A computer player's action for ``view``."""
        ...

    def count_hint(self, user: UserId) -> None:
        """``user`` gets a hint: count it against their limit (each is a search)."""
        ...

    async def hint(self, view: SeatView, seed: int) -> int | None:
        """The expert's action for ``view`` from ``seed`` (``None``: none could be found)."""
        ...

    def lobby_changed(self, runner: TableRunner) -> None:
        """The table's seats or status changed."""
        ...

    def forget(self, runner: TableRunner) -> None:
        """The table closed: drop it."""
        ...

    def reload(self, runner: TableRunner, subscribers: list[Connection]) -> None:
        """The table could not commit its records (memory is ahead of the store): rebuild it
        from what the store holds, as soon as the store answers, and subscribe
        ``subscribers`` to it again."""
        ...

    async def match_over(self, finished: FinishedMatch) -> None:
        """A match finished: record it."""
        ...

    async def hand_analysis(self, over: HandOver) -> bytes | None:
        """The JSON of the analysis after the hand ``over``, computed off the event loop
        (``None``: not computed)."""
        ...


@dataclass(frozen=True)
class _Cmd:
    command: Command
    client: Connection | None
    started: float


@dataclass(frozen=True)
class _Sub:
    client: Connection
    since: int | None
    cmd_id: CommandId | None
    only_if_seated: bool = False


@dataclass(frozen=True)
class _Unsub:
    client: Connection
    cmd_id: CommandId | None


_Item = _Cmd | _Sub | _Unsub


class TableRunner:
    """The task that owns one :class:`Table` (see the module docstring).

    Args:
        host: the server around it.
        table: the table.
        record_count: how many records the store already holds for it.
        status: the status the store holds for it.
        epoch: the epoch of this node's claim on the table (``None``: writes are not fenced).
    """

    def __init__(
        self,
        host: RunnerHost,
        table: Table,
        record_count: int,
        status: str,
        epoch: int | None = None,
    ) -> None:
        self.host = host
        self.table = table
        #: The epoch of this node's claim on the table: every commit is made under it.
        self.epoch = epoch
        self.queue: Mailbox[_Item] = Mailbox()
        self.subscribers: dict[Connection, None] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        # The running turn timer as (deadline on time.monotonic, seat, turn length), for the
        # clocks: read on every broadcast, where finding the running loop for its clock
        # would cost a getpid() (asyncio.get_running_loop on Python 3.11).
        self.turn_clock: tuple[float, int, float] | None = None
        self.record_count = record_count
        self.stored_status = status
        self.tasks: set[asyncio.Task[None]] = set()
        self.task: asyncio.Task[None] | None = None
        self.broken = False
        #: The analysis after the latest hand analysed, sent again to a new subscriber.
        self.latest_analysis: HandAnalysisReady | None = None

    def start(self) -> None:
        """Start the task."""
        self.task = asyncio.create_task(self._run(), name=f"table-{self.table.id}")

    def command(self, command: Command, client: Connection | None = None) -> None:
        """Queue a table command (``client``: who gets the reply)."""
        self.queue.put(_Cmd(command, client, time.perf_counter()))

    def subscribe(
        self,
        client: Connection,
        since: int | None = None,
        cmd_id: CommandId | None = None,
        *,
        only_if_seated: bool = False,
    ) -> None:
        """Queue ``client``'s subscription: it gets the events after ``since`` (or a sync),
        then every new one. ``only_if_seated``: only if it holds a seat by then."""
        self.queue.put(_Sub(client, since, cmd_id, only_if_seated))

    def unsubscribe(self, client: Connection, cmd_id: CommandId | None = None) -> None:
        """Queue the end of ``client``'s subscription."""
        self.queue.put(_Unsub(client, cmd_id))

    async def stop(self) -> None:
        """Cancel the task, timers and pending bot decisions."""
        for handle in self.timers.values():
            handle.cancel()
        tasks = [*self.tasks, self.task]
        for task in tasks:
            if task is not None:
                task.cancel()
        for task in tasks:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _run(self) -> None:
        while True:
            item = await self.queue.get()
            try:
                if isinstance(item, _Cmd):
                    await self._command(item.command, item.client, item.started)
                elif isinstance(item, _Sub):
                    await self._subscribe(item)
                else:
                    await self._unsubscribe(item)
            except Exception:  # pragma: no cover - keep serving the other tables
                logger.exception(
                    "table=%s error while handling %s", self.table.id, type(item).__name__
                )
            if self.broken:
                self._hand_over_after_failure()
                return

    async def _command(self, command: Command, client: Connection | None, started: float) -> None:
        table = self.table
        metrics = self.host.metrics
        step = table.handle(command, now=time.time())
        records = step.records
        status = table.status if table.status != self.stored_status else None
        moves = 0
        if records or status is not None:
            began = time.perf_counter()
            try:
                await self._commit(records, status)
            except Exception as exc:
                # Memory is now ahead of the disk: this table must stop before anybody sees
                # a move that was not stored. Clients get an error; the room rebuilds the
                # table from what was committed once the store answers again. An outage is
                # one line per table (a traceback for each of hundreds of tables would bury
                # the log); anything else is a defect, logged with its traceback.
                logger.error(
                    "table=%s commit failed (%s); reloading it from the store",
                    table.id,
                    _failure(exc),
                    exc_info=not _is_outage(exc),
                )
                metrics.commit_failures_total += 1
                self.broken = True
                if client is not None:
                    client.send(_unavailable(getattr(command, "cmd", None)))
                return
            metrics.commit_latency.observe(time.perf_counter() - began)
            snapshots = [i for i, r in enumerate(records) if isinstance(r, SnapshotRecord)]
            if snapshots:
                self._spawn(self._compact(self.record_count + snapshots[-1]))
            self.record_count += len(records)
            if status is not None:
                self.stored_status = status
            moves = sum(1 for r in records if isinstance(r, ActRecord))
            metrics.moves_total += moves
        self.deliver(step.effects, client)
        if moves and isinstance(command, Act):
            metrics.move_latency.observe(time.perf_counter() - started)

    async def _commit(self, records: Sequence[TableRecord], status: str | None) -> None:
        """Append ``records`` (and the new status), retrying what may be a passing fault.

        Raises:
            Exception: the store's error after the last attempt, or at once for a refusal
                (:class:`StoreError`: the records' numbers are taken, so memory and store
                disagree and retrying cannot help).
        """
        table = self.table
        for attempt in range(COMMIT_ATTEMPTS):
            try:
                await self.host.store.append(
                    table.id, self.record_count, records, status, epoch=self.epoch
                )
                return
            except StoreError:
                raise
            except Exception as exc:
                if attempt + 1 == COMMIT_ATTEMPTS:
                    raise
                self.host.metrics.commit_retries_total += 1
                logger.warning("table=%s commit failed (%s); retrying", table.id, _failure(exc))
                await asyncio.sleep(COMMIT_RETRY_DELAY * 2**attempt)

    async def _compact(self, before: int) -> None:
        """Let the store drop what the snapshot numbered ``before`` stands for (stored now).
        A compaction that fails loses nothing: the next one drops those records too."""
        try:
            await self.host.store.compact(self.table.id, before)
        except Exception as exc:
            logger.warning("table=%s compaction failed (%s)", self.table.id, type(exc).__name__)

    def _hand_over_after_failure(self) -> None:
        """Answer what was queued behind the failed commit and give the table to the room
        to reload, with everybody who follows it (or asked to)."""
        subscribers = list(self.subscribers)
        while self.queue:
            item = self.queue.get_nowait()
            if isinstance(item, _Cmd) and item.client is not None:
                item.client.send(_unavailable(getattr(item.command, "cmd", None)))
            elif isinstance(item, _Sub) and item.client not in subscribers:
                subscribers.append(item.client)
        self.host.reload(self, subscribers)

    def deliver(self, effects: Sequence[Effect], client: Connection | None) -> None:
        """Carry out a step's effects (its records are committed).

        Timers first, so that the events of the step carry the turn clock they leave running.
        """
        for effect in effects:
            if isinstance(effect, ArmTimer):
                self._arm(effect)
            elif isinstance(effect, CancelTimer):
                handle = self.timers.pop(effect.key, None)
                if effect.key == TimerKey.TURN:
                    self.turn_clock = None
                if handle is not None:
                    handle.cancel()
        clock = self.clock()
        closed = False
        for effect in effects:
            match effect:
                case Reply():
                    if client is not None:
                        client.send(effect.message)
                    if isinstance(effect.message, Error):
                        self.host.metrics.errors_total += 1
                case Broadcast():
                    self._broadcast(effect.event, clock)
                case SendAll():
                    self._send_all(effect.message)
                case ToUser():
                    self._send_user(effect.user, effect.message)
                case AskBot():
                    self._spawn(self._bot(effect))
                case AskHint():
                    if client is not None:
                        self._spawn(self._hint(effect, client))
                case MatchOver():
                    self._spawn(self.host.match_over(effect.finished))
                case HandOver():
                    self._spawn(self._hand_analysis(effect))
                case LobbyChanged():
                    self.host.lobby_changed(self)
                case Closed():
                    closed = True
        if closed:
            self.host.forget(self)

    def _broadcast(self, event: TableEvent, clock: Clock | None) -> None:
        table = self.table
        frames = table.frames(event, clock)
        for client in list(self.subscribers):
            seat = table.seat_of(client.user)
            muted = table.mutes.get(client.user, frozenset())
            client.send_raw(frames.for_recipient(seat, muted, client.user))

    def clock(self) -> Clock | None:
        """The running turn timer as the clients' clocks show it, or ``None``."""
        if self.turn_clock is None:
            return None
        deadline, seat, total = self.turn_clock
        remaining = max(0.0, deadline - time.monotonic())
        return Clock(seat=seat, remaining_ms=round(remaining * 1000), total_ms=round(total * 1000))

    def _send_all(self, message: ServerMessage) -> None:
        data = encode(message)
        for client in list(self.subscribers):
            client.send_raw(data)

    def _send_user(self, user: UserId, message: ServerMessage) -> None:
        data = encode(message)
        for client in list(self.subscribers):
            if client.user == user:
                client.send_raw(data)

    def _spawn(self, coro: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot(self, ask: AskBot) -> None:
        metrics = self.host.metrics
        began = time.perf_counter()
        action = await self.host.choose(ask.level, ask.view)
        elapsed = time.perf_counter() - began
        metrics.bot_latency.observe(elapsed)
        delay = self.host.bot_delay - elapsed
        if delay > 0:
            await asyncio.sleep(delay)
        metrics.bot_moves_total += 1
        self.command(BotAct(ask.seat, ask.turn, action))

    async def _hand_analysis(self, over: HandOver) -> None:
        """Send the analysis after the hand ``over`` to every follower once it is computed
        (the table plays on meanwhile), and keep it for those who follow the table later."""
        body = await self.host.hand_analysis(over)
        if body is None:
            return
        message = HandAnalysisReady(
            table=self.table.id, match=over.match_id, hand=over.hand, analysis=msgspec.Raw(body)
        )
        latest = self.latest_analysis
        if latest is None or latest.match != over.match_id or latest.hand < over.hand:
            self.latest_analysis = message
        self._send_all(message)

    def _send_latest_analysis(self, client: Connection) -> None:
        """The latest hand's analysis to a new follower, while its match is the table's."""
        latest = self.latest_analysis
        if latest is not None and latest.match == self.table.match_id:
            client.send(latest)

    async def _hint(self, ask: AskHint, client: Connection) -> None:
        """Answer a ``hint`` to the asking connection alone (docs/protocol.md, "Hints").
        Only a hint the table granted counts against the player's limit."""
        table = self.table
        seq = table.seq
        self.host.count_hint(client.user)
        action = await self.host.hint(ask.view, hint_seed(table.id, ask.turn))
        if action is None:
            message = "no hint could be found now; retry"
            client.send(Error(code=ErrorCode.UNAVAILABLE, message=message, id=ask.cmd))
            return
        reason = hint_reason(ask.view, action)
        name = format_action(action)
        client.send(HintReply(ask.cmd, table.id, ask.seat, name, reason, seq))

    def _arm(self, timer: ArmTimer) -> None:
        old = self.timers.pop(timer.key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        command = timer.command
        self.timers[timer.key] = loop.call_later(
            max(timer.seconds, 0.0), lambda: self.command(command)
        )
        if timer.key == TimerKey.TURN and timer.seat is not None:
            self.turn_clock = (time.monotonic() + timer.seconds, timer.seat, timer.seconds)

    # Subscriptions ----------------------------------------------------------------------------

    async def _subscribe(self, item: _Sub) -> None:
        table = self.table
        client = item.client
        if client.closed:
            user = client.user
            if table.seat_of(user) is not None and not any(
                c.user == user for c in self.subscribers
            ):
                # The owner's connection closed before it could follow the table: the owner
                # lost the table all the same (a grace period, then a computer player).
                await self._command(Unwatch(user, True), None, time.perf_counter())
            return
        seat = table.seat_of(client.user)
        if seat is None and item.only_if_seated:
            return
        if seat is None and not table.options.public:
            error = Error(code=ErrorCode.FORBIDDEN, message="this table is private", id=item.cmd_id)
            client.send(error)
            return
        first = client not in self.subscribers
        self.subscribers[client] = None
        client.tables.add(table.id)
        if seat is None and first:
            # A spectator counts in the sync it is about to get.
            await self._command(Watch(client.user), None, time.perf_counter())
        if item.cmd_id is not None:
            client.send(Ack(id=item.cmd_id, table=table.id, seat=seat, seq=table.seq))
        muted = table.mutes.get(client.user, frozenset())
        events = table.events_since(item.since) if item.since is not None else None
        if events is None or len(events) > client.room() - REPLAY_HEADROOM:
            # A replay longer than the connection's queue can take would get the client
            # dropped as too slow, in the middle of it: one snapshot instead.
            client.send(self._sync(seat, muted, client.user))
        else:
            frames = table.replay(events, seat, muted, client.user)
            clock = self.clock()
            if frames and clock is not None:
                # Only the newest frame tells the clock: the older ones' turns are over.
                frames[-1] = msgspec.structs.replace(frames[-1], clock=clock)
            for frame in frames:
                client.send(frame)
        self._send_latest_analysis(client)
        if seat is not None:
            # The owner's seat comes online (and is reclaimed) once it has caught up.
            await self._command(Watch(client.user), None, time.perf_counter())

    async def _unsubscribe(self, item: _Unsub) -> None:
        table = self.table
        client = item.client
        client.tables.discard(table.id)
        if item.cmd_id is not None:
            # As every table command's ack: the seat still held here (a seated player stays
            # seated after it stops following the table), and the table's seq.
            seat = table.seat_of(client.user)
            client.send(Ack(id=item.cmd_id, table=table.id, seat=seat, seq=table.seq))
        if client not in self.subscribers:
            return
        del self.subscribers[client]
        user = client.user
        last = not any(c.user == user for c in self.subscribers)
        if table.seat_of(user) is None or last:
            await self._command(Unwatch(user, last), None, time.perf_counter())

    def owner_watching(self) -> bool:
        """Whether a seated owner follows the table now."""
        return any(self.table.seat_of(c.user) is not None for c in self.subscribers)

    def _sync(self, seat: int | None, muted: MutedChat, user: UserId) -> Sync:
        table = self.table
        view = table.current_view(seat)
        clock = self.clock()
        muted_seats, muted_spectators = wire_mutes(muted)
        timer = None
        if clock is not None:
            timer = TurnTimer(seat=clock.seat, seconds=round(clock.remaining_ms / 1000, 2))
        return Sync(
            table=table.id,
            seq=table.seq,
            info=table.info(with_code=seat is not None),
            seat=seat,
            view=hand_view(view) if view is not None else None,
            chat=table.recent_chat(muted, user),
            timer=timer,
            clock=clock,
            shuffle=table.pending_commitment(),
            auto=list(table.auto_moves) if view is not None else [],
            muted=muted_seats,
            muted_spectators=muted_spectators,
        )


def _unavailable(cmd_id: str | None) -> Error:
    return Error(
        code=ErrorCode.UNAVAILABLE,
        message="storage failure; the table is reloading, retry",
        id=cmd_id,
    )


def _is_outage(exc: Exception) -> bool:
    """Whether ``exc`` from the store says that it cannot be reached or does not answer."""
    return isinstance(exc, StoreUnavailable | OSError | TimeoutError)


def _failure(exc: Exception) -> str:
    """What the log says of a failed commit: an outage's own words, else the error's type
    (its traceback follows)."""
    if isinstance(exc, StoreUnavailable):
        return str(exc)
    if _is_outage(exc) and str(exc):
        return f"{type(exc).__name__}: {exc}"
    return type(exc).__name__


def is_live(status: str) -> bool:
    """Whether a table of ``status`` is shown in the lobby (waiting for players or playing)."""
    return status in (TableStatus.OPEN, TableStatus.PLAYING)


__all__ = ["RunnerHost", "TableRunner", "is_live"]

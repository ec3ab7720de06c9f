"""The card room: tables, the lobby, the quick match queue and the players' connections.

No socket code lives here: a :class:`Connection` is a bounded outgoing queue of encoded frames
that :mod:`cuatrola.server.app` drains to a websocket (and tests may drain directly).

Concurrency: every table has one :class:`TableRunner`, an asyncio task that takes commands
from its queue one at a time, so no locks are needed. For each command it calls the sans-I/O
:meth:`Table.handle`, **commits** the records it produced to the :class:`GameStore`, and only
then sends replies and events, arms timers and asks computer players. Commits of different
tables overlap and share transactions (group commit in the SQL store).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Final

import msgspec

from cuatrola.protocol.codec import encode
from cuatrola.protocol.messages import (
    Ack,
    ClientMessage,
    Clock,
    Error,
    Lobby,
    LobbyUpdate,
    Online,
    Presence,
    QueueStatus,
    Seated,
    ServerMessage,
    Sync,
    TableOptions,
    TurnTimer,
    UserInfo,
    hand_view,
)
from cuatrola.protocol.messages import Act as ActMsg
from cuatrola.protocol.messages import AddBot as AddBotMsg
from cuatrola.protocol.messages import Chat as ChatMsg
from cuatrola.protocol.messages import CreateTable as CreateTableMsg
from cuatrola.protocol.messages import Join as JoinMsg
from cuatrola.protocol.messages import Leave as LeaveMsg
from cuatrola.protocol.messages import LobbySubscribe as LobbyMsg
from cuatrola.protocol.messages import Mute as MuteMsg
from cuatrola.protocol.messages import PlayComputer as PlayComputerMsg
from cuatrola.protocol.messages import QuickMatch as QuickMatchMsg
from cuatrola.protocol.messages import Reclaim as ReclaimMsg
from cuatrola.protocol.messages import Rematch as RematchMsg
from cuatrola.protocol.messages import Subscribe as SubscribeMsg
from cuatrola.protocol.messages import Unsubscribe as UnsubscribeMsg
from cuatrola.server.auth import Revoked
from cuatrola.server.bots import BotPool
from cuatrola.server.ratelimit import SlidingWindow
from cuatrola.server.services import Services
from cuatrola.server.table import (
    CLOSED,
    COMPUTER,
    FINISHED,
    OPEN,
    PLAYING,
    PRIVATE,
    QUICK,
    AddBot,
    AnswerRematch,
    ArmTimer,
    AskBot,
    BotMove,
    Broadcast,
    CancelTimer,
    CloseIdle,
    Command,
    FillBots,
    InfoChanged,
    Leave,
    MatchOver,
    OwnerGone,
    Play,
    Reclaim,
    Reply,
    Say,
    Sit,
    Table,
    TableConfig,
    TableEvent,
)
from cuatrola.storage.base import TableMeta

logger = logging.getLogger("cuatrola.room")

CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Close code sent to a client that does not read its frames fast enough.
CLOSE_TOO_SLOW: Final = 4408
ONLINE_INTERVAL: Final = 0.5
"""Seconds between two updates of the online count sent to the lobby."""
#: Close code for a connection whose login ended (logout, password change, expiry).
CLOSE_UNAUTHORIZED: Final = 4401
SESSION_CHECK: Final = 30.0
"""Seconds between two checks that the logins of open connections are still live (what ends
a login that no message announced, such as an expiry or an operator's deletion)."""


@dataclass(frozen=True)
class Identity:
    """Who a connection is (the fields of :class:`cuatrola.server.auth.Identity`) and the
    login it came with (its session key), so that ending that login can close it."""

    user_id: str
    name: str
    is_guest: bool
    session: str = ""


class Connection:
    """One client's connection as the room sees it: identity, subscriptions, outgoing frames.

    ``send`` never blocks: frames go to a bounded queue. A client that lets the queue fill up
    is cut off (``CLOSE_TOO_SLOW``) instead of slowing down a table; it reconnects and resumes.
    """

    def __init__(self, identity: Identity, max_queue: int = 256) -> None:
        self.identity = identity
        self.max_queue = max_queue
        self.frames: asyncio.Queue[bytes | int] = asyncio.Queue()
        self.tables: set[str] = set()
        self.muted: dict[str, frozenset[int]] = {}
        self.closed = False
        self.on_overflow: Callable[[], None] | None = None

    @property
    def user_id(self) -> str:
        """The user id."""
        return self.identity.user_id

    def send(self, message: ServerMessage) -> None:
        """Queue one message."""
        self.send_raw(encode(message))

    def send_raw(self, data: bytes) -> None:
        """Queue one encoded frame (or drop the connection if it is too far behind)."""
        if self.closed:
            return
        if self.frames.qsize() >= self.max_queue:
            self.close(CLOSE_TOO_SLOW)
            if self.on_overflow is not None:
                self.on_overflow()
            return
        self.frames.put_nowait(data)

    def close(self, code: int = 1000) -> None:
        """Ask the writer to close the socket with ``code`` after what is queued."""
        if not self.closed:
            self.closed = True
            self.frames.put_nowait(code)


# Runner items ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Cmd:
    command: Command
    client: Connection | None
    started: float


@dataclass(frozen=True)
class _Sub:
    client: Connection
    since: int | None
    cmd_id: str | None
    only_if_seated: bool = False


@dataclass(frozen=True)
class _Unsub:
    client: Connection
    cmd_id: str | None


_Item = _Cmd | _Sub | _Unsub


class TableRunner:
    """The task that owns one :class:`Table` (see the module docstring)."""

    def __init__(self, room: Room, table: Table, record_count: int, status: str) -> None:
        self.room = room
        self.table = table
        self.queue: asyncio.Queue[_Item] = asyncio.Queue()
        self.subscribers: dict[Connection, None] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        # The running turn timer as (loop deadline, seat, turn length), for the clocks.
        self.turn_clock: tuple[float, int, float] | None = None
        self.grace: dict[str, asyncio.TimerHandle] = {}
        self.record_count = record_count
        self.stored_status = status
        self.tasks: set[asyncio.Task[Any]] = set()
        self.task: asyncio.Task[None] | None = None
        self.broken = False

    def start(self) -> None:
        """Start the task."""
        self.task = asyncio.create_task(self._run(), name=f"table-{self.table.id}")

    def submit(self, item: _Item) -> None:
        """Queue a command or subscription change."""
        self.queue.put_nowait(item)

    def command(self, command: Command, client: Connection | None = None) -> None:
        """Queue a table command."""
        self.submit(_Cmd(command, client, time.perf_counter()))

    async def stop(self) -> None:
        """Cancel the task, timers and pending bot decisions."""
        for handle in (*self.timers.values(), *self.grace.values()):
            handle.cancel()
        for task in [*self.tasks, self.task]:
            if task is not None:
                task.cancel()
        for task in [*self.tasks, self.task]:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _run(self) -> None:
        while True:
            item = await self.queue.get()
            try:
                if isinstance(item, _Cmd):
                    await self._command(item)
                elif isinstance(item, _Sub):
                    self._subscribe(item)
                else:
                    self._unsubscribe(item)
            except Exception:  # pragma: no cover - keep serving the other tables
                logger.exception(
                    "table=%s error while handling %s", self.table.id, type(item).__name__
                )
            if self.broken:
                return

    async def _command(self, item: _Cmd) -> None:
        table = self.table
        metrics = self.room.services.metrics
        out = table.handle(item.command, now=time.time())
        records = table.take_records()
        status = table.status if table.status != self.stored_status else None
        if records or status is not None:
            began = time.perf_counter()
            try:
                await self.room.services.store.append(table.id, self.record_count, records, status)
            except Exception:
                # Memory is now ahead of the disk: this table must stop before anybody sees
                # a move that was not stored. Clients get an error; a restart resumes it from
                # what was committed.
                logger.exception("table=%s commit failed; table stopped", table.id)
                self.broken = True
                if item.client is not None:
                    item.client.send(
                        Error(
                            code="unavailable",
                            message="storage failure; retry",
                            id=getattr(item.command, "cmd", None),
                        )
                    )
                self.room.forget(self)
                return
            metrics.commit_latency.observe(time.perf_counter() - began)
            self.record_count += len(records)
            if status is not None:
                self.stored_status = status
            moves = sum(1 for r in records if r["r"] == "act")
            metrics.moves_total += moves
        else:
            moves = 0
        self.deliver(out, item.client)
        if moves and isinstance(item.command, Play):
            metrics.move_latency.observe(time.perf_counter() - item.started)
        if table.status == CLOSED:
            self.room.forget(self)

    def deliver(self, out: list[Any], client: Connection | None) -> None:
        """Carry out what :meth:`Table.handle` (or :meth:`Table.drive`) returned.

        Timers first, so that the events of the step carry the turn clock they leave running.
        """
        for o in out:
            if isinstance(o, ArmTimer):
                self._arm(o)
            elif isinstance(o, CancelTimer):
                handle = self.timers.pop(o.key, None)
                if o.key == "turn":
                    self.turn_clock = None
                if handle is not None:
                    handle.cancel()
        clock = self.clock()
        for o in out:
            if isinstance(o, Reply):
                if client is not None:
                    client.send(o.message)
                if isinstance(o.message, Error):
                    self.room.services.metrics.errors_total += 1
            elif isinstance(o, Broadcast):
                self._broadcast(o.event, clock)
            elif isinstance(o, AskBot):
                self._spawn(self._bot(o))
            elif isinstance(o, MatchOver):
                self._spawn(self.room.match_over(o))
            elif isinstance(o, InfoChanged):
                self.room.table_changed(self)
                self.maybe_evict()

    def _broadcast(self, event: TableEvent, clock: Clock | None) -> None:
        cache: dict[tuple[int | None, frozenset[int]], bytes] = {}
        table = self.table
        for client in list(self.subscribers):
            seat = table.seat_of(client.user_id)
            muted = client.muted.get(table.id, frozenset())
            key = (seat, muted)
            data = cache.get(key)
            if data is None:
                frame = table.project(event, seat, muted)
                if clock is not None:
                    frame = msgspec.structs.replace(frame, clock=clock)
                data = encode(frame)
                cache[key] = data
            client.send_raw(data)

    def clock(self) -> Clock | None:
        """The running turn timer as the clients' clocks show it, or ``None``."""
        if self.turn_clock is None:
            return None
        deadline, seat, total = self.turn_clock
        remaining = max(0.0, deadline - asyncio.get_running_loop().time())
        return Clock(seat=seat, remaining_ms=round(remaining * 1000), total_ms=round(total * 1000))

    def _send_all(self, message: ServerMessage) -> None:
        data = encode(message)
        for client in list(self.subscribers):
            client.send_raw(data)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _bot(self, ask: AskBot) -> None:
        began = time.perf_counter()
        action = await self.room.bots.choose(ask.level, ask.view)
        elapsed = time.perf_counter() - began
        self.room.services.metrics.bot_latency.observe(elapsed)
        delay = self.room.services.settings.bot_delay - elapsed
        if delay > 0:
            await asyncio.sleep(delay)
        self.room.services.metrics.bot_moves_total += 1
        self.command(_bot_move(ask, action))

    def _arm(self, timer: ArmTimer) -> None:
        old = self.timers.pop(timer.key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        command = timer.command
        self.timers[timer.key] = loop.call_later(
            max(timer.seconds, 0.0), lambda: self.command(command)
        )
        hand = self.table.hand
        if timer.key == "turn" and hand is not None and hand.to_move is not None:
            self.turn_clock = (loop.time() + timer.seconds, hand.to_move, timer.seconds)

    def arm_grace(self, user: str) -> None:
        """Start the grace period of a seated owner who is not connected."""
        old = self.grace.pop(user, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.grace[user] = loop.call_later(
            self.room.services.settings.grace_period, lambda: self.command(OwnerGone(user))
        )

    # Subscriptions ----------------------------------------------------------------------------

    def _subscribe(self, item: _Sub) -> None:
        table = self.table
        client = item.client
        if client.closed:
            return
        seat = table.seat_of(client.user_id)
        if seat is None and item.only_if_seated:
            return
        if seat is None and not table.options.public:
            client.send(Error(code="forbidden", message="this table is private", id=item.cmd_id))
            return
        if client not in self.subscribers and seat is None:
            table.spectators += 1
        self.subscribers[client] = None
        client.tables.add(table.id)
        if item.cmd_id is not None:
            client.send(Ack(id=item.cmd_id, table=table.id, seat=seat, seq=table.seq))
        muted = client.muted.get(table.id, frozenset())
        events = table.events_since(item.since) if item.since is not None else None
        if events is None:
            client.send(self._sync(seat, muted))
        else:
            frames = [table.project(event, seat, muted) for event in events]
            clock = self.clock()
            if frames and clock is not None:
                # Only the newest frame tells the clock: the older ones' turns are over.
                frames[-1] = msgspec.structs.replace(frames[-1], clock=clock)
            for frame in frames:
                client.send(frame)
        if seat is not None:
            handle = self.grace.pop(client.user_id, None)
            if handle is not None:
                handle.cancel()
            if seat not in table.online:
                table.set_online(client.user_id, True)
                self._send_all(Presence(table=table.id, seat=seat, online=True))
            slot = table.seats[seat]
            if slot.away and not slot.left:
                self.command(Reclaim(client.user_id, f"~return-{table.seq}"))

    def _unsubscribe(self, item: _Unsub) -> None:
        table = self.table
        client = item.client
        client.tables.discard(table.id)
        if item.cmd_id is not None:
            client.send(Ack(id=item.cmd_id, table=table.id))
        if client not in self.subscribers:
            return
        del self.subscribers[client]
        seat = table.seat_of(client.user_id)
        if seat is None:
            table.spectators = max(0, table.spectators - 1)
            return
        if any(c.user_id == client.user_id for c in self.subscribers):
            return
        table.set_online(client.user_id, False)
        self._send_all(Presence(table=table.id, seat=seat, online=False))
        if table.status == PLAYING:
            self.arm_grace(client.user_id)
        self.maybe_evict()

    def maybe_evict(self) -> None:
        """A table that is not being played and that no seated player watches is closed after
        a while (``finished_ttl`` after a match, ``open_ttl`` while waiting for players), so
        it leaves memory and is not resumed at the next start."""
        status = self.table.status
        if status not in (OPEN, FINISHED) or self._owner_watching():
            return
        settings = self.room.settings
        ttl = settings.finished_ttl if status == FINISHED else settings.open_ttl
        old = self.timers.pop("evict", None)
        if old is not None:
            old.cancel()

        def evict() -> None:
            if not self._owner_watching():
                self.command(CloseIdle())

        self.timers["evict"] = asyncio.get_running_loop().call_later(ttl, evict)

    def _owner_watching(self) -> bool:
        return any(self.table.seat_of(c.user_id) is not None for c in self.subscribers)

    def _sync(self, seat: int | None, muted: frozenset[int]) -> Sync:
        table = self.table
        view = table.current_view(seat)
        clock = self.clock()
        timer = None
        if clock is not None:
            timer = TurnTimer(seat=clock.seat, seconds=round(clock.remaining_ms / 1000, 2))
        return Sync(
            table=table.id,
            seq=table.seq,
            info=table.info(with_code=seat is not None),
            seat=seat,
            view=hand_view(view) if view is not None else None,
            chat=table.recent_chat(muted),
            timer=timer,
            clock=clock,
        )


def _bot_move(ask: AskBot, action: int) -> Command:
    return BotMove(ask.seat, ask.turn, action)


# The room -------------------------------------------------------------------------------------


class Room:
    """Every table, the lobby subscribers, the quick match queue and rate limits.

    Args:
        services: shared services (store, settings, metrics, listeners).
        bots: where computer players think.
    """

    def __init__(self, services: Services, bots: BotPool) -> None:
        self.services = services
        self.bots = bots
        self.settings = services.settings
        self.runners: dict[str, TableRunner] = {}
        self.codes: dict[str, str] = {}
        self.lobby: dict[Connection, None] = {}
        self.waiting: OrderedDict[str, Connection] = OrderedDict()
        self.fill_timer: asyncio.TimerHandle | None = None
        self.fill_deadline = 0.0
        self.recent: OrderedDict[tuple[str, str], Ack] = OrderedDict()
        self.chat_limits: dict[str, SlidingWindow] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.online_sent = 0
        self.online_timer: asyncio.TimerHandle | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.relay: Any = None

    def _config(self) -> TableConfig:
        s = self.settings
        return TableConfig(
            min_turn_time=s.min_turn_time,
            max_timeouts=s.max_timeouts,
            hand_pause=s.hand_pause,
            event_window=s.event_window,
            cante_window=s.cante_window,
        )

    # Life cycle -------------------------------------------------------------------------------

    async def start(self) -> int:
        """Resume every unfinished table from the store; return how many."""
        self._spawn(self._check_sessions_forever())
        store = self.services.store
        count = 0
        for meta in await store.live_tables():
            records = await store.records(meta.id)
            options = msgspec.convert(meta.options, TableOptions)
            table = Table(
                meta.id, meta.code, meta.kind, options, self._config(), created_at=meta.created_at
            )
            table.restore(records)
            runner = self._add(table, len(records), meta.status)
            if table.status != meta.status:
                runner.stored_status = meta.status  # the next commit fixes the row
            runner.deliver(table.drive(), None)
            for user in table.humans:
                if table.status == PLAYING:
                    runner.arm_grace(user)
            runner.maybe_evict()
            count += 1
            logger.info(
                "table=%s resumed records=%d status=%s", meta.id, len(records), table.status
            )
        return count

    async def stop(self) -> None:
        """Stop every table task and close every connection ("going away")."""
        if self.fill_timer is not None:
            self.fill_timer.cancel()
        if self.online_timer is not None:
            self.online_timer.cancel()
        for conns in self.connections.values():
            for conn in conns:
                conn.close(1001)
        for runner in list(self.runners.values()):
            await runner.stop()
        for task in list(self.tasks):
            task.cancel()
        self.runners.clear()

    def _add(self, table: Table, record_count: int, status: str) -> TableRunner:
        runner = TableRunner(self, table, record_count, status)
        self.runners[table.id] = runner
        self.codes[table.code] = table.id
        self.services.metrics.tables = len(self.runners)
        runner.start()
        return runner

    def forget(self, runner: TableRunner) -> None:
        """Drop a closed (or broken) table from memory."""
        table = runner.table
        if self.runners.get(table.id) is runner:
            del self.runners[table.id]
            self.codes.pop(table.code, None)
            self.services.metrics.tables = len(self.runners)
            self._lobby_send(LobbyUpdate(table=table.info(with_code=False), removed=True))
            self._spawn(runner.stop())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _create(self, kind: str, options: TableOptions) -> TableRunner:
        now = time.time()
        for _ in range(10):
            table_id = "t-" + secrets.token_hex(5)
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if table_id not in self.runners and code not in self.codes:
                break
        meta = TableMeta(
            id=table_id,
            code=code,
            kind=kind,
            options=msgspec.to_builtins(options),
            status=OPEN,
            created_at=now,
        )
        await self.services.store.create(meta)
        table = Table(table_id, code, kind, options, self._config(), created_at=now)
        logger.info("table=%s created kind=%s rules=%s", table_id, kind, options.rules)
        return self._add(table, 0, OPEN)

    # Connections ------------------------------------------------------------------------------

    def connected(self, conn: Connection) -> list[str]:
        """Register a connection; return the unfinished tables where its user is seated."""
        self.connections.setdefault(conn.user_id, set()).add(conn)
        self._online_changed()
        self.services.metrics.connections += 1
        self.services.metrics.connections_total += 1
        return [
            r.table.id
            for r in self.runners.values()
            if r.table.seat_of(conn.user_id) is not None and r.table.status != CLOSED
        ]

    def disconnected(self, conn: Connection) -> None:
        """Forget a connection: unsubscribe it everywhere, leave the queue if it was there."""
        conns = self.connections.get(conn.user_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.connections[conn.user_id]
                self._online_changed()
        self.services.metrics.connections -= 1
        self.lobby.pop(conn, None)
        if self.waiting.get(conn.user_id) is conn:
            del self.waiting[conn.user_id]
            self._queue_changed()
        for table_id in list(conn.tables):
            runner = self.runners.get(table_id)
            if runner is not None:
                runner.submit(_Unsub(conn, None))

    # Dispatch ---------------------------------------------------------------------------------

    async def handle(self, conn: Connection, msg: ClientMessage) -> None:
        """Carry out one client message (after ``hello``); never raises."""
        self.services.metrics.commands_total += 1
        try:
            await self._handle(conn, msg)
        except Exception:
            logger.exception("command %s failed", type(msg).__name__)
            self._error(
                conn,
                "unavailable",
                "the server could not do that now; retry",
                getattr(msg, "id", None),
            )

    async def _handle(self, conn: Connection, msg: ClientMessage) -> None:
        user = conn.identity
        match msg:
            case SubscribeMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.submit(_Sub(conn, msg.since, msg.id))
            case UnsubscribeMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.submit(_Unsub(conn, msg.id))
            case ChatMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is None:
                    return
                if msg.table not in conn.tables and runner.table.seat_of(user.user_id) is None:
                    self._error(conn, "forbidden", "watch or sit at the table to chat", msg.id)
                    return
                limit = self.chat_limits.setdefault(
                    user.user_id,
                    SlidingWindow(self.settings.chat_lines, self.settings.chat_window),
                )
                if not limit.hit(time.monotonic()):
                    self._error(conn, "rate_limited", "too many chat lines; wait a moment", msg.id)
                    return
                runner.command(Say(user.user_id, user.name, msg.text, msg.phrase, msg.id), conn)
            case MuteMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is None:
                    return
                muted = set(conn.muted.get(msg.table, frozenset()))
                if msg.on:
                    muted.add(msg.seat)
                else:
                    muted.discard(msg.seat)
                conn.muted[msg.table] = frozenset(muted)
                conn.send(Ack(id=msg.id, table=msg.table))
            case LobbyMsg():
                if msg.on:
                    self.lobby[conn] = None
                    conn.send(Lobby(tables=self._lobby_rows(), online=len(self.connections)))
                else:
                    self.lobby.pop(conn, None)
            case CreateTableMsg():
                await self._create_table(conn, msg)
            case PlayComputerMsg():
                await self._play_computer(conn, msg)
            case QuickMatchMsg():
                self._quick_match(conn, msg)
            case _:
                self._table_command(conn, msg)

    def _table_command(self, conn: Connection, msg: ClientMessage) -> None:
        user = conn.identity
        match msg:
            case JoinMsg():
                table_id = msg.table if msg.table is not None else self.codes.get(msg.code or "")
                if table_id is None:
                    self._error(conn, "not_found", f"no table with code {msg.code!r}", msg.id)
                    return
                runner = self._runner(conn, table_id, msg.id)
                if runner is None:
                    return
                if msg.code is None and not runner.table.options.public:
                    self._error(conn, "forbidden", "join this private table with its code", msg.id)
                    return
                runner.command(Sit(user.user_id, user.name, msg.seat, msg.id), conn)
                runner.submit(_Sub(conn, None, None, only_if_seated=True))
            case AddBotMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.command(AddBot(user.user_id, msg.seat, msg.id), conn)
            case LeaveMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.command(Leave(user.user_id, msg.id), conn)
            case ReclaimMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.command(Reclaim(user.user_id, msg.id), conn)
            case RematchMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.command(AnswerRematch(user.user_id, msg.accept, msg.id), conn)
            case ActMsg():
                runner = self._runner(conn, msg.table, msg.id)
                if runner is not None:
                    runner.command(Play(user.user_id, msg.action, msg.seat, msg.seq, msg.id), conn)
            case _:  # pragma: no cover - every client message type is handled above
                self._error(conn, "invalid", f"unexpected {type(msg).__name__}", None)

    def _runner(self, conn: Connection, table_id: str, cmd_id: str | None) -> TableRunner | None:
        runner = self.runners.get(table_id)
        if runner is None:
            self._error(conn, "not_found", f"no open table {table_id!r}", cmd_id)
        return runner

    def _error(self, conn: Connection, code: str, message: str, cmd_id: str | None) -> None:
        self.services.metrics.errors_total += 1
        conn.send(Error(code=code, message=message, id=cmd_id))

    def _remembered(self, conn: Connection, cmd_id: str) -> bool:
        ack = self.recent.get((conn.user_id, cmd_id))
        if ack is None:
            return False
        conn.send(Ack(id=ack.id, table=ack.table, seat=ack.seat, seq=ack.seq, duplicate=True))
        return True

    def _remember(self, conn: Connection, ack: Ack) -> None:
        self.recent[(conn.user_id, ack.id)] = ack
        while len(self.recent) > 10000:
            self.recent.popitem(last=False)

    # Table creation ---------------------------------------------------------------------------

    async def _create_table(self, conn: Connection, msg: CreateTableMsg) -> None:
        if self._remembered(conn, msg.id):
            return
        runner = await self._create(PRIVATE, msg.options)
        self._remember(conn, Ack(id=msg.id, table=runner.table.id, seat=msg.seat))
        user = conn.identity
        runner.command(Sit(user.user_id, user.name, msg.seat, msg.id), conn)
        bots = tuple(s for s in dict.fromkeys(msg.bots) if s != msg.seat)
        if bots:
            runner.command(FillBots(bots))
        runner.submit(_Sub(conn, None, None, only_if_seated=True))

    async def _play_computer(self, conn: Connection, msg: PlayComputerMsg) -> None:
        if self._remembered(conn, msg.id):
            return
        runner = await self._create(COMPUTER, msg.options)
        self._remember(conn, Ack(id=msg.id, table=runner.table.id, seat=0))
        user = conn.identity
        runner.command(Sit(user.user_id, user.name, 0, msg.id), conn)
        runner.command(FillBots((1, 2, 3)))
        runner.submit(_Sub(conn, None, None, only_if_seated=True))

    # Quick match ------------------------------------------------------------------------------

    def _quick_match(self, conn: Connection, msg: QuickMatchMsg) -> None:
        if msg.on:
            self.waiting[conn.user_id] = conn
        else:
            self.waiting.pop(conn.user_id, None)
        conn.send(Ack(id=msg.id))
        if not msg.on:
            conn.send(QueueStatus(on=False))
        if len(self.waiting) >= 4:
            group = [self.waiting.popitem(last=False)[1] for _ in range(4)]
            self._spawn(self._form_quick(group))
        self._queue_changed()

    def _queue_changed(self) -> None:
        loop = asyncio.get_running_loop()
        if self.waiting and self.fill_timer is None:
            wait = self.settings.quick_fill_wait
            self.fill_deadline = loop.time() + wait
            self.fill_timer = loop.call_later(wait, self._fill_quick)
        elif not self.waiting and self.fill_timer is not None:
            self.fill_timer.cancel()
            self.fill_timer = None
        remaining = max(0.0, self.fill_deadline - loop.time())
        for conn in self.waiting.values():
            conn.send(QueueStatus(on=True, waiting=len(self.waiting), fill_in=round(remaining, 1)))

    def _fill_quick(self) -> None:
        self.fill_timer = None
        group = list(self.waiting.values())[:3]
        for conn in group:
            del self.waiting[conn.user_id]
        if group:
            self._spawn(self._form_quick(group))
        self._queue_changed()

    async def _form_quick(self, group: list[Connection]) -> None:
        # The quick match plays 11 hands (docs/rules.md, section 7).
        runner = await self._create(QUICK, TableOptions(rules="hands11", turn_time=30.0))
        table_id = runner.table.id
        for seat, conn in enumerate(group):
            user = conn.identity
            runner.command(Sit(user.user_id, user.name, seat, f"~quick-{table_id}"))
        if len(group) < 4:
            runner.command(FillBots(tuple(range(len(group), 4))))
        for seat, conn in enumerate(group):
            conn.send(QueueStatus(on=False))
            conn.send(Seated(table=table_id, seat=seat))
            runner.submit(_Sub(conn, None, None, only_if_seated=True))

    # Lobby and listeners ----------------------------------------------------------------------

    def _lobby_rows(self) -> list[Any]:
        return [
            r.table.info(with_code=False)
            for r in self.runners.values()
            if r.table.options.public and r.table.status in (OPEN, PLAYING)
        ]

    def _lobby_send(self, message: ServerMessage) -> None:
        data = encode(message)
        self.deliver_lobby_frame(data)
        if self.relay is not None:
            self._spawn(self.relay.publish(data))

    def deliver_lobby_frame(self, data: bytes) -> None:
        """Send an encoded lobby frame to this process's lobby subscribers."""
        for conn in list(self.lobby):
            conn.send_raw(data)

    def end_logins(self, revoked: Revoked) -> int:
        """Close every connection of a login that ended; return how many."""
        closed = 0
        for conns in list(self.connections.values()):
            for conn in list(conns):
                if revoked.ends(conn.user_id, conn.identity.session):
                    conn.send(Error(code="unauthorized", message="your login has ended"))
                    conn.close(CLOSE_UNAUTHORIZED)
                    closed += 1
        if closed:
            logger.info("closed %d connection(s) of ended logins", closed)
        return closed

    async def check_sessions(self) -> int:
        """Close the connections whose login is no longer live; return how many."""
        keys = {c.identity.session for conns in self.connections.values() for c in conns}
        keys.discard("")
        if not keys:
            return 0
        live = await self.services.authenticator.live_sessions(keys)
        return self.end_logins(Revoked(sessions=tuple(keys - live)))

    async def _check_sessions_forever(self) -> None:
        while True:
            await asyncio.sleep(SESSION_CHECK)
            try:
                await self.check_sessions()
            except Exception:
                logger.exception("checking the open connections' logins failed")

    def _online_changed(self) -> None:
        # Connections come and go in bursts (a reload is one of each): tell the lobby at most
        # every ONLINE_INTERVAL seconds, and only when the count really moved.
        if self.online_timer is None:
            loop = asyncio.get_running_loop()
            self.online_timer = loop.call_later(ONLINE_INTERVAL, self._send_online)

    def _send_online(self) -> None:
        self.online_timer = None
        count = len(self.connections)
        if count != self.online_sent:
            self.online_sent = count
            # The count is this process's: other processes' lobbies get their own.
            self.deliver_lobby_frame(encode(Online(players=count)))

    def table_changed(self, runner: TableRunner) -> None:
        """A table's seats or status changed: update the lobby."""
        table = runner.table
        if not table.options.public:
            return
        removed = table.status not in (OPEN, PLAYING)
        self._lobby_send(LobbyUpdate(table=table.info(with_code=False), removed=removed))

    async def match_over(self, over: MatchOver) -> None:
        """Give a finished match to every listener (history, ratings)."""
        for listener in self.services.match_listeners:
            try:
                await listener(over.finished)
            except Exception:
                logger.exception("match=%s listener failed", over.finished.match_id)
        logger.info("match=%s finished score=%s", over.finished.match_id, over.finished.score)

    def user_info(self, conn: Connection) -> UserInfo:
        """The ``welcome`` user block."""
        ident = conn.identity
        return UserInfo(id=ident.user_id, name=ident.name, guest=ident.is_guest)


__all__ = ["Connection", "Identity", "Room", "TableRunner"]

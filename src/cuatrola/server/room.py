"""The card room: routes each client message to its table's runner, the lobby or the queue.

No socket code lives here (:mod:`.socket` drains a :class:`~.connection.Connection` to its
websocket) and no game logic (the table layer has it): the room keeps the tables of this
process by id and invite code, creates tables, and turns client messages into table commands
of the same name with the sender's user id. A message about a table that another live node
runs goes to that node (:mod:`.cluster`), which serves it through this same routing.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Final

import msgspec

from cuatrola.core.views import SeatView
from cuatrola.protocol import messages as wire
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.server.accounts.auth import Revoked
from cuatrola.server.bots import BotPool
from cuatrola.server.claims import Claims
from cuatrola.server.cluster import Cluster, RemoteConnection
from cuatrola.server.connection import CLOSE_UNAUTHORIZED, Connection
from cuatrola.server.limits import SlidingWindow
from cuatrola.server.lobby import LobbyRoom
from cuatrola.server.metrics import Metrics
from cuatrola.server.runner import TableRunner, is_live
from cuatrola.server.services import Services
from cuatrola.storage.base import (
    LIVE_STATUSES,
    GameStore,
    Record,
    TableKind,
    TableMeta,
    TableStatus,
    until,
)
from cuatrola.table import commands
from cuatrola.table.effects import FinishedMatch, HandOver
from cuatrola.table.records import SitRecord, read_records
from cuatrola.table.seats import TableConfig
from cuatrola.table.table import Table

logger = logging.getLogger("cuatrola.room")

CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Close code of a connection to a table that another node runs now (the client reconnects).
CLOSE_MOVED: Final = 1012

#: Seconds before a table whose commit failed is read back from the store again, doubled
#: after each failed attempt up to the second figure.
RELOAD_DELAY: Final = 0.5
RELOAD_MAX_DELAY: Final = 10.0
SESSION_CHECK: Final = 30.0
"""Seconds between two checks that the logins of open connections are still live (what ends
a login that no message announced, such as an expiry or an operator's deletion)."""
HINT_LIMIT: Final = 12
HINT_WINDOW: Final = 60.0
"""At most ``HINT_LIMIT`` hints per player in any ``HINT_WINDOW`` seconds."""
#: The statuses of a table that counts against ``Settings.tables_per_user``.
UNFINISHED: Final = (TableStatus.OPEN, TableStatus.PLAYING)
RunnerMessage = (
    wire.Subscribe
    | wire.Unsubscribe
    | wire.AddBot
    | wire.Leave
    | wire.Reclaim
    | wire.Rematch
    | wire.Act
    | wire.Contribute
)
"""A table message that goes to the table's runner as it is (:meth:`Room.runner_for`)."""
_RUNNER_MESSAGES: Final = RunnerMessage.__args__
TableMessage = wire.Join | wire.Mute | wire.Chat | wire.Hint | RunnerMessage
"""A client message about one table (named by ``table``, or by ``code`` for a join)."""
#: The quick match plays 11 hands (docs/rules.md, section 7).
QUICK_OPTIONS: Final = wire.TableOptions(rules="hands11", turn_time=30.0)


class Room:
    """Every table of this process, the lobby, and the connections of its users.

    It is the :class:`~.runner.RunnerHost` of its runners.

    Args:
        services: shared services (store, settings, metrics, listeners).
        bots: where computer players think.
    """

    def __init__(self, services: Services, bots: BotPool) -> None:
        self.services = services
        self.bots = bots
        self.settings = services.settings
        self.runners: dict[TableId, TableRunner] = {}
        #: Tables being rebuilt from the store after a failed commit.
        self.reloading: set[TableId] = set()
        #: Tables this node is claiming and resuming right now.
        self.taking: set[TableId] = set()
        self.claims = Claims(self, self.settings.node, self.settings.lease, self.metrics)
        #: Whether :meth:`start` has resumed the stored tables (``/readyz`` waits for it).
        self.started = False
        #: Whether :meth:`stop` has begun: the node hands its tables over and takes none.
        self.stopping = False
        self.codes: dict[str, TableId] = {}
        self.lobby = LobbyRoom(self.settings.quick_fill_wait, self.form_quick, self.lobby_rows)
        self.recent: OrderedDict[tuple[UserId, CommandId], wire.Ack] = OrderedDict()
        self.chat_limits: dict[UserId, SlidingWindow] = {}
        self.hint_limits: dict[UserId, SlidingWindow] = {}
        self.connections: dict[UserId, set[Connection]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        #: The links with the other nodes (with Redis), or ``None`` for one process alone.
        self.cluster: Cluster | None = None

    # RunnerHost ---------------------------------------------------------------------------------

    @property
    def store(self) -> GameStore:
        """The game store."""
        return self.services.store

    @property
    def metrics(self) -> Metrics:
        """The server's metrics."""
        return self.services.metrics

    @property
    def bot_delay(self) -> float:
        """The least seconds a computer player's move takes."""
        return self.settings.bot_delay

    async def choose(self, level: str, view: SeatView) -> int:
        """A computer player's action, thought out in the bot pool."""
        return await self.bots.choose(level, view)

    def count_hint(self, user: UserId) -> None:
        """``user`` gets a hint: count it against their limit."""
        self._hint_limit(user).record(time.monotonic())

    def _hint_limit(self, user: UserId) -> SlidingWindow:
        return self.hint_limits.setdefault(user, SlidingWindow(HINT_LIMIT, HINT_WINDOW))

    async def hint(self, view: SeatView, seed: int) -> int | None:
        """A hint: the expert's action for ``view``, thought out in the bot pool."""
        return await self.bots.hint(view, seed)

    def lobby_changed(self, runner: TableRunner) -> None:
        """A table's seats or status changed: update the lobby."""
        table = runner.table
        if table.options.public:
            row = table.info(with_code=False)
            self.lobby.send(wire.LobbyUpdate(table=row, removed=not is_live(table.status)))

    def forget(self, runner: TableRunner) -> None:
        """Drop a closed (or broken) table from memory."""
        table = runner.table
        if self.runners.get(table.id) is runner:
            del self.runners[table.id]
            self.codes.pop(table.code, None)
            self.metrics.tables = len(self.runners)
            self.lobby.send(wire.LobbyUpdate(table=table.info(with_code=False), removed=True))
            self._spawn(runner.stop())

    async def match_over(self, finished: FinishedMatch) -> None:
        """Give a finished match to every listener (history, ratings)."""
        for listener in self.services.match_listeners:
            try:
                await listener(finished)
            except Exception:
                logger.exception("match=%s listener failed", finished.match_id)
        logger.info("match=%s finished score=%s", finished.match_id, finished.score)

    async def hand_analysis(self, over: HandOver) -> bytes | None:
        """The analysis after the hand ``over``, computed off the event loop (or ``None``)."""
        analyser = self.services.hand_analyser
        return None if analyser is None else await analyser(over)

    # Life cycle -------------------------------------------------------------------------------

    def _config(self) -> TableConfig:
        s = self.settings
        return TableConfig(
            min_turn_time=s.min_turn_time,
            max_timeouts=s.max_timeouts,
            hand_pause=s.hand_pause,
            event_window=s.event_window,
            cante_window=s.cante_window,
            grace_period=s.grace_period,
            open_ttl=s.open_ttl,
            finished_ttl=s.finished_ttl,
            shuffle_window=s.shuffle_window,
        )

    async def start(self) -> int:
        """Claim and resume every unfinished table nobody else holds; return how many."""
        self._spawn(self._check_sessions_forever())
        began = time.perf_counter()
        count = await self.claims.take_free_tables()
        self.metrics.resumed_tables = count
        self.metrics.resume_seconds = time.perf_counter() - began
        self._spawn(self.claims.hold_forever())
        self.started = True
        return count

    async def take(self, meta: TableMeta) -> bool:
        """Claim a stored table for this node and resume it (:class:`~.claims.ClaimsHost`)."""
        table_id = TableId(meta.id)
        if self.stopping:
            return False  # a node that drains takes no table
        if table_id in self.runners or table_id in self.reloading or table_id in self.taking:
            return False
        # One take at a time per table: the claims loop and a reconnecting client's command
        # may both try, and a second claim would fence the first.
        self.taking.add(table_id)
        try:
            # Who held it, to tell a failover from a hand-over; the tables resumed at
            # start-up are counted as such instead.
            before = await self.store.locate(meta.id) if self.started else None
            epoch = await self.claims.claim(meta.id)
            if epoch is None:
                return False
            self._resume(meta, await self.store.records(meta.id), epoch)
            self.claims.taken_over(meta.id, before)
            return True
        finally:
            self.taking.discard(table_id)

    async def _bring_here(self, table_id: TableId) -> bool:
        """For a table this node does not run: ``False`` when it is live in the store but
        held by another node (a node that went down: the client retries while this node
        takes the table over), else ``True`` (taken over here at once, when its owner's lease
        is over; or unknown, or closed: not found)."""
        if table_id in self.reloading:
            return True  # answered "reloading" by the lookup
        try:
            meta = await self.store.get(table_id)
        except Exception:
            return True
        if meta is None or meta.status not in LIVE_STATUSES:
            return True
        return await self.take(meta) or table_id in self.runners

    def lost(self, runner: TableRunner) -> None:
        """Another node holds the table now (:class:`~.claims.ClaimsHost`): stop it here and
        close its followers' connections, so that they reconnect (through the proxy) and
        find it where it runs."""
        table = runner.table
        if self.runners.get(table.id) is not runner:
            return
        del self.runners[table.id]
        self.codes.pop(table.code, None)
        self.metrics.tables = len(self.runners)
        for conn in list(runner.subscribers):
            conn.close(CLOSE_MOVED)
        self._spawn(runner.stop())

    def _resume(self, meta: TableMeta, rows: list[Record], epoch: int | None) -> TableRunner:
        """A table rebuilt from its stored records, running again with its deadlines."""
        options = msgspec.convert(meta.options, wire.TableOptions)
        table = Table(
            TableId(meta.id),
            meta.code,
            TableKind(meta.kind),
            options,
            self._config(),
            created_at=meta.created_at,
            seed_source=secrets.token_bytes,
        )
        records = read_records(rows)
        table.restore(records)
        # A create_table or play_computer sent again after a restart is answered with the
        # table it made: its id is on the creator's sit record.
        for record in records:
            if isinstance(record, SitRecord) and record.cmd is not None and record.by is not None:
                ack = wire.Ack(id=record.cmd, table=table.id, seat=record.seat)
                self.recent[(record.by, record.cmd)] = ack
        runner = self._add(table, len(rows), meta.status, epoch)
        # First in the runner's queue: the deadlines run again (and their shift is committed)
        # before any command of a client reaches the table.
        runner.command(commands.Resume())
        logger.info("table=%s resumed records=%d status=%s", meta.id, len(rows), table.status)
        return runner

    def reload(self, runner: TableRunner, subscribers: list[Connection]) -> None:
        """Rebuild a table whose commit failed from the store (see :class:`RunnerHost`)."""
        table_id = runner.table.id
        if self.runners.get(table_id) is not runner:
            return
        del self.runners[table_id]
        self.reloading.add(table_id)
        self.metrics.tables = len(self.runners)
        self._spawn(self._reload(runner, subscribers))

    async def _reload(self, old: TableRunner, subscribers: list[Connection]) -> None:
        table_id = old.table.id
        await old.stop()
        delay = RELOAD_DELAY
        while True:
            try:
                meta = await self.store.get(table_id)
                rows = await self.store.records(table_id) if meta is not None else []
                break
            except Exception as exc:
                logger.warning(
                    "table=%s cannot be read back yet (%s); retrying in %.1f s",
                    table_id,
                    type(exc).__name__,
                    delay,
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, RELOAD_MAX_DELAY)
        epoch = await self._claim_again(table_id) if meta is not None else None
        self.reloading.discard(table_id)
        if meta is None or epoch is None:
            for conn in subscribers:
                conn.close(CLOSE_MOVED)  # another node took the table meanwhile
            return
        runner = self._resume(meta, rows, epoch)
        self.metrics.tables_reloaded_total += 1
        for conn in subscribers:
            if not conn.closed:
                runner.subscribe(conn)

    async def stop(self, deadline: float | None = None) -> bool:
        """Stop every table task and close every connection ("going away"), then hand the
        tables over: end their leases, waiting for the database until ``deadline`` (on the
        event loop's clock; ``None``: as long as it takes). Whether the leases were ended."""
        self.stopping = True
        self.lobby.stop()
        for conns in self.connections.values():
            for conn in conns:
                conn.close(1001)
        # All at once: a task cut short in a database call may take 2 s to end (SQLAlchemy
        # first closes that connection gracefully), and those waits must not add up.
        await asyncio.gather(*(runner.stop() for runner in self.runners.values()))
        if self.cluster is not None:
            # Other nodes' clients of these tables reconnect and find them where they move.
            for proxy in list(self.cluster.proxies.values()):
                proxy.close(CLOSE_MOVED)
            await self.cluster.stop()
        for task in list(self.tasks):
            task.cancel()
        # Other nodes may take these tables at once rather than when the leases run out; so
        # may they the tables waiting to be read back after a failed commit (still claimed
        # here) and those being claimed right now.
        held = [*self.runners, *self.reloading, *self.taking]
        self.runners.clear()
        if not held:
            return True
        release = self.store.release(self.claims.node, held)
        try:
            await (release if deadline is None else until(deadline, release))
        except Exception as exc:
            # The database is down, or does not answer: the node stops all the same (systemd
            # kills it after TimeoutStopSec otherwise), and says what that leaves behind.
            why = "did not answer in time" if isinstance(exc, TimeoutError) else "is unreachable"
            logger.warning(
                "could not hand %d table(s) over: the database %s (%s). What they had not "
                "stored was never acknowledged; this node started again resumes them from "
                "the store at once, another node once their leases run out (%g s)",
                len(held),
                why,
                type(exc).__name__,
                self.settings.lease,
            )
            return False
        return True

    async def _claim_again(self, table_id: TableId) -> int | None:
        """This node's claim on a table it is reloading (a new epoch), once the store answers;
        ``None`` when another node took it meanwhile."""
        delay = RELOAD_DELAY
        while True:
            try:
                return await self.claims.claim(table_id)
            except Exception:
                await asyncio.sleep(delay)
                delay = min(delay * 2, RELOAD_MAX_DELAY)

    def _add(self, table: Table, record_count: int, status: str, epoch: int | None) -> TableRunner:
        runner = TableRunner(self, table, record_count, status, epoch)
        self.runners[table.id] = runner
        self.codes[table.code] = table.id
        self.metrics.tables = len(self.runners)
        runner.start()
        return runner

    def _spawn(self, coro: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _create(self, kind: TableKind, options: wire.TableOptions) -> TableRunner:
        now = time.time()
        for _ in range(10):
            table_id = TableId("t-" + secrets.token_hex(5))
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if table_id not in self.runners and code not in self.codes:
                break
        meta = TableMeta(
            id=table_id,
            code=code,
            kind=kind,
            options=msgspec.to_builtins(options),
            status=TableStatus.OPEN,
            created_at=now,
        )
        await self.store.create(meta, owner=self.claims.node, lease=self.claims.until())
        table = Table(
            table_id,
            code,
            kind,
            options,
            self._config(),
            created_at=now,
            seed_source=secrets.token_bytes,  # each shuffle's secret seed
        )
        logger.info("table=%s created kind=%s rules=%s", table_id, kind, options.rules)
        return self._add(table, 0, TableStatus.OPEN, 1)

    # Connections ------------------------------------------------------------------------------

    def connected(self, conn: Connection) -> list[TableId]:
        """Register a connection; return the unfinished tables where its user is seated."""
        self.connections.setdefault(conn.user, set()).add(conn)
        if self.cluster is not None:
            self.cluster.attach(conn)
        self.cluster_changed()
        self.metrics.connections += 1
        self.metrics.connections_total += 1
        return [
            r.table.id
            for r in self.runners.values()
            if r.table.seat_of(conn.user) is not None and r.table.status != TableStatus.CLOSED
        ]

    def disconnected(self, conn: Connection) -> None:
        """Forget a connection: unsubscribe it everywhere, leave the queue if it was there."""
        conns = self.connections.get(conn.user)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.connections[conn.user]
                self.cluster_changed()
        if self.cluster is not None:
            self.cluster.detach(conn)
        self.metrics.connections -= 1
        self.forget_remote(conn)

    def forget_remote(self, conn: Connection) -> None:
        """A connection closed (another node's, :class:`~.cluster.ClusterHost`, or one of this
        node's): unsubscribe it here and take it out of the queue."""
        self.lobby.gone(conn)
        for table_id in list(conn.tables):
            runner = self.runners.get(table_id)
            if runner is not None:
                runner.unsubscribe(conn)

    def dequeued(self, number: int) -> None:
        """This node's connection ``number`` was seated from the shared queue elsewhere."""
        if self.lobby.shared is not None:
            self.lobby.shared.seated(number)

    def online_here(self) -> int:
        """Users connected to this node (:class:`~.cluster.ClusterHost`)."""
        return len(self.connections)

    def cluster_changed(self) -> None:
        """The count of users online, on every node, may have changed."""
        others = self.cluster.online() if self.cluster is not None else 0
        self.lobby.online_changed(len(self.connections) + others)

    def user_info(self, conn: Connection) -> wire.UserInfo:
        """The ``welcome`` user block."""
        ident = conn.identity
        return wire.UserInfo(id=ident.user, name=ident.name, guest=ident.guest)

    def local_rows(self) -> list[wire.TableInfo]:
        """This node's public tables waiting for players or playing."""
        return [
            r.table.info(with_code=False)
            for r in self.runners.values()
            if r.table.options.public and is_live(r.table.status)
        ]

    def lobby_rows(self) -> list[wire.TableInfo]:
        """The lobby's rows: the public tables waiting for players or playing, on every node."""
        rows = self.local_rows()
        if self.cluster is not None:
            here = {row.id for row in rows}
            # A table moving between nodes may be on two lists for a moment: shown once.
            rows.extend(row for row in self.cluster.rows() if row.id not in here)
        return rows

    # Routing ----------------------------------------------------------------------------------

    async def handle(self, conn: Connection, msg: wire.ClientMessage) -> None:
        """Carry out one client message (after ``hello``); never raises."""
        self.metrics.commands_total += 1
        try:
            await self._route(conn, msg)
        except Exception:
            self._failed(conn, msg)

    def runner_for(self, msg: wire.ClientMessage) -> TableRunner | None:
        """The runner that takes ``msg`` at once, needing nothing awaited: that of its table,
        for a :data:`RunnerMessage` about a table this node runs; else ``None`` (the message
        goes through :meth:`handle`). It changes nothing."""
        if not isinstance(msg, _RUNNER_MESSAGES):
            return None
        return self.runners.get(TableId(msg.table))

    def handle_at(self, runner: TableRunner, conn: Connection, msg: RunnerMessage) -> None:
        """Carry out ``msg`` at ``runner`` (:meth:`runner_for`), as :meth:`handle` would;
        never raises."""
        self.metrics.commands_total += 1
        try:
            self._to_table(runner, conn, msg)
        except Exception:
            self._failed(conn, msg)

    def _failed(self, conn: Connection, msg: wire.ClientMessage) -> None:
        """``msg`` raised: log it, and tell the client to retry."""
        logger.exception("command %s failed", type(msg).__name__)
        message = "the server could not do that now; retry"
        self._error(conn, ErrorCode.UNAVAILABLE, message, getattr(msg, "id", None))

    async def _route(self, conn: Connection, msg: wire.ClientMessage) -> None:
        match msg:
            case wire.LobbySubscribe():
                self.lobby.follow(conn, msg.on)
            case wire.QuickMatch():
                self.lobby.queue(conn, msg.on, CommandId(msg.id))
            case wire.CreateTable():
                await self._create_table(conn, msg)
            case wire.PlayComputer():
                await self._play_computer(conn, msg)
            case (
                wire.Join()
                | wire.Mute()
                | wire.Chat()
                | wire.Hint()
                | wire.Subscribe()
                | wire.Unsubscribe()
                | wire.AddBot()
                | wire.Leave()
                | wire.Reclaim()
                | wire.Rematch()
                | wire.Act()
                | wire.Contribute()
            ):
                await self._at_table(conn, msg)
            case _:  # pragma: no cover - hello and ping are answered by the socket
                self._error(conn, ErrorCode.INVALID, f"unexpected {type(msg).__name__}", None)

    async def _at_table(self, conn: Connection, msg: TableMessage) -> None:
        """A message about one table: to the node that runs it, or to its runner here."""
        code = msg.code if isinstance(msg, wire.Join) else None
        if await self._forwarded(conn, msg, msg.table, code):
            return
        cmd = CommandId(msg.id)
        table_id = TableId(msg.table) if msg.table is not None else await self._coded(code)
        if table_id is None:
            self._error(conn, ErrorCode.NOT_FOUND, f"no table with code {code!r}", cmd)
            return
        if table_id not in self.runners and not await self._bring_here(table_id):
            message = "the table runs on another node; retry (it moves here if that node is down)"
            self._error(conn, ErrorCode.UNAVAILABLE, message, cmd)
            if self.cluster is not None:
                self.cluster.moved(conn, table_id)
            return
        runner = self._runner(conn, table_id, cmd)
        if runner is None:
            return
        match msg:
            case wire.Join():
                self._join(runner, conn, msg)
            case wire.Mute():
                self._mute(runner, conn, msg)
            case wire.Chat():
                self._chat(runner, conn, msg)
            case wire.Hint():
                self._hint(runner, conn, msg)
            case _:
                self._to_table(runner, conn, msg)

    async def _coded(self, code: str | None) -> TableId | None:
        """The live table with the invite ``code``: here, or in the store (run by a node that
        is gone, or by none)."""
        if code is None:
            return None
        table_id = self.codes.get(code)
        if table_id is not None or self.cluster is None:
            return table_id
        try:
            holder = await self.store.locate(code=code)
        except Exception:
            return None
        return TableId(holder.id) if holder is not None and holder.status in LIVE_STATUSES else None

    async def _forwarded(
        self,
        conn: Connection,
        msg: wire.ClientMessage,
        table: str | None,
        code: str | None = None,
    ) -> bool:
        """Send ``msg`` to the node that runs its table when that is another live node;
        whether it was sent. A message forwarded here is never forwarded again."""
        cluster = self.cluster
        if cluster is None or isinstance(conn, RemoteConnection):
            return False
        if table is not None:
            if TableId(table) in self.runners:
                return False
        elif code is None or code in self.codes:
            return False
        node = await cluster.runs(table, code)
        if node is None:
            return False
        cluster.forward(conn, node, msg)
        return True

    def _to_table(self, runner: TableRunner, conn: Connection, msg: TableMessage) -> None:
        user, cmd = conn.user, CommandId(msg.id)
        match msg:
            case wire.Subscribe():
                runner.subscribe(conn, msg.since, cmd)
            case wire.Unsubscribe():
                runner.unsubscribe(conn, cmd)
            case wire.AddBot():
                runner.command(commands.AddBot(user, msg.seat, cmd), conn)
            case wire.Leave():
                runner.command(commands.Leave(user, cmd), conn)
            case wire.Reclaim():
                runner.command(commands.Reclaim(user, cmd), conn)
            case wire.Rematch():
                runner.command(commands.Rematch(user, msg.accept, cmd), conn)
            case wire.Act():
                runner.command(commands.Act(user, msg.action, msg.seat, msg.seq, cmd), conn)
            case wire.Contribute():
                runner.command(commands.Contribute(user, msg.value, cmd), conn)
            case _:  # pragma: no cover - the others are handled by _at_table
                pass

    def _runner(
        self, conn: Connection, table_id: TableId, cmd_id: CommandId | None
    ) -> TableRunner | None:
        runner = self.runners.get(table_id)
        if runner is None and table_id in self.reloading:
            message = "the table is being reloaded after a storage failure; retry"
            self._error(conn, ErrorCode.UNAVAILABLE, message, cmd_id)
        elif runner is None:
            self._error(conn, ErrorCode.NOT_FOUND, f"no open table {table_id!r}", cmd_id)
        return runner

    def _error(self, conn: Connection, code: ErrorCode, message: str, cmd_id: str | None) -> None:
        self.metrics.errors_total += 1
        conn.send(wire.Error(code=code, message=message, id=cmd_id))

    def _join(self, runner: TableRunner, conn: Connection, msg: wire.Join) -> None:
        if msg.code is None and not runner.table.options.public:
            message = "join this private table with its code"
            self._error(conn, ErrorCode.FORBIDDEN, message, msg.id)
            return
        if not self._at_most_tables(conn, msg.id, joining=runner.table.id):
            return
        identity = conn.identity
        runner.command(
            commands.Join(identity.user, identity.name, msg.seat, CommandId(msg.id)), conn
        )
        runner.subscribe(conn, only_if_seated=True)

    def _chat(self, runner: TableRunner, conn: Connection, msg: wire.Chat) -> None:
        if not self._may_chat(runner, conn, msg, "chat"):
            return
        identity = conn.identity
        chat = commands.Chat(identity.user, identity.name, msg.text, msg.phrase, CommandId(msg.id))
        runner.command(chat, conn)

    def _mute(self, runner: TableRunner, conn: Connection, msg: wire.Mute) -> None:
        # A mute is stored with the table like a chat line: only its followers may set one,
        # and within the chat's rate limit, so that nobody can fill a table's log with them.
        if self._may_chat(runner, conn, msg, "mute chat"):
            # The table names the spectators' chat as their lines do: seat None.
            seat = None if msg.spectators else msg.seat
            runner.command(commands.Mute(conn.user, seat, msg.on, CommandId(msg.id)), conn)

    def _may_chat(
        self, runner: TableRunner, conn: Connection, msg: wire.Chat | wire.Mute, what: str
    ) -> bool:
        """Whether ``conn`` follows the table (seated or subscribed) and is within the chat's
        rate limit; if not, it is told why."""
        user = conn.user
        if msg.table not in conn.tables and runner.table.seat_of(user) is None:
            self._error(conn, ErrorCode.FORBIDDEN, f"watch or sit at the table to {what}", msg.id)
            return False
        limit = self.chat_limits.setdefault(
            user, SlidingWindow(self.settings.chat_lines, self.settings.chat_window)
        )
        if not limit.hit(time.monotonic()):
            message = "too many chat lines and mutes; wait a moment"
            self._error(conn, ErrorCode.RATE_LIMITED, message, msg.id)
            return False
        return True

    def _hint(self, runner: TableRunner, conn: Connection, msg: wire.Hint) -> None:
        # Each hint is a search in the bot pool: a few a minute per player. Only the hints
        # the table grants are counted (by the runner), so a refused one costs nothing.
        if not self._hint_limit(conn.user).allows(time.monotonic()):
            self._error(conn, ErrorCode.RATE_LIMITED, "too many hints; wait a moment", msg.id)
            return
        runner.command(commands.Hint(conn.user, CommandId(msg.id)), conn)

    # Table creation ---------------------------------------------------------------------------

    def _remembered(self, conn: Connection, cmd_id: CommandId) -> bool:
        ack = self.recent.get((conn.user, cmd_id))
        if ack is None:
            return False
        conn.send(msgspec.structs.replace(ack, duplicate=True))
        return True

    def _remember(self, conn: Connection, ack: wire.Ack) -> None:
        self.recent[(conn.user, CommandId(ack.id))] = ack
        while len(self.recent) > 10000:
            self.recent.popitem(last=False)

    def _at_most_tables(
        self, conn: Connection, cmd_id: str, joining: TableId | None = None
    ) -> bool:
        """Whether ``conn``'s user may sit at one more unfinished table (other than
        ``joining``) on this node; if not, they are told so. A bound on what one user's
        commands can make the node keep and play: tables, their timers, their bots."""
        user = conn.user
        limit = self.settings.tables_per_user
        seated = 0
        for table_id, runner in self.runners.items():
            table = runner.table
            if table.status in UNFINISHED and table.seat_of(user) is not None:
                if table_id == joining:
                    return True  # the table itself says so
                seated += 1
        if seated < limit:
            return True
        message = (
            f"you already sit at {seated} unfinished tables, the most one may; finish or leave one"
        )
        self._error(conn, ErrorCode.TOO_MANY_TABLES, message, cmd_id)
        return False

    async def _create_table(self, conn: Connection, msg: wire.CreateTable) -> None:
        cmd = CommandId(msg.id)
        if self._remembered(conn, cmd) or not self._at_most_tables(conn, cmd):
            return
        runner = await self._create(TableKind.PRIVATE, msg.options)
        self._remember(conn, wire.Ack(id=msg.id, table=runner.table.id, seat=msg.seat))
        identity = conn.identity
        runner.command(commands.Join(identity.user, identity.name, msg.seat, cmd), conn)
        bots = tuple(s for s in dict.fromkeys(msg.bots) if s != msg.seat)
        if bots:
            runner.command(commands.FillBots(bots))
        runner.subscribe(conn, only_if_seated=True)

    async def _play_computer(self, conn: Connection, msg: wire.PlayComputer) -> None:
        cmd = CommandId(msg.id)
        if self._remembered(conn, cmd) or not self._at_most_tables(conn, cmd):
            return
        runner = await self._create(TableKind.COMPUTER, msg.options)
        self._remember(conn, wire.Ack(id=msg.id, table=runner.table.id, seat=0))
        identity = conn.identity
        runner.command(commands.Join(identity.user, identity.name, 0, cmd), conn)
        runner.command(commands.FillBots((1, 2, 3)))
        runner.subscribe(conn, only_if_seated=True)

    async def form_quick(self, group: list[Connection]) -> None:
        """Seat a group from the quick-match queue at a new table of this node."""
        runner = await self._create(TableKind.QUICK, QUICK_OPTIONS)
        table_id = runner.table.id
        for seat, conn in enumerate(group):
            identity = conn.identity
            cmd = CommandId(f"~quick-{table_id}")
            runner.command(commands.Join(identity.user, identity.name, seat, cmd))
        if len(group) < 4:
            runner.command(commands.FillBots(tuple(range(len(group), 4))))
        for seat, conn in enumerate(group):
            conn.send(wire.QueueStatus(on=False))
            conn.send(wire.Seated(table=table_id, seat=seat))
            runner.subscribe(conn, only_if_seated=True)

    # Logins -----------------------------------------------------------------------------------

    def end_logins(self, revoked: Revoked) -> int:
        """Close every connection of a login that ended; return how many."""
        closed = 0
        for conns in list(self.connections.values()):
            for conn in list(conns):
                if revoked.ends(conn.user, conn.session):
                    conn.send(
                        wire.Error(code=ErrorCode.UNAUTHORIZED, message="your login has ended")
                    )
                    conn.close(CLOSE_UNAUTHORIZED)
                    closed += 1
        if closed:
            logger.info("closed %d connection(s) of ended logins", closed)
        return closed

    async def check_sessions(self) -> int:
        """Close the connections whose login is no longer live; return how many."""
        keys = {c.session for conns in self.connections.values() for c in conns}
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


__all__ = ["Room"]

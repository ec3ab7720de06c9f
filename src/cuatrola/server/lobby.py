"""The lobby: who follows the list of tables, the online count, and the quick match queue."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Final, Protocol

from cuatrola.protocol.codec import encode
from cuatrola.protocol.ids import CommandId, UserId
from cuatrola.protocol.messages import Ack, Lobby, Online, QueueStatus, ServerMessage, TableInfo
from cuatrola.server.connection import Connection

if TYPE_CHECKING:
    from cuatrola.server.quick import SharedQueue

logger = logging.getLogger("cuatrola.room")

ONLINE_INTERVAL: Final = 0.5
"""Seconds between two updates of the online count sent to the lobby."""


class LobbyRelay(Protocol):
    """Carries lobby frames to the other processes (:class:`cuatrola.server.scaleout.Relay`)."""

    async def publish(self, data: bytes) -> None:
        """Send an encoded lobby frame to every other process."""
        ...


FormQuick = Callable[[list[Connection]], Coroutine[None, None, None]]
"""Seats a group from the queue at a new quick-match table."""


class LobbyRoom:
    """The lobby's followers, the online count and the quick match queue of one process.

    Args:
        quick_fill_wait: seconds the queue waits for four players before it fills the table
            with computer players.
        form_quick: what seats a group taken from the queue.
        rows: the lobby's current rows (public open and playing tables).
    """

    def __init__(
        self, quick_fill_wait: float, form_quick: FormQuick, rows: Callable[[], list[TableInfo]]
    ) -> None:
        self.quick_fill_wait = quick_fill_wait
        self.form_quick = form_quick
        self.rows = rows
        self.followers: dict[Connection, None] = {}
        self.waiting: OrderedDict[UserId, Connection] = OrderedDict()
        self.fill_timer: asyncio.TimerHandle | None = None
        self.fill_deadline = 0.0
        self.online = 0
        self.online_sent = 0
        self.online_timer: asyncio.TimerHandle | None = None
        self.relay: LobbyRelay | None = None
        #: The queue of every node, in Redis (several nodes), instead of this one's.
        self.shared: SharedQueue | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    def stop(self) -> None:
        """Cancel the timers and pending tasks."""
        for timer in (self.fill_timer, self.online_timer):
            if timer is not None:
                timer.cancel()
        for task in list(self.tasks):
            task.cancel()

    def _spawn(self, coro: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # Followers --------------------------------------------------------------------------------

    def follow(self, conn: Connection, on: bool) -> None:
        """``lobby``: start (with the current rows) or stop following the lobby."""
        if on:
            self.followers[conn] = None
            conn.send(Lobby(tables=self.rows(), online=self.online))
        else:
            self.followers.pop(conn, None)

    def send(self, message: ServerMessage) -> None:
        """Send a lobby message here and, through the relay, in every other process."""
        data = encode(message)
        self.deliver_frame(data)
        if self.relay is not None:
            self._spawn(self.relay.publish(data))

    def deliver_frame(self, data: bytes) -> None:
        """Send an encoded lobby frame to this process's lobby followers."""
        for conn in list(self.followers):
            conn.send_raw(data)

    def online_changed(self, count: int) -> None:
        """The number of users connected here is now ``count``."""
        self.online = count
        # Connections come and go in bursts (a reload is one of each): tell the lobby at most
        # every ONLINE_INTERVAL seconds, and only when the count really moved.
        if self.online_timer is None:
            loop = asyncio.get_running_loop()
            self.online_timer = loop.call_later(ONLINE_INTERVAL, self._send_online)

    def _send_online(self) -> None:
        self.online_timer = None
        if self.online != self.online_sent:
            self.online_sent = self.online
            # The count is this process's: other processes' lobbies get their own.
            self.deliver_frame(encode(Online(players=self.online)))

    def gone(self, conn: Connection) -> None:
        """A connection closed: it follows nothing and leaves the queue."""
        self.followers.pop(conn, None)
        if self.shared is not None:
            self.shared.gone(conn)
        elif self.waiting.get(conn.user) is conn:
            del self.waiting[conn.user]
            self._queue_changed()

    # Quick match ------------------------------------------------------------------------------

    def queue(self, conn: Connection, on: bool, cmd_id: CommandId) -> None:
        """``quick_match``: join or leave the queue; four in the queue get a table."""
        if self.shared is not None:
            self._spawn(self.shared.queue(conn, on, cmd_id))
            return
        if on:
            self.waiting[conn.user] = conn
        else:
            self.waiting.pop(conn.user, None)
        conn.send(Ack(id=cmd_id))
        if not on:
            conn.send(QueueStatus(on=False))
        if len(self.waiting) >= 4:
            group = [self.waiting.popitem(last=False)[1] for _ in range(4)]
            self._spawn(self.form_quick(group))
        self._queue_changed()

    def _queue_changed(self) -> None:
        loop = asyncio.get_running_loop()
        if self.waiting and self.fill_timer is None:
            self.fill_deadline = loop.time() + self.quick_fill_wait
            self.fill_timer = loop.call_later(self.quick_fill_wait, self._fill_quick)
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
            del self.waiting[conn.user]
        if group:
            self._spawn(self.form_quick(group))
        self._queue_changed()


__all__ = ["ONLINE_INTERVAL", "FormQuick", "LobbyRelay", "LobbyRoom"]

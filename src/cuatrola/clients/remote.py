"""A Python client of the card room protocol (docs/protocol.md): one websocket to ``/ws``.

:class:`RemoteClient` is the socket part of every Python client of ``cuatrola serve``: the
terminal client, ``cuatrola bot``, the load benchmark and the live server tests. It says
``hello`` with a session token (:func:`guest_login` and :func:`account_login` get one from the
REST API, docs/rest.md), sends :mod:`cuatrola.protocol` messages and reads the server's,
decoded by :func:`~cuatrola.protocol.decode_server`, in a background task.

Bookkeeping it does for its user:

* **Answers.** :meth:`RemoteClient.request` sends a command and returns its ``ack`` (raises
  :class:`ServerRefused` for its ``error``); :meth:`RemoteClient.ping` waits for the ``pong``.
* **Sequence numbers.** :attr:`RemoteClient.seq` holds the ``seq`` of the last ``sync`` or
  ``event`` processed per table. An event at or below it was processed already (a replay that
  overlaps a ``sync``) and is not passed on.
* **Reconnection** (with a :class:`Reconnect` policy). When the socket drops, the client opens
  a new one after a growing pause, says ``hello`` again, subscribes to every table it follows
  with ``since`` (the server replays exactly the missed events, or sends a ``sync``) and sends
  again, with the same ids, the commands that got no answer: the server applies a command at
  most once and answers a repeated one with ``"duplicate": true``. Commands sent while it is
  reconnecting go out once it is back; a :meth:`RemoteClient.request` waits across it.
* **Keep-alive.** The websocket library answers the server's pings and sends its own
  (``keepalive`` seconds apart); :meth:`RemoteClient.ping` is the protocol's own ``ping``.

Everything else the server sends goes to the ``on_message`` callback, in order. The callback
runs in the reading task: it may send, but must not wait for an answer (:meth:`request`),
since the answer is read by that same task.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import itertools
import json
import random
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.typing import Origin

from cuatrola.protocol import (
    PROTOCOL_VERSION,
    ClientMessage,
    ProtocolError,
    ServerMessage,
    decode_server,
    encode_client,
)
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import (
    Ack,
    Error,
    Event,
    Hello,
    Ping,
    Pong,
    Subscribe,
    Sync,
    Unsubscribe,
    UserInfo,
    Welcome,
)

#: Largest server frame accepted, in bytes (a ``sync`` with a long chat is the largest).
MAX_FRAME: Final = 2**20
#: A command answered "unavailable" is sent again after this many seconds, this many times.
UNAVAILABLE_RETRY: Final = 1.0
UNAVAILABLE_TRIES: Final = 30


class ServerRefused(Exception):
    """The server answered with an ``error``: to a command, or to ``hello`` (a bad token)."""

    def __init__(self, error: Error) -> None:
        super().__init__(f"{error.code}: {error.message}")
        self.error = error


class ConnectionLost(ConnectionError):
    """The connection is gone and the client is not coming back on it (or never had one)."""


@dataclass(frozen=True, slots=True)
class Reconnect:
    """When a client comes back after its connection drops.

    Attributes:
        pauses: seconds to wait before an attempt, by how many attempts in a row have failed
            (the last one repeats).
        attempts: failed attempts in a row the client accepts; one more and it gives up. An
            attempt succeeds once every followed table is subscribed again.
    """

    pauses: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0, 4.0)
    attempts: int = 30


def websocket_url(server: str) -> str:
    """The websocket address of a server's base address.

    >>> websocket_url("http://127.0.0.1:8000"), websocket_url("https://cuatrola.example")
    ('ws://127.0.0.1:8000/ws', 'wss://cuatrola.example/ws')
    """
    if server.startswith("https://"):
        return "wss://" + server[len("https://") :] + "/ws"
    return "ws://" + server.split("://", 1)[1] + "/ws"


# Session tokens from the REST API -----------------------------------------------------------


class LoginRefused(ConnectionError):
    """The REST API refused a login: ``status`` is the HTTP status, ``error`` its code."""

    def __init__(self, message: str, *, status: int, error: str) -> None:
        super().__init__(message)
        self.status = status
        self.error = error


def guest_login(server: str, name: str, timeout: float = 10.0) -> str:
    """``POST /api/guest`` and return the session token (blocking; run it in a thread).

    Raises:
        ConnectionError: with a one-line reason when the server cannot be reached or refuses
            (:class:`LoginRefused` for a refusal).
    """
    return _session_token(server, "/api/guest", {"name": name}, "guest login", timeout)


def account_login(
    server: str, name: str, password: str, *, register: bool = False, timeout: float = 10.0
) -> str:
    """``POST /api/login`` (or ``/api/register``) and return the session token (blocking).

    Raises:
        ConnectionError: with a one-line reason when the server cannot be reached or refuses
            (:class:`LoginRefused` for a refusal: ``login_failed``, ``name_taken``...).
    """
    path, what = ("/api/register", "registration") if register else ("/api/login", "login")
    body = {"name": name, "password": password}
    return _session_token(server, path, body, what, timeout)


def _session_token(
    server: str, path: str, fields: dict[str, str], what: str, timeout: float
) -> str:
    try:
        # Built inside the try: a malformed address (one that did not come through the
        # command line's checks) is then one ConnectionError like an unreachable server.
        request = urllib.request.Request(
            server + path,
            data=json.dumps(fields).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body: Any = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        error = ""
        try:
            answer = json.loads(exc.read())
            detail = answer.get("message", exc.reason)
            error = str(answer.get("error", ""))
        except (ValueError, AttributeError):
            detail = exc.reason
        raise LoginRefused(
            f"{what} refused ({exc.code}): {detail}", status=exc.code, error=error
        ) from None
    except (urllib.error.URLError, OSError, ValueError, http.client.InvalidURL) as exc:
        # InvalidURL (a non-numeric port...) is no ValueError nor OSError.
        reason = getattr(exc, "reason", exc)
        raise ConnectionError(f"{reason}") from None
    token = body.get("token") if isinstance(body, dict) else None
    if not isinstance(token, str):
        raise ConnectionError(f"the {what} answer has no token")
    return token


# The client -----------------------------------------------------------------------------------

#: What a failed attempt to open a connection raises.
_UNREACHABLE = (OSError, InvalidHandshake, InvalidURI, TimeoutError)


class RemoteClient:
    """One client of the card room, on one websocket at a time. As an async context manager
    it connects on entry and closes on exit.

    Args:
        url: the websocket address, ``ws://host:port/ws`` (see :func:`websocket_url`).
        token: the session token said in ``hello``.
        client: the client's name and version, said in ``hello`` (``terminal/1``...).
        on_message: called with every server message, in order, except the answers that
            :meth:`request` and :meth:`ping` return and events already processed (may be a
            coroutine function).
        on_frame: called with every frame as received, before it is decoded (to record them).
        on_drop: called when the connection drops, with whether the client reconnects.
        on_resume: called once a reconnection has subscribed every followed table again.
        reconnect: how to come back after a drop; ``None``: a drop ends the client. It may be
            set at any time (say, once there is a seat to come back to).
        keepalive: seconds between the websocket library's pings (``None``: no pings).
        origin: the ``Origin`` header to send (browsers send one; other clients need not).
        id_prefix: what command ids start with (default: random, so that ids never repeat
            across runs; the server remembers the ids it applied).
        open_timeout: seconds to open the websocket.
        answer_timeout: seconds to wait for ``welcome`` and for a command's answer.
    """

    def __init__(
        self,
        url: str,
        token: str,
        *,
        client: str = "python/1",
        on_message: Callable[[ServerMessage], Awaitable[None] | None] | None = None,
        on_frame: Callable[[str | bytes], None] | None = None,
        on_drop: Callable[[bool], None] | None = None,
        on_resume: Callable[[], None] | None = None,
        reconnect: Reconnect | None = None,
        keepalive: float | None = 20.0,
        origin: str | None = None,
        id_prefix: str | None = None,
        open_timeout: float = 10.0,
        answer_timeout: float = 30.0,
    ) -> None:
        self.url = url
        self.token = token
        self.client = client
        self.on_message = on_message
        self.on_frame = on_frame
        self.on_drop = on_drop
        self.on_resume = on_resume
        self.reconnect = reconnect
        self.keepalive = keepalive
        self.origin = origin
        self.open_timeout = open_timeout
        self.answer_timeout = answer_timeout
        #: The current websocket, or the last one once the client has stopped.
        self.connection: ClientConnection | None = None
        #: The task that reads the socket (and reconnects).
        self.reader: asyncio.Task[None] | None = None
        #: The server's last ``welcome``.
        self.welcome: Welcome | None = None
        #: Per table, the seq of the last ``sync`` or ``event`` processed. Every table here is
        #: subscribed again after a reconnection, from its seq.
        self.seq: dict[str, int] = {}
        #: Commands sent and not answered yet, by id (kept only while ``reconnect`` is set:
        #: they are sent again after a reconnection).
        self.unacked: dict[str, ClientMessage] = {}
        # Commands answered "unavailable", and how often: sent again after a pause.
        self._unavailable: dict[str, int] = {}
        self._requests: dict[str, ClientMessage] = {}
        self._retries: set[asyncio.Task[None]] = set()
        #: How many times a dropped connection was re-established.
        self.reconnections = 0
        #: Set once the client has stopped for good.
        self.closed = asyncio.Event()
        #: Why it stopped: ``None`` after :meth:`close`; :class:`ConnectionLost` for a drop;
        #: :class:`ServerRefused` when a reconnection was refused; or what a callback raised.
        self.failure: BaseException | None = None
        self._answers: dict[str, asyncio.Future[Ack | Error]] = {}
        self._pongs: dict[int, asyncio.Future[Pong]] = {}
        self._ids = itertools.count(1)
        self._prefix = f"{random.getrandbits(32):08x}-" if id_prefix is None else id_prefix
        self._closing = False
        #: The new connection of a reconnection, until every table is followed again on it.
        self._restoring: ClientConnection | None = None
        self._wake = asyncio.Event()  # ends a pause between reconnection attempts

    @property
    def user(self) -> UserInfo | None:
        """Who the server says we are (from the last ``welcome``)."""
        return self.welcome.user if self.welcome is not None else None

    def next_id(self) -> str:
        """A fresh command id."""
        return f"{self._prefix}{next(self._ids)}"

    # Opening and closing ------------------------------------------------------------------------

    async def connect(self) -> Welcome:
        """Open the websocket and say ``hello``; return the ``welcome`` and read on in the
        background.

        Raises:
            ServerRefused: the server refused the token (or the protocol version).
            ConnectionLost: the server closed the socket before answering.
            OSError, InvalidHandshake, InvalidURI, TimeoutError: the server cannot be reached.
        """
        connection = await self._open_socket()
        try:
            welcome = await self._handshake(connection)
        except ConnectionClosed:
            raise ConnectionLost("the server closed the connection") from None
        self._start(connection)
        return welcome

    async def open(self) -> None:
        """Open the websocket and start reading, without ``hello`` (:meth:`connect` is the way
        in; this one is for tests of the handshake itself)."""
        self._start(await self._open_socket())

    async def close(self) -> None:
        """Close the connection and stop (also a reconnection in progress)."""
        self._closing = True
        self._wake.set()
        for retry in list(self._retries):
            retry.cancel()
        if self.connection is not None:
            await self.connection.close()
        reader = self.reader
        if reader is None:
            self.closed.set()
        elif reader is not asyncio.current_task():
            await asyncio.wait([reader])

    async def wait_closed(self) -> BaseException | None:
        """Wait until the client has stopped for good; return :attr:`failure`."""
        await self.closed.wait()
        return self.failure

    async def __aenter__(self) -> RemoteClient:
        await self.connect()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def _open_socket(self) -> ClientConnection:
        return await connect(
            self.url,
            origin=None if self.origin is None else Origin(self.origin),
            open_timeout=self.open_timeout,
            max_size=MAX_FRAME,
            ping_interval=self.keepalive,
        )

    async def _handshake(self, connection: ClientConnection) -> Welcome:
        hello = Hello(token=self.token, protocol=PROTOCOL_VERSION, client=self.client)
        try:
            await connection.send(encode_client(hello).decode())
            async with asyncio.timeout(self.answer_timeout):
                while True:
                    frame = await connection.recv()
                    if self.on_frame is not None:
                        self.on_frame(frame)
                    try:
                        message = decode_server(frame)
                    except ProtocolError:
                        continue
                    if isinstance(message, Welcome):
                        self.welcome = message
                        return message
                    if isinstance(message, Error):
                        raise ServerRefused(message)
        except BaseException:
            await connection.close()
            raise

    def _start(self, connection: ClientConnection) -> None:
        self.connection = connection
        self._closing = False
        self.failure = None
        self.closed.clear()
        self._wake.clear()
        self.reader = asyncio.create_task(self._read())

    # Sending ------------------------------------------------------------------------------------

    async def send(self, message: ClientMessage) -> None:
        """Send a message without waiting for its answer (which goes to ``on_message``).

        While ``reconnect`` is set, a command sent as the connection drops, or while the
        client is reconnecting, is sent again once it is back.

        Raises:
            ConnectionLost: there is no connection and none is coming.
        """
        command_id: str | None = None
        if self.reconnect is not None:
            command_id = getattr(message, "id", None)
            if command_id is not None:
                self.unacked[command_id] = message
        connection = self.connection
        if connection is None:
            raise ConnectionLost("not connected")
        try:
            await connection.send(encode_client(message).decode())
        except ConnectionClosed:
            if command_id is not None and not self._closing and not self.closed.is_set():
                return  # sent again after the reconnection
            if command_id is not None:
                self.unacked.pop(command_id, None)
            raise ConnectionLost("the connection is closed") from None

    async def send_frame(self, data: str | bytes) -> None:
        """Send a frame exactly as given: text for ``str``, binary for ``bytes`` (for tests
        of what the server does with anything)."""
        if self.connection is None:
            raise ConnectionLost("not connected")
        try:
            await self.connection.send(data)
        except ConnectionClosed:
            raise ConnectionLost("the connection is closed") from None

    async def request(self, message: ClientMessage, *, timeout: float | None = None) -> Ack:
        """Send a command and wait for its answer.

        Returns:
            The ``ack`` (``duplicate`` is true when the server had applied it already).

        Raises:
            ServerRefused: the server answered with an ``error``.
            ConnectionLost: the connection dropped and the client is not reconnecting.
            TimeoutError: no answer within ``timeout`` seconds (default ``answer_timeout``).
        """
        command_id = getattr(message, "id", None)
        if not isinstance(command_id, str):
            raise TypeError(f"expected a command with an id, got {type(message).__name__}")
        future: asyncio.Future[Ack | Error] = asyncio.get_running_loop().create_future()
        self._answers[command_id] = future
        self._requests[command_id] = message
        try:
            await self.send(message)
            async with asyncio.timeout(self.answer_timeout if timeout is None else timeout):
                answer = await future
        finally:
            self._requests.pop(command_id, None)
            if self._answers.get(command_id) is future:
                del self._answers[command_id]
        if isinstance(answer, Error):
            raise ServerRefused(answer)
        return answer

    async def subscribe(self, table: str, since: int | None = None) -> Ack:
        """Follow a table: the server sends a ``sync`` (or, with ``since``, the events after
        it), then every event. The table is followed again after each reconnection.

        Raises:
            ServerRefused, ConnectionLost, TimeoutError: as :meth:`request`.
        """
        return await self.request(Subscribe(id=self.next_id(), table=table, since=since))

    async def unsubscribe(self, table: str) -> Ack:
        """Stop following a table.

        Raises:
            ServerRefused, ConnectionLost, TimeoutError: as :meth:`request`.
        """
        self.seq.pop(table, None)
        return await self.request(Unsubscribe(id=self.next_id(), table=table))

    async def ping(self, nonce: int = 0, *, timeout: float | None = None) -> Pong:
        """Send the protocol's ``ping`` and wait for its ``pong``.

        Raises:
            ConnectionLost: the connection dropped.
            TimeoutError: no answer within ``timeout`` seconds (default ``answer_timeout``).
        """
        future: asyncio.Future[Pong] = asyncio.get_running_loop().create_future()
        self._pongs[nonce] = future
        try:
            await self.send(Ping(nonce=nonce))
            async with asyncio.timeout(self.answer_timeout if timeout is None else timeout):
                return await future
        finally:
            if self._pongs.get(nonce) is future:
                del self._pongs[nonce]

    # Receiving ----------------------------------------------------------------------------------

    async def _dispatch(self, frame: str | bytes) -> None:
        """Decode one frame, keep the books, and pass the message on."""
        if self.on_frame is not None:
            self.on_frame(frame)
        try:
            message = decode_server(frame)
        except ProtocolError:
            return  # a message type this version does not know: ignored (compatibility policy)
        if isinstance(message, Event):
            if message.seq <= self.seq.get(message.table, 0):
                return  # processed already: a replay that overlaps a sync
            self.seq[message.table] = message.seq
        elif isinstance(message, Sync):
            self.seq[message.table] = message.seq
        elif isinstance(message, (Ack, Error)):
            if message.id is not None:
                if isinstance(message, Error) and self._retry_later(message):
                    return
                self._unavailable.pop(message.id, None)
                self.unacked.pop(message.id, None)
                answered = self._answers.pop(message.id, None)
                if answered is not None:
                    if not answered.done():
                        answered.set_result(message)
                    return
        elif isinstance(message, Pong):
            pong = self._pongs.pop(message.nonce, None)
            if pong is not None:
                if not pong.done():
                    pong.set_result(message)
                return
        elif isinstance(message, Welcome):
            self.welcome = message
        if self.on_message is not None:
            handled = self.on_message(message)
            if handled is not None:
                await handled

    def _retry_later(self, error: Error) -> bool:
        """Whether ``error`` says to send its command again in a moment (the table is being
        reloaded, or is moving to this server from one that went down), and then do so: the
        same command, with the same id, which the server applies once."""
        command_id = error.id
        assert command_id is not None
        message = self.unacked.get(command_id) or self._requests.get(command_id)
        tries = self._unavailable.get(command_id, 0)
        if error.code != ErrorCode.UNAVAILABLE or message is None or tries >= UNAVAILABLE_TRIES:
            return False
        self._unavailable[command_id] = tries + 1

        async def again() -> None:
            await asyncio.sleep(UNAVAILABLE_RETRY)
            if command_id in self._answers or self.unacked.get(command_id) is message:
                restoring = self._restoring
                if restoring is not None:
                    # A subscribe of a reconnection: it goes on the new connection, which
                    # becomes the client's only once every table is followed again.
                    with contextlib.suppress(ConnectionClosed):
                        await restoring.send(encode_client(message).decode())
                    return
                with contextlib.suppress(ConnectionLost):
                    await self.send(message)

        task = asyncio.get_running_loop().create_task(again())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)
        return True

    async def _read(self) -> None:
        """Read until the client stops, reconnecting after a drop when ``reconnect`` says so."""
        try:
            while True:
                connection = self.connection
                assert connection is not None
                try:
                    async for frame in connection:
                        await self._dispatch(frame)
                    reason = "the server closed the connection"
                except ConnectionClosed as exc:
                    reason = f"connection lost ({exc})"
                if self._closing:
                    return
                if self.reconnect is None:
                    self.failure = ConnectionLost(reason)
                    if self.on_drop is not None:
                        self.on_drop(False)
                    return
                if self.on_drop is not None:
                    self.on_drop(True)
                if not await self._resume():
                    return
        except Exception as exc:
            # A callback failed: the client stops (a bug, not a network failure).
            self.failure = exc
            if self.connection is not None:
                await self.connection.close()
        finally:
            self._lost(self.failure or ConnectionLost("the client is closed"))
            self.closed.set()

    def _lost(self, reason: BaseException) -> None:
        """Whoever waits for an answer learns that none is coming."""
        futures: list[asyncio.Future[Any]] = [*self._answers.values(), *self._pongs.values()]
        for waiting in futures:
            if not waiting.done():
                waiting.set_exception(ConnectionLost(str(reason)))
        self._answers.clear()
        self._pongs.clear()
        self.unacked.clear()

    # Reconnecting -------------------------------------------------------------------------------

    async def _resume(self) -> bool:
        """Connect again after a drop; ``False`` when the client gives up (:attr:`failure`)."""
        policy = self.reconnect
        assert policy is not None
        failures = 0
        while True:
            pause = policy.pauses[min(failures, len(policy.pauses) - 1)]
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), pause)
            if self._closing:
                return False
            try:
                connection = await self._open_socket()
                await self._handshake(connection)
                await self._restore(connection)
            except ServerRefused as exc:
                self.failure = exc
                return False
            except (*_UNREACHABLE, ConnectionClosed) as exc:
                failures += 1
                if failures > policy.attempts:
                    reason = str(exc) or type(exc).__name__
                    self.failure = ConnectionLost(f"no connection after {failures} tries: {reason}")
                    return False
                continue
            self.reconnections += 1
            if self._closing:
                await connection.close()
                return False
            if self.on_resume is not None:
                self.on_resume()
            return True

    async def _restore(self, connection: ClientConnection) -> None:
        """Subscribe again to every followed table from its seq, then send again the commands
        that got no answer. Reads (and passes on) what the server sends meanwhile."""
        pending = {m.table: m.id for m in self.unacked.values() if isinstance(m, Subscribe)}
        mine: list[str] = []
        waiting: list[asyncio.Future[Ack | Error]] = []
        self._restoring = connection
        try:
            for table in dict.fromkeys([*self.seq, *pending]):
                command_id = pending.get(table)
                if command_id is None:
                    command_id = self.next_id()
                    mine.append(command_id)
                since = self.seq.get(table) or None
                message = Subscribe(id=command_id, table=table, since=since)
                self.unacked[command_id] = message
                future = self._answers.get(command_id)
                if future is None:
                    future = asyncio.get_running_loop().create_future()
                    self._answers[command_id] = future
                waiting.append(future)
                await connection.send(encode_client(message).decode())
            async with asyncio.timeout(self.answer_timeout):
                while not all(f.done() for f in waiting):
                    await self._dispatch(await connection.recv())
            for future in waiting:
                answer = None if future.cancelled() else future.result()
                if isinstance(answer, Error):
                    raise ServerRefused(answer)
        except BaseException:
            await connection.close()
            raise
        finally:
            self._restoring = None
            for command_id in mine:
                left = self._answers.pop(command_id, None)
                if left is not None:
                    left.cancel()
        self.connection = connection
        for command in [m for m in self.unacked.values() if not isinstance(m, Subscribe)]:
            await connection.send(encode_client(command).decode())

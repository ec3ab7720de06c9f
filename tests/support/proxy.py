"""A loopback TCP proxy between a client and a server, to fail the network on purpose.

:meth:`CuttableProxy.cut` aborts every connection at once: to the client, that is what a
network failure looks like. :meth:`CuttableProxy.hold` stops passing on what the server
sends (the client's frames still reach the server), so a command can be applied while its
answer never arrives. While :attr:`CuttableProxy.refusing` is set, a new connection is closed
as soon as it is accepted: the server looks unreachable.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class _Listener:
    """A loopback listener that runs ``handler`` for each connection it accepts, and at
    :meth:`close` cancels the handlers still running and waits for them.

    A handler still connecting upstream when the test ends would otherwise be dropped with the
    test's event loop, its socket connected and never closed: garbage-collected in a later
    test, it fails that test with a ``ResourceWarning``.
    """

    def __init__(self, handler: Handler) -> None:
        self._handler = handler
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self.port = 0

    async def start(self) -> None:
        """Listen on a free loopback port."""
        self._server = await asyncio.start_server(self._accepted, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            await self._handler(reader, writer)
        finally:
            self._handlers.discard(task)
            writer.transport.abort()

    async def close(self) -> None:
        """Stop listening, cancel the handlers still running and wait for them."""
        if self._server is not None:
            self._server.close()
        handlers = list(self._handlers)
        for task in handlers:
            task.cancel()
        await asyncio.gather(*handlers, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()


class CuttableProxy:
    """A loopback TCP proxy to ``127.0.0.1:target_port``; :meth:`cut` drops every open
    connection at once."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self._listener = _Listener(self._handle)
        self._writers: set[asyncio.StreamWriter] = set()
        self._downstream = asyncio.Event()  # clear: the server's bytes are held
        self._downstream.set()
        #: Close new connections at once (the server looks unreachable).
        self.refusing = False

    @property
    def port(self) -> int:
        """The port it listens on (once started)."""
        return self._listener.port

    async def start(self) -> None:
        """Listen on a free loopback port."""
        await self._listener.start()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.transport.abort()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self._writers.update((writer, up_writer))

        async def pipe(
            source: asyncio.StreamReader, sink: asyncio.StreamWriter, gate: asyncio.Event | None
        ) -> None:
            with contextlib.suppress(OSError):
                while data := await source.read(65536):
                    if gate is not None:
                        await gate.wait()
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(
            pipe(reader, up_writer, None), pipe(up_reader, writer, self._downstream)
        )
        self._writers.difference_update((writer, up_writer))

    def hold(self) -> None:
        """Stop passing on the server's bytes (until :meth:`release` or :meth:`cut`)."""
        self._downstream.clear()

    def release(self) -> None:
        """Pass on the server's bytes again."""
        self._downstream.set()

    def cut(self) -> int:
        """Abort every proxied connection (both sides), dropping what was held; returns how
        many were open."""
        writers = list(self._writers)
        for writer in writers:
            writer.transport.abort()
        self._downstream.set()
        return len(writers)

    async def close(self) -> None:
        """Stop listening and drop what is left."""
        self.cut()
        await self._listener.close()


class Balancer:
    """A loopback TCP balancer in front of several servers, as a proxy in front of a
    cluster: each new connection goes to the next server in turn that accepts it (a server
    that is down is skipped), and lives and dies with that server.

    Args:
        ports: the servers' ports, read at each new connection (they may change).
    """

    def __init__(self, ports: Callable[[], list[int]]) -> None:
        self.ports = ports
        self._turn = 0
        self._listener = _Listener(self._handle)

    @property
    def port(self) -> int:
        """The port it listens on (once started)."""
        return self._listener.port

    async def start(self) -> None:
        """Listen on a free loopback port."""
        await self._listener.start()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        ports = self.ports()
        upstream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        for _ in range(len(ports)):
            port = ports[self._turn % len(ports)]
            self._turn += 1
            try:
                upstream = await asyncio.open_connection("127.0.0.1", port)
                break
            except OSError:
                continue
        if upstream is None:
            writer.transport.abort()
            return
        up_reader, up_writer = upstream

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(OSError):
                sink.close()

        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        finally:
            up_writer.transport.abort()

    async def close(self) -> None:
        """Stop listening, and drop the connections still open."""
        await self._listener.close()

"""The test proxies leave nothing open when they close: a socket left open is garbage-collected
in a later test, which then fails with a ``ResourceWarning`` that is not its own."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from tests.support.proxy import Balancer, CuttableProxy, _Listener


async def _echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while data := await reader.read(65536):
        writer.write(data)
        await writer.drain()
    writer.close()


@pytest.fixture
async def echo_port() -> AsyncIterator[int]:
    """The port of an echo server on loopback."""
    server = await asyncio.start_server(_echo, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        await server.wait_closed()


async def _dropped_on_close(proxy: Balancer | CuttableProxy) -> None:
    """A connection through ``proxy`` carries bytes, and ends when ``proxy`` closes."""
    await proxy.start()
    reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
    try:
        writer.write(b"hola")
        assert await asyncio.wait_for(reader.readexactly(4), 5) == b"hola"
        await proxy.close()
        assert await asyncio.wait_for(reader.read(), 5) == b""
    finally:
        writer.close()


async def test_the_balancer_drops_the_connections_it_carries_when_it_closes(echo_port: int) -> None:
    await _dropped_on_close(Balancer(lambda: [echo_port]))


async def test_the_cuttable_proxy_drops_the_connections_it_carries_when_it_closes(
    echo_port: int,
) -> None:
    await _dropped_on_close(CuttableProxy(echo_port))


async def test_a_handler_still_running_is_cancelled_and_its_connection_closed() -> None:
    started, ended = asyncio.Event(), asyncio.Event()

    async def stuck(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # as a handler whose connection upstream has not completed yet
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            ended.set()

    listener = _Listener(stuck)
    await listener.start()
    reader, writer = await asyncio.open_connection("127.0.0.1", listener.port)
    try:
        await asyncio.wait_for(started.wait(), 5)
        await asyncio.wait_for(listener.close(), 5)
        assert ended.is_set()
        assert await asyncio.wait_for(reader.read(), 5) == b""
    finally:
        writer.close()

"""The online terminal client facing a server that is not there."""

from __future__ import annotations

import socket

from cuatrola.clients.terminal.online import OnlineApp, OnlineOptions


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


async def test_an_unreachable_server_ends_the_client_with_a_one_line_reason() -> None:
    server = f"http://127.0.0.1:{_closed_port()}"
    app = OnlineApp(OnlineOptions(server=server, mode="bots"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if app.return_code is not None:
                break
            await pilot.pause(0.02)
    assert app.return_code == 2
    assert app.failure.startswith(f"Cannot connect to {server}: ")
    assert "\n" not in app.failure

"""Over a real server, the shortcuts of the card room's websocket protocol
(server/wsprotocol.py).

Sending: a frame's header is the one websockets makes; a connection's frames written at once
arrive whole and in order, before a close of the client's or the server's; a socket that stops
taking them gets them through the writer's queue, in the same order, and the direct path comes
back once it drains.

Receiving: the commands for a table this node runs are carried out without the reader task,
in the order the client sent them among the others, and under the same rate limit."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode

from cuatrola.server.connection import Connection
from cuatrola.server.room import Room
from cuatrola.server.wsframes import text_frame_header
from cuatrola.server.wsprotocol import FLUSH_BYTES, _hand_over
from tests.server.live import Server, fast_settings, guest_token, running_server


@given(length=st.integers(0, 70_000), fill=st.integers(0, 255))
@example(length=0, fill=0)
@example(length=125, fill=0)
@example(length=126, fill=0)
@example(length=65_535, fill=0)
@example(length=65_536, fill=0)
def test_the_frame_header_is_the_one_websockets_makes(length: int, fill: int) -> None:
    payload = bytes((fill,)) * length
    made_here = text_frame_header(length) + payload
    assert made_here == Frame(Opcode.TEXT, payload).serialize(mask=False)


def test_a_text_handler_that_raises_has_taken_the_message(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Both ways to the handler (a frame read by the protocol, a message websockets parsed)
    count a failed handler as having taken the message, so it is not handled twice."""
    seen: list[bytes] = []

    def failing(data: bytes) -> bool:
        seen.append(data)
        raise ValueError("boom")

    with caplog.at_level(logging.ERROR, logger="cuatrola.server"):
        assert _hand_over(failing, b"{}") is True
    assert seen == [b"{}"]
    assert "the text handler failed" in caplog.text
    assert _hand_over(lambda data: False, b"{}") is False
    assert _hand_over(lambda data: True, b"{}") is True


async def _hello(server: Server, ws: ClientConnection, name: str) -> Connection:
    """Log ``ws`` in; the server's side of it."""
    token = await guest_token(server.http, name)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    room: Room = server.app.state.room
    (conn,) = room.connections[welcome["user"]["id"]]
    assert conn.direct is not None  # the server offers the synchronous send
    return conn


async def _nonces_until_closed(ws: ClientConnection) -> list[int]:
    """The ``nonce`` of every frame that comes until the socket closes."""
    got = []
    try:
        while True:
            got.append(json.loads(await ws.recv())["nonce"])
    except ConnectionClosed:
        return got


def _frame(n: int, pad: str = "") -> bytes:
    message: dict[str, Any] = {"type": "pong", "nonce": n}
    if pad:
        message["pad"] = pad
    return json.dumps(message).encode()


async def test_frames_written_at_once_come_whole_in_order_and_before_the_close(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server, connect(server.ws) as ws:
        conn = await _hello(server, ws, "Ana")
        for n in range(300):
            conn.send_raw(_frame(n, "ñ" * (n % 7)))
        # The socket took every one at once: none waits for the writer.
        assert conn.frames.empty()
        conn.close(4401)
        got = await _nonces_until_closed(ws)
        assert got == list(range(300))
        assert ws.close_code == 4401


async def test_a_compressed_socket_gets_its_frames_through_websockets(tmp_path: Path) -> None:
    # The headers made here are for uncompressed frames: with permessage-deflate negotiated,
    # the server must not offer the synchronous send.
    async with (
        running_server(
            fast_settings(tmp_path), websocket={"ws_per_message_deflate": True}
        ) as server,
        connect(server.ws, compression="deflate") as ws,
    ):
        token = await guest_token(server.http, "Ines")
        await ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome", welcome
        assert ws.protocol.extensions  # permessage-deflate is on
        room: Room = server.app.state.room
        (conn,) = room.connections[welcome["user"]["id"]]
        assert conn.direct is None
        for n in range(50):
            conn.send_raw(_frame(n, "ñ" * n))
        conn.close(4401)
        assert await _nonces_until_closed(ws) == list(range(50))


async def test_a_socket_that_stops_reading_gets_the_rest_through_the_queue_in_order(
    tmp_path: Path,
) -> None:
    # The client stops reading its socket once four messages wait unread.
    async with (
        running_server(fast_settings(tmp_path, send_queue=64)) as server,
        connect(server.ws, max_queue=4) as ws,
    ):
        conn = await _hello(server, ws, "Bea")
        pad = "x" * 30_000
        sent = 0
        while conn.frames.empty():
            # Until the kernel's buffers and the transport's are full, the socket takes
            # each frame at once.
            conn.send_raw(_frame(sent, pad))
            sent += 1
            await asyncio.sleep(0)  # this loop turn's frames are written
            assert sent < 3000, "the socket never stopped taking frames"
        for _ in range(20):
            conn.send_raw(_frame(sent, pad))
            sent += 1
        assert conn.frames.qsize() >= 20 and not conn.closed
        total = sent + 200

        async def read_all() -> list[int]:
            return [json.loads(await ws.recv())["nonce"] for _ in range(total)]

        # More frames while the client reads again: as the socket takes frames again,
        # none may overtake those still queued.
        reading = asyncio.create_task(read_all())
        while sent < total:
            conn.send_raw(_frame(sent, pad))
            sent += 1
            await asyncio.sleep(0)
        assert await reading == list(range(total))
        assert not conn.closed
        # Drained: a frame goes out at once again.
        async with asyncio.timeout(10):
            while not conn.frames.empty() or conn.sending:
                await asyncio.sleep(0.01)
        conn.send_raw(_frame(sent))
        assert conn.frames.empty()
        assert json.loads(await ws.recv())["nonce"] == sent


async def test_a_socket_that_never_reads_is_cut_off_as_too_slow(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path, send_queue=16)) as server,
        connect(server.ws, max_queue=4) as ws,
    ):
        conn = await _hello(server, ws, "Carla")
        pad = "x" * 30_000
        for n in range(3000):
            conn.send_raw(_frame(n, pad))
            await asyncio.sleep(0)
            if conn.closed:
                break
        assert conn.closed
        metrics = server.app.state.room.services.metrics
        assert metrics.slow_clients_total == 1


async def test_a_socket_the_client_is_closing_takes_no_frame_and_raises_nothing(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ws = await connect(server.ws)
        conn = await _hello(server, ws, "Dora")
        direct = conn.direct
        assert direct is not None
        transport = direct.__self__.transport  # type: ignore[attr-defined]
        closing = asyncio.create_task(ws.close())
        # Between the client's close frame and the end of the server's socket: a broadcast
        # then must neither raise into the table's runner nor write anything.
        async with asyncio.timeout(10):
            while not transport.is_closing():
                await asyncio.sleep(0)
        assert direct(_frame(1)) is False
        await closing
        assert direct(_frame(2)) is False


async def test_frames_given_before_the_server_stops_go_out_before_its_close(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server, connect(server.ws) as ws:
        conn = await _hello(server, ws, "Eva")
        direct = conn.direct
        assert direct is not None
        protocol = direct.__self__  # type: ignore[attr-defined]
        for n in range(50):
            conn.send_raw(_frame(n))
        # In the same loop turn, before the frames' write: uvicorn's shutdown closes with 1012.
        protocol.shutdown()
        got = await _nonces_until_closed(ws)
        assert got == list(range(50))
        assert ws.close_code == 1012


async def test_a_burst_is_written_as_it_grows_so_flow_control_sees_it(tmp_path: Path) -> None:
    # A client that reads nothing: one loop turn's burst far past FLUSH_BYTES must reach the
    # transport within the turn, and the socket then stops taking frames at once.
    async with (
        running_server(fast_settings(tmp_path, send_queue=64)) as server,
        connect(server.ws, max_queue=1) as ws,
    ):
        conn = await _hello(server, ws, "Flor")
        pad = "x" * 30_000
        sent = 0
        while conn.frames.empty():  # never yields to the loop: all within one turn
            conn.send_raw(_frame(sent, pad))
            sent += 1
            assert sent < 3000, "the socket never stopped taking frames"
        assert sent * 30_000 >= FLUSH_BYTES
        assert not conn.closed


async def _table_of(ws: ClientConnection) -> str:
    """Create a table (its owner at seat 0) and answer its id."""
    options = {"turn_time": 0}
    await ws.send(json.dumps({"type": "create_table", "id": "c1", "options": options, "seat": 0}))
    while True:
        frame = json.loads(await ws.recv())
        if frame["type"] == "ack" and frame["id"] == "c1":
            return str(frame["table"])


async def _answers(ws: ClientConnection, ids: list[str]) -> list[dict[str, Any]]:
    """The ``ack`` and ``error`` frames answering ``ids``, in the order they came."""
    got: list[dict[str, Any]] = []
    async with asyncio.timeout(20):
        while len(got) < len(ids):
            frame = json.loads(await ws.recv())
            if frame["type"] in ("ack", "error") and frame.get("id") in ids:
                got.append(frame)
    return got


async def _settled(ws: ClientConnection) -> None:
    """A ping answered: the reader task is past every earlier message (it can only wait for
    the next one, or handle this one, once it has sent the pong)."""
    await ws.send(json.dumps({"type": "ping", "nonce": 7}))
    while json.loads(await ws.recv())["type"] != "pong":
        pass


def _count_room_handles(room: Room) -> list[str]:
    """Record the ids of the messages that reach ``Room.handle`` (the reader task's way),
    which still carries them out."""
    seen: list[str] = []
    handle = room.handle

    async def counting(conn: Connection, msg: Any) -> None:
        seen.append(str(getattr(msg, "id", "")))
        await handle(conn, msg)

    room.handle = counting  # type: ignore[method-assign]
    return seen


async def test_commands_for_a_table_here_skip_the_reader_and_keep_their_order(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server, connect(server.ws) as ws:
        await _hello(server, ws, "Gala")
        table = await _table_of(ws)
        await _settled(ws)
        seen = _count_room_handles(server.app.state.room)
        # Sent back to back, all answered by the table's runner in the order it got them:
        # a subscribe goes to the runner as it is (taken at once), a mute through the room's
        # routing in the reader task.
        ids = []
        for n in range(12):
            if n % 3 == 1:
                cid = f"mute-{n}"
                message = {"type": "mute", "id": cid, "table": table, "seat": 1, "on": n % 2 == 0}
            else:
                cid = f"sub-{n}"
                message = {"type": "subscribe", "id": cid, "table": table}
            ids.append(cid)
            await ws.send(json.dumps(message))
        answers = await _answers(ws, ids)
        assert [a["id"] for a in answers] == ids
        assert {a["id"] for a in answers if a["type"] == "ack"} >= {i for i in ids if "sub" in i}
        # The first was taken at once; each later one at once or by the reader task,
        # whichever keeps the order (the reader may still be busy with the one before).
        assert "sub-0" not in seen
        assert set(seen) >= {cid for cid in ids if cid.startswith("mute")}


async def test_commands_taken_at_once_are_rate_limited_like_the_others(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, rate=0.01, burst=4)
    async with running_server(settings) as server, connect(server.ws) as ws:
        await _hello(server, ws, "Hada")
        table = await _table_of(ws)  # the burst's first token
        await _settled(ws)  # a keep-alive costs none
        seen = _count_room_handles(server.app.state.room)
        ids = [f"s{n}" for n in range(8)]
        for cid in ids:
            await ws.send(json.dumps({"type": "subscribe", "id": cid, "table": table}))
        answers = {a["id"]: a for a in await _answers(ws, ids)}
        assert [answers[cid]["type"] for cid in ids] == ["ack"] * 3 + ["error"] * 5
        assert {answers[cid].get("code") for cid in ids[3:]} == {"rate_limited"}
        assert seen == []

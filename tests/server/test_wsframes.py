"""The websocket framing the card room reads itself (server/wsframes.py) agrees with
websockets' own parser, and a real server answers a client's frames in order however the
bytes are cut into chunks.

- :func:`client_text_frame` reads exactly the frames websockets would read as one whole text
  message, with the same payload, and leaves every other frame to it;
- :class:`FrameBoundary` says "between two frames" exactly where a frame ends, whatever the
  chunks, from the upgrade request's end on;
- over loopback, text commands, pings (control frames), fragmented messages and binary
  frames sent in random chunks are all answered, each in the order sent.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.streams import StreamReader
from websockets.uri import parse_uri

from cuatrola.server import wsprotocol
from cuatrola.server.wsframes import MAX_REQUEST_HEAD, FrameBoundary, client_text_frame
from tests.server.live import fast_settings, guest_token, running_server

_SIZES = st.one_of(st.sampled_from([0, 1, 125, 126, 127, 65_535, 65_536]), st.integers(0, 300))


@st.composite
def _frames(draw: st.DrawFn) -> Frame:
    """A client frame of any kind websockets sends: text, binary, a fragment's start or
    continuation, a ping or a pong."""
    kinds = [Opcode.TEXT, Opcode.TEXT, Opcode.BINARY, Opcode.CONT, Opcode.PING, Opcode.PONG]
    opcode = draw(st.sampled_from(kinds))
    control = opcode in (Opcode.PING, Opcode.PONG)
    size = draw(st.integers(0, 125) if control else _SIZES)
    fill = draw(st.integers(0, 255))
    fin = True if control else draw(st.booleans())
    return Frame(opcode, bytes((fill,)) * size, fin=fin)


def _parse_with_websockets(data: bytes) -> Frame:
    """The one frame websockets' parser reads off ``data`` (a server reading a client)."""
    reader = StreamReader()
    reader.feed_data(data)
    parser = Frame.parse(reader.read_exact, mask=True, max_size=None)
    try:
        next(parser)
    except StopIteration as done:
        frame: Frame = done.value
        return frame
    raise AssertionError("websockets did not read a whole frame")


@given(frame=_frames(), before=st.binary(max_size=20), limit=st.none() | _SIZES)
@example(frame=Frame(Opcode.TEXT, b"x" * 125), before=b"", limit=None)
@example(frame=Frame(Opcode.TEXT, b"x" * 126), before=b"", limit=125)
@example(frame=Frame(Opcode.TEXT, b"x" * 65_535), before=b"ab", limit=None)
@example(frame=Frame(Opcode.TEXT, b"x" * 65_536), before=b"", limit=None)
def test_a_whole_text_frame_is_read_as_websockets_reads_it(
    frame: Frame, before: bytes, limit: int | None
) -> None:
    wire = frame.serialize(mask=True)
    data = before + wire
    read = client_text_frame(data, len(before), limit)
    parsed = _parse_with_websockets(wire)
    plain_text = parsed.opcode is Opcode.TEXT and parsed.fin
    small = len(parsed.data) < 65_536 and (limit is None or len(parsed.data) <= limit)
    if plain_text and small:
        assert read == (parsed.data, len(data))
    else:
        assert read is None


@given(frame=_frames(), cut=st.integers(0, 65_545))
def test_a_frame_cut_short_is_left_to_websockets(frame: Frame, cut: int) -> None:
    wire = frame.serialize(mask=True)
    assert client_text_frame(wire[: min(cut, len(wire) - 1)], 0, None) is None


def test_an_unmasked_text_frame_is_left_to_websockets() -> None:
    # websockets fails the connection for it: that must stay its answer.
    assert client_text_frame(Frame(Opcode.TEXT, b"hola").serialize(mask=False), 0, None) is None


def _chunks(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    edges = [0, *points, len(data)]
    return [data[a:b] for a, b in itertools.pairwise(edges)]


def _frame_ends(frames: list[bytes], start: int) -> set[int]:
    ends, at = {start}, start
    for wire in frames:
        at += len(wire)
        ends.add(at)
    return ends


@given(
    frames=st.lists(_frames(), max_size=6),
    cuts=st.lists(st.integers(0, 200_000), max_size=12),
    head_extra=st.integers(0, 40),
)
def test_the_boundary_is_known_exactly_at_every_frame_end(
    frames: list[Frame], cuts: list[int], head_extra: int
) -> None:
    head = b"GET /ws HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"p" * head_extra + b"\r\n\r\n"
    wires = [f.serialize(mask=True) for f in frames]
    data = head + b"".join(wires)
    ends = _frame_ends(wires, len(head))
    boundary = FrameBoundary()
    upgraded = False
    seen = 0
    for chunk in _chunks(data, cuts):
        if upgraded:
            boundary.follow(chunk)
        else:
            boundary.before_upgrade(chunk)
        seen += len(chunk)
        if not upgraded and seen >= len(head):
            # websockets has parsed the request from the bytes given so far.
            boundary.upgrade_parsed()
            upgraded = True
        assert boundary.between_frames == (upgraded and seen in ends)


def test_a_request_head_too_long_loses_the_boundary_for_good() -> None:
    boundary = FrameBoundary()
    boundary.before_upgrade(b"GET /ws HTTP/1.1\r\nX-Pad: " + b"p" * MAX_REQUEST_HEAD)
    boundary.before_upgrade(b"\r\n\r\n")
    boundary.upgrade_parsed()
    boundary.follow(Frame(Opcode.TEXT, b"hola").serialize(mask=True))
    assert not boundary.between_frames


# Over a real server.


class _RawClient:
    """A websocket client whose bytes go out in the chunks a test chooses: websockets'
    sans-I/O client makes the frames and reads the answers; the test cuts the bytes."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.protocol = ClientProtocol(parse_uri(url), max_size=None)
        self.reader: asyncio.StreamReader
        self.writer: asyncio.StreamWriter
        self.frames: list[Frame] = []

    async def open(self) -> None:
        parts = urlsplit(self.url)
        assert parts.hostname is not None and parts.port is not None
        self.reader, self.writer = await asyncio.open_connection(parts.hostname, parts.port)
        self.protocol.send_request(self.protocol.connect())
        await self.write(self.take())
        while self.protocol.state is not State.OPEN:
            await self._read()

    def take(self) -> bytes:
        """The bytes websockets' client made since the last call."""
        return b"".join(self.protocol.data_to_send())

    async def write(self, data: bytes, chunks: list[bytes] | None = None) -> None:
        for chunk in chunks if chunks is not None else [data]:
            self.writer.write(chunk)
            await self.writer.drain()
            await asyncio.sleep(0)  # the server reads each chunk as it comes

    async def _read(self) -> None:
        data = await self.reader.read(65536)
        assert data, "the server closed the connection"
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Frame):
                self.frames.append(event)

    async def until(self, done: Any) -> None:
        async with asyncio.timeout(20):
            while not done():
                await self._read()

    def texts(self) -> list[dict[str, Any]]:
        return [json.loads(bytes(f.data)) for f in self.frames if f.opcode is Opcode.TEXT]

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


async def test_frames_cut_anywhere_are_all_answered_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read_here: list[int] = []

    def counted(data: bytes, at: int, limit: int | None) -> tuple[bytes, int] | None:
        frame = client_text_frame(data, at, limit)
        if frame is not None:
            read_here.append(at)
        return frame

    monkeypatch.setattr(wsprotocol, "client_text_frame", counted)
    async with running_server(fast_settings(tmp_path, rate=1000.0, burst=1000)) as server:
        client = _RawClient(server.ws)
        await client.open()
        token = await guest_token(server.http, "Iria")
        client.protocol.send_text(json.dumps({"type": "hello", "token": token}).encode())
        await client.write(client.take())
        await client.until(lambda: any(m["type"] == "welcome" for m in client.texts()))
        options = {"turn_time": 0}
        create = {"type": "create_table", "id": "c1", "options": options, "seat": 0}
        client.protocol.send_text(json.dumps(create).encode())
        await client.write(client.take())
        await client.until(lambda: any(m.get("id") == "c1" for m in client.texts()))
        table = next(m["table"] for m in client.texts() if m.get("id") == "c1")

        rng = random.Random(15)
        ids: list[str] = []
        nonces: list[int] = []
        pings: list[bytes] = []
        for round_ in range(6):
            for n in range(10):
                cid = f"r{round_}-{n}"
                message = json.dumps({"type": "subscribe", "id": cid, "table": table}).encode()
                ids.append(cid)
                kind = rng.randrange(4)
                if kind == 0:  # a message in fragments: websockets puts it together
                    half = len(message) // 2
                    client.protocol.send_text(message[:half], fin=False)
                    client.protocol.send_continuation(message[half:], fin=True)
                else:
                    client.protocol.send_text(message)
                if kind == 1:  # a websocket ping between two commands
                    ping = f"{round_}:{n}".encode()
                    pings.append(ping)
                    client.protocol.send_ping(ping)
                if kind == 2 and len(nonces) < 8:  # the room's own keep-alive (within its budget)
                    nonce = round_ * 100 + n
                    nonces.append(nonce)
                    client.protocol.send_text(json.dumps({"type": "ping", "nonce": nonce}).encode())
            data = client.take()
            cuts = [rng.randrange(len(data)) for _ in range(rng.randrange(1, 40))]
            await client.write(data, _chunks(data, cuts))
        # A binary frame is refused, and the connection goes on.
        client.protocol.send_binary(b"\x00\x01")
        client.protocol.send_text(json.dumps({"type": "ping", "nonce": 9999}).encode())
        await client.write(client.take())

        def answered() -> bool:
            return any(m.get("nonce") == 9999 for m in client.texts())

        await client.until(answered)
        texts = client.texts()
        got = [m["id"] for m in texts if m["type"] in ("ack", "error") and m.get("id") in ids]
        assert got == ids
        assert all(m["type"] == "ack" for m in texts if m.get("id") in ids)
        pongs = [m["nonce"] for m in texts if m["type"] == "pong"]
        assert pongs == [*nonces, 9999]
        assert [f.data for f in client.frames if f.opcode is Opcode.PONG] == pings
        refused = [m for m in texts if m["type"] == "error" and m.get("code") == "malformed"]
        assert len(refused) == 1
        assert read_here  # some frames took the protocol's own way, the rest websockets'
        await client.close()

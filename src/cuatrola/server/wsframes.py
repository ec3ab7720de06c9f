"""The few pieces of websocket framing (RFC 6455, section 5.2) the card room's protocol does
itself, on its hot path, beside websockets' own parser and serializer.

- :func:`text_frame_header`: the header of a server's text frame, put before a payload that
  is sent as it is.
- :func:`client_text_frame`: one whole, final, masked client text frame read off a chunk of
  received bytes, unmasked; anything else (a control frame, a fragment, a frame not yet
  whole) is left to websockets.
- :class:`FrameBoundary`: where the frames begin in the bytes given to websockets' parser,
  followed header by header, so that the protocol reads a chunk itself only when the parser
  stands between two frames (a chunk may end anywhere in a frame).

Tests hold each equal to websockets (tests/server/test_wsframes.py).
"""

from __future__ import annotations

from typing import Final

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - websockets built without its C speedups
    from websockets.utils import apply_mask

#: The first byte of a final text frame without extension bits (FIN and opcode 1).
_FINAL_TEXT: Final = 0x81

#: The end of an HTTP request's head: the request line and headers, each ending in CRLF,
#: then an empty line (websockets accepts no other line ending and no request body).
_END_OF_HEAD: Final = b"\r\n\r\n"

#: Bytes of an upgrade request kept while looking for its end; a longer head is refused by
#: websockets (its lines and headers are capped), and the boundary is then never known.
MAX_REQUEST_HEAD: Final = 65536


def text_frame_header(length: int) -> bytes:
    """The header of a final, unmasked text frame whose payload is ``length`` bytes long
    (RFC 6455, section 5.2): FIN and the text opcode, then the length in 7, 16 or 64 bits."""
    if length < 126:
        return bytes((0x81, length))
    if length < 65536:
        return b"\x81\x7e" + length.to_bytes(2, "big")
    return b"\x81\x7f" + length.to_bytes(8, "big")


def client_text_frame(data: bytes, at: int, limit: int | None) -> tuple[bytes, int] | None:
    """The payload of the client frame that starts at ``data[at]`` and the index just past
    it, when it is a whole, final, masked text frame without extension bits and at most
    ``limit`` bytes long (``None``: no limit); else ``None`` (websockets reads it).

    Payloads of 64 KiB and more (a 64-bit length) are left to websockets too: the card
    room's messages are far smaller.
    """
    end = len(data)
    if at + 6 > end or data[at] != _FINAL_TEXT:
        return None
    second = data[at + 1]
    if not second & 0x80:
        return None  # unmasked: websockets fails the connection
    length = second & 0x7F
    start = at + 6
    if length == 126:
        start += 2
        if start > end:
            return None
        length = int.from_bytes(data[at + 2 : at + 4], "big")
    elif length == 127:
        return None
    stop = start + length
    if stop > end or (limit is not None and length > limit):
        return None
    return apply_mask(data[start:stop], data[start - 4 : start]), stop


class FrameBoundary:
    """Follows one connection's received bytes as websockets' parser reads them, to tell
    whether the parser stands between two frames.

    The bytes before the upgrade request's end are kept (:meth:`before_upgrade`) until
    websockets has parsed the request (:meth:`upgrade_parsed`); from its end on, every byte
    given to the parser goes through :meth:`follow`, which reads the frames' headers and
    skips their payloads. When the request's head is too long to keep the boundary is lost
    for good and :attr:`between_frames` stays false: the connection's frames all go through
    websockets (which refuses such a request anyway).
    """

    __slots__ = ("_head", "_left", "_partial", "_state")

    _BEFORE_UPGRADE: Final = 0
    _FOLLOWING: Final = 1
    _LOST: Final = 2

    def __init__(self) -> None:
        self._state = self._BEFORE_UPGRADE
        self._head = bytearray()
        #: Payload bytes of the current frame not received yet.
        self._left = 0
        #: The start of a frame header received so far (shorter than the whole header).
        self._partial = b""

    @property
    def between_frames(self) -> bool:
        """Whether every byte given to the parser so far ends a frame (or the request)."""
        return self._state == self._FOLLOWING and not self._left and not self._partial

    def before_upgrade(self, data: bytes) -> None:
        """Bytes given to the parser before it has parsed the upgrade request."""
        if self._state != self._BEFORE_UPGRADE:
            return
        self._head += data
        # Frames may come in the same chunk as the request's end: only a head that has not
        # ended within the bytes kept is too long.
        if len(self._head) > MAX_REQUEST_HEAD and self._head.find(_END_OF_HEAD) < 0:
            self._lose()

    def upgrade_parsed(self) -> None:
        """The parser has parsed the request from the bytes given so far: the frames start
        right after its head."""
        if self._state != self._BEFORE_UPGRADE:
            return
        end = self._head.find(_END_OF_HEAD)
        if end < 0:  # pragma: no cover - websockets parsed no request without its end
            self._lose()
            return
        rest = bytes(self._head[end + len(_END_OF_HEAD) :])
        self._head = bytearray()
        self._state = self._FOLLOWING
        self.follow(rest)

    def follow(self, data: bytes) -> None:
        """Bytes given to the parser after the request."""
        if self._state != self._FOLLOWING:
            return
        if self._partial:
            data = self._partial + data
            self._partial = b""
        at, end, left = 0, len(data), self._left
        while True:
            if left:
                skipped = min(left, end - at)
                at += skipped
                left -= skipped
                if left:
                    break
            if at == end:
                break
            if end - at < 2:
                self._partial = data[at:]
                break
            second = data[at + 1]
            length = second & 0x7F
            size = 2 + (2 if length == 126 else 8 if length == 127 else 0)
            size += 4 if second & 0x80 else 0
            if end - at < size:
                self._partial = data[at:]
                break
            if length == 126:
                length = int.from_bytes(data[at + 2 : at + 4], "big")
            elif length == 127:
                length = int.from_bytes(data[at + 2 : at + 10], "big")
            at += size
            left = length
        self._left = left

    def _lose(self) -> None:
        self._state = self._LOST
        self._head = bytearray()
        self._partial = b""


__all__ = ["MAX_REQUEST_HEAD", "FrameBoundary", "client_text_frame", "text_frame_header"]

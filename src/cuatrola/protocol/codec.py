"""Encode server messages and decode client messages (docs/protocol.md).

:func:`decode_client` is the one entrance for client input: it refuses anything oversized,
not JSON, not an object, of an unknown ``type``, or with missing, extra or out-of-range fields,
raising :class:`ProtocolError` with an error code and a message the server sends back as an
``error``. :func:`decode_server` is its twin for clients.

:func:`encode` accepts only the server message types of :mod:`cuatrola.protocol.messages`,
whose card-carrying parts are built from core views: it cannot serialize a
:class:`~cuatrola.core.hand.HandState` (mypy rejects it, and at run time it raises
``TypeError``).

>>> decode_client(b'{"type": "ping", "nonce": 3}')
Ping(nonce=3)
>>> try:
...     decode_client(b'{"type": "dance"}')
... except ProtocolError as exc:
...     print(exc.code, exc)
unknown_type unknown message type 'dance'
"""

from __future__ import annotations

from typing import Final

import msgspec

from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import (
    CLIENT_TYPES,
    SERVER_TYPES,
    ClientMessage,
    Error,
    Event,
    ServerMessage,
)
from cuatrola.protocol.views import SeatFields

#: Largest client frame accepted, in bytes (the server also sets it as the websocket limit).
MAX_CLIENT_FRAME: Final = 4096

_client_decoder: Final = msgspec.json.Decoder(ClientMessage)
_server_decoder: Final = msgspec.json.Decoder(ServerMessage)
_encoder: Final = msgspec.json.Encoder()
_peek: Final = msgspec.json.Decoder(dict[str, object])


class _Envelope(msgspec.Struct):
    """What a refused client frame may still say: its type and command id. The other
    fields are skipped unread, so that a value out of range there (``1e999``) does not hide
    the command id."""

    type: object = None
    id: object = None


_envelope: Final = msgspec.json.Decoder(_Envelope)


class ProtocolError(ValueError):
    """A client frame that is refused.

    Attributes:
        code: :attr:`~ErrorCode.OVERSIZED`, ``MALFORMED``, ``UNKNOWN_TYPE`` or ``INVALID``.
        command_id: the ``id`` field of the frame when it could be read, else ``None``.
    """

    def __init__(self, code: ErrorCode, message: str, command_id: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.command_id = command_id

    def to_message(self) -> Error:
        """The ``error`` message to send back."""
        return Error(code=self.code, message=str(self), id=self.command_id)


def decode_client(data: bytes | str, max_size: int = MAX_CLIENT_FRAME) -> ClientMessage:
    """Parse and validate one client frame.

    Raises:
        ProtocolError: for anything that is not a valid client message.
    """
    raw = data.encode() if isinstance(data, str) else data
    if len(raw) > max_size:
        raise ProtocolError(
            ErrorCode.OVERSIZED, f"frame of {len(raw)} bytes; the limit is {max_size}"
        )
    try:
        return _client_decoder.decode(raw)
    except RecursionError:
        # msgspec stops at its nesting limit with RecursionError; no message nests deeply.
        raise ProtocolError(ErrorCode.MALFORMED, "the frame nests too deeply") from None
    except msgspec.ValidationError as exc:
        envelope = _peek_envelope(raw)
        command_id = envelope.id
        cid = command_id if isinstance(command_id, str) and len(command_id) <= 64 else None
        kind = envelope.type
        if kind not in CLIENT_TYPES:
            if not isinstance(kind, str):
                raise ProtocolError(
                    ErrorCode.MALFORMED, "expected an object with a string 'type' field", cid
                ) from None
            shown = kind if len(kind) <= 32 else kind[:32] + "..."
            raise ProtocolError(
                ErrorCode.UNKNOWN_TYPE, f"unknown message type {shown!r}", cid
            ) from None
        raise ProtocolError(ErrorCode.INVALID, f"invalid {kind} message: {exc}", cid) from None
    except msgspec.DecodeError:
        raise ProtocolError(ErrorCode.MALFORMED, "the frame is not a JSON object") from None


def _peek_envelope(raw: bytes) -> _Envelope:
    try:
        return _envelope.decode(raw)
    except (msgspec.MsgspecError, RecursionError):
        raise ProtocolError(ErrorCode.MALFORMED, "expected a JSON object") from None


def encode(message: ServerMessage) -> bytes:
    """Serialize one server message to JSON bytes.

    Raises:
        TypeError: when ``message`` is not a server message (a hand state, a dict...).
    """
    if not isinstance(message, SERVER_TYPES):
        raise TypeError(f"only server messages can be encoded, got {type(message).__name__}")
    return _encoder.encode(message)


#: A public view's own-seat fields (none) as :func:`encode` writes them: the place in a
#: public frame where a seat's own fields go.
_NO_SEAT: Final = _encoder.encode(SeatFields())[1:-1]


class SeatedFrames:
    """The frames of one hand event for its recipients, from its public copy encoded once.

    A hand event's copies differ only in the view's own-seat fields, which
    :class:`~cuatrola.protocol.views.HandView` holds last. Each seat's frame is the public
    frame with that seat's :class:`~cuatrola.protocol.views.SeatFields` in place of the
    public copy's empty ones, byte for byte what :func:`encode` gives for the seat's whole
    copy (a property test holds the two equal), without encoding the public part again for
    every seat.

    Args:
        public: the event's copy for a spectator (a view with no seat, as its last part).

    Raises:
        TypeError: as :func:`encode`.
        ValueError: when ``public`` does not end with a view without a seat.
    """

    __slots__ = ("_head", "_tail", "public")

    def __init__(self, public: Event) -> None:
        data = encode(public)
        at = data.rfind(_NO_SEAT)
        # The view closes right after its own-seat fields, then the event's body.
        if at < 0 or not data.startswith(b"}}", at + len(_NO_SEAT)):
            raise ValueError("expected an event whose body ends with a view without a seat")
        #: The spectators' frame.
        self.public: bytes = data
        self._head = data[:at]
        self._tail = data[at + len(_NO_SEAT) :]

    def for_seat(self, own: SeatFields) -> bytes:
        """The frame of the seat whose own fields are ``own``."""
        return b"".join((self._head, _encoder.encode(own)[1:-1], self._tail))


def encode_client(message: ClientMessage) -> bytes:
    """Serialize one client message (for clients and tests)."""
    return _encoder.encode(message)


def decode_server(data: bytes | str) -> ServerMessage:
    """Parse a server frame (for clients), as the compatibility policy asks: unknown fields
    are ignored, and an event whose body kind is unknown (a newer server) comes back with
    ``body=None`` so that its sequence number still counts.

    Raises:
        ProtocolError: when it is not a server message this version knows (clients ignore it).
    """
    try:
        return _server_decoder.decode(data)
    except msgspec.MsgspecError as exc:
        try:
            obj = _peek.decode(data)
        except msgspec.MsgspecError:
            obj = {}
        seq, table = obj.get("seq"), obj.get("table")
        if obj.get("type") == "event" and isinstance(seq, int) and isinstance(table, str):
            return Event(table=table, seq=seq, body=None)
        raise ProtocolError(ErrorCode.MALFORMED, f"bad server message: {exc}") from None

"""The card room's websocket protocol: typed messages and their codec (docs/protocol.md).

Shared by the server and every client; it imports only :mod:`cuatrola.core`.
"""

from cuatrola.protocol.codec import (
    MAX_CLIENT_FRAME,
    ProtocolError,
    decode_client,
    decode_server,
    encode,
    encode_client,
)
from cuatrola.protocol.messages import *  # noqa: F403  (the message types are the API)
from cuatrola.protocol.messages import PROTOCOL_VERSION, ClientMessage, ServerMessage
from cuatrola.protocol.views import *  # noqa: F403  (the view types are the API too)
from cuatrola.protocol.views import hand_view, view_from_wire

__all__ = [
    "MAX_CLIENT_FRAME",
    "PROTOCOL_VERSION",
    "ClientMessage",
    "ProtocolError",
    "ServerMessage",
    "decode_client",
    "decode_server",
    "encode",
    "encode_client",
    "hand_view",
    "view_from_wire",
]

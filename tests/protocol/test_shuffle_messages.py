"""The verifiable shuffle on the wire: ``contribute`` is parsed strictly, and the shuffle
events and the sync's commitment round-trip through the codec."""

from __future__ import annotations

import json

import msgspec
import pytest

from cuatrola.protocol.codec import ProtocolError, decode_client, decode_server, encode
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import (
    Contribute,
    Event,
    ShuffleCommitted,
    ShuffleContribution,
    ShuffleRevealed,
)


def frame(**fields: object) -> str:
    return json.dumps({"type": "contribute", "id": "k1", "table": "t-1", **fields})


def test_a_contribution_of_one_to_64_bytes_in_lowercase_hex_is_read() -> None:
    for value in ("00", "c0ffee", "ab" * 64):
        assert decode_client(frame(value=value)) == Contribute(id="k1", table="t-1", value=value)


@pytest.mark.parametrize(
    "fields",
    [
        {"value": ""},
        {"value": "abc"},
        {"value": "ABCD"},
        {"value": "zz"},
        {"value": "ab" * 65},
        {"value": 7},
        {},
        {"value": "00", "seat": 1},
    ],
)
def test_a_malformed_contribution_is_invalid(fields: dict[str, object]) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_client(frame(**fields))
    assert caught.value.code == ErrorCode.INVALID
    assert caught.value.command_id == "k1"


def test_the_shuffle_events_round_trip() -> None:
    committed = ShuffleCommitted(commitment="ab" * 32, version=1, seats=[0, 2], window=1.5)
    revealed = ShuffleRevealed(
        commitment="ab" * 32,
        version=1,
        seed="cd" * 32,
        contributions=[ShuffleContribution(seat=0, value="00ff")],
    )
    for body in (committed, revealed):
        event = Event(table="t-1", seq=9, body=body)
        data = encode(event)
        assert decode_server(data) == event
    wire = msgspec.json.decode(encode(Event(table="t-1", seq=9, body=committed)))
    assert wire["body"] == {
        "kind": "shuffle_commit",
        "commitment": "ab" * 32,
        "version": 1,
        "seats": [0, 2],
        "window": 1.5,
    }

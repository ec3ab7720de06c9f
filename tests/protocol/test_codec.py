"""The protocol codec: every client input is validated; only server messages are encoded."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import public_view, seat_part, view_for
from cuatrola.protocol import (
    MAX_CLIENT_FRAME,
    ClientMessage,
    ProtocolError,
    decode_client,
    decode_server,
    encode,
    encode_client,
    hand_view,
)
from cuatrola.protocol.codec import SeatedFrames
from cuatrola.protocol.messages import (
    RULES_PRESETS,
    Ack,
    Act,
    Acted,
    Chat,
    ChatLine,
    ChatSaid,
    Clock,
    CreateTable,
    Dealt,
    Error,
    Event,
    Hello,
    Join,
    Mute,
    Muted,
    Ping,
    Subscribe,
    Sync,
    TableInfo,
    TableOptions,
)
from cuatrola.protocol.views import HandView, SeatFields, seat_fields, with_seat


def codes(data: bytes) -> ProtocolError:
    with pytest.raises(ProtocolError) as info:
        decode_client(data)
    return info.value


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (b"not json", "malformed"),
        (b"[1, 2]", "malformed"),
        (b"{}", "malformed"),
        (b'{"type": 5}', "malformed"),
        (b'{"type": "dance", "id": "x"}', "unknown_type"),
        (b'{"type": "act", "id": "a"}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": "RO", "extra": 1}', "invalid"),
        (b'{"type": "act", "id": "a b", "table": "t1", "action": "RO"}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t 1", "action": "RO"}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": ""}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": "RO", "seat": 4}', "invalid"),
        (b'{"type": "chat", "id": "a", "table": "t1", "text": "   "}', "invalid"),
        (b'{"type": "chat", "id": "a", "table": "t1", "text": "a\\nb"}', "invalid"),
        (b'{"type": "chat", "id": "a", "table": "t1", "text": "\\u202eevil"}', "invalid"),
        (b'{"type": "chat", "id": "a", "table": "t1", "phrase": "my cards are"}', "invalid"),
        (b'{"type": "chat", "id": "a", "table": "t1"}', "invalid"),
        (b'{"type": "join", "id": "a"}', "invalid"),
        (b'{"type": "join", "id": "a", "table": "t1", "code": "ABC"}', "invalid"),
        (b'{"type": "create_table", "id": "a", "options": {"rules": "exact99"}}', "invalid"),
        (b'{"type": "create_table", "id": "a", "options": {"turn_time": -1}}', "invalid"),
        (b'{"type": "create_table", "id": "a", "options": {"bot_level": "god"}}', "invalid"),
        (b'{"type": "hello"}', "invalid"),
        # Actions are exact codes: no other case, spacing or prefix.
        (b'{"type": "act", "id": "a", "table": "t1", "action": "PASS"}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": " pass "}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": "bid:pass"}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": "ao"}', "invalid"),
        (b'{"type": "act", "id": "a", "table": "t1", "action": "cante:o"}', "invalid"),
        # Contradictory seats.
        (b'{"type": "create_table", "id": "a", "seat": 0, "bots": [0, 1]}', "invalid"),
        (b'{"type": "create_table", "id": "a", "bots": [1, 1]}', "invalid"),
        (b'{"type": "create_table", "id": "a", "bots": [0, 1, 2, 3]}', "invalid"),
        # Deep nesting (under the size limit) is a malformed frame, not a crash.
        (b'{"type": "ping", "nonce": ' + b"[" * 1000 + b"]" * 1000 + b"}", "malformed"),
        (b'{"type": "act", "id": "a", "table": "t", "action": ' + b"[" * 1500 + b"}", "malformed"),
        (b"[" * 2000, "malformed"),
        (b'{"type": "subscribe", "id": "a", "table": "t1", "since": -3}', "invalid"),
    ],
)
def test_bad_frames_are_refused_with_a_code(frame: bytes, code: str) -> None:
    assert codes(frame).code == code


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        # Rules.name's form: the wire says "no quintola" once, in its quintola field.
        ("exact11-noquintola", "rules takes the preset without -noquintola: send rules 'exact11'"),
        ("to21-noquintola", "rules takes the preset without -noquintola: send rules 'to21'"),
        ("exact99-noquintola", "rules must be exact3..exact21"),
        ("EXACT11", "rules must be exact3..exact21"),
    ],
)
def test_table_options_take_base_preset_names_only(rules: str, message: str) -> None:
    frame = {"type": "create_table", "id": "a", "options": {"rules": rules, "quintola": False}}
    error = codes(json.dumps(frame).encode())
    assert error.code == "invalid" and message in str(error)


def test_oversized_frames_are_refused_before_parsing() -> None:
    frame = json.dumps({"type": "chat", "id": "a", "table": "t", "text": "x" * MAX_CLIENT_FRAME})
    assert codes(frame.encode()).code == "oversized"


def test_the_error_carries_the_command_id_when_readable() -> None:
    error = codes(b'{"type": "act", "id": "a7", "table": "t1"}')
    assert error.command_id == "a7"
    message = error.to_message()
    assert isinstance(message, Error)
    assert json.loads(encode(message))["id"] == "a7"
    # Even when another field holds a number out of every range.
    huge = codes(b'{"type": "create_table", "id": "c1", "options": {"turn_time": 1e999}}')
    assert (huge.code, huge.command_id) == ("invalid", "c1")
    assert "turn_time" in str(huge)


def test_long_unknown_types_are_cut_in_the_message() -> None:
    error = codes(json.dumps({"type": "x" * 200}).encode())
    assert len(str(error)) < 80


def test_valid_commands_round_trip() -> None:
    messages: list[ClientMessage] = [
        Hello(token="abc"),
        Ping(nonce=3),
        CreateTable(id="c1", options=TableOptions(rules="to21", turn_time=5), seat=2, bots=[1]),
        Join(id="j", code="K7Q2MX"),
        Subscribe(id="s", table="t-1", since=4),
        Act(id="a", table="t-1", action="cante:O"),
        Chat(id="m", table="t-1", phrase="thanks"),
    ]
    for message in messages:
        assert decode_client(encode_client(message)) == message


def test_options_name_core_rules() -> None:
    assert TableOptions(rules="hands20", quintola=False).to_rules() == Rules.fixed_hands(
        20, quintola=False
    )
    for preset in RULES_PRESETS:
        assert TableOptions(rules=preset).to_rules().name == preset
    for bad in ("nonsense", "exact2", "exact22", "to11", "hands7", ""):
        with pytest.raises(ValueError, match="rules must be"):
            TableOptions(rules=bad)


def test_only_server_messages_can_be_encoded() -> None:
    state = HandState.deal(Rules(), 0, random.Random(1))
    with pytest.raises(TypeError):
        encode(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        encode({"type": "event"})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hand_view(state)  # type: ignore[arg-type]


def test_a_seat_view_carries_only_its_own_cards() -> None:
    rng = random.Random(9)
    for _ in range(20):
        state = HandState.deal(Rules(), rng.randrange(4), rng)
        for seat in range(4):
            frame = encode(
                Event(table="t", seq=1, body=Dealt(view=hand_view(view_for(state, seat))))
            )
            shown = set(json.loads(frame)["body"]["view"]["hand"])
            assert shown == {str(c) for c in state.hand_of(seat)}
            others = {str(c) for s in range(4) if s != seat for c in state.hand_of(s)}
            others.discard(str(state.trump_card))
            text = frame.decode()
            assert not any(f'"{code}"' in text for code in others)
        spectator = encode(
            Event(table="t", seq=1, body=Dealt(view=hand_view(public_view(state))))
        ).decode()
        hidden = {str(c) for s in range(4) for c in state.hand_of(s)} - {str(state.trump_card)}
        assert not any(f'"{code}"' in spectator for code in hidden)


def test_server_frames_decode_for_clients() -> None:
    state = HandState.deal(Rules(), 0, random.Random(1))
    event = Event(table="t", seq=3, body=Dealt(view=hand_view(view_for(state, 2))))
    assert decode_server(encode(event)) == event
    with pytest.raises(ProtocolError):
        decode_server(b'{"type": "nope"}')


def test_decoding_fuzz_never_raises_anything_but_protocol_error() -> None:
    rng = random.Random(4)
    pieces = [
        b"{",
        b"}",
        b'"type"',
        b":",
        b'"act"',
        b",",
        b'"id"',
        b'"x"',
        b"[",
        b"]",
        b"1",
        b"null",
    ]
    for _ in range(2000):
        frame = b"".join(rng.choice(pieces) for _ in range(rng.randrange(12)))
        try:
            decode_client(frame)
        except ProtocolError:
            pass
        except msgspec.MsgspecError as exc:  # pragma: no cover - the failure being tested
            pytest.fail(f"{frame!r} leaked {exc!r}")


def test_with_seat_equals_the_full_conversion_of_the_seat_view() -> None:
    rng = random.Random(12)
    for _ in range(30):
        state = HandState.deal(Rules(), rng.randrange(4), rng)
        for _ in range(rng.randrange(12)):
            state.apply(rng.choice(state.legal_actions()))
        public = hand_view(public_view(state))
        for seat in range(4):
            assert with_seat(public, view_for(state, seat)) == hand_view(view_for(state, seat))
            # The server adds only the seat's own part to the shared public view.
            own = seat_part(state, seat)
            assert with_seat(public, own) == hand_view(view_for(state, seat))
    with pytest.raises(TypeError):
        with_seat(public, public_view(state))  # type: ignore[arg-type]


def test_seat_fields_are_the_last_fields_of_a_hand_view_in_its_order() -> None:
    # SeatedFrames puts a seat's encoded fields where the public view's empty ones are.
    own = msgspec.structs.fields(SeatFields)
    assert msgspec.structs.fields(HandView)[-len(own) :] == own
    assert SeatFields.__struct_config__.omit_defaults is False
    assert HandView.__struct_config__.omit_defaults is False


@pytest.mark.parametrize("clock", [None, Clock(seat=2, remaining_ms=14_250, total_ms=20_000)])
def test_a_seat_frame_made_from_the_public_frame_is_its_whole_encoding(clock: Clock) -> None:
    rng = random.Random(21)
    for _ in range(30):
        state = HandState.deal(Rules.exact(11), rng.randrange(4), rng)
        for _ in range(rng.randrange(1, 30)):
            if state.is_finished:
                break
            state.apply(rng.choice(state.legal_actions()))
        public = hand_view(public_view(state))
        seq = len(state.history)

        def event(view: HandView, seq: int = seq) -> Event:
            body = Acted(seat=1, action="pass", auto=False, view=view)
            return Event(table="t-1", seq=seq, body=body, clock=clock)

        frames = SeatedFrames(event(public))
        assert frames.public == encode(event(public))
        for seat in range(4):
            own = seat_part(state, seat)
            whole = encode(event(hand_view(view_for(state, seat))))
            assert frames.for_seat(seat_fields(own)) == whole
            assert decode_server(whole) == event(with_seat(public, own))


def test_seated_frames_need_a_public_view_at_the_end_of_the_event() -> None:
    state = HandState.deal(Rules(), 0, random.Random(4))
    seated = hand_view(view_for(state, 0))
    with pytest.raises(ValueError, match="a view without a seat"):
        SeatedFrames(Event(table="t1", seq=1, body=Dealt(view=seated)))
    with pytest.raises(ValueError, match="a view without a seat"):
        SeatedFrames(Event(table="t1", seq=1, body=None))
    with pytest.raises(TypeError):
        seat_fields(public_view(state))  # type: ignore[arg-type]


def test_clients_ignore_what_a_newer_server_adds() -> None:
    ack = decode_server(b'{"type": "ack", "id": "a1", "seq": 3, "shiny_new_field": true}')
    assert ack == Ack(id="a1", seq=3)
    future = decode_server(
        b'{"type": "event", "table": "t1", "seq": 8, "body": {"kind": "fireworks", "n": 3}}'
    )
    assert future == Event(table="t1", seq=8, body=None)
    with pytest.raises(ProtocolError):
        decode_server(b'{"type": "hologram"}')


def test_a_syncs_chat_lines_are_chat_bodies_with_a_number_both_ways_compatible() -> None:
    info = TableInfo(
        id="t1", code="", kind="private", options=TableOptions(), status="open", seats=[]
    )
    line = ChatLine(seat=1, name="Bea", text="otra", seq=7)
    sync = Sync(table="t1", seq=9, info=info, seat=0, view=None, chat=[line], muted=[1, 3])
    frame = encode(sync)
    assert decode_server(frame) == sync
    # A client from before the numbers reads the same line as the event body it was.
    old_chat = msgspec.json.decode(json.dumps(json.loads(frame)["chat"]), type=list[ChatSaid])
    assert old_chat == [ChatSaid(seat=1, name="Bea", text="otra")]
    # A server from before them: the lines are unnumbered, and nobody is muted.
    older = json.loads(frame)
    del older["muted"]
    del older["chat"][0]["seq"]
    decoded = decode_server(json.dumps(older).encode())
    assert isinstance(decoded, Sync)
    assert decoded.chat == [ChatLine(seat=1, name="Bea", text="otra")]
    assert decoded.muted == []


def test_a_chat_line_says_whether_it_is_the_recipients_own_both_ways_compatible() -> None:
    mine = Event(table="t1", seq=4, body=ChatSaid(seat=None, name="Eve", text="hola", own=True))
    frame = encode(mine)
    assert json.loads(frame)["body"]["own"] is True
    assert decode_server(frame) == mine
    # Anybody else's copy says false; a server from before the field said nothing: the same.
    theirs = Event(table="t1", seq=4, body=ChatSaid(seat=None, name="Eve", text="hola"))
    assert json.loads(encode(theirs))["body"]["own"] is False
    older = json.loads(frame)
    del older["body"]["own"]
    assert decode_server(json.dumps(older).encode()) == theirs
    # A sync's line carries it too.
    line = ChatLine(seat=None, name="Eve", phrase="thanks", own=True, seq=4)
    assert msgspec.json.decode(msgspec.json.encode(line), type=ChatLine) == line


def test_the_seat_to_move_gets_a_reason_for_each_card_it_may_not_play() -> None:
    deal = ["AO RO SO 3E SB", "3C RC AE CE AB", "3O CC SC RE SE", "CO AC 3B RB CB"]
    state = HandState.from_cards(Rules(), 3, [h.split() for h in deal], "CB")
    for action in ["pass", "pass", "pass", "pass", "SO"]:
        state.apply(action)
    wire = hand_view(view_for(state, 1))
    assert wire.legal == ["AB"]
    assert sorted((i.card, i.reason, i.suit) for i in wire.illegal) == [
        ("3C", "must_trump", "B"),
        ("AE", "must_trump", "B"),
        ("CE", "must_trump", "B"),
        ("RC", "must_trump", "B"),
    ]
    # Another seat and a spectator learn nothing about seat 1's cards from it.
    assert hand_view(view_for(state, 2)).illegal == []
    assert hand_view(public_view(state)).illegal == []
    decoded = decode_server(encode(Event(table="t", seq=1, body=Dealt(view=wire))))
    assert isinstance(decoded, Event) and isinstance(decoded.body, Dealt)
    assert decoded.body.view.illegal == wire.illegal


def test_the_hand_summary_breaks_the_hand_points_down() -> None:
    rng = random.Random(5)
    for _ in range(40):
        state = HandState.deal(Rules(), rng.randrange(4), rng)
        while not state.is_finished:
            state.apply(rng.choice(state.legal_actions()))
        summary = hand_view(public_view(state)).summary
        assert summary is not None and state.result is not None
        assert summary.last_trick == state.result.trick_winners[-1] % 2
        for team in (0, 1):
            bonus = 10 if summary.last_trick == team else 0
            total = summary.card_points[team] + bonus + summary.cante_points[team]
            assert total == summary.points[team]


def test_a_mute_names_a_seat_or_the_spectators_and_muted_tells_both() -> None:
    seat = b'{"type": "mute", "id": "u1", "table": "t1", "seat": 1, "on": true}'
    assert decode_client(seat) == Mute(id="u1", table="t1", seat=1)
    spectators = b'{"type": "mute", "id": "u2", "table": "t1", "spectators": true, "on": false}'
    assert decode_client(spectators) == Mute(id="u2", table="t1", spectators=True, on=False)
    for fields in ('"seat": 1, "spectators": true', '"spectators": false', "", '"seat": null'):
        text = f'{{"type": "mute", "id": "u3", "table": "t1", {fields}}}'.replace(", }", "}")
        error = codes(text.encode())
        assert error.code == "invalid" and "exactly one of seat or spectators" in str(error)
    # The server's word on whom you muted, sent to each of your connections.
    muted = Muted(table="t1", seats=[0, 2], spectators=True)
    frame = encode(muted)
    wire = {"type": "muted", "table": "t1", "seats": [0, 2], "spectators": True}
    assert json.loads(frame) == wire
    assert decode_server(frame) == muted
    # A sync says whether you muted the spectators; a server from before it said nothing.
    info = TableInfo(
        id="t1", code="", kind="private", options=TableOptions(), status="open", seats=[]
    )
    sync = Sync(table="t1", seq=9, info=info, seat=None, view=None, muted_spectators=True)
    assert decode_server(encode(sync)) == sync
    older = json.loads(encode(sync))
    del older["muted_spectators"]
    decoded = decode_server(json.dumps(older).encode())
    assert isinstance(decoded, Sync) and decoded.muted_spectators is False

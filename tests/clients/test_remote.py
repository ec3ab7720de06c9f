"""The protocol client (``cuatrola.clients.remote``): answers, sequence numbers, resuming.

The frame-by-frame bookkeeping is checked against a scripted websocket server; requests,
refusals and reconnection against the real app on loopback (``tests/server/live.py``), with
a proxy in between that fails the network on purpose (``tests/support/proxy.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from websockets.asyncio.server import ServerConnection, serve

from cuatrola.clients.remote import (
    ConnectionLost,
    Reconnect,
    RemoteClient,
    ServerRefused,
    account_login,
    guest_login,
    websocket_url,
)
from cuatrola.protocol import ServerMessage, encode
from cuatrola.protocol.messages import (
    Ack,
    Act,
    Acted,
    AddBot,
    Error,
    Event,
    Join,
    Ping,
    PlayComputer,
    Pong,
    Sync,
    TableInfo,
    TableOptions,
    UserInfo,
    Welcome,
)
from cuatrola.protocol.views import HandView
from tests.server.live import Server, fast_settings, guest_token, running_server
from tests.support.proxy import CuttableProxy

#: Reconnect at once, and keep trying for a while (the tests decide when it may succeed).
QUICKLY = Reconnect(pauses=(0.05,), attempts=200)
#: A computer table with no turn timer: it waits for the human's move as long as needed.
NO_TIMER = TableOptions(rules="exact3", turn_time=0, public=False)


async def wait_for(condition: Callable[[], object], what: str, timeout: float = 15.0) -> None:
    """Poll ``condition`` until it holds.

    Raises:
        AssertionError: naming ``what`` after ``timeout`` seconds.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


@dataclass
class Recorder:
    """What a client passed on: frames, messages, drops and resumptions."""

    messages: list[ServerMessage] = field(default_factory=list)
    frames: list[str | bytes] = field(default_factory=list)
    drops: list[bool] = field(default_factory=list)
    resumes: int = 0

    def client(self, url: str, token: str, reconnect: Reconnect | None = None) -> RemoteClient:
        """A client that reports to this recorder."""
        return RemoteClient(
            url,
            token,
            client="tests/1",
            on_message=self.messages.append,
            on_frame=self.frames.append,
            on_drop=self.drops.append,
            on_resume=self._resumed,
            reconnect=reconnect,
        )

    def _resumed(self) -> None:
        self.resumes += 1

    def events(self, table: str) -> list[Event]:
        return [m for m in self.messages if isinstance(m, Event) and m.table == table]

    def view(self) -> HandView | None:
        """The latest view passed on."""
        for message in reversed(self.messages):
            if isinstance(message, Sync) and message.view is not None:
                return message.view
            if isinstance(message, Event):
                view = getattr(message.body, "view", None)
                if isinstance(view, HandView):
                    return view
        return None

    def to_move(self) -> bool:
        """Whether the latest view waits for seat 0 (the human at a computer table)."""
        view = self.view()
        return view is not None and view.to_move == 0 and bool(view.legal)


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    # A long grace period: no computer player takes the seat of a client reconnecting.
    async with running_server(fast_settings(tmp_path, grace_period=30)) as running:
        yield running


@pytest.fixture
async def proxy(server: Server) -> AsyncIterator[CuttableProxy]:
    cuttable = CuttableProxy(server.port)
    await cuttable.start()
    try:
        yield cuttable
    finally:
        await cuttable.close()


def through(proxy: CuttableProxy) -> str:
    return websocket_url(f"http://127.0.0.1:{proxy.port}")


async def at_a_computer_table(client: RemoteClient, recorder: Recorder) -> str:
    """Open a computer table for ``client`` (seat 0); return its id once seat 0 is to move."""
    ack = await client.request(PlayComputer(id=client.next_id(), options=NO_TIMER))
    assert ack.table is not None and ack.seat == 0
    await wait_for(recorder.to_move, "the human's turn")
    return ack.table


class Watched(NamedTuple):
    """A client at a computer table through the proxy, and a witness: a second connection
    of the same player, straight to the server, subscribed to that table."""

    client: RemoteClient
    recorder: Recorder
    witness: RemoteClient
    seen_by: Recorder
    table: str
    #: The client's last seq at the table when the witness subscribed.
    last: int


async def watched_through_the_proxy(server: Server, proxy: CuttableProxy) -> Watched:
    """Ana's client (reconnecting :data:`QUICKLY`) through ``proxy`` at a computer table,
    seat 0 to move, and her witness."""
    token = await guest_token(server.http, "Ana")
    recorder, seen_by = Recorder(), Recorder()
    client = recorder.client(through(proxy), token, reconnect=QUICKLY)
    await client.connect()
    table = await at_a_computer_table(client, recorder)
    last = client.seq[table]
    witness = seen_by.client(server.ws, token)
    await witness.connect()
    await witness.subscribe(table)
    return Watched(client, recorder, witness, seen_by, table, last)


# Against a scripted server ---------------------------------------------------------------------

INFO = TableInfo(
    id="t-1", code="", kind="private", options=TableOptions(), status="playing", seats=[]
)


@contextlib.asynccontextmanager
async def scripted(frames: list[str]) -> AsyncIterator[tuple[str, list[dict[str, Any]]]]:
    """A websocket server that answers ``hello`` with a welcome and then sends ``frames``;
    yields its address and the list of what the client sent."""
    received: list[dict[str, Any]] = []

    async def handler(ws: ServerConnection) -> None:
        async for raw in ws:
            received.append(json.loads(raw))
            if received[-1]["type"] == "hello":
                welcome = Welcome(user=UserInfo(id="u-1", name="Ana", guest=True))
                await ws.send(encode(welcome).decode())
                for frame in frames:
                    await ws.send(frame)

    async with serve(handler, "127.0.0.1", 0) as running:
        port = running.sockets[0].getsockname()[1]
        yield f"ws://127.0.0.1:{port}/ws", received


async def test_each_message_is_passed_on_once_and_seq_follows_each_table() -> None:
    frames = [
        encode(Sync(table="t-1", seq=2, info=INFO, seat=0, view=None)).decode(),
        encode(Event(table="t-1", seq=3, body=None)).decode(),
        encode(Event(table="t-1", seq=3, body=None)).decode(),  # again: dropped
        encode(Event(table="t-1", seq=2, body=None)).decode(),  # older: dropped
        '{"type": "novelty", "x": 1}',  # a message type of a newer server: ignored
        '{"type": "event", "table": "t-1", "seq": 4, "body": {"kind": "fireworks"}}',
        encode(Event(table="t-2", seq=1, body=None)).decode(),
        encode(Pong(nonce=9)).decode(),  # nobody waits for it: passed on
    ]
    recorder = Recorder()
    async with scripted(frames) as (url, received):
        client = recorder.client(url, "tok-1")
        welcome = await client.connect()
        await wait_for(lambda: len(recorder.frames) == 1 + len(frames), "every frame")
        await client.close()
    assert welcome.user.name == "Ana" and client.user == welcome.user
    assert received[0] == {"type": "hello", "token": "tok-1", "protocol": 1, "client": "tests/1"}
    assert recorder.frames[1:] == frames
    assert recorder.messages == [
        Sync(table="t-1", seq=2, info=INFO, seat=0, view=None),
        Event(table="t-1", seq=3, body=None),
        Event(table="t-1", seq=4, body=None),  # an unknown event kind still counts
        Event(table="t-2", seq=1, body=None),
        Pong(nonce=9),
    ]
    assert client.seq == {"t-1": 4, "t-2": 1}
    assert client.failure is None and client.closed.is_set()


# Against the real server -----------------------------------------------------------------------


async def test_a_request_returns_its_ack_and_a_refusal_raises_server_refused(
    server: Server,
) -> None:
    recorder = Recorder()
    async with recorder.client(server.ws, await guest_token(server.http, "Ana")) as client:
        assert client.user is not None and client.user.name == "Ana"
        table = await at_a_computer_table(client, recorder)
        join = Join(id=client.next_id(), code="ZZZZZZ")
        with pytest.raises(ServerRefused) as refused:
            await client.request(join)
        assert refused.value.error.code == "not_found" and refused.value.error.id == join.id
        assert (await client.ping(7)).nonce == 7
        # The answers went to the requests, not to on_message.
        assert not [m for m in recorder.messages if isinstance(m, Ack | Error | Pong)]
        # The sync, then every event after it, once and in order.
        (sync,) = [m for m in recorder.messages if isinstance(m, Sync)]
        seqs = [sync.seq, *(e.seq for e in recorder.events(table))]
        assert seqs == list(range(sync.seq, sync.seq + len(seqs)))
        assert client.seq[table] == seqs[-1]
    assert client.failure is None


async def test_a_refused_token_raises_server_refused(server: Server) -> None:
    client = RemoteClient(server.ws, "not a token")
    with pytest.raises(ServerRefused) as refused:
        await client.connect()
    assert refused.value.error.code == "unauthorized"
    assert client.connection is None and client.reader is None


async def test_after_a_drop_the_client_resumes_with_exactly_the_missed_events(
    server: Server, proxy: CuttableProxy
) -> None:
    client, recorder, witness, seen_by, table, last = await watched_through_the_proxy(server, proxy)
    # The witness plays while the client is away.
    await wait_for(lambda: witness.seq.get(table) == last, "the witness's sync")
    proxy.refusing = True
    proxy.cut()
    await wait_for(lambda: recorder.drops == [True], "the drop")
    dropped_at = len(recorder.messages)
    view = recorder.view()
    assert view is not None
    moved = await witness.request(Act(id=witness.next_id(), table=table, action=view.legal[0]))
    moved_at = moved.seq or 0
    # Sent while away: it goes out once the client is back.
    add_bot = AddBot(id=client.next_id(), table=table, seat=1)
    await client.send(add_bot)
    await wait_for(
        lambda: witness.seq[table] >= moved_at and seen_by.to_move(),
        "the computer players' moves",
    )
    missed = witness.seq[table]
    assert missed > last + 1
    proxy.refusing = False
    await wait_for(lambda: recorder.resumes == 1, "the resumption")
    await wait_for(lambda: client.seq[table] >= missed, "the missed events")
    assert client.reconnections == 1
    seqs = [e.seq for e in recorder.events(table)]
    assert seqs == list(range(seqs[0], seqs[-1] + 1))  # every event once, in order
    # Replayed from the last seq, not re-synced: exactly what the witness saw meanwhile.
    assert not [m for m in recorder.messages[dropped_at:] if isinstance(m, Sync)]
    replayed = [(e.seq, e.body) for e in recorder.events(table) if last < e.seq <= missed]
    live = [(e.seq, e.body) for e in seen_by.events(table) if last < e.seq <= missed]
    assert replayed == live
    await wait_for(
        lambda: any(getattr(m, "id", None) == add_bot.id for m in recorder.messages),
        "the answer to the command sent while away",
    )
    assert client.unacked == {}
    await witness.close()
    await client.close()
    assert client.failure is None


async def test_a_command_whose_answer_was_lost_is_sent_again_and_applied_once(
    server: Server, proxy: CuttableProxy
) -> None:
    client, recorder, witness, seen_by, table, last = await watched_through_the_proxy(server, proxy)
    view = recorder.view()
    assert view is not None
    # The move reaches the server; its ack and event never reach the client.
    proxy.hold()
    act = Act(id=client.next_id(), table=table, action=view.legal[0])
    answer = asyncio.create_task(client.request(act))
    await wait_for(
        lambda: any(e.seq == last + 1 for e in seen_by.events(table)), "the move applied"
    )
    assert not answer.done() and act.id in client.unacked
    proxy.cut()
    ack = await asyncio.wait_for(answer, 15)
    assert ack.id == act.id and ack.duplicate
    assert recorder.resumes == 1 and client.unacked == {}
    # The client learnt of its move from the replay; the table applied it once.
    await wait_for(lambda: client.seq[table] >= last + 1, "the replayed move")
    moves = [
        e.body
        for e in seen_by.events(table)
        if isinstance(e.body, Acted) and e.body.seat == 0 and not e.body.auto
    ]
    assert [m.action for m in moves] == [act.action]
    assert [e.seq for e in recorder.events(table)].count(last + 1) == 1
    await witness.close()
    await client.close()


async def test_without_reconnection_a_drop_ends_the_client_and_fails_what_waits(
    server: Server, proxy: CuttableProxy
) -> None:
    recorder = Recorder()
    client = recorder.client(through(proxy), await guest_token(server.http, "Ana"))
    await client.connect()
    proxy.hold()
    ping = asyncio.create_task(client.ping(3))
    await asyncio.sleep(0.05)
    proxy.cut()
    with pytest.raises(ConnectionLost):
        await ping
    assert isinstance(await asyncio.wait_for(client.wait_closed(), 10), ConnectionLost)
    assert recorder.drops == [False]
    with pytest.raises(ConnectionLost):
        await client.send(Ping(nonce=4))
    await client.close()


async def test_a_client_that_cannot_come_back_gives_up_after_its_attempts(
    server: Server, proxy: CuttableProxy
) -> None:
    recorder = Recorder()
    token = await guest_token(server.http, "Ana")
    client = recorder.client(through(proxy), token, reconnect=Reconnect((0.01,), attempts=3))
    await client.connect()
    proxy.refusing = True
    proxy.cut()
    failure = await asyncio.wait_for(client.wait_closed(), 10)
    assert isinstance(failure, ConnectionLost) and "after 4 tries" in str(failure)
    assert recorder.drops == [True] and recorder.resumes == 0 and client.reconnections == 0


async def test_close_ends_a_reconnection_in_progress(server: Server, proxy: CuttableProxy) -> None:
    recorder = Recorder()
    token = await guest_token(server.http, "Ana")
    client = recorder.client(through(proxy), token, reconnect=Reconnect((60.0,)))
    await client.connect()
    proxy.cut()
    await wait_for(lambda: recorder.drops == [True], "the drop")
    await asyncio.wait_for(client.close(), 5)
    assert client.closed.is_set() and client.failure is None


async def test_a_reconnection_the_server_refuses_ends_the_client(server: Server) -> None:
    recorder = Recorder()
    token = await guest_token(server.http, "Ana")
    client = recorder.client(server.ws, token, reconnect=QUICKLY)
    await client.connect()
    # Logging out closes the login's sockets; the token opens nothing any more.
    async with httpx.AsyncClient(base_url=server.http) as http:
        reply = await http.post("/api/logout", headers={"authorization": f"Bearer {token}"})
        assert reply.status_code == 204
    failure = await asyncio.wait_for(client.wait_closed(), 10)
    assert isinstance(failure, ServerRefused) and failure.error.code == "unauthorized"
    assert recorder.resumes == 0


async def test_a_resubscribe_answered_unavailable_is_sent_again_on_the_new_connection() -> None:
    """After a drop, the table may be moving to the node the client reached: its resubscribe
    is answered ``unavailable`` and must be sent again on that connection, in a second, not
    after the client's long answer timeout."""
    connections: list[list[dict[str, Any]]] = []

    async def handler(ws: ServerConnection) -> None:
        received: list[dict[str, Any]] = []
        connections.append(received)
        async for raw in ws:
            message = json.loads(raw)
            received.append(message)
            if message["type"] == "hello":
                welcome = Welcome(user=UserInfo(id="u-1", name="Ana", guest=True))
                await ws.send(encode(welcome).decode())
            elif message["type"] == "subscribe":
                second = len(connections) == 2
                tries = sum(1 for m in received if m["type"] == "subscribe")
                if second and tries == 1:
                    refusal = Error(code="unavailable", message="moving; retry", id=message["id"])
                    await ws.send(encode(refusal).decode())
                    continue
                await ws.send(encode(Ack(id=message["id"], table="t-1", seq=4)).decode())
                await ws.send(
                    encode(Sync(table="t-1", seq=4, info=INFO, seat=0, view=None)).decode()
                )
                if len(connections) == 1:
                    await ws.close()  # the drop

    async with serve(handler, "127.0.0.1", 0) as running:
        port = running.sockets[0].getsockname()[1]
        recorder = Recorder()
        client = RemoteClient(
            f"ws://127.0.0.1:{port}/ws",
            "token",
            on_message=recorder.messages.append,
            on_resume=recorder._resumed,
            reconnect=QUICKLY,
            answer_timeout=60.0,
        )
        await client.connect()
        with contextlib.suppress(ConnectionLost):
            await client.subscribe("t-1")
        loop = asyncio.get_running_loop()
        began = loop.time()
        await wait_for(lambda: recorder.resumes == 1, "the resumption", timeout=20)
        assert loop.time() - began < 10  # one retry a second later, not the 60 s timeout
        again = [m for m in connections[1] if m["type"] == "subscribe"]
        assert len(again) == 2 and again[0]["id"] == again[1]["id"]  # the same command, twice
        assert again[0]["since"] == 4
        await client.close()


@pytest.mark.parametrize(
    "server", ["http://127.0.0.1:abc", "http://[::1", "nowhere", "http://127.0.0.1:99999"]
)
def test_a_malformed_server_address_is_a_connection_error_not_a_crash(server: str) -> None:
    # urllib raises http.client.InvalidURL (neither OSError nor ValueError) for a non-numeric
    # port, and ValueError from building the request for an unclosed "[" or a missing scheme.
    with pytest.raises(ConnectionError):
        guest_login(server, "Ana", timeout=2)
    with pytest.raises(ConnectionError):
        account_login(server, "Ana", "a password", timeout=2)

"""Any stream of messages from several clients at once, well formed or not, against a real
server: the server logs no error, answers every client, keeps each seat's cards to that seat,
and still seats a new player afterwards.

Each client sends a random mix of every client message type, with fields right, wrong,
missing or of the wrong type, for tables it sits at, tables it only heard of, and made-up
ones; half of its messages are legal moves at a table where its view offers some, so the
tables really play (bids, cantes, tricks, hands, matches, rematches). CI runs the same seeds
every time; ``CUATROLA_FUZZ_SECONDS=600`` makes a long run with a random seed, or the seed
``CUATROLA_FUZZ_SEED`` (docs/security.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cuatrola.protocol.messages import QUICK_PHRASES
from tests.server.live import Server, fast_settings, guest_token, running_server

CLIENTS = 5
SECONDS = float(os.environ.get("CUATROLA_FUZZ_SECONDS", "12"))
SEEDS = (
    [int(os.environ.get("CUATROLA_FUZZ_SEED", random.randrange(2**32)))]
    if "CUATROLA_FUZZ_SECONDS" in os.environ
    else [1, 2]
)

CARDS = [rank + suit for suit in "OCEB" for rank in ("A", "3", "R", "C", "S", "7", "6", "5", "4")]
ACTIONS: list[Any] = [
    *CARDS,
    *("pass", "solo", "cuatrola", "quintola", "nocante", "bid:solo", "RO ", "ro", "", "x"),
    *(f"cante:{suit}" for suit in "OCEBX"),
    *(5, None, -1, 10**20),
]
RULES: list[Any] = ["exact11", "exact3", "exact21", "exact22", "to21", "hands11", "nope", 5, None]
LEVELS: list[Any] = ["easy", "medium", "hard", "expert", "god", None, 3]
KINDS = [
    *("create_table", "join", "subscribe", "unsubscribe", "leave", "add_bot", "quick_match"),
    *("play_computer", "act", "reclaim", "chat", "mute", "rematch", "contribute", "hint"),
    *("lobby", "ping", "hello", "no_such_type"),
]
#: The nonce of the last ping, beyond what the clients' own pings say.
PONG = 4242
#: Values of the wrong type, size or kind for any field.
JUNK: list[Any] = [None, True, 0, -1, 4, 99, 2**63, 1.5, "", "x" * 70, "t-000000", [], {}]
JUNK += [[1, 2], {"a": 1}, "\u0000", "é" * 300]
#: Frames that are not a JSON object at all.
BROKEN = ["{", "[]", "null", '{"type":', "\u00ff", '"act"']


def _junk(rng: random.Random) -> Any:
    return rng.choice(JUNK)


@dataclass
class Client:
    """What one fuzzing client knows: its tables, seats, last views and what it received."""

    name: str
    rng: random.Random
    tables: set[str] = field(default_factory=set)
    codes: set[str] = field(default_factory=set)
    seats: dict[str, int | None] = field(default_factory=dict)
    legal: dict[str, list[str]] = field(default_factory=dict)
    seq: dict[str, int] = field(default_factory=dict)
    numbers: itertools.count[int] = field(default_factory=itertools.count)
    leaks: list[str] = field(default_factory=list)
    pongs: set[int] = field(default_factory=set)
    #: Tables whose shuffle asks for a contribution now, as the clients answer it.
    shuffles: list[str] = field(default_factory=list)
    frames: int = 0

    def message(self) -> dict[str, Any]:
        """The next message: a legal move half the time where there is one, else any type,
        mostly well formed, with a wrong field one time in five or so."""
        rng = self.rng
        if self.shuffles:
            at = self.shuffles.pop()
            return {
                "type": "contribute",
                "id": self._id(),
                "table": at,
                "value": rng.randbytes(32).hex(),
            }
        playable = sorted(t for t, moves in self.legal.items() if moves)
        if playable and rng.random() < 0.5:
            at = rng.choice(playable)
            return {
                "type": "act",
                "id": self._id(),
                "table": at,
                "action": rng.choice(self.legal[at]),
                "seq": self.seq.get(at, 0),
            }
        kind = rng.choice(KINDS)
        message: dict[str, Any] = {"type": kind, **self._fields(kind)}
        if kind not in ("ping", "lobby", "hello"):
            message["id"] = self._pick(self._id(), JUNK)
        if rng.random() < 0.05:
            message.pop(rng.choice(sorted(message)))
        if rng.random() < 0.05:
            message[rng.choice(["extra", "type", "id"])] = _junk(rng)
        return message

    def _id(self) -> str:
        return f"{self.name}-{next(self.numbers)}"

    def _pick(self, good: Any, bad: list[Any]) -> Any:
        """``good`` mostly, else one of ``bad``."""
        return good if self.rng.random() < 0.85 else self.rng.choice(bad)

    def _fields(self, kind: str) -> dict[str, Any]:
        rng, pick = self.rng, self._pick
        table = pick(rng.choice(sorted(self.tables) or ["t-0000000000"]), ["t-0000000000", *JUNK])
        seat = pick(rng.randrange(4), [None, 4, -1, "0", 2**40])
        if kind in ("create_table", "play_computer"):
            options = {
                "rules": pick(rng.choice(["exact11", "exact3", "to21", "hands11"]), RULES),
                "quintola": pick(rng.random() < 0.5, [None, 1, "yes"]),
                "turn_time": pick(rng.choice([0, 5, 30]), [-3, 10**9, None, "30"]),
                "bot_level": pick(rng.choice(LEVELS[:4]), LEVELS),
                "public": pick(rng.choice([True, False, None]), [1, "no"]),
                "hints": pick(rng.choice([True, False, None]), [1, "no"]),
            }
            options = {k: v for k, v in options.items() if rng.random() < 0.6}
            fields: dict[str, Any] = {"options": pick(options, JUNK)}
            if kind == "create_table":
                free = [s for s in range(4) if s != seat]
                bots = rng.sample(free, rng.randrange(len(free) + 1))
                fields |= {"seat": seat, "bots": pick(bots, [[1, 1], [5], [0, 1, 2, 3], "1"])}
            return fields
        if kind == "join":
            code = pick(rng.choice(sorted(self.codes) or ["ABCDEF"]), JUNK)
            where = rng.choice([{"table": table}, {"code": code}, {"table": table, "code": code}])
            return {**where, "seat": seat} if rng.random() < 0.5 else where
        if kind == "subscribe":
            since = rng.choice([None, 0, self.seq.get(table, 0) if isinstance(table, str) else 0])
            return {"table": table, "since": pick(since, [-1, 10**12, "x"])}
        if kind in ("unsubscribe", "leave", "reclaim", "hint"):
            return {"table": table}
        if kind == "rematch":
            return {"table": table, "accept": pick(rng.random() < 0.8, [None, 1])}
        if kind == "add_bot":
            return {"table": table, "seat": seat}
        if kind in ("quick_match", "lobby"):
            return {"on": pick(rng.random() < 0.7, [None, 1, "on"])}
        if kind == "act":
            seq = self.seq.get(table, 0) if isinstance(table, str) else 0
            return {
                "table": table,
                "action": rng.choice(ACTIONS),
                "seat": pick(rng.choice([None, seat]), [9]),
                "seq": pick(rng.choice([None, seq]), [seq + 1, -5, "1"]),
            }
        if kind == "chat":
            said = rng.choice([{"text": "hola"}, {"phrase": rng.choice(QUICK_PHRASES)}])
            return {"table": table, **pick(said, [{"text": "x" * 201}, {"text": ""}, {}])}
        if kind == "mute":
            return {"table": table, "seat": seat, "on": pick(rng.random() < 0.7, [None, 0])}
        if kind == "contribute":
            value = pick(rng.randbytes(32).hex(), ["zz", "", None, "ab" * 100])
            return {"table": table, "value": value}
        if kind == "ping":
            return {"nonce": pick(rng.randrange(1000), [-1, "x", None, 2**70])}
        if kind == "hello":
            return {"token": "not a token"}
        return {}

    def receive(self, raw: str | bytes) -> None:
        """Learn from one frame, and note any view that shows another seat's cards."""
        self.frames += 1
        frame = json.loads(raw)
        kind = frame.get("type")
        table = frame.get("table")
        if kind == "pong":
            self.pongs.add(frame.get("nonce"))
        if kind in ("ack", "seated") and isinstance(table, str):
            self.tables.add(table)
            if "seat" in frame:
                self.seats[table] = frame["seat"]
        if kind == "lobby":
            self.tables.update(row["id"] for row in frame.get("tables", []))
        if kind not in ("sync", "event") or not isinstance(table, str):
            return
        self.tables.add(table)
        self.seq[table] = frame.get("seq", 0)
        info = frame.get("info") or {}
        if info.get("code"):
            self.codes.add(info["code"])
        body = frame.get("body") or {}
        if body.get("kind") == "shuffle_commit" and self.rng.random() < 0.7:
            self.shuffles.append(table)
        view = frame.get("view") or body.get("view")
        if view is None:
            return
        self.legal[table] = view.get("legal", [])
        if view.get("hand") and view.get("seat") != self.seats.get(table):
            self.leaks.append(f"{table}: seat {view.get('seat')} shown to {self.seats.get(table)}")


async def _fuzz(server: Server, client: Client, seconds: float) -> None:
    token = await guest_token(server.http, client.name)
    async with connect(server.ws, max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        reader = asyncio.create_task(_read(socket, client))
        try:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                broken = client.rng.random() < 0.02
                raw = client.rng.choice(BROKEN) if broken else json.dumps(client.message())
                await socket.send(raw)
                # Within the per-connection rate (20 commands a second): a refusal for the
                # rate would hide the answer the message itself gets.
                await asyncio.sleep(client.rng.uniform(0.06, 0.12))
            await socket.send(json.dumps({"type": "ping", "nonce": PONG}))
            for _ in range(100):
                if PONG in client.pongs:
                    break
                await asyncio.sleep(0.05)
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader


async def _read(socket: ClientConnection, client: Client) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for raw in socket:
            client.receive(raw)


@pytest.mark.parametrize("seed", SEEDS)
async def test_any_messages_from_several_clients_leave_the_server_serving(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, seed: int
) -> None:
    caplog.set_level(logging.WARNING)
    settings = fast_settings(
        tmp_path,
        grace_period=1.0,
        min_turn_time=0.5,
        # One seed with the cante and shuffle windows open, one with them closed.
        cante_window=0.3 if seed % 2 else 0.0,
        shuffle_window=0.5 if seed % 2 else 0.0,
    )
    # The invite codes are shared, as friends pass them on: the clients join each other.
    codes: set[str] = set()
    clients = [
        Client(f"Fuzz{seed % 1000}x{i}", random.Random(seed * 100 + i), codes=codes)
        for i in range(CLIENTS)
    ]
    async with running_server(settings) as server:
        await asyncio.gather(*(_fuzz(server, client, SECONDS) for client in clients))
        newcomer = Client("Newcomer", random.Random(seed))
        token = await guest_token(server.http, newcomer.name)
        async with connect(server.ws) as socket:
            await socket.send(json.dumps({"type": "hello", "token": token}))
            await socket.send(json.dumps({"type": "play_computer", "id": "p1", "options": {}}))
            answer: dict[str, Any] = {}
            while answer.get("id") != "p1":
                answer = json.loads(await asyncio.wait_for(socket.recv(), 10))
    assert answer["type"] == "ack", answer
    problems = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not problems, [r.getMessage() for r in problems]
    assert all(PONG in client.pongs for client in clients), "a client was not answered"
    assert not [leak for client in clients for leak in client.leaks]
    # The clients did play: views with legal moves reached them, and moves were made.
    assert sum(client.frames for client in clients) > 100
    assert any(client.seq for client in clients)

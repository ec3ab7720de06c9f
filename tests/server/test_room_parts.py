"""Room pieces without sockets: slow clients, bots in a process pool, event windows."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Pong, TableOptions
from cuatrola.server.accounts.auth import Identity
from cuatrola.server.bots import BotPool, choose_move, player_for
from cuatrola.server.connection import CLOSE_TOO_SLOW, Connection
from cuatrola.storage.base import TableKind
from cuatrola.table import Table, TableConfig
from cuatrola.table.commands import Join
from tests.server.live import fast_settings, make_players, running_server


async def test_a_client_that_does_not_read_is_cut_off_not_waited_for() -> None:
    conn = Connection(Identity(UserId("u1"), "Ana", True), max_queue=3)
    dropped: list[bool] = []
    conn.on_overflow = lambda: dropped.append(True)
    for n in range(5):
        conn.send(Pong(nonce=n))
    assert conn.closed
    assert dropped == [True]
    frames = [conn.frames.get_nowait() for _ in range(conn.frames.qsize())]
    assert frames[-1] == CLOSE_TOO_SLOW
    assert len(frames) == 4


def test_events_since_replays_or_asks_for_a_snapshot() -> None:
    table = Table(
        TableId("t"),
        "C",
        TableKind.PRIVATE,
        TableOptions(turn_time=0),
        TableConfig(hand_pause=0, event_window=5),
        random.Random(1),
    )
    for seat, user in enumerate("abcd"):
        table.handle(Join(UserId(user), user, seat, CommandId("s")))
    assert table.seq > 5
    assert table.events_since(table.seq) == []
    kept = table.events_since(table.seq - 2)
    assert kept is not None
    assert [e.seq for e in kept] == [table.seq - 1, table.seq]
    assert table.events_since(0) is None  # too old: a sync snapshot instead
    assert table.events_since(table.seq + 1) is None


def test_unknown_levels_fall_back_to_a_real_player() -> None:
    state = HandState.deal(Rules(), 0, random.Random(5))
    view = view_for(state, state.to_move or 0)
    assert player_for("no-such-level").name in ("greedy", "random")
    assert choose_move("easy", view, 3, 0.05) in view.legal_actions


async def test_bots_think_in_a_process_pool() -> None:
    pool = BotPool(workers=1, budget=0.05)
    try:
        state = HandState.deal(Rules(), 0, random.Random(6))
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            action = await pool.choose("greedy", view_for(state, seat))
            state.apply(action, seat)
        assert state.result is not None
    finally:
        pool.close()


async def test_a_table_against_the_computer_with_the_process_pool(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, bot_workers=1)
    async with running_server(settings) as server:
        (ana,) = await make_players(server, ["Ana"])
        ack = await ana.command(
            {"type": "play_computer", "options": {"turn_time": 0, "bot_level": "medium"}}
        )
        table = ack["table"]
        async with asyncio.timeout(30):
            while not (ana.view and ana.view["to_move"] == 0 and ana.view["legal"]):
                await ana.inbox.get()
        assert ana.seq[table] >= 1
        await ana.close()


async def test_a_dead_bot_process_is_replaced() -> None:
    pool = BotPool(workers=1, budget=0.05)
    try:
        state = HandState.deal(Rules(), 0, random.Random(7))
        seat = state.to_move
        assert seat is not None
        view = view_for(state, seat)
        assert await pool.choose("greedy", view) in view.legal_actions
        executor = pool.executor
        assert isinstance(executor, ProcessPoolExecutor)
        for process in list(executor._processes.values()):
            process.kill()
        # The decision in flight falls back to a legal move; the next one uses a new pool.
        assert await pool.choose("greedy", view) in view.legal_actions
        assert await pool.choose("greedy", view) in view.legal_actions
        assert pool.executor is not executor
    finally:
        pool.close()

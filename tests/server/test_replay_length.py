"""A reconnection replay longer than the connection's send queue arrives as one ``sync``,
never cut by the slow-client close (a real server on loopback)."""

from __future__ import annotations

import random
from pathlib import Path

from cuatrola.server.runner import REPLAY_HEADROOM
from tests.server.live import Player, drive, fast_settings, running_server
from tests.server.test_live_room import drop_after, four_at_a_table, wait_for

QUEUE = 40
"""A small send queue, so that a replay longer than it takes few moves to make."""


async def test_a_replay_longer_than_the_send_queue_is_one_sync(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, grace_period=30, send_queue=QUEUE, chat_lines=1000)
    async with running_server(settings) as server:
        players, table = await four_at_a_table(server)
        ana = players[0]
        rng = random.Random(11)
        witness, last = await drop_after(server, players, table, rng, 4)
        # Many events while Ana is away: more than her queue takes in one go. Chat lines
        # make events whoever's turn it is.
        for n in range(QUEUE):
            await players[1 + n % 3].command({"type": "chat", "table": table, "phrase": "hello"})
        await wait_for(lambda: witness.seq[table] >= last + QUEUE)
        target = witness.seq[table]
        assert target - last > QUEUE - REPLAY_HEADROOM
        back = Player("Ana", ana.token, server.ws)
        await back.connect()
        reply = await back.command({"type": "subscribe", "table": table, "since": last})
        assert reply["type"] == "ack"
        sync = await back.next("sync")
        assert sync["seq"] >= target
        assert sync["seat"] == 0
        assert not back.closed.is_set()
        # And the table goes on for her, live, after the snapshot.
        await drive([back, *players[1:]], table, rng, 4)
        assert back.seq[table] > sync["seq"]
        assert not back.closed.is_set()
        for p in (*players[1:], witness, back):
            await p.close()

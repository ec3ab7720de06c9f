"""The game server on PostgreSQL: a table is resumed by a new server on the same database."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.server.live import Player, drive, fast_settings, make_players, running_server
from tests.services import service
from tests.support.databases import postgres_database


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with service(postgres_database()) as url:
        yield url


async def test_a_table_survives_a_restart_on_postgres(tmp_path: Path, pg_url: str) -> None:
    settings = fast_settings(tmp_path, db_url=pg_url, grace_period=30)
    rng = random.Random(5)
    async with running_server(settings) as server:
        players = await make_players(server, ["Ana", "Bea", "Carla", "Dani"])
        ack = await players[0].command(
            {"type": "create_table", "options": {"rules": "exact3", "turn_time": 0}, "seat": 0}
        )
        table = ack["table"]
        code = (await players[0].next("sync"))["info"]["code"]
        for seat, player in enumerate(players[1:], start=1):
            await player.command({"type": "join", "code": code, "seat": seat})
        await drive(players, table, rng, 12)
        last = max(p.seq[table] for p in players)
        for player in players:
            await player.close()
    async with running_server(settings) as server:
        again = []
        for old in players:
            player = Player(old.name, old.token, server.ws)
            welcome = await player.connect()
            assert welcome["tables"] == [table]
            player.seq[table], player.seat, player.table = old.seq[table], old.seat, table
            player.view = old.view
            await player.command({"type": "subscribe", "table": table, "since": old.seq[table]})
            again.append(player)
        assert all(p.seq[table] <= last for p in again)
        await drive(again, table, rng, 6)
        assert again[0].seq[table] > last
        for player in again:
            await player.close()

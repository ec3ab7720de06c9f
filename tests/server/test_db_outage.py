"""A database outage during play (real PostgreSQL behind a loopback proxy that cuts it): the
failed commit is retried, the table is rebuilt from the store once it answers, and no
acknowledged move is lost."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from cuatrola.storage.sql import SqlStore, make_engine
from tests.server.live import Player, Server, drive, fast_settings, running_server
from tests.server.test_live_room import four_at_a_table
from tests.server.test_operations import _through
from tests.services import service
from tests.support.databases import postgres_database
from tests.support.proxy import CuttableProxy


def _to_move(players: list[Player]) -> Player:
    (mover,) = [p for p in players if p.view is not None and p.view["to_move"] == p.seat]
    return mover


async def _stored_moves(url: str, table: str) -> int:
    engine = make_engine(url)
    store = SqlStore(engine, migrate=False)
    try:
        return sum(1 for r in await store.records(table) if r["r"] in ("act", "choice"))
    finally:
        await engine.dispose()


@dataclass
class _Outage:
    """Four people at a table of a server whose PostgreSQL is behind ``proxy``."""

    url: str
    proxy: CuttableProxy
    server: Server
    players: list[Player]
    table: str
    made: int = 0
    """The moves acknowledged to the players: once the server has stopped, exactly these
    are in the database."""

    async def next_move_refused(self) -> None:
        """The player to move moves; the table answers ``unavailable`` (within 30 s)."""
        mover = _to_move(self.players)
        assert mover.view is not None
        move = {"type": "act", "table": self.table, "action": mover.view["legal"][0]}
        refused = await mover.command(move, timeout=30)
        assert (refused["type"], refused["code"]) == ("error", "unavailable")

    async def rebuilt(self) -> None:
        """Everybody who followed the table gets the rebuilt table."""
        for player in self.players:
            sync = await player.next("sync", timeout=60)
            assert sync["table"] == self.table


@contextlib.asynccontextmanager
async def _outage(tmp_path: Path, **settings: Any) -> AsyncIterator[_Outage]:
    """A table in play on a fresh PostgreSQL database behind a cuttable proxy (a long grace
    period: nobody's seat goes to a computer player meanwhile); at the end, the moves stored
    are those acknowledged (:attr:`_Outage.made`)."""
    async with service(postgres_database()) as url:
        proxy = CuttableProxy(urlsplit(url).port or 5432)
        await proxy.start()
        config = fast_settings(
            tmp_path, db_url=_through(url, proxy.port), grace_period=60, **settings
        )
        try:
            async with running_server(config) as server:
                players, table = await four_at_a_table(server)
                outage = _Outage(url, proxy, server, players, table)
                yield outage
        finally:
            await proxy.close()
        assert await _stored_moves(url, table) == outage.made


def _reload_line(caplog: pytest.LogCaptureFixture) -> str:
    """The one log line of the table stopped by the outage: a line naming its cause, not a
    traceback (an outage stops every table at once, and the log must stay readable)."""
    (failed,) = [r for r in caplog.records if "reloading it from the store" in r.getMessage()]
    assert failed.levelname == "ERROR" and not failed.exc_info
    return failed.getMessage()


async def test_a_database_outage_reloads_the_table_and_loses_no_acknowledged_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with _outage(tmp_path) as outage:
        players, table, proxy = outage.players, outage.table, outage.proxy
        rng = random.Random(5)
        made = await drive(players, table, rng, 6)
        assert made == 6
        proxy.refusing = True
        proxy.cut()
        await outage.next_move_refused()
        # While it is rebuilt the table says so (not "no such table").
        chat = {"type": "chat", "table": table, "phrase": "hello"}
        waiting = await players[0].command(chat)
        assert (waiting["type"], waiting["code"]) == ("error", "unavailable")
        async with httpx.AsyncClient(base_url=outage.server.http) as http:
            metrics = (await http.get("/metrics")).text
        assert "cuatrola_commit_failures_total 1" in metrics
        assert "cuatrola_commit_retries_total 2" in metrics
        proxy.refusing = False
        # Everybody who followed the table gets the rebuilt table, and play goes on.
        await outage.rebuilt()
        made += await drive(players, table, rng, 6)
        assert made == 12
        outage.made = made
    assert "Connection" in _reload_line(caplog)


async def test_a_database_that_stops_answering_fails_the_commit_instead_of_holding_the_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Connections taken, no answer (a network that drops packets): without a bound the move
    # waited for as long as the database stayed silent, and so did everybody at the table.
    async with _outage(tmp_path, commit_timeout=1.0) as outage:
        players, table = outage.players, outage.table
        rng = random.Random(7)
        made = await drive(players, table, rng, 4)
        assert made == 4
        outage.proxy.hold()
        # Three attempts of at most a second each (and the driver's close of a connection
        # that does not answer), then the table stops: well before 30 s.
        await outage.next_move_refused()
        outage.proxy.release()
        await outage.rebuilt()
        made += await drive(players, table, rng, 4)
        assert made == 8
        outage.made = made
    assert "the database did not answer a commit in 1 s" in _reload_line(caplog)

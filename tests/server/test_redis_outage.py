"""A Redis outage under two server processes (real Redis behind a loopback proxy that cuts
it): each process goes on alone, says so in its log, and shares again once Redis is back."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.server.live import Player, fast_settings, make_players, running_server
from tests.server.test_live_redis import redis_or_skip
from tests.support.proxy import CuttableProxy


async def _watch_lobby(player: Player) -> None:
    await player.send({"type": "lobby", "on": True})
    await player.next("lobby")


async def _heard(player: Player, table: str, seconds: float) -> bool:
    """Whether ``player`` gets a lobby update of ``table`` within ``seconds``."""
    try:
        async with asyncio.timeout(seconds):
            while True:
                update = await player.next("lobby_update", timeout=seconds)
                if update["table"]["id"] == table:
                    return True
    except TimeoutError:
        return False


async def _open_public_table(player: Player) -> str:
    ack = await player.command({"type": "create_table", "options": {"public": True}})
    assert ack["type"] == "ack", ack
    return str(ack["table"])


async def test_a_redis_outage_leaves_each_process_alone_until_redis_is_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = await redis_or_skip()
    parts = urlsplit(url)
    proxy = CuttableProxy(parts.port or 6379)
    await proxy.start()
    through = f"redis://127.0.0.1:{proxy.port}{parts.path or '/0'}"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    caplog.set_level(logging.WARNING, logger="cuatrola.scaleout")
    try:
        async with (
            running_server(fast_settings(tmp_path / "a", redis_url=through)) as one,
            running_server(fast_settings(tmp_path / "b", redis_url=through)) as two,
        ):
            ana, cid = await make_players(one, ["Ana", "Cid"])
            (bea,) = await make_players(two, ["Bea"])
            await _watch_lobby(cid)
            await _watch_lobby(bea)
            await asyncio.sleep(0.3)
            assert await _heard(bea, await _open_public_table(ana), 5)
            proxy.refusing = True
            proxy.cut()
            # Redis is gone: the table is still made, and this process's lobby still hears it.
            alone = await _open_public_table(ana)
            assert await _heard(cid, alone, 5)
            assert not await _heard(bea, alone, 1)
            assert any("redis unreachable" in r.getMessage() for r in caplog.records)
            proxy.refusing = False
            # Back by itself: a table opened on one process shows on the other again.
            for _ in range(20):
                if await _heard(bea, await _open_public_table(ana), 1):
                    break
            else:
                pytest.fail("lobby updates did not cross the processes after Redis came back")
            assert any("redis is back" in r.getMessage() for r in caplog.records)
            for player in (ana, bea, cid):
                await player.close()
    finally:
        await proxy.close()

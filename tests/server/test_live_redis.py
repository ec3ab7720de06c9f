"""With ``--redis``, two server processes share lobby updates (real Redis on loopback)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cuatrola.server.scaleout import check_redis
from tests.server.live import fast_settings, make_players, running_server
from tests.services import unavailable
from tests.support.databases import redis_url


async def redis_or_skip() -> str:
    url = redis_url()
    try:
        await check_redis(url)
    except ConnectionError as exc:
        unavailable(f"Redis is not reachable at {url} ({exc})")
    return url


async def test_a_table_opened_on_one_process_shows_in_the_other_lobby(tmp_path: Path) -> None:
    url = await redis_or_skip()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    async with (
        running_server(fast_settings(tmp_path / "a", redis_url=url)) as one,
        running_server(fast_settings(tmp_path / "b", redis_url=url)) as two,
    ):
        (ana,) = await make_players(one, ["Ana"])
        (bea,) = await make_players(two, ["Bea"])
        await bea.send({"type": "lobby", "on": True})
        await bea.next("lobby")
        await asyncio.sleep(0.2)  # the relay subscription is live
        ack = await ana.command({"type": "create_table", "options": {"public": True}})
        update = await bea.next("lobby_update", timeout=5)
        while update["table"]["id"] != ack["table"]:
            update = await bea.next("lobby_update", timeout=5)
        assert update["table"]["code"] == ""
        await ana.close()
        await bea.close()

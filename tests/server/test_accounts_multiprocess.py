"""Two server instances on one PostgreSQL database: accounts carry past one process.

Each instance is a complete app (its own engine, authenticator and room) on its own loopback
port, as two processes or machines would be; they share only the database. Skipped with the
reason when PostgreSQL is unreachable, failing instead under CUATROLA_REQUIRE_SERVICES=1.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.live import Player, fast_settings, running_server
from tests.services import service
from tests.support.databases import postgres_database


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with service(postgres_database()) as url:
        yield url


async def test_a_session_from_one_server_works_on_the_other_until_logout(
    tmp_path: Path, pg_url: str
) -> None:
    one = fast_settings(tmp_path / "a", db_url=pg_url)
    two = fast_settings(tmp_path / "b", db_url=pg_url)
    async with (
        running_server(one) as a,
        running_server(two) as b,
        httpx.AsyncClient(base_url=a.http) as http_a,
        httpx.AsyncClient(base_url=b.http) as http_b,
    ):
        reply = await http_a.post(
            "/api/register", json={"name": "Marta", "password": "correct horse"}
        )
        assert reply.status_code == 201, reply.text
        token = reply.json()["token"]
        auth = {"authorization": f"Bearer {token}"}

        # The other instance accepts the token, over REST and over its websocket.
        me = await http_b.get("/api/me", headers=auth)
        assert me.json()["name"] == "Marta"
        player = Player("Marta", token, b.ws)
        welcome = await player.connect()
        assert welcome["user"]["name"] == "Marta"
        await player.close()

        # A name registered on one instance is taken on the other.
        again = await http_b.post("/api/register", json={"name": "MARTA", "password": "x" * 12})
        assert again.status_code == 409
        # Login on b, logout on a: the token dies everywhere at once.
        login = await http_b.post("/api/login", json={"name": "marta", "password": "correct horse"})
        assert login.status_code == 200
        assert (await http_a.post("/api/logout", headers=auth)).status_code == 204
        assert (await http_b.get("/api/me", headers=auth)).status_code == 401
        async with connect(b.ws) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            refused = json.loads(await ws.recv())
        assert (refused["type"], refused["code"]) == ("error", "unauthorized")
        other = {"authorization": f"Bearer {login.json()['token']}"}
        assert (await http_a.get("/api/me", headers=other)).status_code == 200

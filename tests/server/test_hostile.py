"""Over a real server: hostile input gets a clear answer and changes nothing, a login that
ends closes its sockets, and pages of other sites cannot reach the card room."""

from __future__ import annotations

import asyncio
import json
import logging
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from cuatrola.server.app import create_app
from cuatrola.server.security import CONTENT_SECURITY_POLICY
from cuatrola.storage.sql import SqlStore, make_engine
from tests.server.live import Player, fast_settings, make_players, running_server
from tests.server.test_live_room import four_at_a_table, wait_for


async def _error(player: Player, raw: str | bytes) -> dict[str, Any]:
    assert player.socket is not None
    await player.socket.send(raw)
    return await player.next("error")


async def _still_answers(player: Player, nonce: int) -> None:
    await player.send({"type": "ping", "nonce": nonce})
    assert (await player.next("pong"))["nonce"] == nonce


async def test_malformed_nested_binary_and_lenient_frames_are_refused(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server)
        ana = players[0]
        view = ana.view
        assert view is not None
        mover = players[view["to_move"]]
        before = ana.seq[table]
        nested = '{"type": "ping", "nonce": ' + "[" * 1000 + "]" * 1000 + "}"
        assert len(nested) < 4096
        assert (await _error(ana, nested))["code"] == "malformed"
        await _still_answers(ana, 1)
        binary = await _error(ana, json.dumps({"type": "ping", "nonce": 2}).encode())
        assert binary["code"] == "malformed" and "text" in binary["message"]
        await _still_answers(ana, 3)
        for lenient in ("PASS", " pass ", "bid:pass", "ao", "Pass"):
            reply = await mover.command({"type": "act", "table": table, "action": lenient})
            assert reply["code"] == "invalid", (lenient, reply)
        future = await mover.command(
            {"type": "act", "table": table, "action": "pass", "seq": before + 1000}
        )
        assert future["code"] == "invalid" and "ahead" in future["message"]
        for bots in ({"seat": 0, "bots": [0, 1]}, {"bots": [1, 1]}):
            reply = await ana.command({"type": "create_table", **bots})
            assert reply["code"] == "invalid", (bots, reply)
        await asyncio.sleep(0.1)
        assert ana.seq[table] == before  # nothing happened at the table
        assert all(not p.closed.is_set() for p in players)
        for p in players:
            await p.close()


@pytest.mark.parametrize("token", ["", "x" * 600, "not a token at all"])
async def test_an_empty_or_overlong_token_is_unauthorized_and_closes(
    tmp_path: Path, token: str
) -> None:
    async with running_server(fast_settings(tmp_path)) as server, connect(server.ws) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(await ws.recv())["code"] == "unauthorized"
        await ws.wait_closed()
        assert ws.close_code == 4401


async def _closed_as_unauthorized(player: Player) -> None:
    await asyncio.wait_for(player.closed.wait(), 10)
    assert any(f.get("code") == "unauthorized" for f in player.frames)
    assert player.socket is not None and player.socket.close_code == 4401


async def test_logout_ends_the_sockets_of_that_login_only(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        (ana,) = await make_players(server, ["Ana"])
        second = Player("Ana", ana.token, server.ws)
        await second.connect()
        (bea,) = await make_players(server, ["Bea"])
        reply = await http.post("/api/logout", headers={"authorization": f"Bearer {ana.token}"})
        assert reply.status_code == 204
        await _closed_as_unauthorized(ana)
        await _closed_as_unauthorized(second)
        # Another person's socket is untouched.
        await _still_answers(bea, 5)
        # And the token opens nothing any more.
        again = Player("Ana", ana.token, server.ws)
        with pytest.raises(TimeoutError):
            await again.connect()
        await again.close()
        await bea.close()


async def _registered(
    http: httpx.AsyncClient, name: str, password: str, token: str | None = None
) -> str:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    reply = await http.post(
        "/api/register", json={"name": name, "password": password}, headers=headers
    )
    assert reply.status_code == 201, reply.text
    issued: str = reply.json()["token"]
    return issued


async def test_a_password_change_ends_every_other_login(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        first = await _registered(http, "Marta", "correct horse")
        login = await http.post("/api/login", json={"name": "Marta", "password": "correct horse"})
        other = login.json()["token"]
        here = Player("Marta", first, server.ws)
        there = Player("Marta", other, server.ws)
        await here.connect()
        await there.connect()
        wrong = await http.post(
            "/api/password",
            json={"password": "wrong one", "new_password": "battery staple"},
            headers={"authorization": f"Bearer {first}"},
        )
        assert wrong.status_code == 401 and wrong.json()["error"] == "login_failed"
        reply = await http.post(
            "/api/password",
            json={"password": "correct horse", "new_password": "battery staple"},
            headers={"authorization": f"Bearer {first}"},
        )
        assert reply.status_code == 204
        await _closed_as_unauthorized(there)
        await _still_answers(here, 7)
        old = await http.post("/api/login", json={"name": "Marta", "password": "correct horse"})
        assert old.status_code == 401
        new = await http.post("/api/login", json={"name": "Marta", "password": "battery staple"})
        assert new.status_code == 200
        await here.close()


async def test_registering_over_a_guest_replaces_the_guest_login(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        (guest,) = await make_players(server, ["Pepe"])
        token = await _registered(http, "Pepe", "correct horse", guest.token)
        # The guest token, issued without a password, is no login of the password account.
        await _closed_as_unauthorized(guest)
        me = await http.get("/api/me", headers={"authorization": f"Bearer {guest.token}"})
        assert me.status_code == 401
        player = Player("Pepe", token, server.ws)
        welcome = await player.connect()
        assert welcome["user"]["id"] == guest.user and welcome["user"]["guest"] is False
        await player.close()


async def test_a_login_that_ended_unannounced_is_closed_by_the_periodic_check(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        ana, bea = await make_players(server, ["Ana", "Bea"])
        room = server.app.state.room
        # An operator deletes Ana's session in the database, telling nobody.
        authenticator = server.app.state.services.authenticator
        listeners = list(authenticator.revocation_listeners)
        authenticator.revocation_listeners.clear()
        assert await authenticator.revoke(ana.token)
        authenticator.revocation_listeners.extend(listeners)
        assert not ana.closed.is_set()
        assert await room.check_sessions() == 1
        await _closed_as_unauthorized(ana)
        await _still_answers(bea, 8)
        await bea.close()


async def test_only_the_card_rooms_own_pages_may_open_a_websocket(tmp_path: Path) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        own = f"http://127.0.0.1:{server.port}"
        foreign = [
            # DNS rebinding: the page's own Host header names the attacker's domain.
            {"Origin": "http://evil.example", "Host": "evil.example"},
            {"Origin": f"https://127.0.0.1:{server.port}"},  # another scheme
            {"Origin": "http://127.0.0.1:1"},  # another port
            {"Origin": "null"},
        ]
        for headers in foreign:
            with pytest.raises(InvalidStatus) as info:
                async with connect(server.ws, additional_headers=headers):
                    pass
            assert info.value.response.status_code == 403, headers
        for origin in (own, f"http://localhost:{server.port}"):
            async with connect(server.ws, additional_headers={"Origin": origin}) as ws:
                await ws.send(json.dumps({"type": "ping"}))
                assert json.loads(await ws.recv())["code"] == "not_authenticated"

    settings = fast_settings(tmp_path, public_urls=("https://cuatrola.example",))
    async with running_server(settings) as server:
        async with connect(
            server.ws, additional_headers={"Origin": "https://cuatrola.example"}
        ) as ws:
            await ws.send(json.dumps({"type": "ping"}))
            assert json.loads(await ws.recv())["code"] == "not_authenticated"
        with pytest.raises(InvalidStatus):
            async with connect(
                server.ws, additional_headers={"Origin": f"http://127.0.0.1:{server.port}"}
            ):
                pass


async def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        guest = await http.post("/api/guest", json={"name": "Lola"})
        for response in (
            await http.get("/"),
            await http.get("/healthz"),
            await http.get("/api/leaderboard"),
            await http.get("/api/nothing-here"),
            guest,
        ):
            headers = response.headers
            assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
        assert guest.headers["cache-control"] == "no-store"
        assert "strict-transport-security" not in guest.headers


async def test_guests_are_rate_limited_per_address_with_retry_after(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, guests_per_minute=12.0, guest_burst=3)
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        replies = [await http.post("/api/guest", json={"name": f"G{n}xx"}) for n in range(4)]
        assert [r.status_code for r in replies] == [201, 201, 201, 429]
        assert replies[-1].json()["error"] == "rate_limited"
        assert int(replies[-1].headers["retry-after"]) == 5


async def test_wrong_methods_anywhere_get_a_json_405_with_allow(tmp_path: Path) -> None:
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        for method, path, allow in (
            ("POST", "/api/tables", "GET, HEAD"),
            ("POST", "/api/tutorial", "GET, HEAD"),
            ("GET", "/api/tutorial/follow/check", "POST"),
            ("DELETE", "/api/me", "GET, HEAD"),
            ("POST", "/healthz", "GET, HEAD"),
            ("POST", "/metrics", "GET, HEAD"),
        ):
            reply = await http.request(method, path)
            assert reply.status_code == 405, (method, path, reply.text)
            assert reply.json()["error"] == "method_not_allowed", (method, path)
            assert reply.headers["allow"] == allow, (method, path)
        missing = await http.get("/api/tutorial/nothing/here")
        assert missing.status_code == 404 and missing.json()["error"] == "not_found"
        assert (await http.get("/api/tables")).json() == {"tables": []}


async def test_an_untrusted_proxy_is_pointed_out_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="cuatrola.server")
    forwarded = {"x-forwarded-for": "203.0.113.7"}
    async with (
        running_server(fast_settings(tmp_path)) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        assert (await http.get("/healthz")).status_code == 200
        assert not [r for r in caplog.records if "trusted" in r.getMessage()]
        for _ in range(3):
            assert (await http.get("/healthz", headers=forwarded)).status_code == 200
    warnings = [r.getMessage() for r in caplog.records if "trusted" in r.getMessage()]
    assert len(warnings) == 1
    assert "--trusted-proxy 127.0.0.1" in warnings[0]
    caplog.clear()
    (tmp_path / "trusting").mkdir()
    settings = fast_settings(tmp_path / "trusting", trusted_proxies=("127.0.0.1",))
    async with (
        running_server(settings) as server,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        assert (await http.get("/healthz", headers=forwarded)).status_code == 200
    assert not [r for r in caplog.records if "trusted" in r.getMessage()]


async def test_a_client_gone_before_its_body_is_not_an_error_of_the_server(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        for _ in range(3):
            _reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(
                b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name"'
            )
            await writer.drain()
            writer.close()
            await writer.wait_closed()
        async with httpx.AsyncClient(base_url=server.http) as http:
            assert (await http.get("/healthz")).status_code == 200
        await asyncio.sleep(0.1)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_metrics_are_for_loopback_or_the_metrics_token(tmp_path: Path) -> None:
    app = create_app(fast_settings(tmp_path, metrics_token="m-secret-0123456789"))
    far = httpx.ASGITransport(app=app, client=("203.0.113.9", 5555))
    near = httpx.ASGITransport(app=app, client=("127.0.0.1", 5555))
    async with httpx.AsyncClient(transport=far, base_url="http://card.room") as http:
        assert (await http.get("/metrics")).status_code == 403
        given = await http.get("/metrics", headers={"authorization": "Bearer m-secret-0123456789"})
        assert given.status_code == 200 and "cuatrola_" in given.text
        wrong = await http.get("/metrics", headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 403
    async with httpx.AsyncClient(transport=near, base_url="http://card.room") as http:
        assert (await http.get("/metrics")).status_code == 200


class _FailingStore(SqlStore):
    """A store whose commits raise ``failure`` once it is set."""

    failure: Exception | None = None

    async def append(self, *args: Any, **kwargs: Any) -> None:
        if self.failure is not None:
            raise self.failure
        await super().append(*args, **kwargs)


@pytest.mark.parametrize(
    ("failure", "traceback"),
    [
        # A database outage: one line per table names it (hundreds of tables fail at once).
        (OSError("the database went away"), False),
        # Anything else is a defect: its traceback is logged.
        (RuntimeError("a record the store cannot encode"), True),
    ],
)
async def test_a_failed_commit_is_answered_by_the_commands_id(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, failure: Exception, traceback: bool
) -> None:
    settings = fast_settings(tmp_path)
    store = _FailingStore(make_engine(settings.resolved_db_url()))
    async with running_server(settings, store=store) as server:
        players, table = await four_at_a_table(server)
        view = players[0].view
        assert view is not None
        mover = players[view["to_move"]]
        store.failure = failure
        reply = await mover.command({"type": "act", "table": table, "action": "pass"})
        assert reply["type"] == "error" and reply["code"] == "unavailable"
        for p in players:
            await p.close()
    (failed,) = [r for r in caplog.records if "reloading it from the store" in r.getMessage()]
    assert failed.levelname == "ERROR"
    assert bool(failed.exc_info) is traceback
    cause = f"OSError: {failure}" if not traceback else type(failure).__name__
    assert f"({cause})" in failed.getMessage()


async def test_a_flood_neither_drops_a_reading_client_nor_slows_another_table(
    tmp_path: Path,
) -> None:
    async with running_server(fast_settings(tmp_path)) as server:
        players, table = await four_at_a_table(server, {"turn_time": 0, "rules": "to21"})

        async def move_times(count: int) -> list[float]:
            """Round trips of ``count`` moves at the normal table (seconds)."""
            times = []
            for _ in range(count):
                await wait_for(lambda: any(p.view and p.view["legal"] for p in players))
                mover = next(p for p in players if p.view and p.view["legal"])
                assert mover.view is not None
                began = time.perf_counter()
                reply = await mover.command(
                    {"type": "act", "table": table, "action": mover.view["legal"][0]}
                )
                assert reply["type"] == "ack", reply
                times.append(time.perf_counter() - began)
                seq = reply["seq"]
                await wait_for(lambda: all(p.seq[table] >= seq for p in players))  # noqa: B023
            return times

        quiet = await move_times(12)
        (flooder,) = await make_players(server, ["Flood"])
        (sleeper,) = await make_players(server, ["Sleepy"])
        # The sleeper subscribes to the table and then never reads its socket.
        await sleeper.command({"type": "subscribe", "table": table})
        assert sleeper.reader is not None
        sleeper.reader.cancel()

        async def flood() -> None:
            for n in range(3000):
                await flooder.send({"type": "subscribe", "table": "t-none", "id": f"f{n}"})

        flooding = asyncio.create_task(flood())
        loud = await move_times(12)
        await flooding
        await _still_answers(flooder, 11)
        # The reading flooder was answered sparingly and never dropped as too slow.
        assert not flooder.closed.is_set()
        answers = [f for f in flooder.frames if f["type"] == "error"]
        assert len(answers) < 300
        # Generous: the point is that nobody waits behind the flood, not a timing goal.
        assert statistics.median(loud) < 10 * statistics.median(quiet) + 0.05
        for p in (*players, flooder, sleeper):
            await p.close()

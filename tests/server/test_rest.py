"""The accounts REST API (cuatrola.server.accounts.rest), in process through httpx's ASGI
transport."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.applications import Starlette
from starlette.routing import Mount

from cuatrola.core.records import replay_record
from cuatrola.server.accounts import rest
from cuatrola.server.accounts.accounts import Accounts, InvalidNameError, check_name
from cuatrola.server.accounts.analysis import MatchAnalyses
from cuatrola.server.accounts.auth import Authenticator
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.ratings import Ratings
from cuatrola.server.app import create_app
from cuatrola.server.bots import BotPool
from cuatrola.server.settings import Settings

from .conftest import FAST_HASHER
from .test_history import finished


@pytest.fixture
def match_history(factory: async_sessionmaker[AsyncSession]) -> History:
    """The history the API reads; the app records every finished match in it."""
    return History(factory, Ratings(factory))


@pytest.fixture
async def client(
    factory: async_sessionmaker[AsyncSession], authenticator: Authenticator, match_history: History
) -> AsyncIterator[httpx.AsyncClient]:
    accounts = Accounts(factory, authenticator, hasher=FAST_HASHER)
    app = Starlette(routes=[Mount("/api", routes=rest.routes(accounts, match_history))])
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        yield http


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def assert_error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert body["error"] == code
    assert isinstance(body["message"], str)
    assert body["message"]
    assert "Traceback" not in response.text
    return body


async def test_guest_flow(client: httpx.AsyncClient) -> None:
    created = await client.post("/api/guest", json={"name": "Pepe"})
    assert created.status_code == 201
    body = created.json()
    assert body["user"]["name"] == "Pepe"
    assert body["user"]["guest"] is True
    me = await client.get("/api/me", headers=bearer(body["token"]))
    assert me.status_code == 200
    assert me.json()["id"] == body["user"]["id"]
    assert me.json()["rating"] is None


async def test_register_login_me_logout(client: httpx.AsyncClient) -> None:
    registered = await client.post(
        "/api/register", json={"name": "Marta", "password": "correct horse"}
    )
    assert registered.status_code == 201
    login = await client.post("/api/login", json={"name": "marta", "password": "correct horse"})
    assert login.status_code == 200
    token = login.json()["token"]
    me = (await client.get("/api/me", headers=bearer(token))).json()
    assert me["name"] == "Marta"
    assert me["guest"] is False
    assert me["rating"]["matches"] == 0
    out = await client.post("/api/logout", headers=bearer(token))
    assert out.status_code == 204
    assert_error(await client.get("/api/me", headers=bearer(token)), 401, "unauthorized")
    assert_error(await client.post("/api/logout", headers=bearer(token)), 401, "unauthorized")
    # The registration's own token still works.
    assert (await client.get("/api/me", headers=bearer(registered.json()["token"]))).is_success


async def test_a_guest_registering_with_their_token_keeps_their_id(
    client: httpx.AsyncClient,
) -> None:
    guest = (await client.post("/api/guest", json={"name": "Pepe"})).json()
    registered = await client.post(
        "/api/register",
        json={"name": "Pepe", "password": "correct horse"},
        headers=bearer(guest["token"]),
    )
    assert registered.status_code == 201
    assert registered.json()["user"]["id"] == guest["user"]["id"]
    assert registered.json()["user"]["guest"] is False


@pytest.mark.parametrize(
    ("path", "payload", "status", "code"),
    [
        ("/api/guest", {"name": "x"}, 400, "invalid_name"),
        ("/api/guest", {"name": "<b>hi</b>"}, 400, "invalid_name"),
        ("/api/guest", {"name": 5}, 400, "invalid_request"),
        ("/api/guest", {}, 400, "invalid_request"),
        ("/api/guest", {"name": "Pepe", "admin": True}, 400, "invalid_request"),
        ("/api/guest", [1, 2], 400, "invalid_request"),
        ("/api/register", {"name": "Marta"}, 400, "invalid_request"),
        ("/api/register", {"name": "Marta", "password": "short"}, 400, "invalid_password"),
        ("/api/register", {"name": "Marta!", "password": "long enough"}, 400, "invalid_name"),
        ("/api/login", {"name": "Nobody", "password": "long enough"}, 401, "login_failed"),
        ("/api/login", {"name": None, "password": "x"}, 400, "invalid_request"),
    ],
)
async def test_bad_bodies_get_clear_errors(
    client: httpx.AsyncClient, path: str, payload: object, status: int, code: str
) -> None:
    assert_error(await client.post(path, json=payload), status, code)


async def test_malformed_empty_and_oversized_bodies(client: httpx.AsyncClient) -> None:
    body = assert_error(await client.post("/api/guest", content=b"{nope"), 400, "invalid_request")
    assert "not valid JSON" in body["message"]
    assert_error(await client.post("/api/guest", content=b""), 400, "invalid_request")
    big = json.dumps({"name": "x" * 10_000}).encode()
    assert_error(await client.post("/api/guest", content=big), 413, "too_large")


async def test_taken_names_conflict(client: httpx.AsyncClient) -> None:
    await client.post("/api/register", json={"name": "Marta", "password": "correct horse"})
    again = await client.post("/api/register", json={"name": "MARTA", "password": "other pass"})
    assert_error(again, 409, "name_taken")
    assert_error(await client.post("/api/guest", json={"name": "marta"}), 409, "name_taken")


@pytest.mark.parametrize(
    "headers",
    [{}, {"authorization": "Bearer nonsense"}, {"authorization": "Basic abc"}, bearer("x" * 43)],
)
async def test_protected_endpoints_need_a_live_token(
    client: httpx.AsyncClient, headers: dict[str, str]
) -> None:
    assert_error(await client.get("/api/me", headers=headers), 401, "unauthorized")
    assert_error(await client.get("/api/history", headers=headers), 401, "unauthorized")
    assert_error(await client.post("/api/logout", headers=headers), 401, "unauthorized")


async def test_unknown_paths_and_wrong_methods_answer_json(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/api/nothing-here"), 404, "not_found")
    assert_error(await client.get("/api/login"), 405, "method_not_allowed")
    assert_error(await client.delete("/api/me"), 405, "method_not_allowed")


async def _four_players(client: httpx.AsyncClient) -> list[dict[str, Any]]:
    players = []
    for name in ("Ana", "Luis", "Marta", "Juan"):
        reply = await client.post("/api/register", json={"name": name, "password": "correct horse"})
        players.append(reply.json())
    return players


def test_the_app_hands_every_finished_match_to_the_history_then_the_analyses(
    tmp_path: Path,
) -> None:
    app = create_app(Settings(data_dir=tmp_path), bots=BotPool(0, 0.1))
    # The room awaits every listener when a match ends, in order: the history stores the
    # match, then its analysis after the hand is queued (it reads what the history stored).
    listener, analysed = app.state.services.match_listeners
    history = getattr(listener, "__self__", None)
    assert isinstance(history, History)
    assert listener == history.on_match_finished
    analyses = getattr(analysed, "__self__", None)
    assert isinstance(analyses, MatchAnalyses)
    assert analysed == analyses.on_match_finished


async def test_finished_matches_show_in_history_leaderboard_and_exports(
    client: httpx.AsyncClient, match_history: History
) -> None:
    players = await _four_players(client)
    match = finished("m-1", [(p["user"]["id"], p["user"]["name"]) for p in players])
    # What the app's finished-match listener does when a match ends.
    await match_history.on_match_finished(match)

    token = players[0]["token"]
    mine = (await client.get("/api/history", headers=bearer(token))).json()
    assert [m["id"] for m in mine["matches"]] == ["m-1"]
    assert mine["next_before"] is None
    assert mine["matches"][0]["score"] == list(match.score)
    # A seat is named as in a websocket SeatInfo: its owner is "user", a computer's seat "bot".
    seats = mine["matches"][0]["players"]
    assert [(s["user"], s["bot"]) for s in seats] == [(p["user"]["id"], False) for p in players]

    board = (await client.get("/api/leaderboard")).json()["entries"]
    assert len(board) == 4
    assert {e["user"] for e in board} == {p["user"]["id"] for p in players}
    winners = {p["user"]["name"] for seat, p in enumerate(players) if seat % 2 == match.winner}
    assert {e["name"] for e in board[:2]} == winners

    detail = (await client.get("/api/matches/m-1")).json()
    assert detail["hand_count"] == len(detail["hands"]) == len(match.hands)
    assert [len(h) for h in detail["hands"][0]["hands"]] == [5, 5, 5, 5]  # all dealt cards

    export = await client.get("/api/matches/m-1/records.jsonl")
    assert export.status_code == 200
    assert export.headers["content-type"].startswith("application/jsonl")
    assert 'filename="m-1.jsonl"' in export.headers["content-disposition"]
    lines = export.text.splitlines()
    assert len(lines) == len(match.hands)
    for line, original in zip(lines, match.hands, strict=True):
        assert replay_record(json.loads(line)).result == replay_record(original).result


async def test_history_paging_and_query_validation(
    client: httpx.AsyncClient, match_history: History
) -> None:
    players = await _four_players(client)
    seats = [(p["user"]["id"], p["user"]["name"]) for p in players]
    for n in range(3):
        await match_history.on_match_finished(finished(f"m{n}", seats, finished_at=1.8e9 + n))
    headers = bearer(players[1]["token"])
    page = (await client.get("/api/history?limit=2", headers=headers)).json()
    assert [m["id"] for m in page["matches"]] == ["m2", "m1"]
    rest_page = await client.get(
        "/api/history", params={"before": page["next_before"]}, headers=headers
    )
    assert [m["id"] for m in rest_page.json()["matches"]] == ["m0"]
    for query in ("limit=0", "limit=abc", "limit=101", "before=nan", "before=soon"):
        assert_error(
            await client.get(f"/api/history?{query}", headers=headers), 400, "invalid_request"
        )
    # Only plain ASCII digits: not what int() also reads (spaces, underscores, other digits).
    for query in ("limit=0", "offset=-1", "limit=x", "limit=%205", "limit=1_0", "limit=%D9%A3"):
        assert_error(await client.get(f"/api/leaderboard?{query}"), 400, "invalid_request")


async def test_unknown_matches_are_404(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/api/matches/nope"), 404, "not_found")
    assert_error(await client.get("/api/matches/nope/records.jsonl"), 404, "not_found")


async def test_openapi_lists_every_endpoint(client: httpx.AsyncClient) -> None:
    schema = (await client.get("/api/openapi.json")).json()
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) == {
        "/guest",
        "/register",
        "/login",
        "/logout",
        "/password",
        "/me",
        "/leaderboard",
        "/history",
        "/matches/{match_id}",
        "/matches/{match_id}/records.jsonl",
        "/matches/{match_id}/steps",
        "/matches/{match_id}/analysis",
        "/players/{user}",
    }
    assert "GuestRequest" in schema["components"]["schemas"]
    assert "201" in schema["paths"]["/guest"]["post"]["responses"]


async def test_password_attempts_are_rate_limited(client: httpx.AsyncClient) -> None:
    await client.post("/api/register", json={"name": "Marta", "password": "correct horse"})
    wrong = {"name": "Marta", "password": "wrong password"}
    replies = [await client.post("/api/login", json=wrong) for _ in range(rest.PASSWORD_BURST)]
    # The registration took one attempt from the address budget too.
    assert [r.status_code for r in replies] == [401] * (rest.PASSWORD_BURST - 1) + [429]
    body = assert_error(await client.post("/api/login", json=wrong), 429, "rate_limited")
    assert "too many password attempts" in body["message"]
    # Even the right password waits: the limit is on attempts, not failures.
    right = {"name": "Marta", "password": "correct horse"}
    assert_error(await client.post("/api/login", json=right), 429, "rate_limited")
    # Guests need no password and are not limited by it.
    assert (await client.post("/api/guest", json={"name": "Pepe"})).status_code == 201


async def test_a_database_failure_is_a_json_500_without_details(
    client: httpx.AsyncClient,
    factory: async_sessionmaker[AsyncSession],
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with factory() as session, session.begin():
        await session.execute(text("DROP TABLE ratings"))
    reply = await client.get("/api/leaderboard")
    body = assert_error(reply, 500, "internal")
    assert body["message"] == "internal server error"
    assert "ratings" not in reply.text
    assert "REST GET /api/leaderboard failed" in caplog.text


async def test_replies_match_their_published_schemas(
    client: httpx.AsyncClient, match_history: History
) -> None:
    def check(reply: httpx.Response, kind: type[msgspec.Struct]) -> Any:
        assert reply.is_success, reply.text
        return msgspec.json.decode(reply.content, type=kind)  # strict: no unknown fields

    guest = check(await client.post("/api/guest", json={"name": "Pepe"}), rest.SessionOut)
    assert (
        check(await client.get("/api/me", headers=bearer(guest.token)), rest.MeOut).rating is None
    )
    players = await _four_players(client)
    for p in players:
        msgspec.convert(p, rest.SessionOut)
    await match_history.on_match_finished(
        finished("m-1", [(p["user"]["id"], p["user"]["name"]) for p in players])
    )
    token = players[0]["token"]
    me = check(await client.get("/api/me", headers=bearer(token)), rest.MeOut)
    assert me.rating is not None
    assert me.rating.matches == 1
    login = {"name": "Ana", "password": "correct horse"}
    check(await client.post("/api/login", json=login), rest.SessionOut)
    check(await client.get("/api/leaderboard"), rest.LeaderboardOut)
    history = check(await client.get("/api/history", headers=bearer(token)), rest.HistoryOut)
    assert [m.match_id for m in history.matches] == ["m-1"]
    detail = check(await client.get("/api/matches/m-1"), rest.MatchDetailOut)
    assert len(detail.hands) == detail.hand_count
    error = await client.get("/api/matches/nope")
    assert msgspec.json.decode(error.content, type=rest.ErrorOut).error == "not_found"

    schema = (await client.get("/api/openapi.json")).json()
    refs = {
        ref.rsplit("/", 1)[1]
        for ref in _refs(schema["paths"])
        if ref.startswith("#/components/schemas/")
    }
    assert refs >= {"SessionOut", "MeOut", "LeaderboardOut", "HistoryOut", "MatchDetailOut"}
    assert refs <= set(schema["components"]["schemas"])


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for value in node.values() for r in _refs(value)]
    if isinstance(node, list):
        return [r for value in node for r in _refs(value)]
    return []


def _request_field(schema: dict[str, Any], struct: str, field: str) -> dict[str, Any]:
    field_schema: dict[str, Any] = schema["components"]["schemas"][struct]["properties"][field]
    return field_schema


async def test_openapi_states_the_name_and_password_rules(client: httpx.AsyncClient) -> None:
    schema = (await client.get("/api/openapi.json")).json()
    for struct in ("GuestRequest", "CredentialsRequest"):
        name = _request_field(schema, struct, "name")
        assert name["type"] == "string" and name["minLength"] == 1
        assert name["pattern"] == f"^[^{rest.NAME_REFUSED_ASCII}]*$"
        assert (name["x-normalized-min-length"], name["x-normalized-max-length"]) == (3, 20)
        assert "once trimmed and NFKC-normalised" in name["description"]
        # No maxLength: surrounding whitespace is trimmed, so a longer string may be a name.
        assert "maxLength" not in name
    for struct, field in (
        ("CredentialsRequest", "password"),
        ("PasswordRequest", "password"),
        ("PasswordRequest", "new_password"),
    ):
        password = _request_field(schema, struct, field)
        assert (password["minLength"], password["maxLength"]) == (8, 128)


# Names the server accepts as sent, surrounding whitespace and compatibility forms included.
ACCEPTED_NAMES = [
    "Pepe",
    "  Pepe  ",
    "\t\nPepe\x1f",
    "Ana" + " " * 60,
    "\u3000Ｍａｒｔａ\u3000",
    "ﬃ",  # one character, the name "ffi"
    "José María",
    "e\u0301" * 20,  # 40 characters sent, 20 once composed
    "a_b-c.d",
]


@pytest.mark.parametrize("name", ACCEPTED_NAMES)
async def test_every_name_the_server_accepts_is_valid_by_the_schema(
    client: httpx.AsyncClient, name: str
) -> None:
    schema = (await client.get("/api/openapi.json")).json()
    name_schema = _request_field(schema, "GuestRequest", "name")
    assert re.search(name_schema["pattern"], name) and len(name) >= name_schema["minLength"]
    reply = await client.post("/api/guest", json={"name": name})
    assert reply.status_code == 201, reply.text


@pytest.mark.parametrize(
    ("name", "password", "code"),
    [
        # Refused by the server's own checks, as before the schema stated the rules: a schema
        # keyword enforced while decoding would have made these invalid_request.
        ("Marta", "x" * 7, "invalid_password"),
        ("Marta", "x" * 129, "invalid_password"),
        ("", "long enough", "invalid_name"),
        ("Ma", "long enough", "invalid_name"),
        ("M" * 21, "long enough", "invalid_name"),
        ("Mar<ta", "long enough", "invalid_name"),
    ],
)
async def test_the_schema_changes_nothing_the_server_refuses(
    client: httpx.AsyncClient, name: str, password: str, code: str
) -> None:
    assert_error(
        await client.post("/api/register", json={"name": name, "password": password}), 400, code
    )


async def test_passwords_at_the_bounds_are_accepted(client: httpx.AsyncClient) -> None:
    for name, password in (("Marta", "x" * 8), ("Lucia", "y" * 128)):
        reply = await client.post("/api/register", json={"name": name, "password": password})
        assert reply.status_code == 201, reply.text


@settings(max_examples=300, deadline=None)
@given(
    name=st.text(
        st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Z", "Cc")),
        max_size=30,
    )
    | st.builds(
        lambda pad, core, end: pad + core + end,
        st.text(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\u3000\u2003", max_size=4),
        st.sampled_from([*ACCEPTED_NAMES, "ﬁx", "Ⅻ", "x²y", "Pepe™"]),
        st.text(" \t\n\x1f\u00a0", max_size=4),
    )
)
def test_the_name_schema_refuses_no_name_the_server_accepts(name: str) -> None:
    try:
        check_name(name)
    except InvalidNameError:
        return
    assert re.fullmatch(f"^[^{rest.NAME_REFUSED_ASCII}]*$", name), name
    assert len(name) >= 1

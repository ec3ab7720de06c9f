"""The finished-match history and its hand-record export (cuatrola.server.accounts.history)."""

from __future__ import annotations

import asyncio
import json

import pytest

from cuatrola.core.records import replay_record
from cuatrola.server.accounts.accounts import Accounts
from cuatrola.server.accounts.history import History
from cuatrola.table.effects import FinishedMatch
from tests.support.play import finished_match

#: A finished match to record (tests/server/test_rest.py records them too).
finished = finished_match


async def _register(accounts: Accounts, *names: str) -> list[tuple[str | None, str]]:
    out: list[tuple[str | None, str]] = []
    for name in names:
        identity, _ = await accounts.register(name, "correct horse")
        out.append((identity.user, identity.name))
    return out


async def test_a_recorded_match_is_listed_for_each_of_its_humans(
    accounts: Accounts, history: History
) -> None:
    humans = await _register(accounts, "Ana", "Luis")
    players = [humans[0], (None, "Bot 1"), humans[1], (None, "Bot 2")]
    match = finished("m1", players)
    assert await history.record(match)
    for uid, _ in humans:
        assert uid is not None
        (summary,) = await history.matches_of(uid)
        assert summary.match_id == "m1"
        assert summary.score == match.score
        assert summary.winner == match.winner
        assert summary.hand_count == len(match.hands)
        assert not summary.rated  # computer players: never rated
        assert [(p.seat, p.name, p.bot) for p in summary.players] == [
            (0, "Ana", False),
            (1, "Bot 1", True),
            (2, "Luis", False),
            (3, "Bot 2", True),
        ]


async def test_recording_twice_is_a_no_op(accounts: Accounts, history: History) -> None:
    players = await _register(accounts, "Ana", "Luis", "Marta", "Juan")
    match = finished("m1", players)
    assert await history.record(match)
    assert not await history.record(match)
    uid = players[0][0]
    assert uid is not None
    assert len(await history.matches_of(uid)) == 1
    assert (await history.ratings.skill(uid)).matches == 1


async def test_a_rated_match_updates_ratings_once_and_shows_the_change(
    accounts: Accounts, history: History
) -> None:
    players = await _register(accounts, "Ana", "Luis", "Marta", "Juan")
    match = finished("m1", players)
    await history.record(match)
    summary = await history.match("m1")
    assert summary is not None
    assert summary.rated
    for player in summary.players:
        assert player.rating_before == pytest.approx(0.0)
        assert player.rating_after is not None
        assert player.rating_before is not None
        won = player.seat % 2 == match.winner
        assert (player.rating_after > player.rating_before) == won


async def test_guests_and_unrated_tables_do_not_change_ratings(
    accounts: Accounts, history: History
) -> None:
    players = await _register(accounts, "Ana", "Luis", "Marta")
    guest, _ = await accounts.create_guest("Pepe")
    await history.record(finished("m1", [*players, (guest.user, guest.name)]))
    await history.record(
        finished("m2", await _register(accounts, "Alba", "Blas", "Ciro", "Dora"), rated=False)
    )
    assert await history.ratings.leaderboard() == []
    (summary,) = await history.matches_of(guest.user)
    assert not summary.rated


async def test_records_download_replays_to_the_same_hands(
    accounts: Accounts, history: History
) -> None:
    players = await _register(accounts, "Ana", "Luis", "Marta", "Juan")
    match = finished("m1", players, seed=7)
    await history.record(match)
    lines = await history.record_lines("m1")
    assert lines is not None
    assert len(lines) == len(match.hands)
    for number, (line, original) in enumerate(zip(lines, match.hands, strict=True), start=1):
        record = json.loads(line)
        assert record["format"] == "cuatrola-hand/1"
        assert (record["match"], record["number"]) == ("m1", number)
        # Every dealt card is there (the match is over), and it replays to the same result.
        assert record["hands"] == original["hands"]
        assert replay_record(record).result == replay_record(original).result


async def test_history_is_newest_first_and_pages_with_before(
    accounts: Accounts, history: History
) -> None:
    players = await _register(accounts, "Ana", "Luis", "Marta", "Juan")
    for n in range(5):
        await history.record(finished(f"m{n}", players, seed=n, finished_at=1_800_000_000.0 + n))
    uid = players[0][0]
    assert uid is not None
    first = await history.matches_of(uid, limit=2)
    assert [m.match_id for m in first] == ["m4", "m3"]
    rest = await history.matches_of(uid, limit=10, before=first[-1].finished_at)
    assert [m.match_id for m in rest] == ["m2", "m1", "m0"]
    with pytest.raises(ValueError, match="limit"):
        await history.matches_of(uid, limit=0)


async def test_unknown_matches_are_none(history: History) -> None:
    assert await history.match("nope") is None
    assert await history.record_lines("nope") is None


async def test_malformed_matches_are_refused(accounts: Accounts, history: History) -> None:
    players = await _register(accounts, "Ana", "Luis", "Marta", "Juan")
    good = finished("m1", players)
    for bad in (
        FinishedMatch(**{**good.__dict__, "players": good.players[:3]}),
        FinishedMatch(**{**good.__dict__, "winner": 2}),
        FinishedMatch(**{**good.__dict__, "match_id": "x" * 41}),
    ):
        with pytest.raises(ValueError, match=r"expected|exactly one|match id"):
            await history.record(bad)
    assert await history.match("m1") is None


async def test_matches_finishing_at_once_rate_every_player_exactly_once(
    accounts: Accounts, history: History
) -> None:
    # Ana and Luis play two matches that end at the same moment, each with two others.
    shared = await _register(accounts, "Ana", "Luis")
    first = [shared[0], *await _register(accounts, "Marta"), shared[1]]
    first.insert(3, (await _register(accounts, "Juan"))[0])
    second = [shared[0], *await _register(accounts, "Rosa"), shared[1]]
    second.insert(3, (await _register(accounts, "Pablo"))[0])
    results = await asyncio.gather(
        history.record(finished("m1", first, seed=1)),
        history.record(finished("m2", second, seed=2)),
        history.record(finished("m1", first, seed=1)),  # and a duplicate of the first
    )
    assert sorted(results) == [False, True, True]
    for uid, _ in shared:
        assert uid is not None
        assert (await history.ratings.skill(uid)).matches == 2
        assert len(await history.matches_of(uid)) == 2

"""Team-aware ratings and the leaderboard (cuatrola.server.accounts.ratings)."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.server.accounts.accounts import Accounts
from cuatrola.server.accounts.ratings import Ratings, is_ratable


async def _players(accounts: Accounts, *names: str) -> list[str]:
    return [(await accounts.register(name, "correct horse"))[0].user for name in names]


async def _rate(
    factory: async_sessionmaker[AsyncSession], ratings: Ratings, seats: list[str], winner: int
) -> None:
    async with factory() as session, session.begin():
        await ratings.update(session, seats, winner)


def test_only_four_distinct_registered_humans_at_a_rated_table_are_rated() -> None:
    four = ["a", "b", "c", "d"]
    assert is_ratable(four, [False] * 4, requested=True)
    assert not is_ratable(four, [False] * 4, requested=False)
    assert not is_ratable(["a", "b", "c", None], [False] * 4, requested=True)
    assert not is_ratable(four, [False, False, True, False], requested=True)
    assert not is_ratable(["a", "b", "a", "d"], [False] * 4, requested=True)
    assert not is_ratable(["a", "b", "c"], [False] * 3, requested=True)


async def test_new_players_start_at_zero_with_high_uncertainty(
    accounts: Accounts, ratings: Ratings
) -> None:
    (uid,) = await _players(accounts, "Ana")
    skill = await ratings.skill(uid)
    assert skill.rating == pytest.approx(0.0)
    assert skill.mu == pytest.approx(25.0)
    assert skill.matches == 0


async def test_winners_gain_losers_lose_and_partners_move_together(
    accounts: Accounts, ratings: Ratings, factory: async_sessionmaker[AsyncSession]
) -> None:
    seats = await _players(accounts, "Ana", "Luis", "Marta", "Juan")
    await _rate(factory, ratings, seats, winner=1)  # seats 1 and 3 win
    ana, luis, marta, juan = [await ratings.skill(uid) for uid in seats]
    assert luis.mu > 25 > ana.mu
    assert luis == juan
    assert ana == marta
    assert (luis.matches, luis.wins, ana.matches, ana.wins) == (1, 1, 1, 0)
    assert luis.sigma < 25 / 3  # more certain after a match


async def test_beating_stronger_opponents_gains_more(
    accounts: Accounts, ratings: Ratings, factory: async_sessionmaker[AsyncSession]
) -> None:
    strong = await _players(accounts, "Strong1", "Strong2")
    rookies = await _players(accounts, "Rookie1", "Rookie2", "Rookie3", "Rookie4")
    # S1 and S2 beat two rookies three times.
    for _ in range(3):
        await _rate(factory, ratings, [strong[0], rookies[0], strong[1], rookies[1]], winner=0)
    before = await ratings.skill(rookies[2])
    await _rate(factory, ratings, [rookies[2], strong[0], rookies[3], strong[1]], winner=0)
    upset_gain = (await ratings.skill(rookies[2])).mu - before.mu
    fresh = await _players(accounts, "Fresh1", "Fresh2", "Fresh3", "Fresh4")
    await _rate(factory, ratings, fresh, winner=0)
    even_gain = (await ratings.skill(fresh[0])).mu - 25.0
    assert upset_gain > even_gain > 0


async def test_update_refuses_bad_input_and_changes_nothing(
    accounts: Accounts, ratings: Ratings, factory: async_sessionmaker[AsyncSession]
) -> None:
    seats = await _players(accounts, "Ana", "Luis", "Marta", "Juan")
    with pytest.raises(ValueError, match="four distinct"):
        await _rate(factory, ratings, [seats[0], seats[1], seats[0], seats[3]], 0)
    with pytest.raises(ValueError, match="winner 0 or 1"):
        await _rate(factory, ratings, seats, 2)
    assert (await ratings.skill(seats[0])).matches == 0


async def test_the_leaderboard_lists_rated_registered_players_best_first(
    accounts: Accounts, ratings: Ratings, factory: async_sessionmaker[AsyncSession]
) -> None:
    seats = await _players(accounts, "Ana", "Luis", "Marta", "Juan")
    await accounts.create_guest("Pepe")
    await _players(accounts, "Unrated")
    await _rate(factory, ratings, seats, winner=0)
    await _rate(factory, ratings, seats, winner=0)
    board = await ratings.leaderboard()
    assert [e.rank for e in board] == [1, 2, 3, 4]
    assert {e.name for e in board[:2]} == {"Ana", "Marta"}
    assert {e.name for e in board[2:]} == {"Luis", "Juan"}
    assert board[0].rating >= board[1].rating > board[2].rating >= board[3].rating
    assert board[0].matches == 2
    assert board[0].wins == 2
    page = await ratings.leaderboard(limit=2, offset=2)
    assert [(e.rank, e.name) for e in page] == [(e.rank, e.name) for e in board[2:]]


@pytest.mark.parametrize(("limit", "offset"), [(0, 0), (101, 0), (10, -1)])
async def test_leaderboard_bounds_are_checked(ratings: Ratings, limit: int, offset: int) -> None:
    with pytest.raises(ValueError, match="expected"):
        await ratings.leaderboard(limit, offset)

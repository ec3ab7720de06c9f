"""Team-aware skill ratings (openskill, Plackett-Luce) and the leaderboard.

Cuatrola is played by two teams of two, so a match is rated as a two-team game: the winning
pair ranks first, the other second, and openskill shares the update between partners by
their uncertainty. Each player has a ``mu`` (estimated skill) and a ``sigma`` (uncertainty);
the **rating** shown to people and used to sort the leaderboard is the conservative
``mu - 3 * sigma`` (openskill's ordinal), which starts at 0 and only rises as the system
becomes confident.

Only **rated** matches count: four distinct registered human players (no computer player,
no guest) at a table that asked to be rated. :func:`is_ratable` is that rule;
:mod:`cuatrola.server.accounts.history` calls :meth:`Ratings.update` in the same transaction
that stores the finished match, so a match is rated exactly once.

:class:`Skill` and :class:`LeaderboardEntry` are msgspec structs: the REST API
(:mod:`cuatrola.server.accounts.rest`) replies with them as they are.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import msgspec
from openskill.models import PlackettLuce
from sqlalchemy import Row, Select, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Session

from cuatrola.server.accounts.schema import ratings, users

LEADERBOARD_MAX: Final = 100


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A player's rating (``rating`` = ``mu - 3 sigma``, the conservative estimate shown to
    players; ``matches`` and ``wins`` count rated matches)."""

    # Build one with Skill.of(mu, sigma, ...), which works ``rating`` out. It is a stored
    # field, and the first, because the REST replies carry it first (docs/rest.md).
    rating: float
    mu: float
    sigma: float
    matches: int
    wins: int

    @classmethod
    def of(cls, mu: float, sigma: float, matches: int = 0, wins: int = 0) -> Skill:
        """The skill with this ``mu`` and ``sigma``, its ``rating`` worked out.

        >>> Skill.of(25.0, 8.0).rating
        1.0
        """
        return cls(mu - 3.0 * sigma, mu, sigma, matches, wins)


class LeaderboardEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One leaderboard row."""

    rank: int
    user: str
    name: str
    rating: float
    mu: float
    sigma: float
    matches: int
    wins: int


@dataclass(frozen=True)
class RatingChange:
    """A player's rating before and after a rated match."""

    user: str
    before: float
    after: float


def is_ratable(
    seat_users: Sequence[str | None], guests: Sequence[bool], *, requested: bool
) -> bool:
    """Whether a finished match changes ratings.

    Args:
        seat_users: the user id per seat, ``None`` for a computer player.
        guests: per seat, whether that user is a guest.
        requested: whether the table was created as a rated table.

    >>> is_ratable(["a", "b", "c", "d"], [False] * 4, requested=True)
    True
    >>> is_ratable(["a", "b", None, "d"], [False] * 4, requested=True)
    False
    """
    return (
        requested
        and len(seat_users) == 4
        and all(uid is not None for uid in seat_users)
        and len(set(seat_users)) == 4
        and not any(guests)
    )


def _skills_query(wanted_users: Sequence[str], *, lock: bool) -> Select[Any]:
    """The rating rows of ``wanted_users`` (``lock``: for update, in user id order)."""
    query = select(ratings).where(ratings.c.user_id.in_(wanted_users))
    if lock:
        # Two matches of the same player may finish at once: lock the rows we update
        # (PostgreSQL; SQLite serialises writing transactions anyway).
        query = query.order_by(ratings.c.user_id).with_for_update()
    return query


def _skills(rows: Sequence[Row[Any]]) -> dict[str, Skill]:
    """Rating rows by user id."""
    return {row.user_id: Skill.of(row.mu, row.sigma, row.matches, row.wins) for row in rows}


class Ratings:
    """Reads and updates ratings.

    Args:
        session_factory: the SQLAlchemy async session factory.
        clock: returns the current UNIX time.
    """

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._factory = session_factory
        self._clock = clock
        self.model = PlackettLuce()

    def initial(self) -> Skill:
        """The rating of a player who has never played a rated match."""
        fresh = self.model.rating()
        return Skill.of(fresh.mu, fresh.sigma)

    async def _load(self, session: AsyncSession, wanted_users: Sequence[str]) -> dict[str, Skill]:
        return _skills((await session.execute(_skills_query(wanted_users, lock=False))).all())

    async def skill(self, user: str) -> Skill:
        """A player's current rating (the initial one if never rated)."""
        async with self._factory() as session:
            found = await self._load(session, [user])
        return found.get(user, self.initial())

    async def update(
        self, session: AsyncSession, seats: Sequence[str], winner: int
    ) -> list[RatingChange]:
        """Rate one finished match inside the caller's transaction.

        Args:
            session: an open session whose transaction the caller commits.
            seats: the four user ids by seat; seats 0 and 2 are team 0, seats 1 and 3 team 1.
            winner: the winning team (0 or 1).

        Returns:
            the change of each seat's rating, by seat.

        Raises:
            ValueError: on anything but four distinct users or a winner other than 0 or 1.
        """
        return await session.run_sync(self.update_in, seats, winner)

    def update_in(self, session: Session, seats: Sequence[str], winner: int) -> list[RatingChange]:
        """:meth:`update` in a synchronous session (the history's transaction runs in a
        thread of its own on a SQLite file, :class:`~cuatrola.storage.sql.SqliteTransactions`).

        Raises:
            ValueError: as :meth:`update`.
        """
        if len(seats) != 4 or len(set(seats)) != 4:
            raise ValueError(f"expected four distinct players, got {list(seats)!r}")
        if winner not in (0, 1):
            raise ValueError(f"expected winner 0 or 1, got {winner!r}")
        known = _skills(session.execute(_skills_query(seats, lock=True)).all())
        before = [known.get(uid, self.initial()) for uid in seats]
        model_ratings = [self.model.create_rating([s.mu, s.sigma]) for s in before]
        teams = [[model_ratings[0], model_ratings[2]], [model_ratings[1], model_ratings[3]]]
        ranks = [0.0, 1.0] if winner == 0 else [1.0, 0.0]
        rated = self.model.rate(teams, ranks=ranks)
        new_by_seat = [rated[0][0], rated[1][0], rated[0][1], rated[1][1]]
        now = self._clock()
        changes = []
        for seat, uid in enumerate(seats):
            old = before[seat]
            new = Skill.of(
                new_by_seat[seat].mu,
                new_by_seat[seat].sigma,
                old.matches + 1,
                old.wins + (1 if seat % 2 == winner else 0),
            )
            values = {
                "mu": new.mu,
                "sigma": new.sigma,
                "matches": new.matches,
                "wins": new.wins,
                "updated_at": now,
            }
            if uid in known:
                session.execute(update(ratings).where(ratings.c.user_id == uid).values(**values))
            else:
                session.execute(insert(ratings).values(user_id=uid, **values))
            changes.append(RatingChange(uid, old.rating, new.rating))
        return changes

    async def leaderboard(self, limit: int = 50, offset: int = 0) -> list[LeaderboardEntry]:
        """The best-rated registered players, best first (ties: more matches, then name).

        Args:
            limit: at most this many rows (1..100).
            offset: skip this many rows first.

        Raises:
            ValueError: on a limit or offset out of range.
        """
        if not 1 <= limit <= LEADERBOARD_MAX:
            raise ValueError(f"expected 1 <= limit <= {LEADERBOARD_MAX}, got {limit}")
        if offset < 0:
            raise ValueError(f"expected offset >= 0, got {offset}")
        rating_expr = ratings.c.mu - 3.0 * ratings.c.sigma
        query = (
            select(
                ratings.c.user_id,
                users.c.name,
                ratings.c.mu,
                ratings.c.sigma,
                ratings.c.matches,
                ratings.c.wins,
            )
            .join(users, users.c.id == ratings.c.user_id)
            .where(users.c.is_guest.is_(False), ratings.c.matches > 0)
            .order_by(rating_expr.desc(), ratings.c.matches.desc(), users.c.name)
            .limit(limit)
            .offset(offset)
        )
        async with self._factory() as session:
            rows = (await session.execute(query)).all()
        return [
            LeaderboardEntry(
                rank=offset + index + 1,
                user=row.user_id,
                name=row.name,
                rating=row.mu - 3.0 * row.sigma,
                mu=row.mu,
                sigma=row.sigma,
                matches=row.matches,
                wins=row.wins,
            )
            for index, row in enumerate(rows)
        ]

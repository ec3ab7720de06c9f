"""The finished-match history: storing a match once it is over, listing and exporting it.

The table code awaits every ``match_listener`` of the services with a
:class:`cuatrola.server.services.FinishedMatch` when a match ends; the app adds
:meth:`History.on_match_finished` to them. :meth:`History.record` stores, in one transaction,
the match, its players and every hand as a ``cuatrola-hand/1`` record
(:func:`cuatrola.core.records.hand_to_record`) and, for a rated match
(:func:`cuatrola.server.accounts.ratings.is_ratable`), updates the ratings. Recording the same
match id twice is a no-op, so a table resumed after a crash may safely record again.

:class:`MatchSummary` and :class:`PlayerSummary` are msgspec structs: the REST API
(:mod:`cuatrola.server.accounts.rest`) replies with them as they are.

Hidden cards: a record holds all four dealt hands. That is fine *after* the match is over,
which is the only time anything lands here; the live table never reads from this module.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec
from sqlalchemy import bindparam, case, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Session

from cuatrola.server.accounts.ratings import Ratings, is_ratable
from cuatrola.server.accounts.schema import finished_matches, match_hands, match_players, users
from cuatrola.storage.sql import SqliteTransactions
from cuatrola.table.effects import FinishedMatch, MatchPlayer

HISTORY_MAX: Final = 100


class PlayerSummary(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat of a finished match, named as in a websocket ``SeatInfo``: ``user`` is the
    owner's user id (``null`` for a computer player), ``bot`` marks a computer player's seat,
    whose ``bot_level`` lets clients name it in their own language."""

    seat: int
    name: str
    user: str | None
    bot: bool
    rating_before: float | None
    rating_after: float | None
    bot_level: str | None = None


class MatchSummary(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A finished match without its hands."""

    match_id: str = msgspec.field(name="id")  # "id" in JSON (docs/rest.md)
    rules: dict[str, Any]
    started_at: float
    finished_at: float
    score: tuple[int, int]
    winner: int
    rated: bool
    hand_count: int
    players: list[PlayerSummary]


# The statements a finished match is stored with, built once: their values come as
# parameters, so SQLAlchemy neither rebuilds them nor derives their cache keys per match.
_MATCH_STORED: Final = select(finished_matches.c.id).where(
    finished_matches.c.id == bindparam("match_id")
)
_GUEST_FLAGS: Final = select(users.c.id, users.c.is_guest).where(
    users.c.id.in_(bindparam("user_ids", expanding=True))
)
_INSERT_MATCH: Final = insert(finished_matches)
_INSERT_PLAYERS: Final = insert(match_players)
_INSERT_HANDS: Final = insert(match_hands)


def _guest_flags(session: Session, seat_users: Sequence[str | None]) -> dict[str, bool]:
    """Whether each of these users (that still exists) is a guest."""
    humans = [uid for uid in seat_users if uid is not None]
    if not humans:
        return {}
    rows = session.execute(_GUEST_FLAGS, {"user_ids": humans})
    return {row.id: bool(row.is_guest) for row in rows.all()}


class History:
    """Stores and reads finished matches.

    Args:
        session_factory: the SQLAlchemy async session factory.
        ratings: the rating service used for rated matches.
        clock: returns the current UNIX time.
        transactions: where a match is stored when the database is a SQLite file (one
            hand-off to a thread per match instead of one per statement through the async
            engine, :class:`~cuatrola.storage.sql.SqliteTransactions`); ``None``: through
            ``session_factory``. Reads always go through ``session_factory``.
    """

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        ratings: Ratings,
        *,
        clock: Callable[[], float] = time.time,
        transactions: SqliteTransactions | None = None,
    ) -> None:
        self._factory = session_factory
        self.ratings = ratings
        self._clock = clock
        self._transactions = transactions

    async def close(self) -> None:
        """Release the thread and connection of ``transactions``, if any."""
        if self._transactions is not None:
            await self._transactions.close()

    async def record(self, match: FinishedMatch) -> bool:
        """Store a finished match (and rate it when it is rated); ``False`` if already stored.

        :meth:`on_match_finished` is its ``match_listener`` form. ``match.hands`` are
        ``cuatrola-hand/1`` records, e.g. from :func:`cuatrola.core.records.hand_to_record`;
        the stored copies get the ``match`` id and the hand ``number`` added. The match
        changes ratings only when ``match.rated`` and
        :func:`~cuatrola.server.accounts.ratings.is_ratable` agree.

        Raises:
            ValueError: on a malformed match (not four seats, a bad winner, too long an id).
        """
        if len(match.players) != 4 or sorted(p.seat for p in match.players) != [0, 1, 2, 3]:
            raise ValueError("a finished match needs exactly one player per seat 0..3")
        if match.winner not in (0, 1):
            raise ValueError(f"expected winner 0 or 1, got {match.winner!r}")
        if not 0 < len(match.match_id) <= 40:
            raise ValueError(f"a match id must have 1 to 40 characters, got {match.match_id!r}")
        players = sorted(match.players, key=lambda p: p.seat)
        records = [
            json.dumps(
                {**hand, "match": match.match_id, "number": number},
                separators=(",", ":"),
                ensure_ascii=False,
            )
            for number, hand in enumerate(match.hands, start=1)
        ]
        finished_at = match.finished_at or self._clock()
        # Two matches of one new player can finish at once and both insert its rating row;
        # the loser of that race retries (and then finds the row, or the match, stored).
        for attempt in range(3):
            try:
                return await self._store(match, players, records, finished_at)
            except IntegrityError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _store(
        self,
        match: FinishedMatch,
        players: list[MatchPlayer],
        records: list[str],
        finished_at: float,
    ) -> bool:
        if self._transactions is not None:
            return await self._transactions.run(
                self._store_in, match, players, records, finished_at
            )
        async with self._factory() as session, session.begin():
            return await session.run_sync(self._store_in, match, players, records, finished_at)

    def _store_in(
        self,
        session: Session,
        match: FinishedMatch,
        players: list[MatchPlayer],
        records: list[str],
        finished_at: float,
    ) -> bool:
        """Store the match in ``session``'s transaction (``False``: it is already stored)."""
        exists = session.execute(_MATCH_STORED, {"match_id": match.match_id})
        if exists.first() is not None:
            return False
        seat_users = [None if p.bot else p.user for p in players]
        guest_of = _guest_flags(session, seat_users)
        rated, changes = self._rate(session, match, seat_users, guest_of)
        session.execute(
            _INSERT_MATCH,
            {
                "id": match.match_id,
                "rules": json.dumps(dict(match.rules), separators=(",", ":")),
                "started_at": match.started_at or finished_at,
                "finished_at": finished_at,
                "score0": match.score[0],
                "score1": match.score[1],
                "winner": match.winner,
                "rated": rated,
                "hand_count": len(records),
            },
        )
        session.execute(
            _INSERT_PLAYERS,
            [
                {
                    "match_id": match.match_id,
                    "seat": p.seat,
                    "user_id": uid if uid in guest_of else None,
                    "name": p.name,
                    "is_bot": p.bot,
                    "bot_level": p.bot_level if p.bot else None,
                    "rating_before": changes.get(p.seat, (None, None))[0],
                    "rating_after": changes.get(p.seat, (None, None))[1],
                }
                for p, uid in zip(players, seat_users, strict=True)
            ],
        )
        if records:
            session.execute(
                _INSERT_HANDS,
                [
                    {"match_id": match.match_id, "number": number, "record": text}
                    for number, text in enumerate(records, start=1)
                ],
            )
        return True

    def _rate(
        self,
        session: Session,
        match: FinishedMatch,
        seat_users: Sequence[str | None],
        guest_of: dict[str, bool],
    ) -> tuple[bool, dict[int, tuple[float, float]]]:
        """Whether the match is rated and, if so, each seat's rating before and after it
        (updated in ``session``)."""
        # A seat whose user row vanished counts as a guest: it cannot be rated.
        guests = [uid is not None and guest_of.get(uid, True) for uid in seat_users]
        rated = is_ratable(seat_users, guests, requested=match.rated)
        changes: dict[int, tuple[float, float]] = {}
        if rated:
            seat_ids = [uid for uid in seat_users if uid is not None]
            for seat, change in enumerate(self.ratings.update_in(session, seat_ids, match.winner)):
                changes[seat] = (change.before, change.after)
        return rated, changes

    async def on_match_finished(self, match: FinishedMatch) -> None:
        """The ``match_listener`` form of :meth:`record` (returns nothing)."""
        await self.record(match)

    async def _summaries(self, session: AsyncSession, ids: Sequence[str]) -> list[MatchSummary]:
        if not ids:
            return []
        matches = {
            row.id: row
            for row in (
                await session.execute(
                    select(finished_matches).where(finished_matches.c.id.in_(ids))
                )
            ).all()
        }
        seats: dict[str, list[PlayerSummary]] = {mid: [] for mid in matches}
        rows = await session.execute(
            select(match_players)
            .where(match_players.c.match_id.in_(ids))
            .order_by(match_players.c.match_id, match_players.c.seat)
        )
        for row in rows.all():
            seats[row.match_id].append(
                PlayerSummary(
                    row.seat,
                    row.name,
                    row.user_id,
                    bool(row.is_bot),
                    row.rating_before,
                    row.rating_after,
                    row.bot_level,
                )
            )
        return [
            MatchSummary(
                match_id=m.id,
                rules=json.loads(m.rules),
                started_at=m.started_at,
                finished_at=m.finished_at,
                score=(m.score0, m.score1),
                winner=m.winner,
                rated=bool(m.rated),
                hand_count=m.hand_count,
                players=seats[m.id],
            )
            for mid in ids
            if (m := matches.get(mid)) is not None
        ]

    async def matches_of(
        self, user: str, *, limit: int = 20, before: float | None = None
    ) -> list[MatchSummary]:
        """A user's finished matches, newest first.

        Args:
            user: the user's id.
            limit: at most this many (1..100).
            before: only matches finished strictly before this UNIX time (for paging).

        Raises:
            ValueError: on a limit out of range.
        """
        if not 1 <= limit <= HISTORY_MAX:
            raise ValueError(f"expected 1 <= limit <= {HISTORY_MAX}, got {limit}")
        query = (
            select(finished_matches.c.id)
            .join(match_players, match_players.c.match_id == finished_matches.c.id)
            .where(match_players.c.user_id == user)
            .order_by(finished_matches.c.finished_at.desc(), finished_matches.c.id)
            .limit(limit)
        )
        if before is not None:
            query = query.where(finished_matches.c.finished_at < before)
        async with self._factory() as session:
            ids = list((await session.execute(query)).scalars().all())
            return await self._summaries(session, ids)

    async def totals_of(self, user: str) -> tuple[int, int]:
        """How many finished matches a user played, and how many of them his team won."""
        won = case((finished_matches.c.winner == match_players.c.seat % 2, 1), else_=0)
        query = (
            select(func.count(), func.coalesce(func.sum(won), 0))
            .select_from(match_players)
            .join(finished_matches, match_players.c.match_id == finished_matches.c.id)
            .where(match_players.c.user_id == user)
        )
        async with self._factory() as session:
            played, wins = (await session.execute(query)).one()
        return int(played), int(wins)

    async def match(self, match_id: str) -> MatchSummary | None:
        """One finished match's summary, or ``None``."""
        async with self._factory() as session:
            found = await self._summaries(session, [match_id])
        return found[0] if found else None

    async def record_lines(self, match_id: str) -> list[str] | None:
        """The match's hands as ``cuatrola-hand/1`` JSON texts in order, or ``None``."""
        async with self._factory() as session:
            exists = await session.execute(
                select(finished_matches.c.id).where(finished_matches.c.id == match_id)
            )
            if exists.first() is None:
                return None
            rows = await session.execute(
                select(match_hands.c.record)
                .where(match_hands.c.match_id == match_id)
                .order_by(match_hands.c.number)
            )
            return list(rows.scalars().all())

"""The analyses of finished matches (cuatrola.server.accounts.analysis) on real databases."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.ai.analysis import decode_match
from cuatrola.core.rules import Rules
from cuatrola.server.accounts.analysis import (
    AnalysisStatus,
    MatchAnalyses,
    compute_analysis,
    match_seed,
)
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.schema import match_analyses
from cuatrola.table.effects import FinishedMatch
from tests.support.play import finished_match

#: Few deals: these tests check the plumbing, tests/ai/test_analysis.py the analysis.
SAMPLES = 4


def short_match(match_id: str, seed: int = 2) -> FinishedMatch:
    """A match to 3 played with random legal moves; seats 0 and 2 human, 1 and 3 bots."""
    players = [("u0", "P0"), (None, "P1"), ("u2", "P2"), (None, "P3")]
    return finished_match(match_id, players, rules=Rules.exact(3), rated=False, seed=seed)


@contextlib.asynccontextmanager
async def running_analyses(
    factory: async_sessionmaker[AsyncSession], history: History, workers: int = 0
) -> AsyncIterator[MatchAnalyses]:
    """A :class:`MatchAnalyses` service on ``SAMPLES`` deals, closed on the way out."""
    analyses = MatchAnalyses(factory, history, workers=workers, samples=SAMPLES)
    try:
        yield analyses
    finally:
        await analyses.close()


async def _done(analyses: MatchAnalyses, match_id: str) -> bytes:
    for _ in range(600):
        reply = await analyses.read(match_id)
        if reply.status is AnalysisStatus.DONE:
            assert reply.body is not None
            return reply.body
        assert reply.status is AnalysisStatus.PENDING
        await asyncio.sleep(0.05)
    raise AssertionError("the analysis never finished")


async def test_a_finished_match_is_analysed_stored_and_read(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    match = short_match("m-an-1")
    assert await history.record(match)
    async with running_analyses(factory, history) as analyses:
        await analyses.on_match_finished(match)
        assert analyses.pending("m-an-1")
        assert (await analyses.read("m-an-1")).status is AnalysisStatus.PENDING
        body = await _done(analyses, "m-an-1")
    analysis = decode_match(body)
    assert len(analysis.hands) == len(match.hands)
    assert [s.seat for s in analysis.seats] == [0, 2]  # the human seats only
    assert {d.seat for h in analysis.hands for d in h.decisions} <= {0, 2}
    # It is the analysis of the stored records with the match's own seed.
    lines = await history.record_lines("m-an-1")
    assert lines is not None
    assert body == compute_analysis(lines, [0, 2], match_seed("m-an-1"), SAMPLES)
    # Stored durably: a new service on the same database reads it without computing.
    async with running_analyses(factory, history) as again:
        reply = await again.read("m-an-1")
        assert reply.status is AnalysisStatus.DONE and reply.body == body
        assert not again.pending("m-an-1")


async def test_an_unknown_match_is_unknown_and_a_missing_analysis_is_queued_on_read(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    async with running_analyses(factory, history) as analyses:
        assert (await analyses.read("nope")).status is AnalysisStatus.UNKNOWN
        assert not analyses.pending("nope")
        # A match stored while no analysis was running (an older one, or a restart).
        assert await history.record(short_match("m-an-2", seed=5))
        assert (await analyses.read("m-an-2")).status is AnalysisStatus.PENDING
        assert analyses.pending("m-an-2")
        body = await _done(analyses, "m-an-2")
        assert json.loads(body)["format"] == "cuatrola-analysis/1"
        async with factory() as session:
            rows = (await session.execute(select(match_analyses.c.match_id))).scalars().all()
        assert list(rows) == ["m-an-2"]


async def test_a_failed_analysis_is_stored_as_failed(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    match = short_match("m-an-3")
    broken = dataclasses.replace(match, hands=[{"format": "nonsense"}])
    assert await history.record(broken)
    async with running_analyses(factory, history) as analyses:
        analyses.queue("m-an-3")
        for _ in range(200):
            if not analyses.pending("m-an-3"):
                break
            await asyncio.sleep(0.02)
        assert (await analyses.read("m-an-3")).status is AnalysisStatus.FAILED
        async with factory() as session, session.begin():
            await session.execute(delete(match_analyses))
        assert (await analyses.read("m-an-3")).status is AnalysisStatus.PENDING  # queued again


async def test_the_worker_process_computes_the_same_analysis(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    match = short_match("m-an-4", seed=3)
    assert await history.record(match)
    async with running_analyses(factory, history, workers=1) as analyses:
        await analyses.on_match_finished(match)
        body = await _done(analyses, "m-an-4")
    lines = await history.record_lines("m-an-4")
    assert lines is not None
    assert body == compute_analysis(lines, [0, 2], match_seed("m-an-4"), SAMPLES)

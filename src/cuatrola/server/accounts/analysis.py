"""The analysis after the hand of finished matches: computed off the event loop, stored, served.

When a match is over and the history has stored it, :meth:`MatchAnalyses.on_match_finished`
(a finished-match listener, after the history's) queues its analysis
(:func:`cuatrola.ai.analysis.analyse_match` of the human seats, docs/analysis.md). The work
runs in a worker process of its own (``workers`` 1, at a lower scheduling priority, so the
computer players of live tables and the event loop keep their cores; it dies with the server,
:mod:`cuatrola.server.workers`), or in a thread when
``workers`` is 0 (tests); one match at a time. The result is stored in ``match_analyses``
(one row per match, written in one transaction) before anybody can read it.

:meth:`MatchAnalyses.read` answers ``GET /api/matches/{id}/analysis``: the stored analysis,
or "pending" while it is being computed. A finished match with no analysis stored (the server
stopped before it was done, or the match is older than this feature) is queued the first time
it is asked for, so every finished match gets one.

The seed of a match's analysis comes from its id, so the same match gives the same analysis.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import hashlib
import json
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.schema import match_analyses
from cuatrola.server.workers import die_with_parent
from cuatrola.table.effects import FinishedMatch

logger = logging.getLogger("cuatrola.analysis")

#: How much lower the analysis worker process runs (``os.nice``): live play comes first.
NICENESS = 10


class AnalysisStatus(enum.Enum):
    """Where a match's analysis stands."""

    UNKNOWN = "unknown"  # no such finished match
    PENDING = "pending"  # queued or being computed
    DONE = "done"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class AnalysisReply:
    """What :meth:`MatchAnalyses.read` found: the status and, when done, the JSON."""

    status: AnalysisStatus
    body: bytes | None = None


def match_seed(match_id: str) -> int:
    """The analysis seed of a match: from its id, so it is reproducible."""
    return int.from_bytes(hashlib.sha256(match_id.encode()).digest()[:4], "big")


def compute_analysis(
    lines: Sequence[str], seats: Sequence[int], seed: int, samples: int | None
) -> bytes:
    """The JSON of the match analysis of ``lines`` (``cuatrola-hand/1`` texts) for ``seats``
    (runs in the worker)."""
    from cuatrola.ai.analysis import analyse_match, analysis_config, encode

    records = [json.loads(line) for line in lines]
    return encode(analyse_match(records, seats, seed, config=analysis_config(samples)))


def _start_worker(server: int) -> None:
    """The analysis worker's start: die with the server, and run below live play."""
    die_with_parent(server)
    # Where that is not allowed the worker runs at the normal priority.
    with contextlib.suppress(OSError):
        os.nice(NICENESS)


class MatchAnalyses:
    """Queues, computes, stores and reads the analyses of finished matches.

    Args:
        session_factory: the SQLAlchemy async session factory (the history's database).
        history: where the finished matches and their records are.
        workers: 1 computes in a worker process of its own; 0 in a thread (tests).
        samples: deals per card decision (``None``: the analysis default).
        clock: returns the current UNIX time.
    """

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        history: History,
        *,
        workers: int = 1,
        samples: int | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._factory = session_factory
        self._history = history
        self._workers = workers
        self._samples = samples
        self._clock = clock
        self._executor: Executor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._one_at_a_time = asyncio.Semaphore(1)

    def _pool(self) -> Executor:
        if self._executor is None:
            if self._workers > 0:
                self._executor = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="cuatrola-analysis")
        return self._executor

    async def on_match_finished(self, match: FinishedMatch) -> None:
        """The finished-match listener: queue the match's analysis (returns at once)."""
        self.queue(match.match_id)

    def queue(self, match_id: str) -> None:
        """Compute and store the analysis of ``match_id`` unless it is being computed."""
        if match_id not in self._tasks:
            task = asyncio.get_running_loop().create_task(self._analyse(match_id))
            self._tasks[match_id] = task
            task.add_done_callback(lambda _: self._tasks.pop(match_id, None))

    def pending(self, match_id: str) -> bool:
        """Whether the analysis of ``match_id`` is queued or being computed."""
        return match_id in self._tasks

    async def _analyse(self, match_id: str) -> None:
        async with self._one_at_a_time:
            try:
                await self._analyse_now(match_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                # The database was not reachable, say: nothing stored, so the next request
                # for this analysis queues it again.
                logger.exception("match=%s analysis not computed", match_id)

    async def _analyse_now(self, match_id: str) -> None:
        summary = await self._history.match(match_id)
        lines = await self._history.record_lines(match_id)
        if summary is None or lines is None:
            return
        seats = [p.seat for p in summary.players if not p.is_bot]
        loop = asyncio.get_running_loop()
        body: bytes | None
        try:
            body = await loop.run_in_executor(
                self._pool(), compute_analysis, lines, seats, match_seed(match_id), self._samples
            )
            status = AnalysisStatus.DONE
        except BrokenProcessPool:
            # The worker died (killed, out of memory): a new one for the next analysis; this
            # one is not marked failed, so it is computed again when asked for.
            logger.warning("match=%s analysis worker died; restarting it", match_id)
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            return
        except Exception:
            logger.exception("match=%s analysis failed", match_id)
            body, status = None, AnalysisStatus.FAILED
        await self._store(match_id, status, body)

    async def _store(self, match_id: str, status: AnalysisStatus, body: bytes | None) -> None:
        try:
            async with self._factory() as session, session.begin():
                await session.execute(
                    insert(match_analyses).values(
                        match_id=match_id,
                        status=status.value,
                        analysis=None if body is None else body.decode(),
                        created_at=self._clock(),
                    )
                )
        except IntegrityError:
            pass  # stored already (by another server process): the same analysis

    async def read(self, match_id: str) -> AnalysisReply:
        """The stored analysis of ``match_id``; a finished match without one is queued."""
        async with self._factory() as session:
            row = (
                await session.execute(
                    select(match_analyses.c.status, match_analyses.c.analysis).where(
                        match_analyses.c.match_id == match_id
                    )
                )
            ).first()
        if row is not None:
            status = AnalysisStatus(row.status)
            return AnalysisReply(status, None if row.analysis is None else row.analysis.encode())
        if self.pending(match_id):
            return AnalysisReply(AnalysisStatus.PENDING)
        if await self._history.match(match_id) is None:
            return AnalysisReply(AnalysisStatus.UNKNOWN)
        self.queue(match_id)
        return AnalysisReply(AnalysisStatus.PENDING)

    async def close(self) -> None:
        """Stop: drop the queued work (a match left unanalysed is queued again when read)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

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

After each hand of a live table, :meth:`MatchAnalyses.analyse_hand` computes that hand's
analysis for the seats people own, in the same worker, with the seed the match's analysis
gives that hand (:func:`hand_seed`), and keeps it in memory until the match's analysis is
computed: that one then takes the hands already analysed as they are (the same seeds give the
same result) and computes only the others.

The worker takes one job at a time, in the order of :class:`Turns`: the hands first, the
newest first (the players of a hand that just ended are looking at the table now; on a busy
node those of an older hand have moved on), then the matches in the order they ended. At most
:data:`HAND_QUEUE` hands wait; when one more ends, the oldest waiting one is not analysed after
the hand (a log line says so): its match's analysis still covers it.
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
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.schema import match_analyses
from cuatrola.server.workers import die_with_parent, stop_pool
from cuatrola.table.effects import FinishedMatch, HandOver

logger = logging.getLogger("cuatrola.analysis")

#: How much lower the analysis worker process runs (``os.nice``): live play comes first.
NICENESS = 10
#: Hands that may wait for the worker at once; past it, the oldest waiting one is dropped.
HAND_QUEUE = 8
#: Matches whose hand analyses are kept in memory for their match's analysis (the oldest go
#: first: a match abandoned half way is forgotten, and its analysis, if asked, recomputed).
KEPT_MATCHES = 128


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


def hand_seed(match_id: str, index: int) -> int:
    """The analysis seed of hand ``index`` (from 0) of a match: the one the match's analysis
    gives it (:func:`~cuatrola.ai.analysis.analyse_match` seeds hand ``i`` with ``seed + i``)."""
    return match_seed(match_id) + index


def compute_analysis(
    lines: Sequence[str],
    seats: Sequence[int],
    seed: int,
    samples: int | None,
    known: Mapping[int, bytes] | None = None,
) -> bytes:
    """The JSON of the match analysis of ``lines`` (``cuatrola-hand/1`` texts) for ``seats``
    (runs in the worker); ``known`` holds the JSON of hands analysed already, by index."""
    from cuatrola.ai.analysis import analyse_match, analysis_config, decode_hand, encode

    records = [json.loads(line) for line in lines]
    done = {index: decode_hand(body) for index, body in (known or {}).items()}
    config = analysis_config(samples)
    return encode(analyse_match(records, seats, seed, config=config, known=done))


def compute_hand(
    record: dict[str, object], seats: Sequence[int], seed: int, samples: int | None
) -> bytes:
    """The JSON of the hand analysis of ``record`` for ``seats`` (runs in the worker)."""
    from cuatrola.ai.analysis import analyse_hand, analysis_config, encode

    return encode(analyse_hand(record, sorted(seats), seed, config=analysis_config(samples)))


class Turns:
    """Whose turn it is to use the one worker: the newest waiting hand, else the oldest waiting
    match; at most ``hand_limit`` hands wait (the oldest is dropped for a newer one).

    ``await hand()`` / ``await match()`` wait for the turn (``hand`` answers ``False`` when
    that hand was dropped); whoever got the turn calls :meth:`release` when done.
    """

    def __init__(self, hand_limit: int) -> None:
        self.hand_limit = hand_limit
        self._busy = False
        self._hands: list[asyncio.Future[bool]] = []  # oldest first
        self._matches: deque[asyncio.Future[bool]] = deque()

    @property
    def hands_waiting(self) -> int:
        """Hands waiting for their turn."""
        return len(self._hands)

    async def hand(self) -> bool:
        """Wait for a hand's turn: ``True`` once it has it, ``False`` if it was dropped."""
        if not self._busy:
            self._busy = True
            return True
        turn = asyncio.get_running_loop().create_future()
        self._hands.append(turn)
        if len(self._hands) > self.hand_limit:
            self._hands.pop(0).set_result(False)
        return await self._wait(turn, self._hands)

    async def match(self) -> None:
        """Wait for a match's turn."""
        if not self._busy:
            self._busy = True
            return
        turn = asyncio.get_running_loop().create_future()
        self._matches.append(turn)
        await self._wait(turn, self._matches)

    async def _wait(
        self,
        turn: asyncio.Future[bool],
        line: list[asyncio.Future[bool]] | deque[asyncio.Future[bool]],
    ) -> bool:
        try:
            return await turn
        except asyncio.CancelledError:
            if turn in line:
                line.remove(turn)
            elif turn.done() and not turn.cancelled() and turn.result():
                self.release()  # given the turn just as it was cancelled: pass it on
            raise

    def release(self) -> None:
        """The job that had the turn is done: give it to the next one."""
        while self._hands or self._matches:
            turn = self._hands.pop() if self._hands else self._matches.popleft()
            if not turn.done():
                turn.set_result(True)
                return
        self._busy = False


@dataclass(frozen=True, slots=True)
class _KeptHand:
    """A hand analysed after the hand: what it was computed from, and its JSON."""

    record: dict[str, object]
    seats: tuple[int, ...]
    body: bytes


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
        self._turns = Turns(HAND_QUEUE)
        self._kept: OrderedDict[str, dict[int, _KeptHand]] = OrderedDict()

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

    async def analyse_hand(self, over: HandOver) -> bytes | None:
        """The JSON of the analysis after the hand ``over`` (``None``: dropped for newer
        hands, :data:`HAND_QUEUE` of them waiting, or not computed; logged either way)."""
        if not await self._turns.hand():
            logger.warning(
                "match=%s hand=%d analysis dropped: %d newer hands waiting",
                over.match_id,
                over.hand,
                self._turns.hands_waiting,
            )
            return None
        try:
            body = await self._in_worker(
                f"match={over.match_id} hand={over.hand}",
                compute_hand,
                over.record,
                over.seats,
                hand_seed(over.match_id, over.hand - 1),
                self._samples,
            )
        finally:
            self._turns.release()
        if body is not None:
            self._keep(over, body)
        return body

    def _keep(self, over: HandOver, body: bytes) -> None:
        hands = self._kept.setdefault(over.match_id, {})
        self._kept.move_to_end(over.match_id)
        hands[over.hand - 1] = _KeptHand(over.record, over.seats, body)
        while len(self._kept) > KEPT_MATCHES:
            self._kept.popitem(last=False)

    def _known(self, match_id: str, lines: Sequence[str], seats: Sequence[int]) -> dict[int, bytes]:
        """The hands of ``match_id`` analysed after the hand from the same record for the
        same seats: the match's analysis reuses them."""
        kept = self._kept.get(match_id, {})
        return {
            index: hand.body
            for index, hand in kept.items()
            if index < len(lines)
            and hand.seats == tuple(sorted(seats))
            and json.loads(lines[index]) == hand.record
        }

    async def _in_worker(self, what: str, fn: Callable[..., bytes], *args: object) -> bytes | None:
        """``fn(*args)`` in the worker; ``None`` when it failed or the worker died (logged)."""
        try:
            return await self._run(what, fn, *args)
        except Exception:
            logger.exception("%s analysis failed", what)
            return None

    async def _run(self, what: str, fn: Callable[..., bytes], *args: object) -> bytes:
        """``fn(*args)`` in the worker. A worker that died (killed, out of memory) raises
        :class:`BrokenProcessPool` and is replaced by a new one for the next analysis."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool(), fn, *args)
        except BrokenProcessPool:
            logger.warning("%s analysis worker died; restarting it", what)
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            raise

    def pending(self, match_id: str) -> bool:
        """Whether the analysis of ``match_id`` is queued or being computed."""
        return match_id in self._tasks

    async def _analyse(self, match_id: str) -> None:
        await self._turns.match()
        try:
            await self._analyse_now(match_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The database was not reachable, say: nothing stored, so the next request for
            # this analysis queues it again.
            logger.exception("match=%s analysis not computed", match_id)
        finally:
            self._turns.release()

    async def _analyse_now(self, match_id: str) -> None:
        summary = await self._history.match(match_id)
        lines = await self._history.record_lines(match_id)
        if summary is None or lines is None:
            return
        seats = [p.seat for p in summary.players if not p.bot]
        known = self._known(match_id, lines, seats)
        seed = match_seed(match_id)
        body: bytes | None
        try:
            body = await self._run(
                f"match={match_id}", compute_analysis, lines, seats, seed, self._samples, known
            )
            status = AnalysisStatus.DONE
        except BrokenProcessPool:
            # Not marked failed, so it is computed again when asked for.
            return
        except Exception:
            logger.exception("match=%s analysis failed", match_id)
            body, status = None, AnalysisStatus.FAILED
        await self._store(match_id, status, body)
        self._kept.pop(match_id, None)

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
            stop_pool(self._executor)  # not even the analysis in progress is waited for
            self._executor = None

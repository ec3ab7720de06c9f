"""The analysis after each hand in MatchAnalyses: the seeds, the bounded queue, the reuse."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.ai.analysis import analyse_hand, analysis_config, decode_hand, encode
from cuatrola.server.accounts.analysis import (
    HAND_QUEUE,
    MatchAnalyses,
    compute_analysis,
    hand_seed,
    match_seed,
)
from cuatrola.server.accounts.history import History
from cuatrola.table.effects import FinishedMatch, HandOver
from tests.server.test_analysis import SAMPLES, _done, short_match


def hand_over(match: FinishedMatch, index: int, seats: tuple[int, ...] = (0, 2)) -> HandOver:
    """What the table emits when hand ``index`` of ``match`` ends."""
    return HandOver(match.match_id, index + 1, match.hands[index], seats)


async def match_analysis(analyses: MatchAnalyses, history: History, match: FinishedMatch) -> bytes:
    """Store ``match`` as the server does when it ends; its analysis once computed."""
    assert await history.record(match)
    await analyses.on_match_finished(match)
    return await _done(analyses, match.match_id)


async def computed_afresh(history: History, match_id: str) -> bytes:
    """The analysis of the stored match computed from nothing (the human seats 0 and 2)."""
    lines = await history.record_lines(match_id)
    assert lines is not None
    return compute_analysis(lines, [0, 2], match_seed(match_id), SAMPLES)


async def test_a_hand_is_analysed_with_the_seed_its_match_analysis_gives_it(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    match = short_match("m-hand-1")
    analyses = MatchAnalyses(factory, history, workers=0, samples=SAMPLES)
    try:
        bodies = [await analyses.analyse_hand(hand_over(match, i)) for i in range(len(match.hands))]
        body = await match_analysis(analyses, history, match)
    finally:
        await analyses.close()
    config = analysis_config(SAMPLES)
    for index, hand_body in enumerate(bodies):
        assert hand_body is not None
        seed = hand_seed("m-hand-1", index)
        assert seed == match_seed("m-hand-1") + index
        assert decode_hand(hand_body).seed == seed
        assert hand_body == encode(analyse_hand(match.hands[index], [0, 2], seed, config=config))
    # The match's analysis, made of the hands already analysed, is the one computed afresh.
    assert body == await computed_afresh(history, "m-hand-1")


async def test_hands_past_the_queue_are_dropped_with_a_log_line(
    factory: async_sessionmaker[AsyncSession],
    history: History,
    caplog: pytest.LogCaptureFixture,
) -> None:
    match = short_match("m-hand-2")
    analyses = MatchAnalyses(factory, history, workers=0, samples=SAMPLES)
    overs = [hand_over(match, i % len(match.hands)) for i in range(HAND_QUEUE + 3)]
    try:
        with caplog.at_level(logging.WARNING, logger="cuatrola.analysis"):
            # One is computed, HAND_QUEUE wait for the worker, the last two find no room.
            bodies = await asyncio.gather(*(analyses.analyse_hand(o) for o in overs))
    finally:
        await analyses.close()
    assert [b is None for b in bodies] == [False] * (HAND_QUEUE + 1) + [True, True]
    dropped = [r for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 2


async def test_a_hand_that_cannot_be_analysed_gives_none_and_the_next_one_is_analysed(
    factory: async_sessionmaker[AsyncSession],
    history: History,
    caplog: pytest.LogCaptureFixture,
) -> None:
    match = short_match("m-hand-3")
    analyses = MatchAnalyses(factory, history, workers=0, samples=SAMPLES)
    broken = HandOver(match.match_id, 1, {"format": "nonsense"}, (0,))
    try:
        with caplog.at_level(logging.ERROR, logger="cuatrola.analysis"):
            assert await analyses.analyse_hand(broken) is None
        assert any("analysis failed" in r.getMessage() for r in caplog.records)
        assert await analyses.analyse_hand(hand_over(match, 0)) is not None
    finally:
        await analyses.close()


async def test_a_hand_analysed_for_other_seats_is_not_reused(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    """A person left after the first hand and a computer player took the seat: the match's
    analysis is of the seats people own at its end, and computes that hand again."""
    match = short_match("m-hand-4")
    analyses = MatchAnalyses(factory, history, workers=0, samples=SAMPLES)
    try:
        first = await analyses.analyse_hand(hand_over(match, 0, seats=(0, 1, 2)))
        assert first is not None and {s.seat for s in decode_hand(first).seats} == {0, 1, 2}
        body = await match_analysis(analyses, history, match)
    finally:
        await analyses.close()
    assert body == await computed_afresh(history, "m-hand-4")


async def test_a_dead_worker_loses_that_hand_only_and_a_new_worker_takes_the_next(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    match = short_match("m-hand-5")
    analyses = MatchAnalyses(factory, history, workers=1, samples=SAMPLES)
    try:
        first = asyncio.create_task(analyses.analyse_hand(hand_over(match, 0)))
        # The worker process this service started for the hand: killed while it starts up,
        # before it can have finished (it has not even imported the analysis yet).
        for _ in range(500):
            executor = analyses._executor
            processes = getattr(executor, "_processes", None) or {}
            if processes:
                break
            await asyncio.sleep(0.01)
        (process,) = processes.values()
        os.kill(process.pid, signal.SIGKILL)
        assert await first is None
        # A new worker computes the next one, the same as in this process.
        body = await analyses.analyse_hand(hand_over(match, 1))
    finally:
        await analyses.close()
    seed = hand_seed("m-hand-5", 1)
    config = analysis_config(SAMPLES)
    assert body == encode(analyse_hand(match.hands[1], [0, 2], seed, config=config))

"""The analysis after each hand in MatchAnalyses: the seeds, the bounded queue, the reuse."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.ai.analysis import analyse_hand, analysis_config, decode_hand, encode
from cuatrola.server.accounts.analysis import (
    HAND_QUEUE,
    MatchAnalyses,
    Turns,
    compute_analysis,
    hand_seed,
    match_seed,
)
from cuatrola.server.accounts.history import History
from cuatrola.table.effects import FinishedMatch, HandOver
from tests.server.test_analysis import SAMPLES, _done, running_analyses, short_match


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
    async with running_analyses(factory, history) as analyses:
        bodies = [await analyses.analyse_hand(hand_over(match, i)) for i in range(len(match.hands))]
        body = await match_analysis(analyses, history, match)
    config = analysis_config(SAMPLES)
    for index, hand_body in enumerate(bodies):
        assert hand_body is not None
        seed = hand_seed("m-hand-1", index)
        assert seed == match_seed("m-hand-1") + index
        assert decode_hand(hand_body).seed == seed
        assert hand_body == encode(analyse_hand(match.hands[index], [0, 2], seed, config=config))
    # The match's analysis, made of the hands already analysed, is the one computed afresh.
    assert body == await computed_afresh(history, "m-hand-1")


async def test_the_newest_hands_go_first_and_the_oldest_past_the_queue_are_dropped(
    factory: async_sessionmaker[AsyncSession],
    history: History,
    caplog: pytest.LogCaptureFixture,
) -> None:
    match = short_match("m-hand-2")
    async with running_analyses(factory, history) as analyses:
        overs = [hand_over(match, i % len(match.hands)) for i in range(HAND_QUEUE + 3)]
        finished: list[int] = []

        async def analysed(n: int) -> bytes | None:
            body = await analyses.analyse_hand(overs[n])
            finished.append(n)
            return body

        with caplog.at_level(logging.WARNING, logger="cuatrola.analysis"):
            # The first is computed at once and HAND_QUEUE wait; the two that end after
            # them push the two oldest waiting ones out.
            bodies = await asyncio.gather(*(analysed(n) for n in range(len(overs))))
    assert [n for n, b in enumerate(bodies) if b is None] == [1, 2]
    dropped = [r for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 2
    # The dropped ones are told at once; the others are computed newest first.
    assert finished == [1, 2, 0, *range(len(overs) - 1, 2, -1)]


async def test_a_match_analysis_waits_for_the_hands_that_end_before_its_turn(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    first, later = short_match("m-hand-6"), short_match("m-hand-7")
    async with running_analyses(factory, history) as analyses:
        done: list[str] = []

        async def hand(match: FinishedMatch, index: int) -> None:
            assert await analyses.analyse_hand(hand_over(match, index)) is not None
            done.append(f"{match.match_id} hand {index + 1}")

        busy = asyncio.create_task(hand(first, 0))  # the worker is busy with it
        await asyncio.sleep(0)
        assert await history.record(first)
        await analyses.on_match_finished(first)  # the match waits ...
        await hand(later, 0)  # ... behind a hand that ended after it
        assert analyses.pending(first.match_id)  # not computed yet
        await busy
        assert await _done(analyses, first.match_id)
    assert done == ["m-hand-6 hand 1", "m-hand-7 hand 1"]


@pytest.mark.parametrize(
    ("jobs", "order"),
    [
        # One at a time, in the order they came when nothing waits.
        (["h0"], ["h0"]),
        # Hands before matches, the newest hand first, matches in the order they came; the
        # oldest waiting hand is dropped when a third one waits (a limit of two here).
        (
            ["h0", "m1", "m2", "h1", "h2", "h3"],
            ["h0", "h1 dropped", "h3", "h2", "m1", "m2"],
        ),
        (["m0", "h1", "m1", "h2"], ["m0", "h2", "h1", "m1"]),
    ],
)
async def test_turns_of_the_worker(jobs: list[str], order: list[str]) -> None:
    turns = Turns(hand_limit=2)
    seen: list[str] = []

    async def job(name: str) -> None:
        if name.startswith("h"):
            if not await turns.hand():
                seen.append(f"{name} dropped")
                return
        else:
            await turns.match()
        seen.append(name)
        await asyncio.sleep(0)  # the turn is held across loop turns while the others come
        turns.release()

    await asyncio.gather(*(job(name) for name in jobs))
    assert seen == order
    assert await turns.hand()  # and the worker is free again


async def test_a_cancelled_waiter_gives_its_turn_to_the_next() -> None:
    turns = Turns(hand_limit=8)
    assert await turns.hand()
    waiting = [asyncio.create_task(turns.hand()) for _ in range(2)]
    behind = asyncio.create_task(turns.match())
    await asyncio.sleep(0)
    waiting[1].cancel()  # the newest hand's client went away while it waited
    turns.release()  # the turn goes to the other hand
    await asyncio.sleep(0)
    assert await waiting[0]
    # Given the turn, then cancelled before it could run: the match gets it.
    again = asyncio.create_task(turns.hand())
    await asyncio.sleep(0)
    turns.release()
    again.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await again
    await asyncio.wait_for(behind, 5)
    turns.release()
    assert turns.hands_waiting == 0
    assert await turns.hand()


async def test_a_hand_that_cannot_be_analysed_gives_none_and_the_next_one_is_analysed(
    factory: async_sessionmaker[AsyncSession],
    history: History,
    caplog: pytest.LogCaptureFixture,
) -> None:
    match = short_match("m-hand-3")
    async with running_analyses(factory, history) as analyses:
        broken = HandOver(match.match_id, 1, {"format": "nonsense"}, (0,))
        with caplog.at_level(logging.ERROR, logger="cuatrola.analysis"):
            assert await analyses.analyse_hand(broken) is None
        assert any("analysis failed" in r.getMessage() for r in caplog.records)
        assert await analyses.analyse_hand(hand_over(match, 0)) is not None


async def test_a_hand_analysed_for_other_seats_is_not_reused(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    """A person left after the first hand and a computer player took the seat: the match's
    analysis is of the seats people own at its end, and computes that hand again."""
    match = short_match("m-hand-4")
    async with running_analyses(factory, history) as analyses:
        first = await analyses.analyse_hand(hand_over(match, 0, seats=(0, 1, 2)))
        assert first is not None and {s.seat for s in decode_hand(first).seats} == {0, 1, 2}
        body = await match_analysis(analyses, history, match)
    assert body == await computed_afresh(history, "m-hand-4")


async def test_a_dead_worker_loses_that_hand_only_and_a_new_worker_takes_the_next(
    factory: async_sessionmaker[AsyncSession], history: History
) -> None:
    match = short_match("m-hand-5")
    async with running_analyses(factory, history, workers=1) as analyses:
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
    seed = hand_seed("m-hand-5", 1)
    config = analysis_config(SAMPLES)
    assert body == encode(analyse_hand(match.hands[1], [0, 2], seed, config=config))

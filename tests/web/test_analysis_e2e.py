"""End-to-end: the replay viewer shows a finished match's analysis after the hand.

The finished match is written into the real server's SQLite database through the history
service (what the server itself does when a match ends), so the test needs no whole match
played in the browser; nothing has analysed it yet, so the first request for its analysis
queues it (the lazy path a restarted server also takes), and the page shows "pending" until
the server's worker has computed it.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import async_sessionmaker

import cuatrola.server.accounts.schema  # noqa: F401 (registers the accounts tables)
from cuatrola.core.records import replay_record
from cuatrola.core.rules import Rules
from cuatrola.protocol.ids import TableId
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.ratings import Ratings
from cuatrola.storage.sql import make_engine
from cuatrola.table.effects import FinishedMatch, MatchPlayer
from tests.fixtures.analysis_records import BLUNDER_STEP, PLANTED_BLUNDER
from tests.web.conftest import RunningServer
from tests.web.helpers import catalogue, open_player, shot


async def store_match(db: Path, match_id: str) -> None:
    """One finished match of one hand (the planted blunder): seat 0 a person, 1-3 computers."""
    result = replay_record(PLANTED_BLUNDER).result
    assert result is not None
    score = (result.score_after[0], result.score_after[1])
    match = FinishedMatch(
        match_id=match_id,
        table_id=TableId("t-e2e"),
        rules=Rules.exact(3).to_dict(),
        started_at=1_800_000_000.0,
        finished_at=1_800_000_100.0,
        score=score,
        winner=0 if score[0] > score[1] else 1,
        players=tuple(
            MatchPlayer(seat, None, "Ana" if seat == 0 else f"Bot {seat}", seat != 0, "easy")
            for seat in range(4)
        ),
        hands=[PLANTED_BLUNDER],
        rated=False,
    )
    engine = make_engine(f"sqlite+aiosqlite:///{db}")
    try:
        factory = async_sessionmaker(engine, expire_on_commit=False)
        assert await History(factory, Ratings(factory)).record(match)
    finally:
        await engine.dispose()


def test_the_replay_shows_the_analysis_and_marks_the_blunder(
    browser: Any, own_server: RunningServer, artifacts: Path
) -> None:
    assert own_server.db is not None
    # Playwright's sync API runs an event loop in this thread: store from another one.
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, store_match(own_server.db, "m-e2e-analysis")).result()
    words = catalogue("en")
    player = open_player(browser, own_server.url, lang="en", locale="en-GB")
    page = player.page
    try:
        page.goto(f"{own_server.url}/#/replay/m-e2e-analysis")
        page.get_by_test_id("replay-trick").wait_for()
        panel = page.get_by_test_id("analysis")
        panel.wait_for()
        # Computed by the server's worker: pending first, then the seat's accuracy.
        page.get_by_test_id("analysis-accuracy-0").wait_for(timeout=60_000)
        assert "Ana" in page.get_by_test_id("analysis-accuracy-0").inner_text()
        # Step 1 is a computer player's bid: not analysed.
        page.get_by_test_id("replay-next").click()
        page.get_by_test_id("analysis-none").wait_for()
        # Step to the blunder: seat 0 throws the 3 of trumps under the as of trumps.
        for _ in range(BLUNDER_STEP):
            page.get_by_test_id("replay-next").click()
        page.get_by_test_id("replay-step").get_by_text(f"{BLUNDER_STEP + 1}/").wait_for()
        decision = page.get_by_test_id("analysis-decision")
        decision.wait_for()
        assert decision.get_attribute("data-mark") == "blunder"
        assert page.get_by_test_id("analysis-mark").inner_text() == words["analysis.mark.blunder"]
        rows = page.get_by_test_id("analysis-alternatives").locator("tbody tr")
        assert [rows.nth(i).get_attribute("data-action") for i in range(rows.count())] == [
            "3C",
            "RB",
        ]
        assert "58" in page.get_by_test_id("analysis-cost").inner_text()  # points of margin
        shot(page, artifacts, "replay-analysis-blunder")
        assert player.errors == []
    finally:
        player.close()

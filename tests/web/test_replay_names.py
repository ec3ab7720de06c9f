"""The replay names each computer player by its seat, as a spectator sees it at the table.

A match against three computer players of one level had three plates reading "Computer
(Easy)", and a line such as "Computer (Easy) wins the trick" that named none of them.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.web.conftest import RunningServer
from tests.web.helpers import catalogue, computer_name, open_player, shot
from tests.web.test_analysis_e2e import store_match


def test_the_replay_tells_the_computer_players_apart_by_seat(
    browser: Any, own_server: RunningServer, artifacts: Path
) -> None:
    assert own_server.db is not None
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, store_match(own_server.db, "m-e2e-names")).result()
    words = catalogue("en")
    player = open_player(browser, own_server.url, lang="en", locale="en-GB")
    page = player.page
    try:
        page.goto(f"{own_server.url}/#/replay/m-e2e-names")
        page.get_by_test_id("replay-trick").wait_for()
        # seat 0 is the person; seats 1-3 the computer players, each by its own seat number
        assert page.get_by_test_id("replay-seat-0").locator(".name").inner_text() == "Ana"
        for seat in (1, 2, 3):
            name = page.get_by_test_id(f"replay-seat-{seat}").locator(".name")
            assert name.inner_text() == words["player.computerSeat"].replace("{n}", str(seat + 1))
            # the level stays in the tooltip, as on the table's plates
            assert computer_name("en", "easy") in (name.get_attribute("title") or "")

        # the line of each trick's last card names its winner by seat
        steps = page.request.get(f"{own_server.url}/api/matches/m-e2e-names/steps").json()
        winners = 0
        for index, step in enumerate(steps["hands"][0]["steps"]):
            if index:
                page.keyboard.press("ArrowRight")
                page.get_by_test_id("replay-step").get_by_text(f"Step {index}/").wait_for()
            view = step["view"]
            if not (step["action"] and len(step["action"]) == 2 and not view["trick"]):
                continue
            winner = view["tricks"][-1]["winner"]
            who = "Ana" if winner == 0 else f"Computer {winner + 1}"
            expected = words["table.trickWonBy"].replace("{seat}", who)
            assert expected in page.get_by_test_id("replay-event").inner_text(), index
            winners += winner != 0
        assert winners, "no computer player won a trick of the stored hand"
        shot(page, artifacts, "replay-computers-by-seat")
        assert player.errors == []
    finally:
        player.close()

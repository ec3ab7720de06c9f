"""End-to-end: a person plays a hand against computer players and the hand summary shows the
server's analysis of that hand (the ``hand_analysis`` message) once it is computed."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from tests.web.conftest import RunningServer
from tests.web.helpers import (
    act_once,
    catalogue,
    open_player,
    shot,
    sign_in_as_guest,
    start_vs_computer,
    visible,
)


def _play_one_hand(page: Any) -> None:
    """Play our seat until the first hand summary is open."""
    deadline = time.monotonic() + 120
    while not visible(page, "hand-summary"):
        assert time.monotonic() < deadline, "the hand never ended"
        try:
            action = act_once(page)
        except Exception as exc:  # the table moved under the click: look again
            if "Timeout" not in type(exc).__name__:
                raise
            action = None
        if action == "summary":
            # It was closed as it opened: open it again from the table's header.
            page.get_by_test_id("last-hand-btn").click()
            break
        page.wait_for_timeout(60 if action else 80)


def test_the_hand_summary_shows_the_players_own_analysis_of_the_hand(
    browser: Any, own_server: RunningServer, artifacts: Path
) -> None:
    # A server of its own: on the session's, the analyses of every hand the other browser
    # tests played are queued before this one's in the one analysis worker.
    words = catalogue("en")
    player = open_player(browser, own_server.url, lang="en", locale="en-GB")
    page = player.page
    try:
        sign_in_as_guest(page, "Hana")
        start_vs_computer(page, rules="exact3")
        _play_one_hand(page)
        summary = page.get_by_test_id("hand-summary")
        summary.wait_for()
        # Computed by the server's worker after the hand; the summary waits for it.
        analysis = summary.get_by_test_id("summary-analysis")
        analysis.wait_for(timeout=90_000)
        assert words["analysis.handTitle"] in analysis.inner_text()
        # Our bid had a choice, so there is an accuracy for the hand.
        accuracy = analysis.get_by_test_id("summary-accuracy").inner_text()
        prefix = words["analysis.yourAccuracy"].split("{")[0]
        assert accuracy.startswith(prefix) and re.search(r"\d+%", accuracy), accuracy
        decisions = analysis.get_by_test_id("summary-decision")
        if decisions.count():
            expert = words["analysis.best"].split("{")[0]
            for text in decisions.all_inner_texts():
                assert expert in text and words["analysis.cost"].split("{")[0] in text, text
        else:
            assert words["analysis.allBest"] in analysis.inner_text()
        shot(page, artifacts, "hand-summary-analysis")
        assert not player.errors, player.errors
    finally:
        player.close()

"""The replay viewer on a phone: what its controls, kept in reach at the bottom, leave visible."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.web.conftest import RunningServer
from tests.web.helpers import open_player, shot
from tests.web.test_analysis_e2e import store_match

PHONE = {"width": 390, "height": 844}


def _apart(upper: dict[str, float], lower: dict[str, float]) -> bool:
    """Whether the box ``upper`` ends (to the pixel) before ``lower`` begins."""
    return upper["y"] + upper["height"] <= lower["y"] + 0.5


def test_on_a_phone_the_replay_controls_cover_no_line_of_the_move(
    browser: Any, own_server: RunningServer, artifacts: Path
) -> None:
    assert own_server.db is not None
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, store_match(own_server.db, "m-e2e-phone")).result()
    player = open_player(browser, own_server.url, viewport=PHONE)
    page = player.page
    try:
        page.goto(f"{own_server.url}/#/replay/m-e2e-phone")
        page.get_by_test_id("replay-trick").wait_for()
        event = page.get_by_test_id("replay-event")
        controls = page.locator(".replay-controls")
        two_lines = 0
        while True:
            for scroll in ("0", "document.documentElement.scrollHeight"):
                page.evaluate(f"window.scrollTo(0, {scroll})")
                box, under = event.bounding_box(), controls.bounding_box()
                assert box and under
                assert _apart(box, under), (event.inner_text(), scroll, box, under)
                if page.get_by_test_id("replay-result").count():
                    result = page.get_by_test_id("replay-result").bounding_box()
                    assert result and _apart(result, under), (scroll, result, under)
            line = page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector("
                "'[data-testid=replay-event]')).lineHeight)"
            )
            two_lines += box["height"] > 1.5 * line
            if page.get_by_test_id("replay-next").get_attribute("aria-disabled") == "true":
                break
            step = page.get_by_test_id("replay-step").inner_text()
            page.get_by_test_id("replay-next").click()
            page.wait_for_function(
                "s => document.querySelector('[data-testid=replay-step]').textContent !== s",
                arg=step,
            )
        assert two_lines, "no move's description took two lines on the phone"
        shot(page, artifacts, "replay-phone-end")
        assert player.errors == []
    finally:
        player.close()

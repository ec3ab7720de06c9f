"""The quick match queue in the browser (real server, real Chromium): the wait counts down,
and the queue survives a restart of the card room (the web client takes its place in the
queue again after reconnecting)."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import RunningServer
from tests.web.helpers import open_player, sign_in_as_guest


def test_a_queued_player_is_queued_again_after_the_server_restarts(
    browser: Any, own_server: RunningServer
) -> None:
    # A long fill wait, so that the player is still waiting when the server dies.
    own_server.stop()
    own_server.start("--quick-fill", "60")
    player = open_player(browser, own_server.url)
    page = player.page
    try:
        sign_in_as_guest(page, "Quima")
        page.get_by_test_id("quick-match").click()
        page.get_by_test_id("queue-status").wait_for()
        own_server.kill()
        # Back with a short wait: only a player queued again gets a table.
        own_server.start("--quick-fill", "1")
        page.get_by_test_id("table").wait_for(timeout=30_000)
        page.locator(".hand .card").first.wait_for(timeout=20_000)
        assert page.locator(".hand .card").count() == 5
    finally:
        player.close()


def test_the_wait_for_computer_players_counts_down(browser: Any, own_server: RunningServer) -> None:
    # The server tells the wait once, when the queue changes; alone in the queue nothing
    # changes, so only the page itself can count the seconds down.
    own_server.stop()
    own_server.start("--quick-fill", "40")
    player = open_player(browser, own_server.url)
    page = player.page
    try:
        sign_in_as_guest(page, "Quima")
        page.get_by_test_id("quick-match").click()
        status = page.get_by_test_id("queue-status")
        status.wait_for()
        first = int(status.get_attribute("data-seconds"))
        assert 35 <= first <= 40
        assert f"{first} s" in status.inner_text()
        page.wait_for_function(
            "(n) => Number(document.querySelector('[data-testid=queue-status]')"
            ".dataset.seconds) < n",
            arg=first,
        )
        later = int(status.get_attribute("data-seconds"))
        assert f"{later} s" in status.inner_text()
        assert player.errors == []
    finally:
        player.close()

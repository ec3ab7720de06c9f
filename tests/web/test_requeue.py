"""The quick match queue survives a restart of the card room for a browser player: the web
client takes its place in the queue again after reconnecting (real server, real Chromium)."""

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

"""The Content-Security-Policy in a real browser: the client runs under it with no violation,
and it does block what an injected script or style would need."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import open_player, play_until, sign_in_as_guest, start_vs_computer


def test_the_client_needs_nothing_the_policy_forbids(browser: Any, server: str) -> None:
    player = open_player(browser, server)
    page = player.page
    try:
        sign_in_as_guest(page, "Csp")
        start_vs_computer(page, rules="exact3")
        play_until(page, lambda: page.locator("[data-testid^=trick-card-]").count() > 0)
        for nav in ("nav-leaderboard", "nav-history", "nav-lobby"):
            page.get_by_test_id(nav).click()
            page.wait_for_timeout(150)
        assert player.errors == []
        # What an injected script or inline style needs is refused, and the test sees it.
        page.evaluate(
            """() => {
                const script = document.createElement("script");
                script.textContent = "window.injected = true";
                document.body.append(script);
                document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>');
            }"""
        )
        page.wait_for_timeout(200)
        assert page.evaluate("window.injected === undefined")
        blocked = [e for e in player.errors if e.startswith("CSP violation")]
        assert any("script-src" in e for e in blocked), blocked
        assert any("style-src" in e for e in blocked), blocked
    finally:
        player.close()

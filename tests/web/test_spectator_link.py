"""A table's link opened by someone not signed in yet: the table opens once they have a name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.helpers import open_player, shot, sign_in_as_guest


def test_a_table_link_opened_signed_out_watches_that_table_after_signing_in(
    browser: Any, server: str, artifacts: Path
) -> None:
    host = open_player(browser, server)
    try:
        sign_in_as_guest(host.page, "Olga")
        host.page.get_by_test_id("create-table").click()
        host.page.get_by_test_id("waiting").wait_for()
        link = host.page.url
        table_id = link.rsplit("/", 1)[1]

        # a fresh browser (no identity) follows the table's link: it asks for a name first
        fresh = open_player(browser, server, lang="en", locale="en-GB")
        try:
            fresh.page.goto(link)
            fresh.page.get_by_test_id("guest-name").fill("Pablo")
            fresh.page.get_by_test_id("guest-submit").click()
            # ... and then shows that table, watching it, rather than the lobby
            fresh.page.get_by_test_id("spectating").wait_for()
            assert fresh.page.url.endswith(f"#/t/{table_id}")
            assert fresh.page.get_by_test_id("table").get_attribute("data-seat") == "spectator"
            shot(fresh.page, artifacts, "spectator-from-link")
            # signing out at the table is no link followed: the next name opens the lobby
            fresh.page.get_by_test_id("logout").click()
            sign_in_as_guest(fresh.page, "Pablo")
            assert fresh.page.get_by_test_id("table").count() == 0
            assert not fresh.page.url.endswith(f"#/t/{table_id}")
            assert fresh.errors == []
        finally:
            fresh.close()
        assert host.errors == []
    finally:
        host.close()

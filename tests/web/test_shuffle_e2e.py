"""End-to-end: the verifiable shuffle in a real browser (Debian's Chromium) against a real
`cuatrola serve`. The browser contributes to every deal of a match it plays, and its replay
viewer checks each hand's proof with WebCrypto: "verified", and "does not match" once the
record is tampered with on its way to the page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.helpers import (
    catalogue,
    open_player,
    play_until,
    shot,
    sign_in_as_guest,
    start_vs_computer,
    visible,
)


def test_the_browser_contributes_to_every_deal_and_the_replay_verifies_each_hand(
    browser: Any, server: str, artifacts: Path
) -> None:
    words = catalogue("es")
    player = open_player(browser, server)
    page = player.page
    try:
        sign_in_as_guest(page, "Sofía")
        start_vs_computer(page, rules="exact3")
        seat = int(page.get_by_test_id("seat-bottom").get_attribute("data-seat"))
        play_until(page, lambda: visible(page, "match-end"), timeout=150)
        page.get_by_test_id("back-lobby").click()
        page.get_by_test_id("nav-history").click()
        replay = page.locator("[data-testid^=open-replay-]").first
        replay.wait_for()
        match_id = (replay.get_attribute("data-testid") or "").removeprefix("open-replay-")

        # every hand was dealt from the server's seed and this browser's own random value
        hands = page.request.get(f"{server}/api/matches/{match_id}").json()["hands"]
        values = set()
        for record in hands:
            contributions = record["shuffle"]["contributions"]
            assert [c["seat"] for c in contributions] == [seat], record["shuffle"]
            assert len(contributions[0]["value"]) == 64  # 32 bytes from getRandomValues
            values.add(contributions[0]["value"])
        assert len(values) == len(hands)

        replay.click()
        badge = page.get_by_test_id("shuffle-badge")
        for number in range(len(hands)):
            if number:
                page.get_by_test_id("replay-hand-next").click()
                label = f"Mano {number + 1} de {len(hands)}"
                page.get_by_test_id("replay-hand").get_by_text(label).wait_for()
            page.locator("[data-testid=shuffle-badge][data-status=verified]").wait_for()
            assert badge.inner_text() == words["shuffle.verified"]
        shot(page, artifacts, "replay-shuffle-verified")

        # the same match with the first hand's seed changed on its way to the page
        def tampered(route: Any) -> None:
            response = route.fetch()
            match = response.json()
            seed = match["hands"][0]["shuffle"]["seed"]
            match["hands"][0]["shuffle"]["seed"] = ("0" if seed[0] != "0" else "1") + seed[1:]
            route.fulfill(response=response, body=json.dumps(match))

        page.route(f"**/api/matches/{match_id}", tampered)
        page.get_by_test_id("replay-back").click()
        page.locator("[data-testid^=open-replay-]").first.click()
        page.locator("[data-testid=shuffle-badge][data-status=mismatch]").wait_for()
        expected = words["shuffle.mismatch"].replace("{what}", words["shuffle.what.commitment"])
        assert badge.inner_text() == expected
        shot(page, artifacts, "replay-shuffle-mismatch")
        assert player.errors == []
    finally:
        player.close()

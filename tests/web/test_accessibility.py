"""Accessibility: axe-core checks every screen of the web client against WCAG 2 A and AA.

axe-core (the npm devDependency, web/node_modules/axe-core, installed by `npm ci`) is injected
into the real, built client as a script tag, and `axe.run()` reports what a player using a
screen reader or a keyboard would meet: a button with no name, text too faint to read, an
id twice, an ARIA attribute that lies. A violation of impact "serious" or "critical" fails
the test, which prints each one's rule, impact and the elements it names.
"""

from __future__ import annotations

import asyncio
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import async_sessionmaker

import cuatrola.server.accounts.schema  # noqa: F401 (registers the accounts tables)
from cuatrola.core.records import replay_record
from cuatrola.core.rules import Rules
from cuatrola.protocol.ids import TableId, UserId
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.ratings import Ratings
from cuatrola.storage.sql import make_engine
from cuatrola.table.effects import FinishedMatch, MatchPlayer
from tests.fixtures.analysis_records import PLANTED_BLUNDER
from tests.web.conftest import ROOT, RunningServer
from tests.web.helpers import (
    open_player,
    play_until,
    sign_in_as_guest,
    start_vs_computer,
    visible,
)
from tests.web.test_table_screen import SUMMARY, _guest_token, open_screen, view

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
# the WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="session")
def axe() -> Path:
    """axe-core's script (skipped, or failed under CI, when `npm ci` has not installed it)."""
    if not AXE.exists():
        if os.environ.get("CUATROLA_REQUIRE_BROWSER") == "1":
            pytest.fail(f"CUATROLA_REQUIRE_BROWSER=1 but {AXE} is missing (run npm ci in web/)")
        pytest.skip(f"axe-core is not installed ({AXE}); run npm ci in web/")
    return AXE


# The one rule a card button (of the hand, of the tutorial) is let off: WCAG 2.5.3 (label in
# name) asks a control's name to hold its visible text, and axe-core reads a card's corner index
# ("3", "R") as such text. The index is part of the card's picture (an aria-hidden SVG); the
# card's name is the card in the player's words ("Rey de oros"), which a corner letter or
# number would only muddle.
PICTURE_LABELS = {"label-content-name-mismatch": "button.card"}
RUN = """(args) => axe.run(document, { runOnly: { type: 'tag', values: args.tags } })
  .then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).filter((target) => {
      const let_off = args.letOff[v.id];
      return !(let_off && document.querySelector(target)?.matches(let_off));
    }),
  })).filter((v) => v.targets.length))"""


def audit(page: Any, axe: Path, where: str) -> list[str]:
    """The serious and critical WCAG A/AA violations axe-core finds on the page as it is now,
    one line each: where, the rule, its impact, the elements."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe))
    violations: list[dict[str, Any]] = page.evaluate(RUN, {"tags": WCAG, "letOff": PICTURE_LABELS})
    return [
        f"{where}: {v['id']} ({v['impact']}) {v['help']}: {json.dumps(v['targets'])}"
        for v in violations
        if v["impact"] in SERIOUS
    ]


def check(found: list[str]) -> None:
    """Fail with every violation found, printed one a line."""
    if found:
        print("\n".join(found))
    assert not found, "axe-core found serious or critical violations:\n" + "\n".join(found)


@SIZES
def test_the_lobby_has_no_serious_violation(
    browser: Any, server: str, axe: Path, size: dict[str, int]
) -> None:
    player = open_player(browser, server, viewport=size, bypass_csp=True)
    page = player.page
    try:
        found = audit(page, axe, "sign-in")
        sign_in_as_guest(page, "Ana")
        found += audit(page, axe, "lobby")
        check(found)
        assert player.errors == []
    finally:
        player.close()


@SIZES
def test_a_table_against_the_computer_has_no_serious_violation(
    browser: Any, server: str, axe: Path, size: dict[str, int]
) -> None:
    player = open_player(browser, server, viewport=size, bypass_csp=True)
    page = player.page
    try:
        sign_in_as_guest(page, "Ana")
        start_vs_computer(page)
        page.locator(".hand .card").first.wait_for()
        found = audit(page, axe, "table dealt")
        play_until(page, lambda: page.locator(".hand .card[data-legal=true]").count() > 0)
        found += audit(page, axe, "our card to play")
        play_until(page, lambda: visible(page, "hand-summary") or visible(page, "match-end"))
        found += audit(page, axe, "hand summary")
        check(found)
        assert player.errors == []
    finally:
        player.close()


@SIZES
def test_the_cante_the_summary_and_the_match_end_have_no_serious_violation(
    browser: Any, server: str, axe: Path, size: dict[str, int]
) -> None:
    # moments a live game may not bring: a cante to answer, a dead hand in the summary
    context, screen = open_screen(browser, server, _guest_token(server), size, bypass_csp=True)
    page = screen.page
    try:
        screen.sync(view(phase="cante", trick=[], legal=["cante:O", "cante:C", "nocante"]))
        screen.by("no-cante").wait_for()
        found = audit(page, axe, "cante")
        screen.sync(
            view(
                bids=["cuatrola", "pass", "pass", "pass"],
                contract="cuatrola",
                bidder=1,
                sitting_out=3,
                to_move=1,
                card_counts=[4, 4, 4, 5],
            )
        )
        screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
        screen.by("hand-summary").wait_for()
        found += audit(page, axe, "summary")
        page.keyboard.press("Escape")
        screen.event({"kind": "match_end", "winner": 1, "score": [4, 11], "hands_played": 7})
        screen.by("match-end").wait_for()
        found += audit(page, axe, "match end")
        screen.by("match-sheet").click()
        page.wait_for_timeout(300)
        found += audit(page, axe, "score sheet")
        check(found)
        assert screen.errors == []
    finally:
        context.close()


async def _store_match(db: Path, match_id: str, user: str) -> None:
    """One finished match of one hand, `user` at seat 0 and computer players at the others."""
    result = replay_record(PLANTED_BLUNDER).result
    assert result is not None
    score = (result.score_after[0], result.score_after[1])
    match = FinishedMatch(
        match_id=match_id,
        table_id=TableId("t-a11y"),
        rules=Rules.exact(3).to_dict(),
        started_at=1_800_000_000.0,
        finished_at=1_800_000_100.0,
        score=score,
        winner=0 if score[0] > score[1] else 1,
        players=tuple(
            MatchPlayer(
                seat,
                UserId(user) if seat == 0 else None,
                "Ana" if seat == 0 else f"Bot {seat}",
                seat != 0,
                None if seat == 0 else "easy",
            )
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


@SIZES
def test_the_history_profile_replay_and_other_pages_have_no_serious_violation(
    browser: Any, own_server: RunningServer, axe: Path, size: dict[str, int]
) -> None:
    assert own_server.db is not None
    base = own_server.url
    player = open_player(browser, base, viewport=size, bypass_csp=True)
    page = player.page
    try:
        sign_in_as_guest(page, "Ana")
        user = page.evaluate(
            "() => fetch('/api/me', { headers: { Authorization: 'Bearer '"
            " + localStorage.getItem('cuatrola.token') } }).then((r) => r.json())"
        )["id"]
        with ThreadPoolExecutor(1) as worker:
            worker.submit(asyncio.run, _store_match(own_server.db, "m-a11y", user)).result()
        found: list[str] = []
        for hash_, ready in [
            ("#/history", "open-replay-m-a11y"),
            (f"#/player/{user}", "profile-replay-m-a11y"),
            ("#/replay/m-a11y", "replay-trick"),
            ("#/leaderboard", "leaderboard"),
            ("#/learn", "learn-rules-link"),
            ("#/rules", "rules-learn"),
        ]:
            page.goto(f"{base}/{hash_}")
            page.get_by_test_id(ready).wait_for()
            page.wait_for_timeout(300)
            found += audit(page, axe, hash_)
        page.goto(f"{base}/#/replay/m-a11y")
        page.get_by_test_id("replay-trick").wait_for()
        page.keyboard.press("End")
        page.wait_for_timeout(300)
        found += audit(page, axe, "replay, end of the hand")
        check(found)
        assert player.errors == []
    finally:
        player.close()


# where the focused element lies: its box with the focus ring (3 px, 2 px off), and the room
# left between the sticky header and the bottom of the window
IN_VIEW = """() => {
  const a = document.activeElement;
  const r = a.getBoundingClientRect();
  const header = document.querySelector('.site-header').getBoundingClientRect().bottom;
  return { id: a.dataset.testid || a.tagName, top: r.top - 5, bottom: r.bottom + 5,
           header, height: innerHeight };
}"""


@SIZES
def test_the_focus_is_never_under_the_header_nor_cut_at_the_bottom(
    browser: Any, server: str, size: dict[str, int]
) -> None:
    # on a phone the sticky header is two rows high: Shift+Tab up the lobby scrolled each
    # control to the top of the window, under the header, and Tab down left the focus ring of
    # the last control cut by the bottom of the window
    player = open_player(browser, server, viewport=size)
    page = player.page
    try:
        sign_in_as_guest(page, "Ana")
        hidden: list[dict[str, Any]] = []
        seen: list[str] = []
        for key in ["Tab"] * 40 + ["Shift+Tab"] * 40:
            page.keyboard.press(key)
            if page.evaluate("document.activeElement === document.body"):
                continue
            where = page.evaluate(IN_VIEW)
            seen.append(where["id"])
            if where["top"] < where["header"] or where["bottom"] > where["height"]:
                # the header's own controls, and the skip link shown over it, are above it
                mine = "Boolean(document.activeElement.closest('header, .skip-link'))"
                if not page.evaluate(mine):
                    hidden.append(where)
        assert "upgrade-submit" in seen and "quick-match" in seen
        assert hidden == []
        assert player.errors == []
    finally:
        player.close()

"""Accessibility: axe-core checks every screen of the web client against WCAG 2 A and AA.

axe-core (the npm devDependency, web/node_modules/axe-core, installed by `npm ci`) is injected
into the real, built client as a script tag, and `axe.run()` reports what a player using a
screen reader or a keyboard would meet: a button with no name, text too faint to read, an
id twice, an ARIA attribute that lies. A violation of impact "serious" or "critical" fails
the test, which prints each one's rule, impact and the elements it names; so does a best
practice not met (an <h1> on every screen, its headings in order...), a second <h1> and a
heading before it. The contrast of text over the felt's gradient, which axe-core leaves
unjudged, is measured on a photograph of the window (`faint_text`). And the keyboard: the
focus is never under the sticky header, and a hand is played with Tab, the arrows and Enter
alone, the focus drawn at every step.
"""

from __future__ import annotations

import asyncio
import base64
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
from cuatrola.server.tutorial.lessons import LESSONS
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
from tests.web.test_learn import answer
from tests.web.test_table_screen import SUMMARY, TRICK_0, _guest_token, open_screen, view

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
# the WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SERIOUS = {"serious", "critical"}
# axe-core's best practices (landmarks, one <h1> on every screen, the order of headings, a
# table header with no words) are held too, whatever their impact


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
    id: v.id, impact: v.impact, help: v.help, practice: v.tags.includes('best-practice'),
    targets: v.nodes.map((n) => n.target.join(' ')).filter((target) => {
      const let_off = args.letOff[v.id];
      return !(let_off && document.querySelector(target)?.matches(let_off));
    }),
  })).filter((v) => v.targets.length))"""


# the headings a screen reader meets, in the page's order, each [level, text]: a screen has one
# of level one (axe-core asks for one at least), and none before it (axe-core's order of
# headings starts from whatever comes first)
HEADINGS = """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')]
  .filter((h) => h.getClientRects().length && !h.closest('[aria-hidden=true]'))
  .map((h) => [Number(h.getAttribute('aria-level')
                      || (/^H[1-6]$/.test(h.tagName) ? h.tagName[1] : 2)),
               h.textContent.trim()])"""


def audit(page: Any, axe: Path, where: str) -> list[str]:
    """The serious and critical WCAG A/AA violations axe-core finds on the page as it is now,
    and any best practice not met, one line each: where, the rule, its impact, the elements;
    a screen with more than one <h1>, or a heading before it; and the faint text."""
    faint = faint_text(page, where)  # first: an announcement at a seat stays 2.6 s only
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe))
    violations: list[dict[str, Any]] = page.evaluate(
        RUN, {"tags": [*WCAG, "best-practice"], "letOff": PICTURE_LABELS}
    )
    headings: list[tuple[int, str]] = [(level, text) for level, text in page.evaluate(HEADINGS)]
    ones = [text for level, text in headings if level == 1]
    first = next((i for i, (level, _) in enumerate(headings) if level == 1), 0)
    return (
        [
            f"{where}: {v['id']} ({v['impact']}) {v['help']}: {json.dumps(v['targets'])}"
            for v in violations
            if v["impact"] in SERIOUS or v["practice"]
        ]
        + ([f"{where}: {len(ones)} <h1>: {ones}"] if len(ones) > 1 else [])
        + ([f"{where}: headings before the <h1>: {headings[:first]}"] if first else [])
        + faint
    )


# axe-core cannot judge the contrast of text over a gradient (the felt, the page) or under a
# dialog's backdrop, and leaves it "incomplete". So the text is also measured against what is
# drawn behind it: each visible run of text in the window (not a disabled control's, which
# WCAG lets off) is noted with its colour, made transparent, and the window photographed; the
# text's colour (faded by its own and its ancestors' opacity) must stand 4.5:1 (3:1 if large)
# from the darkest and the lightest of the pixels behind it (the 5th and 95th centiles of the
# middle of its line).
TEXTS = r"""() => {
  const out = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.nodeValue.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (el.closest('.card-svg, option, :disabled, [aria-disabled=true]')) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 4 || box.height < 4) continue;  // a visually hidden text (.sr-only)
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible') continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width < 4 || r.height < 4 || r.bottom <= 0 || r.right <= 0) continue;
    if (r.top >= innerHeight || r.left >= innerWidth) continue;
    const hit = document.elementFromPoint(Math.min(innerWidth - 1, r.left + r.width / 2),
                                          Math.min(innerHeight - 1, r.top + r.height / 2));
    if (!hit || !(el.contains(hit) || hit.contains(el))) continue;  // covered by something
    let opacity = 1;
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      opacity *= Number(getComputedStyle(a).opacity);
    }
    if (opacity === 0) continue;
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    out.push({
      text: n.nodeValue.trim().slice(0, 40),
      where: el.tagName.toLowerCase() + (el.dataset.testid
        ? `[data-testid=${el.dataset.testid}]`
        : typeof el.className === 'string' && el.className
          ? '.' + el.className.trim().split(/\s+/).join('.') : ''),
      color: el instanceof SVGElement ? style.fill : style.color,
      opacity,
      need: size >= 24 || (bold && size >= 18.66) ? 3 : 4.5,
      box: [r.left, r.top, r.width, r.height],
    });
  }
  return out;
}"""
FAINT = r"""async ([png, texts]) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  const channel = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const faint = [];
  for (const text of texts) {
    // the middle of the line, where the letters are (a line box reaches above and below them)
    const [x, y, w, h] = [text.box[0], text.box[1] + text.box[3] * 0.2, text.box[2],
                          text.box[3] * 0.6].map(Math.round);
    const x0 = Math.max(0, x), y0 = Math.max(0, y);
    const x1 = Math.min(canvas.width, x + w), y1 = Math.min(canvas.height, y + h);
    if (x1 - x0 < 1 || y1 - y0 < 1) continue;
    const data = g.getImageData(x0, y0, x1 - x0, y1 - y0).data;
    const pixels = [];
    for (let k = 0; k < data.length; k += 4) {
      const c = [data[k], data[k + 1], data[k + 2]];
      pixels.push([c, lum(c)]);
    }
    pixels.sort((a, b) => a[1] - b[1]);
    const fg = text.color.match(/[\d.]+/g).map(Number);
    const alpha = (fg.length > 3 ? fg[3] : 1) * text.opacity;
    let worst = Infinity;
    for (const [bg, bgLum] of [pixels[Math.floor(pixels.length * 0.05)],
                               pixels[Math.floor(pixels.length * 0.95)]]) {
      const seen = [0, 1, 2].map((j) => alpha * fg[j] + (1 - alpha) * bg[j]);
      worst = Math.min(worst, ratio(lum(seen), bgLum));
    }
    if (worst < text.need) faint.push({ ...text, ratio: Math.round(worst * 100) / 100 });
  }
  return faint;
}"""
HIDE_TEXT = (
    "* { color: transparent !important; -webkit-text-fill-color: transparent !important;"
    " text-shadow: none !important; } svg text { fill: transparent !important; }"
)


def faint_text(page: Any, where: str) -> list[str]:
    """The runs of text in the window that stand out too little from what is drawn behind.

    A live table moves on by itself: the texts are noted again after the photograph, and the
    whole is tried again when anything moved meanwhile."""
    # what fades or slides in is measured as it ends, as the photograph shows it
    finish = (
        "document.getAnimations().forEach((a) =>"
        " a.effect?.getComputedTiming().endTime !== Infinity && a.finish())"
    )

    def layout(texts: list[dict[str, Any]]) -> list[tuple[str, str, list[float]]]:
        return [(t["text"], t["where"], t["box"]) for t in texts]

    for _ in range(10):
        page.evaluate(finish)
        texts = page.evaluate(TEXTS)
        style = page.add_style_tag(content=HIDE_TEXT)
        try:
            png = base64.b64encode(page.screenshot(animations="disabled")).decode()
            still = layout(page.evaluate(TEXTS)) == layout(texts)
        finally:
            style.evaluate("(s) => s.remove()")
        if still:
            break
        page.wait_for_timeout(150)
    else:
        raise AssertionError(f"{where}: the page never kept still for a photograph")
    faint: list[dict[str, Any]] = page.evaluate(FAINT, [png, texts])
    return [
        f"{where}: faint text {f['ratio']}:1 < {f['need']}:1 {f['where']} {f['text']!r}"
        for f in faint
    ]


def check(found: list[str]) -> None:
    """Fail with every violation found, printed one a line."""
    if found:
        print("\n".join(found))
    assert not found, "accessibility violations:\n" + "\n".join(found)


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
        # the header's settings menu, open over the screen: its title sat before the screen's
        # <h1> as an <h2>, headings out of order
        page.get_by_test_id("settings-btn").click()
        page.get_by_test_id("settings-menu").wait_for()
        found += audit(page, axe, "settings menu")
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
def test_the_waiting_room_the_cante_the_summary_and_the_match_end_have_no_serious_violation(
    browser: Any, server: str, axe: Path, size: dict[str, int]
) -> None:
    # moments a live game may not bring (or not at a set time): the waiting room, a trick won
    # at a seat, a cante to answer, a seat sitting out, a long chat, a dead hand in the summary
    context, screen = open_screen(browser, server, _guest_token(server), size, bypass_csp=True)
    page = screen.page
    try:
        screen.sync(None, status="open")
        screen.by("waiting").wait_for()
        found = audit(page, axe, "the waiting room")
        # our partner wins a trick (the seat lit in gold, over the felt's lighter middle) and
        # thinks on: "Pensando…" at the lit seat stood at 4.3:1
        screen.sync(view(tricks=[TRICK_0], trick=[[0, "AB"], [1, "3B"], [2, "SB"]], to_move=3))
        won = {"leader": 0, "seats": [0, 1, 2, 3], "cards": ["AB", "3B", "SB", "CB"], "winner": 2}
        after = view(tricks=[TRICK_0, won], to_move=2, hand=["RO", "SO"], card_counts=[2, 3, 3, 3])
        screen.event({"kind": "act", "seat": 3, "action": "CB", "auto": False, "view": after})
        screen.by("announce-top").wait_for()
        found += audit(page, axe, "a trick won at a seat")
        screen.sync(view(phase="cante", trick=[], legal=["cante:O", "cante:C", "nocante"]))
        screen.by("no-cante").wait_for()
        found += audit(page, axe, "cante")
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
        found += audit(page, axe, "a seat sitting out")
        # a chat longer than its box (which scrolls)
        for n in range(30):
            screen.event({"kind": "chat", "seat": 2, "name": "Luis", "text": f"línea {n}"})
        screen.by("chat").get_by_text("línea 29").wait_for(state="attached")
        found += audit(page, axe, "a long chat")
        if size == PHONE:  # the chat is in the side drawer: its button says what is unread
            label = screen.by("chat-toggle").get_attribute("aria-label") or ""
            assert label.endswith(", 30 mensajes sin leer"), label
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
    browser: Any, own_server: RunningServer, size: dict[str, int]
) -> None:
    # on a phone the sticky header is two rows high: Shift+Tab up the lobby scrolled each
    # control to the top of the window, under the header, and Tab down left the focus ring of
    # the last control cut by the bottom of the window. A server of its own: on the shared
    # one, other tests' tables leave the lobby's list while this walks it, and the page moves.
    player = open_player(browser, own_server.url, viewport=size)
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


# the element with the focus, and whether it shows it (the browser's :focus-visible, drawn)
FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const style = getComputedStyle(a);
  const shown = a.matches(':focus-visible') && style.outlineStyle !== 'none'
    && parseFloat(style.outlineWidth) >= 2;
  return { id: a.dataset.testid || a.tagName, shown };
}"""


@SIZES
def test_a_hand_is_played_with_tab_the_arrows_and_enter_alone_with_the_focus_shown(
    browser: Any, server: str, size: dict[str, int]
) -> None:
    # no letter key: the bid and the cante reached with Tab, the card chosen with the arrows,
    # each played with Enter, and the summary closed with Enter; the focus always drawn
    context, screen = open_screen(browser, server, _guest_token(server), size)
    page = screen.page
    keys = page.keyboard
    seen: list[dict[str, Any]] = []

    def focus_on(test_id: str) -> None:
        page.wait_for_function(
            "(id) => document.activeElement?.dataset?.testid === id", arg=test_id
        )
        seen.append(page.evaluate(FOCUS))

    def tab_to(test_id: str) -> None:
        for _ in range(12):
            seen.append(page.evaluate(FOCUS))
            if seen[-1] and seen[-1]["id"] == test_id:
                return
            keys.press("Tab")
        raise AssertionError(f"{test_id} not reached with Tab: {seen}")

    try:
        hand = ["RO", "SO", "CC", "AB", "3E"]
        deal = view(
            phase="bidding", bids=[], tricks=[], trick=[], mano=0, to_move=0, hand=hand,
            card_counts=[5, 5, 5, 5], legal=["pass", "solo"],
        )  # fmt: skip
        screen.sync(deal)
        focus_on("bid-pass")
        tab_to("bid-solo")
        keys.press("Enter")
        assert screen.sent()[-1]["action"] == "solo"
        bid = {**deal, "bids": ["solo"], "to_move": 1, "legal": []}
        screen.event({"kind": "act", "seat": 0, "action": "solo", "view": bid})
        cante = view(
            phase="cante", bids=["solo", "pass", "pass", "pass"], contract="solo", bidder=0,
            tricks=[TRICK_0], trick=[], to_move=0, hand=hand[:4],
            legal=["cante:O", "nocante"],
        )  # fmt: skip
        screen.event({"kind": "act", "seat": 3, "action": "pass", "view": cante})
        focus_on("cante-O")
        tab_to("no-cante")
        keys.press("Enter")
        assert screen.sent()[-1]["action"] == "nocante"
        sung = {**cante, "phase": "play", "to_move": 2}
        screen.event({"kind": "act", "seat": 0, "action": "nocante", "view": sung})
        play = {**cante, "phase": "play", "legal": ["RO", "SO"], "trick": [[2, "AC"]]}
        screen.event({"kind": "act", "seat": 2, "action": "AC", "view": play})
        focus_on("card-RO")
        keys.press("ArrowRight")
        focus_on("card-SO")
        keys.press("Enter")
        assert screen.sent()[-1]["action"] == "SO"
        played = {**play, "trick": [[2, "AC"], [0, "SO"]], "hand": ["RO", "CC", "AB"]}
        screen.event({"kind": "act", "seat": 0, "action": "SO", "view": {**played, "legal": []}})
        screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
        focus_on("hand-summary-close")
        keys.press("Enter")
        screen.by("hand-summary").wait_for(state="detached")
        hidden = [f for f in seen if f is not None and not f["shown"]]
        assert hidden == [], f"the focus is not drawn on {hidden}"
        assert screen.errors == []
    finally:
        context.close()


@SIZES
def test_the_tutorials_answers_have_no_serious_violation(
    browser: Any, server: str, axe: Path, size: dict[str, int]
) -> None:
    # the lesson on the contracts: a wrong bid (the reason and the hint shown), the right one,
    # then who sits out, answered (the seat marked)
    lesson = next(lesson for lesson in LESSONS if lesson.id == "contracts")
    bid, sitting_out = lesson.steps
    player = open_player(browser, server, viewport=size, bypass_csp=True)
    page = player.page
    try:
        page.goto(f"{server}/#/learn")
        page.get_by_test_id("learn-lesson-contracts").click()
        answer(page, bid, bid.wrong[0])
        page.locator("[data-testid=learn-feedback][data-result=wrong]").wait_for()
        found = audit(page, axe, "a wrong answer")
        answer(page, bid, sorted(bid.right)[0])
        page.locator("[data-testid=learn-feedback][data-result=right]").wait_for()
        found += audit(page, axe, "a right answer")
        page.get_by_test_id("learn-next").click()
        answer(page, sitting_out, sorted(sitting_out.right)[0])
        page.locator(".lb-seat.out").wait_for()
        found += audit(page, axe, "a seat sitting out")
        check(found)
        assert player.errors == []
    finally:
        player.close()

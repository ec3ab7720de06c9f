"""The card room around the table, in real browsers against a real server: the language taken
from the browser, the Thai web font, players online, where the lobby lists the open tables
(and their focus as the screen turns), avatars and profiles, the deck's corner indices and
the settings menu, the header in one row on a phone on its side, and the installable app
(manifest and service worker, offline)."""

from __future__ import annotations

import asyncio
import re
import struct
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import RunningServer
from tests.web.helpers import (
    LANGS,
    SETTLED,
    assert_turning_keeps_focus,
    catalogue,
    computer_name,
    cut_text,
    open_player,
    resize,
    shot,
    sign_in_as_guest,
    small_targets,
    start_vs_computer,
    tab_to,
)
from tests.web.test_analysis_e2e import store_match


def test_the_first_visit_takes_the_browser_language(browser: Any, server: str) -> None:
    for locale, lang in (
        ("en-US", "en"),
        ("pt-BR", "pt"),
        ("tr-TR", "tr"),
        ("th-TH", "th"),
        ("es-ES", "es"),
        ("de-DE", "es"),  # not one of ours: Spanish
    ):
        player = open_player(browser, server, locale=locale)
        try:
            page = player.page
            assert page.evaluate("document.documentElement.lang") == lang, locale
            expected = catalogue(lang)["auth.playAsGuest"]
            assert page.get_by_test_id("guest-submit").inner_text() == expected, locale
            assert player.errors == []
        finally:
            player.close()
    # a stored choice wins over the browser's language
    player = open_player(browser, server, locale="en-US", lang="tr")
    try:
        assert player.page.evaluate("document.documentElement.lang") == "tr"
        # and a choice made in the menu is remembered after a reload
        player.page.get_by_test_id("lang-select").select_option("pt")
        player.page.get_by_text(catalogue("pt")["auth.playAsGuest"]).wait_for()
        player.page.reload()
        player.page.wait_for_selector("body[data-ready=true]")
        assert player.page.evaluate("document.documentElement.lang") == "pt"
    finally:
        player.close()


def test_thai_renders_with_the_shipped_web_font(browser: Any, server: str, artifacts: Path) -> None:
    player = open_player(browser, server, locale="th-TH")
    try:
        page = player.page
        text = catalogue("th")["auth.playAsGuest"]
        page.get_by_test_id("guest-submit").get_by_text(text).wait_for()
        result = page.evaluate(
            """async (text) => {
                await document.fonts.ready;
                const faces = await document.fonts.load("700 16px 'Noto Sans Thai'", text);
                const shipped = [...document.fonts].filter((f) =>
                    f.family.replace(/"/g, '') === 'Noto Sans Thai' && f.status === 'loaded');
                const fontFiles = performance.getEntriesByType('resource')
                    .map((e) => new URL(e.name).pathname)
                    .filter((p) => /noto-sans-thai-thai-.*\\.woff2$/.test(p));
                // the same Thai text, in the page's font and in a face that cannot be the
                // shipped one: the widths of real glyphs differ from the fallback's
                const width = (family) => {
                    const span = document.createElement('span');
                    span.style.cssText = `font: 700 32px ${family}; position: absolute;
                        white-space: nowrap; visibility: hidden`;
                    span.textContent = text;
                    document.body.append(span);
                    const w = span.getBoundingClientRect().width;
                    span.remove();
                    return w;
                };
                const button = document.querySelector('[data-testid=guest-submit]');
                return {
                    loadedFaces: faces.length,
                    shipped: shipped.length,
                    check: document.fonts.check("700 16px 'Noto Sans Thai'", text),
                    fontFiles,
                    pageFont: getComputedStyle(button).fontFamily,
                    inPageFont: width(getComputedStyle(button).fontFamily),
                    inShipped: width("'Noto Sans Thai'"),
                    inFallback: width("'No Such Font Here', monospace"),
                };
            }""",
            text,
        )
        assert result["loadedFaces"] >= 1 and result["shipped"] >= 1, result
        assert result["check"] is True
        # the font came from our own server, as a built asset
        assert result["fontFiles"], result
        assert result["pageFont"].strip().startswith('"Noto Sans Thai"'), result
        assert result["inPageFont"] == result["inShipped"], result
        assert abs(result["inShipped"] - result["inFallback"]) > 2, result
        response = page.request.get(server + result["fontFiles"][0])
        assert response.status == 200 and response.body()[:4] == b"wOF2"
        shot(page, artifacts, "lobby-thai")
        assert player.errors == []
    finally:
        player.close()


def test_computer_players_are_named_in_every_language_in_the_lobby(
    browser: Any, server: str
) -> None:
    host = open_player(browser, server)
    watcher = open_player(browser, server)
    try:
        page = watcher.page
        sign_in_as_guest(page, "Mara")
        # half-way through a form when the new table arrives (lobby_update)
        page.get_by_test_id("create-rules").select_option("custom")
        page.get_by_test_id("create-target").fill("7")
        page.get_by_test_id("create-quintola").uncheck()
        page.get_by_test_id("join-code").fill("XYZ")
        sign_in_as_guest(host.page, "Lola")
        host.page.get_by_test_id("create-bot-level").select_option("hard")
        host.page.get_by_test_id("create-bot-opponents").check()
        host.page.get_by_test_id("create-table").click()
        host.page.get_by_test_id("table").wait_for()
        table_id = host.page.url.rsplit("/", 1)[1]
        row = page.get_by_test_id(f"table-row-{table_id}")
        row.wait_for()
        assert page.evaluate("document.activeElement.dataset.testid") == "join-code"
        assert page.get_by_test_id("join-code").input_value() == "XYZ"
        assert page.get_by_test_id("create-target").input_value() == "7"
        assert page.get_by_test_id("create-rules").input_value() == "custom"
        assert not page.get_by_test_id("create-quintola").is_checked()
        for lang in LANGS:
            page.get_by_test_id("lang-select").select_option(lang)
            name = computer_name(lang, "hard")
            row.get_by_text(name, exact=True).first.wait_for()
            assert row.get_by_text(name, exact=True).count() == 2, lang
        assert row.get_by_text("Lola").count() == 1
        # every seated player has an avatar: initials for people, a computer for the others
        assert row.locator("[data-testid=avatar][data-initials=L]").count() == 1
        assert row.locator("[data-testid=avatar][data-bot=true]").count() == 2
        assert host.errors == [] and watcher.errors == []
    finally:
        host.close()
        watcher.close()


def test_the_lobby_counts_the_players_online_as_they_come_and_go(
    browser: Any, own_server: RunningServer
) -> None:
    # a card room of its own, so nobody else comes or goes meanwhile
    first = open_player(browser, own_server.url)
    try:
        sign_in_as_guest(first.page, "Nico")
        count = first.page.get_by_test_id("online-count")
        count.wait_for()
        before = int(count.get_attribute("data-count") or "0")
        assert before == 1
        assert count.inner_text().strip() == catalogue("es")["lobby.online"].replace("{n}", "1")
        second = open_player(browser, own_server.url)
        try:
            sign_in_as_guest(second.page, "Olga")
            first.page.wait_for_selector(
                f"[data-testid=online-count][data-count='{before + 1}']", timeout=10_000
            )
            # the count changed in place: what the first player was typing stays
            first.page.get_by_test_id("join-code").fill("ABC")
            first.page.get_by_test_id("join-code").focus()
        finally:
            second.close()
        first.page.wait_for_selector(
            f"[data-testid=online-count][data-count='{before}']", timeout=10_000
        )
        assert first.page.get_by_test_id("join-code").input_value() == "ABC"
        assert first.page.evaluate("document.activeElement.dataset.testid") == "join-code"
        assert first.errors == []
    finally:
        first.close()


def test_avatars_and_the_profile_page(browser: Any, server: str, artifacts: Path) -> None:
    player = open_player(browser, server)
    try:
        page = player.page
        sign_in_as_guest(page, "Pilar_Sanz")
        chip = page.get_by_test_id("user-name")
        avatar = chip.locator("[data-testid=avatar]")
        assert avatar.get_attribute("data-initials") == "PS"
        colour = avatar.locator("circle").get_attribute("fill")
        chip.click()
        page.get_by_test_id("profile").wait_for()
        page.get_by_test_id("profile-name").get_by_text("Pilar_Sanz").wait_for()
        # the same name gives the same avatar everywhere
        big = page.get_by_test_id("profile").locator("[data-testid=avatar]").first
        assert big.locator("circle").get_attribute("fill") == colour
        assert page.get_by_test_id("profile-matches").inner_text() == "0"
        assert page.get_by_test_id("profile-wins").inner_text() == "0"
        page.get_by_test_id("profile-no-matches").wait_for()
        shot(page, artifacts, "profile")
        page.goto(f"{server}/#/player/nobody-at-all")
        page.get_by_test_id("profile-error").wait_for()
        assert player.errors == []
    finally:
        player.close()


def test_the_private_table_form_shows_its_choices_whole(browser: Any, server: str) -> None:
    # On a wide screen the private table's form is a third of the play panel: two choices
    # side by side there showed "A 11 exact" and "30 segund", under labels of one and two
    # lines that left the menus at different heights.
    for size in ({"width": 1440, "height": 900}, {"width": 1280, "height": 860}, None):
        viewport = size or {"width": 390, "height": 844}
        player = open_player(browser, server, viewport=viewport)
        try:
            page = player.page
            sign_in_as_guest(page, "Nico")
            form = page.get_by_test_id("create-form")
            problems: list[str] = form.evaluate(
                """(form) => {
                  const out = [];
                  const probe = document.createElement("span");
                  probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
                  document.body.append(probe);
                  const selects = [...form.querySelectorAll(".grid2 select")];
                  for (const select of selects) {
                    const style = getComputedStyle(select);
                    probe.style.font = style.font;
                    probe.textContent = select.selectedOptions[0].textContent;
                    // the text, the padding and the menu's arrow (some 20 px)
                    const room = select.clientWidth - parseFloat(style.paddingLeft)
                      - parseFloat(style.paddingRight) - 20;
                    if (probe.offsetWidth > room) out.push(`${probe.textContent} is cut`);
                  }
                  probe.remove();
                  const tops = new Map();
                  for (const select of selects) {
                    const box = select.getBoundingClientRect();
                    const row = Math.round(select.closest(".field").getBoundingClientRect().top);
                    if (tops.has(row) && Math.abs(tops.get(row) - box.top) > 1) {
                      out.push(`${select.name} is not level with its neighbour`);
                    }
                    tops.set(row, box.top);
                  }
                  return out;
                }"""
            )
            assert problems == [], f"{viewport}: {problems}"
        finally:
            player.close()


def _box(page: Any, selector: str) -> dict[str, float]:
    """The bounding box of the first element `selector` finds (which must be shown)."""
    found: dict[str, float] | None = page.locator(selector).first.bounding_box()
    assert found, selector
    return found


def _regions(page: Any) -> list[str]:
    """The names of the regions in Chromium's own accessibility tree (what a screen reader
    is given), not in Playwright's reading of the markup."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return [
        str(node.get("name", {}).get("value", ""))
        for node in nodes
        if node.get("role", {}).get("value") == "region" and not node.get("ignored")
    ]


def _tab_order(page: Any, start: str, stop: str, *, limit: int = 60) -> list[str]:
    """From the element `start`, press Tab until the focus is in `stop` (a selector), saying
    where each step went: the open tables, the private table's form, or another control."""
    page.get_by_test_id(start).focus()
    where = (
        "() => { const a = document.activeElement;"
        " if (a.closest('[data-testid=open-tables]')) return 'open-tables';"
        " if (a.closest('[data-testid=create-form]')) return 'create-form';"
        " return a.dataset.testid || a.tagName; }"
    )
    steps: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        steps.append(page.evaluate(where))
        if steps[-1] == stop:
            return steps
    raise AssertionError(f"{stop!r} not reached with Tab from {start!r}: {steps}")


@pytest.fixture
def waiting_table(browser: Any, server: str) -> Iterator[str]:
    """The id of a private table waiting for players, listed in the lobby (its host stays)."""
    host = open_player(browser, server)
    try:
        sign_in_as_guest(host.page, "Vera")
        host.page.get_by_test_id("create-table").click()
        host.page.get_by_test_id("waiting").wait_for()
        yield host.page.url.rsplit("/", 1)[1]
    finally:
        host.close()


def test_on_a_phone_or_a_tablet_the_open_tables_come_right_after_the_ways_to_play_at_once(
    browser: Any, server: str, waiting_table: str
) -> None:
    for viewport in (
        {"width": 390, "height": 844},
        {"width": 768, "height": 1024},
        {"width": 1280, "height": 860},
    ):
        player = open_player(browser, server, viewport=viewport)
        try:
            page = player.page
            sign_in_as_guest(page, "Rui")
            page.get_by_test_id(f"table-row-{waiting_table}").wait_for()

            tables = _box(page, ".panel.tables")
            quick = _box(page, ".card-panel:has([data-testid=quick-match])")
            if viewport["width"] <= 900:
                # the lobby is one column: under the quick match, above the forms, and begun
                # on the first screen
                assert tables["y"] >= quick["y"] + quick["height"]
                for later in ("create-form", "join-code", "upgrade-form", "how-to-play"):
                    assert tables["y"] < _box(page, f"[data-testid={later}]")["y"], later
                assert tables["y"] < viewport["height"] - 100, tables
                # a tablet's ways to play are two cards a row: the list is a row of its own,
                # as wide as theirs
                grid = _box(page, ".play-grid")
                assert abs(tables["x"] - grid["x"]) < 1 and abs(tables["width"] - grid["width"]) < 1
                # and so in the page itself: Tab goes from the quick match to the open
                # tables, and only then to the private table's form
                steps = _tab_order(page, "quick-match", "create-form")
                assert steps[0] == "open-tables", steps
            else:
                play = _box(page, ".panel.play")
                # a wide screen keeps the list beside the play panel, level with its top
                assert tables["x"] >= play["x"] + play["width"]
                assert abs(tables["y"] - play["y"]) < 1
                # shown after the play panel, Tab reaches it after the panel's forms
                steps = _tab_order(page, "quick-match", "open-tables")
                assert "create-form" in steps, steps
            # the ways to play are a section a screen reader names, at every size
            assert "Jugar" in _regions(page)
            assert player.errors == []
        finally:
            player.close()


@pytest.mark.parametrize(
    ("wide", "tall"),
    [({"width": 800, "height": 600}, {"width": 600, "height": 800}),
     ({"width": 1024, "height": 768}, {"width": 768, "height": 1024})],
    ids=["phone", "tablet"],
)  # fmt: skip
def test_turning_the_screen_keeps_the_focus_in_the_open_tables(
    browser: Any, server: str, waiting_table: str, wide: dict[str, int], tall: dict[str, int]
) -> None:
    # A phone turned across 600 px, where the phone layout begins, and a tablet turned across
    # 900 px, where the list changes places: there it was built anew, and the focus in it fell
    # to the page's start.
    player = open_player(browser, server, viewport=wide)
    try:
        page = player.page
        sign_in_as_guest(page, "Iris")
        watch = f"watch-{waiting_table}"
        page.get_by_test_id(watch).wait_for()
        tab_to(page, watch)
        assert_turning_keeps_focus(page, watch, wide, tall)
        assert player.errors == []
    finally:
        player.close()


# how a card's title is drawn
TITLE_STYLE = """(el) => {
  const s = getComputedStyle(el);
  return { tag: el.tagName, color: s.color, size: s.fontSize, weight: s.fontWeight,
           family: s.fontFamily, line: s.lineHeight, margin: s.margin };
}"""


@pytest.mark.parametrize("width", [768, 375])
def test_the_open_tables_title_looks_like_the_other_cards_titles(
    browser: Any, server: str, width: int
) -> None:
    # among the ways to play (a lobby of one column) their title was white and larger than
    # the gold titles of the cards around it
    player = open_player(browser, server, viewport={"width": width, "height": 900})
    try:
        page = player.page
        sign_in_as_guest(page, "Olga")
        title = page.locator(".play-grid #tables-title")
        title.wait_for()
        sibling = page.locator(".card-panel:has([data-testid=quick-match]) h3")
        assert title.evaluate(TITLE_STYLE) == sibling.evaluate(TITLE_STYLE)
        assert player.errors == []
    finally:
        player.close()


def test_the_invite_code_box_shows_its_placeholder_whole(browser: Any, server: str) -> None:
    # "CÓDIGO DE INVITACIÓN" in capitals did not fit the box beside the join button: it read
    # "CÓDIGO DE INVI" on a wide screen and "CÓDIGO DE INVITACIÓ" on a phone.
    for viewport in ({"width": 1440, "height": 900}, {"width": 390, "height": 844}):
        player = open_player(browser, server, viewport=viewport)
        try:
            page = player.page
            sign_in_as_guest(page, "Ciro")
            for lang in LANGS:
                page.get_by_test_id("lang-select").select_option(lang)
                page.wait_for_function(
                    "(label) => document.querySelector('[data-testid=join-code]')"
                    ".getAttribute('aria-label') === label",
                    arg=catalogue(lang)["table.inviteCode"],
                )
                box = page.get_by_test_id("join-code")
                fits = box.evaluate(
                    """(input) => {
                      const style = getComputedStyle(input);
                      const probe = document.createElement("span");
                      probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre";
                      probe.style.font = style.font;
                      probe.style.letterSpacing = style.letterSpacing;
                      probe.style.textTransform = getComputedStyle(input, "::placeholder")
                        .textTransform;
                      probe.textContent = input.placeholder;
                      document.body.append(probe);
                      const width = probe.offsetWidth;
                      probe.remove();
                      const room = input.clientWidth - parseFloat(style.paddingLeft)
                        - parseFloat(style.paddingRight);
                      return width <= room;
                    }"""
                )
                assert fits, f"{viewport} {lang}: {box.get_attribute('placeholder')!r} is cut"
        finally:
            player.close()


def test_an_unrated_profile_breaks_no_word_on_a_phone(browser: Any, server: str) -> None:
    # A third of a phone's width holds the rating: "Sin puntuación" must wrap between its
    # words, not cut "puntuación" into "puntuaci" and "ón".
    player = open_player(browser, server, viewport={"width": 360, "height": 740})
    try:
        page = player.page
        sign_in_as_guest(page, "Rosa")
        page.get_by_test_id("user-name").click()
        rating = page.get_by_test_id("profile-rating")
        for lang in ("es", "pt", "en", "tr"):
            page.get_by_test_id("lang-select").select_option(lang)
            rating.get_by_text(catalogue(lang)["profile.unrated"]).wait_for()
            split: list[str] = rating.evaluate(
                """(dd) => {
                  const text = dd.textContent;
                  const node = [...dd.childNodes].find((n) => n.nodeType === 3 && n.data.trim());
                  const out = [];
                  for (const m of node.data.matchAll(/\\S+/g)) {
                    const range = document.createRange();
                    range.setStart(node, m.index);
                    range.setEnd(node, m.index + m[0].length);
                    const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
                    const lines = new Set(tops);
                    if (lines.size > 1) out.push(m[0]);
                  }
                  return text ? out : ["no text"];
                }"""
            )
            assert split == [], f"{lang}: {split} broken across lines"
        assert player.errors == []
    finally:
        player.close()


def test_long_names_end_in_an_ellipsis_with_the_full_name_on_hover(
    browser: Any, server: str
) -> None:
    player = open_player(browser, server, viewport={"width": 360, "height": 740})
    try:
        page = player.page
        long = "Maximiliano_Fernando"  # 20 characters, the longest name allowed
        sign_in_as_guest(page, long)
        name = page.get_by_test_id("user-name").locator(".name")
        assert name.get_attribute("title") == long
        assert name.inner_text() == long  # the text is whole; CSS draws the ellipsis
        assert name.evaluate("e => getComputedStyle(e).textOverflow") == "ellipsis"
        assert name.evaluate("e => e.scrollWidth > e.clientWidth")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    finally:
        player.close()


def _indices(page: Any, selector: str) -> list[str]:
    texts: list[str] = page.locator(f"{selector} .idx text").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    return texts


def test_the_deck_setting_switches_the_corner_indices(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server)
    try:
        page = player.page
        # the lobby's fan: as, tres, rey, caballo, sota
        assert _indices(page, ".fan") == ["A", "3", "R", "C", "S"]
        page.get_by_test_id("settings-btn").click()
        page.get_by_test_id("settings-menu").wait_for()
        shot(page, artifacts, "settings-menu")
        page.get_by_test_id("deck-index-numbers").check()
        assert _indices(page, ".fan") == ["1", "3", "12", "11", "10"]
        page.keyboard.press("Escape")
        page.get_by_test_id("settings-menu").wait_for(state="detached")
        # remembered, and the table's cards follow it
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        assert _indices(page, ".fan") == ["1", "3", "12", "11", "10"]
        sign_in_as_guest(page, "Quique")
        start_vs_computer(page)
        page.locator(".hand .card").first.wait_for()
        hand = _indices(page, ".hand")
        assert hand and set(hand) <= {"1", "3", "12", "11", "10"}, hand
        page.get_by_test_id("settings-btn").click()
        page.get_by_test_id("deck-index-letters").check()
        page.wait_for_function(
            "() => [...document.querySelectorAll('.hand .idx text')]"
            ".every(e => 'A3RCS'.includes(e.textContent))"
        )
        assert player.errors == []
    finally:
        player.close()


# The lines drawn by each parenthesised sequence, such as "(A 3 R C S)", in the settings
# menu's choices: found in the text as a whole, whatever elements it is split into.
_SEQUENCE_LINES = """(menu) => [...menu.querySelectorAll('.deck-choice')].flatMap((label) => {
  const nodes = [];
  const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) nodes.push(walk.currentNode);
  const text = nodes.map((n) => n.data).join('');
  const at = (offset) => {
    for (const node of nodes) {
      if (offset <= node.data.length) return [node, offset];
      offset -= node.data.length;
    }
    throw new Error('past the end');
  };
  return [...text.matchAll(/\\([^()]*\\)/g)].map((m) => {
    const range = document.createRange();
    range.setStart(...at(m.index));
    range.setEnd(...at(m.index + m[0].length));
    const tops = [...range.getClientRects()].filter((r) => r.width > 0)
      .map((r) => Math.round(r.top));
    return [m[0], new Set(tops).size];
  });
})"""


@pytest.mark.parametrize("lang", ["th", "tr", "es"])
def test_the_settings_menu_keeps_each_card_order_on_one_line(
    browser: Any, server: str, artifacts: Path, lang: str
) -> None:
    # "(A 3 R C S)" and "(1 3 12 11 10)" are sequences: a narrow choice (Thai and Turkish on a
    # phone) moves one whole to the next line instead of breaking it
    for size in ({"width": 390, "height": 844}, {"width": 844, "height": 390}):
        player = open_player(browser, server, viewport=size, lang=lang)
        try:
            page = player.page
            page.get_by_test_id("settings-btn").click()
            menu = page.get_by_test_id("settings-menu")
            menu.wait_for()
            shot(page, artifacts, f"settings-{lang}-{size['width']}x{size['height']}")
            lines: list[list[Any]] = menu.evaluate(_SEQUENCE_LINES)
            assert [text for text, _ in lines] == ["(A 3 R C S)", "(1 3 12 11 10)"], lines
            assert all(count == 1 for _, count in lines), (size, lines)
            assert player.errors == []
        finally:
            player.close()


# a phone on its side: a common one, and a small one
ON_ITS_SIDE = ({"width": 844, "height": 390}, {"width": 740, "height": 360})

# The header's parts as drawn: its height, the parts that overlap another or lie outside it
# (or the window), whether they share one row, and whether the page is wider than the window.
_HEADER_PARTS = """() => {
  const header = document.querySelector('.site-header');
  const box = header.getBoundingClientRect();
  const parts = [...header.querySelectorAll('.brand, nav a, .user-chip, .conn-dot, button, select')]
    .filter((el) => el.getClientRects().length)
    .map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.dataset.testid ?? el.className ?? el.textContent,
               top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
  const overlapping = [];
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlapping.push([a.name, b.name]);
  }));
  const outside = parts.filter((p) => p.left < -0.5 || p.right > innerWidth + 0.5
    || p.top < box.top - 0.5 || p.bottom > box.bottom + 0.5).map((p) => p.name);
  const oneRow = Math.max(...parts.map((p) => p.top)) < Math.min(...parts.map((p) => p.bottom));
  return { height: box.height, parts: parts.map((p) => p.name), overlapping, outside, oneRow,
           wide: document.scrollingElement.scrollWidth > innerWidth };
}"""
HEADER_CONTROLS = ".site-header a, .site-header button, .site-header select"
# WCAG 2.5.8 (AA), a target's least size: the header's controls are 30 px high on its side
LEAST_TARGET = 24


def _assert_one_row(page: Any, where: str, row: float) -> None:
    """The header on this screen: one row no higher than ``row``, nothing cut or overlapping."""
    header: dict[str, Any] = page.evaluate(_HEADER_PARTS)
    assert header["oneRow"] and header["height"] <= row + 0.5, (where, row, header)
    assert header["overlapping"] == [] and header["outside"] == [], (where, header)
    assert not header["wide"], (where, header)
    assert cut_text(page, f"{HEADER_CONTROLS}, .site-header .name") == [], where
    assert small_targets(page, HEADER_CONTROLS, LEAST_TARGET) == [], where


def _assert_one_row_while_connecting(browser: Any, base: str, row: float, artifacts: Path) -> None:
    """In Thai, with a websocket that never answers (the page stays *reconnecting*, the REST
    API up, so no offline banner), the header still holds in one row of ``row`` px."""
    player = open_player(browser, base, viewport=ON_ITS_SIDE[0], lang="th")
    try:
        page = player.page
        page.route_web_socket(re.compile(r"/ws$"), lambda ws: None)
        sign_in_as_guest(page, "Quique")
        page.get_by_test_id("conn-header").wait_for()
        for size in ON_ITS_SIDE:
            resize(page, size)
            _assert_one_row(page, f"th {size} reconnecting", row)
        shot(page, artifacts, "side-reconnecting-th")
        assert player.errors == []
    finally:
        player.close()


def test_on_a_phone_on_its_side_the_header_is_one_row_on_every_screen(
    browser: Any, own_server: RunningServer, artifacts: Path
) -> None:
    # The table's header on a short landscape screen is one row (the brand's mark, the
    # language and settings menus): the bound. The lobby, the tutorial, the replay, the
    # history and the leaderboard keep their links and the player's chip in a row as high.
    assert own_server.db is not None
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, store_match(own_server.db, "m-e2e-side")).result()
    base = own_server.url
    screens = ("#/", "#/learn", "#/replay/m-e2e-side", "#/history", "#/leaderboard")
    for lang in ("es", "tr", "th"):
        player = open_player(browser, base, viewport=ON_ITS_SIDE[0], lang=lang)
        try:
            page = player.page
            sign_in_as_guest(page, "Quique")
            page.get_by_test_id("conn-header").wait_for(state="detached")
            start_vs_computer(page)
            table = page.url
            for size in ON_ITS_SIDE:
                resize(page, size)
                where = f"{lang} {size['width']}x{size['height']}"
                page.goto(table)
                page.get_by_test_id("table").wait_for()
                row: float = page.evaluate(
                    "document.querySelector('.site-header').getBoundingClientRect().height"
                )
                assert row < 2 * 30, (where, row)  # one row of 30 px controls
                for screen in screens:
                    page.goto(base + "/" + screen)
                    page.wait_for_function(
                        "(route) => location.hash === route && document.body.dataset.ready",
                        arg=screen,
                    )
                    page.locator("main h1").first.wait_for()
                    page.evaluate(SETTLED)
                    shot(page, artifacts, f"side-{screen[2:].split('/')[0] or 'lobby'}-{lang}")
                    _assert_one_row(page, f"{where} {screen}", row)
            if lang == "th":
                _assert_one_row_while_connecting(browser, base, row, artifacts)
            assert player.errors == []
        finally:
            player.close()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_app_installs_and_its_shell_opens_offline(
    browser: Any, own_server: RunningServer, artifacts: Path
) -> None:
    base = own_server.url
    player = open_player(browser, base, viewport={"width": 360, "height": 740})
    try:
        page = player.page
        # the manifest: linked from the page, valid, with icons a phone can use
        href = page.locator("link[rel=manifest]").get_attribute("href")
        response = page.request.get(base + (href or ""))
        assert response.status == 200
        manifest = response.json()
        assert manifest["name"] == "Cuatrola" and manifest["start_url"] == "/"
        assert manifest["display"] == "standalone"
        sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
        for size in ("192x192", "512x512"):
            assert (size, "any") in sizes and (size, "maskable") in sizes
        for icon in manifest["icons"]:
            got = page.request.get(base + icon["src"])
            assert got.status == 200, icon
            if icon["type"] == "image/png":
                width, height = _png_size(got.body())
                assert f"{width}x{height}" == icon["sizes"], icon

        # the service worker registers and takes the page
        scope = page.evaluate(
            """async () => {
                const registration = await navigator.serviceWorker.ready;
                if (!navigator.serviceWorker.controller) {
                    await new Promise((done) =>
                        navigator.serviceWorker.addEventListener('controllerchange', done));
                }
                return registration.scope;
            }"""
        )
        assert scope == base + "/"
        sign_in_as_guest(page, "Rosa")
        page.get_by_test_id("online-count").wait_for()
        assert not page.get_by_test_id("offline").count()

        # the server goes away and the phone is offline: the shell still opens, and says so
        own_server.stop()
        player.context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        banner = page.get_by_test_id("offline")
        banner.wait_for()
        assert catalogue("es")["offline.title"] in banner.inner_text()
        assert page.get_by_test_id("nav-lobby").is_visible()
        assert page.get_by_test_id("lobby").is_visible()
        shot(page, artifacts, "offline-phone")
        # nothing from the API was answered from the cache
        cached = page.evaluate(
            """async () => {
                const keys = [];
                for (const name of await caches.keys()) {
                    for (const request of await (await caches.open(name)).keys()) {
                        keys.push(new URL(request.url).pathname);
                    }
                }
                return keys;
            }"""
        )
        assert "/" in cached and any(k.startswith("/assets/") for k in cached), cached
        assert not [k for k in cached if k.startswith("/api/") or k in ("/ws", "/healthz")]
    finally:
        player.close()

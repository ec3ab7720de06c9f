"""End-to-end: real browsers (Debian's Chromium) against a real `cuatrola serve` on loopback."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

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
from tests.web.conftest import RunningServer
from tests.web.helpers import (
    LANGS,
    act_once,
    catalogue,
    computer_name,
    open_player,
    play_until,
    shot,
    sign_in_as_guest,
    start_vs_computer,
    tab_to,
    visible,
)


def test_a_guest_plays_a_whole_match_against_the_computer(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server)
    page = player.page
    try:
        sign_in_as_guest(page, "Ana")
        start_vs_computer(page, rules="exact3")
        page.locator(".hand .card").first.wait_for()
        assert page.locator(".hand .card").count() == 5
        assert page.get_by_test_id("trump").is_visible()
        # four seats, own at the bottom, partner opposite
        for pos in ("bottom", "right", "top", "left"):
            assert page.get_by_test_id(f"seat-{pos}").is_visible()
        seat = int(page.get_by_test_id("seat-bottom").get_attribute("data-seat"))
        partner = int(page.get_by_test_id("seat-top").get_attribute("data-seat"))
        assert partner == (seat + 2) % 4
        shot(page, artifacts, "vs-computer-start")

        # play until our first card is asked for, and check only legal cards are offered
        play_until(page, lambda: page.locator(".hand .card[data-legal=true]").count() > 0)
        shot(page, artifacts, "vs-computer-my-turn")
        illegal = page.locator(".hand .card[data-legal=false]")
        if illegal.count():
            illegal.first.click()
            message = page.get_by_test_id("table-message")
            message.wait_for()
            assert message.inner_text().strip()
            shot(page, artifacts, "vs-computer-illegal-click")

        made = play_until(page, lambda: visible(page, "match-end"), timeout=150)
        assert any(len(a) == 2 for a in made), "we never played a card"
        shot(page, artifacts, "vs-computer-match-end")
        final = page.get_by_test_id("final-score").inner_text()
        scores = [int(page.get_by_test_id(f"score-team-{t}").inner_text()) for t in (0, 1)]
        assert max(scores) >= 3
        assert f"{max(scores)}" in final
        assert page.get_by_test_id("rematch").is_visible()

        # a rematch starts a new match at the same table (computer players always accept)
        page.get_by_test_id("rematch").click()
        page.get_by_test_id("match-end").wait_for(state="detached")
        page.locator(".hand .card").first.wait_for()
        assert page.get_by_test_id("score-team-0").inner_text() == "0"

        # leaving in the middle of the new match asks first, then frees us for another table
        page.get_by_test_id("leave-table").click()
        page.get_by_test_id("leave-confirm-ok").click()
        page.get_by_test_id("play-computer").wait_for()

        # the finished match is in the history, computer players named in our language
        page.get_by_test_id("nav-history").click()
        replay = page.locator("[data-testid^=open-replay-]").first
        replay.wait_for()
        match_id = (replay.get_attribute("data-testid") or "").removeprefix("open-replay-")
        row = page.get_by_test_id(f"history-row-{match_id}")
        assert row.get_by_text("Ordenador (Fácil)", exact=True).count() == 3
        assert row.locator("[data-testid=avatar][data-bot=true]").count() == 3
        for lang in (*LANGS[1:], "es"):
            page.get_by_test_id("lang-select").select_option(lang)
            name = computer_name(lang, "easy")
            row.get_by_text(name, exact=True).first.wait_for()
            assert row.get_by_text(name, exact=True).count() == 3, lang

        # its replay shows the server's steps (GET /api/matches/{id}/steps), one by one
        steps = page.request.get(f"{server}/api/matches/{match_id}/steps").json()["hands"]
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        replay.click()
        page.get_by_test_id("replay-trick").wait_for()
        assert any(url.endswith(f"/api/matches/{match_id}/steps") for url in requested)
        hand = steps[0]["steps"]
        assert page.get_by_test_id("replay-step").inner_text() == f"Paso 0/{len(hand) - 1}"
        assert page.locator("[data-testid^=replay-seat-] .rp-mini").count() == 20
        for index, step in enumerate(hand):
            if index:
                page.keyboard.press("ArrowRight")
            page.get_by_test_id("replay-step").get_by_text(f"Paso {index}/").wait_for()
            for seat in range(4):
                cards = page.get_by_test_id(f"replay-seat-{seat}").locator(".rp-mini")
                assert cards.count() == len(step["hands"][seat]), (index, seat)
            view = step["view"]
            completed = step["action"] and len(step["action"]) == 2 and not view["trick"]
            on_table = view["tricks"][-1]["cards"] if completed else [c for _, c in view["trick"]]
            trick = page.get_by_test_id("replay-trick")
            assert trick.locator(".rp-card").count() == len(on_table), index
            event = page.get_by_test_id("replay-event").inner_text()
            assert ("gana la baza" in event) == bool(completed), (index, event)
            assert trick.locator(".rp-card.winner").count() == (1 if completed else 0)
        summary = hand[-1]["view"]["summary"]
        assert f"+{summary['game_points']}" in page.get_by_test_id("replay-result").inner_text()
        shot(page, artifacts, "replay-end-of-hand")
        page.keyboard.press("Home")
        page.get_by_test_id("replay-step").get_by_text("Paso 0/").wait_for()
        if len(steps) > 1:
            page.get_by_test_id("replay-hand-next").click()
            assert page.get_by_test_id("replay-hand").inner_text() == f"Mano 2 de {len(steps)}"
            assert page.get_by_test_id("replay-step").inner_text() == (
                f"Paso 0/{len(steps[1]['steps']) - 1}"
            )

        # our profile lists the match, and its replay opens from there
        page.get_by_test_id("user-name").click()
        page.get_by_test_id("profile-name").get_by_text("Ana").wait_for()
        assert int(page.get_by_test_id("profile-matches").inner_text()) >= 1
        page.get_by_test_id(f"profile-replay-{match_id}").click()
        page.get_by_test_id("replay-trick").wait_for()

        # and a new match can start right away
        page.get_by_test_id("nav-lobby").click()
        start_vs_computer(page, rules="exact3")
        page.locator(".hand .card").first.wait_for()
        assert player.errors == []
    finally:
        player.close()


def test_two_players_share_a_private_table_with_computer_players(
    browser: Any, server: str, artifacts: Path
) -> None:
    host = open_player(browser, server)
    guest = open_player(browser, server, viewport={"width": 1024, "height": 800})
    try:
        sign_in_as_guest(host.page, "Bea")
        page = host.page
        page.get_by_test_id("create-rules").select_option("custom")
        page.get_by_test_id("create-target").fill("3")
        page.get_by_test_id("create-turn-time").select_option("60")
        page.get_by_test_id("create-seat").select_option("0")
        page.get_by_test_id("create-bot-opponents").check()
        page.get_by_test_id("create-table").click()
        page.get_by_test_id("waiting").wait_for()
        table_id = page.url.rsplit("/", 1)[1]
        code = page.get_by_test_id("invite-code").inner_text().strip()
        link = page.get_by_test_id("invite-link").input_value()
        assert code and link.endswith(f"#/join/{code}")
        shot(page, artifacts, "private-waiting-room")

        # the second player follows the invite link, picks a nickname and is seated
        guest.page.goto(link)
        guest.page.wait_for_selector("body[data-ready=true]")
        sign_in_as_guest_for_join(guest.page, "Ciro")
        guest.page.get_by_test_id("table").wait_for()
        for p in (host.page, guest.page):
            p.locator(".hand .card").first.wait_for(timeout=20_000)
        # partners sit opposite: each sees the other at the top
        assert "Ciro" in host.page.get_by_test_id("seat-top").inner_text()
        assert "Bea" in guest.page.get_by_test_id("seat-top").inner_text()

        # a third browser watches from the lobby's list of open tables, without any hand
        watcher = open_player(browser, server, viewport={"width": 800, "height": 700})
        try:
            sign_in_as_guest(watcher.page, "Dani")
            watcher.page.get_by_test_id(f"watch-{table_id}").click()
            watcher.page.get_by_test_id("spectating").wait_for()
            assert watcher.page.get_by_test_id("table").get_attribute("data-seat") == "spectator"
            assert watcher.page.locator(".hand .card").count() == 0
            watcher.page.locator("[data-testid^=count-]").first.wait_for()
            shot(watcher.page, artifacts, "spectator")
            assert watcher.errors == []
        finally:
            watcher.close()

        # chat is shown as text, never as markup; at 1024 wide it is a drawer that counts
        # the unread lines
        host.page.get_by_test_id("chat-input").fill("<b>hola</b>")
        host.page.get_by_test_id("chat-send").click()
        assert not guest.page.get_by_test_id("chat").is_visible()
        assert guest.page.get_by_test_id("chat-unread").inner_text() == "1"
        guest.page.get_by_test_id("chat-toggle").click()
        line = guest.page.get_by_test_id("chat").locator("li").last
        line.wait_for()
        assert "<b>hola</b>" in line.inner_text()
        assert guest.page.get_by_test_id("chat").locator("b").count() == 0
        assert guest.page.get_by_test_id("chat-unread").count() == 0
        guest.page.get_by_test_id("phrase-good_luck").click()
        host.page.get_by_test_id("chat").get_by_text("¡Suerte!").wait_for()
        guest.page.get_by_test_id("side-close").click()
        guest.page.get_by_test_id("chat").wait_for(state="hidden")

        # both play the first hand to its end (the computer players fill the other seats)
        def hand_over(p: Any) -> bool:
            return visible(p, "last-hand-btn") or visible(p, "hand-summary")

        # the turn clock counts down at our own seat and at our partner's (from the server's
        # frames: each turn's first sight of it waits until it has gone down a second)
        counted = {"top": False, "bottom": False}

        def watch_clock(p: Any) -> None:
            for pos in ("top", "bottom"):
                timer = p.get_by_test_id(f"seat-{pos}").get_by_test_id("turn-timer")
                if counted[pos] or not timer.count():
                    continue
                assert timer.get_attribute("role") == "timer"
                start = int(timer.get_attribute("data-seconds") or 0)
                p.wait_for_function(
                    """(s) => {
                        const el = document.querySelector(
                            `[data-testid=seat-${s.pos}] [data-testid=turn-timer]`);
                        return el && Number(el.dataset.seconds) < s.start;
                    }""",
                    arg={"pos": pos, "start": start},
                    timeout=5000,
                )
                counted[pos] = True

        rounds = 0
        shot_taken = False
        while not (hand_over(host.page) and hand_over(guest.page)):
            rounds += 1
            assert rounds < 3000, "the hand did not end"
            watch_clock(host.page)
            for p in (host.page, guest.page):
                if hand_over(p):
                    continue
                guest_turn = guest.page.get_by_test_id("seat-bottom").get_by_test_id("turn-timer")
                if p is guest.page and not counted["top"] and guest_turn.count():
                    # the partner's turn: the host's screen shows his clock too
                    host.page.get_by_test_id("seat-top").get_by_test_id("turn-timer").wait_for()
                    watch_clock(host.page)
                try:
                    act_once(p)
                except Exception as exc:
                    if "Timeout" not in type(exc).__name__:
                        raise
            if not shot_taken and host.page.locator(".trick .trick-card").count() >= 2:
                shot(host.page, artifacts, "private-host-trick")
                shot(guest.page, artifacts, "private-guest-trick")
                shot_taken = True
            host.page.wait_for_timeout(60)
        assert counted == {"top": True, "bottom": True}
        summaries = []
        for p in (host.page, guest.page):
            # the summary stays until it is closed (even when the next hand needs us), and
            # the bar opens it again
            p.get_by_test_id("hand-summary").wait_for()
            shown = [p.get_by_test_id(i).inner_text() for i in ("summary-result", "summary-score")]
            p.keyboard.press("Escape")
            p.get_by_test_id("hand-summary").wait_for(state="detached")
            p.get_by_test_id("last-hand-btn").click()
            summaries.append(
                [p.get_by_test_id(i).inner_text() for i in ("summary-result", "summary-score")]
            )
            assert summaries[-1] == shown
        shot(host.page, artifacts, "private-hand-summary")
        assert summaries[0] == summaries[1]  # partners: the same result, seen from one side
        assert host.errors == [] and guest.errors == []
    finally:
        host.close()
        guest.close()


def sign_in_as_guest_for_join(page: Any, name: str) -> None:
    """On an invite link without an identity: the lobby asks for a name first."""
    page.get_by_test_id("guest-name").fill(name)
    page.get_by_test_id("guest-submit").click()


def test_the_language_switches_at_once_and_is_remembered(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server)
    page = player.page
    try:
        assert page.get_by_test_id("guest-submit").inner_text() == "Jugar como invitado"
        page.get_by_test_id("lang-select").select_option("en")
        page.get_by_text("Play as guest").wait_for()
        assert page.evaluate("document.documentElement.lang") == "en"
        sign_in_as_guest(page, "Dora")
        start_vs_computer(page)
        page.locator(".hand .card").first.wait_for()
        labels = page.locator(".hand .card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert all(" of " in label for label in labels), labels
        for lang, phrase in (("pt", "Olá!"), ("tr", "Merhaba!"), ("th", "สวัสดี!")):
            page.get_by_test_id("lang-select").select_option(lang)
            page.get_by_test_id("phrase-hello").get_by_text(phrase).wait_for()
            assert page.evaluate("document.documentElement.lang") == lang
        shot(page, artifacts, "table-thai")
        page.reload()
        page.get_by_test_id("table").wait_for()
        assert page.evaluate("document.documentElement.lang") == "th"
        assert page.get_by_test_id("phrase-hello").inner_text() == "สวัสดี!"
        page.get_by_test_id("lang-select").select_option("es")
        page.get_by_test_id("phrase-hello").get_by_text("¡Hola!").wait_for()
        labels = page.locator(".hand .card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert all(" de " in label for label in labels), labels
        assert player.errors == []
    finally:
        player.close()


def test_a_phone_sized_screen_shows_the_whole_table(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server, viewport={"width": 360, "height": 740})
    page = player.page
    try:
        shot(page, artifacts, "phone-lobby")
        sign_in_as_guest(page, "Eva")
        start_vs_computer(page)
        play_until(page, lambda: page.locator(".hand .card[data-legal=true]").count() > 0)
        shot(page, artifacts, "phone-table")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 360, f"the page scrolls sideways ({width}px)"
        for box in page.locator(".hand .card").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().toJSON())"
        ):
            assert box["left"] >= 0 and box["right"] <= 360, box
            assert box["width"] >= 44, "cards too small to tap"
        for pos in ("top", "left", "right", "bottom"):
            box = page.get_by_test_id(f"seat-{pos}").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        # play a card by tapping
        legal = page.locator(".hand .card[data-legal=true]").first
        code = legal.get_attribute("data-card")
        legal.click()
        page.get_by_test_id(f"card-{code}").wait_for(state="detached")
        assert player.errors == []
    finally:
        player.close()


def test_a_hand_is_played_with_the_keyboard_only(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server)
    page = player.page
    keyboard = page.keyboard
    try:
        tab_to(page, "guest-name")
        keyboard.type("Fede")
        keyboard.press("Enter")
        page.get_by_test_id("play-computer").wait_for()
        tab_to(page, "play-computer")
        keyboard.press("Enter")
        page.get_by_test_id("table").wait_for()
        page.locator(".hand .card").first.wait_for()
        played: list[str] = []
        keys: list[str] = []
        rounds = 0

        def hand_done() -> bool:
            if not (visible(page, "hand-summary") or visible(page, "last-hand-btn")):
                return False
            if played:
                return True
            # we sat out that hand (our partner bid): on to the next one
            page.keyboard.press("Escape")
            return False

        while not hand_done():
            rounds += 1
            assert rounds < 3000, f"no hand with our cards ended; keys {keys}"
            if visible(page, "bid-pass"):
                keyboard.press("p")
                keys.append("p")
            elif page.locator("[data-testid^=cante-]").count():
                keyboard.press("k")
                keys.append("k")
            elif visible(page, "no-cante"):
                keyboard.press("n")
                keys.append("n")
            elif page.locator(".hand .card[data-legal=true]").count():
                cards = page.locator(".hand .card")
                legal_index = int(
                    page.locator(".hand .card[data-legal=true]").last.get_attribute("data-index")
                )
                # choose with the arrows from the first card, then play with Enter
                keyboard.press("1")
                for _ in range(legal_index):
                    keyboard.press("ArrowRight")
                chosen = cards.nth(legal_index)
                assert "selected" in (chosen.get_attribute("class") or "")
                if not played:
                    shot(page, artifacts, "keyboard-chosen")
                code = chosen.get_attribute("data-card")
                keyboard.press("Enter")
                page.get_by_test_id(f"card-{code}").wait_for(state="detached")
                played.append(code)
                keys.append("enter")
            page.wait_for_timeout(60)
        assert played, "no card was played with the keyboard"
        keyboard.press("Escape")
        page.get_by_test_id("hand-summary").wait_for(state="detached")
        # the summary comes back from the bar's button, reached with Tab
        tab_to(page, "last-hand-btn")
        keyboard.press("Enter")
        page.get_by_test_id("hand-summary").wait_for()
        shot(page, artifacts, "keyboard-hand-summary")
        keyboard.press("Escape")
        page.get_by_test_id("hand-summary").wait_for(state="detached")
        assert player.errors == []
    finally:
        player.close()


def test_the_table_comes_back_after_a_dropped_socket_and_a_reload(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server)
    page = player.page
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    try:
        sign_in_as_guest(page, "Gala")
        start_vs_computer(page, rules="exact11")
        play_until(page, lambda: page.locator(".hand .card[data-legal=true]").count() > 0)
        hand_before = sorted(
            page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        # 1. the socket drops: the banner shows, the client reconnects with its last seq
        sent.clear()
        page.evaluate("window.cuatrola.app.conn.drop()")
        page.get_by_test_id("conn-status").wait_for(state="visible")
        shot(page, artifacts, "reconnecting")
        page.get_by_test_id("conn-status").wait_for(state="hidden")
        resubscribe = [f for f in sent if '"subscribe"' in f]
        assert resubscribe and all('"since"' in f for f in resubscribe), sent
        # 2. the page reloads mid-hand: same table, same cards, and play goes on
        page.reload()
        page.get_by_test_id("table").wait_for()
        page.locator(".hand .card").first.wait_for()
        hand_after = sorted(
            page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert hand_after == hand_before
        legal = page.locator(".hand .card[data-legal=true]").first
        legal.wait_for()
        code = legal.get_attribute("data-card")
        legal.click()
        page.get_by_test_id(f"card-{code}").wait_for(state="detached")
        shot(page, artifacts, "after-reload")
        assert player.errors == []
    finally:
        player.close()


def test_quick_match_seats_a_lone_player_with_computer_players(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server)
    page = player.page
    try:
        sign_in_as_guest(page, "Hugo")
        page.get_by_test_id("quick-match").click()
        page.get_by_test_id("table").wait_for(timeout=20_000)
        page.locator(".hand .card").first.wait_for()
        assert page.locator(".hand .card").count() == 5
        shot(page, artifacts, "quick-match-table")
        assert player.errors == []
    finally:
        player.close()


def test_register_sign_out_and_sign_in_again(browser: Any, server: str, artifacts: Path) -> None:
    player = open_player(browser, server)
    page = player.page
    try:
        page.get_by_test_id("auth-tab-register").click()
        page.get_by_test_id("register-name").fill("Ines")
        page.get_by_test_id("register-password").fill("short")
        page.get_by_test_id("register-submit").click()
        error = page.get_by_test_id("auth-error")
        error.wait_for(state="visible")
        assert "8" in error.inner_text()  # the translated password rule, not a raw code
        page.get_by_test_id("register-password").fill("una-clave-larga")
        page.get_by_test_id("register-submit").click()
        page.get_by_test_id("play-computer").wait_for()
        chip = page.get_by_test_id("user-name")
        chip.wait_for()
        assert chip.locator("span").first.inner_text() == "Ines"
        assert "invitado" not in chip.inner_text()  # a registered player, not a guest
        shot(page, artifacts, "lobby-signed-in")

        page.get_by_test_id("logout").click()
        page.get_by_test_id("auth-tab-login").click()
        page.get_by_test_id("login-name").fill("Ines")
        page.get_by_test_id("login-password").fill("not-the-password")
        page.get_by_test_id("login-submit").click()
        page.get_by_test_id("auth-error").get_by_text("Nombre o contraseña incorrectos.").wait_for()
        page.get_by_test_id("login-password").fill("una-clave-larga")
        page.get_by_test_id("login-submit").click()
        page.get_by_test_id("play-computer").wait_for()
        assert page.get_by_test_id("user-name").locator("span").first.inner_text() == "Ines"
        page.get_by_test_id("user-rating").wait_for()

        page.get_by_test_id("nav-leaderboard").click()
        page.get_by_test_id("leaderboard").locator("p, table").first.wait_for()
        shot(page, artifacts, "leaderboard")
        page.get_by_test_id("nav-history").click()
        page.get_by_test_id("history-empty").wait_for()
        assert player.errors == []
    finally:
        player.close()


def test_a_refused_sign_in_takes_the_focus_to_its_error_and_keeps_what_was_typed(
    browser: Any, server: str
) -> None:
    player = open_player(browser, server)
    page = player.page
    focused = "() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName"
    try:
        page.get_by_test_id("auth-tab-register").click()
        page.get_by_test_id("register-name").fill("ab")
        page.get_by_test_id("register-password").fill("una-clave-larga")
        page.get_by_test_id("register-submit").click()
        error = page.get_by_test_id("auth-error")
        error.wait_for(state="visible")
        page.wait_for_function(f"() => ({focused})() === 'auth-error'")
        assert error.inner_text() == catalogue("es")["error.invalid_name"]
        assert page.get_by_test_id("register-name").input_value() == "ab"
        assert page.get_by_test_id("register-password").input_value() == "una-clave-larga"

        # the same refusal twice: the second one takes the focus again
        page.get_by_test_id("auth-tab-login").click()
        for attempt in ("not-the-password", "still-not-it"):
            page.get_by_test_id("login-name").fill("Nadie")
            page.get_by_test_id("login-password").fill(attempt)
            page.get_by_test_id("login-password").press("Enter")
            page.wait_for_function(f"() => ({focused})() === 'auth-error'")
            assert error.inner_text() == catalogue("es")["error.login_failed"]
            assert page.get_by_test_id("login-name").input_value() == "Nadie"
        # Shift+Tab goes back to the form
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(focused) == "login-submit"
        assert player.errors == []
    finally:
        player.close()


def _rest(base: str, path: str, body: dict[str, str] | None = None, token: str = "") -> Any:
    """A REST call to the real server: its decoded JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}/api{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


async def _store_rated_match(db: Path, users: list[str], first: str) -> None:
    """A finished rated match of four registered players, won by `first`'s team: what the
    server stores when a rated table's match ends."""
    result = replay_record(PLANTED_BLUNDER).result
    assert result is not None
    score = (result.score_after[0], result.score_after[1])
    winner = 0 if score[0] > score[1] else 1
    seats = [""] * 4
    seats[winner] = first  # seats 0 and 2 are team 0, seats 1 and 3 team 1
    rest = [u for u in users if u != first]
    for seat in range(4):
        if not seats[seat]:
            seats[seat] = rest.pop()
    match = FinishedMatch(
        match_id="m-e2e-rated",
        table_id=TableId("t-e2e-rated"),
        rules=Rules.exact(3).to_dict(),
        started_at=1_800_000_000.0,
        finished_at=1_800_000_100.0,
        score=score,
        winner=winner,
        players=tuple(
            MatchPlayer(seat, UserId(seats[seat]), f"P{seat}", False) for seat in range(4)
        ),
        hands=[PLANTED_BLUNDER],
        rated=True,
    )
    engine = make_engine(f"sqlite+aiosqlite:///{db}")
    try:
        factory = async_sessionmaker(engine, expire_on_commit=False)
        assert await History(factory, Ratings(factory)).record(match)
    finally:
        await engine.dispose()


def test_the_header_shows_the_new_rating_after_a_rated_match_without_a_reload(
    browser: Any, own_server: RunningServer
) -> None:
    assert own_server.db is not None
    base = own_server.url
    users = [
        _rest(base, "/register", {"name": name, "password": "una-clave-larga"})["user"]["id"]
        for name in ("Rita", "Saul", "Tere", "Ugo")
    ]
    player = open_player(browser, base)
    page = player.page
    try:
        page.get_by_test_id("auth-tab-login").click()
        page.get_by_test_id("login-name").fill("Rita")
        page.get_by_test_id("login-password").fill("una-clave-larga")
        page.get_by_test_id("login-submit").click()
        rating = page.get_by_test_id("user-rating")
        rating.wait_for()
        assert rating.inner_text() == "0"
        # the match ends while the page is open (as at the table)
        with ThreadPoolExecutor(1) as worker:
            worker.submit(asyncio.run, _store_rated_match(own_server.db, users, users[0])).result()
        token = _rest(base, "/login", {"name": "Rita", "password": "una-clave-larga"})["token"]
        now = _rest(base, "/me", token=token)["rating"]
        assert now["matches"] == 1 and now["wins"] == 1
        shown = str(round(now["rating"]))
        assert shown != "0"
        # the next screen, and the lobby after it, show it
        page.get_by_test_id("nav-leaderboard").click()
        page.get_by_test_id(f"board-row-{users[0]}").wait_for()
        page.wait_for_function(
            "shown => document.querySelector('[data-testid=user-rating]')?.textContent === shown",
            arg=shown,
        )
        page.get_by_test_id("nav-lobby").click()
        page.get_by_test_id("play-computer").wait_for()
        assert rating.inner_text() == shown
        assert player.errors == []
    finally:
        player.close()


def test_a_watcher_picks_a_seat_and_computer_players_fill_the_rest(
    browser: Any, server: str, artifacts: Path
) -> None:
    host = open_player(browser, server)
    other = open_player(browser, server, viewport={"width": 900, "height": 760})
    try:
        sign_in_as_guest(host.page, "Iker")
        host.page.get_by_test_id("create-rules").select_option("hands11")
        host.page.get_by_test_id("create-table").click()
        host.page.get_by_test_id("waiting").wait_for()

        table_id = host.page.url.rsplit("/", 1)[1]

        # the other player finds the open table in the lobby, watches, and sits as an opponent
        sign_in_as_guest(other.page, "Julia")
        other.page.get_by_test_id(f"watch-{table_id}").click()
        other.page.get_by_test_id("sit-1").click()
        other.page.get_by_test_id("add-bot-2").wait_for()  # seated now: may add computers
        assert other.page.get_by_test_id("table").get_attribute("data-seat") == "1"
        shot(other.page, artifacts, "waiting-room-seated")

        host.page.get_by_test_id("add-bot-2").click()
        host.page.get_by_test_id("add-bot-3").click()
        for p in (host.page, other.page):
            p.locator(".hand .card").first.wait_for(timeout=20_000)
        # opponents: each sees the other on a side, not opposite
        assert "Julia" in host.page.get_by_test_id("seat-right").inner_text()
        assert "Iker" in other.page.get_by_test_id("seat-left").inner_text()
        assert host.errors == [] and other.errors == []
    finally:
        host.close()
        other.close()


def test_a_guest_turns_into_a_registered_player(browser: Any, server: str) -> None:
    player = open_player(browser, server)
    page = player.page
    try:
        sign_in_as_guest(page, "Kai")
        assert "invitado" in page.get_by_test_id("user-name").inner_text()
        form = page.get_by_test_id("upgrade-form")
        assert form.get_by_test_id("upgrade-name").input_value() == "Kai"
        form.get_by_test_id("upgrade-password").fill("kai-password-1")
        form.get_by_test_id("upgrade-submit").click()
        page.get_by_test_id("upgrade-form").wait_for(state="detached")
        chip = page.get_by_test_id("user-name")
        assert chip.locator("span").first.inner_text() == "Kai"
        assert "invitado" not in chip.inner_text()
        assert player.errors == []
    finally:
        player.close()


def test_the_table_fits_a_laptop_screen_and_the_page_never_scrolls(
    browser: Any, server: str, artifacts: Path
) -> None:
    # 1366x768, the commonest laptop screen: the score bar, the felt, the controls and the
    # whole hand in the window, and nothing (a card taking the focus, the bid or cante
    # buttons coming) scrolls the page under the header
    player = open_player(browser, server, viewport={"width": 1366, "height": 768})
    page = player.page
    try:
        sign_in_as_guest(page, "Inés")
        start_vs_computer(page, rules="exact11")
        page.evaluate(
            """() => { window.__maxScroll = 0;
                       addEventListener('scroll', () => {
                           window.__maxScroll = Math.max(window.__maxScroll, scrollY); }); }"""
        )
        header = page.locator(".site-header")
        score = page.get_by_test_id("match-score")
        played = 0
        rounds = 0
        while played < 4:
            rounds += 1
            assert rounds < 400, f"only {played} cards played"
            if page.locator(".hand .card[data-legal=true]").count():
                # the arrows move the focus along the hand (a focused card may not scroll)
                page.keyboard.press("ArrowRight")
                page.keyboard.press("ArrowLeft")
            action = act_once(page)
            if action and len(action) == 2:  # a card code
                played += 1
            page.wait_for_timeout(120)
            height = page.evaluate("document.documentElement.scrollHeight")
            assert height <= 768, f"the page is {height}px tall after {action}"
            assert page.evaluate("scrollY") == 0
            bar = score.bounding_box()
            assert bar and bar["y"] >= header.bounding_box()["height"]  # not under the header
            for box in page.locator(".hand .card").evaluate_all(
                "els => els.map((e) => e.getBoundingClientRect().bottom)"
            ):
                assert box <= 768, "a card of the hand is cut off at the bottom"
        shot(page, artifacts, "laptop-table")
        assert page.evaluate("window.__maxScroll") == 0
        assert player.errors == []
    finally:
        player.close()


def test_the_focus_goes_to_the_lobby_after_signing_in_and_to_the_table_on_opening_it(
    browser: Any, server: str
) -> None:
    player = open_player(browser, server)
    page = player.page
    active = (
        "() => { const a = document.activeElement;"
        " return a && a !== document.body ? (a.id || a.dataset.testid || a.className) : 'body'; }"
    )
    try:
        page.get_by_test_id("guest-name").fill("Olga")
        page.get_by_test_id("guest-submit").click()
        page.get_by_test_id("play-computer").wait_for()
        page.wait_for_function(f"() => ({active})() === 'play-title'")
        # Tab goes on inside the ways to play, not from the header
        page.keyboard.press("Tab")
        assert page.evaluate("Boolean(document.activeElement.closest('main'))")
        page.get_by_test_id("play-computer").click()
        page.get_by_test_id("table").wait_for()
        page.locator(".hand .card").first.wait_for()
        page.wait_for_timeout(200)
        assert page.evaluate("Boolean(document.activeElement.closest('.hand, .table-screen'))"), (
            page.evaluate(active)
        )
        assert player.errors == []
    finally:
        player.close()


def test_on_a_phone_the_other_seats_names_are_whole_in_every_language(
    browser: Any, server: str
) -> None:
    # a third of a phone's width each: "Rival izq." was cut to "Rival i…", and "Left opponent",
    # "Adversário esq." and "Sol rakip" lost the word that tells the two opponents apart
    cut = """() => [...document.querySelectorAll('.seat-name')]
        .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        .map(e => e.textContent)"""
    for lang in LANGS:
        player = open_player(browser, server, viewport={"width": 360, "height": 740}, lang=lang)
        page = player.page
        try:
            sign_in_as_guest(page, f"Eva {lang}")
            start_vs_computer(page)
            page.wait_for_function("() => document.querySelectorAll('.seat-name').length === 4")
            assert page.evaluate(cut) == [], lang
            assert player.errors == []
        finally:
            player.close()


def test_a_landscape_phone_keeps_the_hint_by_the_hand_and_thai_sign_out_on_one_line(
    browser: Any, server: str, artifacts: Path
) -> None:
    player = open_player(browser, server, viewport={"width": 844, "height": 390}, lang="th")
    page = player.page
    try:
        sign_in_as_guest(page, "Somchai")
        start_vs_computer(page)
        play_until(page, lambda: visible(page, "hint-btn"))
        hint = page.get_by_test_id("hint-btn").bounding_box()
        felt = page.get_by_test_id("felt").bounding_box()
        hand = page.get_by_test_id("hand").bounding_box()
        assert hint and felt and hand
        # beside the felt, with the controls and the hand, and on the screen
        assert hint["x"] >= felt["x"] + felt["width"], (hint, felt)
        assert hint["y"] + hint["height"] <= 390
        assert hand["x"] <= hint["x"] <= hand["x"] + hand["width"]
        shot(page, artifacts, "landscape-hint")
    finally:
        player.close()
    # a 390px phone in Thai: "sign out" on one line
    player = open_player(browser, server, viewport={"width": 390, "height": 844}, lang="th")
    page = player.page
    try:
        sign_in_as_guest(page, "Somchai")
        logout = page.get_by_test_id("logout")
        height = logout.evaluate("(el) => el.getBoundingClientRect().height")
        line = logout.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight)")
        assert height < 1.5 * line + 16, f"sign out wraps ({height}px, line {line}px)"
        assert player.errors == []
    finally:
        player.close()


def test_the_log_still_says_which_moves_the_computer_made_after_a_reload(
    browser: Any, tmp_path: Path
) -> None:
    # Turns of 3 s (below what the lobby offers): the player never moves, so the computer
    # makes their moves for them, each a turn time after the last.
    running = RunningServer(tmp_path, "--min-turn-time", "1")
    player = open_player(browser, running.url)
    page = player.page
    marker = f"({catalogue('es')['log.auto']})"
    marked = "els => els.map(e => e.textContent).filter(t => t.includes(MARK))".replace(
        "MARK", repr(marker)
    )
    try:
        sign_in_as_guest(page, "Olga")
        page.eval_on_selector(
            "[data-testid=create-turn-time]", "s => s.add(new Option('3 s', '3'))"
        )
        page.get_by_test_id("create-turn-time").select_option("3")
        page.get_by_test_id("create-bot-partner").check()
        page.get_by_test_id("create-bot-opponents").check()
        page.get_by_test_id("create-table").click()
        page.get_by_test_id("table").wait_for()
        log = page.get_by_test_id("game-log")
        log.get_by_text(marker).first.wait_for(timeout=20_000)
        before = log.locator("li").evaluate_all(marked)
        page.reload()
        page.get_by_test_id("table").wait_for()
        log.locator("li").first.wait_for()
        # the snapshot's log, before the next turn of ours runs out
        after = log.locator("li").evaluate_all(marked)
        assert before and set(before) <= set(after), (before, after)
        assert player.errors == []
    finally:
        player.close()
        running.stop()


def test_leaving_a_match_in_play_asks_in_the_page_and_cancelling_keeps_the_seat(
    browser: Any, server: str
) -> None:
    player = open_player(browser, server)
    page = player.page
    native: list[str] = []

    def refuse(dialog: Any) -> None:
        native.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))

    def leaves() -> list[str]:
        return [f for f in sent if '"type":"leave"' in f.replace(" ", "")]

    try:
        sign_in_as_guest(page, "Iker")
        start_vs_computer(page, rules="exact11")
        page.locator(".hand .card").first.wait_for()
        seat = page.get_by_test_id("table").get_attribute("data-seat")
        confirm = page.get_by_test_id("leave-confirm")
        # the question in each language, and Escape (the focus is in the dialog) cancels
        for lang in (*LANGS[1:], "es"):
            page.get_by_test_id("lang-select").select_option(lang)
            words = catalogue(lang)
            page.get_by_test_id("leave-table").click()
            confirm.wait_for()
            assert confirm.evaluate("d => d.matches('dialog:modal')")
            assert confirm.evaluate("d => d.contains(document.activeElement)")
            assert confirm.locator("h2").inner_text() == words["table.leaveTitle"]
            assert words["table.leaveConfirm"] in confirm.inner_text()
            assert page.get_by_test_id("leave-confirm-ok").inner_text() == words["table.leave"]
            assert page.get_by_test_id("leave-confirm-close").inner_text() == words["common.cancel"]
            page.keyboard.press("Escape")
            confirm.wait_for(state="detached")
        # "Cancelar" keeps the seat too
        page.get_by_test_id("leave-table").click()
        page.get_by_test_id("leave-confirm-close").click()
        confirm.wait_for(state="detached")
        page.wait_for_timeout(300)
        assert page.get_by_test_id("table").get_attribute("data-seat") == seat
        assert leaves() == []
        # "Salir" gives the seat up and goes back to the lobby
        page.get_by_test_id("leave-table").click()
        page.get_by_test_id("leave-confirm-ok").click()
        page.get_by_test_id("play-computer").wait_for()
        assert len(leaves()) == 1
        assert native == []
        assert player.errors == []
    finally:
        player.close()


def _olga_and_pau_at_a_table(host: Any, guest: Any) -> tuple[str, str]:
    """Olga opens a private table in ``host``'s page, seated first, computer players as the
    opponents; Pau follows its invite link in ``guest`` and is seated as her partner. The
    table's id and Pau's seat."""
    sign_in_as_guest(host, "Olga")
    host.get_by_test_id("create-seat").select_option("0")
    host.get_by_test_id("create-bot-opponents").check()
    host.get_by_test_id("create-table").click()
    host.get_by_test_id("waiting").wait_for()
    table_id = host.url.rsplit("/", 1)[1]
    guest.goto(host.get_by_test_id("invite-link").input_value())
    guest.wait_for_selector("body[data-ready=true]")
    sign_in_as_guest_for_join(guest, "Pau")
    table = guest.get_by_test_id("table")
    table.wait_for()
    seat = table.get_attribute("data-seat")
    assert seat is not None
    return table_id, seat


def test_a_muted_person_still_shows_muted_after_a_reload(browser: Any, server: str) -> None:
    host = open_player(browser, server)
    guest = open_player(browser, server)
    page = host.page
    try:
        _, seat = _olga_and_pau_at_a_table(page, guest.page)
        pressed = "[data-testid=mute-{}][aria-pressed={}]"
        page.locator(pressed.format(seat, "false")).wait_for()
        page.get_by_test_id(f"mute-{seat}").click()
        page.locator(pressed.format(seat, "true")).wait_for()
        # the server keeps the mute: after a reload the control says so (from the `sync`)
        page.reload()
        page.get_by_test_id("table").wait_for()
        page.get_by_test_id(f"mute-{seat}").wait_for()
        assert page.get_by_test_id(f"mute-{seat}").get_attribute("aria-pressed") == "true"
        # and one click unmutes, as the control shows: Pau's next line is read again
        page.get_by_test_id(f"mute-{seat}").click()
        page.locator(pressed.format(seat, "false")).wait_for()
        guest.page.get_by_test_id("phrase-thanks").click()
        page.get_by_test_id("chat").get_by_text("¡Gracias!").wait_for()
        assert host.errors == [] and guest.errors == []
    finally:
        host.close()
        guest.close()


def test_a_mute_ends_when_another_person_takes_the_seat(browser: Any, server: str) -> None:
    host = open_player(browser, server)
    guest = open_player(browser, server)
    newcomer = open_player(browser, server)
    page = host.page
    try:
        # Olga waits at a private table of four people; Pau takes the first free seat
        sign_in_as_guest(page, "Olga")
        page.get_by_test_id("create-seat").select_option("0")
        page.get_by_test_id("create-table").click()
        page.get_by_test_id("waiting").wait_for()
        link = page.get_by_test_id("invite-link").input_value()
        guest.page.goto(link)
        guest.page.wait_for_selector("body[data-ready=true]")
        sign_in_as_guest_for_join(guest.page, "Pau")
        guest.page.get_by_test_id("table").wait_for()
        seat = guest.page.get_by_test_id("table").get_attribute("data-seat")
        pressed = "[data-testid=mute-{}][aria-pressed={}]"
        page.get_by_test_id(f"mute-{seat}").click()
        page.locator(pressed.format(seat, "true")).wait_for()
        # Pau leaves the waiting room and Quim takes the same seat: the mute was of Pau
        guest.page.get_by_test_id("leave-table").click()
        page.get_by_test_id(f"mute-{seat}").wait_for(state="detached")
        newcomer.page.goto(link)
        newcomer.page.wait_for_selector("body[data-ready=true]")
        sign_in_as_guest_for_join(newcomer.page, "Quim")
        newcomer.page.get_by_test_id("table").wait_for()
        assert newcomer.page.get_by_test_id("table").get_attribute("data-seat") == seat
        page.locator(pressed.format(seat, "false")).wait_for()
        newcomer.page.get_by_test_id("phrase-thanks").click()
        page.get_by_test_id("chat").get_by_text("¡Gracias!").wait_for()
        assert host.errors == [] and guest.errors == [] and newcomer.errors == []
    finally:
        host.close()
        guest.close()
        newcomer.close()


def test_a_mute_takes_the_shown_lines_out_of_every_tab_and_spectators_mute_at_once(
    browser: Any, server: str
) -> None:
    host = open_player(browser, server)
    guest = open_player(browser, server)
    watcher = open_player(browser, server)
    page = host.page
    try:
        table_id, seat = _olga_and_pau_at_a_table(page, guest.page)
        sign_in_as_guest(watcher.page, "Eve")
        watcher.page.get_by_test_id(f"watch-{table_id}").click()
        watcher.page.get_by_test_id("spectating").wait_for()
        # Olga follows the table in a second tab too (the same identity)
        second = host.context.new_page()
        second.goto(page.url)
        second.get_by_test_id("table").wait_for()
        tabs = (page, second)
        guest.page.get_by_test_id("phrase-thanks").click()
        watcher.page.get_by_test_id("phrase-hello").click()
        for tab in tabs:
            for said in ("¡Gracias!", "¡Hola!"):
                tab.get_by_test_id("chat").get_by_text(said).wait_for()
        pressed = "[data-testid={}][aria-pressed={}]"
        # Pau muted in the first tab: his line leaves both tabs at once, Eve's stays
        page.get_by_test_id(f"mute-{seat}").click()
        for tab in tabs:
            tab.locator(pressed.format(f"mute-{seat}", "true")).wait_for()
            tab.get_by_test_id("chat").get_by_text("¡Gracias!").wait_for(state="detached")
            assert tab.get_by_test_id("chat").get_by_text("¡Hola!").count() == 1
        # every spectator muted in the second tab: Eve's line leaves both
        second.get_by_test_id("mute-spectators").click()
        for tab in tabs:
            tab.locator(pressed.format("mute-spectators", "true")).wait_for()
            tab.get_by_test_id("chat").get_by_text("¡Hola!").wait_for(state="detached")
        # the server keeps it: after a reload the button still says so
        page.reload()
        page.locator(pressed.format("mute-spectators", "true")).wait_for()
        # unmuted: a spectator's next line is read in both tabs, the hidden one is not back
        page.get_by_test_id("mute-spectators").click()
        second.locator(pressed.format("mute-spectators", "false")).wait_for()
        watcher.page.get_by_test_id("phrase-good_luck").click()
        for tab in tabs:
            tab.get_by_test_id("chat").get_by_text("¡Suerte!").wait_for()
        assert second.get_by_test_id("chat").get_by_text("¡Hola!").count() == 0
        assert host.errors == [] and guest.errors == [] and watcher.errors == []
    finally:
        host.close()
        guest.close()
        watcher.close()

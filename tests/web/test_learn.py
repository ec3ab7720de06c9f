"""The tutorial (#/learn) and the rules page (#/rules, /rules) in a real browser against a
real server: every lesson completed with a wrong move first (refused with the rules core's
reason and the lesson's hint) and then the right one, the progress kept over a reload, the
rules page in three languages, the lesson and the list of lessons in the order seen (and the
focus kept as the screen turns), and the hint button at a table against the computer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cuatrola.ai.hints import REASONS
from cuatrola.core.hand import Phase
from cuatrola.server.tutorial.judge import judge, position_state
from cuatrola.server.tutorial.lessons import LESSONS, Step
from tests.web.conftest import RunningServer
from tests.web.helpers import (
    assert_turning_keeps_focus,
    catalogue,
    open_player,
    shot,
    sign_in_as_guest,
    start_vs_computer,
    tab_to,
    visible,
)

CARD = re.compile(r"^[A3RCS][OCEB]$")

# The table screen's texts of rule 4.1, which the tutorial shows too.
PLAY_REASONS = {
    "follow_suit": "why.mustFollow",
    "follow_suit_beat": "why.mustBeat",
    "must_trump": "why.mustTrump",
    "over_trump": "why.mustOvertrump",
}
SUIT_KEYS = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}


def expected_reason(step: Step, answer: str, words: dict[str, str]) -> str:
    """The reason the page must show for a wrong answer: the server's verdict, translated."""
    verdict = judge(step, answer)
    assert verdict.reason is not None
    text = words[PLAY_REASONS.get(verdict.reason, f"tutorial.reason.{verdict.reason}")]
    suit = words[f"suit.{SUIT_KEYS[verdict.suit]}"] if verdict.suit else ""
    return text.replace("{suit}", suit)


def answer(page: Any, step: Step, value: str) -> None:
    """Click a card of the hand, or an option button (bids, cantes, questions)."""
    cards = step.kind == "move" and position_state(step.position).phase is Phase.PLAY
    page.get_by_test_id(f"learn-card-{value}" if cards else f"learn-option-{value}").click()


def test_the_whole_tutorial_is_completed_with_wrong_and_right_moves(
    browser: Any, server: str, artifacts: Path
) -> None:
    words = catalogue("es")
    player = open_player(browser, server)
    try:
        page = player.page
        page.get_by_test_id("nav-learn").click()
        page.get_by_test_id("learn-title").wait_for()
        bids_of_the_player = 0
        for lesson in LESSONS:
            for n, step in enumerate(lesson.steps, start=1):
                key = f"tutorial.{lesson.id}.{n}"
                title = page.get_by_test_id("learn-title")
                assert title.inner_text() == words[f"tutorial.{lesson.id}.title"]
                assert page.get_by_test_id("learn-task").inner_text() == words[f"{key}.task"]
                state = position_state(step.position)
                if state.bidder is not None:
                    # the contract in words: "Tu Cuatrola" for the player's own, not "de Tú"
                    bid = words[f"bid.{state.contract.label}"]
                    said = page.get_by_test_id("learn-contract").inner_text()
                    if state.bidder == 0:
                        assert said == words["table.contractByYou"].replace("{contract}", bid)
                        bids_of_the_player += 1
                    else:
                        seat = words[f"tutorial.seat.{state.bidder}"]
                        by = words["table.contractBy"].replace("{contract}", bid)
                        assert said == by.replace("{seat}", seat)
                if state.phase is Phase.CANTE:
                    # the trick just won, which allows the cante, is on the felt
                    cards = page.get_by_test_id("learn-trick").locator("[role=img]")
                    assert cards.count() == len(state.tricks[-1].cards)
                # who sits out is the question: the board does not mark it before the answer
                marked = page.locator(".lb-seat.out")
                if step.kind == "sitting_out":
                    assert marked.count() == 0
                # a wrong move: refused, with the rules core's reason and the lesson's hint
                wrong = step.wrong[0]
                answer(page, step, wrong)
                feedback = page.locator("[data-testid=learn-feedback][data-result=wrong]")
                feedback.wait_for()
                reason = page.get_by_test_id("learn-reason").inner_text()
                assert reason == expected_reason(step, wrong, words), (lesson.id, n)
                assert page.get_by_test_id("learn-hint").inner_text() == words[f"{key}.hint"]
                if lesson.id == "follow":
                    shot(page, artifacts, "learn-wrong")
                # then the right one: accepted, with why it is right
                answer(page, step, sorted(step.right)[0])
                page.locator("[data-testid=learn-feedback][data-result=right]").wait_for()
                assert page.get_by_test_id("learn-why").inner_text() == words[f"{key}.why"]
                if step.kind == "sitting_out":
                    assert marked.count() == 1
                # "next" is pressed with the keyboard; the focus goes on to the new step
                expect(page.get_by_test_id("learn-next")).to_be_focused()
                page.keyboard.press("Enter")
                expect(page.locator("h2:focus")).to_have_count(1)
        page.get_by_test_id("learn-done").wait_for()
        assert bids_of_the_player > 0  # a lesson where the player's own contract is shown
        for lesson in LESSONS:
            done = page.get_by_test_id(f"learn-lesson-{lesson.id}").get_attribute("data-done")
            assert done == "true", lesson.id
        shot(page, artifacts, "learn-done")
        # the progress is kept in the browser
        page.reload()
        page.get_by_test_id("learn-done").wait_for()
        assert page.get_by_test_id("learn-lesson-exact11").get_attribute("data-done") == "true"
        # a lesson can be opened again
        page.get_by_test_id("learn-lesson-beat").click()
        assert page.get_by_test_id("learn-title").inner_text() == words["tutorial.beat.title"]
        assert player.errors == []
    finally:
        player.close()


def test_the_rules_page_shows_the_lesson_texts_in_the_players_language(
    browser: Any, server: str
) -> None:
    player = open_player(browser, server)
    try:
        page = player.page
        page.goto(server + "/rules")
        page.get_by_test_id("rules").wait_for()
        assert page.url.endswith("/#/rules")
        for lang in ("es", "en", "th"):
            if lang != "es":
                page.get_by_test_id("lang-select").select_option(lang)
            words = catalogue(lang)
            page.get_by_text(words["tutorial.rulesTitle"]).first.wait_for()
            for lesson in LESSONS:
                section = page.get_by_test_id(f"rules-section-{lesson.id}")
                assert section.locator("h2").inner_text() == words[f"tutorial.{lesson.id}.title"]
                assert section.locator("p").inner_text() == words[f"tutorial.{lesson.id}.text"]
        # the lobby links to the rules page and the tutorial
        page.goto(server + "/#/")
        page.get_by_test_id("lobby-rules").click()
        page.get_by_test_id("rules-section-follow").wait_for()
        page.get_by_test_id("rules-learn").click()
        page.get_by_test_id("learn-title").wait_for()
        assert player.errors == []
    finally:
        player.close()


# where a Tab stop is: in the lesson, in the list of lessons, or elsewhere (None)
TAB_STOP = """() => {
  const a = document.activeElement;
  return a?.closest('.learn-main') ? 'lesson' : a?.closest('.learn-list') ? 'lessons' : null;
}"""


def _box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] | None = page.locator(selector).bounding_box()
    assert found, selector
    return found


@pytest.mark.parametrize(
    "size", [{"width": 390, "height": 844}, {"width": 1280, "height": 860}], ids=["phone", "wide"]
)
def test_the_lesson_and_the_list_of_lessons_are_met_with_tab_in_the_order_seen(
    browser: Any, server: str, size: dict[str, int]
) -> None:
    # on a phone the CSS drew the lesson before the list of lessons, which the page (Tab, a
    # screen reader) kept first
    player = open_player(browser, server, viewport=size)
    try:
        page = player.page
        page.goto(f"{server}/#/learn")
        page.get_by_test_id("learn-title").wait_for()
        lesson, lessons = _box(page, ".learn-main"), _box(page, ".learn-list")
        if size["width"] <= 760:
            # one column: the lesson above the list
            assert lesson["y"] + lesson["height"] <= lessons["y"]
            seen = ["lesson", "lessons"]
        else:
            # the list a column on the lesson's left
            assert lessons["x"] + lessons["width"] <= lesson["x"]
            seen = ["lessons", "lesson"]
        # from the start of the screen, Tab goes through one and then the other
        page.locator("#app").focus()
        parts: list[str] = []
        for _ in range(60):
            page.keyboard.press("Tab")
            part = page.evaluate(TAB_STOP)
            if part is None:
                break
            if not parts or parts[-1] != part:
                parts.append(part)
        assert parts == seen
        assert player.errors == []
    finally:
        player.close()


def test_turning_the_screen_keeps_the_focus_in_the_list_of_lessons(
    browser: Any, server: str
) -> None:
    # across 760 px the list of lessons is built anew in its other place, and the focus in it
    # must go to the same lesson's button of the new copy
    wide, tall = {"width": 800, "height": 600}, {"width": 600, "height": 800}
    player = open_player(browser, server, viewport=wide)
    try:
        page = player.page
        page.goto(f"{server}/#/learn")
        page.get_by_test_id("learn-title").wait_for()
        button = f"learn-lesson-{LESSONS[1].id}"
        tab_to(page, button)
        assert_turning_keeps_focus(page, button, wide, tall)
        assert player.errors == []
    finally:
        player.close()


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A card room whose cante windows last 5 s: the shared server's 0.4 s window can close
    (and take the hint of a cante with it) before the page is read on a loaded machine."""
    running = RunningServer(tmp_path_factory.mktemp("hint-server"), "--cante-window", "5")
    try:
        yield running.url
    finally:
        running.stop()


def ask_for_a_hint(page: Any) -> None:
    """Click the hint button at our next decision, closing the summary of a hand that ended
    meanwhile (all four passed, say), which covers the table until it is closed."""
    page.get_by_test_id("hint-btn").wait_for()
    for _ in range(5):
        if visible(page, "hand-summary-close"):
            page.get_by_test_id("hand-summary-close").click()
        try:
            page.get_by_test_id("hint-btn").click(timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("the hint button could not be clicked")


def test_the_hint_button_shows_the_experts_move_at_a_table_against_the_computer(
    browser: Any, patient_server: str, artifacts: Path
) -> None:
    server = patient_server
    words = catalogue("es")
    reasons = {words[f"hint.{r}"] for r in REASONS}
    player = open_player(browser, server)
    try:
        page = player.page
        sign_in_as_guest(page, "Pista")
        start_vs_computer(page)
        for _ in range(3):
            ask_for_a_hint(page)
            hint = page.get_by_test_id("hint")
            hint.wait_for()
            action = hint.get_attribute("data-action")
            assert action is not None
            assert words[f"hint.{hint.get_attribute('data-reason')}"] in reasons
            assert hint.inner_text().endswith(words[f"hint.{hint.get_attribute('data-reason')}"])
            if CARD.match(action):
                card = page.get_by_test_id(f"card-{action}")
                assert card.get_attribute("data-hinted") == "true"
                assert card.get_attribute("data-legal") == "true"
                shot(page, artifacts, "table-hint")
                card.click()
            elif action.startswith("cante:"):
                page.get_by_test_id(f"cante-{action[6:]}").click()
            elif action == "nocante":
                page.get_by_test_id("no-cante").click()
            else:
                page.get_by_test_id(f"bid-{action}").click()
            # the hint was for that decision only: it goes once the game moves on
            hint.wait_for(state="detached")
        # the table links to the rules page
        assert page.get_by_test_id("rules-link").get_attribute("href") == "/rules"
        assert player.errors == []
    finally:
        player.close()

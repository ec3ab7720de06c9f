"""What a player does in the browser, as small functions the end-to-end tests share."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FAST = "localStorage.setItem('cuatrola.speed', 'fast');"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
CATALOGUES = Path(__file__).resolve().parents[2] / "web" / "public" / "i18n"
LANGS = ("es", "en", "pt", "tr", "th")


def catalogue(lang: str) -> dict[str, str]:
    """The web client's catalogue of one language (web/public/i18n/<lang>.json)."""
    data: dict[str, str] = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def computer_name(lang: str, level: str) -> str:
    """A computer player's name as the client shows it in `lang`."""
    words = catalogue(lang)
    return words["player.computer"].replace("{level}", words[f"level.{level}"])


@dataclass
class Player:
    """One browser context and page, with the page errors it collected."""

    context: Any
    page: Any
    errors: list[str] = field(default_factory=list)

    def close(self) -> None:
        """Close the context; called from a test's `finally`, so when the test is failing
        (an exception is on its way out) first save what the page shows."""
        failing = sys.exc_info()[1]
        if failing is not None:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            name = f"FAILED-{int(time.time() * 1000) % 10**8}.png"
            # a crashed page cannot be shown; the test's own error says why it failed
            with contextlib.suppress(Exception):
                self.page.screenshot(path=str(ARTIFACTS / name))
            self.errors.append(f"page shown in {name} when the test failed: {failing!r}")
        self.context.close()


def open_player(
    browser: Any,
    base: str,
    *,
    viewport: dict[str, int] | None = None,
    fast: bool = True,
    lang: str | None = None,
    locale: str = "es-ES",
    bypass_csp: bool = False,
) -> Player:
    """A fresh browser context (its own storage, so its own identity) on the lobby.

    `locale` is the browser's language (the first visit follows it); `lang` stores a choice;
    `bypass_csp` lets a test inject a script tag of its own (the accessibility checker).
    """
    context = browser.new_context(
        viewport=viewport or {"width": 1280, "height": 860},
        locale=locale,
        bypass_csp=bypass_csp,
    )
    script = FAST if fast else ""
    if lang:
        script += f"localStorage.setItem('cuatrola.lang', '{lang}');"
    if script:
        # only on the first load: later reloads keep what the page itself stored
        context.add_init_script(
            "if (!sessionStorage.getItem('e2e-init')) {"
            f"{script} sessionStorage.setItem('e2e-init', '1'); }}"
        )
    page = context.new_page()
    page.set_default_timeout(15_000)
    player = Player(context, page)
    page.on("pageerror", lambda exc: player.errors.append(str(exc)))
    # The server's Content-Security-Policy allows no inline script or style: the browser
    # reports each thing it blocks on the console, and a test that checks errors sees it.
    page.on("console", lambda message: _csp_violation(player, message))
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    return player


def _csp_violation(player: Player, message: Any) -> None:
    if message.type == "error" and "Content Security Policy" in message.text:
        player.errors.append(f"CSP violation: {message.text}")


def sign_in_as_guest(page: Any, name: str) -> None:
    """Fill in a guest nickname and wait for the lobby's play panel."""
    page.get_by_test_id("guest-name").fill(name)
    page.get_by_test_id("guest-submit").click()
    page.get_by_test_id("play-computer").wait_for()
    page.get_by_test_id("user-name").wait_for()


def start_vs_computer(page: Any, rules: str = "exact3", level: str = "easy") -> None:
    """Start a match against three computer players and wait for the table."""
    page.get_by_test_id("computer-rules").select_option(rules)
    page.get_by_test_id("computer-level").select_option(level)
    page.get_by_test_id("play-computer").click()
    page.get_by_test_id("table").wait_for()


def visible(page: Any, test_id: str) -> bool:
    locator = page.get_by_test_id(test_id)
    return bool(locator.count() and locator.first.is_visible())


def act_once(page: Any, *, bid: str = "pass") -> str | None:
    """Make one decision if it is ours: returns what was done, or None."""
    if visible(page, "hand-summary-close"):
        page.get_by_test_id("hand-summary-close").click()
        return "summary"
    if visible(page, "match-end"):
        return None
    if visible(page, f"bid-{bid}"):
        page.get_by_test_id(f"bid-{bid}").click(timeout=3000)
        return bid
    if visible(page, "bid-pass"):
        page.get_by_test_id("bid-pass").click(timeout=3000)
        return "pass"
    cantes = page.locator("[data-testid^=cante-]")
    if cantes.count():
        cantes.first.click(timeout=3000)
        return "cante"
    if visible(page, "no-cante"):
        page.get_by_test_id("no-cante").click(timeout=3000)
        return "nocante"
    legal = page.locator(".hand .card[data-legal=true]")
    if legal.count():
        code: str | None = legal.first.get_attribute("data-card")
        legal.first.click(timeout=3000)
        return code
    return None


def play_until(page: Any, done: Any, *, timeout: float = 120.0, bid: str = "pass") -> list[str]:
    """Keep playing our seat until `done()` is true; returns the decisions made."""
    made: list[str] = []
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; decisions so far: {made}")
        try:
            action = act_once(page, bid=bid)
        except Exception as exc:  # the table moved under the click: look again
            if "Timeout" not in type(exc).__name__:
                raise
            action = None
        if action:
            made.append(action)
            page.wait_for_timeout(60)
        else:
            page.wait_for_timeout(80)
    return made


def shot(page: Any, artifacts: Path, name: str) -> Path:
    """Save a screenshot of the page in the artifacts directory."""
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path), animations="disabled")
    return path


def tab_to(page: Any, test_id: str, *, limit: int = 80) -> None:
    """Press Tab until the element with `test_id` has the focus, as a keyboard user would."""
    for _ in range(limit):
        if page.evaluate("document.activeElement?.dataset?.testid ?? null") == test_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{test_id!r} cannot be reached with Tab")


# two frames and a task: a new size's media queries answered, and what they change drawn
SETTLED = (
    "() => new Promise((r) =>"
    " requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))))"
)


def resize(page: Any, size: dict[str, int]) -> None:
    """Give the window `size` (a phone turned, say) and wait until the page has drawn it."""
    page.set_viewport_size(size)
    # the media queries are answered at the next frame, the screen drawn again after it
    page.wait_for_function("(width) => innerWidth === width", arg=size["width"])
    page.evaluate(SETTLED)


def assert_turning_keeps_focus(
    page: Any, test_id: str, wide: dict[str, int], tall: dict[str, int]
) -> None:
    """Turn the window from ``wide`` to ``tall`` and back, twice: the element ``test_id``,
    which has the focus, keeps it each time (a part of the page built anew in its other
    place must hand the focus on to its new copy)."""
    for size in (tall, wide, tall, wide):
        resize(page, size)
        focused = page.evaluate("document.activeElement?.dataset?.testid ?? null")
        assert focused == test_id, (size, focused)


# a finger's least target (WCAG 2.5.5, Apple's and Google's guides): 44 CSS px square
TOUCH = 44


def small_targets(page: Any, selector: str, minimum: float = TOUCH) -> list[str]:
    """The visible elements matching ``selector`` narrower or lower than ``minimum`` CSS px,
    each as ``"<test id> <width>x<height>"`` (none: an empty list)."""
    found: list[str] = page.evaluate(
        """([selector, minimum]) => [...document.querySelectorAll(selector)]
          .map((el) => [el, el.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && r.height > 0)
          .filter(([, r]) => r.width < minimum - 0.5 || r.height < minimum - 0.5)
          .map(([el, r]) => `${el.dataset.testid ?? el.className} `
                          + `${Math.round(r.width)}x${Math.round(r.height)}`)""",
        [selector, minimum],
    )
    return found


def cut_text(page: Any, selector: str) -> list[str]:
    """The visible elements matching ``selector`` whose text does not fit their box (cut or
    ended in an ellipsis), each as ``"<test id>: <text>"``."""
    found: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
          .filter((el) => el.getClientRects().length)
          .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
          .map((el) => `${el.dataset.testid ?? el.className}: ${el.textContent}`)""",
        selector,
    )
    return found

"""The table screen driven by scripted protocol messages, in the browser.

A live game deals at random, so some moments (a cante, a dead hand, an over-trump, a clock at
another seat) may not come up in the end-to-end matches. Here the real, built client runs
against a real server for its REST calls, but its websocket is a stand-in (installed before
the page's scripts run) that answers `hello` and acknowledges commands, records what the
client sends, and delivers hand-written `sync` and `event` frames shaped as
docs/protocol.md describes.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import ARTIFACTS, LANGS, catalogue, cut_text, shot, small_targets

FAKE_SOCKET = """(() => {
  const sent = [];
  const replies = {};
  let socket = null;
  class FakeSocket {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      socket = this;
      setTimeout(() => { this.readyState = 1; this.onopen && this.onopen({}); }, 0);
    }
    send(data) {
      const m = JSON.parse(data);
      sent.push(m);
      if (m.type === 'hello') {
        this.deliver({ type: 'welcome', user: { id: 'u0', name: 'Ana', guest: true },
                       protocol: 1, tables: [] });
      } else if (m.id) {
        const reply = replies[m.type];
        const out = reply ? reply(m) : { type: 'ack', id: m.id };
        if (out) setTimeout(() => this.deliver(out), 0);
      }
    }
    deliver(m) {
      if (this.readyState === 1 && this.onmessage) this.onmessage({ data: JSON.stringify(m) });
    }
    close() {
      this.readyState = 3;
      if (this.onclose) this.onclose({});
    }
  }
  FakeSocket.CONNECTING = 0; FakeSocket.OPEN = 1; FakeSocket.CLOSING = 2; FakeSocket.CLOSED = 3;
  window.WebSocket = FakeSocket;
  window.__ws = {
    sent, replies,
    push(m) { socket.deliver(m); },
    acts() { return sent.filter((m) => m.type !== 'hello' && m.type !== 'ping'
                                     && m.type !== 'subscribe' && m.type !== 'lobby'
                                     && m.type !== 'unsubscribe'); },
  };
  // count the sounds the page makes (Web Audio oscillators started)
  window.__sounds = 0;
  const Ctx = window.AudioContext;
  if (Ctx) {
    const create = Ctx.prototype.createOscillator;
    Ctx.prototype.createOscillator = function () {
      window.__sounds += 1;
      return create.call(this);
    };
  }
})();"""

SEATS = [
    {"seat": 0, "name": "Ana", "user": "u0", "bot": False, "away": False, "online": True},
    {
        "seat": 1,
        "name": "Computer",
        "user": None,
        "bot": True,
        "away": False,
        "online": False,
        "bot_level": "hard",
    },
    {"seat": 2, "name": "Luis", "user": "u2", "bot": False, "away": False, "online": True},
    {
        "seat": 3,
        "name": "Computer",
        "user": None,
        "bot": True,
        "away": False,
        "online": False,
        "bot_level": "hard",
    },
]
OPTIONS: dict[str, Any] = {
    "rules": "exact11",
    "quintola": True,
    "turn_time": 30.0,
    "bot_level": "medium",
    "public": True,
}
INFO = {
    "id": "t-1",
    "code": "K7Q2MX",
    "kind": "private",
    "options": OPTIONS,
    "status": "playing",
    "seats": SEATS,
    "score": [4, 7],
    "hands_played": 5,
    "match": 1,
    "spectators": 0,
    "rematch": [],
}
TRICK_0 = {"leader": 1, "seats": [1, 2, 3, 0], "cards": ["3E", "AE", "SE", "CE"], "winner": 2}
SUMMARY = {
    "contract": "cuatrola",
    "bidder": 1,
    "points": [30, 90],
    "card_points": [30, 60],
    "last_trick": 1,
    "cante_points": [0, 20],
    "tricks": [1, 4],
    "trick_winners": [2, 1, 1, 1, 1],
    "cantes": [{"trick": 1, "seat": 1, "suit": "C", "points": 20}],
    "winner": 1,
    "game_points": 4,
    "score_before": [4, 7],
    "score_after": [4, 11],
    "sitting_out": 3,
    "dead_hand": ["AO", "3O", "SC", "RE", "CB"],
}


def view(**changes: Any) -> dict[str, Any]:
    """A seat-0 HANDVIEW in the middle of a plain hand, oros trump, with `changes` applied."""
    base: dict[str, Any] = {
        "phase": "play",
        "dealer": 0,
        "mano": 1,
        "score_before": [4, 7],
        "to_move": 0,
        "trump": "O",
        "shown_card": "RO",
        "trump_held": True,
        "bids": ["pass", "pass", "pass", "pass"],
        "contract": "pass",
        "bidder": None,
        "sitting_out": None,
        "leader": 2,
        "trick": [],
        "tricks": [TRICK_0],
        "cantes": [],
        "card_counts": [4, 4, 4, 4],
        "tricks_won": [1, 0],
        "card_points": [24, 0],
        "summary": None,
        "seat": 0,
        "hand": ["RO", "SO", "CC", "AB"],
        "legal": [],
        "illegal": [],
    }
    base.update(changes)
    return base


class Screen:
    """The table screen of the built client in one page, with a scripted socket."""

    def __init__(self, page: Any, errors: list[str]) -> None:
        self.page = page
        self.errors = errors
        self.seq = 52

    def sync(
        self,
        hand_view: dict[str, Any] | None,
        seat: int | None = 0,
        clock: dict[str, int] | None = None,
        **info: Any,
    ) -> None:
        message = {
            "type": "sync",
            "table": "t-1",
            "seq": self.seq,
            "info": {**INFO, **info},
            "seat": seat,
            "view": hand_view,
            "chat": [],
            "timer": None,
            "clock": clock,
        }
        self.push(message)
        self.by("table").wait_for()

    def event(self, body: dict[str, Any], clock: dict[str, int] | None = None) -> None:
        self.seq += 1
        self.push({"type": "event", "table": "t-1", "seq": self.seq, "body": body, "clock": clock})

    def push(self, message: dict[str, Any]) -> None:
        self.page.evaluate("(m) => window.__ws.push(m)", message)

    def sent(self) -> list[dict[str, Any]]:
        """The commands the screen sent (without their ids)."""
        result: list[dict[str, Any]] = self.page.evaluate("window.__ws.acts()")
        return [{k: v for k, v in m.items() if k != "id"} for m in result]

    def by(self, test_id: str) -> Any:
        return self.page.get_by_test_id(test_id)


def _modal(dialog: Any) -> bool:
    """Whether `dialog` is a modal dialog: a <dialog> shown with showModal(), so the rest of the
    page is inert, and said to be modal."""
    return bool(dialog.evaluate("(d) => d.matches('dialog:modal') && d.ariaModal === 'true'"))


def _guest_token(server: str) -> str:
    request = urllib.request.Request(
        f"{server}/api/guest",
        data=json.dumps({"name": "Ana"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        token: str = json.loads(response.read())["token"]
        return token


@pytest.fixture(scope="module")
def token(server: str) -> str:
    return _guest_token(server)


def open_screen(
    browser: Any,
    server: str,
    token: str,
    viewport: dict[str, int] | None = None,
    *,
    bypass_csp: bool = False,
) -> tuple[Any, Screen]:
    """The table screen with a scripted socket; `bypass_csp` lets a test inject a script tag
    of its own (the accessibility checker)."""
    context = browser.new_context(
        viewport=viewport or {"width": 1280, "height": 860}, bypass_csp=bypass_csp
    )
    context.add_init_script(FAKE_SOCKET)
    context.add_init_script(
        "if (!sessionStorage.getItem('scripted')) {"
        f"localStorage.setItem('cuatrola.token', {json.dumps(token)});"
        "localStorage.setItem('cuatrola.lang', 'es');"
        "localStorage.setItem('cuatrola.speed', 'fast');"
        "sessionStorage.setItem('scripted', '1'); }"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/#/t/t-1")
    page.wait_for_function(
        "() => window.__ws && window.__ws.sent.some((m) => m.type === 'subscribe')"
    )
    return context, Screen(page, errors)


@pytest.fixture
def screen(browser: Any, server: str, token: str) -> Iterator[Screen]:
    context, scripted = open_screen(browser, server, token)
    try:
        yield scripted
        assert scripted.errors == []
    except BaseException:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        scripted.page.screenshot(path=str(ARTIFACTS / "FAILED-scripted.png"))
        raise
    finally:
        context.close()


def test_an_illegal_card_is_explained_with_the_servers_reason(
    screen: Screen, artifacts: Path
) -> None:
    # copas led, a trump (the caballo de oros) already on it; we hold no copas:
    # only the rey de oros beats the caballo; the server says why the others may not go
    screen.sync(
        view(
            trick=[[2, "AC"], [3, "CO"]],
            legal=["RO"],
            illegal=[
                {"card": "SO", "reason": "over_trump", "suit": "O"},
                {"card": "CC", "reason": "over_trump", "suit": "O"},
                {"card": "AB", "reason": "over_trump", "suit": "O"},
            ],
        )
    )
    assert screen.by("card-RO").get_attribute("data-legal") == "true"
    assert screen.by("card-SO").get_attribute("data-legal") == "false"
    screen.by("card-SO").click()
    assert "más alto" in screen.by("table-message").inner_text()
    assert "oros" in screen.by("table-message").inner_text()
    assert screen.sent() == []
    shot(screen.page, artifacts, "scripted-overtrump")
    screen.by("card-RO").click()
    assert screen.sent() == [{"type": "act", "table": "t-1", "action": "RO", "seq": 52}]


def test_a_clicked_card_reaches_the_trick_within_one_animation_frame(screen: Screen) -> None:
    screen.sync(view(trick=[[2, "AC"], [3, "CO"]], legal=["RO", "SO"]))
    # hold the server's answer back: what the screen shows comes from the click alone
    screen.page.evaluate("() => { window.__ws.replies.act = () => null; }")
    on_table = screen.page.evaluate(
        """(code) => new Promise((resolve) => {
            const card = document.querySelector(`[data-testid=card-${code}]`);
            card.addEventListener('click', () => requestAnimationFrame(() => resolve({
                trick: Boolean(document.querySelector(`[data-testid=trick-card-${code}]`)),
                hand: Boolean(document.querySelector(`[data-testid=card-${code}]`)),
            })));
            card.click();
        })""",
        "RO",
    )
    assert on_table == {"trick": True, "hand": False}
    # the server's event confirms it: the same card stays, now from the view
    screen.event(
        {
            "kind": "act",
            "seat": 0,
            "action": "RO",
            "auto": False,
            "view": view(
                trick=[[2, "AC"], [3, "CO"], [0, "RO"]],
                hand=["SO", "CC", "AB"],
                to_move=1,
                card_counts=[3, 4, 3, 3],
            ),
        }
    )
    card = screen.by("trick-card-RO")
    card.wait_for()
    assert card.get_attribute("data-pending") is None
    assert screen.page.locator(".trick .trick-card").count() == 3


def test_a_refused_card_goes_back_with_the_reason(screen: Screen) -> None:
    screen.sync(view(legal=["RO", "SO", "CC", "AB"], to_move=0))
    screen.page.evaluate(
        "() => { window.__ws.replies.act = (m) => ({type: 'error', id: m.id, code: 'stale',"
        " message: 'the table moved on'}); }"
    )
    screen.by("card-CC").click()
    screen.by("table-message").wait_for()
    assert screen.by("card-CC").is_visible()
    assert screen.by("trick-card-CC").count() == 0
    assert screen.by("table-message").get_attribute("role") == "alert"


def test_only_the_legal_bids_are_offered_and_keys_bid(screen: Screen) -> None:
    screen.sync(
        view(
            phase="bidding",
            bids=["pass", "pass", "pass"],
            tricks=[],
            trick=[],
            hand=["RO", "SO", "CC", "AB", "3E"],
            card_counts=[5, 5, 5, 5],
            legal=["pass", "solo"],
        )
    )
    assert screen.by("bid-pass").is_visible() and screen.by("bid-solo").is_visible()
    assert screen.by("bid-cuatrola").count() == 0 and screen.by("bid-quintola").count() == 0
    assert "solo" in (screen.by("bid-solo").get_attribute("title") or "").lower()
    screen.page.keyboard.press("q")  # not a legal bid: nothing is sent
    screen.page.keyboard.press("s")
    assert [m["action"] for m in screen.sent()] == ["solo"]
    # the bid is shown at once: the buttons go while it is on its way
    screen.by("bid-solo").wait_for(state="detached")


def test_bids_and_a_computer_players_cante_are_announced_at_the_seat_and_logged(
    screen: Screen, artifacts: Path
) -> None:
    bidding = view(
        phase="bidding",
        bids=[],
        tricks=[],
        trick=[],
        hand=["RO", "SO", "CC", "AB", "3E"],
        card_counts=[5, 5, 5, 5],
        to_move=1,
        tricks_won=[0, 0],
        card_points=[0, 0],
    )
    screen.sync(bidding)
    screen.event(
        {
            "kind": "act",
            "seat": 1,
            "action": "solo",
            "auto": False,
            "view": {**bidding, "bids": ["solo"], "to_move": 2},
        }
    )
    assert screen.by("bid-bubble-right").inner_text() == "Solo"
    log = screen.by("game-log")
    # a list read out as it grows (role="log" would take away its lines' list semantics)
    assert log.evaluate("(l) => l.tagName") == "OL" and log.get_attribute("role") is None
    assert log.get_attribute("aria-live") == "polite"
    assert "Rival der.: Solo" in log.inner_text()

    # later: the computer player at our right wins a trick and sings 40 in oros (trump)
    won = {"leader": 0, "seats": [0, 1, 2, 3], "cards": ["AB", "3B", "SB", "CB"], "winner": 1}
    cante_view = view(
        phase="cante",
        bids=["solo", "pass", "pass", "pass"],
        contract="solo",
        bidder=1,
        tricks=[TRICK_0, won],
        to_move=1,
        hand=["RO", "SO"],
        card_counts=[2, 3, 3, 3],
    )
    screen.sync(view(tricks=[TRICK_0], trick=[[0, "AB"], [1, "3B"], [2, "SB"]], to_move=3))
    screen.event({"kind": "act", "seat": 3, "action": "CB", "auto": False, "view": cante_view})
    winner = screen.by("announce-right")
    assert winner.get_attribute("data-kind") == "trick"
    assert winner.inner_text() == "¡Gana la baza!"
    sung = {**cante_view, "phase": "play", "to_move": 1}
    sung["cantes"] = [{"trick": 1, "seat": 1, "suit": "O", "points": 40}]
    screen.event({"kind": "act", "seat": 1, "action": "cante:O", "auto": False, "view": sung})
    announce = screen.by("announce-right")
    assert announce.get_attribute("data-kind") == "cante"
    assert "40" in announce.inner_text()
    labels = [announce.locator(".mini-face").nth(i).get_attribute("aria-label") for i in range(2)]
    assert labels == ["Rey de oros", "Caballo de oros"]
    shot(screen.page, artifacts, "scripted-cante")
    text = screen.by("game-log").inner_text()
    # the two computer players by where they sit (seat 1 on our right, seat 3 on our left)
    assert "Rival der. gana la baza" in text
    assert "Rival der. canta 40 en oros" in text
    assert "Rival izq. juega Caballo de bastos" in text


def test_cante_buttons_sing_20_or_40_or_decline(screen: Screen) -> None:
    screen.sync(
        view(
            phase="cante",
            hand=["RO", "CO", "RC", "CC"],
            legal=["cante:O", "cante:C", "nocante"],
        )
    )
    assert "40" in screen.by("cante-O").inner_text()  # oros is trump
    assert "20" in screen.by("cante-C").inner_text()
    screen.by("no-cante").click()
    assert [m["action"] for m in screen.sent()] == ["nocante"]


SECONDS = "Number(document.querySelector('[data-testid=turn-timer]').dataset.seconds)"


def test_the_countdown_runs_at_every_seat_from_the_frames_clock(screen: Screen) -> None:
    # a spectator-free table: first another seat's turn, then ours, then no clock at all
    screen.sync(view(to_move=1), clock={"seat": 1, "remaining_ms": 20_000, "total_ms": 30_000})
    timer = screen.by("seat-right").get_by_test_id("turn-timer")
    assert timer.get_attribute("role") == "timer"
    first = int(timer.get_attribute("data-seconds"))
    assert 15 <= first <= 20
    screen.page.wait_for_function(f"() => {SECONDS} < {first}")
    assert screen.by("seat-bottom").get_by_test_id("turn-timer").count() == 0
    mine = view(to_move=0, legal=["RO", "SO", "CC", "AB"])
    screen.event(
        {"kind": "act", "seat": 1, "action": "pass", "auto": False, "view": mine},
        clock={"seat": 0, "remaining_ms": 9_000, "total_ms": 30_000},
    )
    timer = screen.by("seat-bottom").get_by_test_id("turn-timer")
    assert int(timer.get_attribute("data-seconds")) <= 9
    screen.page.wait_for_function(f"() => {SECONDS} < 9")
    screen.event({"kind": "chat", "seat": 2, "name": "Luis", "phrase": "hello"}, clock=None)
    assert screen.by("turn-timer").count() == 0


def test_the_last_seconds_stay_readable_while_the_clock_pulses(screen: Screen) -> None:
    # The urgent clock pulses to be seen; it pulsed its own opacity down to 0.45, digits
    # and all, so that "3 s" was at times a dim red on dark red.
    mine = view(to_move=0, legal=["RO", "SO", "CC", "AB"])
    screen.sync(mine, clock={"seat": 0, "remaining_ms": 4_000, "total_ms": 30_000})
    timer = screen.by("seat-bottom").get_by_test_id("turn-timer")
    assert "urgent" in (timer.get_attribute("class") or "")
    faded: list[str] = timer.evaluate(
        """(el) => el.getAnimations().flatMap((a) => a.effect.getKeyframes())
             .filter((k) => "opacity" in k || "color" in k).map((k) => JSON.stringify(k))"""
    )
    assert faded == []
    assert timer.evaluate("(el) => getComputedStyle(el).color") == "rgb(255, 255, 255)"
    assert timer.evaluate("(el) => el.getAnimations().length") >= 1  # it still pulses


def test_a_spectator_sees_the_clock_and_no_controls(screen: Screen) -> None:
    spectator_view = view(seat=None, hand=[], legal=[], to_move=2)
    screen.sync(
        spectator_view, seat=None, clock={"seat": 2, "remaining_ms": 12_000, "total_ms": 30_000}
    )
    assert screen.by("spectating").is_visible()
    assert screen.page.locator(".hand .card").count() == 0
    assert screen.by("actions").locator("button").count() == 0
    assert screen.by("seat-top").get_by_test_id("turn-timer").is_visible()
    screen.page.keyboard.press("p")
    assert screen.sent() == []


def test_your_turn_in_a_hidden_tab_changes_the_title_and_sounds(screen: Screen) -> None:
    screen.sync(view(to_move=3, trick=[[2, "AC"], [3, "CO"]]))
    screen.page.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    before = screen.page.evaluate("window.__sounds")
    mine = view(to_move=0, legal=["RO"], trick=[[2, "AC"], [3, "CO"]])
    screen.event({"kind": "act", "seat": 3, "action": "pass", "auto": False, "view": mine})
    screen.page.wait_for_function("() => document.title === 'Tu turno - Cuatrola'")
    assert screen.page.evaluate("window.__sounds") > before
    screen.page.evaluate(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    screen.page.wait_for_function("() => document.title !== 'Tu turno - Cuatrola'")


def test_the_mute_switch_silences_and_is_remembered(browser: Any, server: str, token: str) -> None:
    context, screen = open_screen(browser, server, token)
    try:
        screen.sync(view(to_move=3, trick=[[2, "AC"]]))
        toggle = screen.by("sound-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
        screen.page.reload()
        screen.page.wait_for_function(
            "() => window.__ws && window.__ws.sent.some((m) => m.type === 'subscribe')"
        )
        screen.sync(view(to_move=3, trick=[[2, "AC"]]))
        assert screen.by("sound-toggle").get_attribute("aria-pressed") == "true"
        played = view(to_move=0, trick=[[2, "AC"], [3, "CO"]], legal=["RO"])
        screen.event({"kind": "act", "seat": 3, "action": "CO", "auto": False, "view": played})
        screen.by("trick-card-CO").wait_for()
        assert screen.page.evaluate("window.__sounds") == 0
        screen.by("sound-toggle").click()
        screen.by("card-RO").click()  # our own card makes its sound (on the next frame)
        screen.page.wait_for_function("() => window.__sounds > 0")
        assert screen.errors == []
    finally:
        context.close()


def test_an_open_dialog_and_the_chat_draft_survive_events(screen: Screen) -> None:
    screen.sync(view(to_move=3))
    screen.by("chat-input").fill("un momento")
    screen.by("last-trick-btn").click()
    dialog = screen.by("last-trick")
    dialog.wait_for()
    # the dialog has the focus on its button as soon as it is in the document
    assert screen.page.evaluate("document.activeElement.dataset.testid") == "last-trick-close"
    # watch for the dialog's element (or any ancestor) leaving the document
    screen.page.evaluate(
        """() => {
            const box = document.querySelector('[data-testid=last-trick]');
            window.__removed = 0;
            new MutationObserver(() => { if (!box.isConnected) window.__removed += 1; })
                .observe(document.body, { childList: true, subtree: true });
            window.__box = box;
            window.__card = document.querySelector('[data-testid=card-RO]');
            window.__focus = document.activeElement;
        }"""
    )
    for n in range(6):
        screen.event({"kind": "chat", "seat": 2, "name": "Luis", "text": f"línea {n}"})
        screen.push({"type": "presence", "table": "t-1", "seat": 2, "online": n % 2 == 0})
    screen.event(
        {
            "kind": "act",
            "seat": 3,
            "action": "CO",
            "auto": False,
            "view": view(to_move=0, trick=[[3, "CO"]], legal=["RO"]),
        },
        clock={"seat": 0, "remaining_ms": 30_000, "total_ms": 30_000},
    )
    screen.by("trick-card-CO").wait_for()
    screen.by("chat").get_by_text("línea 5").wait_for()
    assert screen.page.evaluate("window.__removed") == 0
    assert screen.page.evaluate(
        "window.__box === document.querySelector('[data-testid=last-trick]')"
    )
    assert screen.by("chat-input").input_value() == "un momento"
    # the card under the pointer and the focused control are the same elements too
    assert screen.page.evaluate("window.__card === document.querySelector('[data-testid=card-RO]')")
    assert (
        screen.page.evaluate(
            "window.__focus === document.activeElement && window.__focus.dataset.testid"
        )
        == "last-trick-close"
    )


def test_the_summary_stays_and_comes_before_the_match_end(screen: Screen, artifacts: Path) -> None:
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
    assert screen.by("seat-left").get_by_test_id("sits-out").is_visible()
    assert "Cuatrola de Rival der." in screen.by("contract").inner_text()
    screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
    dialog = screen.by("hand-summary")
    assert _modal(dialog)
    assert "Ellos ganan la mano (+4)" in dialog.inner_text()
    assert dialog.get_by_test_id("dead-hand").locator(".card").count() == 5
    assert screen.by("summary-cards").inner_text().split()[-2:] == ["30", "60"]
    assert screen.by("summary-last-trick").inner_text().split()[-2:] == ["–", "+10"]
    assert screen.by("summary-cante-points").inner_text().split()[-2:] == ["0", "20"]
    assert screen.by("summary-points").inner_text().split()[-2:] == ["30", "90"]
    assert screen.by("summary-score").inner_text().split() == ["Marcador", "4", "11"]
    shot(screen.page, artifacts, "scripted-summary")
    # the next hand needs us: the summary stays, with the time we have to bid
    deal = view(
        phase="bidding",
        bids=[],
        tricks=[],
        trick=[],
        dealer=1,
        mano=2,
        to_move=0,
        hand=["AO", "3O", "SC", "RE", "CB"],
        card_counts=[5, 5, 5, 5],
        legal=["pass", "solo"],
    )
    screen.event(
        {"kind": "deal", "view": deal},
        clock={"seat": 0, "remaining_ms": 30_000, "total_ms": 30_000},
    )
    screen.page.wait_for_timeout(400)
    assert dialog.is_visible()
    assert dialog.get_by_test_id("turn-timer").is_visible()
    screen.by("hand-summary-close").click()
    assert screen.by("hand-summary").count() == 0
    screen.by("bid-pass").wait_for()

    # the match ends with a hand: its summary first, then the match end
    screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 7})
    screen.event({"kind": "match_end", "winner": 1, "score": [4, 11], "hands_played": 7})
    assert screen.by("hand-summary").is_visible()
    assert screen.by("match-end").count() == 0
    screen.page.keyboard.press("Escape")
    assert screen.by("match-winner").inner_text() == "Habéis perdido"
    assert _modal(screen.by("match-end"))
    screen.by("rematch").click()
    assert screen.sent()[-1] == {"type": "rematch", "table": "t-1", "accept": True}


def test_the_score_sheet_lists_every_hand_and_is_honest_about_the_start(
    screen: Screen,
) -> None:
    screen.sync(view(to_move=1))  # joined after 5 hands, score 4-7
    # the match score is a labelled group (an aria-label on a plain div, which is not read)
    score = screen.page.get_by_role("group", name="Marcador de la partida")
    assert " ".join(score.inner_text().split()).lower().startswith("nosotros 4 – ellos 7")
    screen.by("score-sheet-btn").click()
    sheet = screen.by("score-sheet")
    assert _modal(sheet)
    assert "5 manos antes" in screen.by("sheet-base").inner_text()
    assert screen.by("sheet-base").inner_text().split()[-1] == "4–7"
    screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
    screen.page.keyboard.press("Escape")  # the hand summary
    row = screen.by("sheet-row-6")
    assert "Cuatrola de Rival der." in row.inner_text()
    assert "30–90" in row.inner_text() and "Ellos +4" in row.inner_text()
    assert row.inner_text().split()[-1] == "4–11"
    assert screen.by("sheet-total").inner_text() == "4–11"


def test_long_names_end_in_an_ellipsis_with_the_full_name_in_the_title(screen: Screen) -> None:
    long_name = "Maximiliano Bartolomé de la Santísima Trinidad"
    seats = [dict(s) for s in SEATS]
    seats[2]["name"] = long_name
    screen.sync(view(to_move=1), seats=seats)
    name = screen.by("seat-top").locator(".seat-name")
    assert name.get_attribute("title") == long_name
    assert name.evaluate("(el) => el.scrollWidth > el.clientWidth")
    assert name.evaluate("(el) => getComputedStyle(el).textOverflow") == "ellipsis"
    right = screen.by("seat-right").locator(".seat-name")
    assert right.inner_text() == "Rival der."
    assert right.get_attribute("title") == "Rival der. · Ordenador (Difícil)"
    assert screen.by("seat-left").locator(".seat-name").inner_text() == "Rival izq."


SIZES = [(360, 740), (740, 360), (768, 1024), (1366, 768), (1920, 1080)]


def _overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    # a pixel of shared border is not a cover
    return (
        a["x"] + a["width"] > b["x"] + 1
        and b["x"] + b["width"] > a["x"] + 1
        and a["y"] + a["height"] > b["y"] + 1
        and b["y"] + b["height"] > a["y"] + 1
    )


def test_nothing_covers_anything_at_five_screen_sizes(
    browser: Any, server: str, token: str, artifacts: Path
) -> None:
    context, screen = open_screen(browser, server, token)
    page = screen.page
    try:
        busy = view(
            bids=["solo", "pass", "pass", "pass"],
            contract="solo",
            bidder=1,
            trick=[[1, "3C"], [2, "AC"], [3, "CO"]],
            to_move=0,
            legal=["RO"],
            card_counts=[4, 3, 3, 3],
        )
        seats = [dict(s) for s in SEATS]
        seats[2]["name"] = "Maximiliano Bartolomé"
        screen.sync(
            busy, seats=seats, clock={"seat": 0, "remaining_ms": 25_000, "total_ms": 30_000}
        )
        problems: list[str] = []
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            boxes: dict[str, dict[str, float]] = {}
            for test_id in [
                "seat-top",
                "seat-left",
                "seat-right",
                "seat-bottom",
                "trick",
                "hand",
                "actions",
                "bar-buttons",
                "count-top",
                "count-left",
                "count-right",
                "trump-card",
            ]:
                box = page.get_by_test_id(test_id).bounding_box()
                assert box, f"{test_id} is not shown at {width}x{height}"
                boxes[test_id] = box
            for code in ("3C", "AC", "CO"):
                box = page.get_by_test_id(f"trick-card-{code}").bounding_box()
                assert box
                boxes[f"trick-card-{code}"] = box
            # what lies inside what: a card count in its plate, the dealer's (our) shown
            # trump card in our plate, the trick's cards in the trick
            inside = {"count-top": "seat-top", "count-left": "seat-left"}
            inside |= {"count-right": "seat-right", "trump-card": "seat-bottom"}
            inside |= {f"trick-card-{code}": "trick" for code in ("3C", "AC", "CO")}
            names = list(boxes)
            for i, a in enumerate(names):
                for b in names[i + 1 :]:
                    if inside.get(a) == b or inside.get(b) == a:
                        continue
                    if a.startswith("trick-card") and b.startswith("trick-card"):
                        continue  # the cards of a trick lie on each other, as on a table
                    if _overlaps(boxes[a], boxes[b]):
                        problems.append(f"{width}x{height}: {a} covers {b}")
            for name, box in boxes.items():
                if box["x"] < 0 or box["x"] + box["width"] > width + 1:
                    problems.append(f"{width}x{height}: {name} is off the screen sideways")
            page.screenshot(path=str(artifacts / f"table-{width}x{height}.png"))
            if width < 1100:
                # the log and the chat are a drawer here, opened from the bar
                assert not page.get_by_test_id("game-log").is_visible()
                page.get_by_test_id("chat-toggle").click()
                page.get_by_test_id("game-log").wait_for()
                page.wait_for_timeout(250)
                page.screenshot(path=str(artifacts / f"table-{width}x{height}-drawer.png"))
                page.get_by_test_id("side-close").click()
                page.get_by_test_id("game-log").wait_for(state="hidden")
            else:
                assert page.get_by_test_id("game-log").is_visible()
        assert problems == []
        assert screen.errors == []
    finally:
        context.close()


def test_the_log_follows_a_catch_up_burst_and_a_long_match(screen: Screen) -> None:
    # the log keeps its last 300 lines: past that its length no longer changes
    bidding = view(phase="bidding", bids=[], tricks=[], to_move=1, legal=[])
    screen.sync(bidding)
    log = screen.by("game-log")
    at_end = "(el) => el.scrollHeight - el.scrollTop - el.clientHeight < 2"
    last_line = "(el) => el.lastElementChild && el.lastElementChild.textContent"
    # bursts of events a few milliseconds apart, as after a reconnection: lines come between
    # the log's own scroll and that scroll's event
    screen.page.evaluate(
        """async ([v, first]) => {
            let seq = first;
            for (let burst = 0; burst < 40; burst += 1) {
                for (let i = 0; i < 10; i += 1) {
                    window.__ws.push({ type: 'event', table: 't-1', seq: seq++, clock: null,
                                       body: { kind: 'act', seat: 1 + (i % 3), action: 'pass',
                                               view: v } });
                }
                await new Promise((r) => setTimeout(r, burst % 4));
            }
        }""",
        [bidding, screen.seq + 1],
    )
    screen.seq += 400
    screen.page.wait_for_timeout(300)
    assert log.locator("li").count() == 300
    assert log.evaluate(at_end)
    # and one more line in the full log is still followed
    screen.event({"kind": "act", "seat": 2, "action": "solo", "view": bidding})
    screen.page.wait_for_function(
        f"() => ({last_line})(document.querySelector('[data-testid=game-log]')).includes('Solo')"
    )
    screen.page.wait_for_timeout(200)
    assert log.evaluate(at_end)


def test_the_waiting_room_is_centred_with_each_seat_row_readable(
    browser: Any, server: str, token: str, artifacts: Path
) -> None:
    context, screen = open_screen(browser, server, token, viewport={"width": 1366, "height": 768})
    try:
        seats = [dict(s) for s in SEATS]
        seats[2] = {"seat": 2, "name": None, "user": None, "bot": False, "online": False}
        screen.sync(None, status="open", hands_played=0, score=[0, 0], seats=seats)
        panel = screen.by("waiting").bounding_box()
        felt = screen.by("felt").bounding_box()
        assert panel and felt
        # in the middle of the felt, and wide enough for a row on one line
        assert abs((panel["x"] + panel["width"] / 2) - (felt["x"] + felt["width"] / 2)) < 2
        assert panel["width"] >= 480
        for seat in range(4):
            label = screen.by(f"seat-label-{seat}")
            who = screen.by(f"seat-who-{seat}").bounding_box()
            box = label.bounding_box()
            assert box and who
            # one line each, the seat's label apart from who sits there
            assert box["height"] < 30 and who["height"] < 30, f"seat {seat} wraps"
            assert who["x"] >= box["x"] + box["width"] + 8, f"seat {seat} runs together"
        assert screen.by("seat-who-2").inner_text() == "Asiento libre"
        assert screen.by("add-bot-2").is_visible()
        shot(screen.page, artifacts, "waiting-room-1366")
        assert screen.page.evaluate("document.documentElement.scrollHeight") <= 768
        screen.page.set_viewport_size({"width": 390, "height": 844})
        screen.page.wait_for_timeout(150)
        button = screen.by("add-bot-2").bounding_box()
        label = screen.by("seat-label-2").bounding_box()
        assert label["x"] + label["width"] <= button["x"], (
            "the free seat's label runs under its button"
        )
        for seat in range(4):
            # who sits there (or "free seat") keeps room beside a free seat's button
            assert screen.by(f"seat-who-{seat}").bounding_box()["width"] > 60
        shot(screen.page, artifacts, "waiting-room-390")
        assert screen.errors == []
    finally:
        context.close()


def _focused(page: Any) -> str:
    return str(
        page.evaluate(
            """() => { const a = document.activeElement;
                   if (!a || a === document.body) return 'body';
                   if (a.closest('.site-header')) return 'header';
                   if (a.closest('.hand')) return 'hand';
                   return a.dataset.testid || a.tagName; }"""
        )
    )


def test_the_focus_stays_in_the_hand_after_a_card_is_played(screen: Screen) -> None:
    # on opening the table (not our turn) the focus is on the hand's chosen card
    screen.sync(view(to_move=2))
    assert _focused(screen.page) == "hand"
    # our turn: the first playable card; Enter plays it
    screen.event({"kind": "act", "seat": 2, "action": "AC", "view": view(trick=[[2, "AC"]])})
    screen.event(
        {
            "kind": "act",
            "seat": 3,
            "action": "CO",
            "view": view(trick=[[2, "AC"], [3, "CO"]], legal=["RO", "SO"]),
        }
    )
    screen.page.wait_for_function("() => document.activeElement?.dataset?.card === 'RO'")
    screen.page.keyboard.press("Enter")
    screen.by("card-RO").wait_for(state="detached")
    assert _focused(screen.page) == "hand"  # the card was gone, the focus was not lost
    after = view(
        trick=[[2, "AC"], [3, "CO"], [0, "RO"]],
        hand=["SO", "CC", "AB"],
        to_move=1,
        card_counts=[3, 4, 3, 3],
    )
    screen.event({"kind": "act", "seat": 0, "action": "RO", "view": after})
    screen.page.wait_for_timeout(100)
    assert _focused(screen.page) == "hand"
    # and a click plays as well, the focus staying in the hand
    screen.event(
        {
            "kind": "act",
            "seat": 1,
            "action": "AO",
            "view": view(trick=[], hand=["SO", "CC", "AB"], legal=["SO", "CC", "AB"]),
        }
    )
    screen.by("card-CC").click()
    screen.by("card-CC").wait_for(state="detached")
    assert _focused(screen.page) == "hand"
    # Tab goes on from the hand, not from the top of the page
    screen.page.keyboard.press("Tab")
    assert _focused(screen.page) not in ("body", "header")


def test_enter_on_a_button_at_the_table_is_that_buttons_not_a_card_played(
    screen: Screen,
) -> None:
    # our turn, a card chosen in the hand: Enter on another button or link does what it says
    # (it played the chosen card, and the button did nothing)
    screen.sync(view(trick=[[2, "AC"], [3, "CO"]], legal=["RO", "SO"]))
    screen.page.wait_for_function("() => document.activeElement?.dataset?.card === 'RO'")
    screen.by("score-sheet-btn").focus()
    screen.page.keyboard.press("Enter")
    screen.by("score-sheet").wait_for()
    assert screen.sent() == []
    screen.page.keyboard.press("Escape")
    screen.by("score-sheet").wait_for(state="detached")
    # the hand's own Enter still plays the chosen card
    screen.by("card-RO").focus()
    screen.page.keyboard.press("Enter")
    assert screen.sent() == [{"type": "act", "table": "t-1", "action": "RO", "seq": 52}]


def test_a_closed_dialog_gives_the_focus_back(screen: Screen) -> None:
    # it went to the page's start, so Tab began again at the header
    screen.sync(view(to_move=2))
    assert _focused(screen.page) == "hand"
    screen.page.keyboard.press("ArrowRight")
    chosen = screen.page.evaluate("document.activeElement.dataset.card")
    screen.page.keyboard.press("l")
    screen.by("last-trick").wait_for()
    assert _focused(screen.page) == "last-trick-close"
    screen.page.keyboard.press("Escape")
    screen.by("last-trick").wait_for(state="detached")
    assert screen.page.evaluate("document.activeElement.dataset.card") == chosen
    # a dialog opened from the bar gives it back to its button
    screen.by("score-sheet-btn").click()
    screen.by("score-sheet-close").click()
    assert _focused(screen.page) == "score-sheet-btn"
    # the summary comes by itself; closed, the focus is in the hand again
    screen.by("card-CC").focus()
    screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
    screen.by("hand-summary-close").wait_for()
    screen.page.keyboard.press("Enter")
    screen.by("hand-summary").wait_for(state="detached")
    assert _focused(screen.page) == "hand"


def test_the_side_drawer_takes_the_focus_and_gives_it_back(screen: Screen) -> None:
    # narrower than 1100 px the log and the chat are a drawer: opened, the focus went nowhere
    # (the drawer was still hidden, sliding in); closed, it went to the page's start
    screen.page.set_viewport_size({"width": 900, "height": 700})
    screen.sync(view(to_move=2))
    screen.by("chat-toggle").focus()
    screen.page.keyboard.press("Enter")
    screen.page.wait_for_timeout(50)
    assert _focused(screen.page) == "side-close"
    screen.page.keyboard.press("Escape")
    assert _focused(screen.page) == "chat-toggle"
    screen.page.keyboard.press("Enter")
    screen.by("chat-input").focus()
    screen.by("side-close").click()
    assert _focused(screen.page) == "chat-toggle"


def test_the_hand_analysis_arriving_late_moves_no_button_of_the_summary(
    screen: Screen, artifacts: Path
) -> None:
    screen.sync(view(to_move=1))
    screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
    close = screen.by("hand-summary-close")
    close.wait_for()
    screen.page.wait_for_timeout(300)  # the overlay's fade
    before = close.bounding_box()
    result_before = screen.by("summary-result").bounding_box()
    seats = [
        {"seat": s, "decisions": 5, "scored": 3, "accuracy": 80.0 - s, "inaccuracies": 1}
        for s in range(4)
    ]
    decision = {
        "step": 9,
        "seat": 0,
        "kind": "card",
        "trick": 1,
        "chosen": "SO",
        "best": "RO",
        "unit": "points",
        "alternatives": [],
        "forced": False,
        "cost": 12.5,
        "mark": "mistake",
    }
    screen.push(
        {
            "type": "hand_analysis",
            "table": "t-1",
            "match": "t-1-1",
            "hand": 6,
            "analysis": {"seats": seats, "decisions": [decision]},
        }
    )
    screen.by("summary-analysis").wait_for()
    screen.page.wait_for_timeout(400)
    after = close.bounding_box()
    assert before and after and abs(after["y"] - before["y"]) < 1, (before, after)
    assert abs(screen.by("summary-result").bounding_box()["y"] - result_before["y"]) < 1
    assert "12,5" in screen.by("summary-analysis").inner_text()  # Spanish decimals
    shot(screen.page, artifacts, "summary-with-analysis")


def test_a_dialog_is_modal_and_tab_goes_round_inside_it(screen: Screen) -> None:
    # the dialogs were not modal: Tab went on into the dimmed table behind them
    screen.sync(view(trick=[[2, "AC"], [3, "CO"]], legal=["RO", "SO"]))
    screen.page.wait_for_function("() => document.activeElement?.dataset?.card === 'RO'")
    screen.event({"kind": "match_end", "winner": 1, "score": [4, 11], "hands_played": 6})
    dialog = screen.by("match-end")
    screen.page.wait_for_function("() => document.activeElement?.dataset?.testid === 'rematch'")
    assert _modal(dialog)
    where = """() => { const a = document.activeElement;
        if (!a || a === document.body) return 'page left';  // the browser's own controls
        return a.closest('[data-testid=match-end]') ? a.dataset.testid : 'behind'; }"""
    seen = []
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 4:
        screen.page.keyboard.press(key)
        seen.append(screen.page.evaluate(where))
    # round the dialog's buttons (and, as the browser does, its own controls), never behind it
    inside = [x for x in seen if x != "page left"]
    assert inside == [
        "match-sheet",
        "back-lobby",
        "rematch",
        "back-lobby",
        "match-sheet",
        "rematch",
    ]
    # the keys of the table behind do nothing, and Escape does not close a dialog that has
    # no close button (the browser's own cancel closed it)
    screen.page.evaluate("document.activeElement.blur()")
    screen.page.keyboard.press("Enter")  # it played the chosen card
    screen.page.keyboard.press("Escape")
    screen.page.keyboard.press("Escape")
    assert _modal(dialog) and dialog.is_visible()
    assert screen.sent() == []


def test_the_bids_take_the_focus_when_the_bidding_comes_to_us(screen: Screen) -> None:
    # the focus stayed in the hand, after the bid buttons: Tab never reached them
    bidding = view(
        phase="bidding",
        bids=["pass"],
        mano=1,
        to_move=2,
        tricks=[],
        trick=[],
        hand=["RO", "SO", "CC", "AB", "3E"],
        card_counts=[5, 5, 5, 5],
    )
    screen.sync(bidding)
    assert _focused(screen.page) == "hand"
    ours = {**bidding, "bids": ["pass", "pass"], "to_move": 0, "legal": ["pass", "solo"]}
    screen.event({"kind": "act", "seat": 2, "action": "pass", "view": ours})
    screen.page.wait_for_function("() => document.activeElement?.dataset?.testid === 'bid-pass'")
    screen.page.keyboard.press("Tab")
    assert _focused(screen.page) == "bid-solo"
    screen.page.keyboard.press("Enter")
    assert [m["action"] for m in screen.sent()] == ["solo"]
    # the buttons gone with the bid sent, the focus is in the hand again, not on the page
    screen.by("bid-solo").wait_for(state="detached")
    assert _focused(screen.page) == "hand"


def test_after_a_screen_change_the_focus_is_on_the_new_screens_heading(screen: Screen) -> None:
    # it stayed on the button or link that was gone: the page itself, Tab from its start
    screen.sync(view(seat=None, hand=[], legal=[], to_move=2), seat=None)
    heading = """() => { const a = document.activeElement;
        return a.closest('main') && /^H[12]$/.test(a.tagName) ? a.textContent : a.tagName; }"""
    # the focus moves once the new screen is painted (an effect): wait until it has left the
    # link or button that was clicked
    moved = "() => document.activeElement.closest('main') !== null"
    screen.by("leave-table").click()  # stop watching: back in the lobby
    screen.page.wait_for_function("() => document.body.dataset.route === 'lobby'")
    screen.page.wait_for_function(moved)
    assert screen.page.evaluate(heading) == "Jugar"  # the ways to play, below the hero
    screen.by("nav-leaderboard").click()
    screen.by("leaderboard").wait_for()
    screen.page.wait_for_function(moved)
    assert screen.page.evaluate(heading) == "Clasificación"


def test_a_toast_is_in_one_live_region(screen: Screen) -> None:
    # each toast was a status inside a live region: read twice by some screen readers
    screen.sync(None, status="open")
    screen.by("copy-link").click()
    toast = screen.by("toast")
    toast.wait_for()
    regions = toast.evaluate(
        """(t) => { let n = 0;
            for (let e = t; e; e = e.parentElement) {
                const live = ['status', 'alert', 'log'].includes(e.role);
                if (live || e.hasAttribute('aria-live')) n += 1;
            }
            return n; }"""
    )
    assert regions == 1


def test_a_trick_won_and_a_cante_at_a_side_seat_are_read_whole_on_a_phone(
    browser: Any, server: str, token: str, artifacts: Path
) -> None:
    # A side seat is a third of a phone's width: "Takes the trick!" does not fit on one line
    # there, nor a cante's words ("¡Canta 40!") beside its rey and caballo; the words must
    # wrap, not be cut to "Takes the tri…" or "¡Can…".
    context, screen = open_screen(browser, server, token, viewport={"width": 390, "height": 844})
    try:
        won = {"leader": 0, "seats": [0, 1, 2, 3], "cards": ["AB", "3B", "SB", "CB"], "winner": 1}
        before = view(tricks=[TRICK_0], trick=[[0, "AB"], [1, "3B"], [2, "SB"]], to_move=3)
        after = view(tricks=[TRICK_0, won], to_move=1, hand=["RO", "SO"])
        for lang in LANGS:
            screen.page.get_by_test_id("lang-select").select_option(lang)
            screen.sync(before)
            screen.event({"kind": "act", "seat": 3, "action": "CB", "auto": False, "view": after})
            text = screen.by("announce-right").locator(".announce-text")
            text.get_by_text(catalogue(lang)["table.winsTrickShort"]).wait_for()
            assert text.evaluate("(el) => el.scrollWidth <= el.clientWidth"), f"{lang}: cut"
        screen.page.get_by_test_id("lang-select").select_option("es")
        sung = view(
            bids=["pass", "pass", "pass", "pass"],
            tricks=[TRICK_0, won],
            to_move=1,
            hand=["RO", "SO"],
            card_counts=[2, 3, 3, 3],
            cantes=[{"trick": 1, "seat": 1, "suit": "E", "points": 20}],
        )
        screen.sync(view(tricks=[TRICK_0, won], to_move=1, hand=["RO", "SO"]))
        screen.event({"kind": "act", "seat": 1, "action": "cante:E", "auto": False, "view": sung})
        announce = screen.by("announce-right")
        assert announce.get_attribute("data-kind") == "cante"
        text = announce.locator(".announce-text")
        assert text.inner_text() == "¡Canta 20!"
        assert text.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the words are cut"
        assert announce.locator(".mini-face").count() == 2
        seat = screen.by("seat-right").bounding_box()
        bubble = announce.bounding_box()
        assert seat and bubble and bubble["x"] + bubble["width"] <= seat["x"] + seat["width"] + 1
        shot(screen.page, artifacts, "scripted-cante-phone")
        assert screen.errors == []
    finally:
        context.close()


def test_the_score_sheet_fits_a_phone_in_every_language(
    browser: Any, server: str, token: str, artifacts: Path
) -> None:
    # The score column comes last: a sheet wider than the dialog hid it behind a sideways
    # scroll ("Scor", "Nosotros–Ell").
    context, screen = open_screen(browser, server, token, viewport={"width": 390, "height": 844})
    try:
        screen.sync(view(to_move=1))
        screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11], "hands_played": 6})
        screen.page.keyboard.press("Escape")  # the hand summary
        for lang in LANGS:
            screen.page.get_by_test_id("lang-select").select_option(lang)
            screen.by("score-sheet-btn").click()
            sheet = screen.by("score-sheet")
            sheet.get_by_text(catalogue(lang)["sheet.score"], exact=True).wait_for()
            wrap = sheet.locator(".sheet-wrap")
            width = wrap.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
            assert width[0] <= width[1], f"{lang}: the sheet is {width[0]} px in {width[1]}"
            if lang == "es":
                shot(screen.page, artifacts, "score-sheet-phone")
            screen.page.keyboard.press("Escape")
            sheet.wait_for(state="detached")
        assert screen.errors == []
    finally:
        context.close()


def test_the_felt_keeps_its_size_when_the_turn_comes_to_us_on_a_phone(
    browser: Any, server: str, token: str
) -> None:
    # On a phone the felt takes the height the controls under it leave: it shrank by a row
    # (the bids taking two, the hint button one more) each time our turn came, and grew back
    # after our move, so the seats and the trick jumped at every turn.
    context, screen = open_screen(browser, server, token, viewport={"width": 390, "height": 844})
    options = {**OPTIONS, "hints": True}
    bidding = {
        "phase": "bidding",
        "bids": [],
        "tricks": [],
        "trick": [],
        "hand": ["RO", "SO", "CC", "AB", "3E"],
        "card_counts": [5, 5, 5, 5],
        "tricks_won": [0, 0],
        "card_points": [0, 0],
    }
    try:
        for phase, legal in (
            (bidding, ["pass", "solo", "cuatrola", "quintola"]),
            ({}, ["RO", "SO"]),
        ):
            heights = []
            for to_move in (1, 0, 1):
                screen.sync(
                    view(**phase, to_move=to_move, legal=legal if to_move == 0 else []),
                    options=options,
                )
                screen.by("hint-btn").wait_for(state="visible" if to_move == 0 else "hidden")
                box = screen.by("felt").bounding_box()
                assert box
                heights.append(round(box["height"]))
            assert heights[0] == heights[1] == heights[2], f"{phase.get('phase', 'play')}"
        assert screen.errors == []
    finally:
        context.close()


def test_the_cante_prompt_leaves_the_felt_its_size_on_a_phone(
    browser: Any, server: str, token: str, artifacts: Path
) -> None:
    # The cante prompt and its buttons (three rows on a phone) took their height from the
    # felt above them, which shrank while we chose and grew back after.
    viewport = {"width": 390, "height": 844}
    context, screen = open_screen(browser, server, token, viewport=viewport)
    won = {"leader": 2, "seats": [2, 3, 0, 1], "cards": ["3O", "AE", "SE", "CE"], "winner": 2}
    hand = {"hand": ["RO", "CO", "RC", "CC"], "tricks": [TRICK_0, won]}
    try:
        screen.sync(view(**hand, card_counts=[4, 3, 3, 3], to_move=2))
        before = screen.by("felt").bounding_box()
        for legal in (["cante:O", "cante:C", "nocante"], ["cante:C", "nocante"]):
            screen.sync(
                view(**hand, phase="cante", to_move=0, legal=legal),
                clock={"seat": 0, "remaining_ms": 8_000, "total_ms": 10_000},
            )
            screen.by("no-cante").wait_for()
            assert screen.by("felt").bounding_box() == before, legal
            page = screen.page
            keep = {
                name: page.get_by_test_id(name).bounding_box()
                for name in ("hand", "seat-top", "seat-left", "seat-right", "seat-bottom")
            }
            buttons = page.locator("[data-testid=actions] button")
            assert buttons.count() == len(legal)
            for i in range(buttons.count()):
                box = buttons.nth(i).bounding_box()
                assert box
                # on the screen, and reached (not under another element)
                assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
                assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
                buttons.nth(i).click(trial=True)
                for name, other in keep.items():
                    assert other and not _overlaps(box, other), f"{legal}: button {i} covers {name}"
            assert screen.by("prompt").is_visible()
        shot(screen.page, artifacts, "scripted-cante-prompt-phone")
        screen.by("cante-C").click()
        assert [m["action"] for m in screen.sent()] == ["cante:C"]
        assert screen.errors == []
    finally:
        context.close()


PHONES = [(390, 844), (844, 390), (360, 740), (740, 360)]


@pytest.mark.parametrize("lang", ["es", "th"])
def test_the_bids_and_the_cantes_are_a_fingers_size_on_a_phone(
    browser: Any, server: str, token: str, artifacts: Path, lang: str
) -> None:
    # On a phone the bid and cante buttons were cut to 38 px high (32 px in landscape):
    # the moves a player makes most, below the 44 px square a finger needs.
    context, screen = open_screen(browser, server, token, viewport={"width": 390, "height": 844})
    bidding = view(
        phase="bidding",
        bids=[],
        tricks=[],
        hand=["RO", "SO", "CC", "AB", "3E"],
        card_counts=[5, 5, 5, 5],
        tricks_won=[0, 0],
        card_points=[0, 0],
        legal=["pass", "solo", "cuatrola", "quintola"],
    )
    won = {"leader": 2, "seats": [2, 3, 0, 1], "cards": ["3O", "AE", "SE", "CE"], "winner": 2}
    cante = view(
        hand=["RO", "CO", "RC", "CC"],
        tricks=[TRICK_0, won],
        phase="cante",
        legal=["cante:O", "cante:C", "nocante"],
    )
    try:
        screen.page.get_by_test_id("lang-select").select_option(lang)
        for width, height in PHONES:
            screen.page.set_viewport_size({"width": width, "height": height})
            for moment, first in ((bidding, "bid-quintola"), (cante, "no-cante")):
                screen.sync(moment)
                screen.by(first).wait_for()
                small = small_targets(screen.page, "[data-testid=actions] button")
                assert small == [], f"{width}x{height} {moment['phase']}: {small}"
                small = small_targets(screen.page, ".hand .card")
                assert small == [], f"{width}x{height} {moment['phase']}: {small}"
            shot(screen.page, artifacts, f"cante-buttons-{lang}-{width}x{height}")
        assert screen.errors == []
    finally:
        context.close()


def test_the_waiting_room_uses_the_whole_width_of_a_phone_on_its_side(
    browser: Any, server: str, token: str, artifacts: Path
) -> None:
    # A phone on its side put the waiting room in the felt's column, the left half of the
    # screen, beside an empty right half: "Asiento libre" was cut to "Asiento ..." there.
    context, screen = open_screen(browser, server, token, viewport={"width": 844, "height": 390})
    seats = [dict(s) for s in SEATS]
    seats[2] = {"seat": 2, "name": None, "user": None, "bot": False, "online": False}
    try:
        for size in ({"width": 844, "height": 390}, {"width": 740, "height": 360}):
            screen.page.set_viewport_size(size)
            for lang in ("es", "th", "tr"):
                screen.page.get_by_test_id("lang-select").select_option(lang)
                screen.sync(None, status="open", hands_played=0, score=[0, 0], seats=seats)
                screen.by("seat-who-2").get_by_text(catalogue(lang)["table.emptySeat"]).wait_for()
                cut = cut_text(screen.page, "[data-testid^=seat-who-], [data-testid^=seat-label-]")
                assert cut == [], f"{size} {lang}: {cut}"
                panel = screen.by("waiting").bounding_box()
                assert panel
                # centred on the screen, not in its left half
                middle = panel["x"] + panel["width"] / 2
                assert abs(middle - size["width"] / 2) < 0.1 * size["width"], (size, panel)
            shot(screen.page, artifacts, f"waiting-room-{size['width']}x{size['height']}")
        assert screen.errors == []
    finally:
        context.close()


def test_the_hint_and_the_dialogs_buttons_are_a_fingers_size_on_a_phone(
    browser: Any, server: str, token: str
) -> None:
    # The hint button was 34 px high on a phone, and the buttons of the hand summary and the
    # match end (continue, rematch, score sheet, lobby) 42 px: below a finger's 44 px.
    context, screen = open_screen(browser, server, token, viewport={"width": 390, "height": 844})
    bidding = view(
        phase="bidding",
        bids=[],
        tricks=[],
        hand=["RO", "SO", "CC", "AB", "3E"],
        card_counts=[5, 5, 5, 5],
        tricks_won=[0, 0],
        card_points=[0, 0],
        legal=["pass", "solo"],
    )
    dialogs = "dialog[open] button"
    try:
        for width, height in PHONES:
            screen.page.set_viewport_size({"width": width, "height": height})
            screen.sync(bidding, options={**OPTIONS, "hints": True})
            screen.by("hint-btn").wait_for()
            assert small_targets(screen.page, ".hint-bar button") == [], (width, height)
            screen.event({"kind": "hand_end", "summary": SUMMARY, "score": [4, 11]})
            screen.event({"kind": "match_end", "winner": 1, "score": [4, 11], "hands_played": 7})
            screen.by("hand-summary-close").wait_for()
            assert small_targets(screen.page, dialogs) == [], (width, height)
            screen.by("hand-summary-close").click()
            screen.by("rematch").wait_for()
            assert small_targets(screen.page, dialogs) == [], (width, height)
            screen.by("match-sheet").click()
            screen.by("score-sheet-close").wait_for()
            assert small_targets(screen.page, dialogs) == [], (width, height)
            screen.by("score-sheet-close").click()
            screen.by("score-sheet").wait_for(state="detached")
        assert screen.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["es", "th"])
def test_the_side_drawer_on_a_short_screen_keeps_the_log_off_the_chat(
    browser: Any, server: str, token: str, artifacts: Path, lang: str
) -> None:
    # In the drawer of a phone on its side the game log and the chat shrank to share its
    # height, and the log's lines ran over the chat's title and its phrase buttons.
    context, screen = open_screen(browser, server, token, viewport={"width": 844, "height": 390})
    try:
        screen.page.get_by_test_id("lang-select").select_option(lang)
        for size in ({"width": 844, "height": 390}, {"width": 740, "height": 360}):
            screen.page.set_viewport_size(size)
            screen.sync(view(to_move=0, legal=["RO", "SO"]))
            screen.by("chat-toggle").click()
            screen.by("side-close").wait_for()
            log = screen.by("game-log").bounding_box()
            assert log
            chat_parts = screen.page.locator(".chat-part > *")
            for i in range(chat_parts.count()):
                box = chat_parts.nth(i).bounding_box()
                assert box and not _overlaps(log, box), (size, i, log, box)
            for part in (".log-part", ".chat-part"):
                fits = screen.page.locator(part).evaluate(
                    "(el) => el.scrollHeight <= el.clientHeight + 1"
                )
                assert fits, f"{size} {part}: its content runs out of it"
            shot(screen.page, artifacts, f"drawer-{lang}-{size['width']}x{size['height']}")
            screen.by("side-close").click()
        assert screen.errors == []
    finally:
        context.close()

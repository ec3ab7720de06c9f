"""The table screen driven by scripted protocol messages, in the browser.

A live game deals at random, so some moments (a cante, a dead hand, an over-trump) may not
come up in the end-to-end matches. Here the real `js/table.js` gets hand-written `sync` and
`event` messages shaped as docs/protocol.md describes, through a stand-in for the websocket
connection that records the commands the screen sends.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import Player, open_player, shot

SETUP = """async () => {
    localStorage.setItem('cuatrola.speed', 'fast');
    const { setLang } = await import('/js/i18n.js');
    await setLang('es');
    const { TableScreen } = await import('/js/table.js');
    const handlers = {};
    const sent = [];
    const conn = {
        status: 'open',
        tables: new Map([['t-1', 52]]),
        on(name, fn) { (handlers[name] ||= []).push(fn); return () => {}; },
        subscribe() { return Promise.resolve({ type: 'ack' }); },
        unsubscribe() {},
        command(type, fields) {
            sent.push({ type, ...fields });
            return Promise.resolve({ type: 'ack' });
        },
    };
    document.getElementById('app').replaceChildren();
    const root = document.createElement('div');
    root.id = 'test-root';
    document.getElementById('app').append(root);
    window.__t = { handlers, sent,
        screen: new TableScreen(root, conn, 't-1', { onLeave() {}, toast() {} }) };
}"""

SEATS = [
    {"seat": 0, "name": "Ana", "user": "u0", "bot": False, "away": False, "online": True},
    {"seat": 1, "name": "Computer", "user": None, "bot": True, "away": False, "online": False},
    {"seat": 2, "name": "Luis", "user": "u2", "bot": False, "away": False, "online": True},
    {"seat": 3, "name": "Computer", "user": None, "bot": True, "away": False, "online": False},
]
INFO = {
    "id": "t-1",
    "code": "K7Q2MX",
    "kind": "private",
    "options": {
        "rules": "exact11",
        "quintola": True,
        "turn_time": 30.0,
        "bot_level": "medium",
        "public": True,
    },
    "status": "playing",
    "seats": SEATS,
    "score": [4, 7],
    "hands_played": 5,
    "match": 1,
    "spectators": 0,
    "rematch": [],
}
TRICK_0 = {"leader": 1, "seats": [1, 2, 3, 0], "cards": ["3E", "AE", "SE", "CE"], "winner": 2}


def view(**changes: Any) -> dict[str, Any]:
    """A seat-0 HANDVIEW in the middle of a plain hand, oros trump, with `changes` applied."""
    base: dict[str, Any] = {
        "phase": "play",
        "dealer": 0,
        "mano": 1,
        "score_before": [4, 7],
        "to_move": 0,
        "trump": "O",
        "trump_card": "RO",
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
    }
    base.update(changes)
    return base


class Screen:
    """The scripted table screen in one page."""

    def __init__(self, player: Player) -> None:
        self.page = player.page
        self.seq = 52

    def sync(self, hand_view: dict[str, Any] | None, seat: int | None = 0, **info: Any) -> None:
        message = {
            "type": "sync",
            "table": "t-1",
            "seq": self.seq,
            "info": {**INFO, **info},
            "seat": seat,
            "view": hand_view,
            "chat": [],
            "timer": None,
        }
        self.page.evaluate("(m) => window.__t.handlers.sync.forEach((f) => f(m))", message)

    def event(self, body: dict[str, Any]) -> None:
        self.seq += 1
        message = {"type": "event", "table": "t-1", "seq": self.seq, "body": body}
        self.page.evaluate("(m) => window.__t.handlers.event.forEach((f) => f(m))", message)

    def sent(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.evaluate("window.__t.sent")
        return result

    def by(self, test_id: str) -> Any:
        return self.page.locator("#test-root").get_by_test_id(test_id)


@pytest.fixture
def screen(browser: Any, server: str) -> Iterator[Screen]:
    player = open_player(browser, server)
    try:
        player.page.evaluate(SETUP)
        yield Screen(player)
        assert player.errors == []
    finally:
        player.close()


def test_an_over_trump_is_required_and_explained(screen: Screen, artifacts: Path) -> None:
    # copas led, a trump (the caballo de oros) already on it; we hold no copas:
    # only the rey de oros beats the caballo
    screen.sync(view(trick=[[2, "AC"], [3, "CO"]], legal=["RO"]))
    assert screen.by("card-RO").get_attribute("data-legal") == "true"
    assert screen.by("card-SO").get_attribute("data-legal") == "false"
    screen.by("card-SO").click()
    assert "más alto" in screen.by("table-message").inner_text()
    assert screen.sent() == []
    shot(screen.page, artifacts, "scripted-overtrump")
    screen.by("card-RO").click()
    assert screen.sent() == [{"type": "act", "table": "t-1", "action": "RO", "seq": 52}]


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
    screen.page.keyboard.press("k")
    assert [m["action"] for m in screen.sent()] == ["nocante", "cante:O"]


def test_the_timer_the_last_trick_and_the_card_counts_show(screen: Screen) -> None:
    screen.sync(view(to_move=1))
    screen.event({"kind": "timer", "seat": 1, "seconds": 27})
    seconds = int(screen.by("turn-timer").inner_text().split()[0])
    assert 15 <= seconds <= 27  # counting down from 27 (a slow machine may lose a few)
    assert screen.by("count-right").inner_text() == "4"
    assert (
        screen.by("trump-card").get_attribute("aria-label") == "Carta de triunfo vista: Rey de oros"
    )
    screen.page.keyboard.press("l")
    dialog = screen.by("last-trick")
    assert dialog.locator(".card").count() == 4
    assert "Luis gana la baza" in dialog.inner_text()
    screen.page.keyboard.press("Escape")
    assert screen.by("last-trick").count() == 0


def test_a_contract_hand_shows_who_sits_out_and_reveals_the_dead_hand(
    screen: Screen, artifacts: Path
) -> None:
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
    assert "Cuatrola de Ordenador 2" in screen.by("contract").inner_text()
    summary = {
        "contract": "cuatrola",
        "bidder": 1,
        "points": [30, 90],
        "tricks": [1, 4],
        "trick_winners": [2, 1, 1, 1, 1],
        "cantes": [],
        "winner": 1,
        "game_points": 4,
        "score_before": [4, 7],
        "score_after": [4, 11],
        "sitting_out": 3,
        "dead_hand": ["AO", "3O", "SC", "RE", "CB"],
    }
    screen.event({"kind": "hand_end", "summary": summary, "score": [4, 11], "hands_played": 6})
    dialog = screen.by("hand-summary")
    assert "Ellos ganan la mano (+4)" in dialog.inner_text()
    assert dialog.get_by_test_id("dead-hand").locator(".card").count() == 5
    assert screen.by("summary-score").inner_text().split() == ["Marcador", "4", "11"]
    shot(screen.page, artifacts, "scripted-dead-hand")
    screen.event({"kind": "match_end", "winner": 1, "score": [4, 11], "hands_played": 6})
    assert screen.by("match-winner").inner_text() == "Habéis perdido"
    screen.by("rematch").click()
    assert screen.sent()[-1] == {"type": "rematch", "table": "t-1", "accept": True}


def test_a_spectator_sees_no_hand_and_has_no_controls(screen: Screen) -> None:
    spectator_view = view(seat=None, hand=[], legal=[], to_move=2)
    screen.sync(spectator_view, seat=None)
    assert screen.by("spectating").is_visible()
    assert screen.page.locator("#test-root .hand .card").count() == 0
    assert screen.page.locator("#test-root [data-testid^=bid-]").count() == 0
    # seat 0 is shown at the bottom for spectators, with its card count
    assert screen.by("count-bottom").inner_text() == "4"

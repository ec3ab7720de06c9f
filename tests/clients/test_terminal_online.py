"""The online terminal client against a real ``cuatrola serve`` started by the test.

The server runs as a subprocess on 127.0.0.1 with a throw-away SQLite database. A small TCP
proxy sits between client and server for the reconnection test: cutting its connections is
what a network failure looks like to the client.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import msgspec
import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, RichLog, Static

from cuatrola.clients.terminal import online
from cuatrola.clients.terminal.app import HelpScreen, MessageScreen
from cuatrola.clients.terminal.i18n import Texts
from cuatrola.clients.terminal.online import (
    SPECTATOR_SEAT,
    OnlineApp,
    OnlineOptions,
    account_login,
)
from cuatrola.clients.terminal.session import PANEL_CLOSE_SECONDS
from cuatrola.commands import play
from cuatrola.commands.play import PASSWORD_VARIABLE
from cuatrola.core.actions import format_action
from cuatrola.core.cards import CANTE_MASKS, mask_of
from cuatrola.core.hand import Phase
from cuatrola.core.rules import Rules
from cuatrola.protocol.messages import TableOptions
from tests.clients.conftest import (
    greedy_action,
    human_turn,
    key_for,
    log_text,
    plain,
    press_and_wait,
    wait_for,
)
from tests.clients.test_terminal_offline import explain_an_illegal_card
from tests.server.live import Player, guest_token
from tests.support.proxy import CuttableProxy
from tests.support.servers import QUICK, ServeProcess

SIZE = (120, 40)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``cuatrola serve`` (no pause between hands, instant computer players).

    One server for the module: every test logs in as a new guest and gets its own table.
    """
    with ServeProcess(
        tmp_path_factory.mktemp("serve"),
        *QUICK,
        "--quick-fill",
        "0.2",
        # Short cante windows keep whole matches quick.
        "--cante-window",
        "0.4",
    ) as serve:
        yield serve.http


@contextlib.asynccontextmanager
async def _proxy_to(server: str) -> AsyncIterator[CuttableProxy]:
    """A TCP proxy in front of ``server``: cutting its connections is what a network failure
    looks like to a client (closed on leaving)."""
    cuttable = CuttableProxy(int(server.rsplit(":", 1)[1]))
    await cuttable.start()
    try:
        yield cuttable
    finally:
        await cuttable.close()


@pytest.fixture
async def proxy(server: str) -> AsyncIterator[CuttableProxy]:
    """A TCP proxy in front of the module's server (closed after the test)."""
    async with _proxy_to(server) as cuttable:
        yield cuttable


#: The pause between hands of :func:`paused_server`: a hand summary closed within it leaves
#: the table waiting for the next deal, not for the person.
HAND_PAUSE = 10.0


@pytest.fixture(scope="module")
def paused_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server like :func:`server` that pauses :data:`HAND_PAUSE` seconds between hands
    (the room's default is 2 s)."""
    with ServeProcess(
        tmp_path_factory.mktemp("paused"),
        *QUICK,
        "--hand-pause",
        str(HAND_PAUSE),
        "--cante-window",
        "0.4",
    ) as serve:
        yield serve.http


@pytest.fixture
async def paused_proxy(paused_server: str) -> AsyncIterator[CuttableProxy]:
    """A TCP proxy in front of :func:`paused_server` (closed after the test)."""
    async with _proxy_to(paused_server) as cuttable:
        yield cuttable


def _through(proxy: CuttableProxy) -> str:
    """The server's address through ``proxy``."""
    return f"http://127.0.0.1:{proxy.port}"


class _Bells(OnlineApp):
    """The online client, counting the bells it rings (the pilot's terminal has no sound)."""

    def __init__(self, options: OnlineOptions, *, lang: str = "es") -> None:
        super().__init__(options, lang=lang)
        self.bells = 0

    def bell(self) -> None:
        """Count the bell, and ring it."""
        self.bells += 1
        super().bell()


def _bots_app_through(
    proxy: CuttableProxy,
    name: str,
    *,
    lang: str = "en",
    rules: Rules | None = None,
    options: type[OnlineOptions] = OnlineOptions,
) -> _Bells:
    """A client at a table against three computer players, reaching the server by ``proxy``
    (``rules``: the table's, the client's default when ``None``; ``options``: the class of
    the client's options, :class:`_ShortTurns` for a table with short turns); it counts its
    bells."""
    rules = rules if rules is not None else Rules()  # the client's default rules
    return _Bells(options(server=_through(proxy), mode="bots", name=name, rules=rules), lang=lang)


async def _play_until(
    app: OnlineApp,
    pilot: Pilot[int],
    *,
    hands: int | None = None,
    on_summary: object = None,
    leave: bool = True,
) -> int:
    """Play as the human (greedy choices, by keys) until the match ends or ``hands`` hands.

    At the match-end panel, press Enter to leave (``leave``) or stop there. Returns the
    number of hand summaries seen.
    """
    summaries = 0
    while app.return_code is None:
        await wait_for(
            pilot,
            lambda: (
                app.return_code is not None
                or app.screen.name in ("hand-summary", "match-end")
                or human_turn(app)
            ),
            "the human's turn or a panel",
        )
        if app.return_code is not None:
            break
        if app.screen.name in ("hand-summary", "match-end"):
            # The panel is pushed; let it be on screen before reading or closing it.
            await wait_for(pilot, lambda: bool(app.screen.query("#message-footer")), "the panel")
        if app.screen.name == "hand-summary":
            summaries += 1
            if callable(on_summary):
                await on_summary()
            if hands is not None and summaries >= hands:
                return summaries
            await pilot.press("enter")
            continue
        if app.screen.name == "match-end":
            if not leave:
                return summaries
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.return_code is not None, "the app to exit")
            break
        view = app.view
        assert view is not None and view.seat == app.human_seat
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
    return summaries


async def test_a_whole_online_match_against_the_computer_survives_a_dropped_connection(
    proxy: CuttableProxy,
) -> None:
    app = _bots_app_through(proxy, "Ana", rules=Rules.exact(3))
    cuts: list[int] = []

    async def cut_once() -> None:
        if not cuts:
            cuts.append(proxy.cut())

    async with app.run_test(size=SIZE) as pilot:
        summaries = await _play_until(app, pilot, on_summary=cut_once)
    assert app.failure == ""
    assert app.return_code == 0
    assert cuts and cuts[0] >= 2  # the websocket (both legs) was open and got cut
    assert app.reconnections >= 1
    assert app.winner in (0, 1)
    assert app.match_score[app.winner] >= 3 > app.match_score[1 - app.winner]
    assert summaries >= 2
    assert app.info is not None and app.info.kind == "computer"
    assert [s.bot for s in app.info.seats].count(True) == 3


async def test_connection_restored_leaves_the_line_above_the_table_after_a_while(
    proxy: CuttableProxy,
) -> None:
    app = _bots_app_through(proxy, "Rui", rules=Rules.exact(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.view is not None, "the first deal")
        proxy.cut()
        await wait_for(pilot, lambda: app.notice == "Connection restored", "the seat back")
        # At 80x24 the notice takes one of the log's three rows: it goes, the log keeps it.
        await wait_for(pilot, lambda: app.notice == "", "the notice to go")
        assert "Connection restored" in log_text(app)
        assert not app.query_one("#notice", Static).display
        await pilot.press("ctrl+q")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the connection was lost and could not be restored"),
        ("es", "se perdió la conexión y no se pudo recuperar"),
    ],
)
async def test_a_connection_that_does_not_come_back_ends_the_client_saying_so(
    proxy: CuttableProxy, monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    # Few quick attempts, so that the client gives up within the test.
    monkeypatch.setattr(online, "RECONNECT_PAUSES", (0.05,))
    monkeypatch.setattr(online, "MAX_RECONNECTS", 2)
    app = _bots_app_through(proxy, "Iker", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.view is not None, "the first deal")
        proxy.refusing = True
        proxy.cut()
        await wait_for(pilot, lambda: app.return_code is not None, "the client to give up")
    assert app.return_code == 2
    # Not "reconnecting…": the client has stopped trying.
    assert app.failure.endswith(words), app.failure
    assert "…" not in app.failure


async def test_quick_match_seats_the_player_and_computer_players_fill_the_table(
    server: str,
) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="quick", name="Luis"), lang="es")
    async with app.run_test(size=SIZE) as pilot:
        assert await _play_until(app, pilot, hands=1) == 1
        assert app.info is not None and app.info.kind == "quick"
        assert sum(s.bot for s in app.info.seats) == 3
        panel = plain(app.screen.query_one("#message", Static).content)  # type: ignore[arg-type]
        assert "Fin de la mano" in panel
        assert "Ganamos nosotros: +" in panel or "Ganan ellos: +" in panel
        await pilot.press("ctrl+q")
    assert app.table_id is not None


@pytest.fixture(scope="module")
def slow_fill_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose quick match waits 30 s for people before computer players fill it."""
    with ServeProcess(tmp_path_factory.mktemp("slow-fill"), *QUICK, "--quick-fill", "30") as serve:
        yield serve.http


def _fill_seconds(said: str) -> int:
    """The seconds of "computers fill in N s" in the quick match's waiting words."""
    return int(said.rsplit(" ", 2)[1])


async def test_a_quick_match_says_it_looks_for_players_not_that_it_waits_at_a_table(
    slow_fill_server: str,
) -> None:
    first = OnlineApp(OnlineOptions(server=slow_fill_server, mode="quick", name="Paco"), lang="en")
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "of 4" in first.waiting_text, "the queue's status")
        said = first.waiting_text
        assert said.startswith("Looking for players… 1 of 4 ready · computers fill in ")
        assert "table" not in said and "(1/4)" not in said
        assert 0 < _fill_seconds(said) <= 30
        # The fill wait is counted down, on the status line too.
        await wait_for(
            pilot,
            lambda: _fill_seconds(first.waiting_text) < _fill_seconds(said),
            "the countdown to tick",
        )
        status = plain(first.query_one("#status", Static).content)  # type: ignore[arg-type]
        assert status.startswith("Looking for players… 1 of 4 ready · computers fill in")
        await pilot.press("l")
        assert first.waiting_text.startswith("Buscando jugadores… 1 de 4 listos · la máquina")
        second = OnlineApp(
            OnlineOptions(server=slow_fill_server, mode="quick", name="Pepa"), lang="es"
        )
        async with second.run_test(size=(80, 24)) as second_pilot:
            await wait_for(
                second_pilot, lambda: "2 de 4 listos" in second.waiting_text, "the second's wait"
            )
            await wait_for(pilot, lambda: "2 de 4 listos" in first.waiting_text, "one more ready")
            assert second.table_id is None and first.table_id is None
            await second_pilot.press("ctrl+q")
        await pilot.press("ctrl+q")


async def test_a_private_table_shows_its_code_and_takes_computer_players(server: str) -> None:
    options = OnlineOptions(server=server, mode="private", rules=Rules.exact(3), name="Marta")
    app = OnlineApp(options, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.info is not None, "the table to be created")
        assert app.info is not None and app.info.code
        assert app.info.code in app.notice
        for expected_bots in (1, 2, 3):
            await pilot.press("a")
            await wait_for(
                pilot,
                lambda n=expected_bots: (
                    app.info is not None  # type: ignore[misc]
                    and sum(s.bot for s in app.info.seats) >= n
                ),
                "a computer player to sit",
            )
        await wait_for(pilot, lambda: app.view is not None, "the first deal")
        await _play_until(app, pilot, hands=1)
        await pilot.press("ctrl+q")


async def test_l_says_the_invite_code_and_the_wait_in_the_other_language(server: str) -> None:
    options = OnlineOptions(server=server, mode="private", rules=Rules.exact(3), name="Lola")
    app = OnlineApp(options, lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.info is not None, "the table to be created")
        assert app.info is not None and app.info.code
        code = app.info.code
        assert app.notice == f"Código de la mesa privada: {code} · a: sentar a la máquina"
        assert f"Esperando jugadores en la mesa {code}" in plain(app.render_actions())
        await pilot.press("l")
        await pilot.pause()
        assert app.notice == f"Private table code: {code} · a: add a computer player"
        assert f"Waiting for players at table {code}" in plain(app.render_actions())
        shown = plain(app.query_one("#notice", Static).content)  # type: ignore[arg-type]
        assert shown.startswith("Private table code")
        await pilot.press("ctrl+q")


async def test_a_second_player_joins_a_private_table_by_its_code(server: str) -> None:
    host = OnlineApp(
        OnlineOptions(server=server, mode="private", rules=Rules.exact(3), name="Marta"),
        lang="es",
    )
    async with host.run_test(size=SIZE) as host_pilot:
        await wait_for(host_pilot, lambda: host.info is not None, "the table to be created")
        assert host.info is not None
        code = host.info.code
        guest = OnlineApp(
            OnlineOptions(server=server, mode="private", code=code, name="Bruno"), lang="en"
        )
        async with guest.run_test(size=SIZE) as guest_pilot:
            await wait_for(guest_pilot, lambda: guest.info is not None, "the guest to sit")
            await wait_for(
                host_pilot,
                lambda: host.info is not None and any(s.name == "Bruno" for s in host.info.seats),
                "the host to see the guest",
            )
            for expected_bots in (1, 2):
                await host_pilot.press("a")
                await wait_for(
                    host_pilot,
                    lambda n=expected_bots: (
                        host.info is not None  # type: ignore[misc]
                        and sum(s.bot for s in host.info.seats) >= n
                    ),
                    "a computer player to sit",
                )
            await wait_for(host_pilot, lambda: host.view is not None, "the deal (host)")
            await wait_for(guest_pilot, lambda: guest.view is not None, "the deal (guest)")
            assert host.view is not None and guest.view is not None
            assert (host.view.seat, guest.view.seat) == (host.human_seat, guest.human_seat)
            assert host.human_seat != guest.human_seat
            assert set(host.view.hand).isdisjoint(guest.view.hand)
            assert host.seat_name(guest.human_seat) == "Bruno"
            assert "Bruno" in plain(host.render_table())
            await guest_pilot.press("ctrl+q")
        await wait_for(
            host_pilot,
            lambda: "Bruno se ha desconectado" in log_text(host),
            "the host to hear that the guest left",
        )
        await host_pilot.press("ctrl+q")


def _keys(text: str) -> list[str]:
    """The keys that type ``text`` (a space is the ``space`` key)."""
    return ["space" if char == " " else char for char in text]


async def _type(pilot: Pilot[int], text: str) -> None:
    """Type ``text`` key by key."""
    await pilot.press(*_keys(text))


@contextlib.asynccontextmanager
async def _marta_and_bruno(
    server: str,
) -> AsyncIterator[tuple[OnlineApp, Pilot[int], OnlineApp, Pilot[int]]]:
    """Marta (in Spanish) creates a private table and Bruno (in English) joins it by its
    code; both clients and their pilots, once each sees the other seated. Both leave with
    ``ctrl+q`` afterwards."""
    host = OnlineApp(
        OnlineOptions(server=server, mode="private", rules=Rules.exact(3), name="Marta"),
        lang="es",
    )
    async with host.run_test(size=(80, 24)) as host_pilot:
        await wait_for(host_pilot, lambda: host.info is not None, "the table to be created")
        assert host.info is not None
        guest = OnlineApp(
            OnlineOptions(server=server, mode="private", code=host.info.code, name="Bruno"),
            lang="en",
        )
        async with guest.run_test(size=(80, 24)) as guest_pilot:
            await wait_for(guest_pilot, lambda: guest.info is not None, "the guest to sit")
            await wait_for(
                host_pilot,
                lambda: host.info is not None and any(s.name == "Bruno" for s in host.info.seats),
                "the host to see the guest",
            )
            yield host, host_pilot, guest, guest_pilot
            await guest_pilot.press("ctrl+q")
        await host_pilot.press("ctrl+q")


async def test_two_players_chat_at_a_table_and_the_servers_refusal_is_one_line(
    server: str,
) -> None:
    async with _marta_and_bruno(server) as (host, host_pilot, guest, guest_pilot):
        chat = host.query_one("#chat-input", Input)
        assert not chat.display
        # `t` opens the line; what is typed goes into it, not to the table (no `a`).
        await host_pilot.press("t")
        assert chat.display and host.focused is chat
        assert "Intro envía" in chat.placeholder
        await host_pilot.pause()
        # One row at the foot of the screen, below the log, which keeps its rows.
        assert chat.region.height == 1 and chat.region.bottom == 24
        assert host.query_one("#log").region.height >= 3
        await _type(host_pilot, "hola a todos")
        assert chat.value == "hola a todos"
        await host_pilot.press("enter")
        assert not chat.display and chat.value == ""
        said = "Marta: hola a todos"
        await wait_for(guest_pilot, lambda: said in log_text(guest), "the guest to read it")
        await wait_for(host_pilot, lambda: said in log_text(host), "the host's own line")
        assert host.info is not None and not any(s.bot for s in host.info.seats)
        # A quick phrase (↓ puts the first one in) is read in each reader's language.
        await guest_pilot.press("t", "down", "enter")
        await wait_for(host_pilot, lambda: "Bruno: ¡Hola!" in log_text(host), "the phrase")
        await wait_for(guest_pilot, lambda: "Bruno: Hello!" in log_text(guest), "in English")
        # Esc closes the line unsent, and the keys are the table's again.
        await guest_pilot.press("t")
        await _type(guest_pilot, "not this")
        await guest_pilot.press("escape")
        assert not guest.query_one("#chat-input", Input).display
        await guest_pilot.press("l")
        assert guest.texts.lang == "es"
        # The server takes five lines in ten seconds: the sixth is refused, in one line.
        for n in range(4):
            await host_pilot.press("t")
            await _type(host_pilot, f"linea {n}")
            await host_pilot.press("enter")
        await wait_for(host_pilot, lambda: "Marta: linea 3" in log_text(host), "4 lines more")
        await host_pilot.press("t")
        await _type(host_pilot, "una de mas")
        await host_pilot.press("enter")
        refused = "Mensaje no enviado: demasiados mensajes seguidos; espera un momento"
        await wait_for(host_pilot, lambda: refused in log_text(host), "the refusal")
        assert "una de mas" not in log_text(host)
        await guest_pilot.pause(0.3)
        assert "not this" not in log_text(host) + log_text(guest)
        assert "una de mas" not in log_text(guest)


async def _say(pilot: Pilot[int], text: str) -> None:
    """Open the chat line, type ``text`` and send it."""
    await pilot.press("t")
    await _type(pilot, text)
    await pilot.press("enter")


async def test_mute_hides_a_persons_chat_and_unmute_shows_it_again(server: str) -> None:
    async with _marta_and_bruno(server) as (host, host_pilot, guest, guest_pilot):
        # The chat line says how; a name not at the table gets the names that are.
        await host_pilot.press("t")
        assert "/mute NOMBRE" in host.query_one("#chat-input", Input).placeholder
        await _type(host_pilot, "/mute Nadie")
        await host_pilot.press("enter")
        assert "¿A quién? /mute y /unmute llevan el nombre de alguien de la mesa: Bruno" in (
            log_text(host)
        )
        await _say(host_pilot, "/silencio")
        assert "Orden desconocida /silencio: /mute NOMBRE, /unmute NOMBRE" in log_text(host)
        await _say(host_pilot, "/mute bruno")
        muted = "Ya no ves la charla de Bruno (/unmute Bruno la vuelve a mostrar)"
        await wait_for(host_pilot, lambda: muted in log_text(host), "the mute")
        await _say(guest_pilot, "can you hear me")
        await wait_for(guest_pilot, lambda: "Bruno: can you hear me" in log_text(guest), "his line")
        # The muted line reaches the host as a numbered event without its body.
        said = guest.last_seq
        await wait_for(host_pilot, lambda: host.last_seq >= said, "the muted line's event")
        assert "can you hear me" not in log_text(host)
        # A place names a person too (Bruno sits at the host's right: East).
        await _say(host_pilot, "/unmute este")
        await wait_for(
            host_pilot, lambda: "Vuelves a ver la charla de Bruno" in log_text(host), "unmute"
        )
        await _say(guest_pilot, "and now")
        await wait_for(host_pilot, lambda: "Bruno: and now" in log_text(host), "his line")
        assert "can you hear me" not in log_text(host)
        assert "/mute" not in log_text(guest) and "/silencio" not in log_text(guest)
        # In English the same words are English.
        await _say(guest_pilot, "/mute Ana")
        assert "Whom? /mute and /unmute take the name of a person at the table: Marta" in (
            log_text(guest)
        )


async def test_a_mute_of_ones_own_seat_is_answered_in_the_log_and_not_sent(server: str) -> None:
    async with _marta_and_bruno(server) as (host, host_pilot, guest, guest_pilot):
        assert host.link is not None and guest.link is not None
        # By name, by the start of it, or by the place (whatever the case): one clear line,
        # and no command goes (every command takes the next id).
        before = int(host.link.next_id().rsplit("-", 1)[-1])
        for who in ("/mute Marta", "/unmute marta", "/mute sur"):
            await _say(host_pilot, who)
        own = "No puedes silenciarte: tu propia charla nunca se te oculta"
        assert log_text(host).count(own) == 3
        after = int(host.link.next_id().rsplit("-", 1)[-1])
        assert after == before + 1 and not host.muted_seats
        # The start of a name that is only one's own is oneself too; in English the same.
        await _say(guest_pilot, "/mute Bru")
        assert "You cannot mute yourself: your own chat is never hidden from you" in (
            log_text(guest)
        )
        assert not guest.muted_seats


@contextlib.asynccontextmanager
async def _marta_at_a_public_table(
    server: str,
) -> AsyncIterator[tuple[OnlineApp, Pilot[int], Player, Player, Player]]:
    """Marta creates a public table from one device (``marta``) with Bruno at seat 1 and Eve
    watching, then opens the terminal client (in Spanish), which takes her seat: the client,
    its pilot, and the three test clients. The client leaves with ``ctrl+q`` afterwards."""
    token = await guest_token(server, "Marta")
    ws = "ws://" + server.split("://", 1)[1] + "/ws"
    marta = Player("Marta", token, ws)
    bruno = Player("Bruno", await guest_token(server, "Bruno"), ws)
    eve = Player("Eve", await guest_token(server, "Eve"), ws)
    try:
        for player in (marta, bruno, eve):
            await player.connect()
        created = await marta.command({"type": "create_table", "options": {}, "seat": 0})
        table = created["table"]
        code = (await marta.next("sync"))["info"]["code"]
        assert (await bruno.command({"type": "join", "code": code, "seat": 1}))["type"] == "ack"
        assert (await eve.command({"type": "subscribe", "table": table}))["type"] == "ack"
        app = OnlineApp(OnlineOptions(server=server, mode="private"), lang="es", token=token)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.info is not None, "the table")
            assert app.table_id == table
            yield app, pilot, marta, bruno, eve
            await pilot.press("ctrl+q")
    finally:
        for player in (marta, bruno, eve):
            await player.close()


async def _bruno_and_eve_say(
    app: OnlineApp, pilot: Pilot[int], bruno: Player, eve: Player, said: str
) -> None:
    """Bruno (seated) says ``said`` and Eve (a spectator) says "mirando" at the app's table;
    both lines are in the app's log."""
    table = app.table_id
    await bruno.command({"type": "chat", "table": table, "text": said})
    await eve.command({"type": "chat", "table": table, "text": "mirando"})
    shown = (f"Bruno: {said}", "Eve: mirando")
    await wait_for(pilot, lambda: all(s in log_text(app) for s in shown), "both lines")


async def test_a_mute_takes_the_lines_already_shown_and_spectators_are_muted_at_once(
    server: str,
) -> None:
    async with _marta_at_a_public_table(server) as (app, pilot, _, bruno, eve):
        table = app.table_id
        await _bruno_and_eve_say(app, pilot, bruno, eve, "hola")
        # Muting Bruno takes his line out of the log at once; Eve's stays.
        await _say(pilot, "/mute bruno")
        muted = "Ya no ves la charla de Bruno (/unmute Bruno la vuelve a mostrar)"
        await wait_for(pilot, lambda: muted in log_text(app), "the mute")
        assert "Bruno: hola" not in log_text(app) and "Eve: mirando" in log_text(app)
        # Every spectator at once, by the word of either language.
        await _say(pilot, "/mute espectadores")
        done = "Ya no ves la charla de los espectadores (/unmute espectadores la vuelve"
        await wait_for(pilot, lambda: done in log_text(app), "the spectators' mute")
        assert "Eve: mirando" not in log_text(app) and app.muted_spectators
        said = (await eve.command({"type": "chat", "table": table, "text": "¿y?"}))["seq"]
        await wait_for(pilot, lambda: app.last_seq >= said, "the muted line's event")
        assert "¿y?" not in log_text(app)
        await _say(pilot, "/unmute spectators")
        back = "Vuelves a ver la charla de los espectadores"
        await wait_for(pilot, lambda: back in log_text(app), "the spectators' unmute")
        await eve.command({"type": "chat", "table": table, "text": "ya"})
        await wait_for(pilot, lambda: "Eve: ya" in log_text(app), "her next line")
        # The lines hidden do not come back: the server never sent their text.
        assert "mirando" not in log_text(app) and "Bruno: hola" not in log_text(app)
        # A name not at the table gets the word for the spectators too.
        await _say(pilot, "/mute Nadie")
        assert "espectadores: todos los que miran)" in log_text(app)
        await pilot.press("l")
        await _say(pilot, "/mute spectators")
        english = "The spectators' chat is hidden (/unmute spectators shows it again)"
        await wait_for(pilot, lambda: english in log_text(app), "the mute in English")


async def test_a_mute_made_on_another_connection_reaches_the_client_at_once(
    server: str,
) -> None:
    async with _marta_at_a_public_table(server) as (app, pilot, marta, bruno, eve):
        table = app.table_id
        await _bruno_and_eve_say(app, pilot, bruno, eve, "antes")
        seq = app.last_seq
        # Marta mutes Bruno, then the spectators, on her other device: the client knows at
        # once (no sync comes), and their lines go from the log.
        mute = {"type": "mute", "table": table, "seat": 1, "on": True}
        assert (await marta.command(mute))["type"] == "ack"
        await wait_for(pilot, lambda: app.muted_seats == {1}, "the mute")
        assert "Bruno: antes" not in log_text(app) and "Eve: mirando" in log_text(app)
        mute = {"type": "mute", "table": table, "spectators": True, "on": True}
        assert (await marta.command(mute))["type"] == "ack"
        await wait_for(pilot, lambda: app.muted_spectators, "the spectators' mute")
        assert "Eve: mirando" not in log_text(app)
        assert app.muted_seats == {1} and app.last_seq == seq


async def test_a_spectator_who_mutes_the_spectators_keeps_their_own_lines(server: str) -> None:
    ws = "ws://" + server.split("://", 1)[1] + "/ws"
    marta = Player("Marta", await guest_token(server, "Marta"), ws)
    eve = Player("Eve", await guest_token(server, "Eve"), ws)
    try:
        for player in (marta, eve):
            await player.connect()
        created = {"type": "create_table", "options": {"public": True}, "seat": 0}
        table = (await marta.command(created))["table"]
        assert (await eve.command({"type": "subscribe", "table": table}))["type"] == "ack"
        watch = OnlineOptions(server=server, mode="watch", watch=table, name="Pia")
        app = OnlineApp(watch, lang="es")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.info is not None, "the table")
            await _say(pilot, "hola")
            await eve.command({"type": "chat", "table": table, "text": "mirando"})
            shown = ("Pia: hola", "Eve: mirando")
            await wait_for(pilot, lambda: all(s in log_text(app) for s in shown), "both lines")
            # Pia, a spectator, mutes the spectators: Eve's line goes, hers stays.
            await _say(pilot, "/mute espectadores")
            await wait_for(pilot, lambda: app.muted_spectators, "the spectators' mute")
            assert "Eve: mirando" not in log_text(app) and "Pia: hola" in log_text(app)
            # So do the lines said after it: hers are shown, Eve's are not.
            await _say(pilot, "sigo")
            await wait_for(pilot, lambda: "Pia: sigo" in log_text(app), "her next line")
            said = (await eve.command({"type": "chat", "table": table, "text": "¿y?"}))["seq"]
            await wait_for(pilot, lambda: app.last_seq >= said, "the muted line's event")
            assert "¿y?" not in log_text(app)
            await pilot.press("ctrl+q")
    finally:
        for player in (marta, eve):
            await player.close()


async def _close_the_panel(pilot: Pilot[int], app: OnlineApp) -> None:
    """Close the panel on screen with Enter once it is drawn."""
    panel = app.screen
    await wait_for(pilot, lambda: bool(panel.query("#message-footer")), "the panel")
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.screen is not panel, "the panel to close")


async def _to_a_play_turn(pilot: Pilot[int], app: OnlineApp, cards: int = 1) -> None:
    """Play as the human (greedy choices, by keys) until his turn to play a card holding
    ``cards`` cards: his last card of a hand by default, 5 for his first (a hand he sits out
    is skipped: its summary is closed)."""
    while True:
        await wait_for(
            pilot,
            lambda: app.screen.name == "hand-summary" or human_turn(app),
            "the human's turn or the hand summary",
        )
        if app.screen.name == "hand-summary":
            await _close_the_panel(pilot, app)
            continue
        view = app.view
        assert view is not None
        if view.phase is Phase.PLAY and len(view.hand) == cards:
            return
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))


async def _play_held(pilot: Pilot[int], app: _Bells, proxy: CuttableProxy, *keys: str) -> None:
    """Make the person's move (greedy, by its key) with the table's answer held back by
    ``proxy``; press ``keys`` (a chat line being typed, the help), and only then let the
    answer come: what follows the move comes over what the keys did. The bells are counted
    from here (one may have rung on the way: a hand summary over the next hand's bid)."""
    app.bells = 0
    view = app.view
    assert view is not None
    proxy.hold()
    await pilot.press(key_for(app, greedy_action(view)))
    await pilot.press(*keys)
    proxy.release()


async def _summary_over(
    pilot: Pilot[int], app: _Bells, proxy: CuttableProxy, *keys: str
) -> MessageScreen:
    """Play to the last card of a hand and play it with the hand's end held back, pressing
    ``keys`` meanwhile (:func:`_play_held`): the hand summary opens over what the keys did.
    Returns the summary, once drawn."""
    await _to_a_play_turn(pilot, app)
    await _play_held(pilot, app, proxy, *keys)
    await wait_for(pilot, lambda: app.screen.name == "hand-summary", "the hand summary")
    panel = app.screen
    assert isinstance(panel, MessageScreen)
    await wait_for(pilot, lambda: bool(panel.query("#message-footer")), "the panel")
    return panel


async def test_a_chat_line_being_typed_survives_a_hand_summary_and_typing_resumes(
    paused_proxy: CuttableProxy,
) -> None:
    app = _bots_app_through(paused_proxy, "Lola", lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await _summary_over(pilot, app, paused_proxy, "t", *_keys("buena mano"))
        chat = app.query_one("#chat-input", Input)
        # The keys are the panel's now: they scroll it and switch its language, and the
        # line keeps what was typed.
        await pilot.press("down", "x", "l")
        assert app.texts.lang == "en"
        assert chat.value == "buena mano"
        # The next hand is not dealt yet: the move is nobody's.
        assert app.view is not None and app.view.phase is Phase.FINISHED
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is not panel, "the panel to close")
        # Back at the table the line is open, with the cursor in it: typing goes on.
        assert chat.display and app.focused is chat and chat.value == "buena mano"
        await _type(pilot, ", pareja")
        await pilot.press("enter")
        said = "Lola: buena mano, pareja"
        await wait_for(pilot, lambda: said in log_text(app), "the line sent whole")
        assert not chat.display
        await pilot.press("ctrl+q")


@pytest.mark.parametrize(
    ("lang", "waiting"),
    [("en", "Waiting for the next hand…"), ("es", "Esperando a la mano siguiente…")],
)
async def test_between_hands_the_table_says_the_next_hand_comes_not_press_enter(
    paused_proxy: CuttableProxy, lang: str, waiting: str
) -> None:
    app = _bots_app_through(paused_proxy, "Nora", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_a_play_turn(pilot, app)
        assert app.view is not None
        await press_and_wait(pilot, app, key_for(app, greedy_action(app.view)))
        await wait_for(pilot, lambda: app.screen.name == "hand-summary", "the hand summary")
        await _close_the_panel(pilot, app)
        # The server deals the next hand by itself (after its pause): at the table Enter
        # does nothing, and the choices line must not ask for it.
        view = app.view
        assert view is not None and view.phase is Phase.FINISHED
        actions = plain(app.render_actions())
        assert waiting in actions
        assert "Enter" not in actions and "Intro" not in actions
        await pilot.press("enter")
        assert app.view is view and app.screen.name != "hand-summary"
        await pilot.press("ctrl+q")


@pytest.mark.parametrize(
    ("lang", "full"),
    [
        ("en", "A chat line holds at most 200 characters: no more fits"),
        ("es", "Un mensaje tiene como mucho 200 caracteres: no cabe más"),
    ],
)
async def test_typing_past_the_chat_limit_says_that_the_line_is_full(
    server: str, lang: str, full: str
) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="bots", name="Pepa"), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.view is not None, "the deal")
        await pilot.press("t")
        chat = app.query_one("#chat-input", Input)
        # Pasted (as a terminal pastes), then typed.
        chat.post_message(events.Paste("a" * 198))
        await pilot.press("a")
        assert chat.value == "a" * 199
        assert full not in log_text(app)
        # The 200th character fits; the next ones do not, and the log says so, once.
        await pilot.press("b", "c", "d")
        assert chat.value == "a" * 199 + "b"
        assert log_text(app).count(full) == 1
        # Room again, and full again: said again.
        await pilot.press("backspace", "e", "f")
        assert chat.value == "a" * 199 + "e"
        assert log_text(app).count(full) == 2
        await pilot.press("enter")
        sent = "Pepa: " + "a" * 199 + "e"
        await wait_for(pilot, lambda: sent in log_text(app).replace("\n", ""), "the full line sent")
        await pilot.press("ctrl+q")


async def _events_after(player: Player, table: str, seq: int) -> None:
    """Wait until ``player`` has followed ``table`` to event ``seq``."""
    async with asyncio.timeout(60):
        while player.seq.get(table, 0) < seq:
            await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def _ana_and_two_computers(
    tmp_path: Path,
) -> AsyncIterator[tuple[ServeProcess, Player, str, str]]:
    """A server of its own, where a seat left by its person goes to a computer player at once
    (grace 0.2 s), with Ana (a raw client) at a private table with computer players at seats
    2 and 3: the server, Ana, the table and its invite code. Ana is closed afterwards."""
    with ServeProcess(tmp_path, *QUICK, "--grace", "0.2", "--cante-window", "0") as serve:
        ana = Player("Ana", await guest_token(serve.http, "Ana"), serve.ws)
        await ana.connect()
        try:
            rules = {"rules": "hands20", "bot_level": "easy"}
            created = await ana.command(
                {"type": "create_table", "options": rules, "seat": 0, "bots": [2, 3]}
            )
            table = created["table"]
            code = (await ana.next("sync"))["info"]["code"]
            yield serve, ana, table, code
        finally:
            await ana.close()


async def test_a_newcomer_reads_the_recent_chat_once_even_when_a_reconnection_sends_it_again(
    tmp_path: Path,
) -> None:
    async with _ana_and_two_computers(tmp_path) as (serve, ana, table, code):
        said = await ana.command({"type": "chat", "table": table, "text": "hola, Bruno"})
        assert said["type"] == "ack", said
        proxy = CuttableProxy(serve.port)
        await proxy.start()
        options = OnlineOptions(server=_through(proxy), mode="private", code=code, name="Bruno")
        bruno = OnlineApp(options, lang="es")
        try:
            async with bruno.run_test(size=SIZE) as pilot:
                # Said before Bruno sat down: the table's recent chat shows it to him.
                first = "Ana: hola, Bruno"
                await wait_for(pilot, lambda: first in log_text(bruno), "the earlier line")
                await wait_for(pilot, lambda: bruno.view is not None, "the deal")
                # Computer players take both seats; Bruno's connection is down while the
                # table plays on, longer than the server replays event by event: the
                # reconnection gets a sync, whose recent chat holds the first line again.
                assert (await ana.command({"type": "leave", "table": table}))["type"] == "ack"
                proxy.refusing = True
                proxy.cut()
                gone = bruno.last_seq
                second = await ana.command({"type": "chat", "table": table, "text": "¿sigues?"})
                assert second["type"] == "ack", second
                await _events_after(ana, table, gone + 300)
                proxy.refusing = False
                later = "Ana: ¿sigues?"
                await wait_for(pilot, lambda: later in log_text(bruno), "the line said meanwhile")
                log = log_text(bruno)
                assert log.count(first) == 1 and log.count(later) == 1
                assert log.index(first) < log.index(later)
                await pilot.press("ctrl+q")
        finally:
            await proxy.close()


async def test_a_line_said_twice_is_read_twice_and_no_line_twice_after_a_reconnection(
    tmp_path: Path,
) -> None:
    async with _ana_and_two_computers(tmp_path) as (serve, ana, table, code):
        assert (await ana.command({"type": "chat", "table": table, "text": "otra"}))["seq"]
        # Spectators who chat too (each may say 5 lines in 10 seconds).
        watchers = [
            Player(f"Vera{n}", await guest_token(serve.http, f"Vera{n}"), serve.ws)
            for n in range(6)
        ]
        for watcher in watchers:
            await watcher.connect()
            await watcher.command({"type": "subscribe", "table": table})
        proxy = CuttableProxy(serve.port)
        await proxy.start()
        options = OnlineOptions(server=_through(proxy), mode="private", code=code, name="Bruno")
        bruno = OnlineApp(options, lang="es")
        try:
            async with bruno.run_test(size=SIZE) as pilot:
                await wait_for(pilot, lambda: "Ana: otra" in log_text(bruno), "the first line")
                await wait_for(pilot, lambda: bruno.view is not None, "the deal")
                assert (await ana.command({"type": "leave", "table": table}))["type"] == "ack"
                proxy.refusing = True
                proxy.cut()
                gone = bruno.last_seq
                # While Bruno is away Ana says the same again, and 29 lines follow: the
                # reconnection's sync holds the table's last 30, which start with a line
                # just like the last one Bruno read, and is not it.
                again = await ana.command({"type": "chat", "table": table, "text": "otra"})
                assert again["type"] == "ack", again
                for n in range(29):
                    line = {"type": "chat", "table": table, "text": f"línea {n}"}
                    assert (await watchers[n // 5].command(line))["type"] == "ack"
                await _events_after(ana, table, gone + 300)
                proxy.refusing = False
                last = "Vera5: línea 28"
                await wait_for(pilot, lambda: last in log_text(bruno), "the lines said meanwhile")
                lines = log_text(bruno).splitlines()
                assert lines.count("Ana: otra") == 2  # said twice: read twice
                for n in range(29):
                    assert lines.count(f"Vera{n // 5}: línea {n}") == 1
                said = [i for i, line in enumerate(lines) if line == "Ana: otra"]
                assert said[1] < lines.index("Vera0: línea 0")
                await pilot.press("ctrl+q")
        finally:
            await proxy.close()
            for player in watchers:
                await player.close()


async def test_a_mute_made_elsewhere_is_known_from_the_sync(server: str) -> None:
    token = await guest_token(server, "Marta")
    ws = "ws://" + server.split("://", 1)[1] + "/ws"
    marta = Player("Marta", token, ws)
    bruno = Player("Bruno", await guest_token(server, "Bruno"), ws)
    for player in (marta, bruno):
        await player.connect()
    created = await marta.command({"type": "create_table", "options": {}, "seat": 0})
    table = created["table"]
    code = (await marta.next("sync"))["info"]["code"]
    assert (await bruno.command({"type": "join", "code": code, "seat": 1}))["type"] == "ack"
    assert (await bruno.command({"type": "chat", "table": table, "text": "antes"}))["seq"]
    # Marta mutes Bruno on another device; then she opens the terminal client, which takes
    # her seat back.
    muted = await marta.command({"type": "mute", "table": table, "seat": 1, "on": True})
    assert muted["type"] == "ack", muted
    app = OnlineApp(OnlineOptions(server=server, mode="private"), lang="es", token=token)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.info is not None, "the table")
            assert app.table_id == table and app.muted_seats == {1}
            known = "Tienes oculta la charla de Bruno (/unmute NOMBRE la vuelve a mostrar)"
            assert known in log_text(app)
            assert "antes" not in log_text(app)
            # Unmuted on the other device: the next sync says so, and says nothing more.
            unmute = {"type": "mute", "table": table, "seat": 1, "on": False}
            assert (await marta.command(unmute))["type"] == "ack"
            await pilot.press("ctrl+q")
        again = OnlineApp(OnlineOptions(server=server, mode="private"), lang="en", token=token)
        async with again.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "Bruno: antes" in log_text(again), "his line")
            assert again.muted_seats == set()
            assert "hidden" not in log_text(again)
            await pilot.press("ctrl+q")
    finally:
        await marta.close()
        await bruno.close()


async def test_the_seats_say_free_computer_or_offline_and_only_a_return_is_back(
    server: str, proxy: CuttableProxy
) -> None:
    host = OnlineApp(
        OnlineOptions(server=server, mode="private", rules=Rules.exact(3), name="Marta"),
        lang="en",
    )
    async with host.run_test(size=(80, 24)) as host_pilot:
        await wait_for(host_pilot, lambda: host.info is not None, "the table to be created")
        assert host.info is not None
        assert plain(host.render_table()).count("free") == 3
        guest = OnlineApp(
            OnlineOptions(
                server=_through(proxy),
                mode="private",
                code=host.info.code,
                name="Bruno",
            ),
            lang="en",
        )
        async with guest.run_test(size=(80, 24)) as guest_pilot:
            await wait_for(
                host_pilot,
                lambda: host.info is not None and any(s.name == "Bruno" for s in host.info.seats),
                "the host to see the guest",
            )
            await host_pilot.press("a")
            await wait_for(
                host_pilot,
                lambda: host.info is not None and sum(s.bot for s in host.info.seats) == 1,
                "a computer player to sit",
            )
            table = plain(host.render_table())
            assert "Bruno" in table and table.count("free") == 1
            assert table.count("computer") == 1
            # The guest's network fails, and stays down until the host has seen it.
            proxy.refusing = True
            proxy.cut()
            await wait_for(
                host_pilot, lambda: "Bruno disconnected" in log_text(host), "the guest gone"
            )
            assert "offline" in plain(host.render_table())
            assert host.seat_note(guest.human_seat) == "offline"
            proxy.refusing = False
            await wait_for(host_pilot, lambda: "Bruno is back" in log_text(host), "the return")
            assert "offline" not in plain(host.render_table())
            # Sitting down was not coming back: one "is back", after the one "disconnected".
            assert log_text(host).count("is back") == 1
            await guest_pilot.press("ctrl+q")
        await host_pilot.press("ctrl+q")


async def test_a_rematch_starts_a_new_match_at_the_same_table(server: str) -> None:
    options = OnlineOptions(server=server, mode="bots", rules=Rules.exact(3), name="Eva")
    app = OnlineApp(options, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await _play_until(app, pilot, leave=False)
        assert app.screen.name == "match-end" and app.winner is not None
        table = app.table_id
        await pilot.press("r")
        await wait_for(
            pilot,
            lambda: (
                app.info is not None
                and app.info.match == 2
                and app.view is not None
                and app.view.score_before == (0, 0)
                and app.view.result is None
            ),
            "the second match's first deal",
        )
        assert app.table_id == table and app.winner is None and app.return_code is None
        assert app.match_score == (0, 0)
        await pilot.press("ctrl+q")


async def test_a_refused_guest_name_ends_the_client_with_the_servers_reason(server: str) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="bots", name="x"), lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.return_code is not None, "the client to give up")
    assert app.return_code == 2
    assert "guest login refused (400)" in app.failure and "3 to 20 characters" in app.failure
    # The server was reached: it refused, which is no failure to connect.
    assert app.failure.startswith("the server refused: ") and "Cannot connect" not in app.failure
    assert "\n" not in app.failure


REFUSALS = {
    ("watch", "en"): "no open table 't-nosuch'",
    ("watch", "es"): "no hay ninguna mesa abierta 't-nosuch'",
    ("code", "en"): "no table with code ABCDEF",
    ("code", "es"): "no hay ninguna mesa con el código ABCDEF",
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("asked", ["watch", "code"])
async def test_a_table_the_server_does_not_have_is_told_as_such_not_as_a_failure_to_connect(
    server: str, asked: str, lang: str
) -> None:
    if asked == "watch":
        options = OnlineOptions(server=server, mode="watch", watch="t-nosuch", name="Pia")
    else:
        # `cuatrola play --code abcdef` gives the code in capitals, as the server makes them.
        options = OnlineOptions(server=server, mode="private", code="ABCDEF", name="Pia")
    app = OnlineApp(options, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.return_code is not None, "the client to give up")
    assert app.return_code == 2
    assert app.failure == REFUSALS[asked, lang]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "table {table!r} is private: it cannot be watched"),
        ("es", "la mesa {table!r} es privada"),
    ],
)
async def test_watching_a_private_table_is_refused_in_plain_words(
    server: str, lang: str, words: str
) -> None:
    async with _public_computer_table(server, public=False) as (table, _host):
        options = OnlineOptions(server=server, mode="watch", watch=table, name="Pia")
        app = OnlineApp(options, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: app.return_code is not None, "the client to give up")
    assert app.return_code == 2
    assert app.failure.startswith(words.format(table=table))


def _clock_seconds(app: OnlineApp) -> int | None:
    """The seconds the action line's turn clock shows, or ``None`` without a clock."""
    status = plain(app.render_actions())
    if "⏱" not in status:
        return None
    return int(status.split("⏱", 1)[1].split("s", 1)[0])


@pytest.mark.parametrize(
    ("lang", "notice"), [("en", "Connection restored"), ("es", "Conexión recuperada")]
)
async def test_the_turn_clock_follows_the_server_and_is_resynced_after_a_reconnection(
    proxy: CuttableProxy, lang: str, notice: str
) -> None:
    app = _bots_app_through(proxy, "Iker", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: human_turn(app), "the human's turn")
        shown = _clock_seconds(app)
        # The table's turn time is 30 s; the server's clock counts it down.
        assert shown is not None and 0 < shown <= 30
        assert app.info is not None and app.info.options.turn_time == 30
        reconnections = app.reconnections
        assert notice not in log_text(app)
        proxy.cut()
        await wait_for(pilot, lambda: app.reconnections > reconnections, "a reconnection")
        await wait_for(pilot, lambda: human_turn(app), "the human's turn again")
        await wait_for(pilot, lambda: notice in log_text(app), "the reconnected notice")
        again = _clock_seconds(app)
        # The same turn's deadline, told again by the server: never reset to 30 s.
        assert again is not None and again <= shown
        await pilot.press("ctrl+q")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the server does not accept the name {name!r}"),
        ("es", "el servidor no acepta el nombre {name!r}"),
    ],
)
def test_a_name_the_server_refuses_is_told_before_the_interface_opens(
    server: str, registered: str, lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from cuatrola.cli import main

    # A well-formed name that a registered player holds: only the server can refuse it to a
    # guest; no interface opens.
    name = registered
    assert main(["play", "--server", server, "--name", name, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err == f"cuatrola play: {words.format(name=name)}\n"
    # A reserved name the client knows from the server's rule: told before connecting.
    assert main(["play", "--server", server, "--name", "admin", "--lang", lang]) == 2
    assert "admin" in capsys.readouterr().err


def test_names_of_two_words_or_of_another_alphabet_pass_the_client_and_the_server(
    server: str,
) -> None:
    from cuatrola.clients.remote import guest_login
    from cuatrola.protocol.names import name_problem, normal_name

    # The client checks with the server's own rule, so it lets through what the server takes.
    # (Guests only: the module's server limits password attempts from one address.)
    for name in ("José María", "สมศักดิ์", "ผู้เล่นไทย", "山田ヤマダ"):
        assert name_problem(normal_name(name)) is None, name
        assert guest_login(server, name)


# Registered players ----------------------------------------------------------------------------

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def registered(server: str) -> str:
    """A registered player's name (its password is :data:`PASSWORD`)."""
    name = f"Reg{random.randint(10000, 99999)}"
    account_login(server, name, PASSWORD, register=True)
    return name


async def test_a_registered_player_logs_in_and_sits_under_its_own_name(
    server: str,
    registered: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # No $CUATROLA_PASSWORD: the password is asked on the terminal, in the interface language.
    monkeypatch.delenv(PASSWORD_VARIABLE, raising=False)
    prompts: list[str] = []

    def typed(prompt: str) -> str:
        prompts.append(prompt)
        return PASSWORD

    monkeypatch.setattr(getpass, "getpass", typed)
    args = argparse.Namespace(server=server, login=registered.lower(), register=None)
    token = play.login(args, registered.lower(), Texts("en"))
    assert isinstance(token, str), capsys.readouterr().err
    assert prompts == [f"Password for {registered.lower()}: "]
    options = OnlineOptions(server=server, mode="bots", rules=Rules.exact(3), name=registered)
    app = OnlineApp(options, lang="en", token=token)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.view is not None, "the first deal")
        assert app.user is not None and app.user.name == registered and not app.user.guest
        assert app.info is not None
        seat = app.info.seats[app.human_seat]
        assert (seat.name, seat.user) == (registered, app.user.id)
        await pilot.press("ctrl+q")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "wrong password or unknown player: {name!r}"),
        ("es", "contraseña incorrecta o jugador desconocido: {name!r}"),
    ],
)
@pytest.mark.parametrize("who", ["registered", "unknown"])
def test_a_wrong_password_or_unknown_player_is_one_line_before_the_interface(
    server: str,
    registered: str,
    lang: str,
    words: str,
    who: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cuatrola.cli import main

    name = registered if who == "registered" else "Nobody42"
    monkeypatch.setenv(PASSWORD_VARIABLE, "not the password")
    assert main(["play", "--server", server, "--login", name, "--lang", lang]) == 2
    assert capsys.readouterr().err == f"cuatrola play: {words.format(name=name)}\n"


def test_registering_a_taken_name_is_one_line_before_the_interface(
    server: str,
    registered: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cuatrola.cli import main

    monkeypatch.setenv(PASSWORD_VARIABLE, PASSWORD)
    assert main(["play", "--server", server, "--register", registered, "--lang", "es"]) == 2
    said = f"cuatrola play: el nombre {registered!r} ya está registrado\n"
    assert capsys.readouterr().err == said


# Spectators ------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def _public_computer_table(
    server: str, *, public: bool = True
) -> AsyncIterator[tuple[str, str]]:
    """A public (or, with ``public=False``, private) table against three computer players,
    its person playing random legal moves (a table needs a person to start). Yields the table
    id and that person's name."""
    name = f"Host{random.randint(10000, 99999)}"
    token = await guest_token(server, name)
    host = Player(name, token, "ws://" + server.split("://", 1)[1] + "/ws")
    await host.connect()
    options = {"rules": "exact3", "bot_level": "easy", "turn_time": 30, "public": public}
    ack = await host.command({"type": "play_computer", "options": options})
    assert ack["type"] == "ack", ack
    playing = asyncio.create_task(host.play(random.Random(7)))
    try:
        yield ack["table"], name
    finally:
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing
        await host.close()


async def _check_spectating(app: OnlineApp, pilot: Pilot[int], table: str, host: str) -> None:
    """The spectator follows ``table``: seats by name and level, no hand, no prompts."""
    await wait_for(
        pilot,
        lambda: app.info is not None and app.info.id == table and app.view is not None,
        "the spectator's first view",
    )
    assert app.human_seat == SPECTATOR_SEAT and app.choices() == []
    seq, log = app.last_seq, log_text(app)
    await wait_for(
        pilot, lambda: app.last_seq >= seq + 4 and log_text(app) != log, "the table to go on"
    )
    assert app.view is not None and app.view.hand == ()
    drawn = plain(app.render_table())
    assert host in drawn
    levels = {"en": "(computer, easy)", "es": "(máquina, fácil)"}[app.texts.lang]
    assert app.info is not None
    names = [app.seat_name(s.seat) for s in app.info.seats]
    assert sorted(n.endswith(levels) for n in names) == [False, True, True, True]
    assert host in names and all(n in drawn for n in names)
    you = {"en": "You", "es": "Tú"}[app.texts.lang]
    assert you not in drawn.split() and you not in log_text(app).split()
    prompts = {"en": "Your turn", "es": "Tu turno"}[app.texts.lang]
    assert prompts not in plain(app.render_actions())
    no_hand = {"en": "spectator", "es": "espectador"}[app.texts.lang]
    assert no_hand in plain(app.render_hand())
    # Once watching, the status line is the table's: its rules and the teams' score.
    status = plain(app.render_status())
    assert {"en": "to exactly 3", "es": "a 3 exactos"}[app.texts.lang] in status
    assert {"en": "South-North", "es": "Sur-Norte"}[app.texts.lang] in status
    await pilot.press("q")
    await wait_for(pilot, lambda: app.return_code is not None, "the spectator to leave")
    assert app.return_code == 0 and app.failure == ""


@pytest.mark.parametrize(("lang", "title"), [("en", "Open tables"), ("es", "Mesas abiertas")])
async def test_a_spectator_picks_a_table_from_the_lobby_and_follows_it(
    server: str, lang: str, title: str
) -> None:
    async with _public_computer_table(server) as (table, host):
        app = OnlineApp(OnlineOptions(server=server, mode="watch", name="Mirona"), lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(
                pilot,
                lambda: app.lobby is not None and any(t.id == table for t in app.lobby),
                "the table in the lobby list",
            )
            listed = plain(app.render_table())
            assert title in listed and table in listed and host in listed
            assert app.lobby is not None
            for _ in range(len(app.lobby)):
                if app.lobby[app.lobby_cursor].id == table:
                    break
                await pilot.press("down")
            assert app.lobby[app.lobby_cursor].id == table
            await pilot.press("enter")
            await _check_spectating(app, pilot, table, host)


async def test_watch_with_a_table_id_follows_that_table_directly(server: str) -> None:
    async with _public_computer_table(server) as (table, host):
        options = OnlineOptions(server=server, mode="watch", watch=table, name="Mirona")
        app = OnlineApp(options, lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await _check_spectating(app, pilot, table, host)
        assert app.lobby is None


@pytest.mark.parametrize(
    ("lang", "hint", "table_words"),
    [
        ("en", "Choose a table to watch", ("to exactly", "hand 1", "South-North", "0 – 0")),
        ("es", "Elige una mesa para mirar", ("exactos", "mano 1", "Sur-Norte", "0 – 0")),
    ],
)
async def test_the_lobbys_status_line_says_nothing_of_a_table_before_one_is_chosen(
    server: str, lang: str, hint: str, table_words: tuple[str, ...]
) -> None:
    async with _public_computer_table(server) as (table, _host):
        app = OnlineApp(OnlineOptions(server=server, mode="watch", name="Mirona"), lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(
                pilot,
                lambda: app.lobby is not None and any(t.id == table for t in app.lobby),
                "the table in the lobby list",
            )
            await pilot.pause()
            status = plain(app.query_one("#status", Static).content)  # type: ignore[arg-type]
            assert hint in status and "?" in status
            for words in table_words:
                assert words not in status
            await pilot.press("q")
            await wait_for(pilot, lambda: app.return_code is not None, "the client to leave")


async def test_q_leaves_the_lobby_list_without_a_failure(server: str) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="watch", name="Mirona"), lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.lobby is not None, "the lobby list")
        assert "q: leave" in plain(app.render_actions())
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None, "the client to leave")
    assert app.return_code == 0 and app.failure == ""


async def test_an_illegal_key_gets_the_same_explanation_as_offline(server: str) -> None:
    options = OnlineOptions(server=server, mode="bots", rules=Rules.exact(3), name="Ivo")
    app = OnlineApp(options, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        card, screen_said, table_said = await explain_an_illegal_card(app, pilot)
        # The screen's own word, as offline; then the server's table refuses the card with
        # the words of the offline table (the same cuatrola.table.Table).
        assert screen_said == " ".join(app.obligation_text().split())
        refused = f"{format_action(card)} is not legal for seat {app.human_seat}: "
        assert table_said.startswith(" ".join(app.texts("illegal", reason=refused).split()))
        assert app.failure == "" and app.return_code is None
        # Each key is taken once: `l` switches the language (twice would switch it back).
        await pilot.press("l")
        assert app.texts.lang == "es"
        await pilot.press("ctrl+q")


# The next hand behind the hand summary -----------------------------------------------------------

#: A move's time at the tables of :class:`_ShortTurns` (the room's default is 30 s): enough to
#: see the clock in the panel, short enough for the panel to close by itself within a test.
SHORT_TURN = 18.0


class _ShortTurns(OnlineOptions):
    """Online options whose table gives each move :data:`SHORT_TURN` seconds (the client has
    no option for it; the server's clock is what the test is about)."""

    def table_options(self) -> TableOptions:
        """The usual options with the short turn time."""
        return msgspec.structs.replace(super().table_options(), turn_time=SHORT_TURN)


def _footer(panel: MessageScreen) -> str:
    return plain(panel.footer)


async def _a_stray_enter_chooses_nothing(pilot: Pilot[int], app: OnlineApp) -> None:
    """Just after a panel closed by itself for the person's move, Enter (meant for the panel)
    does not bid or play the choice under the cursor: the move is still to make."""
    seq, view = app.last_seq, app.view
    await pilot.press("enter")
    await pilot.pause(0.3)
    assert app.last_seq == seq and app.view is view and human_turn(app)


async def test_a_hand_summary_shows_the_next_hands_clock_and_closes_before_it_runs_out(
    server: str,
) -> None:
    # No pause between hands: the next hand is dealt as the summary opens, as the room's
    # 2 s pause does while a person reads it.
    app = OnlineApp(_ShortTurns(server=server, mode="bots", name="Nora"), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _play_until(app, pilot, hands=1) == 1
        panel = app.screen
        assert isinstance(panel, MessageScreen) and panel.name == "hand-summary"
        await wait_for(
            pilot,
            lambda: "Your turn in the next hand" in _footer(panel),
            "the panel to say that the next hand waits for the person",
        )
        shown = int(_footer(panel).split("⏱", 1)[1].split("s", 1)[0])
        assert PANEL_CLOSE_SECONDS < shown <= SHORT_TURN
        assert "closes by itself" in _footer(panel)
        # The clock runs in the panel, as it does on the table.
        await wait_for(
            pilot,
            lambda: f"⏱ {shown} s" not in _footer(panel) or app.screen is not panel,
            "the panel's clock to tick",
        )
        await wait_for(
            pilot,
            lambda: app.screen is not panel,
            "the panel to close by itself",
            seconds=SHORT_TURN,
        )
        # The move is still the person's, with time to make it, and the summary is in the log.
        assert human_turn(app)
        left = app.turn_seconds_left()
        assert left is not None and 5 < left <= PANEL_CLOSE_SECONDS
        log = log_text(app)
        assert "Hand over" in log and "Your turn: the hand's summary is just above" in log
        await _a_stray_enter_chooses_nothing(pilot, app)
        view = app.view
        assert view is not None
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
        assert "your time ran out" not in log_text(app)
        await pilot.press("ctrl+q")


async def test_enter_takes_the_player_from_the_hand_summary_to_the_waiting_move(
    server: str,
) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="bots", name="Rita"), lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _play_until(app, pilot, hands=1) == 1
        panel = app.screen
        assert isinstance(panel, MessageScreen)
        await wait_for(
            pilot,
            lambda: "Te toca en la mano nueva: Intro para volver a la mesa" in _footer(panel),
            "the panel to say that the next hand waits for the person",
        )
        assert "⏱" in _footer(panel) and "se cierra solo" in _footer(panel)
        await pilot.press("enter")
        await wait_for(pilot, lambda: human_turn(app), "the table with the person's move")
        assert "⏱" in plain(app.render_actions())
        # Closed by the person: no note in the log, and the table's keys work at once.
        assert "el resumen de la mano está aquí arriba" not in log_text(app)
        view = app.view
        assert view is not None
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
        assert "se acabó tu tiempo" not in log_text(app)
        await pilot.press("ctrl+q")


# Where the keys go ------------------------------------------------------------------------------


#: How a panel that says "your turn" closes: by the person's Enter, or by itself.
CLOSINGS = ("enter", "itself")


async def _closed_for_the_turn(
    pilot: Pilot[int],
    app: OnlineApp,
    panel: MessageScreen | HelpScreen,
    closing: str,
    *,
    words: str = "Your turn in the next hand: Enter to go back to the table",
    note: str = "Your turn: the hand's summary is just above",
) -> None:
    """Once ``panel`` (the hand summary by default) says ``words``, that the move is the
    person's, close it as ``closing`` says (:data:`CLOSINGS`), and wait until the table has
    the keys; the log says ``note`` if, and only if, the panel closed by itself."""
    await wait_for(
        pilot,
        lambda: words in plain(panel.footer),
        "the panel to say that the move waits for the person",
    )
    if closing == "enter":
        await pilot.press("enter")
    await wait_for(
        pilot,
        lambda: app.screen is app.screen_stack[0] and not isinstance(app.focused, Input),
        f"the panel to close ({closing}) and the table to have the keys",
        seconds=SHORT_TURN,
    )
    assert (note in log_text(app)) == (closing == "itself")


@pytest.mark.parametrize("closing", CLOSINGS)
async def test_a_summary_closed_for_the_turn_gives_the_keys_to_the_table_and_keeps_the_chat_line(
    proxy: CuttableProxy, closing: str
) -> None:
    app = _bots_app_through(proxy, "Lola", options=_ShortTurns)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await _summary_over(pilot, app, proxy, "t", *_keys("good hand"))
        await _closed_for_the_turn(pilot, app, panel, closing)
        # The move is due: the line is put away with what was typed, and the log says so.
        chat = app.query_one("#chat-input", Input)
        assert not chat.display and app.focused is not chat
        assert chat.value == "good hand"
        assert "Your half-typed chat line is kept: t to go on typing it" in log_text(app)
        # The bid's key bids (it typed a letter into the line).
        view = app.view
        assert view is not None and human_turn(app)
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
        # One bell for the turn, rung over the summary; none again at the table.
        assert app.bells == 1
        # `t` opens the line as it was, the cursor after the text: typing goes on.
        await pilot.press("t")
        assert chat.display and app.focused is chat
        await _type(pilot, ", partner")
        await pilot.press("enter")
        said = "Lola: good hand, partner"
        await wait_for(pilot, lambda: said in log_text(app), "the line sent whole")
        await pilot.press("ctrl+q")


@pytest.mark.parametrize("closing", CLOSINGS)
async def test_a_summary_closed_for_the_turn_closes_the_help_it_covered(
    proxy: CuttableProxy, closing: str
) -> None:
    app = _bots_app_through(proxy, "Olga", options=_ShortTurns)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = await _summary_over(pilot, app, proxy, "question_mark")
        assert isinstance(app.screen_stack[-2], HelpScreen)
        await _closed_for_the_turn(pilot, app, panel, closing)
        # The table is on screen with the keys, not the help of the last hand.
        assert app.screen is app.screen_stack[0] and human_turn(app)
        view = app.view
        assert view is not None
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
        await pilot.press("ctrl+q")


async def _next_move_over(pilot: Pilot[int], app: _Bells, proxy: CuttableProxy, *keys: str) -> None:
    """Play the person's first card of a hand with the table's answer held back, pressing
    ``keys`` meanwhile (:func:`_play_held`): his next move, his next card, comes over what
    the keys did. Returns once it has come. In a hand where he holds a rey and caballo of a
    suit, a cante could be asked of him first (a decision of its own): the hand is played
    on, to the next."""
    while True:
        await _to_a_play_turn(pilot, app, cards=5)
        view = app.view
        assert view is not None
        if not any(mask_of(view.hand) & pair == pair for pair in CANTE_MASKS):
            break
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
    await _play_held(pilot, app, proxy, *keys)
    await wait_for(
        pilot, lambda: app.view is not view and bool(app.choices()), "the person's next move"
    )


#: What the help says, by language, when the person's move comes behind it: in its footer,
#: that the move is his, then when the help closes by itself; in the log, that it did.
HELP_TURN_WORDS = {
    "en": (
        "Your turn: Enter to go back to the table",
        "At 10 s left it closes by itself",
        "Your turn: the help closed by itself (? opens it after your move)",
    ),
    "es": (
        "Te toca: Intro para volver a la mesa",
        "Al quedar 10 s se cierra sola",
        "Te toca: la ayuda se ha cerrado sola (? la abre tras tu jugada)",
    ),
}


@pytest.mark.parametrize("closing", CLOSINGS)
@pytest.mark.parametrize("lang", sorted(HELP_TURN_WORDS))
async def test_the_help_says_when_the_turn_comes_behind_it_with_the_clock_and_one_bell(
    proxy: CuttableProxy, lang: str, closing: str
) -> None:
    words, closes, note = HELP_TURN_WORDS[lang]
    app = _bots_app_through(proxy, "Vera", lang=lang, options=_ShortTurns)
    async with app.run_test(size=(80, 24)) as pilot:
        await _next_move_over(pilot, app, proxy, "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        await wait_for(pilot, lambda: words in plain(help_screen.footer), "the help to say so")
        shown = int(plain(help_screen.footer).split("⏱", 1)[1].split("s", 1)[0])
        assert PANEL_CLOSE_SECONDS < shown <= SHORT_TURN
        assert closes in plain(help_screen.footer)
        # Below the help, on screen on 80x24.
        footer = help_screen.query_one("#help-footer", Static)
        await wait_for(
            pilot,
            lambda: footer.region.height >= 1 and footer.region.bottom <= 24,
            "the footer on screen",
        )
        assert app.bells == 1
        # The clock runs in the help; the bell rang once.
        await wait_for(
            pilot, lambda: f"⏱ {shown} s" not in plain(help_screen.footer), "the clock to tick"
        )
        assert app.bells == 1
        # Closed by Enter, or by itself in time for the move, as a hand summary is.
        await _closed_for_the_turn(pilot, app, help_screen, closing, words=words, note=note)
        assert human_turn(app)
        if closing == "itself":
            left = app.turn_seconds_left()
            assert left is not None and 5 < left <= PANEL_CLOSE_SECONDS
            await _a_stray_enter_chooses_nothing(pilot, app)
        view = app.view
        assert view is not None
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
        assert app.bells == 1
        await pilot.press("ctrl+q")


#: What the log says, by language, when `?` is pressed with 10 s or less of one's turn left.
HELP_NOT_NOW = {
    "en": "left to move: the help opens after your move",
    "es": "para jugar: la ayuda se abre tras tu jugada",
}


@pytest.mark.parametrize("lang", sorted(HELP_NOT_NOW))
async def test_the_help_does_not_open_with_ten_seconds_or_less_of_the_turn_left(
    server: str, lang: str
) -> None:
    app = OnlineApp(_ShortTurns(server=server, mode="bots", name="Irene"), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_turn(app), "the person's turn")
        await wait_for(
            pilot,
            lambda: (app.turn_seconds_left() or SHORT_TURN) <= PANEL_CLOSE_SECONDS - 1,
            "10 s or less of the turn left",
            seconds=SHORT_TURN,
        )
        # No help blinks open and shut: the log says why it does not open, with the time
        # left, and the table keeps the keys (Enter chooses at once: no key is held).
        await pilot.press("question_mark")
        assert app.screen is app.screen_stack[0] and len(app.screen_stack) == 1
        log = log_text(app)
        assert HELP_NOT_NOW[lang] in log
        left = int(log.split(HELP_NOT_NOW[lang])[0].rsplit(" s ", 1)[0].rsplit(" ", 1)[-1])
        assert 0 < left <= PANEL_CLOSE_SECONDS
        assert "(? opens it again" not in log and "(? la abre otra vez" not in log
        await press_and_wait(pilot, app, "enter")
        # Once the move is made the help opens as ever.
        await wait_for(pilot, lambda: not human_turn(app), "the move to be made")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "ctrl+q")


async def test_the_turn_coming_while_the_chat_line_is_typed_rings_the_bell_once(
    proxy: CuttableProxy,
) -> None:
    app = _bots_app_through(proxy, "Tina")
    async with app.run_test(size=(80, 24)) as pilot:
        await _next_move_over(pilot, app, proxy, "t", *_keys("nice"))
        chat = app.query_one("#chat-input", Input)
        # The line keeps the keys and what was typed; the choices line says whose move it
        # is, and the bell rings once: not again as the clock ticks.
        assert app.focused is chat and chat.value == "nice"
        assert "⏱" in plain(app.render_actions())
        assert app.bells == 1
        shown = _clock_seconds(app)
        await wait_for(pilot, lambda: _clock_seconds(app) != shown, "the clock to tick")
        assert app.bells == 1
        await _type(pilot, " one")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Tina: nice one" in log_text(app), "the line sent")
        view = app.view
        assert view is not None and human_turn(app)
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))
        assert app.bells == 1
        await pilot.press("ctrl+q")


async def test_tab_or_a_click_leaves_the_keys_in_the_open_chat_line(server: str) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="bots", name="Iris"), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_turn(app), "the person's bid")
        view = app.view
        await pilot.press("t")
        await _type(pilot, "so")
        chat = app.query_one("#chat-input", Input)
        # While the line is being typed, the choices line above the log says that the move
        # is the person's, with the clock.
        actions = app.query_one("#actions", Static)
        assert 0 < actions.region.bottom <= chat.region.y
        assert "Your bid:" in plain(app.render_actions()) and "⏱" in plain(app.render_actions())
        # Tab and a click on the log leave the keys in the line: "s" is no solo bid, "l" no
        # language switch.
        await pilot.press("tab")
        await _type(pilot, "lo")
        await pilot.click("#log")
        await _type(pilot, " s")
        await pilot.press("shift+tab", "l")
        await pilot.pause(0.3)
        assert app.focused is chat and chat.value == "solo sl"
        # No bid was made (the server may send the same view again, a new object: equal).
        assert app.view == view and human_turn(app) and app.texts.lang == "en"
        await pilot.press("ctrl+q")


async def test_after_the_chat_line_the_log_scrolls_with_the_page_keys_again(server: str) -> None:
    app = OnlineApp(OnlineOptions(server=server, mode="bots", name="Jana"), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: human_turn(app), "the person's bid")
        for n in range(4):
            await _say(pilot, f"line {n}")
        await wait_for(pilot, lambda: "Jana: line 3" in log_text(app), "the lines said")
        await pilot.press("t", "escape")
        log = app.query_one("#log", RichLog)
        assert 0 < log.max_scroll_y == log.scroll_y
        await pilot.press("pageup")
        await wait_for(pilot, lambda: log.scroll_y < log.max_scroll_y, "the log to scroll up")
        await pilot.press("end")
        await wait_for(pilot, lambda: log.scroll_y == log.max_scroll_y, "the log's end")
        await pilot.press("ctrl+q")

"""Online play: the table UI speaking the card room protocol (docs/protocol.md).

Flow: ``POST /api/guest`` (or ``/api/login``, ``/api/register``) for a session token
(docs/rest.md), then one websocket at ``/ws``: ``hello`` → ``welcome``; then, once, the chosen
way to a seat (``quick_match`` and wait for ``seated``; ``join`` a private table by code or
``create_table``; ``play_computer``) or, to watch, a table picked from the ``lobby`` list;
then ``subscribe``. The server's ``ack``, ``error``, ``sync`` and ``event`` messages go to
:class:`~cuatrola.clients.terminal.session.SessionApp`, the event path offline play shares:
each carries this seat's :class:`~cuatrola.protocol.views.HandView`, turned back into a core
:class:`~cuatrola.core.views.SeatView` (:func:`~cuatrola.protocol.views.view_from_wire`) and
drawn by the shared interface. This module adds the socket, the way to a seat, the lobby list
of a spectator and the turn clock's ticking.

The socket part is :class:`~cuatrola.clients.remote.RemoteClient`. Once there is a seat (or
a table to watch) to come back to, a dropped connection is resumed: the client reconnects with
a growing pause, says ``hello`` again and ``subscribe`` with ``since`` (the ``seq`` of the
last event processed); the server replays exactly the missed events (or sends a ``sync``).
Moves that were sent but not acknowledged are sent again with the same command id, which the
server applies at most once. A connection lost before that ends the client.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final

import msgspec
from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input
from websockets.exceptions import InvalidHandshake, InvalidURI

from cuatrola.ai.analysis import decode_hand

# The logins and the refusal belong to the protocol client; ``cuatrola play`` imports them
# from here too.
from cuatrola.clients.remote import ConnectionLost, Reconnect, RemoteClient, websocket_url
from cuatrola.clients.remote import LoginRefused as LoginRefused
from cuatrola.clients.remote import ServerRefused as ServerRefused
from cuatrola.clients.remote import account_login as account_login
from cuatrola.clients.remote import guest_login as guest_login
from cuatrola.clients.terminal.analysis import (
    analysis_lines,
    fetch_match_analysis,
    match_analysis_lines,
    with_analysis,
)
from cuatrola.clients.terminal.app import Choice, Drawing, MessageScreen, drawn
from cuatrola.clients.terminal.i18n import CATALOG, LANGUAGES
from cuatrola.clients.terminal.render import POSITIONS
from cuatrola.clients.terminal.session import SessionApp
from cuatrola.core.hand import HandResult, Phase
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol import ClientMessage
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import (
    MAX_CHAT_LEN,
    QUICK_PHRASES,
    Ack,
    AddBot,
    Chat,
    Contribute,
    CreateTable,
    Error,
    HandAnalysisReady,
    Join,
    Lobby,
    LobbySubscribe,
    LobbyUpdate,
    Mute,
    PlayComputer,
    QueueStatus,
    QuickMatch,
    Seated,
    ServerMessage,
    ShuffleCommitted,
    TableInfo,
    TableOptions,
    UserInfo,
)

#: The words ``/mute`` and ``/unmute`` take for every spectator, in any language.
SPECTATORS_WORDS: Final = frozenset(CATALOG[lang]["spectators_word"] for lang in LANGUAGES)
#: Pauses between reconnection attempts, in seconds (the last one repeats).
RECONNECT_PAUSES = (0.2, 0.5, 1.0, 2.0, 4.0)
#: Seconds "Connection restored" stays above the table (the log keeps it).
RESTORED_NOTICE_SECONDS = 5.0
#: Reconnection attempts before giving up.
MAX_RECONNECTS = 30
CLIENT_NAME = "terminal/1"
#: ``human_seat`` of a spectator. The screen puts seat ``(seat - human) % 4`` at each place,
#: so 4 draws the table as seen from seat 0 (South at the bottom), yet no seat is "you".
SPECTATOR_SEAT = 4
#: The lobby rows a spectator may pick (a finished or closed table has nothing to watch).
WATCHABLE = ("open", "playing")


@dataclass(frozen=True, slots=True)
class OnlineOptions:
    """How to reach a seat online.

    Attributes:
        server: the server's base address, ``http://host:port``.
        mode: ``quick`` (quick match), ``private`` (join by ``code``, or create a table),
            ``bots`` (play against three computer players) or ``watch`` (a spectator: the
            table ``watch``, or one picked from the lobby list).
        code: a private table's invite code to join.
        watch: the id of the table to watch (``mode="watch"``; ``None`` shows the lobby).
        name: the guest name (a random one when ``None``).
        level: the computer players' level for tables this client creates.
        rules: the rules for tables this client creates.
    """

    server: str
    mode: str = "quick"
    code: str | None = None
    watch: str | None = None
    name: str | None = None
    level: str = "medium"
    rules: Rules = Rules()

    @property
    def ws_url(self) -> str:
        """The websocket address (``ws://host:port/ws``)."""
        return websocket_url(self.server)

    def table_options(self) -> TableOptions:
        """The options of a table this client creates."""
        base = self.rules.name.removesuffix("-noquintola")
        return TableOptions(
            rules=base, quintola=self.rules.quintola, bot_level=self.level, public=False
        )


class ChatInput(Input):
    """The one-line chat input: Enter sends it (:meth:`OnlineApp.on_input_submitted`), Esc
    closes it unsent, ``↑``/``↓`` put a quick phrase in it (in the interface's language)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False),
        Binding("up", "phrase(-1)", show=False),
        Binding("down", "phrase(1)", show=False),
    ]

    def __init__(self, *, max_length: int, id: str) -> None:
        # Focused again (``t`` after the line was put away), the line keeps its cursor after
        # the text: with the text selected, the next key would replace what was typed.
        super().__init__(max_length=max_length, id=id, select_on_focus=False)
        self._phrase = -1
        #: The line as it was when the log last said that it is full (said once, not at
        #: every key pressed against the limit).
        self._full_told: str | None = None

    def restricted(self) -> None:
        """A key (or a paste) did not fit in the line, the server's limit: ring the bell and
        say so in the log, once while the line stays as it is."""
        super().restricted()
        app = self.app
        if isinstance(app, OnlineApp) and self.value != self._full_told:
            self._full_told = self.value
            app.log_line(app.texts("chat_full", limit=self.max_length), style="yellow")

    def action_cancel(self) -> None:
        """Close the chat line without sending it."""
        self._phrase = -1
        app = self.app
        if isinstance(app, OnlineApp):
            app.close_chat()

    def action_phrase(self, step: int) -> None:
        """Put the next (``step`` 1) or previous (-1) quick phrase in the line."""
        app = self.app
        if not isinstance(app, OnlineApp):
            return
        self._phrase = (self._phrase + step) % len(QUICK_PHRASES)
        self.value = app.texts(f"phrase_{QUICK_PHRASES[self._phrase]}")
        self.cursor_position = len(self.value)


class OnlineApp(SessionApp):
    """The table UI for a seat in the online card room.

    Args:
        options: where and how to play.
        lang: ``"es"`` or ``"en"``.
        token: a session token already obtained (``cuatrola play`` logs in before the
            interface opens, so a refused name is told on the command line); ``None`` logs
            in as a guest on start.
    """

    # The chat line takes one row, below the log, only while it is open.
    CSS = (
        SessionApp.CSS
        + """
    #chat-input { height: 1; border: none; padding: 0 1; background: $boost; }
    """
    )

    def __init__(
        self, options: OnlineOptions, *, lang: str = "es", token: str | None = None
    ) -> None:
        watching = options.mode == "watch"
        super().__init__(
            lang=lang, rules=options.rules, human_seat=SPECTATOR_SEAT if watching else 0
        )
        self.options = options
        #: A spectator: no seat, no hand, no prompts; ``q`` leaves.
        self.watching = watching
        #: Who the server says we are (from ``welcome``).
        self.user: UserInfo | None = None
        #: The lobby's watchable tables while the spectator picks one (``None``: not picking).
        self.lobby: list[TableInfo] | None = None
        self.lobby_cursor = 0
        self._picked: asyncio.Future[str] | None = None
        self._token = token
        #: A one-line reason when the client could not connect at all (the command exits 2).
        self.failure: str = ""
        #: How many times the connection was re-established.
        self.reconnections = 0
        #: The connection to the server (once logged in).
        self.link: RemoteClient | None = None
        self._seated: asyncio.Future[Seated] | None = None
        #: When computer players fill the quick match's free seats (``time.monotonic``).
        self._fill_at: float | None = None
        self._leaving = False
        #: The hand summaries waiting for their analysis, by (match id, hand number), and
        #: the hands whose analysis was shown (a reconnection gets the latest one again).
        self._hand_panels: dict[tuple[str, int], tuple[MessageScreen, Drawing]] = {}
        self._analyses_shown: set[tuple[str, int]] = set()

    # Lifecycle ---------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Start the connection."""
        super().on_mount()
        self.waiting_text = self.say("online_connecting", server=self.options.server)
        self.refresh_all()
        self.run_worker(self._run(), name="connection", group="network")
        self.set_interval(1.0, self._tick)

    async def _run(self) -> None:
        token = self._token
        if token is None:
            name = self.options.name or f"Jugador{random.randint(100, 9999)}"
            try:
                token = await asyncio.to_thread(guest_login, self.options.server, name)
            except LoginRefused as exc:
                # The server answered, and said no.
                self._fail(self.texts("online_refused", reason=str(exc)))
                return
            except ConnectionError as exc:
                self._give_up(str(exc))
                return
        link = RemoteClient(
            self.options.ws_url,
            token,
            client=CLIENT_NAME,
            on_message=self._receive,
            on_drop=self._dropped,
            on_resume=self._resumed,
        )
        self.link = link
        try:
            await self._session(link)
            failure = await link.wait_closed()
        finally:
            await link.close()
        if self._leaving or failure is None:
            return
        if isinstance(failure, ServerRefused):
            if self.winner is None:
                self._refused(failure.error)
            # else the match is over (its table may be gone): nothing to resume
        elif isinstance(failure, ConnectionLost):
            # Every attempt to come back failed: the client stops trying, and says so.
            self._give_up(self.texts("online_lost"))
        else:
            self._give_up(str(failure) or type(failure).__name__)

    async def _session(self, link: RemoteClient) -> None:
        """Hello, the way to a seat (or a table to watch), then subscribe; a failure on the
        way ends the client (:meth:`_give_up`)."""
        try:
            welcome = await link.connect()
            self.user = welcome.user
            if self.table_id is None and welcome.tables and not self.watching:
                self.table_id = welcome.tables[0]  # resume a seat we already hold
            if self.table_id is None:
                await self._find_seat()
            assert self.table_id is not None
            # From here on there is a table to come back to: a dropped connection is resumed.
            link.reconnect = Reconnect(RECONNECT_PAUSES, MAX_RECONNECTS)
            await link.subscribe(self.table_id)
        except ServerRefused as exc:
            # Connected, and the server said no: its reason, not "cannot connect".
            self._refused(exc.error)
            await link.close()
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            # Never seated: nothing to resume, so say why and stop.
            self._give_up(str(exc) or type(exc).__name__)
            await link.close()
        else:
            self.refresh_all()

    def _dropped(self, reconnecting: bool) -> None:
        if reconnecting:
            self.notice = self.say("online_reconnecting")
            self.refresh_all()
            return
        # Whoever waits for the server learns at once that this connection is gone.
        for waiting in (self._seated, self._picked):
            if waiting is not None and not waiting.done():
                waiting.set_exception(ConnectionLost("connection lost"))

    def _resumed(self) -> None:
        assert self.link is not None
        self.user = self.link.user
        self.reconnections = self.link.reconnections
        # Said once the seat is back (the clock comes re-synced in the sync).
        self.notice = self.say("online_reconnected")
        self.log_line(self.texts("online_reconnected"), style="green")
        self.refresh_all()
        # The notice takes a row from the log (three lines at 80x24): not for the whole match.
        self.set_timer(RESTORED_NOTICE_SECONDS, self._restored_notice_done)

    def _restored_notice_done(self) -> None:
        """Give the line above the table back to the table (unless the connection dropped
        again meanwhile)."""
        if self._notice == self.say("online_reconnected"):
            self.notice = self._table_notice
            self.refresh_all()

    def _give_up(self, reason: str) -> None:
        """The server could not be reached (or the connection was lost for good): end the
        client with status 2, saying so."""
        self._fail(self.texts("online_failed", server=self.options.server, reason=reason))

    def _refused(self, error: Error) -> None:
        """The server refused the way to a seat (or to the table to watch): end the client
        with status 2 and its reason in the person's words."""
        self._fail(self.refusal_text(error))

    def _fail(self, failure: str) -> None:
        if self._leaving:
            return  # the user left (say, ``q`` in the lobby list): closing is no failure
        self.failure = failure
        self.exit(return_code=2)

    def refusal_text(self, error: Error) -> str:
        """A refusal in plain words: the usual ones (no such table or code, a private table to
        watch, a full table) in the interface's language, others as the server words them."""
        options = self.options
        table = self.table_id or options.watch or ""
        if error.code == ErrorCode.NOT_FOUND and options.mode == "private" and options.code:
            return self.texts("refused_no_code", code=options.code)
        if error.code == ErrorCode.NOT_FOUND and self.watching:
            return self.texts("refused_no_table", table=table)
        if error.code == ErrorCode.FORBIDDEN and self.watching:
            return self.texts("refused_private", table=table)
        if error.code == ErrorCode.TABLE_FULL:
            return self.texts("refused_full")
        return self.texts("online_refused", reason=error.message)

    async def _find_seat(self) -> None:
        mode = self.options.mode
        if mode == "watch":
            await self._pick_table()
        elif mode == "quick":
            self._seated = asyncio.get_running_loop().create_future()
            self.waiting_text = self.say("quick_looking")
            self.refresh_all()
            await self._request(QuickMatch(id=self._next_id(), on=True))
            seated = await self._seated
            self.table_id, self.human_seat = seated.table, seated.seat
        elif mode == "private" and self.options.code is not None:
            ack = await self._request(Join(id=self._next_id(), code=self.options.code))
            self._take_seat(ack)
        elif mode == "private":
            ack = await self._request(
                CreateTable(id=self._next_id(), options=self.options.table_options(), seat=0)
            )
            self._take_seat(ack)
        else:
            options = self.options.table_options()
            ack = await self._request(PlayComputer(id=self._next_id(), options=options))
            self._take_seat(ack)

    async def _pick_table(self) -> None:
        """The table to watch: the one asked for, or the one picked from the lobby list."""
        if self.options.watch is not None:
            self.table_id = self.options.watch
            return
        self._picked = asyncio.get_running_loop().create_future()
        self.lobby = []
        self.waiting_text = self.say("watch_choose")
        self.refresh_all()
        await self._send(LobbySubscribe(on=True))
        table = await self._picked
        self.lobby = None
        # The list is not needed while watching: stop its updates.
        await self._send(LobbySubscribe(on=False))
        self.table_id = table
        self.waiting_text = self.say("online_waiting", table=table)
        self.refresh_all()

    def _take_seat(self, ack: Ack) -> None:
        if ack.table is None or ack.seat is None:
            raise ServerRefused(Error(code="invalid", message="the server gave no seat"))
        self.table_id, self.human_seat = ack.table, ack.seat

    # The chat ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The table screen, and the chat line below it (hidden until ``t``)."""
        yield from super().compose()
        chat = ChatInput(max_length=MAX_CHAT_LEN, id="chat-input")
        chat.display = False
        yield chat

    def open_chat(self) -> None:
        """``t``: open the chat line at the table (nothing to say to before there is one)."""
        if self.table_id is None or self.lobby is not None or self.link is None:
            self.log_line(self.texts("chat_no_table"), style="dim")
            return
        chat = self.query_one("#chat-input", ChatInput)
        chat.placeholder = self.texts("chat_placeholder")
        chat.display = True
        chat.focus()

    def close_chat(self) -> None:
        """Close the chat line, forgetting what was typed in it; the keys go to the table."""
        self.query_one("#chat-input", ChatInput).value = ""
        self.focus_table()

    def focus_table(self) -> None:
        """Give the keys to the table; an open chat line is put away, keeping what was typed
        in it for the next ``t`` (the log says so)."""
        chat = self.query_one("#chat-input", ChatInput)
        if chat.display:
            chat.display = False
            if chat.value:
                self.log_line(self.texts("chat_kept"), style="dim")
        super().focus_table()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """While the chat line is open, it keeps the keys until Enter or Esc: Tab, or a click
        on the log, would move them to the table behind a line that still shows, and the
        letters typed next would bid or sing there."""
        chat = self.query_one("#chat-input", ChatInput)
        widget = event.widget
        if chat.display and widget is not chat and widget.screen is chat.screen:
            chat.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the chat line: send it (a quick phrase as the phrase, which every reader
        sees in his own language) and close the line; an empty line sends nothing."""
        event.stop()
        text = event.value.strip()
        self.close_chat()
        if not text or self.table_id is None:
            return
        if text.startswith("/"):
            self._chat_command(text)
            return
        phrase = next((p for p in QUICK_PHRASES if self.texts(f"phrase_{p}") == text), None)
        try:
            chat = Chat(
                id=self._next_id(),
                table=self.table_id,
                text=None if phrase else text,
                phrase=phrase,
            )
        except ValueError:
            # Not one printable line of 1..200 characters: the server would refuse it too.
            reason = self.texts("chat_invalid", limit=MAX_CHAT_LEN)
            self.log_line(self.texts("chat_refused", reason=reason), style="red")
            return
        self.run_worker(self._chat(chat), group="network")

    async def _chat(self, chat: Chat) -> None:
        """Send a chat line; the server's refusal (too many lines, ...) is one log line."""
        reason = await self._chat_request(chat)
        # Taken: the line comes back as the table's chat event, to everybody.
        if reason is not None:
            self.log_line(self.texts("chat_refused", reason=reason), style="red")

    async def _chat_request(self, message: Chat | Mute) -> str | None:
        """Send a chat line or a mute: ``None`` once the server took it, else why not, in
        the interface's language where it can be."""
        try:
            await self._request(message)
        except ServerRefused as exc:
            return self._chat_refusal(exc.error)
        except (ConnectionLost, TimeoutError):
            return self.texts("chat_lost")
        return None

    def _chat_command(self, text: str) -> None:
        """A chat line that starts with ``/``: ``/mute WHO`` hides the chat of a person at the
        table, ``/unmute WHO`` shows it again (``WHO``: the name, or the place the table
        shows, ``Este``/``East``..., or the word for the spectators, in either language, for
        every spectator at once); anything else is said to be no command, and not sent."""
        command, _, who = text.partition(" ")
        if command.lower() not in ("/mute", "/unmute"):
            self.log_line(self.texts("chat_unknown_command", command=command), style="red")
            return
        assert self.table_id is not None
        on = command.lower() == "/mute"
        if who.strip().casefold() in SPECTATORS_WORDS:
            mute = Mute(id=self._next_id(), table=self.table_id, spectators=True, on=on)
            self.run_worker(self._mute(mute, None), group="network")
            return
        people = self._chat_people()
        me = self._own_name()
        if me is not None and self._chat_person(who.strip(), {**people, self.human_seat: me}) == (
            self.human_seat
        ):
            # One's own chat is never hidden from oneself (the server refuses such a mute);
            # only a mute of this seat made before sitting in it may be undone.
            if on or self.human_seat not in self.muted_seats:
                self.log_line(self.texts("mute_self"), style="red")
                return
            people = {self.human_seat: me}
        if not people:
            self.log_line(self.texts("mute_nobody"), style="red")
            return
        seat = self._chat_person(who.strip(), people)
        if seat is None:
            names = ", ".join(people.values())
            self.log_line(self.texts("mute_who", names=names), style="red")
            return
        mute = Mute(id=self._next_id(), table=self.table_id, seat=seat, on=on)
        self.run_worker(self._mute(mute, people[seat]), group="network")

    def _chat_people(self) -> dict[int, str]:
        """The people at the table whose chat may be muted (not computer players, not this
        person), by seat: their names as the table shows them."""
        if self.info is None:
            return {}
        return {
            s.seat: self.seat_name(s.seat)
            for s in self.info.seats
            if s.user is not None and s.seat != self.human_seat and not s.bot
        }

    def _own_name(self) -> str | None:
        """This person's name at the table, as ``/mute`` may name them; ``None`` for a
        spectator (whose chat is a spectator's, not a seat's)."""
        if self.watching or self.info is None or self.human_seat >= len(self.info.seats):
            return None
        return self.info.seats[self.human_seat].name or self.texts("compass_south")

    def _chat_person(self, who: str, people: dict[int, str]) -> int | None:
        """The seat of ``who`` among ``people``: a name, or a place (``Norte``, ``East``...),
        whatever the case; also the start of one name when no other starts so."""
        wanted = who.casefold()
        if not wanted:
            return None
        named: dict[int, list[str]] = {}
        for seat, name in people.items():
            place = self.texts(f"compass_{POSITIONS[(seat - self.human_seat) % 4]}")
            own = self.info.seats[seat].name if self.info is not None else None
            named[seat] = [n.casefold() for n in (name, own, place) if n]
        exact = [seat for seat, names in named.items() if wanted in names]
        if len(exact) == 1:
            return exact[0]
        starting = [seat for seat, names in named.items() if names[0].startswith(wanted)]
        return starting[0] if len(starting) == 1 and not exact else None

    async def _mute(self, mute: Mute, name: str | None) -> None:
        """Send a ``mute`` of the person ``name`` (``None``: of the spectators); say what it
        did (or why the server refused it) in one line."""
        reason = await self._chat_request(mute)
        if name is None:
            refused, done = "mute_spectators_refused", "spectators_muted"
            undone = "spectators_unmuted"
        else:
            refused, done, undone = "mute_refused", "mute_done", "unmute_done"
        if reason is not None:
            self.log_line(self.texts(refused, name=name, reason=reason), style="red")
            return
        # The server's ``muted`` says the same to every connection of this person; this one
        # may read it before or after the ack, so both set it.
        seats, spectators = set(self.muted_seats), self.muted_spectators
        if mute.seat is None:
            spectators = mute.on
        elif mute.on:
            seats.add(mute.seat)
        else:
            seats.discard(mute.seat)
        self.set_muted(seats, spectators)
        self.log_line(self.texts(done if mute.on else undone, name=name))

    def _chat_refusal(self, error: Error) -> str:
        """Why the server refused a chat line, in the interface's language when it is one of
        the chat's refusals (docs/protocol.md), else as the server words it."""
        if error.code == ErrorCode.RATE_LIMITED:
            return self.texts("chat_too_fast")
        if error.code == ErrorCode.INVALID:
            return self.texts("chat_invalid", limit=MAX_CHAT_LEN)
        if error.code == ErrorCode.FORBIDDEN:
            return self.texts("chat_forbidden")
        return error.message

    # Sending -----------------------------------------------------------------------------------

    def _next_id(self) -> str:
        assert self.link is not None
        return self.link.next_id()

    async def _send(self, message: ClientMessage) -> None:
        if self.link is None:
            raise ConnectionLost("not connected")
        await self.link.send(message)

    async def _request(self, message: ClientMessage) -> Ack:
        """Send a command and wait for its ``ack``.

        Raises:
            ServerRefused: when the server answers with an ``error``.
        """
        assert self.link is not None
        return await self.link.request(message)

    def _post(self, message: ClientMessage) -> None:
        """Send a command in the background (a lost connection resends it)."""
        self.run_worker(self._send_quietly(message), group="network")

    def _shuffle_committed(self, commit: ShuffleCommitted) -> None:
        """Send this seat's random value to the committed shuffle (docs/records.md)."""
        if self.watching or self.table_id is None or self.human_seat not in commit.seats:
            return
        value = secrets.token_hex(32)
        contribute = Contribute(id=self._next_id(), table=self.table_id, value=value)
        self.run_worker(self._contribute(contribute), group="network")

    async def _contribute(self, contribute: Contribute) -> None:
        # Too late (the deal went ahead) or the socket dropped: the deal needs no answer.
        if self.link is None:
            return
        with contextlib.suppress(ServerRefused, ConnectionLost):
            await self.link.request(contribute)

    async def _send_quietly(self, message: ClientMessage) -> None:
        # A command sent as the socket drops goes out again after the reconnection.
        with contextlib.suppress(ConnectionLost):
            await self._send(message)

    def on_key(self, event: events.Key) -> None:
        """Table keys, plus ``a`` to seat a computer player at our open private table; a
        spectator has only ``q`` (leave), the arrows and Enter (pick a table), ``l`` and ``?``.

        Textual calls the handler of every class in turn, so the shared table keys
        (:meth:`CuatrolaApp.on_key`) come after this one by themselves; a key used here stops
        them (calling them from here too would take every key twice).
        """
        if isinstance(self.focused, Input):
            return  # typed into the chat line
        if self.watching:
            # Nothing else: a spectator has no seat to play nor a table to add players to.
            if not isinstance(self.screen, ModalScreen) and self._watch_key(event):
                event.prevent_default()
            return
        if (
            event.character == "a"
            and self.view is None
            and self.table_id is not None
            and self.info is not None
            and self.info.status == "open"
        ):
            free = [s.seat for s in self.info.seats if s.name is None and not s.bot]
            if free:
                self._post(AddBot(id=self._next_id(), table=self.table_id, seat=free[0]))
            event.prevent_default()

    def _watch_key(self, event: events.Key) -> bool:
        """A spectator's key; ``True`` when it was used."""
        if event.character == "q":
            self._leave()
            return True
        lobby = self.lobby
        if lobby is None:
            return False
        if event.key in ("up", "down") and lobby:
            step = 1 if event.key == "down" else -1
            self.lobby_cursor = (self.lobby_cursor + step) % len(lobby)
            self.refresh_all()
            return True
        if event.key == "enter" and lobby and self._picked is not None:
            if not self._picked.done():
                self._picked.set_result(lobby[self.lobby_cursor].id)
            return True
        return False

    # The match's analysis ----------------------------------------------------------------------

    def _queue_panel(self, panel: MessageScreen) -> None:
        """Queue ``panel``; at the match end, also ask the server for the match's analysis."""
        super()._queue_panel(panel)
        if panel.name == "match-end" and not self.watching and self.info is not None:
            self._fetch_analysis(panel, f"{self.table_id}-{self.info.match}")

    def _fetch_analysis(self, panel: MessageScreen, match_id: str) -> None:
        """Fetch the match's analysis on a worker thread and add the person's part of it to
        the match-end ``panel`` (or to the log once the panel is closed)."""
        summary = panel.body_drawing
        panel.update_body(
            lambda: with_analysis(
                drawn(summary), [Text(self.texts("analysis_match_working"), style="dim")]
            )
        )
        server, seat = self.options.server, self.human_seat

        def work() -> None:
            analysis = fetch_match_analysis(server, match_id)

            def lines() -> list[RenderableType]:
                if analysis is None:
                    return []
                return match_analysis_lines(self.wording, analysis, seat)

            self.call_from_thread(self._show_analysis_lines, panel, summary, lines)

        self.run_worker(work, thread=True, group="analysis", exit_on_error=False)

    def _show_analysis_lines(
        self,
        panel: MessageScreen | None,
        summary: Drawing,
        lines: Callable[[], list[RenderableType]],
    ) -> None:
        """Put ``lines`` into ``panel`` below ``summary``, or into the log once it is closed;
        both are functions, so that ``l`` words them again in the other language."""
        if panel is not None and panel in self._panels:
            panel.update_body(lambda: with_analysis(drawn(summary), lines()))
            return
        for line in lines():
            if isinstance(line, Text):
                self.log_line(line)

    # The hand's analysis -----------------------------------------------------------------------

    def _hand_summary_shown(self, panel: MessageScreen, view: SeatView) -> None:
        """Keep the hand summary ``panel`` for the server's ``hand_analysis`` of that hand."""
        if self.info is not None:
            key = (f"{self.table_id}-{self.info.match}", self._hands_played)
            self._hand_panels[key] = (panel, panel.body_drawing)

    def _on_hand_analysis(self, message: HandAnalysisReady) -> None:
        """Add the person's decisions of the hand to its summary (or to the log once the
        summary is closed), once per hand."""
        key = (message.match, message.hand)
        if self.watching or message.table != self.table_id or key in self._analyses_shown:
            return
        try:
            analysis = decode_hand(bytes(message.analysis))
        except (msgspec.ValidationError, msgspec.DecodeError):
            return  # not an analysis this client can read (a newer server): no lines
        self._analyses_shown.add(key)
        seat = self.human_seat

        def lines() -> list[RenderableType]:
            return analysis_lines(self.wording, analysis, seat)

        panel, summary = self._hand_panels.pop(key, (None, Group()))
        self._show_analysis_lines(panel, summary, lines)

    # Receiving ---------------------------------------------------------------------------------

    def _handle_other(self, message: ServerMessage) -> None:
        """The quick match queue and the lobby list (the table's messages are the base's),
        and the analysis after each hand."""
        if isinstance(message, HandAnalysisReady):
            self._on_hand_analysis(message)
        elif isinstance(message, Seated):
            if self._seated is not None and not self._seated.done():
                self._seated.set_result(message)
        elif isinstance(message, QueueStatus):
            if message.on and self.table_id is None:
                fill_in = message.fill_in
                self._fill_at = time.monotonic() + fill_in if fill_in > 0 else None
                self.waiting_text = functools.partial(self._looking_words, message.waiting)
            self.refresh_all()
        elif isinstance(message, Lobby):
            self._on_lobby(message.tables)
        elif isinstance(message, LobbyUpdate):
            rows = [t for t in self.lobby or [] if t.id != message.table.id]
            if not message.removed:
                rows.append(message.table)
            self._on_lobby(rows)

    def _looking_words(self, waiting: int) -> str:
        """What the quick match's wait says: how many of the four are ready, and until when
        computer players fill the free seats (the server's fill wait, counted down)."""
        left = self._fill_at - time.monotonic() if self._fill_at is not None else 0.0
        if left <= 0:
            return self.texts("quick_waiting", n=waiting)
        return self.texts("quick_waiting_fill", n=waiting, seconds=math.ceil(left))

    def _on_lobby(self, tables: list[TableInfo]) -> None:
        if self.lobby is None:
            return  # not picking (any more)
        chosen = self.lobby[self.lobby_cursor].id if self.lobby else None
        self.lobby = [t for t in tables if t.status in WATCHABLE]
        # The cursor stays on the same table while rows come and go around it.
        ids = [t.id for t in self.lobby]
        self.lobby_cursor = ids.index(chosen) if chosen in ids else 0
        self.refresh_all()

    def _tick(self) -> None:
        if self._deadline is not None or (self.table_id is None and self._fill_at is not None):
            self.refresh_all()

    def _table_notice(self) -> str:
        """The line above the table: a private table's invite code (and, while it waits for
        players, how to seat a computer player); for a spectator, the table and ``q``."""
        info = self.info
        if self.watching:
            return self.texts("watch_watching", table=self.table_id or "")
        if info is None or not info.code or info.kind != "private":
            return ""
        notice = self.texts("online_code", code=info.code)
        if info.status == "open":
            notice += " · " + self.texts("online_add_bot")
        return notice

    # A spectator's screen ----------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """A person by name; for a spectator, a computer player by its place and level
        (its server name, "Computer (medium)", is not translated) and an empty seat as free."""
        if not self.watching:
            return super().seat_name(seat)
        return self._watch_seat_name(seat, self.info)

    def _watch_seat_name(self, seat: int, info: TableInfo | None) -> str:
        position = self.texts(f"compass_{POSITIONS[seat]}")
        place = info.seats[seat] if info is not None and seat < len(info.seats) else None
        if place is None:
            return position
        if place.name is not None and place.user is not None:
            return place.name
        if place.bot and info is not None:
            level = place.bot_level or info.options.bot_level
            return self.texts("watch_computer", position=position, level=self._level(level))
        return self.texts("watch_empty_seat", position=position)

    def _level(self, level: str) -> str:
        try:
            return self.texts(f"level_{level}")
        except KeyError:
            return level  # a level this client does not know: the server's word

    def team_name(self, team: int) -> str:
        """``Us``/``Them``; for a spectator, the teams by their places."""
        if not self.watching:
            return super().team_name(team)
        return self.texts(f"watch_team_{team}")

    def winner_words(self, result: HandResult) -> str:
        """Who won the hand; for a spectator, the team by its places ("South-North win"),
        with the score in the teams' order."""
        if not self.watching:
            return super().winner_words(result)
        return self.texts(
            "summary_winner",
            team=self.team_name(result.winner),
            points=result.game_points,
            us=result.score_after[0],
            them=result.score_after[1],
        )

    def choices(self) -> list[Choice]:
        """Nothing to choose for a spectator (its view has no hand and no legal moves)."""
        return [] if self.watching else super().choices()

    def render_status(self) -> Text:
        """The top line; before there is a table (connecting, waiting for a quick match, a
        spectator picking from the lobby) nothing about one, whose rules and score are not
        known yet: what the client is doing, and the help key."""
        if self.info is not None:
            return super().render_status()
        return Text(f"{self.waiting_text} │ {self.texts('help_hint')}", style="bold")

    def render_table(self) -> RenderableType:
        """The table, or the lobby's watchable tables while the spectator picks one."""
        if self.lobby is None:
            return super().render_table()
        lines: list[RenderableType] = [Text(self.texts("watch_lobby_title"), style="bold")]
        if not self.lobby:
            lines.append(Text(self.texts("watch_lobby_empty"), style="dim"))
        for index, table in enumerate(self.lobby):
            names = ", ".join(self._watch_seat_name(s, table) for s in range(4))
            status = self.texts(f"watch_status_{table.status}")
            row = Text(f"{'▶' if index == self.lobby_cursor else ' '} {table.id} · {status} · ")
            row.append(f"{table.score[0]}–{table.score[1]} · {names}")
            if index == self.lobby_cursor:
                row.stylize("reverse")
            lines.append(row)
        return Group(*lines)

    def render_hand(self) -> RenderableType:
        """A spectator sees nobody's cards, and is told so where the hand would be."""
        if self.watching:
            return Text(self.texts("watch_no_hand") if self.view is not None else "", "dim")
        return super().render_hand()

    def render_actions(self) -> RenderableType:
        """Whom the table waits for; for a spectator never a prompt, nor "press Enter";
        between hands, that the next hand (or the rematch) is awaited."""
        if self.lobby is not None:
            return Text(self.texts("watch_lobby_keys"))
        view = self.view
        if not self.watching and view is not None and view.phase is Phase.FINISHED:
            # The server deals the next hand by itself: Enter does nothing at the table, so
            # "press Enter" (the offline table's words) would leave the person stuck.
            waiting = self.waiting_text if self.rematch_asked else self.texts("online_next_hand")
            return Text(waiting, style="dim")
        # Waiting for nobody, a spectator is told nothing (no "press Enter"), but the cante
        # window after a trick, said to everybody.
        idle = view is not None and view.to_move is None and view.phase is not Phase.CANTE
        if self.watching and idle:
            return Text("")
        return super().render_actions()

    async def _close_and_exit(self) -> None:
        # Say goodbye to the server before leaving, rather than dropping the socket.
        if self.link is not None:
            with contextlib.suppress(OSError):
                await self.link.close()
        self.exit(return_code=0)

    def _leave(self) -> None:
        """Say goodbye to the server and exit."""
        self._leaving = True
        self.run_worker(self._close_and_exit(), group="network")

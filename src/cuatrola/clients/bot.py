"""A computer player at a server table: ``cuatrola bot`` (docs/api.md, "Bots on a server").

The same protocol as the terminal client (docs/protocol.md), without an interface: a guest
login (``POST /api/guest``), one websocket, ``hello``, the way to a seat (``play_computer``,
``quick_match`` or ``join``/``create_table``), then every ``sync`` and ``event`` frame turned
back into a :class:`~cuatrola.core.views.SeatView`. Whenever the view says it is the bot's
turn, the bot's :meth:`~cuatrola.ai.base.Player.choose` answers (in a worker thread, so that
the connection keeps answering the server's pings) and the move goes out as an ``act``.

A dropped connection ends the run (exit status 1); the terminal client is the one that
reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cuatrola.ai.base import Player
from cuatrola.clients.terminal.online import OnlineOptions, guest_login
from cuatrola.clients.terminal.wire import seat_view_from_wire
from cuatrola.core.actions import format_action
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol import (
    PROTOCOL_VERSION,
    ClientMessage,
    ProtocolError,
    decode_server,
    encode_client,
)
from cuatrola.protocol.messages import (
    Ack,
    Act,
    CreateTable,
    Error,
    Event,
    HandEnded,
    HandView,
    Hello,
    Join,
    MatchEnded,
    PlayComputer,
    QuickMatch,
    Rematch,
    Seated,
    SeatsChanged,
    ServerMessage,
    Subscribe,
    Sync,
    TableInfo,
    Welcome,
)

CLIENT_NAME = "bot/1"
#: Seconds to wait for the server's answer to a command (and for a first frame).
ANSWER_TIMEOUT = 30.0


class BotError(Exception):
    """The bot cannot play: the server cannot be reached, or refused (one-line reason)."""


@dataclass
class BotReport:
    """What a bot did at its table."""

    table: str = ""
    seat: int = -1
    code: str | None = None
    hands: int = 0
    matches: int = 0
    matches_won: int = 0
    decisions: int = 0
    lines: list[str] = field(default_factory=list)


class ServerBot:
    """One bot seated at a server table, playing ``matches`` matches.

    Args:
        options: where and how to take a seat (as the terminal client's ``--mode``).
        player: the bot; it sees only its seat's view.
        matches: matches to play before leaving (a rematch is accepted in between).
        seed: seed of the RNG handed to the player.
        budget: seconds per decision handed to the player (``None``: its own default).
        say: called with one line per table event worth telling (hands, matches, the code).
    """

    def __init__(
        self,
        options: OnlineOptions,
        player: Player,
        *,
        matches: int = 1,
        seed: int | None = None,
        budget: float | None = None,
        say: Callable[[str], None] = print,
    ) -> None:
        self.options = options
        self.player = player
        self.matches = matches
        self.rng = random.Random(seed)
        self.budget = budget
        self.say = say
        self.report = BotReport()
        self.rules: Rules = options.rules
        self._ws: ClientConnection | None = None
        self._ids = itertools.count(1)
        self._prefix = f"{random.getrandbits(32):08x}"
        self._last_seq = 0
        self._acted_at = -1
        self._view: SeatView | None = None

    async def run(self) -> BotReport:
        """Log in, take a seat and play until the matches are over.

        Raises:
            BotError: with a one-line reason.
        """
        name = self.options.name or f"Bot{random.randint(100, 9999)}"
        try:
            token = await asyncio.to_thread(guest_login, self.options.server, name)
        except ConnectionError as exc:
            raise BotError(f"cannot log in at {self.options.server}: {exc}") from None
        try:
            async with connect(self.options.ws_url, open_timeout=10, max_size=2**20) as ws:
                self._ws = ws
                await self._send(Hello(token=token, protocol=PROTOCOL_VERSION, client=CLIENT_NAME))
                await self._answer(lambda m: isinstance(m, Welcome))
                await self._take_seat()
                await self._play()
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            reason = str(exc) or type(exc).__name__
            raise BotError(f"cannot play at {self.options.server}: {reason}") from None
        except ConnectionClosed:
            raise BotError("the server closed the connection") from None
        return self.report

    # Protocol ----------------------------------------------------------------------------------

    def _next_id(self) -> str:
        return f"{self._prefix}-{next(self._ids)}"

    async def _send(self, message: ClientMessage) -> None:
        assert self._ws is not None
        await self._ws.send(encode_client(message).decode())

    async def _receive(self) -> ServerMessage | None:
        assert self._ws is not None
        frame = await self._ws.recv()
        try:
            return decode_server(frame)
        except ProtocolError:
            return None  # a message type this client does not know: ignored

    async def _answer(self, wanted: Callable[[ServerMessage], bool]) -> ServerMessage:
        """The first message ``wanted`` accepts (frames before it are handled as usual)."""
        async with asyncio.timeout(ANSWER_TIMEOUT):
            while True:
                message = await self._receive()
                if message is None:
                    continue
                if wanted(message):
                    return message
                if isinstance(message, Error):
                    raise BotError(f"the server refused: {message.code}: {message.message}")
                await self._handle(message)

    async def _request(self, message: ClientMessage) -> Ack:
        command_id = getattr(message, "id", "")
        await self._send(message)
        answer = await self._answer(
            lambda m: isinstance(m, Ack | Error) and getattr(m, "id", None) == command_id
        )
        if isinstance(answer, Error):
            raise BotError(f"the server refused: {answer.code}: {answer.message}")
        assert isinstance(answer, Ack)
        return answer

    async def _take_seat(self) -> None:
        options = self.options
        if options.mode == "quick":
            await self._request(QuickMatch(id=self._next_id(), on=True))
            seated = await self._answer(lambda m: isinstance(m, Seated))
            assert isinstance(seated, Seated)
            table, seat = seated.table, seated.seat
        else:
            if options.mode == "private" and options.code is not None:
                message: ClientMessage = Join(id=self._next_id(), code=options.code)
            elif options.mode == "private":
                message = CreateTable(id=self._next_id(), options=options.table_options(), seat=0)
            else:
                message = PlayComputer(id=self._next_id(), options=options.table_options())
            ack = await self._request(message)
            if ack.table is None or ack.seat is None:
                raise BotError("the server gave no seat")
            table, seat = ack.table, ack.seat
        self.report.table, self.report.seat = table, seat
        await self._request(Subscribe(id=self._next_id(), table=table, since=None))
        self.say(f"seated at table {table}, seat {seat}")

    async def _play(self) -> None:
        while self.report.matches < self.matches:
            message = await self._receive()
            if message is not None:
                await self._handle(message)

    async def _handle(self, message: ServerMessage) -> None:
        if isinstance(message, Sync) and message.table == self.report.table:
            self._last_seq = message.seq
            self.rules = message.info.options.to_rules()
            self._note_code(message.info)
            if message.view is not None:
                await self._show(message.view)
        elif isinstance(message, Event) and message.table == self.report.table:
            if message.seq <= self._last_seq:
                return
            self._last_seq = message.seq
            await self._on_event(message)
        elif isinstance(message, Error):
            # A move the server refused (say, sent for a view that had just changed): the
            # next view asks again.
            self.say(f"the server refused a move: {message.code}: {message.message}")
            self._acted_at = -1

    def _note_code(self, info: TableInfo) -> None:
        # A private table's code is what the people who should join need.
        if info.kind == "private" and info.code and self.report.code is None:
            self.report.code = info.code
            self.say(f"invite code {info.code}")

    async def _on_event(self, event: Event) -> None:
        body = event.body
        if isinstance(body, SeatsChanged):
            self.rules = body.info.options.to_rules()
            self._note_code(body.info)
        elif isinstance(body, HandEnded):
            self.report.hands += 1
            self.say(f"hand {body.hands_played}: score {body.score[0]}-{body.score[1]}")
        elif isinstance(body, MatchEnded):
            self.report.matches += 1
            won = body.winner == self.report.seat % 2
            self.report.matches_won += int(won)
            self.say(
                f"match {self.report.matches} {'won' if won else 'lost'} "
                f"{body.score[0]}-{body.score[1]} in {body.hands_played} hands"
            )
            if self.report.matches < self.matches:
                await self._send(Rematch(id=self._next_id(), table=self.report.table, accept=True))
        else:
            # Every event that changes the hand (a deal, a move, a cante window closing, and
            # any the server adds) carries the seat's new view.
            view = getattr(body, "view", None)
            if isinstance(view, HandView):
                await self._show(view)

    async def _show(self, wire: HandView) -> None:
        view = seat_view_from_wire(wire, self.rules, self.report.seat)
        self._view = view
        if view.to_move != view.seat or not view.legal_actions or self._acted_at == self._last_seq:
            return
        seq = self._last_seq
        action = await asyncio.to_thread(self.player.choose, view, self.rng, self.budget)
        if action not in view.legal_actions:
            raise BotError(
                f"the bot chose an illegal action {action!r} in {view.legal_action_names}"
            )
        self._acted_at = seq
        self.report.decisions += 1
        await self._send(
            Act(id=self._next_id(), table=self.report.table, action=format_action(action), seq=seq)
        )

    async def close(self) -> None:
        """Close the connection, if open."""
        if self._ws is not None:
            with contextlib.suppress(ConnectionClosed, OSError):
                await self._ws.close()

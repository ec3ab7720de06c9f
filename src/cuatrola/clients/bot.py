"""A computer player at a server table: ``cuatrola bot`` (docs/api.md, "Bots on a server").

The same protocol as the terminal client (docs/protocol.md), without an interface: a guest
login (``POST /api/guest``), one websocket, ``hello``, the way to a seat (``play_computer``,
``quick_match`` or ``join``/``create_table``), then every ``sync`` and ``event`` frame turned
back into a :class:`~cuatrola.core.views.SeatView`. Whenever the view says it is the bot's
turn, the bot's :meth:`~cuatrola.ai.base.Player.choose` answers (in a worker thread, so that
the connection keeps answering the server's pings) and the move goes out as an ``act``. Like
every seated client it sends a random value to each committed shuffle that names its seat
(docs/records.md, "The shuffle proof"), so the deal need not wait out the window for it, and
counts the revealed shuffles that used its value.

Every answer goes through :func:`~cuatrola.ai.base.check_answer` (any integer type, a legal
action). A bot that raises, or answers something else, ends the run with
:class:`PlayerFailed`, one line naming the player, its seat and the exception (with the
bot's own ``file:line``) or the refused answer, as ``cuatrola duel`` does.

Without a ``budget`` the bot gets :data:`BUDGET_SHARE` of the table's turn time per decision
(none when the table has no turn timer); a given budget at least as long as the turn time
is told as a warning once the table's turn time is known. When the turn timer runs out the
server plays for the bot, and the bot says so.

The socket part is :class:`~cuatrola.clients.remote.RemoteClient`, without reconnection: a
dropped connection ends the run (exit status 1).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec
from websockets.exceptions import InvalidHandshake, InvalidURI

from cuatrola.ai.base import BadAnswerError, Player, check_answer, describe_failure
from cuatrola.clients.remote import ConnectionLost, RemoteClient, ServerRefused, guest_login
from cuatrola.clients.terminal.online import OnlineOptions
from cuatrola.core.actions import format_action
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol import ClientMessage
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import (
    Ack,
    Act,
    Acted,
    Contribute,
    CreateTable,
    Error,
    Event,
    HandEnded,
    Join,
    MatchEnded,
    PlayComputer,
    QuickMatch,
    Rematch,
    Seated,
    SeatsChanged,
    ServerMessage,
    ShuffleCommitted,
    ShuffleRevealed,
    Sync,
    TableInfo,
    TableOptions,
)
from cuatrola.protocol.views import HandView, view_from_wire

CLIENT_NAME = "bot/1"
#: Seconds to wait for the server's answer to a command (and for a first frame).
ANSWER_TIMEOUT = 30.0
#: The share of the table's turn time a bot without a given budget gets per decision: the
#: rest is for the network and the bot's own overhead.
BUDGET_SHARE = 1 / 3


class BotError(Exception):
    """The bot cannot play: the server cannot be reached, or refused (one-line reason)."""


class PlayerFailed(BotError):
    """The player raised, or answered something that is not a legal action (one line; the
    exception the player raised is the ``__cause__``)."""


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
    #: Turns the server played for the bot because its turn timer ran out.
    timeouts: int = 0
    #: Revealed shuffles whose deck was derived with the bot's own value.
    contributions: int = 0
    #: Every line the bot said (``ServerBot``'s ``say``), in order.
    lines: list[str] = field(default_factory=list)


class ServerBot:
    """One bot seated at a server table, playing ``matches`` matches.

    Args:
        options: where and how to take a seat (as the terminal client's ``--mode``).
        player: the bot; it sees only its seat's view.
        matches: matches to play before leaving (a rematch is accepted in between).
        seed: seed of the RNG handed to the player.
        budget: seconds per decision handed to the player (``None``: :data:`BUDGET_SHARE` of
            the table's turn time, or the player's own default at a table without a timer).
        turn_time: the turn time of a table the bot creates (``None``: the server's default).
        say: called with one line per table event worth telling (hands, matches, the code,
            turns the server played for the bot, warnings); the report keeps them too
            (:attr:`BotReport.lines`).
        label: how a failure names the player (``cuatrola bot`` gives its ``--player``;
            ``None``: the player's ``name``, else its class name).
    """

    def __init__(
        self,
        options: OnlineOptions,
        player: Player,
        *,
        matches: int = 1,
        seed: int | None = None,
        budget: float | None = None,
        turn_time: float | None = None,
        say: Callable[[str], None] = print,
        label: str | None = None,
    ) -> None:
        self.options = options
        self.player = player
        self.label = label or str(getattr(player, "name", "") or type(player).__name__)
        self.matches = matches
        self.rng = random.Random(seed)
        self.budget = budget
        self.turn_time = turn_time
        self.say = say
        #: The turn time of the bot's table, once known (``0``: no timer).
        self.table_turn_time: float | None = None
        #: The server played for the bot, and its late move may still come back as stale.
        self._timed_out = False
        self.report = BotReport()
        self.rules: Rules = options.rules
        self._link: RemoteClient | None = None
        self._seated: asyncio.Future[Seated] | None = None
        self._acted_at = -1
        self._view: SeatView | None = None
        #: The value sent to each shuffle commitment, and the contributions still on their way.
        self._sent: dict[str, str] = {}
        self._contributing: set[asyncio.Task[None]] = set()

    def _tell(self, line: str) -> None:
        """Say ``line`` and keep it in the report."""
        self.report.lines.append(line)
        self.say(line)

    @property
    def decision_budget(self) -> float | None:
        """The seconds per decision handed to the player: the given budget, else
        :data:`BUDGET_SHARE` of the table's turn time (``None`` without a timer)."""
        if self.budget is not None:
            return self.budget
        if self.table_turn_time:
            return self.table_turn_time * BUDGET_SHARE
        return None

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
        link = RemoteClient(
            self.options.ws_url,
            token,
            client=CLIENT_NAME,
            on_message=self._handle,
            on_drop=self._dropped,
            answer_timeout=ANSWER_TIMEOUT,
        )
        self._link = link
        try:
            await link.connect()
            await self._take_seat()
            await self._play()
        except ServerRefused as exc:
            raise BotError(f"the server refused: {exc}") from None
        except ConnectionLost:
            if isinstance(link.failure, PlayerFailed):
                # The bot failed on a view that came before the answer awaited here: the
                # reader stopped, so the answer never comes; the bot's failure is the reason.
                raise link.failure from link.failure.__cause__
            raise BotError("the server closed the connection") from None
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            reason = str(exc) or type(exc).__name__
            raise BotError(f"cannot play at {self.options.server}: {reason}") from None
        finally:
            await link.close()
            for task in self._contributing:
                task.cancel()
        return self.report

    # Protocol ----------------------------------------------------------------------------------

    @property
    def _last_seq(self) -> int:
        """The seq of the last sync or event of the bot's table."""
        assert self._link is not None
        return self._link.seq.get(self.report.table, 0)

    def _next_id(self) -> str:
        assert self._link is not None
        return self._link.next_id()

    async def _send(self, message: ClientMessage) -> None:
        assert self._link is not None
        await self._link.send(message)

    async def _request(self, message: ClientMessage) -> Ack:
        assert self._link is not None
        return await self._link.request(message)

    def _dropped(self, reconnecting: bool) -> None:
        if self._seated is not None and not self._seated.done():
            self._seated.set_exception(ConnectionLost("the server closed the connection"))

    async def _take_seat(self) -> None:
        options = self.options
        if options.mode == "quick":
            self._seated = asyncio.get_running_loop().create_future()
            await self._request(QuickMatch(id=self._next_id(), on=True))
            async with asyncio.timeout(ANSWER_TIMEOUT):
                seated = await self._seated
            table, seat = seated.table, seated.seat
        else:
            if options.mode == "private" and options.code is not None:
                message: ClientMessage = Join(id=self._next_id(), code=options.code)
            elif options.mode == "private":
                message = CreateTable(id=self._next_id(), options=self._table_options(), seat=0)
            else:
                message = PlayComputer(id=self._next_id(), options=self._table_options())
            ack = await self._request(message)
            if ack.table is None or ack.seat is None:
                raise BotError("the server gave no seat")
            table, seat = ack.table, ack.seat
        self.report.table, self.report.seat = table, seat
        assert self._link is not None
        await self._link.subscribe(table)  # a sync with the bot's view, whatever came before
        self._tell(f"seated at table {table}, seat {seat}")

    def _table_options(self) -> TableOptions:
        options = self.options.table_options()
        if self.turn_time is None:
            return options
        return msgspec.structs.replace(options, turn_time=self.turn_time)

    def _note_turn_time(self, info: TableInfo) -> None:
        turn_time = info.options.turn_time
        if turn_time == self.table_turn_time:
            return
        self.table_turn_time = turn_time
        if self.budget is not None and turn_time and self.budget >= turn_time:
            self._tell(
                f"warning: the budget of {self.budget:g} s is not shorter than the table's "
                f"turn time of {turn_time:g} s: the computer will play for the bot whenever "
                "it uses it all"
            )

    async def _play(self) -> None:
        """Until the matches are over (the last one closes the connection)."""
        assert self._link is not None
        failure = await self._link.wait_closed()
        if self.report.matches >= self.matches:
            return
        if failure is None or isinstance(failure, ConnectionLost):
            raise ConnectionLost("the server closed the connection")
        raise failure  # what the player or the bot itself raised

    async def _handle(self, message: ServerMessage) -> None:
        # Events already processed never come here (the client drops them), nor the answers
        # to requests.
        if isinstance(message, Seated):
            if self._seated is not None and not self._seated.done():
                self._seated.set_result(message)
        elif isinstance(message, Sync) and message.table == self.report.table:
            self.rules = message.info.options.to_rules()
            self._note_code(message.info)
            self._note_turn_time(message.info)
            if message.shuffle is not None:
                # Seated after the next deal's commitment was published: the sync carries it.
                self._contribute(message.shuffle)
            if message.view is not None:
                await self._show(message.view)
        elif isinstance(message, Event) and message.table == self.report.table:
            await self._on_event(message)
        elif isinstance(message, Error) and self._seated is not None and not self._seated.done():
            # The quick match was refused while waiting for a seat.
            refused = BotError(f"the server refused: {message.code}: {message.message}")
            self._seated.set_exception(refused)
        elif isinstance(message, Error):
            # A move the server refused (say, sent for a view that had just changed): the
            # next view asks again. The late move of a turn said timed out is refused as
            # stale, or as not the bot's turn once the turn has passed on: told already.
            late = message.code in (ErrorCode.STALE, ErrorCode.NOT_YOUR_TURN)
            if late and self._timed_out:
                self._timed_out = False
            else:
                self._tell(f"the server refused a move: {message.code}: {message.message}")
            self._acted_at = -1

    def _note_code(self, info: TableInfo) -> None:
        # A private table's code is what the people who should join need.
        if info.kind == "private" and info.code and self.report.code is None:
            self.report.code = info.code
            self._tell(f"invite code {info.code}")

    async def _on_event(self, event: Event) -> None:
        body = event.body
        if isinstance(body, SeatsChanged):
            self.rules = body.info.options.to_rules()
            self._note_code(body.info)
            self._note_turn_time(body.info)
        elif isinstance(body, ShuffleCommitted):
            self._contribute(body)
        elif isinstance(body, ShuffleRevealed):
            sent = self._sent.pop(body.commitment, None)
            mine = [c for c in body.contributions if c.seat == self.report.seat]
            if sent is not None and [c.value for c in mine] == [sent]:
                self.report.contributions += 1
        elif isinstance(body, HandEnded):
            self.report.hands += 1
            self._tell(f"hand {body.hands_played}: score {body.score[0]}-{body.score[1]}")
        elif isinstance(body, MatchEnded):
            self.report.matches += 1
            won = body.winner == self.report.seat % 2
            self.report.matches_won += int(won)
            self._tell(
                f"match {self.report.matches} {'won' if won else 'lost'} "
                f"{body.score[0]}-{body.score[1]} in {body.hands_played} hands"
            )
            if self.report.matches < self.matches:
                await self._send(Rematch(id=self._next_id(), table=self.report.table, accept=True))
            else:
                assert self._link is not None
                await self._link.close()  # done: ``_play`` returns
        else:
            if isinstance(body, Acted) and body.seat == self.report.seat:
                self._timed_out = body.auto
                if body.auto:
                    self.report.timeouts += 1
                    self._tell(
                        f"your bot's turn timed out after {self.table_turn_time or 0:g} s; "
                        f"the computer played {body.action} for it"
                    )
            # Every event that changes the hand (a deal, a move, a cante window closing, and
            # any the server adds) carries the seat's new view.
            view = getattr(body, "view", None)
            if isinstance(view, HandView):
                await self._show(view)

    def _contribute(self, commit: ShuffleCommitted) -> None:
        """Send a random value to ``commit`` if it names the bot's seat (once: the sync and
        the event may both carry it). In a task of its own: the answer comes through the
        message loop that called this."""
        if self.report.seat not in commit.seats or commit.commitment in self._sent:
            return
        value = secrets.token_hex(32)
        self._sent[commit.commitment] = value
        contribute = Contribute(id=self._next_id(), table=self.report.table, value=value)
        task = asyncio.create_task(self._send_contribution(contribute))
        self._contributing.add(task)
        task.add_done_callback(self._contributing.discard)

    async def _send_contribution(self, contribute: Contribute) -> None:
        # Too late (the window closed and the deal went ahead) or the socket dropped: the
        # deal needs no answer, and the reveal shows whether the value was used.
        with contextlib.suppress(ServerRefused, ConnectionLost, TimeoutError):
            await self._request(contribute)

    async def _show(self, wire: HandView) -> None:
        view = view_from_wire(wire, self.rules, self.report.seat)
        self._view = view
        if view.to_move != view.seat or not view.legal_actions or self._acted_at == self._last_seq:
            return
        seq = self._last_seq
        try:
            answer = await asyncio.to_thread(
                self.player.choose, view, self.rng, self.decision_budget
            )
        except Exception as exc:
            raise PlayerFailed(f"{self._who} failed: {describe_failure(exc)}") from exc
        try:
            action = check_answer(view, answer)
        except BadAnswerError as exc:
            raise PlayerFailed(f"{self._who}: {exc}") from None
        self._acted_at = seq
        self.report.decisions += 1
        await self._send(
            Act(id=self._next_id(), table=self.report.table, action=format_action(action), seq=seq)
        )

    @property
    def _who(self) -> str:
        """The player and its seat, as a failure names them."""
        return f"player {self.label!r} in seat {self.report.seat}"

    async def close(self) -> None:
        """Close the connection, if open."""
        if self._link is not None:
            await self._link.close()


__all__ = [
    "ANSWER_TIMEOUT",
    "BUDGET_SHARE",
    "CLIENT_NAME",
    "BotError",
    "BotReport",
    "PlayerFailed",
    "ServerBot",
]

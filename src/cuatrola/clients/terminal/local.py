"""The offline table: an in-process transport around :class:`cuatrola.table.Table`.

Offline play is driven by the same sans-I/O table as the card room's (the ``boardgame.io
Local()`` idea: one master, another transport). :class:`LocalTable` owns a
:class:`~cuatrola.table.Table` with the person at ``human_seat`` and three computer players,
and carries out each :class:`~cuatrola.table.Step` itself, as the server's runner does but
without storage or sockets:

- replies and events become the protocol messages an online client receives: the ``ack`` or
  ``error`` of each command, a ``sync`` when the person sits down, then every ``event``
  projected for the person's seat (:meth:`cuatrola.table.Table.project`), so the screen sees
  only what that seat may see;
- a computer player gets its own seat's view (:class:`~cuatrola.table.effects.AskBot`) and
  decides on a worker thread (``asyncio.to_thread``) while the event loop goes on; its
  answer comes back as :class:`~cuatrola.table.commands.BotAct`;
- timers are ``loop.call_later`` calls that feed their command back; but the pause between
  two hands lasts until the person has read the hand summary (:meth:`LocalTable.deal_next`).

Offline there is no turn timer and no cante window: deciding a cante is an ordinary turn, as
it always was offline (every other seat is a computer player that sees only its own view).
Commands are handled one at a time, in order, like the runner's queue: a message handler
that sends a command (a rematch, say) has it handled after the current one.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import deque
from collections.abc import Callable, Sequence

from cuatrola.ai import Player, make_player
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.match import MatchState
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol import ClientMessage
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import (
    BOT_LEVELS,
    Act,
    Error,
    Leave,
    Rematch,
    ServerMessage,
    Sync,
    TableOptions,
)
from cuatrola.protocol.views import hand_view
from cuatrola.table import FinishedMatch, Table, TableConfig
from cuatrola.table import commands as cmd
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    Broadcast,
    CancelTimer,
    Effect,
    MatchOver,
    Reply,
    SendAll,
    TimerKey,
)
from cuatrola.table.table import TableKind

#: How many times ``bot_delay`` a computer player waits before it leads a new trick, so that
#: the trick just taken stays on the table long enough to be read.
LEAD_PAUSE_FACTOR = 2.5

#: Registered players to fall back on, best first, while a level is not registered yet.
FALLBACKS = ("greedy", "random")
#: The offline table's id and the person's user id (nobody else ever sees either).
OFFLINE_TABLE = TableId("offline")
PERSON = UserId("you")

#: Receives each server message meant for the person.
OnMessage = Callable[[ServerMessage], None]
#: Told ``(seat, reason)`` when a computer player failed and its first legal move was played.
OnBotError = Callable[[int, str], None]


def resolve_level(level: str) -> tuple[str, str | None]:
    """The player name to use for ``level`` and, when it had to fall back, a note about it.

    Returns:
        ``(name, None)`` when ``level`` is registered, else ``(fallback, level)``.

    Raises:
        ValueError: when neither the level nor any fallback is registered.
    """
    for name in (level, *FALLBACKS):
        try:
            make_player(name)
        except ValueError:
            continue
        return name, (None if name == level else level)
    raise ValueError(f"no computer player is available for level {level!r}")


class LocalTable:
    """An offline match: the person at ``human_seat``, computer players at the other seats.

    Args:
        rules: the match rules (a rules preset, as ``cuatrola play --rules`` takes).
        bot_names: the registry names of the three computer players, in seat order after
            the person.
        seed: seeds the deals, the first dealer and the computer players' RNGs; ``None``
            draws a fresh seed.
        human_seat: the person's seat (0..3).
        level: the level the table names its computer players by (``cuatrola play
            --level``); which player plays is ``bot_names``.
        name: the person's name at the table.

    Raises:
        ValueError: for a bad seat, not three computer players, or rules that are no preset.
    """

    def __init__(
        self,
        rules: Rules,
        bot_names: Sequence[str] = ("greedy", "greedy", "greedy"),
        *,
        seed: int | None = None,
        human_seat: int = 0,
        level: str = "medium",
        name: str = "You",
    ) -> None:
        if len(bot_names) != 3:
            raise ValueError(f"expected 3 computer players, got {len(bot_names)}")
        if human_seat not in range(4):
            raise ValueError(f"expected a seat 0..3, got {human_seat!r}")
        options = TableOptions(
            rules=rules.name.removesuffix("-noquintola"),
            quintola=rules.quintola,
            turn_time=0,
            bot_level=level if level in BOT_LEVELS else "medium",
            public=False,
        )
        if options.to_rules() != rules:
            raise ValueError(f"offline play takes a rules preset, not {rules!r}")
        self.rules = rules
        self.human_seat = human_seat
        self.name = name
        rng = random.Random(seed)
        #: The computer players by seat (a test may replace one before the match starts).
        self.bots: dict[int, Player] = {}
        self._bot_rngs: dict[int, random.Random] = {}
        for offset, bot in enumerate(bot_names, start=1):
            seat = (human_seat + offset) % 4
            self.bots[seat] = make_player(bot)
            self._bot_rngs[seat] = random.Random(rng.getrandbits(64))
        #: The authority: the same table the card room runs.
        self.table = Table(
            OFFLINE_TABLE,
            "",
            TableKind.COMPUTER,
            options,
            TableConfig(cante_window=0.0, hand_pause=0.5),
            rng=random.Random(rng.getrandbits(64)),
            created_at=time.time(),
        )
        #: The matches played to the end, as the server would record them.
        self.finished: list[FinishedMatch] = []
        #: Seconds a computer player waits before acting, so that a person can follow.
        self.bot_delay = 0.0
        self._on_message: OnMessage | None = None
        self._on_bot_error: OnBotError | None = None
        self._following = False
        self._queue: deque[cmd.Command] = deque()
        self._busy = False
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._held_deal: cmd.Command | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._ids = itertools.count(1)
        self._closed = False

    # Queries ---------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The table's id, as the protocol messages name it."""
        return self.table.id

    @property
    def match(self) -> MatchState:
        """The match being played (or just finished).

        Raises:
            RuntimeError: before the first deal.
        """
        if self.table.match is None:
            raise RuntimeError("no match has started yet")
        return self.table.match

    @property
    def hand(self) -> HandState:
        """The current (or just finished) hand.

        Raises:
            RuntimeError: before the first deal.
        """
        hand = self.table.hand
        if hand is None:
            raise RuntimeError("no hand has been dealt yet")
        return hand

    # The transport -----------------------------------------------------------------------------

    def open(
        self,
        on_message: OnMessage,
        *,
        on_bot_error: OnBotError | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        """Sit the person down and start the match; needs a running event loop.

        ``on_message`` gets a ``sync`` first, then every message for the person, from within
        :meth:`send` or from the event loop (timers, computer players' answers).
        """
        if self._on_message is not None:
            raise RuntimeError("the offline table is already open")
        self._on_message = on_message
        self._on_bot_error = on_bot_error
        self.bot_delay = bot_delay
        self._feed(cmd.Join(PERSON, self.name, self.human_seat, CommandId("join")))
        # From here on the person follows the table, as a subscription does online.
        self._following = True
        table = self.table
        view = table.current_view(self.human_seat)
        on_message(
            Sync(
                table=table.id,
                seq=table.seq,
                info=table.info(),
                seat=self.human_seat,
                view=hand_view(view) if view is not None else None,
                chat=table.recent_chat(),
            )
        )
        self._feed(cmd.Watch(PERSON))
        self._feed(cmd.FillBots(tuple(sorted(self.bots))))

    def next_id(self) -> str:
        """A fresh command id."""
        return f"c{next(self._ids)}"

    def send(self, message: ClientMessage) -> None:
        """Hand the table a command from the person (``act``, ``rematch`` or ``leave``).

        The answer, ``ack`` or ``error``, and the events it causes go to ``on_message``.
        """
        command: cmd.Command
        if isinstance(message, Act):
            command = cmd.Act(
                PERSON, message.action, message.seat, message.seq, CommandId(message.id)
            )
        elif isinstance(message, Rematch):
            command = cmd.Rematch(PERSON, message.accept, CommandId(message.id))
        elif isinstance(message, Leave):
            command = cmd.Leave(PERSON, CommandId(message.id))
        else:
            cmd_id = getattr(message, "id", None)
            kind = type(message).__name__
            self._deliver(
                Error(code=ErrorCode.INVALID, message=f"not at an offline table: {kind}", id=cmd_id)
            )
            return
        self._feed(command)

    def deal_next(self) -> bool:
        """Deal the next hand if the table waits for it (the person closed the hand summary);
        ``False`` when it does not."""
        command, self._held_deal = self._held_deal, None
        if command is None:
            return False
        self._feed(command)
        return True

    def close(self) -> None:
        """Stop: cancel the timers and the computer players' pending decisions."""
        self._closed = True
        self._following = False
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        self._held_deal = None
        for task in self._tasks:
            task.cancel()

    # Carrying out steps ------------------------------------------------------------------------

    def _feed(self, command: cmd.Command) -> None:
        """Handle ``command`` now, or after the command being handled (one at a time)."""
        if self._closed:
            return
        self._queue.append(command)
        if self._busy:
            return
        self._busy = True
        try:
            while self._queue and not self._closed:
                step = self.table.handle(self._queue.popleft(), now=time.time())
                # Nothing to commit offline: the step's records are the table's own memory.
                self._carry_out(step.effects)
        finally:
            self._busy = False

    def _carry_out(self, effects: Sequence[Effect]) -> None:
        # Timers first, as the server's runner does: a message handler that reacts to the
        # end of a hand already finds the next deal waiting.
        for effect in effects:
            if isinstance(effect, ArmTimer):
                self._arm(effect)
            elif isinstance(effect, CancelTimer):
                handle = self._timers.pop(effect.key, None)
                if handle is not None:
                    handle.cancel()
                if effect.key == TimerKey.DEAL:
                    self._held_deal = None
        for effect in effects:
            match effect:
                case Reply():
                    self._deliver(effect.message)
                case Broadcast():
                    self._deliver(self.table.project(effect.event, self.human_seat))
                case SendAll():
                    self._deliver(effect.message)
                case AskBot():
                    task = asyncio.get_running_loop().create_task(self._think(effect))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
                case MatchOver():
                    self.finished.append(effect.finished)
                case _:
                    pass  # timers are armed above; the lobby and closing concern a server

    def _arm(self, timer: ArmTimer) -> None:
        old = self._timers.pop(timer.key, None)
        if old is not None:
            old.cancel()
        if timer.key == TimerKey.DEAL:
            # The next hand waits for the person to close the hand summary.
            self._held_deal = timer.command
            return
        command = timer.command
        self._timers[timer.key] = asyncio.get_running_loop().call_later(
            max(timer.seconds, 0.0), lambda: self._feed(command)
        )

    def _deliver(self, message: ServerMessage) -> None:
        if self._following and self._on_message is not None:
            self._on_message(message)

    def pause_before(self, view: SeatView) -> float:
        """How long a computer player waits before its move in ``view``: ``bot_delay``, and
        :data:`LEAD_PAUSE_FACTOR` times that to lead after a trick (its first card takes the
        finished trick off the table, the only place besides the log that shows it)."""
        leads_after_a_trick = view.phase is Phase.PLAY and not view.trick and bool(view.tricks)
        return self.bot_delay * (LEAD_PAUSE_FACTOR if leads_after_a_trick else 1.0)

    async def _think(self, ask: AskBot) -> None:
        """A computer player's decision: its own seat's view, on a worker thread."""
        player, rng = self.bots[ask.seat], self._bot_rngs[ask.seat]
        pause = self.pause_before(ask.view)
        if pause > 0:
            await asyncio.sleep(pause)
        try:
            action = await asyncio.to_thread(player.choose, ask.view, rng)
        except Exception as exc:  # a player's bug must not end the person's match
            action = -1
            reason = f"{type(exc).__name__}: {exc}"
        else:
            reason = f"{action!r} is not legal"
        if self._closed:
            return
        if action not in ask.view.legal_actions:
            # Keep playing with the first legal action, and say so.
            if self._on_bot_error is not None:
                self._on_bot_error(ask.seat, reason)
            action = ask.view.legal_actions[0]
        self._feed(cmd.BotAct(ask.seat, ask.turn, action))


__all__ = ["FALLBACKS", "OFFLINE_TABLE", "PERSON", "LocalTable", "resolve_level"]

"""The sans-I/O table: the authority on one card table (style guide section 4).

:meth:`Table.handle` takes one command and returns a :class:`~cuatrola.table.effects.Step`:
the records to commit, then the effects to carry out (replies to the sender, events to
broadcast, computer players to ask, timers to arm, finished matches). It does no I/O, reads
no clock and draws randomness only from an injected RNG, so it is tested without an event
loop, and the server, the terminal client's offline mode and the duel harness all drive it.

Validation order for a move (returning at the first failure, boardgame.io style): the seat's
owner -> the table phase -> the seat's turn -> the client's view is current -> legality.
A refusal is an ``error`` reply to the sender and changes nothing.

Hidden information: events that show the hand are :class:`~cuatrola.table.events.HandEvent`
references to the hand and a point in its history; :meth:`Table.project` builds each
recipient's copy at send time from :func:`~cuatrola.core.views.view_for` (a seat) or
:func:`~cuatrola.core.views.public_view` (a spectator). Nothing else carries cards.

The cante window after a trick, which hides whether anybody can sing, is described in
:mod:`cuatrola.table.cantes`.

This module holds the table's state, its queries, the entry points and the moves (the hot
path: :meth:`Table.handle` -> ``_on_act`` -> :func:`~cuatrola.table.apply.apply_act` ->
``_emit``). The rest of the table is in modules of one concern each, which the table calls:
:mod:`~cuatrola.table.seating` (seats and the start of matches),
:mod:`~cuatrola.table.presence` (the next decision, timers, followers, grace periods, idle
closing, resuming), :mod:`~cuatrola.table.dealing` (the shuffle before each deal),
:mod:`~cuatrola.table.cantes` (the cante window), :mod:`~cuatrola.table.chat`,
:mod:`~cuatrola.table.apply` (applying records), :mod:`~cuatrola.table.results` (the records
of finished hands and matches) and :mod:`~cuatrola.table.projection` (each follower's copy of
an event, and replays).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Final

import msgspec

from cuatrola.core.actions import format_action, parse_action
from cuatrola.core.cards import NUM_CARDS
from cuatrola.core.errors import InvalidActionError
from cuatrola.core.hand import HandState
from cuatrola.core.match import MatchState
from cuatrola.core.rules import Rules
from cuatrola.core.views import PublicView, SeatView, view_for
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import (
    Ack,
    ChatLine,
    ChatSaid,
    Clock,
    Error,
    Event,
    SeatInfo,
    ShuffleCommitted,
    TableInfo,
    TableOptions,
)
from cuatrola.protocol.views import HandView
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import cantes, chat, dealing, presence, projection, seating
from cuatrola.table.apply import apply
from cuatrola.table.chat import MutedChat
from cuatrola.table.commands import (
    Act,
    AddBot,
    BotAct,
    Chat,
    CloseCantes,
    CloseContributions,
    CloseIdle,
    Command,
    Contribute,
    DealNext,
    FillBots,
    Hint,
    Join,
    Leave,
    Mute,
    OwnerGone,
    Reclaim,
    Refused,
    Rematch,
    Resume,
    TimerExpired,
    Unwatch,
    Watch,
)
from cuatrola.table.dealing import DealSource
from cuatrola.table.effects import (
    AskHint,
    Broadcast,
    Effect,
    Reply,
    Step,
)
from cuatrola.table.events import PublicEvent, TableEvent
from cuatrola.table.records import (
    ActRecord,
    Applied,
    AwayRecord,
    ChoiceRecord,
    ShuffleInputs,
    TableRecord,
    stamped,
)
from cuatrola.table.seats import CanteWindow, SeatSlot, TableConfig
from cuatrola.table.shuffles import PendingShuffle

#: Applied commands a table remembers, to answer one sent again as a duplicate.
ACCEPTED_KEPT: Final = 1000

OPEN, PLAYING, FINISHED, CLOSED = (
    TableStatus.OPEN,
    TableStatus.PLAYING,
    TableStatus.FINISHED,
    TableStatus.CLOSED,
)


class Table:
    """One card table: seats, the match being played, its event window and its records.

    Args:
        table_id: the table's id.
        code: its invite code.
        kind: how the table came to be.
        options: the table options.
        config: server-side settings.
        rng: the randomness for first dealers (the operating system's CSPRNG,
            ``random.SystemRandom``, if unset).
        created_at: creation time, kept for the record.
        seed_source: gives ``n`` random bytes for each shuffle's secret seed (the server
            passes ``secrets.token_bytes``); ``rng.randbytes`` if unset, so that a table
            given a seeded ``rng`` (tests, ``cuatrola play --seed``) deals reproducibly.
        deals: given deals instead of the verifiable shuffle: each match's first dealer and
            each hand's deck (:class:`~cuatrola.table.dealing.DealSource`; the duel harness
            plays its duplicate deals so). ``rng`` and ``seed_source`` are then not used.
    """

    def __init__(
        self,
        table_id: TableId,
        code: str,
        kind: TableKind,
        options: TableOptions,
        config: TableConfig | None = None,
        rng: random.Random | None = None,
        created_at: float = 0.0,
        seed_source: Callable[[int], bytes] | None = None,
        deals: DealSource | None = None,
    ) -> None:
        self.id = table_id
        self.code = code
        self.kind = kind
        # Hints default to on against the computer only (docs/protocol.md, "Hints"), and a
        # table against the computer is not listed unless asked.
        against_computer = kind == TableKind.COMPUTER
        if options.hints is None:
            options = msgspec.structs.replace(options, hints=against_computer)
        if options.public is None:
            options = msgspec.structs.replace(options, public=not against_computer)
        self.options = options
        self.rules: Rules = options.to_rules()
        self.config = config or TableConfig()
        self.rng: random.Random = rng if rng is not None else random.SystemRandom()
        self.seed_source: Callable[[int], bytes] = seed_source or self.rng.randbytes
        self.deals = deals
        self.created_at = created_at
        self.seats = [SeatSlot() for _ in range(4)]
        self.status = OPEN
        self.match: MatchState | None = None
        self.match_number = 0
        self.match_started_at = 0.0
        self.hands: dict[int, HandState] = {}
        self.hand_count = 0
        self.match_first_hand = 0
        self.rematch: set[int] = set()
        self.seq = 0
        self.game_seq = 0
        self.turn = 0
        self.events: list[TableEvent] = []
        self.chat: list[PublicEvent] = []
        #: The applied commands remembered (:data:`ACCEPTED_KEPT`), oldest first, each as the
        #: :class:`Applied` that a snapshot stores: built once per command, so that the
        #: snapshot before each rematch copies references instead of building them all again.
        self.accepted: dict[tuple[UserId, CommandId], Applied] = {}
        self.online: set[int] = set()
        self.spectators = 0
        self.window: CanteWindow | None = None
        #: The committed shuffle of the next deal, between its commitment and the deal.
        self.pending: PendingShuffle | None = None
        #: The shuffle inputs of the hands dealt verifiably, by hand number.
        self.shuffles: dict[int, ShuffleInputs] = {}
        #: The moves of the current hand that a computer player made for a seat's owner
        #: (``auto``), as ``(seat, action in notation)`` in the order they were made: what the
        #: ``act`` events said, for a ``sync`` to say again.
        self.auto_moves: list[tuple[int, str]] = []
        #: When the current decision began (the ``at`` of the record that moved the turn),
        #: and since when each seated owner is away from the table: the deadlines that a
        #: table resumed after a restart keeps.
        self.turn_since = 0.0
        self.offline_since: dict[int, float] = {}
        #: The time of the last record of a restored table: when it stopped, as far as its
        #: records tell (0.0: not restored, or its records carry no time).
        self.stopped_at = 0.0
        #: The seats whose chat each user has hidden from themselves; ``None`` stands for
        #: every spectator, as in a spectator's chat line (:data:`chat.MutedChat`).
        self.mutes: dict[UserId, MutedChat] = {}
        #: Seats whose owner followed the table and lost it before the match began.
        self.gone_before_match: set[int] = set()
        self._records: list[TableRecord] = []
        self._effects: list[Effect] = []
        self._now = 0.0
        self._timed_out_turn = -1
        self._public_cache: dict[tuple[int, int], HandView] = {}
        # Live records were checked before they were made; stored ones are checked again.
        self._checked = True

    # Queries ------------------------------------------------------------------------------------

    @property
    def hand(self) -> HandState | None:
        """The current (or just finished) hand of the match, if any."""
        if self.match is None or self.hand_count == self.match_first_hand:
            return None
        return self.hands.get(self.hand_count - 1)

    @property
    def match_id(self) -> str:
        """The id of the current (or last) match: ``<table id>-<match number>``."""
        return f"{self.id}-{self.match_number}"

    @property
    def turn_time(self) -> float:
        """The effective turn time (0: no timer)."""
        t = self.options.turn_time
        return 0.0 if t <= 0 else max(t, self.config.min_turn_time)

    def seat_of(self, user: str) -> int | None:
        """The seat ``user`` owns here, if any."""
        for index, slot in enumerate(self.seats):
            if slot.user == user:
                return index
        return None

    def info(self, *, with_code: bool = True) -> TableInfo:
        """The table's public description (without the invite code for the lobby)."""
        match = self.match
        return TableInfo(
            id=self.id,
            code=self.code if with_code else "",
            kind=self.kind,
            options=self.options,
            status=self.status,
            seats=[
                SeatInfo(
                    seat=i,
                    name=s.name,
                    user=s.user,
                    bot=s.computer_plays,
                    away=s.away,
                    online=i in self.online,
                    bot_level=self.options.bot_level if s.bot and s.user is None else None,
                )
                for i, s in enumerate(self.seats)
            ],
            score=match.score if match is not None else (0, 0),
            hands_played=match.hands_played if match is not None else 0,
            match=max(self.match_number, 1),
            spectators=self.spectators,
            rematch=sorted(self.rematch),
        )

    @property
    def free_seats(self) -> list[int]:
        """Seats nobody holds."""
        return [i for i, s in enumerate(self.seats) if s.is_free]

    @property
    def humans(self) -> list[UserId]:
        """User ids of the seated owners."""
        return [s.user for s in self.seats if s.user is not None]

    def recent_chat(
        self, muted: MutedChat = frozenset(), user: UserId | None = None
    ) -> list[ChatLine]:
        """The last chat lines with their events' numbers, for ``user`` (``None``: unknown):
        without those of the speakers ``muted`` (seats, ``None`` for the spectators) but for
        ``user``'s own lines, which are marked ``own``."""
        lines = []
        for e in self.chat:
            said = e.body
            if not isinstance(said, ChatSaid):
                continue
            own = user is not None and e.speaker_user == user
            if own or e.speaker not in muted:
                lines.append(
                    ChatLine(
                        seat=said.seat,
                        name=said.name,
                        text=said.text,
                        phrase=said.phrase,
                        own=own,
                        seq=e.seq,
                    )
                )
        return lines

    # Entry points ---------------------------------------------------------------------------

    def handle(self, command: Command, now: float = 0.0) -> Step:
        """Apply one command: the records to commit, then what to send and do.

        ``now`` is the wall-clock time the runner passes in, stored only in records for
        history.
        """
        self._records = []
        self._effects = []
        self._now = now
        cmd_id: CommandId | None = getattr(command, "cmd", None)
        user: UserId | None = getattr(command, "user", None)
        if cmd_id is not None and user is not None:
            done = self.accepted.get((user, cmd_id))
            if done is not None:
                again = Ack(id=cmd_id, table=self.id, seat=done.seat, seq=done.seq, duplicate=True)
                return Step((), (Reply(again),))
        turn_before = self.turn
        try:
            self._dispatch(command)
        except Refused as exc:
            # Handlers refuse before they record anything: the table has not changed.
            assert not self._records
            return Step((), (Reply(Error(code=exc.code, message=str(exc), id=cmd_id)),))
        records, effects = self._records, self._effects
        if cmd_id is not None and user is not None:
            ack = Ack(id=cmd_id, table=self.id, seat=self.seat_of(user), seq=self.seq)
            self._accept(Applied(user, cmd_id, ack.seat, ack.seq))
            if records:
                # Stamped so that a restored table still knows the command was applied.
                records[0] = stamped(records[0], cmd_id, user)
            effects.insert(0, Reply(ack))
        if self.turn != turn_before:
            effects.extend(presence.drive(self))
        self._records, self._effects = [], []
        return Step(records, effects)

    def _accept(self, applied: Applied) -> None:
        """Remember an applied command, forgetting the oldest past :data:`ACCEPTED_KEPT`
        (a client resends only the few commands it sent just before losing its connection)."""
        accepted = self.accepted
        accepted[(applied.user, applied.cmd)] = applied
        if len(accepted) > ACCEPTED_KEPT:
            del accepted[next(iter(accepted))]

    def restore(self, records: Iterable[TableRecord]) -> None:
        """Rebuild the table from its stored records (nothing is sent while doing so)."""
        self._checked = False
        try:
            for record in records:
                self._effects = []
                apply(self, record)
                self.stopped_at = max(self.stopped_at, record.at)
                if record.cmd is not None and record.by is not None:
                    self._accept(Applied(record.by, record.cmd, self.seat_of(record.by), self.seq))
        finally:
            self._checked = True
            self._effects = []

    def drive(self) -> list[Effect]:
        """What the current decision needs: a computer player's move or the turn timer
        (:func:`cuatrola.table.presence.drive`). Called after every state change and by
        :meth:`resume`."""
        return presence.drive(self)

    # Projection (table/projection.py) ----------------------------------------------------------

    def project(
        self,
        event: TableEvent,
        seat: int | None,
        muted: MutedChat = frozenset(),
        user: UserId | None = None,
    ) -> Event:
        """The copy of ``event`` for ``user`` (``None``: unknown), a recipient at ``seat``
        (``None``: a spectator) who muted ``muted`` (:func:`projection.project`)."""
        return projection.project(self, event, seat, muted, user=user)

    def frames(self, event: TableEvent, clock: Clock | None) -> projection.EventFrames:
        """``event`` encoded for its recipients, each frame carrying ``clock`` (what a
        broadcast sends: :class:`projection.EventFrames`)."""
        return projection.EventFrames(self, event, clock)

    def replay(
        self,
        events: list[TableEvent],
        seat: int | None,
        muted: MutedChat = frozenset(),
        user: UserId | None = None,
    ) -> list[Event]:
        """The copies of ``events`` (in order) for one recipient (``user``, as
        :meth:`project`): what a reconnection gets.

        Each old hand is played forward once for the whole replay, not rebuilt from its deal
        for every event.
        """
        return projection.replay(self, events, seat, muted, user)

    def events_since(self, since: int) -> list[TableEvent] | None:
        """The events after ``since``, or ``None`` when they are not all kept (send a sync)."""
        return projection.events_since(self, since)

    def pending_commitment(self) -> ShuffleCommitted | None:
        """The commitment of the next deal while it waits for contributions (for ``sync``)."""
        return dealing.pending_commitment(self)

    def current_view(self, seat: int | None) -> PublicView | None:
        """The current hand as ``seat`` (or a spectator) may see it, or ``None``."""
        return projection.current_view(self, seat)

    # The leak test (tests/server/test_leak.py) rebuilds what each frame may show with these.

    def _hand_at(self, number: int, step: int) -> HandState:
        """Hand ``number`` as it stood after ``step`` actions (:func:`projection.hand_at`)."""
        return projection.hand_at(self.hands, number, step)

    #: The view while a cante window is open (:func:`cuatrola.table.cantes.window_view`).
    _window_view = staticmethod(cantes.window_view)

    # Command handlers ---------------------------------------------------------------------------

    def _dispatch(self, command: Command) -> None:
        if self.status == CLOSED and not isinstance(
            command, (BotAct, TimerExpired, DealNext, CloseContributions, Watch, Unwatch, Resume)
        ):
            raise Refused(ErrorCode.WRONG_PHASE, "the table is closed")
        match command:
            case Act():
                self._on_act(command)
            case BotAct():
                self._on_bot_act(command)
            case Join():
                seating.on_join(self, command)
            case AddBot():
                seating.on_add_bot(self, command)
            case FillBots():
                seating.on_fill_bots(self, command)
            case Leave():
                seating.on_leave(self, command)
            case Reclaim():
                seating.on_reclaim(self, command.user)
            case Chat():
                chat.on_chat(self, command)
            case Mute():
                chat.on_mute(self, command)
            case Rematch():
                seating.on_rematch(self, command)
            case Hint():
                self._on_hint(command)
            case TimerExpired():
                presence.on_timer(self, command)
            case DealNext():
                dealing.on_deal_next(self, command)
            case Contribute():
                dealing.on_contribute(self, command)
            case CloseContributions():
                dealing.on_close_contributions(self, command)
            case CloseCantes():
                cantes.on_close_cantes(self, command)
            case OwnerGone():
                presence.on_owner_gone(self, command)
            case CloseIdle():
                presence.on_close_idle(self)
            case Watch():
                presence.on_watch(self, command)
            case Unwatch():
                presence.on_unwatch(self, command)
            case Resume():
                presence.on_resume(self)

    def _record(self, record: TableRecord) -> None:
        """Write ``record`` (with the time of the command) and apply it."""
        if self._now > 0.0:
            record = msgspec.structs.replace(record, at=self._now)
        self._records.append(record)
        apply(self, record)

    def _owned_seat(self, user: UserId) -> int:
        """The seat ``user`` owns.

        Raises:
            Refused: when the user has no seat here.
        """
        seat = self.seat_of(user)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "you have no seat at this table")
        return seat

    def _emit(self, event: TableEvent) -> None:
        """Number ``event`` in the event window and broadcast it."""
        self.events.append(event)
        if len(self.events) > self.config.event_window:
            del self.events[: len(self.events) - self.config.event_window]
        self._effects.append(Broadcast(event))

    def _next_seq(self) -> int:
        self.seq += 1
        return self.seq

    # Moves ------------------------------------------------------------------------------------

    def _on_act(self, cmd: Act) -> None:
        seat = self._owned_seat(cmd.user)
        if cmd.seat is not None and cmd.seat != seat:
            raise Refused(ErrorCode.FORBIDDEN, f"seat {cmd.seat} is not yours (you sit at {seat})")
        hand = self.hand
        if self.status != PLAYING or hand is None or hand.is_finished:
            raise Refused(ErrorCode.WRONG_PHASE, "no hand is being played")
        if self.window is not None:
            cantes.choose(self, seat, cmd.action)
            return
        if hand.to_move != seat:
            raise Refused(
                ErrorCode.NOT_YOUR_TURN, f"it is seat {hand.to_move}'s turn, not yours ({seat})"
            )
        if cmd.seq is not None and cmd.seq < self.game_seq:
            raise Refused(
                ErrorCode.STALE, f"your view is at event {cmd.seq}; the game is at {self.game_seq}"
            )
        if cmd.seq is not None and cmd.seq > self.seq:
            raise Refused(
                ErrorCode.INVALID, f"seq {cmd.seq} is ahead of the table (event {self.seq})"
            )
        try:
            action = parse_action(cmd.action)
        except InvalidActionError as exc:
            raise Refused(ErrorCode.INVALID, str(exc)) from None
        if not hand.legal_mask() >> action & 1:
            reason = hand.explain_illegal(action)
            raise Refused(
                ErrorCode.ILLEGAL,
                f"{format_action(action)} is not legal for seat {seat}: {reason}",
            )
        if self.seats[seat].away:
            self._record(AwayRecord(seat=seat, on=False))
        self._record(self._act_record(hand, seat, action, auto=False))
        self._after_act()

    def _on_bot_act(self, cmd: BotAct) -> None:
        window = self.window
        if window is not None:
            seat = cmd.seat
            if (
                cmd.turn == self.turn
                and cmd.action in window.options.get(seat, ())
                and seat not in window.choices
                and self.seats[seat].computer_plays
            ):
                auto = not self.seats[seat].bot
                self._record(ChoiceRecord(seat=seat, action=cmd.action, auto=auto))
            return
        hand = self.hand
        if (
            cmd.turn != self.turn
            or self.status != PLAYING
            or hand is None
            or hand.to_move != cmd.seat
            or not (self.seats[cmd.seat].computer_plays or self._timed_out_turn == cmd.turn)
        ):
            return  # a stale answer: the decision was already taken
        action = cmd.action
        if not hand.legal_mask() >> action & 1:  # pragma: no cover - players return legal ids
            action = hand.legal_actions()[0]
        auto = not self.seats[cmd.seat].bot
        self._record(self._act_record(hand, cmd.seat, action, auto=auto))
        self._after_act()

    def _act_record(self, hand: HandState, seat: int, action: int, *, auto: bool) -> ActRecord:
        """The record of a move. A card that ends a trick carries the cante window's length
        at the time, so that a table resumed with another setting replays the same windows."""
        ends_trick = action < NUM_CARDS and len(hand.trick_cards) + 1 == len(hand.active_seats)
        window = self.config.cante_window if ends_trick else 0.0
        return ActRecord(seat=seat, action=action, auto=auto, window=max(window, 0.0))

    def _after_act(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_finished and self.status == PLAYING:
            dealing.next_deal(self)

    def _on_hint(self, cmd: Hint) -> None:
        """Ask the expert for the seat's decision, from its own view; records nothing."""
        seat = self._owned_seat(cmd.user)
        if not self.options.hints:
            raise Refused(ErrorCode.HINTS_OFF, "hints are off at this table")
        hand = self.hand
        if self.status != PLAYING or hand is None or hand.is_finished:
            raise Refused(ErrorCode.WRONG_PHASE, "no hand is being played")
        window = self.window
        if window is not None:
            if seat not in window.options or seat in window.choices:
                raise Refused(ErrorCode.NOT_YOUR_TURN, "the cantes after the trick are decided")
            view = cantes.window_view(hand, seat)
        elif hand.to_move != seat:
            raise Refused(
                ErrorCode.NOT_YOUR_TURN, f"it is seat {hand.to_move}'s turn, not yours ({seat})"
            )
        else:
            view = view_for(hand, seat)
        assert isinstance(view, SeatView)
        self._effects.append(AskHint(seat, self.turn, view, cmd.cmd))


# TableKind too: a driver outside the server (the terminal client) names the kind it creates.
__all__ = ["Refused", "Table", "TableKind"]

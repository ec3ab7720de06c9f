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

The cante window: after each of the first three tricks of a hand that allows cantes, the
winning team's players who hold a rey and caballo may sing. Whether anybody can is itself
hidden, so the table shows every seat and spectator the same window after every such trick,
whether or not anybody can sing: a ``cante`` phase with nobody to move, for a fixed time
(:attr:`TableConfig.cante_window`, shorter when the winning team is two computer players:
both are public facts). Only a seat that can sing sees its own cantes to choose from; its
choice is stored at once but shown to nobody (not even its partner) until the window closes,
with the cante sung, or with a ``cantes_over`` event that is the same whether a pair was
declined or none was held.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Final

import msgspec

from cuatrola.core.actions import CANTE_BASE, NO_CANTE, format_action, parse_action
from cuatrola.core.cards import NUM_CARDS
from cuatrola.core.errors import InvalidActionError
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.match import MatchState
from cuatrola.core.records import hand_to_record
from cuatrola.core.rollout import deal_masks
from cuatrola.core.rules import CONTRACTS, Rules
from cuatrola.core.shuffle import SEED_BYTES
from cuatrola.core.views import PublicView, SeatView, public_view, seat_part, view_for
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import (
    Ack,
    Acted,
    CantesOver,
    ChatSaid,
    Dealt,
    Error,
    Event,
    EventBody,
    HandEnded,
    MatchEnded,
    MatchStarted,
    Presence,
    SeatInfo,
    SeatsChanged,
    ShuffleCommitted,
    TableInfo,
    TableOptions,
)
from cuatrola.protocol.views import HandView, hand_view, with_seat
from cuatrola.storage.base import TableKind, TableStatus
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
    Rematch,
    TimerExpired,
    Unwatch,
    Watch,
)
from cuatrola.table.effects import (
    ArmTimer,
    AskBot,
    AskHint,
    Broadcast,
    CancelTimer,
    Closed,
    Effect,
    FinishedMatch,
    HandOver,
    LobbyChanged,
    MatchOver,
    MatchPlayer,
    Reply,
    SendAll,
    Step,
    TimerKey,
    grace_key,
)
from cuatrola.table.events import HandEvent, HandEventKind, PublicEvent, TableEvent
from cuatrola.table.records import (
    ActRecord,
    AwayRecord,
    BotRecord,
    CantesOverRecord,
    ChatRecord,
    ChoiceRecord,
    CloseRecord,
    ContributeRecord,
    DealRecord,
    FreeRecord,
    MatchRecord,
    MuteRecord,
    PresenceRecord,
    RematchRecord,
    ShuffleInputs,
    ShuffleRecord,
    SitRecord,
    SnapshotRecord,
    TableRecord,
    TimeoutRecord,
    stamped,
)
from cuatrola.table.seats import BOTS_CANTE_WINDOW, CanteWindow, SeatSlot, TableConfig
from cuatrola.table.shuffles import PendingShuffle, deck_of, proof_json, revealed
from cuatrola.table.snapshots import restore_snapshot, snapshot_of

#: Applied commands a table remembers, to answer one sent again as a duplicate.
ACCEPTED_KEPT: Final = 1000

OPEN, PLAYING, FINISHED, CLOSED = (
    TableStatus.OPEN,
    TableStatus.PLAYING,
    TableStatus.FINISHED,
    TableStatus.CLOSED,
)


class Refused(Exception):
    """A command is refused with an error ``code`` (the table has not changed)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def _window_options(state: HandState) -> dict[int, tuple[int, ...]]:
    """The cantes (and ``nocante``) each seat of the winning team may choose after a trick."""
    return {
        seat: (*(CANTE_BASE + s for s in sorted(suits)), NO_CANTE)
        for seat, suits in state.cante_options().items()
    }


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
    ) -> None:
        self.id = table_id
        self.code = code
        self.kind = kind
        # Hints default to on against the computer only (docs/protocol.md, "Hints").
        self.options = (
            options
            if options.hints is not None
            else msgspec.structs.replace(options, hints=kind == TableKind.COMPUTER)
        )
        self.rules: Rules = options.to_rules()
        self.config = config or TableConfig()
        self.rng: random.Random = rng if rng is not None else random.SystemRandom()
        self.seed_source: Callable[[int], bytes] = seed_source or self.rng.randbytes
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
        self.accepted: dict[tuple[UserId, CommandId], Ack] = {}
        self.online: set[int] = set()
        self.spectators = 0
        self.window: CanteWindow | None = None
        #: The committed shuffle of the next deal, between its commitment and the deal.
        self.pending: PendingShuffle | None = None
        #: The shuffle inputs of the hands dealt verifiably, by hand number.
        self.shuffles: dict[int, ShuffleInputs] = {}
        #: When the current decision began (the ``at`` of the record that moved the turn),
        #: and since when each seated owner is away from the table: the deadlines that a
        #: table resumed after a restart keeps.
        self.turn_since = 0.0
        self.offline_since: dict[int, float] = {}
        #: The seats whose chat each user has hidden from themselves.
        self.mutes: dict[UserId, frozenset[int]] = {}
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
                    level=self.options.bot_level if s.bot and s.user is None else None,
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

    def recent_chat(self, muted: frozenset[int] = frozenset()) -> list[ChatSaid]:
        """The last chat lines, without muted seats'."""
        return [
            e.body for e in self.chat if isinstance(e.body, ChatSaid) and e.speaker not in muted
        ]

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
                return Step((), (Reply(msgspec.structs.replace(done, duplicate=True)),))
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
            self._accept(user, cmd_id, ack)
            if records:
                # Stamped so that a restored table still knows the command was applied.
                records[0] = stamped(records[0], cmd_id, user)
            effects.insert(0, Reply(ack))
        if self.turn != turn_before:
            effects.extend(self.drive())
        self._records, self._effects = [], []
        return Step(records, effects)

    def _accept(self, user: UserId, cmd_id: CommandId, ack: Ack) -> None:
        """Remember an applied command, forgetting the oldest past :data:`ACCEPTED_KEPT`
        (a client resends only the few commands it sent just before losing its connection)."""
        accepted = self.accepted
        accepted[(user, cmd_id)] = ack
        if len(accepted) > ACCEPTED_KEPT:
            del accepted[next(iter(accepted))]

    def restore(self, records: Iterable[TableRecord]) -> None:
        """Rebuild the table from its stored records (nothing is sent while doing so)."""
        self._checked = False
        try:
            for record in records:
                self._effects = []
                self._apply(record)
                if record.cmd is not None and record.by is not None:
                    seat = self.seat_of(record.by)
                    ack = Ack(id=record.cmd, table=self.id, seat=seat, seq=self.seq)
                    self._accept(record.by, record.cmd, ack)
        finally:
            self._checked = True
            self._effects = []

    def resume(self, now: float = 0.0) -> list[Effect]:
        """What a table restored after a restart needs: the current decision driven again,
        every seated owner's grace period (nobody is connected yet) and the idle timer.

        With ``now`` (UNIX seconds), deadlines continue from the stored records: the turn
        clock, the pause between hands and the cante window have what was left of them, and an
        owner who had already lost the table before the restart what was left of the grace
        period (the others, whose connections the restart closed, get the whole of it).
        """
        self._now = now
        effects = self.drive()
        if self.status == PLAYING:
            for user in self.humans:
                seat = self.seat_of(user)
                since = self.offline_since.get(seat) if seat is not None else None
                effects.append(self._grace(user, since))
        effects.extend(self._idle())
        return effects

    def _left(self, seconds: float, since: float | None = None) -> float:
        """What is left of ``seconds`` that began at ``since`` (by default when the current
        decision began): all of them when that time is not known."""
        since = self.turn_since if since is None else since
        if since <= 0.0 or self._now <= 0.0:
            return seconds
        return min(seconds, max(0.0, seconds - (self._now - since)))

    def drive(self) -> list[Effect]:
        """What the current decision needs: a computer player's move or the turn timer.

        Called after every state change and by :meth:`resume`.
        """
        hand = self.hand
        if self.status == PLAYING and self.pending is not None:
            return [CancelTimer(TimerKey.TURN), *self._shuffle_timers(self.pending)]
        if self.status != PLAYING or hand is None:
            return [CancelTimer(TimerKey.TURN)]
        if hand.is_finished:
            out: list[Effect] = [CancelTimer(TimerKey.TURN)]
            if self.match is not None and not self.match.is_over:
                deal = DealNext(self.hand_count - 1)
                out.append(ArmTimer(TimerKey.DEAL, self._left(self.config.hand_pause), deal))
            return out
        window = self.window
        if window is not None:
            out = [CancelTimer(TimerKey.TURN)]
            seconds = self._left(window.seconds)
            out.append(ArmTimer(TimerKey.CANTE, seconds, CloseCantes(window.turn)))
            for singer, options in window.options.items():
                if singer not in window.choices and self.seats[singer].computer_plays:
                    view = self._window_view(hand, singer)
                    assert isinstance(view, SeatView) and view.legal_actions == options
                    out.append(AskBot(singer, self.turn, view, self.options.bot_level))
            return out
        seat = hand.to_move
        assert seat is not None
        if self.seats[seat].computer_plays:
            ask = AskBot(seat, self.turn, view_for(hand, seat), self.options.bot_level)
            return [CancelTimer(TimerKey.TURN), ask]
        if self.turn_time > 0:
            expired = TimerExpired(self.turn)
            return [ArmTimer(TimerKey.TURN, self._left(self.turn_time), expired, seat=seat)]
        return [CancelTimer(TimerKey.TURN)]

    # Projection ---------------------------------------------------------------------------------

    def project(
        self, event: TableEvent, seat: int | None, muted: frozenset[int] = frozenset()
    ) -> Event:
        """The copy of ``event`` for a recipient at ``seat`` (``None``: a spectator)."""
        if isinstance(event, PublicEvent):
            return self._project_public(event, seat, muted)
        return self._project_hand(event, self._hand_at(event.hand, event.step), seat)

    def replay(
        self, events: list[TableEvent], seat: int | None, muted: frozenset[int] = frozenset()
    ) -> list[Event]:
        """The copies of ``events`` (in order) for one recipient: what a reconnection gets.

        Each old hand is played forward once for the whole replay, not rebuilt from its deal
        for every event.
        """
        frames = []
        states = self._states_along(events)
        for event in events:
            if isinstance(event, PublicEvent):
                frames.append(self._project_public(event, seat, muted))
            else:
                frames.append(self._project_hand(event, next(states), seat))
        return frames

    def events_since(self, since: int) -> list[TableEvent] | None:
        """The events after ``since``, or ``None`` when they are not all kept (send a sync)."""
        if since > self.seq:
            return None
        if since == self.seq:
            return []
        first = self.events[0].seq if self.events else self.seq + 1
        if since + 1 < first:
            return None
        return self.events[since + 1 - first :]

    def pending_commitment(self) -> ShuffleCommitted | None:
        """The commitment of the next deal while it waits for contributions (for ``sync``)."""
        pending = self.pending
        if pending is None or self.status != PLAYING:
            return None
        return pending.committed(self._contributors())

    def current_view(self, seat: int | None) -> PublicView | None:
        """The current hand as ``seat`` (or a spectator) may see it, or ``None``."""
        hand = self.hand
        if hand is None:
            return None
        if self.window is not None:
            return self._window_view(hand, seat)
        return view_for(hand, seat) if seat is not None else public_view(hand)

    def _project_public(self, event: PublicEvent, seat: int | None, muted: frozenset[int]) -> Event:
        if event.speaker is not None and event.speaker in muted:
            return Event(table=self.id, seq=event.seq, body=None)
        body: EventBody = event.body
        if seat is None and isinstance(body, SeatsChanged) and body.info.code:
            # The invite code is for the people at the table, not for spectators.
            body = SeatsChanged(info=msgspec.structs.replace(body.info, code=""))
        return Event(table=self.id, seq=event.seq, body=body)

    def _project_hand(self, event: HandEvent, state: HandState, seat: int | None) -> Event:
        if event.window:
            view = hand_view(self._window_view(state, seat))
        else:
            # The public part is the same for every recipient: convert it once per event,
            # then add each seat's own cards and moves.
            key = (event.hand, event.step)
            public = self._public_cache.get(key)
            if public is None:
                public = hand_view(public_view(state))
                self._public_cache = {key: public}
            view = public if seat is None else with_seat(public, seat_part(state, seat))
        body: EventBody
        if event.kind is HandEventKind.DEAL:
            body = Dealt(view=view)
        elif event.kind is HandEventKind.CANTES_OVER:
            body = CantesOver(view=view)
        else:
            body = Acted(seat=event.seat, action=event.action, auto=event.auto, view=view)
        return Event(table=self.id, seq=event.seq, body=body)

    def _states_along(self, events: list[TableEvent]) -> Iterator[HandState]:
        """The hand state of each hand event of ``events`` in turn, each hand played forward
        from its deal at most once. A state yielded is valid until the next one is asked for
        (:meth:`replay` projects it at once)."""
        past: HandState | None = None
        number = -1
        for event in events:
            if not isinstance(event, HandEvent):
                continue
            hand = self.hands[event.hand]
            if len(hand.history) == event.step:
                yield hand
                continue
            if past is None or number != event.hand or len(past.history) > event.step:
                past = HandState.from_masks(
                    hand.rules, hand.dealer, list(hand.dealt), hand.trump_card, hand.score_before
                )
                number = event.hand
            for action in hand.history[len(past.history) : event.step]:
                past.apply_unchecked(action)
            yield past

    @staticmethod
    def _window_view(state: HandState, seat: int | None) -> PublicView:
        """What ``seat`` (``None``: a spectator) sees while a cante window is open, from the
        hand as it stood when the trick ended: the same for everybody, but that a seat that
        can sing is to move with its cantes (and ``nocante``) to choose from."""
        options = _window_options(state)
        if seat is None:
            return replace(public_view(state), phase=Phase.CANTE, to_move=None)
        legal = options.get(seat, ())
        return replace(
            view_for(state, seat),
            phase=Phase.CANTE,
            to_move=seat if legal else None,
            legal_actions=legal,
            obligation=None,
        )

    def _hand_at(self, number: int, step: int) -> HandState:
        hand = self.hands[number]
        if len(hand.history) == step:
            return hand
        past = HandState.from_masks(
            hand.rules, hand.dealer, list(hand.dealt), hand.trump_card, hand.score_before
        )
        for action in hand.history[:step]:
            past.apply_unchecked(action)
        return past

    # Command handlers ---------------------------------------------------------------------------

    def _dispatch(self, command: Command) -> None:
        if self.status == CLOSED and not isinstance(
            command, (BotAct, TimerExpired, DealNext, CloseContributions, Watch, Unwatch)
        ):
            raise Refused(ErrorCode.WRONG_PHASE, "the table is closed")
        match command:
            case Act():
                self._on_act(command)
            case BotAct():
                self._on_bot_act(command)
            case Join():
                self._on_join(command)
            case AddBot():
                self._on_add_bot(command)
            case FillBots():
                self._on_fill_bots(command)
            case Leave():
                self._on_leave(command)
            case Reclaim():
                self._on_reclaim(command.user)
            case Chat():
                self._on_chat(command)
            case Mute():
                self._on_mute(command)
            case Rematch():
                self._on_rematch(command)
            case Hint():
                self._on_hint(command)
            case TimerExpired():
                self._on_timer(command)
            case DealNext():
                self._on_deal_next(command)
            case Contribute():
                self._on_contribute(command)
            case CloseContributions():
                self._on_close_contributions(command)
            case CloseCantes():
                window = self.window
                if window is not None and window.turn == command.turn:
                    self._record(CantesOverRecord())
            case OwnerGone():
                self._on_owner_gone(command)
            case CloseIdle():
                if self.status in (OPEN, FINISHED) and not self.online:
                    self._record(CloseRecord())
            case Watch():
                self._on_watch(command)
            case Unwatch():
                self._on_unwatch(command)

    def _record(self, record: TableRecord) -> None:
        if self._now > 0.0:
            record = msgspec.structs.replace(record, at=self._now)
        self._records.append(record)
        self._apply(record)

    def _owned_seat(self, user: UserId) -> int:
        seat = self.seat_of(user)
        if seat is None:
            raise Refused(ErrorCode.NOT_SEATED, "you have no seat at this table")
        return seat

    def _on_join(self, cmd: Join) -> None:
        if self.seat_of(cmd.user) is not None:
            raise Refused(ErrorCode.ALREADY_SEATED, "you already have a seat at this table")
        if self.status == PLAYING:
            raise Refused(ErrorCode.WRONG_PHASE, "the match has started")
        free = self.free_seats
        if not free:
            raise Refused(ErrorCode.TABLE_FULL, "every seat is taken")
        seat = cmd.seat if cmd.seat is not None else free[0]
        if seat not in free:
            raise Refused(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        self._record(SitRecord(seat=seat, user=cmd.user, name=cmd.name))
        self._maybe_start()

    def _on_add_bot(self, cmd: AddBot) -> None:
        self._owned_seat(cmd.user)
        if self.status == PLAYING:
            raise Refused(ErrorCode.WRONG_PHASE, "the match has started")
        if not self.seats[cmd.seat].is_free:
            raise Refused(ErrorCode.SEAT_TAKEN, f"seat {cmd.seat} is taken")
        self._record(BotRecord(seat=cmd.seat))
        self._maybe_start()

    def _on_fill_bots(self, cmd: FillBots) -> None:
        if self.status != OPEN:
            return
        for seat in cmd.seats:
            if self.seats[seat].is_free:
                self._record(BotRecord(seat=seat))
        self._maybe_start()

    def _on_leave(self, cmd: Leave) -> None:
        seat = self._owned_seat(cmd.user)
        if self.status == PLAYING:
            self._record(AwayRecord(seat=seat, on=True, left=True))
            # Only when every owner has left on purpose (not merely disconnected) is the
            # match abandoned.
            if all(s.user is None or s.left for s in self.seats):
                self._record(CloseRecord())
        else:
            self._record(FreeRecord(seat=seat))
            if not self.humans:
                self._record(CloseRecord())

    def _on_reclaim(self, user: UserId) -> None:
        seat = self._owned_seat(user)
        if self.seats[seat].away:
            self._record(AwayRecord(seat=seat, on=False))

    def _on_chat(self, cmd: Chat) -> None:
        seat = self.seat_of(cmd.user)
        if cmd.text is not None:
            self._record(ChatRecord(seat=seat, name=cmd.name, text=cmd.text.strip()))
        else:
            self._record(ChatRecord(seat=seat, name=cmd.name, phrase=cmd.phrase))

    def _on_mute(self, cmd: Mute) -> None:
        muted = self.mutes.get(cmd.user, frozenset())
        if (cmd.seat in muted) != cmd.on:
            self._record(MuteRecord(user=cmd.user, seat=cmd.seat, on=cmd.on))

    def _on_rematch(self, cmd: Rematch) -> None:
        seat = self._owned_seat(cmd.user)
        if self.status != FINISHED:
            raise Refused(ErrorCode.WRONG_PHASE, "there is no finished match to replay")
        self._record(RematchRecord(seat=seat, accept=cmd.accept))
        humans = {i for i, s in enumerate(self.seats) if s.user is not None}
        if cmd.accept and humans <= self.rematch:
            self._start_match()

    def _on_act(self, cmd: Act) -> None:
        seat = self._owned_seat(cmd.user)
        if cmd.seat is not None and cmd.seat != seat:
            raise Refused(ErrorCode.FORBIDDEN, f"seat {cmd.seat} is not yours (you sit at {seat})")
        hand = self.hand
        if self.status != PLAYING or hand is None or hand.is_finished:
            raise Refused(ErrorCode.WRONG_PHASE, "no hand is being played")
        if self.window is not None:
            self._choose_cante(seat, cmd.action)
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
            view = self._window_view(hand, seat)
        elif hand.to_move != seat:
            raise Refused(
                ErrorCode.NOT_YOUR_TURN, f"it is seat {hand.to_move}'s turn, not yours ({seat})"
            )
        else:
            view = view_for(hand, seat)
        assert isinstance(view, SeatView)
        self._effects.append(AskHint(seat, self.turn, view, cmd.cmd))

    def _choose_cante(self, seat: int, text: str) -> None:
        """A seated player's choice in the open cante window (the last one counts)."""
        window = self.window
        assert window is not None
        options = window.options.get(seat, ())
        try:
            action = parse_action(text)
        except InvalidActionError as exc:
            raise Refused(ErrorCode.INVALID, str(exc)) from None
        if action not in options:
            # The same answer to every seat, whether or not its team can sing.
            raise Refused(ErrorCode.WRONG_PHASE, "the cantes after the trick are being decided")
        self._record(ChoiceRecord(seat=seat, action=action))

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
                self._record(ChoiceRecord(seat=seat, action=cmd.action))
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

    def _on_timer(self, cmd: TimerExpired) -> None:
        hand = self.hand
        if cmd.turn != self.turn or self.status != PLAYING or hand is None or hand.is_finished:
            return
        seat = hand.to_move
        assert seat is not None
        if self.seats[seat].computer_plays:
            return
        # The owner timed out: a computer player decides this once (and keeps the seat
        # after repeated timeouts).
        timeouts = self.seats[seat].timeouts + 1
        self._record(TimeoutRecord(seat=seat))
        if timeouts >= self.config.max_timeouts:
            self._record(AwayRecord(seat=seat, on=True))
        else:
            self._timed_out_turn = self.turn
            ask = AskBot(seat, self.turn, view_for(hand, seat), self.options.bot_level)
            self._effects.extend((ask, CancelTimer(TimerKey.TURN)))

    def _on_owner_gone(self, cmd: OwnerGone) -> None:
        seat = self.seat_of(cmd.user)
        if seat is None or self.seats[seat].away or self.status != PLAYING:
            return
        self._record(AwayRecord(seat=seat, on=True))

    def _on_deal_next(self, cmd: DealNext) -> None:
        hand = self.hand
        if (
            self.status != PLAYING
            or hand is None
            or not hand.is_finished
            or cmd.hand != self.hand_count - 1
        ):
            return
        pending = self.pending
        if pending is None:
            # A table restored from a log written before the verifiable shuffle, between
            # two hands: commit now; the pause is over.
            self._commit_shuffle(pause_over=True)
            return
        pending.pause_over = True
        self._maybe_deal()

    def _on_watch(self, cmd: Watch) -> None:
        seat = self.seat_of(cmd.user)
        if seat is None:
            self.spectators += 1
            return
        self._effects.append(CancelTimer(grace_key(cmd.user)))
        self.gone_before_match.discard(seat)
        if seat in self.offline_since:
            self._record(PresenceRecord(seat=seat, online=True))
        if seat not in self.online:
            self.online.add(seat)
            self._effects.append(SendAll(Presence(table=self.id, seat=seat, online=True)))
        slot = self.seats[seat]
        if slot.away and not slot.left and self.status != CLOSED:
            self._record(AwayRecord(seat=seat, on=False))

    def _on_unwatch(self, cmd: Unwatch) -> None:
        seat = self.seat_of(cmd.user)
        if seat is None:
            self.spectators = max(0, self.spectators - 1)
            return
        if not cmd.last:
            return
        self.online.discard(seat)
        self._effects.append(SendAll(Presence(table=self.id, seat=seat, online=False)))
        if self.status == OPEN:
            self.gone_before_match.add(seat)
        if self.status == PLAYING:
            # Stored, so that a restart gives the owner only what is left of the grace period.
            self._record(PresenceRecord(seat=seat, online=False))
            self._effects.append(self._grace(cmd.user))
        self._effects.extend(self._idle())

    def _grace(self, user: UserId, since: float | None = None) -> ArmTimer:
        seconds = (
            self.config.grace_period
            if since is None
            else self._left(self.config.grace_period, since)
        )
        return ArmTimer(grace_key(user), seconds, OwnerGone(user))

    def _idle(self) -> list[Effect]:
        """The idle timer, while the table is not being played and no owner follows it."""
        if self.status not in (OPEN, FINISHED) or self.online:
            return []
        ttl = self.config.finished_ttl if self.status == FINISHED else self.config.open_ttl
        return [ArmTimer(TimerKey.IDLE, ttl, CloseIdle())]

    def _after_act(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_finished and self.status == PLAYING:
            self._commit_shuffle()

    def _maybe_start(self) -> None:
        if self.status == OPEN and not self.free_seats and self.humans:
            self._start_match()

    def _start_match(self) -> None:
        if self.match_number > 0:
            # A rematch: what the table is now stands for its whole log so far (compaction).
            self._record(snapshot_of(self))
        self._record(MatchRecord(first_dealer=self.rng.randrange(4), at=self._now))
        # An owner who lost the table before the match began (a computer table fills its seats
        # after its creator is seated) gets a grace period from now, as if they left now.
        for seat in sorted(self.gone_before_match - self.online):
            user = self.seats[seat].user
            if user is not None:
                self._record(PresenceRecord(seat=seat, online=False))
                self._effects.append(self._grace(user))
        self.gone_before_match.clear()
        self._commit_shuffle()

    # The verifiable shuffle (table/shuffles.py) -----------------------------------------------

    def _commit_shuffle(self, *, pause_over: bool = False) -> None:
        """Draw the next deal's secret seed and store it; its commitment is published with
        the record, and the deal follows at once when nothing needs waiting for."""
        seed = self.seed_source(SEED_BYTES)
        self._record(ShuffleRecord(seed=seed.hex()))
        assert self.pending is not None
        self.pending.pause_over = self.pending.pause_over or pause_over
        self._maybe_deal()

    def _contributors(self) -> list[int]:
        """The seats a person plays now (whose contributions a deal waits for)."""
        return [i for i, s in enumerate(self.seats) if s.user is not None and not s.computer_plays]

    def _awaited(self, pending: PendingShuffle) -> list[int]:
        return [s for s in self._contributors() if s not in pending.contributions]

    def _shuffle_timers(self, pending: PendingShuffle) -> list[Effect]:
        out: list[Effect] = []
        if not pending.pause_over:
            deal = DealNext(self.hand_count - 1)
            out.append(ArmTimer(TimerKey.DEAL, self._left(pending.pause), deal))
        if not pending.window_over:
            # Nobody left to wait for (they contributed, or went away): close it at once.
            seconds = self._left(pending.window) if self._awaited(pending) else 0.0
            close = CloseContributions(pending.deal)
            out.append(ArmTimer(TimerKey.SHUFFLE, seconds, close))
        return out

    def _maybe_deal(self) -> None:
        pending = self.pending
        if pending is None or self.status != PLAYING or not pending.pause_over:
            return
        if pending.window_over or not self._awaited(pending):
            self._deal()

    def _on_contribute(self, cmd: Contribute) -> None:
        seat = self._owned_seat(cmd.user)
        pending = self.pending
        if pending is None or self.status != PLAYING:
            raise Refused(ErrorCode.WRONG_PHASE, "no shuffle is waiting for contributions")
        if seat in pending.contributions:
            raise Refused(
                ErrorCode.ALREADY_CONTRIBUTED, f"seat {seat} already contributed to this shuffle"
            )
        self._record(ContributeRecord(seat=seat, value=cmd.value))
        self._maybe_deal()

    def _on_close_contributions(self, cmd: CloseContributions) -> None:
        pending = self.pending
        if pending is None or pending.deal != cmd.deal:
            return
        pending.window_over = True
        self._maybe_deal()

    def _deal(self) -> None:
        pending = self.pending
        assert pending is not None
        self._record(DealRecord(deck=pending.deck(), shuffle=pending.inputs()))
        self._effects.extend((CancelTimer(TimerKey.DEAL), CancelTimer(TimerKey.SHUFFLE)))

    def _apply_shuffle(self, record: ShuffleRecord) -> None:
        if record.v != 1:
            raise ValueError(f"unknown shuffle derivation version {record.v}")
        after_hand = self.hand_count > self.match_first_hand
        pause = self.config.hand_pause if after_hand else 0.0
        pending = PendingShuffle.start(
            record.seed, self.hand_count, pause, self.config.shuffle_window
        )
        self.pending = pending
        self.turn += 1  # the next decision is the deal: drive its timers
        body = pending.committed(self._contributors())
        self._emit(PublicEvent(seq=self._next_seq(), body=body))

    def _act_record(self, hand: HandState, seat: int, action: int, *, auto: bool) -> ActRecord:
        """The record of a move. A card that ends a trick carries the cante window's length
        at the time, so that a table resumed with another setting replays the same windows."""
        ends_trick = action < NUM_CARDS and len(hand.trick_cards) + 1 == len(hand.active_seats)
        window = self.config.cante_window if ends_trick else 0.0
        return ActRecord(seat=seat, action=action, auto=auto, window=max(window, 0.0))

    # Applying records (also the restore path) -----------------------------------------------------

    def _apply(self, record: TableRecord) -> None:
        turn = self.turn
        self._apply_record(record)
        if self.turn != turn:
            self.turn_since = record.at

    def _apply_record(self, record: TableRecord) -> None:
        match record:
            case ActRecord():
                self._apply_act(record)
            case DealRecord():
                self._apply_deal(record)
            case ShuffleRecord():
                self._apply_shuffle(record)
            case ContributeRecord():
                assert self.pending is not None
                self.pending.contributions[record.seat] = record.value
            case ChatRecord():
                self._apply_chat(record)
            case ChoiceRecord():
                assert self.window is not None
                self.window.choices[record.seat] = record.action
            case CantesOverRecord():
                self._apply_cantes_over()
            case MatchRecord():
                self._apply_match(record)
            case RematchRecord():
                if record.accept:
                    self.rematch.add(record.seat)
                else:
                    self.rematch.discard(record.seat)
                self._seats_changed()
            case SnapshotRecord():
                if not self._checked:  # a live table already is what its snapshot says
                    restore_snapshot(self, record)
            case MuteRecord():
                muted = self.mutes.get(record.user, frozenset())
                self.mutes[record.user] = (
                    muted | {record.seat} if record.on else muted - {record.seat}
                )
            case PresenceRecord():
                if record.online:
                    self.offline_since.pop(record.seat, None)
                else:
                    self.offline_since[record.seat] = record.at
            case _:
                self._apply_seat(record)

    def _emit(self, event: TableEvent) -> None:
        self.events.append(event)
        if len(self.events) > self.config.event_window:
            del self.events[: len(self.events) - self.config.event_window]
        self._effects.append(Broadcast(event))

    def _next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def _seats_changed(self) -> None:
        self._emit(PublicEvent(seq=self._next_seq(), body=SeatsChanged(info=self.info())))
        self._effects.append(LobbyChanged())
        self._effects.extend(self._idle())

    def _apply_seat(
        self,
        record: SitRecord | BotRecord | FreeRecord | AwayRecord | TimeoutRecord | CloseRecord,
    ) -> None:
        if isinstance(record, CloseRecord):
            self.status = CLOSED
            self._seats_changed()
            self._effects.append(Closed())
            return
        slot = self.seats[record.seat]
        match record:
            case SitRecord():
                self.offline_since.pop(record.seat, None)  # a new owner has been nowhere yet
                slot.user, slot.name, slot.bot, slot.away = record.user, record.name, False, False
                slot.timeouts = 0
            case BotRecord():
                slot.user, slot.bot, slot.away = None, True, False
                slot.name = f"Computer ({self.options.bot_level})"
            case FreeRecord():
                self.seats[record.seat] = SeatSlot()
                self.rematch.discard(record.seat)
                self.online.discard(record.seat)  # a freed seat has no owner to be online
                if self.status == FINISHED:
                    self.status = OPEN
                    self.rematch.clear()
            case TimeoutRecord():
                slot.timeouts += 1
                return  # no visible change
            case AwayRecord():
                slot.away = record.on
                slot.left = record.on and record.left
                slot.timeouts = 0
                if slot.left:
                    self.online.discard(record.seat)
                self.turn += 1  # who decides for the seat changed: drive the decision again
        self._seats_changed()

    def _apply_match(self, record: MatchRecord) -> None:
        self.match_number += 1
        self.match = MatchState(self.rules, first_dealer=record.first_dealer)
        self.match_started_at = record.at
        self.match_first_hand = self.hand_count
        self.rematch.clear()
        self.status = PLAYING
        self._seats_changed()
        body = MatchStarted(
            match=self.match_number, first_dealer=record.first_dealer, rules=self.rules.name
        )
        self._emit(PublicEvent(seq=self._next_seq(), body=body))

    def _apply_deal(self, record: DealRecord) -> None:
        match = self.match
        assert match is not None
        deck = record.deck
        if record.shuffle is not None:
            if not self._checked and deck_of(record.shuffle) != deck:
                raise ValueError("a stored deal does not follow from its shuffle inputs")
            self.shuffles[self.hand_count] = record.shuffle
        self.pending = None
        hands = deal_masks(deck, match.dealer)
        hand = HandState.from_masks(self.rules, match.dealer, hands, deck[-1], match.score)
        match.start_hand_with(hand)
        number = self.hand_count
        self.hands[number] = hand
        self.hand_count += 1
        # Keep the hands that kept events still point at, and the current match's (history).
        oldest = next((e.hand for e in self.events if isinstance(e, HandEvent)), number)
        for old in [n for n in self.hands if n < min(oldest, self.match_first_hand)]:
            del self.hands[old]
            self.shuffles.pop(old, None)
        self.turn += 1
        seq = self._next_seq()
        self.game_seq = seq
        self._emit(HandEvent(seq=seq, kind=HandEventKind.DEAL, hand=number, step=0))

    def _apply_act(self, record: ActRecord) -> None:
        match = self.match
        hand = self.hand
        assert match is not None and hand is not None
        seat, action = record.seat, record.action
        if self._checked:
            hand.apply_unchecked(action)  # _on_act and _on_bot_act checked it
        else:
            hand.apply(action, seat)
        slot = self.seats[seat]
        if not record.auto and not slot.bot:
            slot.timeouts = 0
        self.turn += 1
        opens = record.window > 0 and self._opens_cante_window(hand, action)
        if opens:
            team = (hand.leader % 2, hand.leader % 2 + 2)
            bots = all(self.seats[s].computer_plays for s in team)
            self.window = CanteWindow(
                turn=self.turn,
                seconds=min(record.window, BOTS_CANTE_WINDOW) if bots else record.window,
                options=_window_options(hand),
            )
        seq = self._next_seq()
        self.game_seq = seq
        self._emit(
            HandEvent(
                seq=seq,
                kind=HandEventKind.ACT,
                hand=self.hand_count - 1,
                step=len(hand.history),
                seat=seat,
                action=format_action(action),
                auto=record.auto,
                window=opens,
            )
        )
        if hand.is_finished:
            self._hand_over(match, hand)

    def _hand_over(self, match: MatchState, hand: HandState) -> None:
        result = match.finish_hand()
        summary = hand_view(public_view(hand)).summary
        assert summary is not None
        body = HandEnded(summary=summary, score=result.score_after, hands_played=match.hands_played)
        self._emit(PublicEvent(seq=self._next_seq(), body=body))
        inputs = self.shuffles.get(self.hand_count - 1)
        if inputs is not None:
            # Only now, with the hand over, may anybody learn the seed.
            self._emit(PublicEvent(seq=self._next_seq(), body=revealed(inputs)))
        self._effects.append(LobbyChanged())  # the lobby shows the score
        over = self._hand_record(self.hand_count - 1)
        if over.seats:
            self._effects.append(over)
        if match.winner is not None:
            self.status = FINISHED
            ended = MatchEnded(
                winner=match.winner, score=match.score, hands_played=match.hands_played
            )
            self._emit(PublicEvent(seq=self._next_seq(), body=ended))
            self._seats_changed()
            self._effects.append(MatchOver(self._finished_match(match)))

    def _opens_cante_window(self, hand: HandState, action: int) -> bool:
        """Whether the card ``action`` just ended one of the first three tricks of a hand
        with cantes (where a cante window opens, if the table shows them)."""
        return (
            not self.rules.auto_cante
            and action < NUM_CARDS
            and not hand.trick_cards
            and 1 <= len(hand.tricks) <= 3
            and CONTRACTS[hand.contract].cantes_allowed
        )

    def _apply_cantes_over(self) -> None:
        """Close the cante window: the winner's choice first, then his partner's (the order
        in which the rules core asks them), and one event that says only what was sung."""
        window, hand = self.window, self.hand
        assert window is not None and hand is not None
        self.window = None
        sung: tuple[int, int] | None = None
        while hand.phase is Phase.CANTE:
            seat = hand.to_move
            assert seat is not None
            choice = window.choices.get(seat, NO_CANTE)
            hand.apply(choice, seat)
            if choice != NO_CANTE:
                sung = (seat, choice)
        self.turn += 1
        seq = self._next_seq()
        self.game_seq = seq
        number, step = self.hand_count - 1, len(hand.history)
        if sung is None:
            self._emit(HandEvent(seq=seq, kind=HandEventKind.CANTES_OVER, hand=number, step=step))
        else:
            seat, action = sung
            self._emit(
                HandEvent(
                    seq=seq,
                    kind=HandEventKind.ACT,
                    hand=number,
                    step=step,
                    seat=seat,
                    action=format_action(action),
                )
            )

    def _finished_match(self, match: MatchState) -> FinishedMatch:
        assert match.winner is not None
        players = tuple(
            MatchPlayer(
                seat=i,
                user_id=s.user,
                name=s.name or "",
                is_bot=s.user is None,
                bot_level=self.options.bot_level if s.user is None else None,
            )
            for i, s in enumerate(self.seats)
        )
        match_id = f"{self.id}-{self.match_number}"
        hands = [
            hand_to_record(self.hands[n], match=match_id, number=k, **self._proof(n))
            for k, n in enumerate(range(self.match_first_hand, self.hand_count))
        ]
        auto = any(
            isinstance(e, HandEvent) and e.auto and e.hand >= self.match_first_hand
            for e in self.events
        )
        return FinishedMatch(
            match_id=match_id,
            table_id=self.id,
            rules=self.rules.to_dict(),
            started_at=self.match_started_at,
            finished_at=self._now,
            score=match.score,
            winner=match.winner,
            players=players,
            hands=hands,
            rated=all(not p.is_bot for p in players) and not auto and not self.options.hints,
        )

    def _hand_record(self, number: int) -> HandOver:
        """Hand ``number`` of the table (just over) as the finished match will record it, for
        the analysis after the hand of the seats people own."""
        match_id = self.match_id
        index = number - self.match_first_hand
        record = hand_to_record(
            self.hands[number], match=match_id, number=index, **self._proof(number)
        )
        people = tuple(i for i, slot in enumerate(self.seats) if slot.user is not None)
        return HandOver(match_id=match_id, hand=index + 1, record=record, seats=people)

    def _proof(self, number: int) -> dict[str, object]:
        """The ``shuffle`` key of hand ``number``'s record, if it was dealt verifiably."""
        inputs = self.shuffles.get(number)
        return {} if inputs is None else {"shuffle": proof_json(inputs)}

    def _apply_chat(self, record: ChatRecord) -> None:
        body = ChatSaid(seat=record.seat, name=record.name, text=record.text, phrase=record.phrase)
        event = PublicEvent(seq=self._next_seq(), body=body, speaker=record.seat)
        self._emit(event)
        self.chat.append(event)
        del self.chat[:-30]


# TableKind too: a driver outside the server (the terminal client) names the kind it creates.
__all__ = ["Refused", "Table", "TableKind"]

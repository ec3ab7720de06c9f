"""The table screen fed by protocol messages: one event path for offline and online play.

:class:`SessionApp` consumes the card room's server messages (docs/protocol.md): the
``ack`` or ``error`` of each move, a ``sync`` snapshot, then one ``event`` per change of the
table, each carrying this seat's :class:`~cuatrola.protocol.views.HandView`, which is turned
back into a core :class:`~cuatrola.core.views.SeatView`
(:func:`~cuatrola.protocol.views.view_from_wire`) and drawn by the shared interface. Moves go
out as ``act`` commands carrying the last ``seq`` seen, a rematch as ``rematch``.

Where the messages come from is the subclass's business, as with boardgame.io's ``Local()``
and ``SocketIO()`` transports over one master: :class:`~cuatrola.clients.terminal.online.
OnlineApp` reads them from a websocket, :class:`~cuatrola.clients.terminal.offline.OfflineApp`
from the in-process :class:`~cuatrola.clients.terminal.local.LocalTable`. Both are driven by
the same :class:`cuatrola.table.Table`, so a move is refused, and explained, the same way.
"""

from __future__ import annotations

import functools
import math
import time
from typing import Final

from rich.text import Text
from textual.screen import ModalScreen
from textual.widgets import Input

from cuatrola.clients.terminal.app import (
    REMATCH_CHOICES,
    CuatrolaApp,
    HelpScreen,
    MessageScreen,
)
from cuatrola.core.actions import format_action, parse_action
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol import ClientMessage
from cuatrola.protocol.messages import (
    QUICK_PHRASES,
    Ack,
    Act,
    Acted,
    CantesOver,
    ChatLine,
    ChatSaid,
    Clock,
    Dealt,
    Error,
    Event,
    HandEnded,
    MatchEnded,
    MatchStarted,
    Muted,
    Presence,
    Rematch,
    SeatsChanged,
    ServerMessage,
    ShuffleCommitted,
    Sync,
    TableInfo,
)
from cuatrola.protocol.views import HandView, view_from_wire

#: With this many seconds of the person's turn left, a hand summary or the help still open
#: closes by itself: the server deals the next hand while the summary is read (its pause is
#: ~2 s) and its clock runs, so a panel must never cost the person a move.
PANEL_CLOSE_SECONDS: Final = 10.0
#: After a panel closed by itself, Enter and space do not choose at the table for this long
#: (a key pressed to close the panel must not bid or play the card under the cursor).
KEY_HOLD_SECONDS: Final = 1.0


class SessionApp(CuatrolaApp):
    """The table UI for one seat (or a spectator) of a table that speaks the protocol.

    Subclasses say how a command leaves (:meth:`_post`, :meth:`_next_id`), what leaving the
    table means (:meth:`_leave`) and handle the messages that are not about the table
    (:meth:`_handle_other`); every table message goes through :meth:`_receive`.
    """

    def __init__(
        self, *, lang: str = "es", rules: Rules | None = None, human_seat: int = 0
    ) -> None:
        super().__init__(lang=lang, rules=rules, human_seat=human_seat)
        #: A spectator: no seat, no hand, no prompts (online only).
        self.watching = False
        self.table_id: str | None = None
        self.info: TableInfo | None = None
        #: The ``seq`` of the last table event processed.
        self.last_seq = 0
        #: The match result once over: winning team.
        self.winner: int | None = None
        #: A rematch was accepted here and the new match has not started yet.
        self.rematch_asked = False
        #: Moves sent and not answered yet: one per view (a key pressed twice sends one).
        self._unacked_acts: dict[str, Act] = {}
        self._hands_played = 0
        self._panels: list[MessageScreen] = []
        #: The running turn timer: its seat and when it runs out (``time.monotonic``).
        self._deadline: tuple[int, float] | None = None
        #: The person's decision last told (:meth:`_decision`): a bell rings once per turn.
        self._turn_told: tuple[object, ...] | None = None
        #: The seats of people who went away (a ``presence`` not online) and are not back.
        self._gone_seats: set[int] = set()
        #: The seats whose chat this person muted, and whether the spectators' (online: the
        #: ``mute`` command, and every ``sync`` and ``muted``, wherever the person muted).
        self.muted_seats: set[int] = set()
        self.muted_spectators = False

    # What subclasses provide -------------------------------------------------------------------

    def _next_id(self) -> str:
        """A fresh command id."""
        raise NotImplementedError

    def _post(self, message: ClientMessage) -> None:
        """Send a command without waiting for its answer (which comes to :meth:`_receive`)."""
        raise NotImplementedError

    def _leave(self) -> None:
        """The person leaves the table after the match: close and exit with status 0."""
        raise NotImplementedError

    def _handle_other(self, message: ServerMessage) -> None:
        """A message that is not about the table (the online lobby, the quick match queue)."""

    def _summary_closed(self) -> None:
        """The person closed a hand summary (the offline table deals the next hand then)."""

    def _hand_summary_shown(self, panel: MessageScreen, view: SeatView) -> None:
        """The hand summary ``panel`` of the hand that ended in ``view`` was queued (offline
        play adds the analysis of the person's decisions to it)."""

    def _table_notice(self) -> str:
        """The line above the table (a private table's invite code online)."""
        return ""

    def _shuffle_committed(self, commit: ShuffleCommitted) -> None:
        """The next deal's shuffle is committed (online play sends the seat's random value;
        offline there is nobody to prove the deal to)."""

    # Sending -----------------------------------------------------------------------------------

    def submit(self, action: int) -> None:
        """Send the human's move to the table (it answers with an event or an error)."""
        if self.table_id is None:
            return
        if any(sent.seq == self.last_seq for sent in self._unacked_acts.values()):
            return  # a move for this very view is on its way (a double key press)
        if action == self.answered:
            # Taken already, and the view stays (the cante window's answer pressed again):
            # sending it again would only count against the server's rate limit.
            return
        act = Act(
            id=self._next_id(),
            table=self.table_id,
            action=format_action(action),
            seq=self.last_seq,
        )
        self._unacked_acts[act.id] = act
        # Before posting: offline the table answers at once, with the next view.
        self.answered = action
        self._post(act)
        self.refresh_all()

    # Receiving ---------------------------------------------------------------------------------

    def _receive(self, message: ServerMessage) -> None:
        """Take one server message."""
        try:
            self._handle(message)
        except ValueError as exc:
            # A message this client cannot use (say, a card it does not know): say so and
            # carry on rather than crash.
            self.log_line(self.texts("online_error", message=str(exc)), style="red")

    def _handle(self, message: ServerMessage) -> None:
        if isinstance(message, Ack):
            self._unacked_acts.pop(message.id, None)
        elif isinstance(message, Error):
            self._on_error(message)
        elif isinstance(message, Sync):
            self._on_sync(message)
        elif isinstance(message, Presence):
            self._on_presence(message)
        elif isinstance(message, Event):
            self._on_event(message)
        elif isinstance(message, Muted):
            if message.table == self.table_id:
                # Said on another connection (or this one, whose ack says it): no news to log.
                self.set_muted(message.seats, message.spectators)
        else:
            self._handle_other(message)

    def _on_presence(self, presence: Presence) -> None:
        """A seated person went away or came back. Arriving at the table is a presence too,
        but the seat shows the newcomer: only someone who went away is "back"."""
        seat = presence.seat
        if presence.table != self.table_id or seat == self.human_seat:
            return
        if presence.online and seat not in self._gone_seats:
            return
        if presence.online:
            self._gone_seats.discard(seat)
        else:
            self._gone_seats.add(seat)
        key = "online_back" if presence.online else "online_gone"
        self.log_line(self.texts(key, seat=self.seat_name(seat)), style="dim")
        self.refresh_all()

    def seat_note(self, seat: int) -> str:
        """``offline`` for a person who went away; before the match, whether a seat is free
        or holds a computer player (a person is shown by name)."""
        if seat in self._gone_seats:
            return self.texts("seat_offline")
        info = self.info
        if self.view is not None or self.watching or info is None or seat == self.human_seat:
            return ""
        place = info.seats[seat] if seat < len(info.seats) else None
        if place is None:
            return ""
        if place.bot:
            return self.texts("seat_computer")
        return self.texts("seat_free") if place.name is None else ""

    def _on_error(self, error: Error) -> None:
        act = self._unacked_acts.pop(error.id, None) if error.id else None
        if act is not None:
            self.answered = None  # refused: the same key may be tried again
            self.log_line(self.texts("illegal", reason=error.message), style="red")
        else:
            self.log_line(self.texts("online_error", message=error.message), style="red")

    def _on_sync(self, sync: Sync) -> None:
        if sync.table != self.table_id:
            return
        processed = self.last_seq
        self.last_seq = sync.seq
        if sync.seat is not None:
            self.human_seat = sync.seat
        self._set_info(sync.info)
        self._set_clock(sync.clock)
        self._learn_muted(sync.muted, sync.muted_spectators)
        self._show_recent_chat(sync.chat, processed)
        if sync.view is not None:
            self._show(sync.view)
        if sync.shuffle is not None:
            self._shuffle_committed(sync.shuffle)
        self.refresh_all()

    def _set_clock(self, clock: Clock | None) -> None:
        # The table tells the time left with every frame, so a reconnected client and every
        # other client count down to the same moment.
        if clock is None:
            self._deadline = None
        else:
            self._deadline = (clock.seat, time.monotonic() + clock.remaining_ms / 1000)

    def turn_seconds_left(self) -> float | None:
        """Seconds left for the decision of the seat to move, or ``None`` when no turn timer
        runs for it."""
        view = self.view
        if self._deadline is None or view is None or view.to_move is None:
            return None
        seat, deadline = self._deadline
        if seat != view.to_move:
            return None
        return max(0.0, deadline - time.monotonic())

    def turn_clock(self) -> str:
        """Seconds left for the decision of the seat to move (the table's turn timer)."""
        left = self.turn_seconds_left()
        if left is None:
            return ""
        return self.texts("online_timer", seconds=math.ceil(left))

    def _set_info(self, info: TableInfo) -> None:
        self.info = info
        self.rules = info.options.to_rules()
        # People by name; computer players by their place at the table (their table names
        # are all alike, "Computer (medium)", and not translated).
        self.seat_names = {
            s.seat: s.name for s in info.seats if s.name is not None and s.user is not None
        }
        self.match_score = info.score
        # A seat left free (or to a computer player) has nobody to come back.
        self._gone_seats = {
            s.seat for s in info.seats if s.seat in self._gone_seats and s.user is not None
        }
        self._hands_played = info.hands_played
        if self.view is None:
            self.hand_number = info.hands_played + 1
        self.notice = self._table_notice
        if self.view is None:
            self.waiting_text = self.say("online_waiting", table=info.code or info.id)

    def _show(self, wire: HandView) -> None:
        seat = 0 if self.watching else self.human_seat  # a spectator's view has no seat
        self.set_view(view_from_wire(wire, self.rules, seat))

    def _on_event(self, event: Event) -> None:
        if event.table != self.table_id or event.seq <= self.last_seq:
            return  # another table's, or already processed (a replay overlapping a sync)
        self.last_seq = event.seq
        self._set_clock(event.clock)
        body = event.body
        if isinstance(body, SeatsChanged):
            self._set_info(body.info)
            self.refresh_all()
        elif isinstance(body, Dealt):
            self.cursor = 0
            self.hand_number = self._hands_played + 1
            self._show(body.view)
            if self.view is not None:
                self.log_new_hand(self.view)
        elif isinstance(body, Acted):
            tricks_before = len(self.view.tricks) if self.view is not None else 0
            self._show(body.view)
            assert self.view is not None
            self.log_action(body.seat, parse_action(body.action), self.view, tricks_before)
            if body.auto and body.seat == self.human_seat:
                self.log_line(self.texts("online_auto"), style="yellow")
        elif isinstance(body, ShuffleCommitted):
            self._shuffle_committed(body)
        elif isinstance(body, CantesOver):
            # The cante window closed and nobody sang: play goes on.
            self._show(body.view)
            self.refresh_all()
        elif isinstance(body, HandEnded):
            self._hands_played = body.hands_played
            self.match_score = body.score
            view = self.view
            if view is not None and view.result is not None and self.watching:
                # A spectator is asked nothing: the summary goes to the log.
                self.log_write(self.hand_summary(view))
            elif view is not None and view.result is not None:
                summary_panel = MessageScreen(
                    functools.partial(self.hand_summary, view),
                    name="hand-summary",
                    footer=self.summary_footer,
                )
                self._queue_panel(summary_panel)
                self._hand_summary_shown(summary_panel, view)
            self.refresh_all()
        elif isinstance(body, MatchEnded):
            self.winner = body.winner
            self.match_score = body.score
            if self.watching:
                # Told of the teams by place: "you won" would be nobody's.
                team = self.team_name(body.winner)
                self.log_line(self.texts("match_over_title"), style="bold")
                self.log_line(self.texts("watch_match_winner", team=team), style="bold")
            else:
                panel = functools.partial(
                    self.match_summary, body.winner, body.score, body.hands_played
                )
                self._queue_panel(
                    MessageScreen(
                        panel,
                        name="match-end",
                        choices=REMATCH_CHOICES,
                        footer=self.match_footer,
                    )
                )
        elif isinstance(body, MatchStarted):
            self.rematch_asked = False
            self._hands_played = 0
            self.hand_number = 1
            self.match_score = (0, 0)
            self.notice = self._table_notice
            if body.match > 1:
                self.log_line(self.texts("new_match"), style="bold")
        elif isinstance(body, ChatSaid):
            self._show_chat(body)
        else:
            # Any other event that changes the hand carries the seat's new view.
            view = getattr(body, "view", None)
            if isinstance(view, HandView):
                self._show(view)
        self.refresh_all()

    def _show_chat(self, said: ChatSaid) -> None:
        """Put a chat line in the log."""
        self.log_line(self.chat_line(said), style="italic", said=said)

    def _show_recent_chat(self, recent: list[ChatLine], processed: int) -> None:
        """Show the lines of a ``sync``'s recent chat that the log does not have yet: those
        numbered after ``processed``, the last event this client had processed (each line up
        to it came as an event, and was shown or muted then). On joining that is all of them
        (what was said before this person came); after a reconnection, what was said while
        it was away. Unnumbered lines (a server before the numbers) are shown on joining
        only."""
        for said in recent:
            # An unnumbered line counts as the first event: new only when nothing was.
            if (said.seq if said.seq is not None else 1) > processed:
                self._show_chat(said)

    def _learn_muted(self, seats: list[int], spectators: bool) -> None:
        """Take a ``sync``'s ``muted`` and ``muted_spectators`` as whom this person muted (on
        this connection, another one, or before this client started); the log names the
        people this client did not know were muted."""
        learned = [self.seat_name(seat) for seat in seats if seat not in self.muted_seats]
        if spectators and not self.muted_spectators:
            learned.append(self.texts("spectators_name"))
        self.set_muted(seats, spectators)
        if learned:
            self.log_line(self.texts("muted_known", names=", ".join(learned)), style="dim")

    def set_muted(self, seats: list[int] | set[int], spectators: bool) -> None:
        """Whom this person muted now: the lines the log shows from a speaker muted now go,
        but for this person's own (the lines of one unmuted do not come back: the server
        never sent their text)."""
        muted = set(seats)
        self.muted_seats, self.muted_spectators = muted, spectators
        self.hide_chat(lambda seat: spectators if seat is None else seat in muted)

    def chat_line(self, said: ChatSaid) -> str:
        """A chat line as the log shows it: the name and the text, or a quick phrase in the
        interface's language (one this client does not know as the server names it)."""
        text = said.text
        if text is None:
            phrase = said.phrase or ""
            text = self.texts(f"phrase_{phrase}") if phrase in QUICK_PHRASES else phrase
        return self.texts("chat_line", name=said.name, text=text)

    # Panels ------------------------------------------------------------------------------------

    def refresh_all(self) -> None:
        """Redraw the table, and tell the person of his turn where the table is not in view
        or does not have the keys (:meth:`_watch_the_turn`)."""
        super().refresh_all()
        self._watch_the_turn()

    def _watch_the_turn(self) -> None:
        """Keep the person's turn from going unseen, or running out, behind what covers the
        table.

        When the person's turn comes while the table does not have the keys (a panel on
        screen, the chat line being typed) a bell rings, once per turn. A hand summary or
        the help on screen says so in its footer, with the running clock, while the move is
        due. Online the next hand is dealt while the summary is open: with
        :data:`PANEL_CLOSE_SECONDS` left the summary closes by itself and its text goes to
        the log, where it can still be read; the help closes the same way
        (:meth:`_close_for_the_turn`).
        """
        if not self.is_mounted_ok():
            return
        screen = self.screen
        summary = self._panels[0] if self._panels else None
        if summary is None or summary.name != "hand-summary" or screen is not summary:
            summary = None
        due = bool(self.choices())  # the person's move (never a spectator's)
        left = self.turn_seconds_left() if due else None
        closing = left is not None and left <= PANEL_CLOSE_SECONDS
        if summary is not None and closing:
            self.log_write(summary.body)
            self._close_for_the_turn(summary, "summary_closed_for_turn")
            return
        if isinstance(screen, HelpScreen) and closing:
            self._close_for_the_turn(screen, "help_closed_for_turn")
            return
        self._ring_for_the_turn()
        if summary is not None:
            summary.update_footer(
                self._turn_footer(left, "summary_your_turn", closes="summary_closes_at")
                if due
                else self.summary_footer
            )
        elif isinstance(screen, HelpScreen):
            screen.update_footer(
                self._turn_footer(left, "help_your_turn", closes="help_closes_at") if due else ""
            )

    def help_may_open(self) -> bool:
        """``?`` opens the help unless the person's move is due with
        :data:`PANEL_CLOSE_SECONDS` or less left, when it would close again at once
        (:meth:`_watch_the_turn`): then the log says so, and the table keeps the keys."""
        left = self.turn_seconds_left() if self.choices() else None
        if left is None or left > PANEL_CLOSE_SECONDS:
            return True
        self.log_line(self.texts("help_not_now", seconds=math.ceil(left)), style="bold yellow")
        return False

    def _close_for_the_turn(self, panel: HelpScreen | MessageScreen, note: str) -> None:
        """Close ``panel`` (a hand summary, the help), which covers the table with
        :data:`PANEL_CLOSE_SECONDS` of the person's turn left, so that it does not cost him
        the move: the log says so (the catalogue text ``note``), the keys go to the table
        and, for :data:`KEY_HOLD_SECONDS`, Enter and space choose nothing there (a key meant
        for the panel must not bid or play the card under the cursor)."""
        self.log_line(self.texts(note), style="bold yellow")
        self.choose_keys_held_until = time.monotonic() + KEY_HOLD_SECONDS
        panel.dismiss(None)
        # A summary's close (_panel_closed) gives the keys to the table as well, but the help
        # is pushed with no callback: here is where both get them, at once.
        self.focus_table()

    def _decision(self) -> tuple[object, ...] | None:
        """What the person is asked to decide now (the hand, its phase and how far it is), or
        ``None`` when the move is not his."""
        view = self.view
        if view is None or not self.choices():
            return None
        return (self.hand_number, view.phase, len(view.bids), len(view.tricks), len(view.trick))

    def _ring_for_the_turn(self) -> None:
        """Ring the bell when the person's turn comes while the table does not have the keys
        (a panel covers it, or the keys go into the chat line): once per turn, so a turn
        that came at the table rings nothing when a panel opens over it later."""
        decision = self._decision()
        if decision is None or decision == self._turn_told:
            return
        self._turn_told = decision
        if isinstance(self.screen, ModalScreen) or isinstance(self.focused, Input):
            self.bell()

    def _turn_footer(self, left: float | None, words: str, *, closes: str) -> Text:
        """A panel's footer while the move is the person's: the clock, that it is his turn
        (the catalogue text ``words``) and, with a clock, when the panel closes by itself
        (the catalogue text ``closes``, :meth:`_close_for_the_turn`)."""
        text = Text()
        if left is not None:
            seconds = math.ceil(left)
            text.append(self.texts("online_timer", seconds=seconds) + " · ", style="bold")
        text.append(self.texts(words), style="bold yellow")
        if left is not None:
            when = self.texts(closes, seconds=int(PANEL_CLOSE_SECONDS))
            text.append("\n" + when, style="dim")
        return text

    def _queue_panel(self, panel: MessageScreen) -> None:
        """Show ``panel`` now, or after the panels already waiting (one at a time)."""
        self._panels.append(panel)
        if len(self._panels) == 1:
            self.push_screen(panel, self._panel_closed)

    def _panel_closed(self, choice: str | None = None) -> None:
        closed = self._panels.pop(0)
        # Asked before the offline table deals the next hand: the summary said that the move
        # is the person's only if it was so while he read it.
        due = bool(self.choices())
        if closed.name == "match-end" and choice == "rematch" and self.table_id is not None:
            self.winner = None
            self.rematch_asked = True
            self.waiting_text = self.notice = self.say("online_rematch_wait")
            self.refresh_all()
            self._post(Rematch(id=self._next_id(), table=self.table_id, accept=True))
        elif closed.name == "match-end":
            self._leave()
        else:
            if closed.name == "hand-summary":
                self._summary_closed()
            if self._panels:
                self.push_screen(self._panels[0], self._panel_closed)
            elif closed.name == "hand-summary" and due:
                self._back_to_the_table()

    def _back_to_the_table(self) -> None:
        """A hand summary that said the move is the person's closed (by Enter, or by itself):
        the keys go to the table, not back to where they were before the panel opened (a chat
        line would take the card keys as letters), and a screen the summary covered (the
        help, opened in the last hand) closes too, as it would hide the table and hold the
        keys just the same."""
        self.focus_table()
        while len(self.screen_stack) > 1:
            self.pop_screen()


__all__ = ["SessionApp"]

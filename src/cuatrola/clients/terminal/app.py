"""The Textual user interface shared by offline and online play.

:class:`CuatrolaApp` draws one seat's :class:`~cuatrola.core.views.SeatView`: the table
(four seats, partner across), the shown trump, the current or last trick, the bidding, the
cantes, the hand and match scores, the own hand with its legal cards, and a log. The player
uses the keyboard only (see the help screen, ``?``). Subclasses decide where views come from
and where actions go: :class:`~cuatrola.clients.terminal.session.SessionApp` reads them from
protocol messages, which :class:`~cuatrola.clients.terminal.offline.OfflineApp` gets from an
in-process table and :class:`~cuatrola.clients.terminal.online.OnlineApp` from a server.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from cuatrola.clients.terminal.analysis import Wording
from cuatrola.clients.terminal.i18n import Texts
from cuatrola.clients.terminal.render import (
    POSITIONS,
    card_text,
    cards_text,
    relative_position,
    suit_text,
)
from cuatrola.core.actions import (
    BID_BASE,
    NO_CANTE,
    action_contract,
    action_suit,
    is_bid_action,
    is_cante_action,
    is_card_action,
)
from cuatrola.core.hand import LAST_TRICK_BONUS, HandResult, Phase, team_of
from cuatrola.core.rules import Contract, MatchEnd, Rules
from cuatrola.core.views import SeatView
from cuatrola.protocol.messages import ChatSaid

#: What a line of the screen says: fixed words, a catalogue key with its fields, or a
#: function that words it in the language of the moment.
Saying = str | tuple[str, dict[str, object]] | Callable[[], str]

#: What a panel shows: a renderable, or a function that draws it in the language of the
#: moment (so that ``l`` can draw it again).
Drawing = RenderableType | Callable[[], RenderableType]

#: Bid keys: pass, solo, cuatrola, quintola.
BID_KEYS = ("p", "s", "c", "q")
#: Cante keys by suit: oros, copas, espadas, bastos.
CANTE_KEYS = ("o", "c", "e", "b")
NO_CANTE_KEY = "n"
#: The key that opens the chat line (online).
CHAT_KEY = "t"


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the player can choose now: its key, action id, label and legality."""

    key: str
    action: int
    label: Text
    legal: bool


def hand_points(view: SeatView, team: int) -> int:
    """A team's hand points so far: card points of its tricks plus its cantes, and the 10 of
    the last trick once the hand is over (docs/rules.md section 6)."""
    if view.result is not None:
        return view.result.points[team]
    return view.card_points[team] + sum(c.points for c in view.cantes if team_of(c.seat) == team)


def cante_points(view: SeatView, suit: int) -> int:
    """Points of singing ``suit`` in this hand: 40 in trump, 20 otherwise."""
    return 40 if suit == view.trump else 20


def scrolled(scroll: VerticalScroll, key: str) -> bool:
    """Scroll ``scroll`` as ``key`` asks (the arrows, the page keys, Home and End) and say
    whether it was one of those keys: the panels' one set of scrolling keys."""
    move = {
        "up": scroll.scroll_up,
        "down": scroll.scroll_down,
        "pageup": scroll.scroll_page_up,
        "pagedown": scroll.scroll_page_down,
        "home": scroll.scroll_home,
        "end": scroll.scroll_end,
    }.get(key)
    if move is None:
        return False
    move()
    return True


def drawn(drawing: Drawing) -> RenderableType:
    """What ``drawing`` shows now (a function is called: it draws in the current language)."""
    return drawing() if callable(drawing) else drawing


#: A key line of the help: two spaces, the key(s), two or more spaces, what it does.
KEY_LINE = re.compile(r"^  (\S(?:.*?\S)?) {2,}(\S.*)$")


def help_text(body: str) -> RenderableType:
    """The help's text laid out for any width: each key line as a row of keys and what they
    do, each indented line (a rule) with a hanging indent, so that a line too long for the
    terminal wraps under its own text rather than at the left edge."""
    parts: list[RenderableType] = []
    grid: Table | None = None
    keys = False
    for line in body.split("\n"):
        match = KEY_LINE.match(line)
        # A line indented past the keys goes on from the key line above it (the chat's
        # /mute): a row of the same grid, so that it starts under what the keys do.
        goes_on = keys and match is None and line.startswith("   ")
        if line.startswith("  ") and ((match is not None) == keys or goes_on) and grid is not None:
            pass  # another row of the same kind
        elif line.startswith("  "):
            keys = match is not None
            grid = Table.grid(padding=(0, 1))
            grid.add_column(max_width=14 if keys else 1)
            grid.add_column(ratio=1)
            parts.append(grid)
        else:
            grid = None
            parts.append(Text(line))
            continue
        if match is not None:
            grid.add_row(Text("  " + match[1]), Text(match[2]))
        else:
            grid.add_row(Text(" "), Text(line.strip()))
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    """The key help and the rules card, in the current language (scrolls on a small
    terminal: up, down, page up and page down). Below it a footer, empty and hidden unless
    the app has something to say there while the help covers the table (the person's turn
    with its clock, :meth:`update_footer`)."""

    # As in MessageScreen: the footer is docked so that it keeps its rows, and the help's
    # text gets what is left of the capped panel.
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > #help-panel { width: 100%; max-width: 92; height: auto; max-height: 100%;
                               border: thick $accent; background: $surface; }
    HelpScreen #help-scroll { height: auto; max-height: 1fr; }
    HelpScreen #help { padding: 1 2; }
    HelpScreen #help-footer { dock: bottom; height: auto; padding: 0 2 1 2; }
    """

    def __init__(self, texts: Texts) -> None:
        super().__init__()
        self._texts = texts
        self._footer: Drawing = ""
        # Made here, not in compose, so that a footer given as the help opens is never lost.
        self._help_footer = Static("", id="help-footer")
        self._help_footer.display = False

    def compose(self) -> ComposeResult:
        """One scrolling panel with the help text, above the footer."""
        with Vertical(id="help-panel"):
            with VerticalScroll(id="help-scroll"):
                yield Static(self._help(), id="help")
            yield self._help_footer

    def _help(self) -> RenderableType:
        return Group(
            Text(self._texts("help_title"), style="bold"),
            help_text(self._texts("help_body")),
        )

    @property
    def footer(self) -> RenderableType:
        """The line(s) below the help (empty when there is nothing to say)."""
        return drawn(self._footer)

    def update_footer(self, footer: Drawing) -> None:
        """Show ``footer`` below the help (nothing, and no row, when it is empty)."""
        self._footer = footer
        shown = drawn(footer)
        self._help_footer.update(shown)
        self._help_footer.display = bool(shown) if isinstance(shown, str | Text) else True

    def on_key(self, event: events.Key) -> None:
        """Esc, Enter, q or ? close the help; the arrows, page keys, Home and End scroll it;
        ``l`` switches the language (the help is said again in it)."""
        event.stop()
        if scrolled(self.query_one("#help-scroll", VerticalScroll), event.key):
            return
        if event.key in ("escape", "enter", "q", "question_mark") or event.character == "?":
            self.dismiss(None)
        elif event.character == "l" and isinstance(self.app, CuatrolaApp):
            self.app.switch_language()
            self._texts = self.app.texts
            self.query_one("#help", Static).update(self._help())
            self.update_footer(self._footer)


class MessageScreen(ModalScreen[str | None]):
    """A panel (hand summary, match end) closed with Enter, space or Esc.

    The body scrolls (arrows, page keys, Home and End, the mouse wheel) when it is taller
    than the terminal, as on 80x24 a hand summary with its analysis is; the footer, which
    says how to close the panel (and, online, that the next hand waits for the player), stays
    below it and is always visible. ``l`` switches the language here too: a body or footer
    given as a function (:data:`Drawing`) is drawn again in the new language.

    Args:
        body: what the panel shows, or a function that draws it.
        name: the panel's kind (``hand-summary``, ``match-end``).
        choices: extra keys that close the panel with a result (``{"r": "rematch"}``);
            Enter, space and Esc close it with ``None``.
        footer: the always visible last line(s): how to close the panel (or a function that
            draws them).
    """

    # The footer is docked so that it keeps its rows; the body's "max-height: 1fr" then
    # gives it what is left of the capped panel (a short body still makes a small panel).
    DEFAULT_CSS = """
    MessageScreen { align: center middle; }
    MessageScreen > #panel { width: 100%; max-width: 88; height: auto; max-height: 100%;
                             border: thick $accent; background: $surface; }
    MessageScreen #message-scroll { height: auto; max-height: 1fr; }
    MessageScreen #message { padding: 1 2; }
    MessageScreen #message-footer { dock: bottom; height: auto; padding: 0 2 1 2; }
    """

    def __init__(
        self,
        body: Drawing,
        name: str,
        choices: dict[str, str] | None = None,
        footer: Drawing = "",
    ) -> None:
        super().__init__(name=name)
        self._body = body
        self._choices = choices or {}
        self._footer = footer
        # Made here, not in compose, so that an update that comes while the panel is being
        # put on screen (the analysis, the clock) is never lost.
        self._message = Static(drawn(body), id="message")
        self._message_footer = Static(drawn(footer), id="message-footer")

    def compose(self) -> ComposeResult:
        """The scrolling body above the fixed footer."""
        with Vertical(id="panel"):
            with VerticalScroll(id="message-scroll"):
                yield self._message
            yield self._message_footer

    def on_mount(self) -> None:
        """Draw the panel in the language of the moment (it may have changed while the panel
        waited behind another)."""
        self.redraw()

    @property
    def body(self) -> RenderableType:
        """What the panel shows."""
        return drawn(self._body)

    @property
    def body_drawing(self) -> Drawing:
        """What the panel shows, as given: a function draws it again in a new language."""
        return self._body

    @property
    def footer(self) -> RenderableType:
        """The panel's always visible last line(s)."""
        return drawn(self._footer)

    def update_body(self, body: Drawing) -> None:
        """Show ``body`` instead (the hand summary once its analysis is done)."""
        self._body = body
        self._message.update(drawn(body))

    def update_footer(self, footer: Drawing) -> None:
        """Show ``footer`` below the body instead (the turn clock of the next hand)."""
        self._footer = footer
        self._message_footer.update(drawn(footer))

    def redraw(self) -> None:
        """Draw the body and the footer again (after ``l``, in the new language)."""
        self._message.update(drawn(self._body))
        self._message_footer.update(drawn(self._footer))

    def on_key(self, event: events.Key) -> None:
        """Enter, space or Esc close the panel; a choice key closes it with its result; the
        arrows, page keys, Home and End scroll the body; ``l`` switches the language."""
        event.stop()
        if scrolled(self.query_one("#message-scroll", VerticalScroll), event.key):
            return
        if event.key in ("enter", "escape", "space"):
            self.dismiss(None)
        elif event.character in self._choices:
            self.dismiss(self._choices[event.character])
        elif event.character == "l" and isinstance(self.app, CuatrolaApp):
            self.app.switch_language()


#: The match-end panel's extra key: play another match with the same seats.
REMATCH_CHOICES = {"r": "rematch"}


class CuatrolaApp(App[int]):
    """The table screen for one human seat; subclasses feed views and carry actions.

    Args:
        lang: ``"es"`` or ``"en"``.
        rules: the match rules (shown in the status line).
        human_seat: the seat this player occupies.
    """

    TITLE = "Cuatrola"
    # Textual's command palette (Ctrl+P) would take the keys into its English search line:
    # every key of this app is one the help names.
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $boost; }
    #notice { height: auto; color: $warning; }
    #middle { height: 13; }
    #table { width: 1fr; height: 100%; border: round $primary; }
    #info { width: 32; height: 100%; border: round $secondary; }
    #hand { height: 4; border: round $success; }
    #actions { height: auto; min-height: 1; }
    #own { height: auto; }
    #log { height: 1fr; min-height: 3; border: round $panel; }
    """

    def __init__(
        self, *, lang: str = "es", rules: Rules | None = None, human_seat: int = 0
    ) -> None:
        super().__init__()
        self.texts = Texts(lang)
        self.rules = rules if rules is not None else Rules()
        self.human_seat = human_seat
        self.view: SeatView | None = None
        #: Names by seat from the server; ``None`` uses positions (you, east, north, west).
        self.seat_names: dict[int, str] | None = None
        self.match_score: tuple[int, int] = (0, 0)
        self.hand_number = 0
        self.cursor = 0
        # Kept as what to say, not as words, so that ``l`` says them in the other language.
        self._notice: Saying = ""
        self._waiting: Saying = ""
        #: Until when (``time.monotonic``) Enter and space do not choose at the table: a panel
        #: that closed by itself must not turn a key meant for it into a bid or a card.
        self.choose_keys_held_until = 0.0
        #: The action sent for the current view, until a new view comes: online, an answer
        #: in the cante window is acknowledged but changes nothing until the window closes,
        #: so the screen must say that it was taken.
        self.answered: int | None = None
        #: What the log shows, in order, each with the chat line it is (``None``: not chat),
        #: so that the log can be written again without the lines of a speaker muted later.
        self._log_entries: list[tuple[RenderableType, ChatSaid | None]] = []

    # What the screen says outside the table -------------------------------------------------

    def _said(self, saying: Saying) -> str:
        if isinstance(saying, str):
            return saying
        if isinstance(saying, tuple):
            key, fields = saying
            return self.texts(key, **fields)
        return saying()

    @property
    def notice(self) -> str:
        """The line above the table (an invite code, a lost connection), in the current
        language."""
        return self._said(self._notice)

    @notice.setter
    def notice(self, saying: Saying) -> None:
        self._notice = saying

    @property
    def waiting_text(self) -> str:
        """What the screen says before there is a hand to show (connecting, waiting for
        players), in the current language."""
        return self._said(self._waiting)

    @waiting_text.setter
    def waiting_text(self, saying: Saying) -> None:
        self._waiting = saying

    def say(self, key: str, **fields: object) -> Saying:
        """A catalogue text to set as :attr:`notice` or :attr:`waiting_text`, said in the
        language of the moment (``l`` switches it)."""
        return (key, fields)

    # Layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Status line, table and info panel, own hand, choices and the log."""
        yield Static(id="status")
        yield Static(id="notice")
        with Horizontal(id="middle"):
            yield Static(id="table")
            yield Static(id="info")
        with Vertical(id="own"):
            yield Static(id="hand")
            yield Static(id="actions")
        # Lines wrap to the columns the log shows: RichLog's default minimum width (78) would
        # render them wider than an 80-column terminal's log beside its scrollbar, the last
        # words hidden under it and a sideways scrollbar taking one of its three rows.
        yield RichLog(id="log", wrap=True, markup=False, min_width=1)

    def on_mount(self) -> None:
        """Draw the empty table."""
        self.refresh_all()

    # Naming ------------------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """A seat's display name: a server name, or its position seen from the human."""
        rel = relative_position(seat, self.human_seat)
        if self.seat_names and seat in self.seat_names and rel != 0:
            return self.seat_names[seat]
        return self.texts(f"seat_{POSITIONS[rel]}")

    def seat_note(self, seat: int) -> str:
        """A word on a seat's state beside its name (online: free, a computer player, gone);
        empty when there is nothing to say."""
        return ""

    @property
    def shown_team(self) -> int:
        """The team shown first, as "us": the human's; for a spectator, whose ``human_seat``
        is past the seats (the table drawn as seen from seat 0), seat 0's."""
        return team_of(self.human_seat % 4)

    def team_name(self, team: int) -> str:
        """``Us`` for the human's team, ``Them`` for the other."""
        return self.texts("team_us" if team == self.shown_team else "team_them")

    def contract_name(self, contract: Contract) -> str:
        """A contract's name in the current language."""
        return self.texts(f"bid_{contract.label}")

    def trick_count(self, count: int) -> str:
        """``1 trick``, ``3 tricks`` in the current language."""
        return self.texts("trick_count_1") if count == 1 else self.texts("trick_count_n", n=count)

    def suit_name(self, suit: int) -> str:
        """A suit's name in the current language."""
        return self.texts(f"suit_{int(suit)}")

    @property
    def wording(self) -> Wording:
        """How the analysis lines name things in the current language."""
        return Wording(self.texts, self.contract_name, self.suit_name)

    def rules_words(self) -> str:
        """The match rules in words: ``to exactly 11``, ``first to 21``, ``11 hands``."""
        rules = self.rules
        if rules.end is MatchEnd.FIXED_HANDS:
            words = self.texts("rules_hands", n=rules.hands)
        elif rules.end is MatchEnd.FIRST_TO:
            words = self.texts("rules_first_to", n=rules.target)
        else:
            words = self.texts("rules_exact", n=rules.target)
        return words if rules.quintola else self.texts("rules_no_quintola", rules=words)

    def hand_words(self) -> str:
        """``hand 3``, or ``hand 3 of 11`` when the match has a fixed number of hands."""
        hand = max(self.hand_number, 1)
        if self.rules.end is MatchEnd.FIXED_HANDS and self.rules.hands is not None:
            return self.texts("hand_of", hand=hand, hands=self.rules.hands)
        return self.texts("hand_number", hand=hand)

    def obligation_text(self) -> str:
        """Why the human's dimmed cards may not be played now (the core's obligation)."""
        view = self.view
        obligation = view.obligation if view is not None else None
        if obligation is None:
            return self.texts("not_legal_card")
        reason = self.texts(f"reason_{obligation.reason}", suit=self.suit_name(obligation.suit))
        return self.texts("not_legal_because", reason=reason)

    def action_help_quit(self) -> None:
        """Ctrl+C: say, in the interface's language, which key quits (Textual's own notice
        is in English)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                self.notify(self.texts("quit_hint", keys=key), title=self.texts("quit_title"))
                return

    # Choices -----------------------------------------------------------------------------------

    def choices(self) -> list[Choice]:
        """What the human can choose now (cards, bids or cantes); empty when not his turn."""
        view = self.view
        if view is None or view.to_move != self.human_seat:
            return []
        legal = set(view.legal_actions)
        if view.phase is Phase.BIDDING:
            return [
                Choice(
                    BID_KEYS[action - BID_BASE],
                    action,
                    Text(self.contract_name(action_contract(action))),
                    True,
                )
                for action in view.legal_actions
                if is_bid_action(action)
            ]
        if view.phase is Phase.CANTE:
            found: list[Choice] = []
            for action in view.legal_actions:
                if is_cante_action(action):
                    suit = action_suit(action)
                    label = Text(self.texts("sing", points=cante_points(view, suit), suit=""))
                    label.append_text(suit_text(suit, self.suit_name(suit)))
                    found.append(Choice(CANTE_KEYS[suit], action, label, True))
            found.append(Choice(NO_CANTE_KEY, NO_CANTE, Text(self.texts("no_sing")), True))
            return found
        return [
            Choice(str(index + 1), int(card), card_text(card), int(card) in legal)
            for index, card in enumerate(view.hand)
        ]

    def _legal_indices(self, choices: list[Choice]) -> list[int]:
        return [i for i, c in enumerate(choices) if c.legal]

    def _clamp_cursor(self, choices: list[Choice]) -> None:
        legal = self._legal_indices(choices)
        if legal and self.cursor not in legal:
            self.cursor = legal[0]

    # Keys --------------------------------------------------------------------------------------

    def help_may_open(self) -> bool:
        """Whether ``?`` opens the help now (always, here; a subclass with a turn clock
        keeps it closed when it would have to close again at once, and says why)."""
        return True

    def on_key(self, event: events.Key) -> None:
        """Keyboard control of the table (modal panels handle their own keys)."""
        if isinstance(self.screen, ModalScreen) or isinstance(self.focused, Input):
            return  # a panel's key, or one typed into the chat line
        key, char = event.key, event.character or ""
        if char == "?" or key == "question_mark":
            if self.help_may_open():
                self.push_screen(HelpScreen(self.texts))
                self.refresh_all()  # the help's footer says at once whether the move is due
            return
        if char == "l":
            self.switch_language()
            return
        if char == CHAT_KEY:
            self.open_chat()
            return
        choices = self.choices()
        if not choices:
            return
        self._clamp_cursor(choices)
        legal = self._legal_indices(choices)
        if key in ("left", "right") and legal:
            step = 1 if key == "right" else -1
            position = legal.index(self.cursor) if self.cursor in legal else 0
            self.cursor = legal[(position + step) % len(legal)]
            self.refresh_all()
            return
        if key in ("enter", "space") and legal:
            if time.monotonic() < self.choose_keys_held_until:
                return
            self._choose(choices[self.cursor])
            return
        for choice in choices:
            if char and char.lower() == choice.key:
                self._choose(choice)
                return

    def open_chat(self) -> None:
        """``t``: open the chat line (online); offline there is nobody to chat with, and the
        log says so."""
        self.log_line(self.texts("chat_offline"), style="dim")

    def focus_table(self) -> None:
        """Give the keys to the table, whatever panel is on top: the table screen's focus goes
        to the log, as when the client starts, so that the keys the table does not use
        (the arrows up and down, the page keys, Home and End) scroll the log and every other
        key is the table's."""
        log = self.query_one("#log", RichLog)
        log.screen.set_focus(log)

    def switch_language(self) -> None:
        """``l``: say everything in the other language, the table and any panel on screen
        (a panel still waiting is drawn in the new language when it shows)."""
        self.texts = self.texts.other()
        self.refresh_all()
        for screen in self.screen_stack:
            if isinstance(screen, MessageScreen):
                screen.redraw()

    def _choose(self, choice: Choice) -> None:
        if not choice.legal:
            self.log_line(self.obligation_text(), style="red")
            return
        view = self.view
        if view is not None and view.phase is Phase.CANTE:
            # The cursor follows the answer, so the highlight and the mark agree.
            actions = [c.action for c in self.choices()]
            if choice.action in actions:
                self.cursor = actions.index(choice.action)
        self.submit(choice.action)

    def submit(self, action: int) -> None:
        """Carry the human's action to the table (offline) or the server (online)."""
        raise NotImplementedError

    # Updating ----------------------------------------------------------------------------------

    def set_view(self, view: SeatView) -> None:
        """Show a new view of the hand."""
        self.view = view
        self.answered = None
        if view.phase is not Phase.FINISHED:
            self.match_score = view.score_before
        elif view.result is not None:
            self.match_score = view.result.score_after
        self.refresh_all()

    def log_line(self, text: str | Text, style: str = "", said: ChatSaid | None = None) -> None:
        """Add a line to the log (``said``: the chat line it shows)."""
        self.log_write(Text(text, style=style) if isinstance(text, str) else text, said)

    def log_write(self, renderable: RenderableType, said: ChatSaid | None = None) -> None:
        """Add ``renderable`` to the log (``said``: the chat line it shows, which a mute may
        take out of the log later: :meth:`hide_chat`)."""
        self._log_entries.append((renderable, said))
        self.query_one("#log", RichLog).write(renderable)

    def hide_chat(self, hidden: Callable[[int | None], bool]) -> None:
        """Take the chat lines of the speakers ``hidden`` (by seat; ``None``: a spectator)
        out of the log, but for this person's own (``own``: a spectator who mutes the
        spectators still sees what they said), and write the log again without them. A
        RichLog cannot drop a line: it keeps rendered strips, not entries."""
        entries = self._log_entries
        kept = [
            (r, said) for r, said in entries if said is None or said.own or not hidden(said.seat)
        ]
        if len(kept) == len(entries):
            return
        self._log_entries = kept
        log = self.query_one("#log", RichLog)
        log.clear()
        for renderable, _ in kept:
            log.write(renderable)

    def log_action(self, seat: int, action: int, view: SeatView, tricks_before: int) -> None:
        """Describe one applied action in the log (and the trick it completed, if any)."""
        name = self.seat_name(seat)
        mine = seat == self.human_seat
        if is_card_action(action):
            key = "you_played" if mine else "seat_played"
            line = Text(self.texts(key, seat=name, card=""))
            line.append_text(card_text(action))
            self.log_line(line)
            if len(view.tricks) > tricks_before:
                trick = view.tricks[-1]
                key = "you_won_trick" if trick.winner == self.human_seat else "trick_won"
                self.log_line(
                    self.texts(key, seat=self.seat_name(trick.winner), points=trick.points),
                    style="bold",
                )
        elif is_bid_action(action):
            bid = self.contract_name(action_contract(action))
            self.log_line(self.texts("you_bid" if mine else "seat_bid", seat=name, bid=bid))
        elif is_cante_action(action):
            suit = action_suit(action)
            key = "you_sang" if mine else "seat_sang"
            points = cante_points(view, suit)
            self.log_line(
                self.texts(key, seat=name, points=points, suit=self.suit_name(suit)),
                style="bold",
            )
        elif action == NO_CANTE:
            self.log_line(self.texts("you_no_sing" if mine else "seat_no_sing", seat=name))

    def log_new_hand(self, view: SeatView) -> None:
        """Announce a new deal in the log."""
        suit = self.suit_name(view.trump)
        if view.dealer == self.human_seat:
            # "You deal", "Repartes tú": the seat's name as subject would not agree.
            line = self.texts("new_hand_you", suit=suit)
        else:
            line = self.texts("new_hand", dealer=self.seat_name(view.dealer), suit=suit)
        self.log_line(line, style="bold")

    def refresh_all(self) -> None:
        """Redraw every part of the table from the current view."""
        if not self.is_mounted_ok():
            return
        self.query_one("#status", Static).update(self.render_status())
        notice = self.query_one("#notice", Static)
        notice.update(self.notice)
        notice.display = bool(self.notice)
        self.query_one("#table", Static).update(self.render_table())
        self.query_one("#info", Static).update(self.render_info())
        self.query_one("#hand", Static).update(self.render_hand())
        self.query_one("#actions", Static).update(self.render_actions())

    def is_mounted_ok(self) -> bool:
        """Whether the table widgets exist (not before mount, nor after exit)."""
        return bool(self.screen_stack) and bool(self.query("#status"))

    # Rendering ---------------------------------------------------------------------------------

    def render_status(self) -> Text:
        """The top line: rules, hand number, match score, the suit legend and the key hint."""
        us = self.shown_team
        text = Text(
            self.texts(
                "status_line",
                rules=self.rules_words(),
                hand=self.hand_words(),
                us=self.team_name(us),
                them=self.team_name(1 - us),
                score_us=self.match_score[us],
                score_them=self.match_score[1 - us],
            ),
            style="bold",
        )
        legend = Text(" │ ")
        for suit in range(4):
            legend.append_text(suit_text(suit))
            legend.append(self.texts(f"suit_{suit}").split(" ")[0] + " ")
        hint = " │ " + self.texts("help_hint")
        # The suit legend is also in the help screen: leave it out when the line would not fit.
        if len(text) + len(legend) + len(hint) <= self.size.width:
            legend.rstrip()
            text.append_text(legend)
        text.append(hint)
        return text

    def _seat_cell(self, seat: int) -> Text:
        """A seat in three short lines: name; role and cards; bid and the shown trump."""
        view = self.view
        text = Text()
        note = self.seat_note(seat)
        if view is None:
            text.append(self.seat_name(seat), style="bold")
            if note:
                text.append("\n" + note, style="dim")
            return text
        to_move = view.to_move == seat
        text.append("▶ " if to_move else "", style="bold yellow")
        # A note (a person gone) dims the name rather than adding words, which would wrap in
        # a side column of an 80-column screen and push the bottom seat's last line off; the
        # choices line says it while the table waits for that seat.
        style = "bold reverse" if to_move else "bold"
        text.append(self.seat_name(seat), style=style + " dim italic" if note else style)
        text.append("\n")
        tags = []
        if seat == view.dealer:
            tags.append(self.texts("dealer"))
        if seat == view.mano:
            tags.append(self.texts("mano"))
        if tags:
            text.append(f"[{', '.join(tags)}] ", style="italic")
        if seat == view.sitting_out:
            text.append(self.texts("sits_out"), style="dim")
        elif seat != self.human_seat:  # (a spectator sees every seat's cards left)
            text.append("▮" * view.card_counts[seat], style="bold")
        line: list[Text] = []
        order = [(view.mano + i) % 4 for i in range(4)]
        if seat in order[: len(view.bids)]:
            bid = view.bids[order.index(seat)]
            line.append(Text(self.contract_name(bid), style="cyan"))
        if seat == view.dealer and view.trump_card is not None:
            line.append(
                Text(self.texts("trump_word") + " ").append_text(card_text(view.trump_card))
            )
        if line:
            text.append("\n")
            text.append_text(Text(" · ").join(line))
        return text

    def _trick_grid(self) -> RenderableType:
        view = self.view
        grid = Table.grid(padding=(0, 2))
        for _ in range(3):
            grid.add_column(justify="center", min_width=4)
        if view is None:
            return grid
        cards: dict[int, int] = {}
        caption = Text()
        if view.trick:
            cards = {seat: int(card) for seat, card in view.trick}
        elif view.tricks:
            last = view.tricks[-1]
            cards = dict(zip(last.seats, (int(c) for c in last.cards), strict=True))
            if last.winner == self.human_seat:
                caption = Text(self.texts("last_trick_you"), style="dim")
            else:
                caption = Text(
                    self.texts("last_trick", seat=self.seat_name(last.winner)), style="dim"
                )

        def at(position: int) -> Text:
            for seat, card in cards.items():
                if relative_position(seat, self.human_seat) == position:
                    return card_text(card)
            return Text("·", style="dim")

        grid.add_row("", at(2), "")
        grid.add_row(at(3), "", at(1))
        grid.add_row("", at(0), "")
        return Group(grid, caption) if caption else grid

    def render_table(self) -> RenderableType:
        """The four seats around the trick (partner across, next seat on the right)."""
        grid = Table.grid(expand=True)
        grid.add_column(ratio=2, justify="left")
        grid.add_column(ratio=3, justify="center")
        grid.add_column(ratio=2, justify="right")
        cells = {
            relative_position(seat, self.human_seat): self._seat_cell(seat) for seat in range(4)
        }
        grid.add_row("", cells[2], "")
        grid.add_row(cells[3], self._trick_grid(), cells[1])
        grid.add_row("", cells[0], "")
        return grid

    def render_info(self) -> RenderableType:
        """Trump, contract, bids, cantes and the hand's tricks and points per team."""
        view = self.view
        if view is None:
            return Text(self.waiting_text)
        parts: list[RenderableType] = []
        trump = Text()
        if view.trump_card is not None:
            trump.append(self.texts("trump_word") + ": ")
            trump.append_text(suit_text(view.trump, self.suit_name(view.trump)))
            trump.append(" (")
            trump.append_text(card_text(view.trump_card))
            trump.append(")")
        else:
            trump.append(self.texts("trump_word") + ": ")
            trump.append_text(suit_text(view.trump, self.suit_name(view.trump)))
        parts.append(trump)
        if view.phase is not Phase.BIDDING:
            if view.bidder is None:
                parts.append(Text(self.texts("contract_plain"), style="bold"))
            else:
                parts.append(
                    Text(
                        self.texts(
                            "contract_line",
                            contract=self.contract_name(view.contract),
                            seat=self.seat_name(view.bidder),
                        ),
                        style="bold",
                    )
                )
        parts.append(Text(self.texts("cantes_title"), style="underline"))
        if view.cantes:
            for cante in view.cantes:
                parts.append(
                    Text(
                        self.texts(
                            "cante_entry",
                            seat=self.seat_name(cante.seat),
                            points=cante.points,
                            suit=self.suit_name(cante.suit),
                        )
                    )
                )
        else:
            parts.append(Text(self.texts("no_cantes")))
        parts.append(Text(self.texts("tricks_title"), style="underline"))
        us = self.shown_team
        for team in (us, 1 - us):
            parts.append(
                Text(
                    self.texts(
                        "tricks_entry",
                        team=self.team_name(team),
                        tricks=self.trick_count(view.tricks_won[team]),
                        points=hand_points(view, team),
                    )
                )
            )
        return Group(*parts)

    def render_hand(self) -> RenderableType:
        """The own cards; on the human's turn, unplayable cards are dimmed and struck."""
        view = self.view
        if view is None:
            return Text("")
        choices = self.choices()
        playing = view.phase is Phase.PLAY and bool(choices)
        if playing:
            self._clamp_cursor(choices)
        top = Text()
        keys = Text()
        for index, card in enumerate(view.hand):
            legal = not playing or choices[index].legal
            selected = playing and index == self.cursor
            top.append(" ")
            top.append_text(card_text(card, legal=legal, selected=selected))
            top.append("  ")
            keys.append(f" {index + 1}   " if playing else "     ", style="dim")
        return Group(top, keys)

    def render_actions(self) -> RenderableType:
        """What the human may do now, or whom the table waits for."""
        view = self.view
        if view is None:
            return Text(self.waiting_text)
        if view.phase is Phase.FINISHED:
            return Text(self.texts("press_enter"))
        choices = self.choices()
        if not choices:
            if view.to_move is None and view.phase is Phase.CANTE:
                # The cante window after a trick: the table waits for nobody in particular.
                return Text(self.texts("cante_window"), style="dim")
            if view.to_move is None:
                return Text("")
            name = self.seat_name(view.to_move)
            note = self.seat_note(view.to_move)
            waiting = Text(
                self.texts("waiting_for", seat=f"{name} ({note})" if note else name), style="dim"
            )
            clock = self.turn_clock()
            return Text(clock + " ", style="bold") + waiting if clock else waiting
        # The clock goes first so that a narrow terminal never cuts it off.
        clock = self.turn_clock()
        text = Text(clock + " " if clock else "", style="bold")
        if view.phase is Phase.PLAY:
            keys = "1" if len(choices) == 1 else f"1-{len(choices)}"
            text.append(self.texts("your_turn_play", keys=keys), style="bold yellow")
            return text
        self._clamp_cursor(choices)
        prompt = "your_turn_bid" if view.phase is Phase.BIDDING else "your_turn_cante"
        if view.phase is Phase.CANTE and self.answered is not None:
            prompt = "cante_answered"
        text.append(self.texts(prompt) + "  ", style="bold yellow")
        for index, choice in enumerate(choices):
            text.append(f"[{choice.key}] ", style="bold")
            if choice.action == self.answered:
                text.append("✓ ", style="bold green")
            label = choice.label.copy()
            if index == self.cursor:
                label.stylize("reverse")
            text.append_text(label)
            text.append("   ")
        return text

    def turn_clock(self) -> str:
        """Time left for the decision of the seat to move, when a turn timer runs (online);
        else empty."""
        return ""

    # Panels ------------------------------------------------------------------------------------

    def hand_summary(self, view: SeatView) -> RenderableType:
        """The end-of-hand panel's body: contract, tricks, points, cantes, dead hand and the
        winner (how to close it is the panel's footer, :meth:`summary_footer`)."""
        result = view.result
        assert result is not None
        lines: list[RenderableType] = [Text(self.texts("summary_title"), style="bold")]
        lines += self._contract_lines(result)
        lines += self._points_lines(result)
        lines += self._play_lines(view, result)
        lines.append(Text(self.winner_words(result), style="bold"))
        return Group(*lines)

    def summary_footer(self) -> Text:
        """The hand summary panel's always visible line: how to close it."""
        return Text(self.texts("press_enter"), style="dim")

    def winner_words(self, result: HandResult) -> str:
        """Who won the hand, its game points and the match score (ours first): "We win",
        "They win" ("Us win" would not agree; the team names are labels, not subjects)."""
        us = self.shown_team
        key = "summary_winner_us" if result.winner == us else "summary_winner_them"
        return self.texts(
            key,
            points=result.game_points,
            us=result.score_after[us],
            them=result.score_after[1 - us],
        )

    def _contract_lines(self, result: HandResult) -> list[RenderableType]:
        """The contract and, for a bid, whether it was made."""
        if result.bidder is None:
            return [Text(self.texts("summary_contract", contract=self.texts("contract_plain")))]
        name = self.contract_name(result.contract)
        contract = f"{name} ({self.seat_name(result.bidder)})"
        made = result.winner == team_of(result.bidder)
        # The grammar changes with the subject: "You make the Solo", "Tú cumples tu Solo".
        key = "summary_made" if made else "summary_failed"
        if result.bidder == self.human_seat:
            key = "summary_you_made" if made else "summary_you_failed"
        verdict = self.texts(key, seat=self.seat_name(result.bidder), contract=name)
        return [
            Text(self.texts("summary_contract", contract=contract)),
            Text(verdict, style="bold green" if made else "bold red"),
        ]

    def _points_lines(self, result: HandResult) -> list[RenderableType]:
        """Each team's hand points (ours first) and what they are made of."""
        us = self.shown_team
        last_team = team_of(result.trick_winners[-1]) if result.trick_winners else -1
        lines: list[RenderableType] = []
        for team in (us, 1 - us):
            tricks = self.trick_count(result.tricks[team])
            points = self.texts(
                "summary_points",
                team=self.team_name(team),
                points=result.points[team],
                tricks=tricks,
            )
            sung = sum(c.points for c in result.cantes if team_of(c.seat) == team)
            last = LAST_TRICK_BONUS if team == last_team else 0
            cards = result.points[team] - last - sung
            breakdown = self.texts("summary_breakdown", cards=cards, last=last, cantes=sung)
            lines += [Text(points), Text(breakdown, style="dim")]
        return lines

    def _play_lines(self, view: SeatView, result: HandResult) -> list[RenderableType]:
        """The cantes, every trick, and the dead hand of a seat that sat out."""
        cantes = ", ".join(
            self.texts(
                "cante_entry",
                seat=self.seat_name(c.seat),
                points=c.points,
                suit=self.suit_name(c.suit),
            )
            for c in result.cantes
        )
        lines: list[RenderableType] = [
            Text(self.texts("summary_cantes", cantes=cantes or self.texts("no_cantes"))),
            Text(self.texts("tricks_title"), style="underline"),
        ]
        for number, trick in enumerate(view.tricks, start=1):
            line = Text(f"{number}. ")
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                line.append(self.seat_name(seat) + " ")
                line.append_text(card_text(card))
                line.append("  ")
            line.append("→ " + self.seat_name(trick.winner), style="bold")
            lines.append(line)
        if view.dead_hand is not None and view.sitting_out is not None:
            if view.sitting_out == self.human_seat:
                dead = Text(self.texts("summary_dead_you", cards=""))
            else:
                name = self.seat_name(view.sitting_out)
                dead = Text(self.texts("summary_dead", seat=name, cards=""))
            dead.append_text(cards_text([int(c) for c in view.dead_hand]))
            lines.append(dead)
        return lines

    def match_summary(self, winner: int, score: tuple[int, int], hands: int) -> RenderableType:
        """The match-end panel's body (its keys are the footer, :meth:`match_footer`)."""
        us = self.shown_team
        won = winner == us
        return Group(
            Text(self.texts("match_over_title"), style="bold"),
            Text(
                self.texts("match_won" if won else "match_lost"),
                style="bold green" if won else "bold red",
            ),
            Text(
                self.texts(
                    "match_final",
                    us=self.team_name(us),
                    them=self.team_name(1 - us),
                    score_us=score[us],
                    score_them=score[1 - us],
                    hands=hands,
                )
            ),
        )

    def match_footer(self) -> Text:
        """The match-end panel's always visible line: leave, or play again."""
        return Text(self.texts("match_quit"), style="dim")


__all__ = [
    "CHAT_KEY",
    "REMATCH_CHOICES",
    "Choice",
    "CuatrolaApp",
    "Drawing",
    "HelpScreen",
    "MessageScreen",
    "drawn",
]

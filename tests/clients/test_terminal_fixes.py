"""The terminal table's words, in both languages, driven through Textual's pilot.

A small app shows views built from real hands (:class:`ShownApp`), so each test picks the
moment it needs: the human's own contract, a hand he sits out, a card he may not play.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import string
from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from cuatrola.clients.terminal.analysis import with_analysis
from cuatrola.clients.terminal.app import KEY_LINE, CuatrolaApp, HelpScreen, MessageScreen
from cuatrola.clients.terminal.i18n import CATALOG, LANGUAGES
from cuatrola.clients.terminal.online import OnlineApp, OnlineOptions
from cuatrola.core.cards import Suit
from cuatrola.core.errors import IllegalActionError
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for
from cuatrola.table.cantes import window_options, window_view
from tests.clients.conftest import log_text, plain, wait_for

SIZE = (120, 40)
LANGS = ("en", "es")


class ShownApp(CuatrolaApp):
    """The table screen showing the views a test hands it; moves are kept, not played."""

    def __init__(self, lang: str, rules: Rules | None = None) -> None:
        super().__init__(lang=lang, rules=rules, human_seat=0)
        self.submitted: list[int] = []

    def submit(self, action: int) -> None:
        """Keep the move (the test checks what was sent)."""
        self.submitted.append(action)


def finished_hand(bids: list[str], made: bool | None, seed_from: int = 0) -> HandState:
    """A random hand with ``bids`` from the mano (seat 0, dealer 3) played to the end; with
    ``made`` set, one whose bidder made (or failed) the contract."""
    for seed in range(seed_from, seed_from + 2000):
        rng = random.Random(seed)
        state = HandState.deal(Rules(), 3, rng)
        try:
            for bid in bids:
                state.apply(bid)
        except IllegalActionError:
            continue  # that bid is not open in this deal
        while not state.is_finished:
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])
        result = state.result
        assert result is not None
        if made is None or result.bidder is None:
            return state
        if (result.winner == result.bidder % 2) == made:
            return state
    raise AssertionError("no such hand")


async def show(pilot: Pilot[int], app: CuatrolaApp, view: SeatView) -> None:
    app.set_view(view)
    await pilot.pause()


WORDS = {
    ("en", True): "You make the Solo",
    ("en", False): "You fail the Solo",
    ("es", True): "Tú cumples tu Solo",
    ("es", False): "Tú no cumples tu Solo",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("made", [True, False])
async def test_the_summary_speaks_to_the_player_about_his_own_contract(
    lang: str, made: bool
) -> None:
    state = finished_hand(["solo", "pass", "pass", "pass"], made)
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        view = view_for(state, 0)
        await show(pilot, app, view)
        text = plain(app.hand_summary(view))
    assert WORDS[lang, made] in text
    for wrong in ("You makes", "You fails", "Tú cumple ", "Tú no cumple ", "de Tú", "of You"):
        assert wrong not in text


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Dead hand: you, "), ("es", "Mano muerta: tú, ")]
)
async def test_the_players_own_dead_hand_is_named_with_the_right_grammar(
    lang: str, words: str
) -> None:
    state = finished_hand(["pass", "pass", "solo", "pass"], None)
    assert state.sitting_out == 0
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        view = view_for(state, 0)
        await show(pilot, app, view)
        text = plain(app.hand_summary(view))
    assert words in text and "Dead hand of You" not in text and "Mano muerta de Tú" not in text
    partner = "North (partner) makes the Solo" if lang == "en" else "Norte (compañero) cumple"
    partner_failed = "North (partner) fails" if lang == "en" else "Norte (compañero) no cumple"
    assert partner in text or partner_failed in text


BREAKDOWN = {
    "en": r"(\d+) in cards \+ (\d+) for the last trick \+ (\d+) in cantes",
    "es": r"(\d+) de cartas \+ (\d+) de la última baza \+ (\d+) de cantes",
}


@pytest.mark.parametrize("lang", LANGS)
async def test_the_summary_breaks_the_points_down_with_the_last_trick(lang: str) -> None:
    for seed in (0, 100, 200):
        state = finished_hand(["pass", "pass", "pass", "pass"], None, seed_from=seed)
        result = state.result
        assert result is not None
        app = ShownApp(lang)
        async with app.run_test(size=SIZE) as pilot:
            view = view_for(state, 0)
            await show(pilot, app, view)
            text = plain(app.hand_summary(view))
        parts = [tuple(map(int, m)) for m in re.findall(BREAKDOWN[lang], text)]
        assert len(parts) == 2  # us, then them
        for team, (cards, last, cantes) in zip((0, 1), parts, strict=True):
            assert cards + last + cantes == result.points[team]
            assert cards == view.card_points[team]
            assert last == (10 if result.trick_winners[-1] % 2 == team else 0)
            assert cantes == sum(c.points for c in result.cantes if c.seat % 2 == team)


def follow_suit_moment() -> tuple[HandState, int]:
    """A state where seat 0 must follow suit and holds a card it may not play."""
    for seed in range(2000):
        rng = random.Random(seed)
        state = HandState.deal(Rules(), 0, rng)  # seat 1 is the mano, seat 0 plays last
        for _ in range(4):
            state.apply("pass")
        while state.to_move != 0 and state.phase is Phase.PLAY:
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])
        obligation = state.obligation()
        if state.to_move == 0 and obligation is not None:
            illegal = [c for c in state.hand_of(0) if c not in state.legal_cards()]
            return state, state.hand_of(0).index(illegal[0])
    raise AssertionError("no such moment")


REASONS = {
    "follow_suit": ("you must follow the led suit", "hay que servir al palo de salida"),
    "follow_suit_beat": ("beat its highest card if you can", "superar la carta más alta"),
    "over_trump": ("beat the highest trump on the table", "superar el triunfo más alto"),
    "must_trump": ("you must trump", "hay que fallar con triunfo"),
}


@pytest.mark.parametrize("lang", LANGS)
async def test_an_illegal_key_press_says_which_rule_forbids_the_card(lang: str) -> None:
    state, index = follow_suit_moment()
    view = view_for(state, 0)
    assert view.obligation is not None
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        await show(pilot, app, view)
        await pilot.press(str(index + 1))
        await pilot.pause()
        log = " ".join(log_text(app).split())  # the log wraps long lines
    english, spanish = REASONS[view.obligation.reason]
    assert (english if lang == "en" else spanish) in log
    suit = app.suit_name(view.obligation.suit)
    assert f"({suit})" in log
    assert app.submitted == []


@pytest.mark.parametrize("lang", LANGS)
async def test_the_logs_long_lines_wrap_within_what_it_shows_on_80_columns(lang: str) -> None:
    state, index = follow_suit_moment()
    app = ShownApp(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one("#log", RichLog)
        # Why a card may not be played, for every rule and suit: the first ones written
        # while the log is still short (no scrollbar yet), the rest once it scrolls.
        for reason, suit in itertools.product(REASONS, Suit):
            words = app.texts(f"reason_{reason}", suit=app.suit_name(suit))
            app.log_line(app.texts("not_legal_because", reason=words))
            await pilot.pause()
        await show(pilot, app, view_for(state, 0))
        await pilot.press(str(index + 1))
        await pilot.pause()
        # Every row fits the columns the log shows: no word is hidden under the scrollbar,
        # and no sideways scrollbar takes one of its rows.
        shown = log.scrollable_content_region.width
        assert max(cell_len(line.text.rstrip()) for line in log.lines) <= shown
        assert not log.show_horizontal_scrollbar
        assert "(clubs)) an" not in log_text(app) and "(bastos)) y" not in log_text(app)


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Cantes after the trick…"), ("es", "Cantes tras la baza…")]
)
async def test_the_cante_window_after_a_trick_is_said_to_those_not_asked(
    lang: str, words: str
) -> None:
    for seed in range(200):
        rng = random.Random(seed)
        state = HandState.deal(Rules(), 3, rng)
        for _ in range(4):
            state.apply("pass")
        while len(state.tricks) < 1:
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])
        if 0 not in window_options(state):
            break
    # Online, every seat sees the window, and only one that can sing is asked.
    view = window_view(state, 0)
    assert isinstance(view, SeatView)
    assert view.phase is Phase.CANTE and view.to_move is None
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        await show(pilot, app, view)
        assert plain(app.render_actions()).strip() == words


def test_a_spectator_is_told_of_the_cante_window_too() -> None:
    state = HandState.deal(Rules(), 3, random.Random(2))
    for _ in range(4):
        state.apply("pass")
    while len(state.tricks) < 1:
        state.apply(state.legal_actions()[0])
    watcher = OnlineApp(
        OnlineOptions(server="http://127.0.0.1:1", mode="watch", watch="t-1"), lang="en"
    )
    # What a spectator sees in the window: the cante phase, waiting for nobody (the app is
    # not started: nothing connects).
    watcher.view = replace(view_for(state, 0), phase=Phase.CANTE, to_move=None, legal_actions=())
    assert plain(watcher.render_actions()).strip() == "Cantes after the trick…"
    watcher.view = replace(watcher.view, phase=Phase.PLAY)
    assert plain(watcher.render_actions()).strip() == ""


class GoneApp(ShownApp):
    """The table screen with the person at East gone (online, a ``presence`` not online)."""

    def seat_note(self, seat: int) -> str:
        """East is offline."""
        return self.texts("seat_offline") if seat == 1 else ""


async def test_a_gone_seat_is_said_on_the_waiting_line_not_beside_its_name() -> None:
    state = HandState.deal(Rules(), 0, random.Random(1))  # East is the mano: he bids first
    view = view_for(state, 0)
    assert view.to_move == 1
    app = GoneApp("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await show(pilot, app, view)
        assert "Waiting for East (offline)…" in plain(app.render_actions())
        # Not beside the name: in a side seat on 80 columns the words would wrap and push
        # the bottom seat's last line off the table.
        assert "offline" not in plain(app.render_table())


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            (
                "Rules",
                "The last trick is worth 10 more",
                "  r  ",
                "  a  ",
                "PgDn",
                "scroll",
                "/mute NAME hides a person's chat; /unmute NAME shows it again",
                "/mute spectators hides the chat of everybody watching",
            ),
        ),
        (
            "es",
            (
                "Reglas",
                "La última baza vale 10 más",
                "  r  ",
                "  a  ",
                "AvPág",
                "desplazar",
                "/mute NOMBRE oculta su charla; /unmute NOMBRE la muestra",
                "/mute espectadores oculta la de todos los que miran",
            ),
        ),
    ],
)
async def test_the_help_has_a_rules_card_and_every_key(lang: str, words: tuple[str, ...]) -> None:
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        shown = plain(app.screen.query_one("#help", Static).content)  # type: ignore[arg-type]
    for word in words:
        assert word in shown


STATUS = [
    (Rules(), 1, "en", "to exactly 11 · hand 1"),
    (Rules(), 4, "es", "a 11 exactos · mano 4"),
    (Rules.exact(5, quintola=False), 2, "en", "to exactly 5, no quintola · hand 2"),
    (Rules.first_to(21), 1, "es", "a 21 · mano 1"),
    (Rules.fixed_hands(11), 3, "en", "11 hands · hand 3 of 11"),
    (Rules.fixed_hands(20), 7, "es", "20 manos · mano 7 de 20"),
]


@pytest.mark.parametrize(("rules", "hand", "lang", "words"), STATUS)
async def test_the_status_line_tells_the_rules_in_words(
    rules: Rules, hand: int, lang: str, words: str
) -> None:
    app = ShownApp(lang, rules=rules)
    async with app.run_test(size=SIZE) as pilot:
        app.hand_number = hand
        app.refresh_all()
        await pilot.pause()
        status = plain(app.render_status())
    assert status.startswith(words)
    assert rules.name not in status


async def test_ctrl_p_opens_no_command_palette_that_would_take_the_keys() -> None:
    state, _ = follow_suit_moment()
    view = view_for(state, 0)
    app = ShownApp("en")
    async with app.run_test(size=SIZE) as pilot:
        await show(pilot, app, view)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]
        # The card key plays the card (it was typed into the palette's search line).
        legal = next(c for c in app.choices() if c.legal)
        await pilot.press(legal.key)
        await pilot.pause()
    assert app.submitted == [legal.action]


@pytest.mark.parametrize(
    ("lang", "title", "words"),
    [("en", "Do you want to quit?", "to quit"), ("es", "¿Quieres salir?", "para salir")],
)
async def test_the_quit_notice_is_in_the_interface_language(
    lang: str, title: str, words: str
) -> None:
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        notes = [(n.title, n.message) for n in app._notifications]
    assert len(notes) == 1
    assert notes[0][0] == title and words in notes[0][1] and "ctrl+q" in notes[0][1]


@pytest.mark.parametrize(("lang", "heading"), [("en", "Rules"), ("es", "Reglas")])
async def test_the_help_wraps_each_rule_under_its_own_text_on_80_columns(
    lang: str, heading: str
) -> None:
    app = ShownApp(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        help_widget = app.screen.query_one("#help", Static)
        # The help's text as the 80-column panel lays it out (its border and padding aside).
        console = Console(file=io.StringIO(), width=help_widget.content_size.width)
        console.print(help_widget.content)
        output = console.file
        assert isinstance(output, io.StringIO)
    lines = output.getvalue().splitlines()
    rules = lines[lines.index(heading) + 1 :]
    assert len(rules) > 6  # the rules are wrapped: longer than the terminal
    # Every line of a rule, the first and the ones it wraps to, is indented: none starts
    # at the left edge, in the middle of a sentence.
    assert all(line.startswith("  ") for line in rules if line.strip()), rules


@pytest.mark.parametrize("lang", LANGS)
async def test_the_helps_keys_and_what_they_do_line_up_on_80_columns(lang: str) -> None:
    app = ShownApp(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        help_widget = app.screen.query_one("#help", Static)
        console = Console(file=io.StringIO(), width=help_widget.content_size.width)
        console.print(help_widget.content)
        output = console.file
        assert isinstance(output, io.StringIO)
    rows = output.getvalue().splitlines()
    body = CATALOG[lang]["help_body"].split("\n")
    keys = body[: next(i for i, line in enumerate(body[1:], 1) if not line.startswith("  "))]
    # What every key does, and each line that goes on from one (the chat's /mute...), starts
    # in one column: under each other, right of the keys.
    said = [(m[2] if (m := KEY_LINE.match(line)) else line.strip())[:16] for line in keys[1:]]
    columns = {next(row.index(s) for row in rows if s in row) for s in said}
    assert len(columns) == 1, (columns, rows)
    assert columns.pop() > 8


async def test_the_help_scrolls_on_a_small_terminal() -> None:
    app = ShownApp("es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        scroll = app.screen.query_one("#help-scroll")
        assert scroll.max_scroll_y > 0  # the rules card does not fit in 24 rows
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, "the help to scroll")
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_a_long_hand_summary_scrolls_and_always_shows_how_to_close_it() -> None:
    state = finished_hand(["pass", "pass", "solo", "pass"], None)
    app = ShownApp("en")
    async with app.run_test(size=(80, 24)) as pilot:
        view = view_for(state, 0)
        await show(pilot, app, view)
        # The summary and a dozen analysis lines: more than 24 rows.
        lines = [Text(f"Trick {n}: analysis line {n}") for n in range(1, 13)]
        body = with_analysis(app.hand_summary(view), lines)
        panel = MessageScreen(body, name="hand-summary", footer=app.summary_footer())
        closed: list[str | None] = []
        app.push_screen(panel, closed.append)
        await wait_for(pilot, lambda: app.screen is panel, "the panel")
        await pilot.pause()
        scroll = panel.query_one("#message-scroll", VerticalScroll)
        footer = panel.query_one("#message-footer", Static)
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
        # "Press Enter to continue" is on screen, below the body, and not scrolled away.
        assert "Press Enter to continue" in plain(footer.content)  # type: ignore[arg-type]
        assert "Press Enter" not in plain(panel.query_one("#message", Static).content)  # type: ignore[arg-type]

        def footer_visible() -> bool:
            region = footer.region
            return region.height >= 1 and region.y >= scroll.region.bottom and region.bottom <= 24

        assert footer_visible()
        await pilot.press("down")
        await wait_for(pilot, lambda: scroll.scroll_y >= 1, "Down to scroll")
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 1, "PageDown to scroll")
        await pilot.press("end")
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y, "End")
        assert footer_visible()
        await pilot.press("home")
        await wait_for(pilot, lambda: scroll.scroll_y == 0, "Home")
        # The mouse wheel scrolls the body too (the pilot has no wheel: the driver's event).
        await pilot._post_mouse_events([events.MouseScrollDown], "#message", offset=(4, 4))
        await wait_for(pilot, lambda: scroll.scroll_y > 0, "the wheel to scroll")
        assert app.screen is panel and closed == []
        await pilot.press("enter")
        await wait_for(pilot, lambda: closed == [None], "Enter to close the panel")


async def test_the_match_end_panel_scrolls_and_keeps_its_keys_visible() -> None:
    app = ShownApp("es")
    async with app.run_test(size=(80, 24)) as pilot:
        lines = [Text(f"Mano {n}, baza {n}: línea de análisis") for n in range(1, 25)]
        body = with_analysis(app.match_summary(0, (3, 1), 6), lines)
        panel = MessageScreen(
            body, name="match-end", choices={"r": "rematch"}, footer=app.match_footer()
        )
        closed: list[str | None] = []
        app.push_screen(panel, closed.append)
        await wait_for(pilot, lambda: app.screen is panel, "the panel")
        await pilot.pause()
        scroll = panel.query_one("#message-scroll", VerticalScroll)
        footer = panel.query_one("#message-footer", Static)
        assert scroll.max_scroll_y > 0
        assert "r: otra partida" in plain(footer.content)  # type: ignore[arg-type]
        await pilot.press("end")
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y > 0, "End")
        assert footer.region.height >= 1 and footer.region.bottom <= 24
        await pilot.press("r")
        await wait_for(pilot, lambda: closed == ["rematch"], "r to choose a rematch")


WINNERS = {
    ("en", True): "We win: +",
    ("en", False): "They win: +",
    ("es", True): "Ganamos nosotros: +",
    ("es", False): "Ganan ellos: +",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("we_win", [True, False])
async def test_the_hands_winner_is_said_with_the_right_grammar(lang: str, we_win: bool) -> None:
    # A plain hand (all pass) of each outcome: the human is seat 0, team 0.
    for seed in range(0, 400, 7):
        state = finished_hand(["pass", "pass", "pass", "pass"], None, seed_from=seed)
        assert state.result is not None
        if (state.result.winner == 0) == we_win:
            break
    else:
        raise AssertionError("no such hand")
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        view = view_for(state, 0)
        await show(pilot, app, view)
        text = plain(app.hand_summary(view))
    score = state.result.score_after
    assert f"{WINNERS[lang, we_win]}{state.result.game_points} " in text
    assert f"{score[0]} – {score[1]})" in text
    for wrong in ("Us win", "Them win", "Ganan Nosotros", "Ganan Ellos"):
        assert wrong not in text


NEW_HAND = {
    ("en", 0): "New hand: you deal, trump ",
    ("en", 3): "New hand: West deals, trump ",
    ("es", 0): "Nueva mano: repartes tú, triunfo ",
    ("es", 3): "Nueva mano: reparte Oeste, triunfo ",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("dealer", [0, 3])
async def test_the_new_hand_line_says_you_deal_when_the_player_deals(
    lang: str, dealer: int
) -> None:
    state = HandState.deal(Rules(), dealer, random.Random(dealer))
    app = ShownApp(lang)
    async with app.run_test(size=SIZE) as pilot:
        view = view_for(state, 0)
        await show(pilot, app, view)
        app.log_new_hand(view)
        await pilot.pause()
        log = log_text(app)
    assert NEW_HAND[lang, dealer] + app.suit_name(view.trump) in log
    assert "You deals" not in log and "reparte Tú" not in log


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_every_language_has_every_text_with_the_same_fields() -> None:
    # A text missing in one language would be a KeyError on the player's screen; a field
    # missing, a sentence that leaves something out.
    keys = {lang: set(CATALOG[lang]) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys[LANGUAGES[0]], lang
        for key in keys[lang]:
            assert _fields(CATALOG[lang][key]) == _fields(CATALOG[LANGUAGES[0]][key]), (lang, key)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "nobody may bid what would take his team past N"),
        ("es", "nadie puede apostar lo que llevaría a su pareja por encima de N"),
    ],
)
def test_the_help_says_why_a_bid_may_not_be_offered(lang: str, words: str) -> None:
    # rules.md section 3, the bid cap: at 8 of 11 only pass or solo are offered.
    assert words in " ".join(CATALOG[lang]["help_body"].split())


@pytest.mark.parametrize(
    ("lang", "trumped", "tie", "team"),
    [
        (
            "en",
            "once someone has trumped the trick, following is enough",
            "a tie goes to the mano's team",
            "after a trick won by your team",
        ),
        (
            "es",
            "si alguien ya ha fallado la baza, basta con servir",
            "en empate, la pareja de la mano",
            "tras una baza ganada por tu pareja",
        ),
    ],
)
def test_the_help_states_the_rules_the_play_holds(
    lang: str, trumped: str, tie: str, team: str
) -> None:
    # rules.md 4.1.2a (no duty to beat once the trick is trumped), 5 (a cante after a trick
    # won by the singer's team) and 6 (a tie goes to the mano's team)
    body = " ".join(CATALOG[lang]["help_body"].split())
    assert trumped in body and tie in body and team in body

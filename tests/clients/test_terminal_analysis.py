"""The terminal client's hand summary shows the analysis of the person's decisions (offline)."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import msgspec
import pytest
from textual.app import App
from textual.widgets import Static

from cuatrola.ai.analysis import FORMAT, MatchAnalysis, analyse_hand, analysis_config
from cuatrola.clients.terminal.analysis import (
    HandAnalyst,
    Wording,
    analysis_lines,
    fetch_match_analysis,
    match_analysis_lines,
    with_analysis,
)
from cuatrola.clients.terminal.i18n import Texts
from cuatrola.clients.terminal.local import LocalTable
from cuatrola.clients.terminal.offline import OfflineApp
from cuatrola.clients.terminal.online import OnlineApp, OnlineOptions
from cuatrola.core.records import hand_to_record
from cuatrola.core.rules import Contract, Rules
from tests.clients.conftest import (
    log_text,
    plain,
    play_to_hand_summary,
    wait_for,
)
from tests.clients.test_terminal_offline import _play_to_match_end
from tests.clients.test_terminal_online import _play_until
from tests.fixtures.analysis_records import PLANTED_BLUNDER
from tests.support.servers import QUICK, ServeProcess

#: Few deals: the tests check what the summary shows, tests/ai/test_analysis.py the analysis.
CONFIG = analysis_config(4)
SIZE = (120, 60)


def panel_text(app: App[int]) -> str:
    """The text of the panel shown (a hand summary, the match end): its body, then its
    always visible footer ("" while the panel is not on screen yet)."""
    shown = app.screen.query("#message, #message-footer").results(Static)
    return "".join(plain(widget.content) for widget in shown)  # type: ignore[arg-type]


def _contract(contract: Contract) -> str:
    return contract.label.capitalize()


def _suit(suit: int) -> str:
    return "OCEB"[suit]


def test_the_lines_name_the_costly_decisions_with_their_marks() -> None:
    analysis = analyse_hand(PLANTED_BLUNDER, seats=[0], seed=2, config=CONFIG)
    text = plain(
        with_analysis(
            plain("Hand over"), analysis_lines(Wording(Texts("en"), _contract, _suit), analysis, 0)
        )
    )
    assert "Analysis of your decisions" in text
    seat0 = analysis.seats[0]
    assert seat0.accuracy is not None
    assert f"Accuracy: {round(seat0.accuracy)}% ({seat0.scored} decisions with a choice)" in text
    assert "Trick 4: 3♥; the expert: R♣; cost 58 points (blunder)" in text.replace("\n", " ")
    spanish = plain(analysis_lines(Wording(Texts("es"), _contract, _suit), analysis, 0)[-1])
    assert "Baza 4" in spanish and "error grave" in spanish
    # A seat that was not analysed has no decisions to show.
    none = plain(analysis_lines(Wording(Texts("en"), _contract, _suit), analysis, 1)[-1])
    assert "You had no decision with a choice." in none


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "Hand 1, Trick 4: 3♥"), ("es", "Mano 1, Baza 4: 3♥")]
)
def test_the_match_lines_name_the_hand_and_trick_with_one_space(lang: str, words: str) -> None:
    analysis = analyse_hand(PLANTED_BLUNDER, seats=[0], seed=2, config=CONFIG)
    match = MatchAnalysis(format=FORMAT, seats=analysis.seats, hands=[analysis])
    lines = match_analysis_lines(Wording(Texts(lang), _contract, _suit), match, 0)
    shown = [plain(line).strip() for line in lines]
    assert any(line.startswith(words) for line in shown), shown


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "cost 4.8% chance to win the match, -0.73 game points"),
        ("es", "coste 4,8 % de opciones de ganar la partida, -0,73 puntos de juego"),
    ],
)
def test_a_cost_is_written_with_the_languages_decimal_sign(lang: str, words: str) -> None:
    analysis = analyse_hand(PLANTED_BLUNDER, seats=[0], seed=2, config=CONFIG)
    decision = msgspec.structs.replace(
        analysis.decisions[0], unit="match", cost=4.8, game_points_cost=-0.73
    )
    line = plain(Wording(Texts(lang), _contract, _suit).decision(decision))
    assert words in " ".join(line.split())


async def test_the_offline_hand_summary_gets_the_analysis_of_the_hand() -> None:
    table = LocalTable(Rules.exact(3), ("greedy",) * 3, seed=3)
    app = OfflineApp(table, lang="en", bot_delay=0, analysis_config=CONFIG)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_hand_summary(pilot, app)
        panel = functools.partial(panel_text, app)

        await wait_for(
            pilot, lambda: "Accuracy:" in panel() or "no decision" in panel(), "analysis"
        )
        text = panel()
        assert "Hand over" in text and "Analysis of your decisions" in text
        assert text.rstrip().endswith("Press Enter to continue")
        # Off the interface's thread, the analysis of the record of the hand, seeded by its
        # number: the panel shows exactly its lines.
        record = hand_to_record(table.hand)
        expected = HandAnalyst(table.human_seat, CONFIG).analyse(record, 1)
        lines = analysis_lines(app.wording, expected, table.human_seat)
        for line in lines:
            assert plain(line).strip() in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen.name != "hand-summary", "next hand")


async def test_l_says_the_hand_summary_its_analysis_and_the_match_end_in_the_other_language() -> (
    None
):
    table = LocalTable(Rules.exact(3), ("greedy",) * 3, seed=3)
    app = OfflineApp(table, lang="en", bot_delay=0, analysis_config=CONFIG)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_hand_summary(pilot, app)
        summary = app.screen
        panel = functools.partial(panel_text, app)
        await wait_for(
            pilot, lambda: "Accuracy:" in panel() or "no decision" in panel(), "analysis"
        )
        english = panel()
        assert "Hand over" in english and "Analysis of your decisions" in english
        await pilot.press("l")
        # The panel stays, said again in Spanish: the summary, its analysis and its footer.
        spanish = panel()
        assert app.screen is summary and app.texts.lang == "es"
        assert "Fin de la mano" in spanish and "Análisis de tus decisiones" in spanish
        assert "Precisión:" in spanish or "ninguna decisión" in spanish
        assert spanish.rstrip().endswith("Pulsa Intro para seguir")
        assert "Hand over" not in spanish and "Press Enter" not in spanish
        assert "mano 1" in plain(app.render_status())  # and the table behind it
        await pilot.press("l")
        assert panel() == english and app.texts.lang == "en"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is not summary, "the summary to close")
        await _play_to_match_end(app, pilot)
        ended = panel()
        assert "Match over" in ended and "r: play again" in ended
        await pilot.press("l")
        ended = panel()
        assert app.screen.name == "match-end"
        assert "Fin de la partida" in ended and "r: otra partida" in ended
        assert "Match over" not in ended and "play again" not in ended
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.return_code is not None, "the app to exit")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``cuatrola serve`` (no pause between hands, instant computer players)."""
    with ServeProcess(tmp_path_factory.mktemp("serve"), *QUICK, "--cante-window", "0.4") as serve:
        yield serve.http


async def test_the_online_match_end_panel_gets_the_servers_analysis(server: str) -> None:
    options = OnlineOptions(server=server, mode="bots", rules=Rules.exact(3), name="Olga")
    app = OnlineApp(options, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await _play_until(app, pilot, leave=False)
        assert app.screen.name == "match-end" and app.info is not None

        panel = functools.partial(panel_text, app)

        # The server's analysis worker runs niced below live play (and after the analyses of
        # the other tests' matches), so a loaded machine can make it wait, as for the hand's.
        await wait_for(pilot, lambda: "in the match" in panel(), "the analysis title", seconds=60)
        await wait_for(
            pilot, lambda: "Accuracy:" in panel() or "no decision" in panel(), "the analysis"
        )
        text = panel()
        match_id = f"{app.table_id}-{app.info.match}"
        analysis = fetch_match_analysis(server, match_id, wait=5)
        assert analysis is not None and [s.seat for s in analysis.seats] == [app.human_seat]
        lines = match_analysis_lines(app.wording, analysis, app.human_seat)
        for line in lines:
            assert plain(line).strip() in text
        # `l` says the panel and the server's analysis in it again, in Spanish.
        await pilot.press("l")
        text = panel()
        assert "Fin de la partida" in text and "en la partida" in text
        for line in match_analysis_lines(app.wording, analysis, app.human_seat):
            assert plain(line).strip() in text
        await pilot.press("ctrl+q")
    assert fetch_match_analysis(server, "no-such-match", wait=1) is None


async def test_the_online_hand_summary_gets_the_servers_analysis_of_the_hand(server: str) -> None:
    options = OnlineOptions(server=server, mode="bots", rules=Rules.exact(3), name="Hugo")
    app = OnlineApp(options, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        assert await _play_until(app, pilot, hands=1) == 1
        assert app.screen.name == "hand-summary" and app.info is not None

        summary = app.screen

        def shown() -> str:
            # The summary waits for Enter until the next hand's move is the person's with
            # 10 s left; then it closes by itself into the log, where the analysis follows.
            return panel_text(app) if app.screen is summary else log_text(app)

        # The server's hand_analysis comes a few seconds after the hand. Its worker runs
        # niced below live play, so a loaded machine can make it wait.
        await wait_for(
            pilot,
            lambda: "Accuracy:" in shown() or "no decision" in shown(),
            "the analysis",
            seconds=60,
        )
        text = shown()
        assert "Hand over" in text and "Analysis of your decisions" in text
        if app.screen is summary:
            # Below the summary, its footer: Enter, or that the next hand waits for the person.
            footer = ("Press Enter to continue", "the summary goes to the log")
            assert text.rstrip().endswith(footer)
            await pilot.press("enter")
        match_id = f"{app.table_id}-{app.info.match}"
        await _play_until(app, pilot, leave=False)
        await pilot.press("ctrl+q")
    # The lines are those of the hand's analysis, which the match's analysis holds as it is.
    analysis = fetch_match_analysis(server, match_id, wait=30)
    assert analysis is not None
    lines = analysis_lines(app.wording, analysis.hands[0], app.human_seat)
    for line in lines:
        assert plain(line).strip() in text

"""The offline table, the text catalogue, card rendering and ``cuatrola play`` arguments."""

from __future__ import annotations

import re
import string

import pytest

from cuatrola.cli import main
from cuatrola.clients.terminal.i18n import CATALOG, LANGUAGES, Texts
from cuatrola.clients.terminal.local import LocalTable, resolve_level
from cuatrola.clients.terminal.render import SUIT_SYMBOLS, card_label, card_text
from cuatrola.core.cards import Card
from cuatrola.core.errors import IllegalActionError, NotYourTurnError
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView


def test_the_catalogue_has_the_same_keys_and_fields_in_every_language() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    spanish = CATALOG["es"]
    for lang in LANGUAGES:
        assert CATALOG[lang].keys() == spanish.keys()
        for key, text in CATALOG[lang].items():
            assert fields(text) == fields(spanish[key]), (lang, key)


def test_texts_refuse_an_unknown_language_and_toggle() -> None:
    with pytest.raises(ValueError, match="'fr'"):
        Texts("fr")
    assert Texts("es").other().lang == "en" and Texts("en").other().lang == "es"


def test_suits_differ_by_symbol_not_only_by_colour() -> None:
    assert len(set(SUIT_SYMBOLS)) == 4
    assert [card_label(Card(code)) for code in ("AO", "3C", "RE", "SB")] == ["A♦", "3♥", "R♠", "S♣"]
    unplayable = card_text(Card("RO"), legal=False)
    assert unplayable.style and "strike" in str(unplayable.style)


def test_the_local_table_hands_out_only_views_and_checks_turns() -> None:
    table = LocalTable(Rules.exact(3), ("random",) * 3, seed=11, human_seat=1)
    view = table.start_hand()
    assert isinstance(view, SeatView) and view.seat == 1 and len(view.hand) == 5
    to_move = table.to_move
    assert to_move is not None
    other = 1 if to_move != 1 else 2
    with pytest.raises(NotYourTurnError):
        table.apply(other, "pass")
    if table.human_to_move:
        with pytest.raises(ValueError, match="computer player's turn"):
            table.bot_request()
    else:
        request = table.bot_request()
        assert request.view.seat == request.seat != 1
        assert request.choose() in request.view.legal_actions
    with pytest.raises(IllegalActionError):
        table.apply(to_move, "AO")  # a card during the bidding
    assert table.hand.history == []


def test_the_same_seed_gives_the_same_match() -> None:
    def play(seed: int) -> list[object]:
        table = LocalTable(Rules.exact(3), ("greedy",) * 3, seed=seed)
        results: list[object] = []
        while not table.is_match_over:
            table.start_hand()
            while not table.hand_finished:
                if table.human_to_move:
                    table.apply(table.human_seat, table.human_view().legal_actions[0])
                else:
                    request = table.bot_request()
                    table.apply(request.seat, request.choose())
            results.append(table.finish_hand())
        return results

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_an_unregistered_level_falls_back_with_a_note() -> None:
    assert resolve_level("greedy") == ("greedy", None)
    assert resolve_level("no-such-level") == ("greedy", "no-such-level")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rules", "exact99"], "unknown rules preset 'exact99'"),
        (["--level", "godlike"], "invalid choice: 'godlike'"),
        (["--seed", "abc"], "non-negative integer seed"),
        (["--lang", "fr"], "invalid choice: 'fr'"),
        (["--delay", "-1"], "delay from 0 to 10"),
        (["--server", "ftp://x"], "server address"),
        # One account per run: a guest name and a registered player's login do not mix.
        (["--name", "Ana", "--login", "Ana"], "not allowed with argument --name"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert re.fullmatch(r"cuatrola play: .*\(see cuatrola play --help\)\n", err), err
    assert message in err


ONLINE_ONLY = (
    "--mode, --code, --watch, --name, --login and --register are for online play: add --server URL"
)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--code", "ABC"], ONLINE_ONLY),
        (["--mode", "bots"], ONLINE_ONLY),
        (["--mode", "quick"], ONLINE_ONLY),
        (["--name", "Ana"], ONLINE_ONLY),
        (["--login", "Ana"], ONLINE_ONLY),
        (["--register", "Ana"], ONLINE_ONLY),
        (["--watch", "t-3f9a2c"], ONLINE_ONLY),
        (["--mode", "watch"], ONLINE_ONLY),
        (
            ["--server", "http://127.0.0.1:9", "--watch", "t-3f9a2c", "--mode", "bots"],
            "--watch is for watching a table",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--login", "x", "--lang", "en"],
            "the name 'x' will not do: 3 to 20 letters",
        ),
        (["--server", "http://127.0.0.1:9", "--code", "ABC"], "use it with --mode private"),
        (
            ["--server", "http://127.0.0.1:9", "--name", "x", "--lang", "en"],
            "the name 'x' will not do: 3 to 20 letters",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--name=_ana", "--lang", "es"],
            "el nombre '_ana' no vale: de 3 a 20 letras",
        ),
        (
            [
                "--server",
                "http://127.0.0.1:9",
                "--mode",
                "private",
                "--code",
                "AB1",
                "--lang",
                "en",
            ],
            "the code 'AB1' will not do: 6 letters or digits",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--mode", "private", "--code", "ABCDE0"],
            "el código 'ABCDE0' no vale",
        ),
    ],
)
def test_inconsistent_options_exit_2_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert re.fullmatch(r"cuatrola play: .*\n", err) and message in err

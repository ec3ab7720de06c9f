"""The offline table (the in-process transport), the text catalogue, card rendering and
``cuatrola play`` arguments."""

from __future__ import annotations

import asyncio
import os
import pty
import random
import re
import select
import string
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cuatrola.cli import build_parser, main
from cuatrola.clients.terminal.i18n import CATALOG, LANGUAGES, Texts
from cuatrola.clients.terminal.local import LocalTable, resolve_level
from cuatrola.clients.terminal.online import OnlineOptions
from cuatrola.clients.terminal.render import SUIT_SYMBOLS, card_label, card_text
from cuatrola.commands.play import rules_from_args
from cuatrola.core.actions import format_action
from cuatrola.core.cards import Card
from cuatrola.core.hand import Phase
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for
from cuatrola.protocol.messages import (
    Act,
    Dealt,
    Error,
    Event,
    HandEnded,
    MatchEnded,
    ServerMessage,
    Sync,
)
from cuatrola.protocol.views import HandView, view_from_wire


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


class Headless:
    """Plays a :class:`LocalTable` without a screen, as the terminal app does: it reads the
    protocol messages the table sends and answers the person's turns with ``decide`` (``None``
    stops), closing each hand summary at once.

    Args:
        table: the offline table (not opened yet).
        decide: the person's move for a view, or ``None`` to stop there.
        stop_after_hand: stop at the first hand's end.
    """

    def __init__(
        self,
        table: LocalTable,
        decide: Callable[[SeatView], int | None],
        *,
        stop_after_hand: bool = False,
    ) -> None:
        self.table = table
        self.decide = decide
        self.stop_after_hand = stop_after_hand
        self.messages: list[ServerMessage] = []
        self.views: list[SeatView] = []
        self.done = asyncio.Event()
        self.last_seq = 0

    def receive(self, message: ServerMessage) -> None:
        """One message from the table."""
        self.messages.append(message)
        table = self.table
        wire = None
        if isinstance(message, Sync):
            self.last_seq, wire = message.seq, message.view
        elif isinstance(message, Event):
            self.last_seq = message.seq
            body = message.body
            if isinstance(body, HandEnded):
                if self.stop_after_hand:
                    self.done.set()
                else:
                    # The person closed the summary (after the last hand nothing is dealt).
                    table.deal_next()
            elif isinstance(body, MatchEnded):
                self.done.set()
            wire = getattr(body, "view", None)
        if not isinstance(wire, HandView) or self.done.is_set():
            return
        view = view_from_wire(wire, table.rules, table.human_seat)
        self.views.append(view)
        if view.to_move == table.human_seat and view.phase is not Phase.FINISHED:
            action = self.decide(view)
            if action is None:
                self.done.set()
                return
            act = Act(
                id=table.next_id(), table=table.id, action=format_action(action), seq=self.last_seq
            )
            table.send(act)

    async def play(self) -> Headless:
        """Open the table and play until told to stop or the match ends."""
        self.table.open(self.receive)
        try:
            await asyncio.wait_for(self.done.wait(), timeout=60)
        finally:
            self.table.close()
        return self

    @property
    def events(self) -> list[Event]:
        """The table events received, in order."""
        return [m for m in self.messages if isinstance(m, Event)]


def first_legal(view: SeatView) -> int:
    """The person's stand-in: the first legal action."""
    return view.legal_actions[0]


class Recording:
    """A computer player that records the seat of each view it gets."""

    name = "recording"

    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """The first legal action."""
        self.seats.append(view.seat)
        return view.legal_actions[0]


async def test_the_local_table_sends_only_the_seats_view_and_checks_turns() -> None:
    rules = Rules.exact(3)
    table = LocalTable(rules, ("random",) * 3, seed=11, human_seat=1)
    players = {seat: Recording() for seat in table.bots}
    table.bots.update(players)
    messages: list[ServerMessage] = []
    table.open(messages.append)
    try:
        sync = messages[0]
        assert isinstance(sync, Sync) and sync.seat == 1 and sync.table == table.id
        dealt = [m.body for m in messages if isinstance(m, Event) and isinstance(m.body, Dealt)]
        assert len(dealt) == 1
        view = view_from_wire(dealt[0].view, rules, 1)
        # The person's copy is seat 1's view, nothing more.
        assert isinstance(view, SeatView) and view.seat == 1 and len(view.hand) == 5
        assert view == view_for(table.hand, 1)
        to_move = table.hand.to_move
        assert to_move is not None
        if to_move == 1:
            act = Act(id=table.next_id(), table=table.id, action="AO")  # a card in the bidding
            code = "illegal"
        else:
            act = Act(id=table.next_id(), table=table.id, action="pass")
            code = "not_your_turn"
        table.send(act)
        error = messages[-1]
        assert isinstance(error, Error) and error.code == code and error.id == act.id
        forbidden = Act(id=table.next_id(), table=table.id, action="pass", seat=2)
        table.send(forbidden)
        assert isinstance(messages[-1], Error) and messages[-1].code == "forbidden"
        assert table.hand.history == []
        if to_move != 1:
            # The computer player to move gets its own seat's view, on a worker thread.
            for _ in range(500):
                if table.hand.history:
                    break
                await asyncio.sleep(0.01)
            assert players[to_move].seats == [to_move]
            assert len(table.hand.history) >= 1
    finally:
        table.close()


async def test_the_offline_transport_plays_a_whole_match_against_computer_players() -> None:
    table = LocalTable(Rules.exact(3), ("greedy",) * 3, seed=7)
    played = await Headless(table, first_legal).play()
    events = played.events
    # Numbered 1, 2, 3... with no gaps, after the sync, as a server numbers them.
    sync = played.messages[0]
    assert isinstance(sync, Sync)
    assert [e.seq for e in events] == list(range(sync.seq + 1, sync.seq + 1 + len(events)))
    ended = [e.body for e in events if isinstance(e.body, MatchEnded)]
    assert len(ended) == 1 and ended[0].winner == table.match.winner
    assert table.match.score[ended[0].winner] >= 3 > table.match.score[1 - ended[0].winner]
    hands = [e.body for e in events if isinstance(e.body, HandEnded)]
    assert len(hands) == table.match.hands_played == ended[0].hands_played >= 2
    # The finished match is recorded as the server records it: one hand record per hand.
    (finished,) = table.finished
    assert finished.winner == ended[0].winner and len(finished.hands) == len(hands)
    assert all(h["format"] == "cuatrola-hand/1" for h in finished.hands)
    assert not any(isinstance(m, Error) for m in played.messages)


async def test_the_same_seed_gives_the_same_match() -> None:
    async def play(seed: int) -> list[object]:
        table = LocalTable(Rules.exact(3), ("greedy",) * 3, seed=seed)
        played = await Headless(table, first_legal).play()
        return [e.body for e in played.events if isinstance(e.body, HandEnded)]

    assert await play(5) == await play(5)
    assert await play(5) != await play(6)


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
        # The whole address is checked, not only its scheme: these crashed in urllib, or
        # (port 99999) were told as "Connection refused".
        (["--server", "http://127.0.0.1:abc"], "bad port in the server address"),
        (["--server", "http://127.0.0.1:99999"], "bad port in the server address"),
        (["--server", "http://127.0.0.1:0"], "bad port in the server address"),
        (["--server", "http://127.0.0.1:"], "bad port in the server address"),
        (["--server", "http://[::1"], "Invalid IPv6 URL"),
        (["--server", "http://:8000"], "has no host"),
        (["--server", "http://a b:8000"], "has a space"),
        (["--server", "http://127.0.0.1:8000/?x=1"], "no user, query or fragment"),
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


@pytest.mark.parametrize(
    ("argv", "rules", "wire"),
    [
        (["--rules", "exact3"], Rules.exact(3), ("exact3", True)),
        (["--rules", "exact3-noquintola"], Rules.exact(3, quintola=False), ("exact3", False)),
        (["--rules", "exact3", "--no-quintola"], Rules.exact(3, quintola=False), ("exact3", False)),
        (
            ["--rules", "hands20-noquintola", "--no-quintola"],
            Rules.fixed_hands(20, quintola=False),
            ("hands20", False),
        ),
    ],
)
def test_rules_take_every_name_rules_name_writes(
    argv: list[str], rules: Rules, wire: tuple[str, bool]
) -> None:
    # --rules reads Rules.name's -noquintola names; a table created online gets the base
    # preset and the quintola field, which is all the protocol takes.
    for command in ("play", "bot"):
        parser, _ = build_parser()
        extra = ["--server", "http://127.0.0.1:9", "--player", "greedy"] if command == "bot" else []
        args = parser.parse_args([command, *extra, *argv])
        assert rules_from_args(args) == rules
    options = OnlineOptions(server="http://127.0.0.1:9", rules=rules).table_options()
    assert (options.rules, options.quintola) == wire


ONLINE_ONLY = (
    "--mode, --code, --watch, --name, --login and --register are for online play: add --server URL"
)
CREATES = "for a table this client creates (--mode bots, or private without --code)"


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
        (  # the server's own rule (cuatrola.protocol.names): one alphabet per name
            ["--server", "http://127.0.0.1:9", "--name", "Reg\u043ene", "--lang", "en"],
            "will not do: 3 to 20 letters of one alphabet",
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
        # Options a table the client joins or watches would ignore, even at their defaults.
        (
            ["--server", "http://127.0.0.1:9", "--rules", "to21"],
            f"--rules is {CREATES}: the quick match has its own",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--mode", "quick", "--rules", "exact11"],
            f"--rules is {CREATES}: the quick match has its own",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--mode", "watch", "--level", "hard"],
            f"--level is {CREATES}: a watched table has its own",
        ),
        (
            [
                *("--server", "http://127.0.0.1:9", "--mode", "private", "--code", "ABCDEF"),
                *("--no-quintola", "--level", "medium"),
            ],
            f"--no-quintola, --level are {CREATES}: the table of --code has its own",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--seed", "3"],
            "--seed is for offline play: online, the server deals",
        ),
        (
            ["--server", "http://127.0.0.1:9", "--mode", "bots", "--delay", "1", "--seed", "0"],
            "--seed and --delay are for offline play",
        ),
        # A table the client creates takes them: the run goes on to the next check.
        (
            [
                *("--server", "http://127.0.0.1:9", "--mode", "bots", "--rules", "exact3"),
                *("--level", "hard", "--no-quintola", "--name", "x", "--lang", "en"),
            ],
            "the name 'x' will not do",
        ),
        (
            [
                *("--server", "http://127.0.0.1:9", "--mode", "private", "--rules", "to21"),
                *("--level", "easy", "--name", "x", "--lang", "en"),
            ],
            "the name 'x' will not do",
        ),
    ],
)
def test_inconsistent_options_exit_2_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert re.fullmatch(r"cuatrola play: .*\n", err) and message in err


def test_good_server_addresses_are_kept_with_the_scheme_in_lower_case() -> None:
    from cuatrola.commands.play import server_url

    assert server_url("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    assert server_url("http://[::1]:65535") == "http://[::1]:65535"
    # The clients pick wss:// by the scheme's spelling: "HTTPS" must not become ws://.
    assert server_url("HTTPS://Cuatrola.example/sala/") == "https://Cuatrola.example/sala"


async def test_a_computer_player_waits_longer_to_lead_after_a_trick() -> None:
    # Its lead takes the finished trick off the table: the person gets time to read it.
    table = LocalTable(Rules.exact(3), ("greedy",) * 3, seed=1)
    headless = await Headless(table, first_legal, stop_after_hand=True).play()
    table.bot_delay = 0.6
    pauses: dict[str, set[float]] = {}
    for view in headless.views:
        if view.phase is not Phase.PLAY:
            continue
        kind = "follow" if view.trick else "lead after a trick" if view.tricks else "first lead"
        pauses.setdefault(kind, set()).add(table.pause_before(view))
    assert pauses == {"first lead": {0.6}, "follow": {0.6}, "lead after a trick": {1.5}}


def _read_until(fd: int, wanted: bytes) -> bytes:
    """What the terminal ``fd`` shows up to ``wanted`` (or its end, when the program exits
    first)."""
    shown = b""
    while wanted not in shown:
        ready, _, _ = select.select([fd], [], [], 30)
        assert ready, f"nothing more after {shown!r}"
        try:
            chunk = os.read(fd, 1024)
        except OSError:  # EIO: the program closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    return shown


@pytest.mark.parametrize("key", [b"\x03", b"\x04"], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_or_d_at_the_password_prompt_ends_in_one_line_of_its_own(key: bytes) -> None:
    # A real terminal: getpass asks on it, and Ctrl+C or Ctrl+D is the terminal's key.
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, on the new terminal
        env = {k: v for k, v in os.environ.items() if k != "CUATROLA_PASSWORD"}
        env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2] / "src")
        args = ["play", "--server", "http://127.0.0.1:9", "--login", "Marta", "--lang", "en"]
        os.execve(sys.executable, [sys.executable, "-m", "cuatrola", *args], env)
    try:
        shown = _read_until(fd, b"Password for Marta: ")
        os.write(fd, key)
        shown += _read_until(fd, b"CUATROLA_PASSWORD)\r\n")
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 2
    # The refusal starts a line of its own, not after the prompt.
    lines = shown.decode().splitlines()
    said = "cuatrola play: no password (type it, or set CUATROLA_PASSWORD)"
    assert said in lines, lines
    assert "Traceback" not in shown.decode()

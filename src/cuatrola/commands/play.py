"""``cuatrola play``: the terminal client (Textual), offline against the computer or online.

Without ``--server`` a whole match is played in process against three computer players of
the chosen level; with ``--server URL`` the client joins the card room through the documented
protocol (docs/protocol.md), as a guest or a registered player (``--login``/``--register``,
the password from ``$CUATROLA_PASSWORD`` or asked on the terminal), to play or to watch
(``--mode watch``). Bad arguments print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import getpass
import os
import random
import re
import sys
import urllib.parse
from typing import TYPE_CHECKING, NoReturn

from cuatrola.core.errors import RulesError
from cuatrola.core.rules import Rules
from cuatrola.protocol.messages import BOT_LEVELS
from cuatrola.protocol.names import name_problem, normal_name

if TYPE_CHECKING:
    from cuatrola.clients.terminal.i18n import Texts

NAME = "play"
HELP = "play in the terminal: a match against the computer, or online with --server URL"

ONLINE_MODES = ("quick", "private", "bots", "watch")
#: The rules preset of ``--rules`` when it is not given.
DEFAULT_RULES = "exact11"
#: The computer players' level when ``--level`` is not given.
DEFAULT_LEVEL = "medium"
#: The offline pause before each computer move when ``--delay`` is not given, in seconds.
DEFAULT_DELAY = 0.6
#: Where ``--login``/``--register`` take the password from when set (never an argument: a
#: command line is visible to every user of the machine and kept in shell histories).
PASSWORD_VARIABLE = "CUATROLA_PASSWORD"


def rules_preset(text: str) -> str:
    """Check a rules preset name for argparse (the name is kept; ``--no-quintola`` applies later).

    Raises:
        argparse.ArgumentTypeError: for an unknown preset.
    """
    try:
        Rules.preset(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_rules_arguments(parser: argparse.ArgumentParser, tables: str) -> None:
    """Declare ``--rules PRESET`` and ``--no-quintola``, the rules of ``tables`` (in words,
    for the help); :func:`rules_from_args` reads them."""
    parser.add_argument(
        "--rules",
        type=rules_preset,
        default=DEFAULT_RULES,
        metavar="PRESET",
        help=f"rules of {tables}: exact11 (default), exactN (N 3..21), to21, hands11 or "
        "hands20; a name ending in -noquintola (exact11-noquintola) is --no-quintola",
    )
    parser.add_argument("--no-quintola", action="store_true", help=f"no quintola bid in {tables}")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules that :func:`add_rules_arguments`'s options chose."""
    return Rules.preset(args.rules, quintola=not args.no_quintola)


def seed_value(text: str) -> int:
    """Parse a non-negative integer seed for argparse.

    Raises:
        argparse.ArgumentTypeError: when ``text`` is not one.
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer seed, got {text!r}")
    return value


def delay_value(text: str) -> float:
    """Parse the computer players' delay in seconds (0 to 10) for argparse.

    Raises:
        argparse.ArgumentTypeError: when ``text`` is not such a number.
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"expected a delay from 0 to 10 seconds, got {text!r}")
    return value


def server_url(text: str) -> str:
    """Check a server address (``http://host[:port][/path]`` or ``https://...``) for argparse.

    The whole address is checked here, not only its scheme: the clients join paths to it and
    hand it to ``urllib`` and ``websockets``, which would fail later with a traceback (a
    non-numeric port, an unclosed ``[``) or a misleading "Connection refused" (port 99999).

    >>> server_url("HTTP://[::1]:8000/")
    'http://[::1]:8000'

    Raises:
        argparse.ArgumentTypeError: for anything else, saying what is wrong.
    """
    example = "like http://127.0.0.1:8000"
    try:
        parts = urllib.parse.urlsplit(text)
    except ValueError as exc:  # "Invalid IPv6 URL" for an unclosed "["
        raise argparse.ArgumentTypeError(
            f"expected a server address {example}, got {text!r} ({exc})"
        ) from None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise argparse.ArgumentTypeError(f"expected a server address {example}, got {text!r}")
    if re.search(r"[\s\x00-\x1f\x7f]", text):
        raise argparse.ArgumentTypeError(
            f"the server address {text!r} has a space or a control character in it"
        )
    if not parts.hostname:
        raise argparse.ArgumentTypeError(f"the server address {text!r} has no host")
    if parts.query or parts.fragment or "@" in parts.netloc:
        # The clients append /api/... and /ws to the address: a query, a fragment or a
        # user name would end up in the middle of those URLs.
        raise argparse.ArgumentTypeError(
            f"expected a server address {example} (no user, query or fragment), got {text!r}"
        )
    try:
        port = parts.port
    except ValueError:  # not a number, or above 65535
        port = 0
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise argparse.ArgumentTypeError(
            f"bad port in the server address {text!r}: expected a number from 1 to 65535"
        )
    # The clients tell https from http by the scheme's spelling: give it in lower case.
    return (parts.scheme.lower() + text[len(parts.scheme) :]).rstrip("/")


def _one_line_errors(parser: argparse.ArgumentParser) -> None:
    """Make argument errors one line (argparse would print the long usage first)."""

    def error(message: str) -> NoReturn:
        parser.exit(2, f"{parser.prog}: {message} (see {parser.prog} --help)\n")

    # argparse has no hook for this; replacing the bound method on this parser is enough.
    setattr(parser, "error", error)  # noqa: B010


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    _one_line_errors(parser)
    parser.add_argument(
        "--level",
        choices=BOT_LEVELS,
        default=None,
        help="strength of the computer players (offline, and tables this client creates "
        f"online; default {DEFAULT_LEVEL})",
    )
    add_rules_arguments(parser, "the match")
    # None until run(): an option given for a table the client only joins is refused there.
    parser.set_defaults(rules=None)
    parser.add_argument(
        "--seed",
        type=seed_value,
        default=None,
        help="offline: seed the deals for a reproducible match",
    )
    parser.add_argument("--lang", choices=("es", "en"), default="es", help="interface language")
    parser.add_argument(
        "--delay",
        type=delay_value,
        default=None,
        metavar="SECONDS",
        help="offline: pause before each computer move, so you can follow (default "
        f"{DEFAULT_DELAY:g})",
    )
    parser.add_argument(
        "--server", type=server_url, default=None, metavar="URL", help="play online at URL"
    )
    parser.add_argument(
        "--mode",
        choices=ONLINE_MODES,
        default=None,
        help="online (needs --server): quick match (default), a private table (with --code "
        "to join one), against bots, or watch a table picked from the lobby",
    )
    parser.add_argument("--code", default=None, help="online: the code of a private table to join")
    parser.add_argument(
        "--watch", default=None, metavar="TABLE_ID", help="online: watch this table (a spectator)"
    )
    account = parser.add_mutually_exclusive_group()
    account.add_argument("--name", default=None, help="online: your guest name")
    account.add_argument(
        "--login",
        default=None,
        metavar="NAME",
        help=f"online: sign in as this registered player (password from ${PASSWORD_VARIABLE} "
        "or asked)",
    )
    account.add_argument(
        "--register",
        default=None,
        metavar="NAME",
        help="online: register this player and sign in (password as for --login)",
    )


def _fail(message: str) -> int:
    print(f"cuatrola play: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Start the terminal client; returns the exit status."""
    online_only = (args.code, args.mode, args.name, args.login, args.register, args.watch)
    if args.server is None:
        if any(value is not None for value in online_only):
            return _fail(
                "--mode, --code, --watch, --name, --login and --register are for online play: "
                "add --server URL"
            )
        _fill_defaults(args)
        return _run_offline(args, rules_from_args(args))
    mode = args.mode or ("watch" if args.watch is not None else "quick")
    if args.code is not None and mode != "private":
        return _fail("--code joins a private table: use it with --mode private")
    if args.watch is not None and mode != "watch":
        return _fail("--watch is for watching a table: use it without --mode, or --mode watch")
    problem = _ignored_online(args, mode)
    if problem is not None:
        return _fail(problem)
    _fill_defaults(args)
    return _run_online(args, rules_from_args(args), mode)


def _fill_defaults(args: argparse.Namespace) -> None:
    """The defaults of the options that are None until :func:`_ignored_online` has looked."""
    if args.rules is None:
        args.rules = DEFAULT_RULES
    if args.level is None:
        args.level = DEFAULT_LEVEL
    if args.delay is None:
        args.delay = DEFAULT_DELAY


def _ignored_online(args: argparse.Namespace, mode: str) -> str | None:
    """Why options were given that playing online in ``mode`` would ignore: the seed and the
    delay are the offline table's, and the rules and level are those of a table this client
    creates (``bots``, ``private`` without ``--code``), not of one it joins or watches;
    ``None`` when none was."""
    offline = [
        f for f, value in (("--seed", args.seed), ("--delay", args.delay)) if value is not None
    ]
    if offline:
        verb = "is" if len(offline) == 1 else "are"
        return (
            f"{' and '.join(offline)} {verb} for offline play: online, the server deals and "
            "paces the computer players"
        )
    return joined_table_problem(args, mode, "this client")


def joined_table_problem(
    args: argparse.Namespace,
    mode: str,
    who: str,
    more: tuple[tuple[str, object], ...] = (),
) -> str | None:
    """Why options of a table ``who`` creates (``--rules``, ``--no-quintola``, ``--level``
    and ``more``: flags and their values, ``None`` when not given) were given with a table
    it joins or watches in ``mode`` (the quick match, ``--code``, ``watch``), whose own they
    would be ignored for; ``None`` when they were not, or when ``mode`` creates the table
    (``bots``, ``private`` without ``--code``)."""
    if mode == "bots" or (mode == "private" and args.code is None):
        return None
    options = (
        ("--rules", args.rules),
        ("--no-quintola", args.no_quintola or None),
        ("--level", args.level),
        *more,
    )
    given = [flag for flag, value in options if value is not None]
    if not given:
        return None
    joined = {"quick": "the quick match", "watch": "a watched table"}.get(
        mode, "the table of --code"
    )
    verb = "is" if len(given) == 1 else "are"
    return (
        f"{', '.join(given)} {verb} for a table {who} creates (--mode bots, or private "
        f"without --code): {joined} has its own"
    )


def _run_offline(args: argparse.Namespace, rules: Rules) -> int:
    from cuatrola.clients.terminal.i18n import Texts
    from cuatrola.clients.terminal.local import LocalTable, resolve_level
    from cuatrola.clients.terminal.offline import OfflineApp

    try:
        player, fell_back = resolve_level(args.level)
    except ValueError as exc:
        return _fail(str(exc))
    note = ""
    if fell_back is not None:
        note = Texts(args.lang)("note_level_fallback", level=fell_back, used=player)
        print(f"cuatrola play: {note}", file=sys.stderr)
    table = LocalTable(rules, (player,) * 3, seed=args.seed, level=args.level)
    app = OfflineApp(table, lang=args.lang, bot_delay=args.delay, note=note)
    app.run()
    return app.return_code or 0


def _end_prompt_line() -> None:
    """End the password prompt's line, left open by Ctrl+C or Ctrl+D (no Enter), where
    getpass wrote it (the terminal, else stderr), so the refusal that follows starts its own
    line and a redirected stderr still gets that one line only."""
    try:
        with open("/dev/tty", "w", encoding="utf-8") as tty:
            tty.write("\n")
    except OSError:
        print(file=sys.stderr)


def login(args: argparse.Namespace, name: str, texts: Texts) -> str | int:
    """Sign in as ``args`` ask (a guest, ``--login`` or ``--register``): the session token,
    or the exit status after one line on stderr in the interface's language."""
    from cuatrola.clients.terminal.online import LoginRefused, account_login, guest_login

    password = ""
    if args.login is not None or args.register is not None:
        password = os.environ.get(PASSWORD_VARIABLE, "")
        if not password:
            try:
                password = getpass.getpass(texts("password_prompt", name=name))
            except (EOFError, KeyboardInterrupt):
                _end_prompt_line()
                password = ""
        if not password:
            return _fail(texts("no_password"))
    try:
        if args.login is None and args.register is None:
            return guest_login(args.server, name)
        return account_login(args.server, name, password, register=args.register is not None)
    except LoginRefused as exc:
        # The server's reasons are in English: told in the interface's language instead.
        key = {
            "login_failed": "login_failed",
            "invalid_name": "name_refused",
            "name_taken": "name_registered" if args.register is not None else "name_refused",
            "invalid_password": "bad_password",
            "rate_limited": "password_rate_limited" if password else "",
        }.get(exc.error, "")
        if key:
            return _fail(texts(key, name=name))
        return _fail(texts("online_failed", server=args.server, reason=str(exc)))
    except ConnectionError as exc:
        return _fail(texts("online_failed", server=args.server, reason=str(exc)))


#: The letters of the server's invite codes (no I, O, 0 or 1, which read alike).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def _run_online(args: argparse.Namespace, rules: Rules, mode: str) -> int:
    from cuatrola.clients.terminal.i18n import Texts
    from cuatrola.clients.terminal.online import OnlineApp, OnlineOptions

    texts = Texts(args.lang)
    account = args.login if args.login is not None else args.register
    if account is not None:
        name = account
    else:
        name = args.name if args.name is not None else f"Jugador{random.randint(100, 9999)}"
    # The server's own name rule, checked before connecting so that a typo is told at once;
    # the server stays the judge (names taken).
    if name_problem(normal_name(name)) is not None:
        return _fail(texts("bad_name", name=name))
    code = args.code.strip().upper() if args.code is not None else None
    if code is not None and (len(code) != 6 or any(c not in CODE_LETTERS for c in code)):
        return _fail(texts("bad_code", code=args.code))
    # Log in before the interface opens: a refused name or password, or an unreachable server,
    # is then one line on the command line, in the interface's language.
    token = login(args, name, texts)
    if not isinstance(token, str):
        return token
    options = OnlineOptions(
        server=args.server,
        mode=mode,
        code=code,
        watch=args.watch,
        name=name,
        level=args.level,
        rules=rules,
    )
    app = OnlineApp(options, lang=args.lang, token=token)
    app.run()
    if app.failure:
        return _fail(app.failure)
    return app.return_code or 0

"""``cuatrola bot``: seat a computer player of your own at a server table.

``cuatrola bot --server URL --player package.module:Class`` logs in as a guest, takes a seat
as ``--mode`` says (``bots``: a table with three of the server's computer players; ``quick``:
the quick match; ``private``: join ``--code``, or create a private table and print its code)
and plays ``--matches`` matches over the protocol (docs/protocol.md), printing one line per
hand and match. Exit status 0 when the matches were played, 1 when the server could not be
reached or refused, 2 on bad arguments (one line on stderr).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from cuatrola.argtypes import bounded_float, bounded_int
from cuatrola.commands.play import (
    ONLINE_MODES,
    add_rules_arguments,
    rules_from_args,
    seed_value,
    server_url,
)
from cuatrola.protocol.messages import BOT_LEVELS

NAME = "bot"
HELP = "play a computer player (yours: --player package.module:Class) at a server table"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("--server", type=server_url, required=True, metavar="URL")
    parser.add_argument(
        "--player",
        required=True,
        metavar="NAME",
        help="the bot: package.module:Class, an installed plug-in's name, or a built-in (greedy)",
    )
    parser.add_argument(
        "--mode",
        choices=ONLINE_MODES,
        default="bots",
        help="bots (default): against the server's computer players; quick: the quick match; "
        "private: join --code, or create a table and print its code",
    )
    parser.add_argument("--code", default=None, help="the code of a private table to join")
    parser.add_argument("--name", default=None, help="the bot's guest name")
    add_rules_arguments(parser, "a table the bot creates")
    parser.add_argument(
        "--level", choices=BOT_LEVELS, default="medium", help="the server's computer players' level"
    )
    parser.add_argument(
        "--matches", type=bounded_int(1, 10_000), default=1, help="matches to play (default 1)"
    )
    parser.add_argument("--seed", type=seed_value, default=None, help="seed of the bot's RNG")
    parser.add_argument(
        "--budget",
        type=bounded_float(0.001, 60, "seconds"),
        default=None,
        metavar="SECONDS",
        help="time budget handed to the bot per decision (default: its own)",
    )


def _fail(message: str, status: int) -> int:
    print(f"cuatrola bot: {message}", file=sys.stderr)
    return status


def run(args: argparse.Namespace) -> int:
    """Play at the server; see the module docstring for the exit status."""
    from cuatrola.ai.base import player_factory

    if args.code is not None and args.mode != "private":
        return _fail("--code joins a private table: use it with --mode private", 2)
    try:
        player = player_factory(args.player)()
    except ValueError as exc:
        return _fail(str(exc), 2)
    except Exception as exc:
        return _fail(f"the player could not be built: {type(exc).__name__}: {exc}", 2)

    from cuatrola.clients.bot import BotError, ServerBot
    from cuatrola.clients.terminal.online import OnlineOptions

    options = OnlineOptions(
        server=args.server,
        mode=args.mode,
        code=args.code,
        name=args.name,
        level=args.level,
        rules=rules_from_args(args),
    )
    bot = ServerBot(
        options,
        player,
        matches=args.matches,
        seed=args.seed,
        budget=args.budget,
        say=lambda line: print(line, flush=True),
    )
    try:
        report = asyncio.run(bot.run())
    except BotError as exc:
        return _fail(str(exc), 1)
    print(
        f"played {report.matches} match(es), {report.hands} hands, won {report.matches_won}; "
        f"{report.decisions} decisions; {report.contributions} shuffles contributed to",
        flush=True,
    )
    return 0

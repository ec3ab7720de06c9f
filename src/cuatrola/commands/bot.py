"""``cuatrola bot``: seat a computer player of your own at a server table.

``cuatrola bot --server URL --player package.module:Class`` logs in as a guest, takes a seat
as ``--mode`` says (``bots``: a table with three of the server's computer players; ``quick``:
the quick match; ``private``: join ``--code``, or create a private table and print its code)
and plays ``--matches`` matches over the protocol (docs/protocol.md), printing one line per
hand and match, and one for each turn the server played for the bot when its turn timer ran
out. Exit status 0 when the matches were played; 1 when the server could not be reached or
refused, or the bot raised or answered an illegal action (one line naming the exception and
the bot's own ``file:line``; ``--traceback`` prints the whole traceback); 2 on bad
arguments, a player that cannot be loaded or built among them (one line on stderr), and
``--rules``, ``--no-quintola``, ``--level`` or ``--turn-time`` with ``--mode quick`` or
``--code``: they set up a table the bot creates, and a table it joins has its own.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import traceback

from cuatrola.argtypes import bounded_float, bounded_int
from cuatrola.commands.play import (
    DEFAULT_LEVEL,
    DEFAULT_RULES,
    add_rules_arguments,
    joined_table_problem,
    rules_from_args,
    seed_value,
    server_url,
)
from cuatrola.protocol.messages import BOT_LEVELS

NAME = "bot"
HELP = "play a computer player (yours: --player package.module:Class) at a server table"
#: Where the bot can sit (``cuatrola play``'s ``watch`` is no seat).
MODES = ("bots", "quick", "private")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "--server",
        type=server_url,
        required=True,
        metavar="URL",
        help="the card room's address, http://host[:port] (as cuatrola serve prints it)",
    )
    parser.add_argument(
        "--player",
        required=True,
        metavar="NAME",
        help="the bot: package.module:Class, an installed plug-in's name, or a built-in (greedy)",
    )
    parser.add_argument(
        "--mode",
        choices=MODES,
        default="bots",
        help="bots (default): against the server's computer players; quick: the quick match; "
        "private: join --code, or create a table and print its code",
    )
    parser.add_argument("--code", default=None, help="the code of a private table to join")
    parser.add_argument("--name", default=None, help="the bot's guest name")
    add_rules_arguments(parser, "a table the bot creates")
    parser.add_argument(
        "--level",
        choices=BOT_LEVELS,
        default=None,
        help="the level of the server's computer players at a table the bot creates "
        f"(default {DEFAULT_LEVEL})",
    )
    # None: not given, so that run() can refuse them with quick or --code (a table the bot
    # joins has its own rules and computer players); it applies the defaults otherwise.
    parser.set_defaults(rules=None)
    parser.add_argument(
        "--matches", type=bounded_int(1, 10_000), default=1, help="matches to play (default 1)"
    )
    parser.add_argument("--seed", type=seed_value, default=None, help="seed of the bot's RNG")
    parser.add_argument(
        "--budget",
        type=bounded_float(0.001, 60, "seconds"),
        default=None,
        metavar="SECONDS",
        help="time budget handed to the bot per decision (default: a third of the table's "
        "turn time, or the bot's own at a table without a timer); a budget not shorter than "
        "the turn time is refused with --turn-time, else warned about once the table's turn "
        "time is known",
    )
    parser.add_argument(
        "--turn-time",
        type=bounded_float(0, 600, "seconds"),
        default=None,
        metavar="SECONDS",
        help="turn time of a table the bot creates (--mode bots, or private without --code; "
        "default 30, 0 for none; the server raises it to its minimum); when it runs out the "
        "server plays for the bot",
    )
    parser.add_argument(
        "--traceback",
        action="store_true",
        help="when the bot raises, print the whole traceback instead of one line",
    )


def _fail(message: str, status: int) -> int:
    print(f"cuatrola bot: {message}", file=sys.stderr)
    return status


def run(args: argparse.Namespace) -> int:
    """Play at the server; see the module docstring for the exit status."""
    from cuatrola.ai.base import NotAPlayerError, checked_player, describe_failure, player_factory

    if args.code is not None and args.mode != "private":
        return _fail("--code joins a private table: use it with --mode private", 2)
    problem = joined_table_problem(
        args, args.mode, "the bot", more=(("--turn-time", args.turn_time),)
    )
    if problem is not None:
        return _fail(problem, 2)
    if args.rules is None:
        args.rules = DEFAULT_RULES
    if args.level is None:
        args.level = DEFAULT_LEVEL
    if args.budget is not None and args.turn_time and args.budget >= args.turn_time:
        return _fail(
            f"--budget {args.budget:g} is not shorter than --turn-time {args.turn_time:g}: the "
            "server would play for the bot whenever it used its budget",
            2,
        )
    try:
        factory = player_factory(args.player)
    except ValueError as exc:
        return _fail(str(exc), 2)
    try:
        player = checked_player(factory(), args.player)
    except NotAPlayerError as exc:
        return _fail(str(exc), 2)
    except Exception as exc:
        if args.traceback:
            traceback.print_exc()
        return _fail(f"player {args.player!r} could not be built: {describe_failure(exc)}", 2)

    from cuatrola.clients.bot import BotError, PlayerFailed, ServerBot
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
        turn_time=args.turn_time,
        say=lambda line: print(line, flush=True),
        label=args.player,
    )
    try:
        report = asyncio.run(bot.run())
    except BotError as exc:
        if args.traceback and isinstance(exc, PlayerFailed):
            traceback.print_exception(exc)
        return _fail(str(exc), 1)
    print(
        f"played {report.matches} match(es), {report.hands} hands, won {report.matches_won}; "
        f"{report.decisions} decisions; {report.contributions} shuffles contributed to"
        + (f"; {report.timeouts} turn(s) timed out" if report.timeouts else ""),
        flush=True,
    )
    return 0

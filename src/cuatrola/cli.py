"""The ``cuatrola`` command line: one sub-command per module of :mod:`cuatrola.commands`.

Each command module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``; heavy imports (the server, the terminal UI) happen inside ``run`` so
that ``cuatrola replay`` starts fast. Bad arguments exit with status 2 and a one-line message
from argparse; an unexpected error is reported in one line, never as a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from cuatrola import __version__

#: Command modules, in the order ``--help`` lists them.
COMMANDS = (
    "serve",
    "play",
    "duel",
    "bot",
    "replay",
    "verify",
    "analyse",
    "bench",
    "migrate",
    "admin",
)


def _load(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"cuatrola.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"cuatrola.commands.{name}":
            return None  # that command is not part of this build yet
        raise


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``cuatrola serve: error: ...``) and exit
    status 2, without argparse's usage block: the line says what is wrong, ``--help`` the rest.
    """

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line on stderr and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    """The argument parser and the command modules it dispatches to."""
    parser = OneLineParser(
        prog="cuatrola", description="Cuatrola Online: play, serve, replay and benchmark."
    )
    parser.add_argument("--version", action="version", version=f"cuatrola {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    modules: dict[str, ModuleType] = {}
    for name in COMMANDS:
        module = _load(name)
        if module is None:
            continue
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
        modules[module.NAME] = module
    return parser, modules


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser, modules = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = modules[args.command].run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader of the output went away (``cuatrola replay ... | head``): nothing more
        # to say, and not a failure. What stays buffered for standard output would fail again
        # when the interpreter flushes it on exit, so it goes to /dev/null instead.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

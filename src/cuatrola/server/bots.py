"""Computer players for the tables, thinking off the event loop.

:class:`BotPool` runs :func:`choose_move` in a :class:`~concurrent.futures.ProcessPoolExecutor`
(``spawn`` processes: forking a process with running threads is unsafe; they die with the
server, :mod:`cuatrola.server.workers`), so a thinking bot never delays another table. Each
decision has a time budget; a bot that overruns it (or fails) is replaced for that decision by
its first legal action, so a table never hangs.

Players come from :func:`cuatrola.ai.make_player`: the table's level (easy, medium, hard,
expert), falling back to ``greedy`` and then ``random`` if the level is not available.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from cuatrola.ai import Player, make_player
from cuatrola.ai.hints import hint_action
from cuatrola.core.views import SeatView
from cuatrola.server.workers import die_with_parent, stop_pool

logger = logging.getLogger("cuatrola.bots")

FALLBACKS: Final = ("greedy", "random")
_players: dict[str, Player] = {}


def player_for(level: str) -> Player:
    """A (cached) player for ``level``, or the first fallback that exists."""
    player = _players.get(level)
    if player is not None:
        return player
    for name in (level, *FALLBACKS):
        try:
            player = make_player(name)
        except ValueError:
            continue
        _players[level] = player
        return player
    raise ValueError(f"no computer player available for level {level!r}")  # pragma: no cover


def choose_move(level: str, view: SeatView, seed: int, budget: float) -> int:
    """One decision (runs in a worker process): a legal action id for ``view``."""
    action = player_for(level).choose(view, random.Random(seed), budget)
    if action not in view.legal_actions:  # pragma: no cover - players return legal ids
        return view.legal_actions[0]
    return action


def hint_move(view: SeatView, seed: int) -> int:
    """A hint (runs in a worker process): :func:`~cuatrola.ai.hints.hint_action`, a
    function of the view and ``seed`` alone."""
    return hint_action(view, seed)


def _warm(server: int, level_names: tuple[str, ...]) -> None:
    die_with_parent(server)
    for name in level_names:
        player_for(name)


class BotPool:
    """Where bots think: a process pool (``workers > 0``) or one thread (``workers == 0``).

    Args:
        workers: worker processes; 0 thinks in a thread of this process (tests).
        budget: seconds per decision given to the player; the answer is awaited a little
            longer before the fallback move is used.
    """

    def __init__(self, workers: int = 1, budget: float = 1.0) -> None:
        self.budget = budget
        self.workers = workers
        self.executor: Executor = self._new_executor()

    def _new_executor(self) -> Executor:
        if self.workers > 0:
            return ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm,
                initargs=(os.getpid(), ("greedy",)),
            )
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="cuatrola-bot")

    async def choose(self, level: str, view: SeatView) -> int:
        """The bot's move for ``view``; the first legal action if it fails or overruns."""
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(64)
        try:
            future = loop.run_in_executor(
                self.executor, choose_move, level, view, seed, self.budget
            )
            return await asyncio.wait_for(future, timeout=self.budget * 2 + 5.0)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a new pool for the next decisions.
            logger.warning("computer player pool broken; restarting it")
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._new_executor()
            return view.legal_actions[0]
        except (TimeoutError, Exception) as exc:
            logger.warning(
                "computer player %s failed (%s); playing the first legal move",
                level,
                type(exc).__name__,
            )
            return view.legal_actions[0]

    async def hint(self, view: SeatView, seed: int) -> int | None:
        """The expert's move for ``view`` from ``seed`` (:func:`hint_move`); ``None`` when
        it fails or takes too long (no hint is better than a wrong one)."""
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self.executor, hint_move, view, seed)
            return await asyncio.wait_for(future, timeout=self.budget * 2 + 5.0)
        except BrokenProcessPool:
            logger.warning("computer player pool broken; restarting it")
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._new_executor()
            return None
        except (TimeoutError, Exception) as exc:
            logger.warning("hint failed (%s)", type(exc).__name__)
            return None

    def close(self) -> None:
        """Stop the workers (pending decisions are dropped, those in progress too)."""
        stop_pool(self.executor)

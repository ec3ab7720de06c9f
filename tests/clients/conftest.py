"""Helpers for driving the terminal client with Textual's test pilot."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Callable

from rich.console import Console, RenderableType
from textual.pilot import Pilot
from textual.widgets import RichLog

from cuatrola.ai.players.greedy import GreedyPlayer
from cuatrola.clients.terminal.app import CuatrolaApp
from cuatrola.core.views import SeatView

#: Generous upper bound for one wait; a test fails, rather than hangs, past it.
WAIT_SECONDS = 20.0


async def wait_for(
    pilot: Pilot[int], condition: Callable[[], bool], what: str, seconds: float = WAIT_SECONDS
) -> None:
    """Let the app run until ``condition()`` holds.

    Raises:
        AssertionError: naming ``what`` when it does not happen within ``seconds``.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.01)


def human_turn(app: CuatrolaApp) -> bool:
    """Whether the table screen waits for the human (and no panel is open)."""
    view = app.view
    return (
        view is not None
        and view.to_move == app.human_seat
        and app.screen.name not in ("hand-summary", "match-end")
        and bool(app.choices())
    )


def key_for(app: CuatrolaApp, action: int) -> str:
    """The key that chooses ``action`` on the current screen.

    Raises:
        AssertionError: when the screen offers no such choice.
    """
    for choice in app.choices():
        if choice.action == action:
            return choice.key
    raise AssertionError(f"action {action} is not offered: {[c.action for c in app.choices()]}")


def greedy_action(view: SeatView) -> int:
    """What the greedy player would do in ``view`` (the tests' stand-in for a person)."""
    return GreedyPlayer().choose(view, random.Random(0))


def plain(renderable: RenderableType) -> str:
    """The text a Rich renderable shows (what a panel of the app displays), without styles."""
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


async def press_and_wait(pilot: Pilot[int], app: CuatrolaApp, key: str) -> None:
    """Press ``key`` and wait until the table shows a new view (the action was applied)."""
    before = app.view
    await pilot.press(key)
    await wait_for(pilot, lambda: app.view is not before, f"key {key!r} to take effect")


def log_text(app: CuatrolaApp) -> str:
    """Everything the app's log panel shows, one line per entry."""
    log = app.query_one("#log", RichLog)
    return "\n".join(strip.text for strip in log.lines)


async def play_to_hand_summary(
    pilot: Pilot[int], app: CuatrolaApp, on_turn: Callable[[SeatView], None] | None = None
) -> None:
    """Play as the human (greedy choices, by keys) until the first hand summary shows;
    ``on_turn`` sees each view of the human's turn first (to check what the screen says)."""
    while app.screen.name != "hand-summary":
        await wait_for(
            pilot,
            lambda: app.screen.name == "hand-summary" or human_turn(app),
            "the human's turn or the hand summary",
        )
        view = app.view
        if app.screen.name == "hand-summary" or view is None:
            break
        if on_turn is not None:
            on_turn(view)
        await press_and_wait(pilot, app, key_for(app, greedy_action(view)))

"""The one check of a player's answer, and the one line that tells a player's failure."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import numpy as np
import pytest

from cuatrola.ai.base import BadAnswerError, check_answer, describe_failure
from cuatrola.core.actions import format_action
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import SeatView, view_for


def _view() -> SeatView:
    hand = HandState.deal(Rules(), dealer=3, rng=random.Random(2026))
    for action in ["pass", "pass", "pass", "pass"]:
        hand.apply(action)
    assert hand.to_move is not None
    return view_for(hand, hand.to_move)


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, int])
def test_any_integer_type_is_a_plain_int_action(kind: type) -> None:
    view = _view()
    action = view.legal_actions[-1]
    answer = check_answer(view, kind(action))
    assert answer == action and type(answer) is int


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (0.0, "0.0 (float) is not an action id"),
        (np.float64(3.0), "(float64) is not an action id"),
        (True, "True (bool) is not an action id"),
        (np.True_, "(bool) is not an action id"),
        (None, "None (NoneType) is not an action id"),
        ("AC", "'AC' (str) is not an action id"),
        (99, "99 is an illegal action (not an action)"),
        (np.int64(-1), "is an illegal action (not an action)"),
    ],
)
def test_anything_else_is_refused_in_one_line_naming_the_legal_actions(
    answer: object, words: str
) -> None:
    view = _view()
    with pytest.raises(BadAnswerError) as caught:
        check_answer(view, answer)
    text = str(caught.value)
    assert words in text and "\n" not in text
    names = ", ".join(f"{a} ({format_action(a)})" for a in view.legal_actions)
    assert text.endswith(f"the legal actions are {names}")


def test_a_legal_card_that_is_not_legal_now_is_refused() -> None:
    view = _view()
    illegal = next(a for a in range(28) if a not in view.legal_actions)
    with pytest.raises(BadAnswerError, match=rf"\({format_action(illegal)}\)"):
        check_answer(view, illegal)


def _raise_here() -> None:
    raise KeyError("weights")  # the line describe_failure must name


def test_a_failure_is_told_at_the_innermost_frame_outside_the_package() -> None:
    view = _view()

    class Bot:
        def choose(self, view: SeatView) -> int:
            _raise_here()
            return 0

    try:
        Bot().choose(view)
    except KeyError as exc:
        text = describe_failure(exc)
    line = _raise_here.__code__.co_firstlineno + 1
    assert text == f"KeyError: 'weights' (at {__file__}:{line})"


def test_frames_inside_the_package_are_skipped() -> None:
    try:
        format_action(-5)
    except ValueError as exc:
        text = describe_failure(exc)
    assert text.startswith("InvalidActionError: ")
    assert f"(at {__file__}:" in text and "cuatrola/core" not in text


def _in_a_worker_thread(call: Any) -> None:
    asyncio.run(asyncio.to_thread(call, _view(), random.Random(1), None))  # the line to name


def test_frames_of_the_standard_library_are_skipped() -> None:
    # ``cuatrola bot`` calls the player in a worker thread: a choose() that does not take
    # (view, rng, budget) fails in concurrent/futures/thread.py, which is not the bot's line.
    class TwoArguments:
        def choose(self, view: SeatView, rng: random.Random) -> int:
            return 0

    try:
        _in_a_worker_thread(TwoArguments().choose)
    except TypeError as exc:
        text = describe_failure(exc)
    line = _in_a_worker_thread.__code__.co_firstlineno + 1
    assert text == (
        "TypeError: test_frames_of_the_standard_library_are_skipped.<locals>.TwoArguments."
        f"choose() takes 3 positional arguments but 4 were given (at {__file__}:{line})"
    )


def _parse_here(text: str) -> object:
    return json.loads(text)  # the line describe_failure must name, not json's own


def test_a_failure_inside_the_standard_library_is_told_at_the_bots_call() -> None:
    try:
        _parse_here("{")
    except ValueError as exc:
        text = describe_failure(exc)
    line = _parse_here.__code__.co_firstlineno + 1
    assert text.endswith(f"(at {__file__}:{line})"), text

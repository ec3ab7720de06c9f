"""``cuatrola bench engine``: complete random hands per second on one core.

A hand here is: deal, all four pass, random legal plays to the end (cantes sung), scored.
Backends:

* ``python``: the bitmask playout kernel :mod:`cuatrola.core.rollout` (what simulations use);
* ``python-state``: the checked :class:`~cuatrola.core.hand.HandState` API, for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from cuatrola.core.hand import HandState
from cuatrola.core.rollout import random_plain_hand
from cuatrola.core.rules import Rules

NAME = "engine"
HELP = "complete random hands per second on one core"
ROUNDS = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument(
        "--seconds", type=_positive_float, default=5.0, help="total time per backend"
    )
    parser.add_argument("--json", action="store_true", help="print JSON lines")


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected 0 < seconds <= 3600, got {text!r}")
    return value


def _kernel_hand(rng: random.Random, dealer: int) -> None:
    random_plain_hand(rng, dealer)


_PASS = 20  # action id of "pass"


_AUTO_CANTE = Rules(auto_cante=True)


def _state_hand(rng: random.Random, dealer: int) -> None:
    state = HandState.deal(_AUTO_CANTE, dealer, rng)
    for _ in range(4):
        state.apply(_PASS)
    draw = rng.random
    while not state.is_finished:
        actions = state.legal_actions()
        state.apply(actions[int(draw() * len(actions))])


BACKENDS: dict[str, Callable[[random.Random, int], None]] = {
    "python": _kernel_hand,
    "python-state": _state_hand,
}


def measure(play: Callable[[random.Random, int], None], seconds: float, seed: int = 1) -> float:
    """Median hands per second of ``play`` over :data:`ROUNDS` rounds lasting ``seconds``."""
    rng = random.Random(seed)
    rates = []
    for _ in range(ROUNDS):
        count = 0
        start = time.perf_counter()
        deadline = start + seconds / ROUNDS
        now = start
        while now < deadline:
            for dealer in range(4):
                play(rng, dealer)
            count += 4
            now = time.perf_counter()
        rates.append(count / (now - start))
    return statistics.median(rates)


def run(args: argparse.Namespace) -> int:
    """Measure every backend and print one line each."""
    for name, play in BACKENDS.items():
        rate = measure(play, args.seconds)
        if args.json:
            print(json.dumps({"backend": name, "hands_per_second": round(rate)}), flush=True)
        else:
            print(f"{name:>14}: {rate:,.0f} hands/s (median of {ROUNDS} rounds)", flush=True)
    return 0

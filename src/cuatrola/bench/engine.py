"""``cuatrola bench engine``: complete random hands per second on one core.

A hand here is: deal, all four pass, random legal plays to the end (cantes sung), scored.
Backends, measured in turn in the same run:

* ``reference``: a naive implementation of the rules (:mod:`cuatrola.bench.reference`), the
  yardstick the others are read against, since the machine's load moves every figure;
* ``python``: the bitmask playout kernel :mod:`cuatrola.core.rollout` (what simulations use);
* ``python-state``: the checked :class:`~cuatrola.core.hand.HandState` API that bot authors
  use (``legal_actions()`` then ``apply()``, each action checked).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from cuatrola.bench.reference import reference_plain_hand
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


def _reference_hand(rng: random.Random, dealer: int) -> None:
    reference_plain_hand(rng, dealer)


BACKENDS: dict[str, Callable[[random.Random, int], None]] = {
    "reference": _reference_hand,
    "python": _kernel_hand,
    "python-state": _state_hand,
}
#: What each backend is, for the header of the text output.
DESCRIPTIONS = {
    "reference": "a naive implementation of the rules (lists, tuples), the yardstick",
    "python": "the bitmask playout kernel cuatrola.core.rollout (simulations)",
    "python-state": "the checked HandState API (legal_actions, then apply)",
}
HEADER = (
    "Complete random hands per second on one core: deal, all pass, random legal cards, "
    "cantes sung, scored.\nThe backends take turns in this run; the ratio to the reference "
    "is what compares across machines and loads."
)


def _round(play: Callable[[random.Random, int], None], seconds: float, rng: random.Random) -> float:
    """Hands per second of ``play`` over one round lasting ``seconds``."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        for dealer in range(4):
            play(rng, dealer)
        count += 4
        now = time.perf_counter()
    return count / (now - start)


def measure(play: Callable[[random.Random, int], None], seconds: float, seed: int = 1) -> float:
    """Median hands per second of ``play`` over :data:`ROUNDS` rounds lasting ``seconds``."""
    rng = random.Random(seed)
    return statistics.median(_round(play, seconds / ROUNDS, rng) for _ in range(ROUNDS))


def measure_all(seconds: float, seed: int = 1) -> dict[str, tuple[float, float]]:
    """Every backend's median hands per second and median ratio to the reference.

    The rounds take turns (reference, kernel, state, reference, ...), ``seconds`` per backend
    in all, so a change in the machine's load falls on every backend alike; each round's
    ratio is taken against the reference's round just before it.
    """
    rngs = {name: random.Random(seed) for name in BACKENDS}
    rates: dict[str, list[float]] = {name: [] for name in BACKENDS}
    ratios: dict[str, list[float]] = {name: [] for name in BACKENDS}
    for _ in range(ROUNDS):
        reference = 0.0
        for name, play in BACKENDS.items():
            rate = _round(play, seconds / ROUNDS, rngs[name])
            if name == "reference":
                reference = rate
            rates[name].append(rate)
            ratios[name].append(rate / reference)
    return {
        name: (statistics.median(rates[name]), statistics.median(ratios[name])) for name in BACKENDS
    }


def run(args: argparse.Namespace) -> int:
    """Measure every backend and print one line each (after a header, in text)."""
    if not args.json:
        print(HEADER, flush=True)
        for name, text in DESCRIPTIONS.items():
            print(f"  {name:>12}: {text}", flush=True)
        print(flush=True)
    for name, (rate, ratio) in measure_all(args.seconds).items():
        if args.json:
            line = {
                "backend": name,
                "hands_per_second": round(rate),
                "vs_reference": round(ratio, 2),
            }
            print(json.dumps(line), flush=True)
        else:
            print(
                f"{name:>14}: {rate:>9,.0f} hands/s  {ratio:4.2f}x the reference "
                f"(medians of {ROUNDS} interleaved rounds)",
                flush=True,
            )
    return 0

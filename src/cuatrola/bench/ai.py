"""``cuatrola bench ai --level L``: decision-time percentiles of a computer player.

Plays seeded hands (bidding on) in which every seat is the player under test and times
every decision it makes, one core, no time budget (the players' own work limits). Prints the
percentiles over all decisions and over the decisions with a real choice (more than one
legal action).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cuatrola.ai.base import Player
from cuatrola.ai.duel import decision_percentiles_ms
from cuatrola.ai.search.solver import backend
from cuatrola.argtypes import bounded_int
from cuatrola.bench.selfplay import is_unknown_player, play_hands
from cuatrola.core.views import SeatView

NAME = "ai"
HELP = "decision-time percentiles of a computer player (a level or any registered player)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument("--level", default="expert", help="easy, medium, hard, expert, ...")
    parser.add_argument("--hands", type=bounded_int(1, 100_000), default=40, help="hands to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def measure(level: str, hands: int, seed: int) -> dict[str, object]:
    """Play ``hands`` hands with ``level`` in every seat; the timing summary."""
    every: list[float] = []
    choices: list[float] = []
    clock = time.perf_counter

    def timed(player: Player, view: SeatView, rng: random.Random) -> int:
        start = clock()
        action = player.choose(view, rng)
        spent = clock() - start
        every.append(spent)
        if len(view.legal_actions) > 1:
            choices.append(spent)
        return action

    for _ in play_hands(level, hands, seed, "bench", timed):
        pass
    return {
        "level": level,
        "solver": backend(),
        "hands": hands,
        "all_decisions_ms": decision_percentiles_ms(every),
        "real_choices_ms": decision_percentiles_ms(choices),
    }


def run(args: argparse.Namespace) -> int:
    """Measure and print."""
    if is_unknown_player("ai", "level", args.level):
        return 2
    result = measure(args.level, args.hands, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.level} ({result['hands']} hands, solver backend {result['solver']}):")
    for key, label in (("all_decisions_ms", "all decisions"), ("real_choices_ms", "real choices")):
        p = result[key]
        assert isinstance(p, dict)
        print(
            f"  {label:>13}: p50 {p['p50']:.2f} ms, p90 {p['p90']:.2f} ms, "
            f"p99 {p['p99']:.2f} ms, max {p['max']:.2f} ms ({p['count']} decisions)"
        )
    return 0

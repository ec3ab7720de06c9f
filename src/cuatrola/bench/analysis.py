"""``cuatrola bench analysis``: seconds to analyse one whole hand, every seat, on one core.

Plays seeded hands (bidding on) with a computer player in every seat (the expert by
default, so the histories look like strong play), then times :func:`~cuatrola.ai.analysis.
analyse_hand` of each record for all four seats with the hindsight values, one at a time in
this process. Only the analysis is timed, not the play. Prints the median and the maximum;
the budget is 5 s per hand with the compiled solver (docs/analysis.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from cuatrola.ai.analysis import analyse_hand, analysis_config
from cuatrola.ai.search.solver import backend
from cuatrola.argtypes import bounded_int
from cuatrola.bench.selfplay import is_unknown_player, play_hands
from cuatrola.core.records import hand_to_record

NAME = "analysis"
HELP = "seconds to analyse one whole hand (all four seats) with the compiled solver"
#: The budget per hand of issue 18, in seconds.
BUDGET = 5.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument("--hands", type=bounded_int(1, 10_000), default=10, help="hands")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the analysis")
    parser.add_argument("--players", default="expert", help="who plays the hands (a level)")
    parser.add_argument(
        "--samples", type=bounded_int(1, 10_000), default=None, help="deals per card decision"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def play_records(players: str, hands: int, seed: int) -> list[dict[str, Any]]:
    """``hands`` seeded hands played by ``players`` in every seat, as records."""
    return [hand_to_record(state) for state in play_hands(players, hands, seed, "bench-analysis")]


def measure(players: str, hands: int, seed: int, samples: int | None) -> dict[str, Any]:
    """Analyse ``hands`` hands played by ``players``; the timing summary in seconds."""
    config = analysis_config(samples)
    seconds: list[float] = []
    decisions = 0
    for index, record in enumerate(play_records(players, hands, seed)):
        start = time.perf_counter()
        analysis = analyse_hand(record, seed=seed + index, config=config)
        seconds.append(time.perf_counter() - start)
        decisions += sum(not d.forced for d in analysis.decisions)
    return {
        "solver": backend(),
        "players": players,
        "hands": hands,
        "samples": config.samples,
        "scored_decisions": decisions,
        "median_s": round(statistics.median(seconds), 3),
        "max_s": round(max(seconds), 3),
        "budget_s": BUDGET,
        "within_budget": max(seconds) <= BUDGET,
    }


def run(args: argparse.Namespace) -> int:
    """Measure and print."""
    if is_unknown_player("analysis", "player", args.players):
        return 2
    result = measure(args.players, args.hands, args.seed, args.samples)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"analysis of {result['hands']} hands played by {result['players']} "
        f"(solver backend {result['solver']}, {result['samples']} deals per card decision, "
        f"{result['scored_decisions']} scored decisions):\n"
        f"  per hand: median {result['median_s']:.3f} s, max {result['max_s']:.3f} s "
        f"(budget {BUDGET:.0f} s)"
    )
    return 0

"""``cuatrola bench solver``: the pure-Python and the compiled double-dummy solver, compared.

Both solvers solve the same seeded positions (by default whole hands: five tricks to play,
plain hands and solos mixed) one at a time, each with a fresh transposition table; the
benchmark prints the median time per solve of each, the ratio of the medians, and the
median number of nodes the compiled solver searched. The timings go through the public
entry points a player calls (:func:`~cuatrola.ai.search._reference.solve_python` and
:func:`~cuatrola.ai.search.solver.solve`), so the C figure includes its argument checking.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from cuatrola.ai.search import solver
from cuatrola.ai.search.solver import Position, position_from_state
from cuatrola.argtypes import bounded_int
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules

NAME = "solver"
HELP = "double-dummy solves: pure Python vs the compiled solver on the same positions"

_BIDDINGS = {
    # Bids in speaking order, the mano first: 20 pass, 21 solo, 22 cuatrola.
    "plain": ((20, 20, 20, 20),),
    "solo": ((21, 20, 20, 20), (20, 20, 21, 20)),
    "cuatrola": ((22, 20, 20, 20), (20, 22, 20, 20)),
    "mix": ((20, 20, 20, 20), (20, 20, 20, 20), (21, 20, 20, 20), (20, 20, 21, 20)),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument(
        "--positions",
        type=bounded_int(1, 100_000),
        default=200,
        help="positions to solve (default 200)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument(
        "--trick",
        type=int,
        choices=range(5),
        default=0,
        help="tricks already played in each position (default 0: whole hands)",
    )
    parser.add_argument(
        "--kind", choices=sorted(_BIDDINGS), default="mix", help="hands to solve (default mix)"
    )
    parser.add_argument(
        "--repeat",
        type=bounded_int(1, 100_000),
        default=3,
        help="timings per position, median kept (default 3)",
    )
    parser.add_argument(
        "--moves",
        action="store_true",
        help="time solve_moves (every legal card of the side to move) instead of solve",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def positions(count: int, seed: int, trick: int = 0, kind: str = "mix") -> list[Position]:
    """``count`` seeded positions at the start of trick ``trick`` (random play before it)."""
    rng = random.Random(seed)
    rules = Rules(auto_cante=True)
    found = []
    for _ in range(count):
        state = HandState.deal(rules, rng.randrange(4), rng)
        for bid in rng.choice(_BIDDINGS[kind]):
            state.apply(bid)
        while len(state.tricks) < trick:
            state.apply(rng.choice(state.legal_actions()))
        found.append(position_from_state(state))
    return found


def time_solves(
    solve: Callable[[Position], object], cases: list[Position], repeat: int
) -> list[float]:
    """Seconds per solve of each position (the median of ``repeat`` timings)."""
    clock = time.perf_counter
    times = []
    for pos in cases:
        runs = []
        for _ in range(repeat):
            start = clock()
            solve(pos)
            runs.append(clock() - start)
        times.append(statistics.median(runs))
    return times


def _c_nodes(cases: list[Position]) -> float | None:
    compiled = solver._csolver
    if compiled is None:
        return None
    counts = []
    for pos in cases:
        solver.solve(pos)
        counts.append(compiled.last_nodes())
    return float(statistics.median(counts))


def run(args: argparse.Namespace) -> int:
    """Solve the positions with both solvers and print the medians and their ratio."""
    cases = positions(args.positions, args.seed, args.trick, args.kind)
    pure: Callable[[Position], object] = solver.solve_python
    compiled: Callable[[Position], object] = solver.solve
    if args.moves:
        pure, compiled = solver.solve_moves_python, solver.solve_moves
    python_times = time_solves(pure, cases, args.repeat)
    python_median = statistics.median(python_times)
    summary: dict[str, object] = {
        "positions": len(cases),
        "seed": args.seed,
        "trick": args.trick,
        "kind": args.kind,
        "function": "solve_moves" if args.moves else "solve",
        "python_median_us": round(python_median * 1e6, 1),
        "python_max_us": round(max(python_times) * 1e6, 1),
        "c_median_us": None,
        "c_max_us": None,
        "ratio": None,
        "c_median_nodes": None,
    }
    if solver.backend() == "c":
        c_times = time_solves(compiled, cases, args.repeat)
        c_median = statistics.median(c_times)
        summary["c_median_us"] = round(c_median * 1e6, 2)
        summary["c_max_us"] = round(max(c_times) * 1e6, 1)
        summary["ratio"] = round(python_median / c_median, 1)
        summary["c_median_nodes"] = _c_nodes(cases)
    if args.json:
        print(json.dumps(summary), flush=True)
        return 0
    print(
        f"{summary['function']} on {len(cases)} positions "
        f"(seed {args.seed}, {args.kind}, {5 - args.trick} tricks to play)"
    )
    print(
        f"  python: {python_median * 1e3:8.3f} ms per call (median; slowest "
        f"{max(python_times) * 1e3:.1f} ms)"
    )
    if summary["ratio"] is None:
        print("  c:      not built (pure Python only); install with a C compiler to compare")
    else:
        print(
            f"  c:      {summary['c_median_us']:8} µs per call (median; slowest "
            f"{summary['c_max_us']} µs; a solve searches {summary['c_median_nodes']:.0f} "
            "nodes)"
        )
        print(f"  ratio:  {summary['ratio']}x faster compiled")
    return 0

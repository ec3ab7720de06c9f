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
import sys
import time

from cuatrola.ai.base import available_players, player_factory
from cuatrola.ai.duel import decision_percentiles_ms
from cuatrola.ai.search.solver import backend
from cuatrola.argtypes import bounded_int
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for

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
    factory = player_factory(level)
    rng = random.Random(seed)
    every: list[float] = []
    choices: list[float] = []
    clock = time.perf_counter
    for number in range(hands):
        state = HandState.deal(Rules(), dealer=number % 4, rng=rng)
        players = [factory() for _ in range(4)]
        rngs = [random.Random(f"bench:{seed}:{number}:{s}") for s in range(4)]
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            start = clock()
            action = players[seat].choose(view, rngs[seat])
            spent = clock() - start
            every.append(spent)
            if len(view.legal_actions) > 1:
                choices.append(spent)
            state.apply(action, seat)
    return {
        "level": level,
        "solver": backend(),
        "hands": hands,
        "all_decisions_ms": decision_percentiles_ms(every),
        "real_choices_ms": decision_percentiles_ms(choices),
    }


def run(args: argparse.Namespace) -> int:
    """Measure and print."""
    if args.level not in available_players():
        print(
            f"cuatrola bench ai: unknown level {args.level!r}; expected one of "
            f"{', '.join(available_players())}",
            file=sys.stderr,
        )
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

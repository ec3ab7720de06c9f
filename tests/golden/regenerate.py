#!/usr/bin/env python3
"""Regenerate tests/golden/playthroughs.jsonl: recorded playthroughs that pin the engine.

Each line is one seeded hand: at every decision, the seat to move, its legal actions in order
and the action taken, then the result. Run it only after a deliberate rules change, and review
the diff:

    .venv/bin/python tests/golden/regenerate.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cuatrola.core.actions import format_action
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules

OUT = Path(__file__).with_name("playthroughs.jsonl")
CASES = [
    ("exact11", 1),
    ("exact11", 2),
    ("exact11", 3),
    ("exact11-noquintola", 4),
    ("to21", 5),
    ("hands11", 6),
    ("exact11-auto", 7),
    ("exact11", 194),  # a cante sung and one declined
    ("exact11-auto", 194),  # an automatic cante
]


def rules_for(name: str) -> Rules:
    """The rule set a case name stands for."""
    if name == "exact11-noquintola":
        return Rules(quintola=False)
    if name == "exact11-auto":
        return Rules(auto_cante=True)
    return Rules.preset(name)


def playthrough(name: str, seed: int) -> dict[str, Any]:
    """Play one hand with the RNG both dealing and choosing; record every decision."""
    rng = random.Random(seed)
    state = HandState.deal(rules_for(name), seed % 4, rng)
    steps = []
    while not state.is_finished:
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        steps.append(
            {
                "seat": state.to_move,
                "legal": [format_action(a) for a in legal],
                "action": format_action(action),
            }
        )
        state.apply(action)
    assert state.result is not None
    return {"rules": name, "seed": seed, "steps": steps, "result": state.result.to_json()}


def main() -> None:
    """Write the golden file."""
    with OUT.open("w") as handle:
        for name, seed in CASES:
            handle.write(json.dumps(playthrough(name, seed)) + "\n")


if __name__ == "__main__":
    main()

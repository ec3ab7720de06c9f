"""The research variants (``research.variants``): registered by name, legal in play, and
reachable from the command line (``python -m research``)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from research.variants import ConsistentExpert, UniformExpert, modelled_expert, softmax_expert

from cuatrola.ai.base import Player, available_players
from cuatrola.core.actions import format_action
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for
from research import variants
from tests.ai.experts import config

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"samples": 4, "exhaustive": 8, "bid_samples": 3}
#: The variants' pieces, on small budgets.
PLAYERS: dict[str, Callable[[], Player]] = {
    "uniform": lambda: UniformExpert(config(**SMALL)),
    "playmodel": lambda: modelled_expert(config(**SMALL, greedy_mix=0.25), play_model=True),
    "ddmodel": lambda: modelled_expert(
        config(**SMALL, searched_share=0.0), points_temperature=10.0, trick_temperature=0.7
    ),
    "softmax": lambda: softmax_expert(config(**SMALL)),
    "consistent": lambda: ConsistentExpert(config(**SMALL), consistent_worlds=6),
}


def test_every_variant_is_registered() -> None:
    assert set(variants.VARIANTS) <= set(available_players())


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_action_is_legal(name: str) -> None:
    rng = random.Random(len(name))
    for number in range(2):
        state = HandState.deal(Rules(), dealer=number, rng=rng)
        players = [PLAYERS[name]() for _ in range(4)]
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            action = players[seat].choose(view, random.Random(number))
            assert action in state.legal_actions(), (format_action(action), state.notation())
            state.apply(action, seat)


def test_the_command_line_knows_the_variants() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "research",
            "duel",
            "--a",
            "pimc10",
            "--b",
            "greedy",
            "--deals",
            "1",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert '"a": "pimc10"' in out.stdout

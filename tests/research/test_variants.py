"""The research variants (``research.variants``): registered by name, legal in play, and
reachable from the command line (``python -m research``)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from research.variants import ConsistentExpert, UniformExpert, modelled_expert, softmax_expert

from cuatrola.ai.base import Player, available_players
from cuatrola.core.rules import Rules
from research import variants
from tests.ai.experts import config
from tests.support.play import self_play

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
    self_play(PLAYERS[name], seed=len(name), hands=2, rules=Rules())


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

"""Experts with small work limits, so that the suite stays fast."""

from __future__ import annotations

import dataclasses
from typing import Any

from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.players.expert import ExpertPlayer
from cuatrola.ai.search.solver import backend


def config(**changes: Any) -> ExpertConfig:
    """The expert's configuration for the solver in use, with ``changes``."""
    return dataclasses.replace(ExpertConfig.for_backend(backend()), **changes)


def expert(**changes: Any) -> ExpertPlayer:
    """An expert with ``changes`` to its configuration."""
    return ExpertPlayer(config(**changes))

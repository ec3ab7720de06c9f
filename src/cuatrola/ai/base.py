"""The player interface and the registry of computer players.

A player gets only its seat's view (with the legal actions in it), an injected RNG and a
time budget, and returns one legal action id. It never receives the full hand state.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from cuatrola.core.views import SeatView


@runtime_checkable
class Player(Protocol):
    """A computer player (bids, cards and cantes)."""

    #: The registry name, e.g. ``"greedy"``.
    name: str

    def choose(self, view: SeatView, rng: random.Random, budget: float | None = None) -> int:
        """Return one of ``view.legal_actions``.

        Args:
            view: what the seat knows; ``view.to_move == view.seat``.
            rng: the only source of randomness the player may use.
            budget: seconds the decision may take (``None``: the player's own default).
        """
        ...


PlayerFactory = Callable[[], Player]
_FACTORIES: dict[str, PlayerFactory] = {}
#: Modules that register players when imported, so ``make_player`` finds them lazily.
_PLAYER_MODULES = (
    "cuatrola.ai.random_player",
    "cuatrola.ai.greedy",
    "cuatrola.ai.pimc",
    "cuatrola.ai.expert",
    "cuatrola.ai.levels",
)


def register_player(name: str, factory: PlayerFactory) -> None:
    """Make ``make_player(name)`` build players with ``factory``."""
    _FACTORIES[name] = factory


def _load_all() -> None:
    for module in _PLAYER_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def available_players() -> list[str]:
    """Names accepted by :func:`make_player`, sorted."""
    _load_all()
    return sorted(_FACTORIES)


def player_factory(name: str) -> PlayerFactory:
    """The factory :func:`make_player` uses for ``name`` (resolve once, build many).

    Raises:
        ValueError: for an unknown name.
    """
    _load_all()
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(
            f"unknown player {name!r}; expected one of {', '.join(sorted(_FACTORIES))}"
        )
    return factory


def make_player(name: str) -> Player:
    """A new player by registry name (``random``, ``greedy``, ``pimc``, ``expert``, or a
    product level ``easy``, ``medium``, ``hard``, ``expert``).

    Raises:
        ValueError: for an unknown name.
    """
    _load_all()
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(
            f"unknown player {name!r}; expected one of {', '.join(sorted(_FACTORIES))}"
        )
    return factory()

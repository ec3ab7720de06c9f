"""The player interface and the registry of computer players.

A player gets only its seat's view (with the legal actions in it), an injected RNG and a
time budget, and returns one legal action id. It never receives the full hand state.

Players are found by name, in this order: the players registered with
:func:`register_player` (the built-in ones register when their module is imported), the
entry points of the group ``cuatrola.players`` of installed packages (name = the player's
name, object = a class or factory taking no argument), and ``module:attribute`` specs such
as ``tests.fixtures.bots:HighCard`` (imported on first use).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

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
#: The entry-point group through which an installed package offers computer players.
ENTRY_POINT_GROUP = "cuatrola.players"
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
    """Make ``make_player(name)`` build players with ``factory`` (a class or any callable
    taking no argument that returns a :class:`Player`)."""
    _FACTORIES[name] = factory


def _entry_points() -> dict[str, EntryPoint]:
    # Imported here: importlib.metadata costs tens of milliseconds, and `import cuatrola`
    # (every command line) needs no plug-in.
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _load_factory(name: str, where: str, load: Callable[[], object]) -> PlayerFactory:
    """Load a factory named by an entry point or a spec; ValueError in one line if it fails."""
    try:
        factory = load()
    except Exception as exc:
        # Whatever a plug-in's import raises is the plug-in's problem, told in one line.
        raise ValueError(f"cannot load player {name!r}{where}: {exc}") from None
    if not callable(factory):
        raise ValueError(f"player {name!r}{where} is not a class or a factory")
    return factory


def _from_spec(spec: str) -> PlayerFactory:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"expected a player spec like package.module:Class, got {spec!r}")

    def load() -> object:
        found: object = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
        return found

    return _load_factory(spec, "", load)


def _load_all() -> None:
    for module in _PLAYER_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def available_players() -> list[str]:
    """Names accepted by :func:`make_player`, sorted: the registered players and those of
    installed packages' entry points (any ``module:Class`` spec is accepted too)."""
    _load_all()
    return sorted(set(_FACTORIES) | set(_entry_points()))


def player_factory(name: str) -> PlayerFactory:
    """The factory :func:`make_player` uses for ``name`` (resolve once, build many).

    ``name`` is a registered name, an entry point of the group :data:`ENTRY_POINT_GROUP`, or
    a ``module:attribute`` spec; the last two are registered under ``name`` once loaded.

    Raises:
        ValueError: for an unknown name, or a plug-in that cannot be loaded (one line).
    """
    _load_all()
    factory = _FACTORIES.get(name)
    if factory is not None:
        return factory
    entry = _entry_points().get(name)
    if entry is not None:
        factory = _load_factory(name, f" (entry point {entry.value})", entry.load)
    elif ":" in name:
        factory = _from_spec(name)
    else:
        raise ValueError(
            f"unknown player {name!r}; expected one of {', '.join(available_players())} "
            "or a spec like package.module:Class"
        )
    register_player(name, factory)
    return factory


def make_player(name: str) -> Player:
    """A new player by name (``random``, ``greedy``, ``pimc``, ``expert``, a product level
    ``easy``, ``medium``, ``hard``, a plug-in's entry point or a ``module:Class`` spec).

    Raises:
        ValueError: for an unknown name or a plug-in that cannot be loaded.
    """
    return player_factory(name)()

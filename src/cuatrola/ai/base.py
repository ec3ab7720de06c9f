"""The player interface and the registry of computer players.

A player gets only its seat's view (with the legal actions in it), an injected RNG and a
time budget, and returns one legal action id. It never receives the full hand state.

Players are found by name, in this order: the players registered with
:func:`register_player`, the built-in players of :data:`BUILT_IN` (imported on first use),
the entry points of the group ``cuatrola.players`` of installed packages (name = the
player's name, object = a class or factory taking no argument), and ``module:attribute``
specs such as ``tests.fixtures.bots:HighCard`` (imported on first use).
"""

from __future__ import annotations

import importlib
import operator
import os
import random
import sys
import sysconfig
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

from cuatrola.core.actions import format_action
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


class BadAnswerError(ValueError):
    """A player's answer is not one of its view's legal actions (one-line message)."""


def check_answer(view: SeatView, answer: object) -> int:
    """The action id a player answered to ``view``, as a plain ``int``.

    Any integer type is accepted through :func:`operator.index` (so a NumPy integer, what
    an ``argmax`` gives, is fine); ``bool``, ``float``, ``None``, strings and anything else
    are refused, as is an integer that is not one of ``view.legal_actions``. ``cuatrola
    duel`` and ``cuatrola bot`` check every answer with this.

    >>> from cuatrola import HandState, Rules, view_for
    >>> view = view_for(HandState.deal(Rules(), dealer=3, rng=random.Random(1)), 0)
    >>> check_answer(view, view.legal_actions[0]) == view.legal_actions[0]
    True
    >>> try:
    ...     check_answer(view, 0.0)
    ... except BadAnswerError as exc:
    ...     print(exc)  # doctest: +NORMALIZE_WHITESPACE
    the answer 0.0 (float) is not an action id;
    the legal actions are 20 (pass), 21 (solo), 22 (cuatrola), 23 (quintola)

    Raises:
        BadAnswerError: naming the answer and the legal actions.
    """
    action: int | None = None
    if not isinstance(answer, bool):
        try:
            action = operator.index(answer)  # type: ignore[arg-type]
        except TypeError:
            action = None
    if action is not None and action in view.legal_actions:
        return int(action)
    # Every decision of a duel comes through here: the words only for a refusal.
    legal = ", ".join(f"{a} ({format_action(a)})" for a in view.legal_actions)
    if action is None:
        raise BadAnswerError(
            f"the answer {answer!r} ({type(answer).__name__}) is not an action id; "
            f"the legal actions are {legal}"
        )
    raise BadAnswerError(
        f"the answer {answer!r} is an illegal action ({_action_name(action)}); "
        f"the legal actions are {legal}"
    )


def _action_name(action: int) -> str:
    try:
        return format_action(action)
    except ValueError:
        return "not an action"


#: The directory of the cuatrola package: frames in it are not a bot's own.
_PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: The standard library's directories: a frame there is not a bot's own either (the worker
#: thread ``cuatrola bot`` calls the player from is ``concurrent/futures/thread.py``), unless
#: it is in an installed package's site-packages, which may sit inside them.
_STDLIB_DIRS = tuple({Path(sysconfig.get_path(key)).resolve() for key in ("stdlib", "platstdlib")})
_SITE_DIRS = tuple({Path(sysconfig.get_path(key)).resolve() for key in ("purelib", "platlib")})


def _is_library_frame(filename: str) -> bool:
    """Whether a traceback frame's file is cuatrola's or the standard library's."""
    if filename.startswith("<frozen "):
        return True
    try:
        path = Path(filename).resolve()
    except (OSError, ValueError):
        return False
    if path.is_relative_to(_PACKAGE_DIR):
        return True
    in_stdlib = any(path.is_relative_to(directory) for directory in _STDLIB_DIRS)
    return in_stdlib and not any(path.is_relative_to(directory) for directory in _SITE_DIRS)


def describe_failure(exc: BaseException) -> str:
    """One line for an exception a player raised: its type, its message and the innermost
    frame of its traceback outside the cuatrola package and the standard library (the bot's
    own ``file:line``; nothing when no frame is the bot's).

    >>> try:
    ...     {}["missing"]
    ... except KeyError as exc:
    ...     print(describe_failure(exc))  # doctest: +ELLIPSIS
    KeyError: 'missing' (at ...:2)
    """
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    where = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if not _is_library_frame(frame.filename):
            where = frame
    if where is not None:
        text += f" (at {where.filename}:{where.lineno})"
    return text


PlayerFactory = Callable[[], Player]
#: The entry-point group through which an installed package offers computer players.
ENTRY_POINT_GROUP = "cuatrola.players"
#: The built-in players: name -> the ``module:class`` that builds them (see
#: :mod:`cuatrola.ai.players`). ``expert`` is the strongest; ``easy``, ``medium``, ``hard``
#: and ``expert`` are the levels of the product.
BUILT_IN = {
    "random": "cuatrola.ai.players.random_player:RandomPlayer",
    "greedy": "cuatrola.ai.players.greedy:GreedyPlayer",
    "pimc": "cuatrola.ai.players.pimc:PimcPlayer",
    "expert": "cuatrola.ai.players.expert:ExpertPlayer",
    "easy": "cuatrola.ai.players.levels:EasyPlayer",
    "medium": "cuatrola.ai.players.levels:MediumPlayer",
    "hard": "cuatrola.ai.players.levels:HardPlayer",
}
_FACTORIES: dict[str, PlayerFactory] = {}


def register_player(name: str, factory: PlayerFactory) -> None:
    """Make ``make_player(name)`` build players with ``factory`` (a class or any callable
    taking no argument that returns a :class:`Player`).

    Raises:
        ValueError: for a name that is not a non-empty string, or a factory that cannot be
            called (a player object instead of its class, say).
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"expected a player name (a non-empty string), got {name!r}")
    if not callable(factory):
        raise ValueError(
            f"player {name!r} needs a class or a function that builds a player, got {factory!r}"
        )
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


def _search_current_directory(missing: ModuleNotFoundError, module_name: str) -> bool:
    """Whether the current directory, which holds the spec's missing top-level module, was
    added to ``sys.path``.

    ``python -m cuatrola`` searches the current directory but the ``cuatrola`` script does
    not, so ``cuatrola duel --a mybots:Bot`` next to ``mybots.py`` would not find it. The
    directory goes last, so that it shadows no installed module.
    """
    top = module_name.partition(".")[0]
    try:
        here = os.getcwd()
    except OSError:
        return False
    if missing.name != top or "" in sys.path or here in sys.path:
        return False
    if not (Path(here, f"{top}.py").is_file() or Path(here, top).is_dir()):
        return False
    sys.path.append(here)
    importlib.invalidate_caches()
    return True


def _import_spec_module(module_name: str) -> object:
    """Import a spec's module from ``sys.path``, else from the current directory."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if not _search_current_directory(exc, module_name):
            raise
        return importlib.import_module(module_name)


def _module_of_file(module_name: str) -> str | None:
    """The module a spec's "module" means when it is a file's path (``mybots.py``,
    ``./bots/mine.py``), else ``None``."""
    if not module_name.endswith(".py") and "/" not in module_name and os.sep not in module_name:
        return None
    path = Path(module_name.removesuffix(".py"))
    if path.is_absolute():
        return path.name
    return ".".join(part for part in path.parts if part != ".")


def _from_spec(spec: str) -> PlayerFactory:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"expected a player spec like package.module:Class, got {spec!r}")

    def load() -> object:
        try:
            found: object = _import_spec_module(module_name)
        except (ImportError, TypeError):
            module = _module_of_file(module_name)
            if module is None:
                raise
            # "the 'package' argument is required to perform a relative import" says nothing
            # to someone who typed the file's name: say what to type instead.
            raise ImportError(
                f"{module_name!r} is a file, not a module: name the module instead "
                f"({module}:{attribute}, from the directory that holds it)"
            ) from None
        for part in attribute.split("."):
            found = getattr(found, part)
        return found

    return _load_factory(spec, "", load)


def available_players() -> list[str]:
    """Names accepted by :func:`make_player`, sorted: the registered and built-in players and
    those of installed packages' entry points (any ``module:Class`` spec is accepted too)."""
    return sorted(set(_FACTORIES) | set(BUILT_IN) | set(_entry_points()))


def player_factory(name: str) -> PlayerFactory:
    """The factory :func:`make_player` uses for ``name`` (resolve once, build many).

    ``name`` is a registered name, a built-in one, an entry point of the group
    :data:`ENTRY_POINT_GROUP`, or a ``module:attribute`` spec; all but the first are
    registered under ``name`` once loaded. A spec's module is imported from ``sys.path``,
    else from the current directory (which is then added at the end of ``sys.path``).

    Raises:
        ValueError: for an unknown name, a name that is not a string (a class or a player
            object, which :func:`register_player` names), or a plug-in that cannot be
            loaded (one line).
    """
    if not isinstance(name, str):
        raise ValueError(
            f"expected a player's name, got {name!r}; name a class first with "
            "register_player(name, factory)"
        )
    factory = _FACTORIES.get(name)
    if factory is not None:
        return factory
    if name in BUILT_IN:
        factory = _from_spec(BUILT_IN[name])
    elif (entry := _entry_points().get(name)) is not None:
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


class NotAPlayerError(ValueError):
    """A factory built something without a ``choose`` method (one-line message)."""


def checked_player(player: object, name: str) -> Player:
    """``player``, built for ``name``, once it is seen to have a ``choose`` method to call.

    A bot whose method has another name (``act``, ``choose_action``) is told so when it is
    built, not at its first decision.

    Raises:
        NotAPlayerError: naming ``name`` and the type that was built.
    """
    if not callable(getattr(player, "choose", None)):
        raise NotAPlayerError(
            f"player {name!r} built an instance of {type(player).__name__}, which has no "
            "choose(view, rng, budget) method"
        )
    return player  # type: ignore[return-value]


def make_player(name: str) -> Player:
    """A new player by name (``random``, ``greedy``, ``pimc``, ``expert``, a product level
    ``easy``, ``medium``, ``hard``, a plug-in's entry point or a ``module:Class`` spec).

    Raises:
        ValueError: for an unknown name, a plug-in that cannot be loaded, or one that builds
            something without a ``choose`` method (:class:`NotAPlayerError`).
    """
    return checked_player(player_factory(name)(), name)


__all__ = [
    "BUILT_IN",
    "ENTRY_POINT_GROUP",
    "BadAnswerError",
    "NotAPlayerError",
    "Player",
    "PlayerFactory",
    "available_players",
    "check_answer",
    "checked_player",
    "describe_failure",
    "make_player",
    "player_factory",
    "register_player",
]

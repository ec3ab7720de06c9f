"""The double-dummy solver: the exact minimax value of a play-phase position with every card known.

A :class:`Position` is a moment of the card play (docs/rules.md section 4) where all hands are
known. :func:`solve` gives its exact value, :func:`solve_moves` the value of each legal card
of the side to move and :func:`at_least` a cheaper yes/no (is the value at least a
threshold?). The computer players solve many such positions, one per sampled deal
(perfect-information Monte Carlo), so the solver is written twice with identical results:

* :func:`solve_python`, :func:`solve_moves_python`, :func:`at_least_python`: pure Python, the
  reference, always there (``_reference.py``, with the implementation notes);
* ``cuatrola.ai.search._csolver``: the same algorithm as a small C extension
  (``_solver.c``), about two orders of magnitude faster, built by the package's own build
  when a compiler exists.

:func:`solve`, :func:`solve_moves` and :func:`at_least` use the C version when it imports and
fall back to Python otherwise; :func:`backend` says which one is in use. A differential test
checks that both give the same values on many random positions.

The value
---------
Values always count the *whole hand* (what was already won plus the rest, played perfectly by
both sides) in one of two objectives chosen by the contract:

* ``PASS`` and ``SOLO`` (points objective): the final hand-points margin ``team 0 - team 1``:
  ``points`` so far + the card points of the tricks still to be won + 10 for the last trick +
  the cantes sung from now on (when :attr:`Position.cantes` is true). Team 0 (seats 0 and 2)
  maximises it, team 1 minimises it. In a solo the bidder alone is his team.
* ``CUATROLA`` and ``QUINTOLA`` (tricks objective): the number of tricks the **bidder's team**
  ends the hand with (``tricks_won`` so far included), 0..5. The bidder's team maximises it and
  the defenders minimise it, whichever team the bidder is in. Card points and cantes are
  ignored, as in the scoring (section 6).

:func:`maximizing_team` returns the team that maximises the value of a position, and
:func:`mover_scores` turns the values of :func:`solve_moves` into scores where higher is always
better for the side to move (the value itself, or its negation), which is what a player that
adds up scores over many sampled deals wants.

Cantes are modelled as ``Rules(auto_cante=True)`` sings them (docs/rules.md section 5): right
after a won trick 1-3 the winning team sings at once, the 40 (trump) first, else the lowest
suit in the order O C E B held (rey and caballo) by one of its active seats and not sung yet.
Singing never hurts a team, so this is also what a perfect player does, except that it may
choose *which* 20 to sing first; the solver does not branch on that.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from cuatrola.ai.search._position import (
    Deals,
    Hands,
    Position,
    check_resamples,
    check_threshold,
    final_value,
    legal_moves,
    maximizing_team,
    mover_scores,
    play_card,
    position_for,
    position_from_state,
    validate_position,
    value_so_far,
)
from cuatrola.ai.search._reference import (
    at_least_python,
    mover_choices_python,
    mover_totals_python,
    solve_moves_python,
    solve_python,
)
from cuatrola.core.rules import Contract

__all__ = [
    "Deals",
    "Hands",
    "Position",
    "at_least",
    "at_least_python",
    "backend",
    "compiled_model_moves",
    "final_value",
    "legal_moves",
    "maximizing_team",
    "mover_choices",
    "mover_choices_python",
    "mover_scores",
    "mover_totals",
    "mover_totals_python",
    "play_card",
    "position_for",
    "position_from_state",
    "solve",
    "solve_moves",
    "solve_moves_python",
    "solve_python",
    "validate_position",
    "value_so_far",
]


# The public entry points: the compiled solver when it is there --------------------------------


def _load_compiled() -> ModuleType | None:
    # CUATROLA_SOLVER=python forces the pure-Python solver (to test or compare the fallback).
    if os.environ.get("CUATROLA_SOLVER", "").lower() == "python":
        return None
    try:
        return importlib.import_module("cuatrola.ai.search._csolver")
    except ImportError:
        return None


_csolver = _load_compiled()


def backend() -> str:
    """``"c"`` when the compiled solver is in use, else ``"python"``."""
    return "c" if _csolver is not None else "python"


def _c_args(pos: Position, keep_table: bool) -> tuple[object, ...]:
    # The fields one by one, as play_card builds them: this runs before every compiled
    # search, where a generic dataclasses.astuple would cost more than the search itself.
    if not isinstance(pos, Position):
        raise ValueError(f"expected a Position, got {type(pos).__name__}")
    return (
        pos.hands,
        pos.trump,
        pos.to_move,
        pos.trick,
        pos.trick_seats,
        pos.sitting_out,
        int(pos.contract) if isinstance(pos.contract, Contract) else pos.contract,
        pos.bidder,
        pos.points,
        pos.tricks_won,
        pos.tricks_played,
        pos.sung,
        pos.cantes,
        keep_table,
    )


def solve(pos: Position, *, keep_table: bool = False) -> int:
    """The exact value of ``pos`` (see the module docstring), with the fastest backend.

    Args:
        pos: the position.
        keep_table: reuse the transposition table of the previous call when it was made for
            the same context (trump, contract, bidder, cantes flag), e.g. across the sampled
            deals of one decision. The value is exact either way; only the speed changes.

    Raises:
        ValueError: when ``pos`` is not a reachable position.
    """
    if _csolver is not None:
        value: int = _csolver.solve(*_c_args(pos, keep_table))
        return value
    return solve_python(pos, keep_table=keep_table)


def at_least(pos: Position, threshold: int, *, keep_table: bool = False) -> bool:
    """Whether the value of ``pos`` is at least ``threshold``, with the fastest backend.

    A null-window search, cheaper than :func:`solve` when only a yes/no is needed: for
    example ``at_least(pos, 4)`` asks whether a cuatrola bidder's team makes four tricks and
    ``at_least(pos, 1)`` whether team 0 ends a plain hand or a solo ahead on points (a tie
    goes to the mano's team, docs/rules.md section 6, so mind which threshold you ask).

    Raises:
        ValueError: when ``pos`` is not a reachable position, or ``threshold`` is not an int.
    """
    if _csolver is not None:
        check_threshold(threshold)
        value: int = _csolver.solve(*_c_args(pos, keep_table), threshold - 1, threshold)
        return value >= threshold
    return at_least_python(pos, threshold, keep_table=keep_table)


def solve_moves(pos: Position, *, keep_table: bool = False) -> dict[int, int]:
    """The exact value of each legal card of the side to move, with the fastest backend.

    Values are in the convention of :func:`solve`; see also :func:`mover_scores`. One
    table is shared across the candidate cards; ``keep_table`` as in :func:`solve`.

    Raises:
        ValueError: when ``pos`` is not a reachable position.
    """
    if _csolver is not None:
        values: dict[int, int] = _csolver.solve_moves(*_c_args(pos, keep_table))
        return values
    return solve_moves_python(pos, keep_table=keep_table)


def mover_totals(pos: Position, deals: Deals, *, keep_table: bool = False) -> dict[int, int]:
    """For each legal card of the side to move, the sum over ``deals`` of its exact value
    seen by the side to move (:func:`mover_scores` of :func:`solve_moves`), with the
    fastest backend.

    ``pos`` gives everything but the hands; each deal gives the hands (the side to move
    holds the same cards in each). One call instead of one per deal: the hot loop of
    :class:`~cuatrola.ai.opponents.PimcChoiceModel`.

    Raises:
        ValueError: when ``deals`` is empty, the side to move's cards differ between deals,
            or a deal does not make a reachable position.
    """
    if _csolver is None:
        return mover_totals_python(pos, deals, keep_table=keep_table)
    if not deals:
        raise ValueError("expected at least one deal")
    totals: dict[int, int] = _csolver.mover_totals(list(deals), *_c_args(pos, keep_table)[1:])
    return totals


def mover_choices(
    pos: Position, deals: Deals, resamples: int, seed: int, *, keep_table: bool = False
) -> dict[int, int]:
    """How often PIMC over deals like ``deals`` would choose each legal card of the side to
    move: in how many of ``resamples`` bootstrap resamples of ``deals`` (as many deals,
    drawn with replacement) each card has the highest total exact value seen by the side to
    move (ties: the cheapest card, as :func:`cuatrola.ai.players.pimc.best_card` breaks them).

    The resamples come from a splitmix64 generator seeded by ``seed`` (modulo 2**64; each
    deal is the output's high 32 bits modulo the number of deals), the same in both
    backends, so the counts are a pure function of the arguments. When one card has the
    highest total in every possible resample the compiled version skips the draws (the same
    counts). ``pos`` and ``deals`` as in :func:`mover_totals`. The question of the searched
    kind of opponent (:class:`~cuatrola.ai.opponents.PimcChoiceModel`): a PIMC player's
    choice varies with the deals he happened to sample, and resampling shows by how much in
    each position.

    Raises:
        ValueError: on a bad ``resamples`` (1..1,000,000) or ``seed``, and as
            :func:`mover_totals` does on bad deals.
    """
    if _csolver is None:
        return mover_choices_python(pos, deals, resamples, seed, keep_table=keep_table)
    check_resamples(resamples, seed)
    if not deals:
        raise ValueError("expected at least one deal")
    counts: dict[int, int] = _csolver.mover_choices(
        list(deals), resamples, seed, *_c_args(pos, keep_table)[1:]
    )
    return counts


def compiled_model_moves(pos: Position, greedy_team: int) -> dict[int, int] | None:
    """The compiled search of :func:`cuatrola.ai.search.exploit.model_moves` (the seats of
    ``greedy_team`` play the greedy card), or ``None`` when the compiled solver is not in use.

    Raises:
        ValueError: when ``pos`` is not a reachable position or ``greedy_team`` is not 0 or 1.
    """
    if _csolver is None:
        return None
    values: dict[int, int] = _csolver.model_moves(*_c_args(pos, False), greedy_team)
    return values

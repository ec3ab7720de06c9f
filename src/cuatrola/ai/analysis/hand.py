"""Analysing a recorded hand, or a match of them, decision by decision.

:func:`analyse_hand` steps through a ``cuatrola-hand/1`` record with
:func:`~cuatrola.core.records.replay_steps`. At every decision of an analysed seat it builds
that seat's view at that moment (never the hidden cards), values every legal option from it
(:mod:`cuatrola.ai.analysis.values`) with a generator seeded by the analysis seed and the
decision's step (:func:`decision_rng`), and compares the option chosen with the best one.
Pure computation: no I/O, no clock, no global random generator.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from cuatrola.ai.analysis.report import (
    FORMAT,
    Alternative,
    Decision,
    HandAnalysis,
    MatchAnalysis,
    decision_accuracy,
    mark_for,
    summarise,
)
from cuatrola.ai.analysis.values import (
    Valued,
    analysis_expert,
    hindsight_cantes,
    hindsight_cards,
    value_bids,
    value_cantes,
    value_cards,
)
from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.search.solver import backend
from cuatrola.core.actions import format_action
from cuatrola.core.hand import NUM_SEATS, HandState, Phase
from cuatrola.core.records import replay_steps
from cuatrola.core.rules import Contract
from cuatrola.core.views import SeatView, view_for

#: Deals sampled per card decision when they are too many to enumerate: the expert's own
#: number with the compiled solver, since ``cuatrola bench analysis`` measured a whole hand
#: (four seats) well within 5 s of one core with it (docs/performance.md).
ANALYSIS_SAMPLES = ExpertConfig().samples
#: Rounding of the values and costs stored (the JSON stays short and readable).
DIGITS = 2


def analysis_config(samples: int | None = None, config: ExpertConfig | None = None) -> ExpertConfig:
    """The expert's numbers the analysis plays with: ``config`` (by default the solver
    backend's, :meth:`ExpertConfig.for_backend`: :data:`ANALYSIS_SAMPLES` with the compiled
    solver), with ``samples`` sampled deals per card decision when given."""
    base = config if config is not None else ExpertConfig.for_backend(backend())
    return base if samples is None else dataclasses.replace(base, samples=samples)


def decision_rng(seed: int, step: int) -> random.Random:
    """The generator the analysis gives the decision at ``step`` of a hand analysed with
    ``seed``; the expert given the same generator on the same view chooses the analysis's
    best option."""
    return random.Random(f"cuatrola-analysis:{seed}:{step}")


def analyse_hand(
    record: object,
    seats: Iterable[int] = range(NUM_SEATS),
    seed: int = 0,
    *,
    config: ExpertConfig | None = None,
    hindsight: bool = True,
) -> HandAnalysis:
    """The analysis of every decision of ``seats`` in the hand ``record``.

    Args:
        record: a ``cuatrola-hand/1`` record (docs/records.md).
        seats: the seats to analyse (the human ones, say).
        seed: the seed of the sampled deals: the same record, seats, seed and config give the
            same analysis.
        config: the expert's numbers (default :func:`analysis_config`).
        hindsight: also solve each card and cante on the true deal (double dummy).

    Raises:
        RecordError: on a malformed record (:func:`~cuatrola.core.records.replay_record`).
        ValueError: on a seat outside 0..3.
    """
    wanted = set(seats)
    if not wanted <= set(range(NUM_SEATS)):
        raise ValueError(f"seats must be among 0..3, got {sorted(wanted)}")
    config = config if config is not None else analysis_config()
    decisions: list[Decision] = []
    pending: tuple[int, SeatView, HandState] | None = None
    for step, (_, action, state) in enumerate(replay_steps(record)):
        if pending is not None and action is not None:
            index, view, before = pending
            rng = decision_rng(seed, index)
            decisions.append(analyse_decision(view, before, action, index, rng, config, hindsight))
        pending = None
        if state.to_move is not None and state.to_move in wanted:
            pending = (step, view_for(state, state.to_move), state.copy())
    return HandAnalysis(
        format=FORMAT,
        seed=seed,
        samples=config.samples,
        solver=backend(),
        seats=summarise(decisions, wanted),
        decisions=decisions,
    )


def analyse_match(
    records: Sequence[object],
    seats: Iterable[int] = range(NUM_SEATS),
    seed: int = 0,
    *,
    config: ExpertConfig | None = None,
    hindsight: bool = True,
    known: Mapping[int, HandAnalysis] | None = None,
) -> MatchAnalysis:
    """:func:`analyse_hand` of each record (hand ``i`` with seed ``seed + i``), and each
    seat's figures over the whole match.

    ``known`` holds hand analyses already computed (by index) with the same seats, seed
    ``seed + i``, config and hindsight, such as the server's analyses after each hand: they
    are taken as they are, which gives the same match analysis without computing them again.
    """
    wanted = sorted(set(seats))
    done = known or {}
    hands = [
        done[index]
        if index in done
        else analyse_hand(record, wanted, seed + index, config=config, hindsight=hindsight)
        for index, record in enumerate(records)
    ]
    every = [d for hand in hands for d in hand.decisions]
    return MatchAnalysis(format=FORMAT, seats=summarise(every, wanted), hands=hands)


def analyse_decision(
    view: SeatView,
    state: HandState,
    chosen: int,
    step: int,
    rng: random.Random,
    config: ExpertConfig,
    hindsight: bool = True,
) -> Decision:
    """One decision: ``view`` is the deciding seat's view, ``state`` the true hand at that
    moment (read only for the hindsight values), ``chosen`` the action taken."""
    kind = {Phase.BIDDING: "bid", Phase.CANTE: "cante"}.get(view.phase, "card")
    name = format_action(chosen)
    forced = Decision(
        step=step,
        seat=view.seat,
        kind=kind,
        trick=0 if kind == "bid" else len(view.tricks) + (kind == "card"),
        chosen=name,
        best=name,
        unit=_forced_unit(view, kind),
        alternatives=[Alternative(name)],
        forced=True,
    )
    options = list(view.legal_actions)
    if len(options) == 1:
        return forced
    valued = _value(view, kind, rng, config)
    after = _hindsight(view, state, kind) if hindsight else {}
    cost = max(valued.values.values()) - valued.values[chosen]
    hindsight_cost = max(after.values()) - after[chosen] if after else None
    points = valued.game_points
    points_cost = points[valued.best] - points[chosen] if points is not None else None
    return msgspec.structs.replace(
        forced,
        best=format_action(valued.best),
        unit=valued.unit,
        alternatives=[
            Alternative(
                format_action(a),
                _round(valued.values[a]),
                _round(after.get(a)),
                None if points is None else _round(points[a]),
            )
            for a in options
            if a in valued.values
        ],
        forced=False,
        cost=_round(cost),
        hindsight_cost=_round(hindsight_cost),
        mark=mark_for(cost, valued.unit),
        accuracy=round(decision_accuracy(cost, valued.unit), 1),
        deals=valued.deals,
        game_points_cost=_round(points_cost),
    )


def _forced_unit(view: SeatView, kind: str) -> str:
    """The unit a decision of ``kind`` would be valued in."""
    if kind == "bid":
        return "match" if view.rules.target is not None else "game"
    return "points" if view.contract in (Contract.PASS, Contract.SOLO) else "tricks"


def _value(view: SeatView, kind: str, rng: random.Random, config: ExpertConfig) -> Valued:
    expert = analysis_expert(config)
    if kind == "bid":
        return value_bids(view, expert, rng)
    if kind == "cante":
        return value_cantes(view, expert, rng)
    return value_cards(view, expert, rng)


def _hindsight(view: SeatView, state: HandState, kind: str) -> dict[int, float]:
    if kind == "card":
        return hindsight_cards(state)
    if kind == "cante":
        return hindsight_cantes(state, view)
    return {}


def _round(value: float | None) -> float | None:
    if value is None:
        return None
    rounded = round(value, DIGITS)
    return 0.0 if rounded == 0 else rounded  # no "-0.0" in the JSON

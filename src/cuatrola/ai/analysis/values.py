"""The value of every legal option of one decision, from the deciding seat's view.

Each function takes the seat's :class:`~cuatrola.core.views.SeatView`, an expert player
(:func:`analysis_expert`) and a seeded ``random.Random``, and draws the deals exactly as the
expert does when it chooses from that view with that generator, so the best option here is
the expert's own choice (:class:`Valued` ``best``):

* a card: the expert's weighted double-dummy totals (:meth:`ExpertPlayer.card_values
  <cuatrola.ai.players.expert.ExpertPlayer.card_values>`, the gain against rule followers
  included) divided by the total weight: the expected hand-points margin (or tricks);
* a bid: :func:`~cuatrola.ai.bidding.bid_value` of each option over the expert's bidding deals
  (the chance to win the match, or the game-point difference without a target);
* a cante: over the expert's deals, the double-dummy value of the next lead after singing each
  suit, or after declining (the solver then sings any cante left at a later won trick, as the
  rules allow). The partner's own chance to sing after a declined cante is not counted.

The hindsight values (:func:`hindsight_cards`, :func:`hindsight_cantes`) solve the true deal.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cuatrola.ai.bidding import bid_game_points, bid_value, dd_rates
from cuatrola.ai.config import ExpertConfig
from cuatrola.ai.opponents import PimcChoiceModel
from cuatrola.ai.players.expert import ExpertPlayer
from cuatrola.ai.players.greedy import choose_cante
from cuatrola.ai.players.pimc import best_card
from cuatrola.ai.search.solver import (
    Position,
    maximizing_team,
    mover_scores,
    position_for,
    position_from_state,
    solve,
    solve_moves,
)
from cuatrola.core.actions import (
    CANTE_BASE,
    NO_CANTE,
    action_contract,
    bid_action,
)
from cuatrola.core.hand import HandState, team_of
from cuatrola.core.rules import Contract
from cuatrola.core.views import SeatView

#: Points of a cante: 40 in trumps, 20 in another suit (docs/rules.md section 5).
_CANTE_POINTS = {True: 40, False: 20}


@dataclass(frozen=True, slots=True)
class Valued:
    """The options of one decision valued from the seat's view.

    Attributes:
        values: each legal action's expected value for the seat's side (higher is better).
        best: the expert's choice among them.
        unit: the unit of the values (:data:`~cuatrola.ai.analysis.report.UNITS`).
        deals: how many deals the values were estimated over.
        game_points: for bids, each option's expected game points of the hand for the seat's
            side (won minus lost) over the same deals; ``None`` for cards and cantes.
    """

    values: dict[int, float]
    best: int
    unit: str
    deals: int
    game_points: dict[int, float] | None = None


def analysis_expert(config: ExpertConfig) -> ExpertPlayer:
    """An expert player with ``config`` and a memo of its own, empty.

    The expert's searched kind of opponent stops searching new questions past a work limit
    (``searched_questions``), and answers remembered from earlier decisions are not counted
    against it, so a shared memo would make a choice depend on what the process did before.
    A fresh memo per decision makes every choice a function of the view and the generator.
    """
    player = ExpertPlayer(config)
    if player.model.searcher is not None:
        player.model.searcher = PimcChoiceModel(
            config.searched_samples, config.searched_resamples, config.searched_epsilon, memo={}
        )
    return player


def value_cards(view: SeatView, expert: ExpertPlayer, rng: random.Random) -> Valued:
    """The legal cards valued as the expert values them (see the module docstring)."""
    evidence = expert.model.evidence(view)
    worlds, weights = expert.play_worlds(view, rng, None, evidence)
    scores = expert.card_values(view, worlds, weights, rng, None, evidence)
    total = float(len(worlds)) if weights is None else sum(w for w in weights if w > 0)
    values = {card: score / total for card, score in scores.items()}
    unit = "points" if _points_objective(view.contract) else "tricks"
    return Valued(values, best_card(scores, view.trump), unit, len(worlds))


def value_bids(view: SeatView, expert: ExpertPlayer, rng: random.Random) -> Valued:
    """The legal bids valued as :func:`~cuatrola.ai.bidding.best_bid` values them."""
    worlds, weights = expert.bid_worlds(view, rng)
    rates = dd_rates(view, worlds, weights)
    match_unit = view.rules.target is not None
    scale = 100.0 if match_unit else 1.0
    values: dict[int, float] = {}
    points: dict[int, float] = {}
    raw: dict[Contract, float] = {}
    for action in view.legal_actions:
        contract = action_contract(action)
        if contract is Contract.PASS or contract in rates.contracts:
            solved = bool(rates.deals)
            raw[contract] = bid_value(view, contract, rates, expert.config) if solved else 0.0
            values[action] = scale * raw[contract]
            points[action] = (
                bid_game_points(view, contract, rates, expert.config) if solved else 0.0
            )
    best = max(raw, key=lambda c: (round(raw[c], 9), -int(c))) if rates.deals else Contract.PASS
    unit = "match" if match_unit else "game"
    return Valued(values, bid_action(best), unit, rates.deals, game_points=points)


def value_cantes(view: SeatView, expert: ExpertPlayer, rng: random.Random) -> Valued:
    """The cante options valued by the double-dummy value of the next lead after each."""
    worlds, weights = expert.play_worlds(view, rng)
    options = list(view.legal_actions)
    totals = dict.fromkeys(options, 0.0)
    mass = 0.0
    for index, world in enumerate(worlds):
        weight = 1.0 if weights is None else weights[index]
        if weight <= 0:
            continue
        mass += weight
        base = position_for(view, world)
        for action, value in _cante_values(view, base, options, solve).items():
            totals[action] += weight * value
    values = {a: t / mass for a, t in totals.items()} if mass > 0 else totals
    preferred = choose_cante(view)
    top = max(values.values())
    best = preferred if values[preferred] >= top - 1e-9 else max(values, key=values.__getitem__)
    return Valued(values, best, "points", len(worlds))


def _cante_values(
    view: SeatView,
    base: Position,
    options: Sequence[int],
    evaluate: Callable[[Position], int],
) -> dict[int, float]:
    """Each cante option's value for the seat's side from ``base`` (the view's position)."""
    team = team_of(view.seat)
    leader = view.tricks[-1].winner
    out: dict[int, float] = {}
    for action in options:
        points, sung = list(base.points), base.sung
        if action != NO_CANTE:
            suit = action - CANTE_BASE
            points[team] += _CANTE_POINTS[suit == int(view.trump)]
            sung |= 1 << suit
        pos = dataclasses.replace(base, to_move=leader, points=(points[0], points[1]), sung=sung)
        value = evaluate(pos)
        out[action] = float(value if maximizing_team(pos) == team else -value)
    return out


def hindsight_cards(state: HandState) -> dict[int, float]:
    """Each legal card's double-dummy value on the true deal, for the side to move."""
    pos = position_from_state(state)
    return {card: float(v) for card, v in mover_scores(pos, solve_moves(pos)).items()}


def hindsight_cantes(state: HandState, view: SeatView) -> dict[int, float]:
    """Each cante option's double-dummy value on the true deal, for the seat's side."""
    hands = state.hands
    base = position_for(view, (hands[0], hands[1], hands[2], hands[3]))
    return _cante_values(view, base, list(view.legal_actions), solve)


def _points_objective(contract: Contract) -> bool:
    return contract in (Contract.PASS, Contract.SOLO)

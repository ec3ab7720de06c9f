"""The search with consistent own decisions (strategy fusion removed at the next choice)."""

from __future__ import annotations

import random
import time

import pytest
from research.endgame import consistent_scores
from research.variants import ConsistentExpert

from cuatrola.ai.knowledge.deals import Knowledge, World
from cuatrola.ai.players.pimc import card_scores
from cuatrola.ai.search.solver import maximizing_team, position_from_state, solve
from cuatrola.core.actions import is_card_action
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import SeatView, view_for
from tests.ai.experts import config
from tests.ai.positions import BIDS, positions


def worlds_of(view: SeatView, limit: int, rng: random.Random) -> list[World]:
    return Knowledge.from_view(view).sample_many(rng, limit)


def engine_state(state: HandState, world: World) -> HandState:
    """``state`` replayed with the unseen cards placed as in ``world``."""
    played = [state.dealt[s] & ~state.hands[s] for s in range(4)]
    dealt = [world[s] | played[s] for s in range(4)]
    other = HandState.from_masks(state.rules, state.dealer, dealt, state.trump_card)
    for action in state.history:
        other.apply(action)
    return other


def replays_as_seen(state: HandState, world: World) -> bool:
    """Whether ``world`` replays to the points the table saw: the engine sings on its own
    in a replayed deal where a team holds a pair that the real hands did not."""
    other = engine_state(state, world)
    return (other.team_card_points, other.cantes) == (state.team_card_points, state.cantes)


def reference_scores(state: HandState, worlds: list[World]) -> dict[int, float]:
    """The same search written over engine states and a full minimax, slow and plain."""
    me = state.to_move
    assert me is not None
    states = [engine_state(state, w) for w in worlds]

    def sign(s: HandState) -> int:
        return 1 if maximizing_team(position_from_state(s)) == me & 1 else -1

    def leaf(s: HandState) -> float:
        if s.is_finished:
            result = s.result
            assert result is not None
            if result.contract in (Contract.CUATROLA, Contract.QUINTOLA):
                assert result.bidder is not None
                value = result.tricks[result.bidder & 1]
                return value if me & 1 == result.bidder & 1 else -value
            margin = result.points[0] - result.points[1]
            return margin if me & 1 == 0 else -margin
        return sign(s) * solve(position_from_state(s))

    def after(s: HandState, action: int) -> HandState:
        child = s.copy()
        child.apply(action)
        return child

    def value(group: list[HandState]) -> list[float]:
        first = group[0]
        if first.is_finished:
            return [leaf(s) for s in group]
        seat = first.to_move
        if seat == me:
            legal = first.legal_actions()
            if len(legal) == 1:
                return [leaf(s) for s in group]
            per = {a: [leaf(after(s, a)) for s in group] for a in legal}
            return per[max(per, key=lambda a: sum(per[a]))]
        friend = seat is not None and seat & 1 == me & 1
        best: list[float | None] = [None] * len(group)
        cards = sorted({a for s in group for a in s.legal_actions()})
        for card in cards:
            members = [i for i, s in enumerate(group) if card in s.legal_actions()]
            values = value([after(group[i], card) for i in members])
            for i, v in zip(members, values, strict=True):
                current = best[i]
                if current is None or (v > current if friend else v < current):
                    best[i] = v
        return [v if v is not None else 0.0 for v in best]

    return {a: sum(value([after(s, a) for s in states])) for a in state.legal_actions()}


@pytest.mark.parametrize("kind", list(BIDS))
def test_matches_a_plain_reference_search(kind: str) -> None:
    rng = random.Random(5)
    for state in positions(kind, seed=len(kind), count=25, tricks=(2, 3), choice=True):
        view = view_for(state, state.to_move)  # type: ignore[arg-type]
        worlds = [w for w in worlds_of(view, 6, rng) if replays_as_seen(state, w)]
        scores = consistent_scores(view, worlds)
        assert scores == pytest.approx(reference_scores(state, worlds))


def test_equals_pimc_without_a_later_choice_and_never_exceeds_it() -> None:
    rng = random.Random(9)
    lower_somewhere = False
    for state in positions("plain", seed=3, count=80, tricks=(0, 1, 2, 3), choice=True):
        view = view_for(state, state.to_move)  # type: ignore[arg-type]
        worlds = worlds_of(view, 12, rng)
        consistent = consistent_scores(view, worlds)
        pimc = card_scores(view, worlds)
        assert consistent is not None
        assert consistent.keys() == pimc.keys()
        if len(view.hand) <= 2:
            assert consistent == pimc
        for card, value in consistent.items():
            # Committing to one card for deals one cannot tell apart never gains.
            assert value <= pimc[card] + 1e-9
            lower_somewhere |= value < pimc[card] - 1e-9
    assert lower_somewhere  # the search does differ from plain PIMC


def test_weights_scale_the_totals() -> None:
    state = positions("plain", seed=11, count=1, tricks=(1,), choice=True)[0]
    view = view_for(state, state.to_move)  # type: ignore[arg-type]
    worlds = worlds_of(view, 8, random.Random(1))
    plain = consistent_scores(view, worlds)
    doubled = consistent_scores(view, worlds, [2.0] * len(worlds))
    assert plain is not None and doubled is not None
    assert doubled == pytest.approx({c: 2 * v for c, v in plain.items()})


def test_a_passed_deadline_gives_up() -> None:
    state = positions("plain", seed=12, count=1, tricks=(1,), choice=True)[0]
    view = view_for(state, state.to_move)  # type: ignore[arg-type]
    worlds = worlds_of(view, 8, random.Random(1))
    assert consistent_scores(view, worlds, deadline=time.perf_counter() - 1) is None


def test_expert_with_the_search_plays_legal_cards_to_the_end() -> None:
    player = ConsistentExpert(config(samples=6, exhaustive=12, bid_samples=3), consistent_from=0)
    rng = random.Random(3)
    for seed in range(3):
        state = HandState.deal(Rules(), seed % 4, random.Random(seed))
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            action = player.choose(view, rng)
            assert action in view.legal_actions
            if view.phase is Phase.PLAY:
                assert is_card_action(action)
            state.apply(action)

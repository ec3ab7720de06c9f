"""``python_cuatrola`` passes OpenSpiel's game checks and runs with its algorithms."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.env.conftest import require

pyspiel: Any = require("pyspiel")
np: Any = require("numpy")

from open_spiel.python.algorithms import (  # type: ignore[import-untyped]  # noqa: E402  # type: ignore[import-untyped]  # noqa: E402
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

import cuatrola.env.openspiel_game as game_module  # noqa: E402  (registers the game)
from cuatrola.env.encoding import OBSERVATION_SIZE  # noqa: E402

PARAMS = [
    {},
    {"rules": "exact3", "dealer": 1},
    {"rules": "hands11", "auto_cante": True, "quintola": False},
]


def dealt_state(game: Any, seed: int) -> Any:
    """A state right after a random deal."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
    return state


@pytest.mark.parametrize("params", PARAMS)
def test_openspiels_random_simulation_checks_pass(params: dict[str, object]) -> None:
    game = pyspiel.load_game(game_module.NAME, params)
    # Plays random games checking legal actions, chance outcomes, returns, the information
    # state and observation strings and tensors of every player at every state.
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_the_information_state_is_shared_by_the_deals_a_seat_cannot_tell_apart() -> None:
    game = pyspiel.load_game(game_module.NAME)
    rng = random.Random(3)
    checked = 0
    for seed in range(15):
        state = dealt_state(game, seed)
        while not state.is_terminal():
            player = state.current_player()
            other = state.resample_from_infostate(player, rng.random)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            checked += 1
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        assert sum(state.returns()) == 0
    assert checked > 250
    assert len(state.observation_tensor(0)) == 4 + 20 + OBSERVATION_SIZE
    assert len(state.information_state_tensor(0)) == game_module.INFO_STATE_SIZE


def test_the_information_state_differs_when_the_seat_saw_something_else() -> None:
    game = pyspiel.load_game(game_module.NAME)
    a, b = dealt_state(game, 1), dealt_state(game, 2)
    assert a.information_state_string(0) != b.information_state_string(0)
    before = a.information_state_string(1)
    a.apply_action(a.legal_actions()[0])
    assert a.information_state_string(1) != before


def test_an_ismcts_bot_plays_whole_hands_against_random_players() -> None:
    game = pyspiel.load_game(game_module.NAME, {"rules": "exact3"})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    for seed in range(3):
        bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=25, random_state=np.random.RandomState(2)
        )
        randoms = [pyspiel.make_uniform_random_bot(p, seed * 10 + p) for p in range(4)]
        state = dealt_state(game, seed)
        searched = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == 0:
                action = bot.step(state)
                searched += 1
            else:
                action = randoms[player].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        returns = state.returns()
        assert searched > 0 and returns[0] == returns[2] == -returns[1] != 0


def test_outcome_sampling_mccfr_learns_a_policy_over_the_legal_actions() -> None:
    game = pyspiel.load_game(game_module.NAME, {"rules": "exact3"})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(40):
        solver.iteration()
    policy = solver.average_policy()
    state = dealt_state(game, 0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert abs(sum(probabilities.values()) - 1) < 1e-9


def test_a_deal_by_hand_takes_only_the_cards_not_dealt_yet() -> None:
    # A script that deals chosen cards gets a clear error for a card dealt twice or no card
    # at all, and the state stays as it was.
    state = pyspiel.load_game(game_module.NAME).new_initial_state()
    state.apply_action(5)
    for bad, message in [
        (5, "AC is already dealt"),
        (99, "expected a card id 0..19"),
        (20, "got 20"),
    ]:
        with pytest.raises(ValueError, match=message):
            state.apply_action(bad)
    assert state.history() == [5] and len(state.chance_outcomes()) == 19


def test_the_quintola_parameter_takes_the_quintola_bid_away() -> None:
    for quintola, bids in [(True, ["pass", "solo", "cuatrola", "quintola"]), (False, None)]:
        game = pyspiel.load_game(game_module.NAME, {"quintola": quintola})
        assert game.rules.quintola is quintola
        state = dealt_state(game, 1)
        names = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
        assert names == (bids or ["pass", "solo", "cuatrola"])

"""``cuatrola_v0`` passes PettingZoo's own API test, and plays real hands."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from cuatrola.ai.knowledge.consistent import deals_consistent_with
from cuatrola.core.actions import NUM_ACTIONS
from cuatrola.core.cards import NUM_CARDS
from cuatrola.core.errors import IllegalActionError
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for
from tests.env.conftest import require

require("pettingzoo")
require("numpy")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # type: ignore[import-untyped]  # noqa: E402

from cuatrola.env.encoding import (  # noqa: E402
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    action_mask,
    observation,
)
from cuatrola.env.pettingzoo_env import CuatrolaEnv, cuatrola_env  # noqa: E402


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rules": "exact3", "reward": "hand_points"},
        {"rules": "hands11", "auto_cante": True, "quintola": False},
    ],
)
def test_pettingzoos_api_test_passes(options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        # api_test advises Box or Discrete observations; a dict with an action mask is what
        # PettingZoo's own card games use.
        warnings.filterwarnings("ignore", "Observation space for each agent", UserWarning)
        warnings.filterwarnings("ignore", "Observation is not a NumPy array", UserWarning)
        api_test(cuatrola_env(**options), num_cycles=300)


def play(env: Any, seed: int) -> dict[str, float]:
    """A random legal hand in ``env``; each agent's total reward."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        legal = [a for a in range(NUM_ACTIONS) if mask[a]]
        assert legal
        env.step(legal[int(rng.random() * len(legal))])
    return totals


def test_game_point_rewards_are_zero_sum_and_match_the_hand() -> None:
    env = cuatrola_env(rules="exact11")
    for seed in range(20):
        totals = play(env, seed)
        assert sum(totals.values()) == 0
        assert totals["seat_0"] == totals["seat_2"] == -totals["seat_1"] != 0
        assert abs(totals["seat_0"]) in (1, 2, 4, 5)


def test_hand_point_rewards_are_the_teams_hand_points() -> None:
    env = cuatrola_env(reward="hand_points")
    for seed in range(20):
        totals = play(env, seed)
        raw = env.unwrapped
        assert raw.hand_state.result is not None
        points = raw.hand_state.result.points
        assert (totals["seat_0"], totals["seat_1"]) == points
        assert totals["seat_2"] == points[0] and totals["seat_3"] == points[1]


def test_the_observation_follows_the_documented_layout_and_hides_other_hands() -> None:
    assert OBSERVATION_SIZE == sum(size for _, size in OBSERVATION_LAYOUT) == 273
    env = cuatrola_env()
    env.reset(seed=3)
    raw = env.unwrapped
    for seat in range(4):
        data = env.observe(f"seat_{seat}")
        vector = data["observation"]
        assert vector.shape == (OBSERVATION_SIZE,) and vector.dtype.name == "float32"
        assert {c for c in range(NUM_CARDS) if vector[c] == 1} == set(raw.hand_state.hand_of(seat))
        assert (data["action_mask"].sum() > 0) == (raw.hand_state.to_move == seat)


def test_deals_a_seat_cannot_tell_apart_encode_the_same() -> None:
    # Replay the same actions on another deal consistent with the seat's view: the seat's
    # observation must not change (it holds no information about the hidden cards).
    rng = random.Random(5)
    checked = 0
    for number in range(30):
        state = HandState.deal(Rules(), number % 4, rng)
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            world = deals_consistent_with(view).sample_masks(rng)[0]
            dealt = list(world)
            for done in state.tricks:
                for who, card in zip(done.seats, done.cards, strict=True):
                    dealt[who] |= 1 << card
            for who, played in zip(state.trick_seats, state.trick_cards, strict=True):
                dealt[who] |= 1 << played
            other = HandState.from_masks(state.rules, state.dealer, dealt, state.trump_card)
            try:
                for action in state.history:
                    other.apply(action)
            except IllegalActionError:
                # A view does not tell whether a cante window opened: such a deal would
                # have played differently, so it is not one the seat cannot tell apart.
                actions = state.legal_actions()
                state.apply(actions[int(rng.random() * len(actions))])
                continue
            assert (observation(view_for(other, seat)) == observation(view)).all()
            assert (action_mask(view_for(other, seat)) == action_mask(view)).all()
            checked += 1
            actions = state.legal_actions()
            state.apply(actions[int(rng.random() * len(actions))])
    assert checked > 500


def test_text_render_and_bad_options() -> None:
    env = cuatrola_env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("bidding | trump ")
    with pytest.raises(ValueError, match="reward"):
        cuatrola_env(reward="tricks")
    with pytest.raises(ValueError, match="preset"):
        cuatrola_env(rules="exact99")


def test_state_is_the_global_state_for_centralized_critics() -> None:
    env = cuatrola_env()
    env.reset(seed=5)
    raw = env.unwrapped
    for _ in range(8):  # the bids and a few cards: the state follows the hand
        state = env.state()
        assert state.shape == raw.state_space.shape == (4 * OBSERVATION_SIZE,)
        assert raw.state_space.contains(state)
        for seat in range(4):
            part = state[seat * OBSERVATION_SIZE : (seat + 1) * OBSERVATION_SIZE]
            assert (part == env.observe(f"seat_{seat}")["observation"]).all()
            # Every seat's cards are in it; an agent's own observation holds only its own.
            assert {c for c in range(NUM_CARDS) if part[c] == 1} == set(
                raw.hand_state.hand_of(seat)
            )
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))


def test_reset_options_are_checked() -> None:
    env = cuatrola_env()
    env.reset(seed=2, options={"dealer": 1, "score_before": np.array([3, 4])})
    state = env.unwrapped.hand_state
    assert (state.dealer, state.score_before) == (1, (3, 4))
    # A bad score is a ValueError naming it, not an IndexError.
    with pytest.raises(ValueError, match="score_before must be two game-point counts"):
        env.reset(options={"score_before": (1,)})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deler": 1}, r"unknown reset option 'deler': expected dealer or score_before"),
        (
            {"dealer": 1, "score": (1, 2), "seed": 3},
            r"unknown reset option 'score', 'seed': expected dealer or score_before",
        ),
        ({1: 2}, r"unknown reset option 1: expected dealer or score_before"),
        ([("dealer", 1)], r"expected reset options as a dict, got \[\('dealer', 1\)\]"),
        ({"dealer": 4}, r"expected a dealer seat 0\.\.3, got 4"),
        ({"score_before": (1,)}, r"score_before must be two game-point counts"),
    ],
)
def test_bad_reset_options_are_refused_and_change_nothing(options: Any, message: str) -> None:
    raw = CuatrolaEnv()
    raw.reset(seed=5)
    before = raw.hand_state
    with pytest.raises(ValueError, match=message):
        raw.reset(options=options)
    assert raw.hand_state is before
    # The random stream is untouched: the next hand is the one it would have been.
    twin = CuatrolaEnv()
    twin.reset(seed=5)
    raw.reset()
    twin.reset()
    assert raw.hand_state is not None and twin.hand_state is not None
    assert raw.hand_state.hands == twin.hand_state.hands
    with pytest.raises(ValueError, match=message):
        cuatrola_env().reset(seed=1, options=options)


def test_pettingzoos_probe_option_is_accepted() -> None:
    # api_test calls reset(seed=0, options={"options": 1}) to check that reset takes options.
    env = cuatrola_env()
    env.reset(seed=0, options={"options": 1})
    other = cuatrola_env()
    other.reset(seed=0)
    assert env.unwrapped.hand_state.hands == other.unwrapped.hand_state.hands


def test_seat_view_is_the_view_a_player_chooses_from() -> None:
    env = cuatrola_env()
    for before_reset in (env.unwrapped.seat_view, env.unwrapped.observe):
        with pytest.raises(ValueError, match="call reset"):
            before_reset("seat_0")
    with pytest.raises(ValueError, match="call reset"):
        env.unwrapped.state()
    with pytest.raises(ValueError, match="call reset"):
        env.unwrapped.step(20)
    env.reset(seed=4)
    raw = env.unwrapped
    for seat in range(4):
        view = raw.seat_view(f"seat_{seat}")
        assert view == view_for(raw.hand_state, seat)
        assert (observation(view) == env.observe(f"seat_{seat}")["observation"]).all()
    for look in (raw.seat_view, env.observe):
        with pytest.raises(ValueError, match=r"expected an agent seat_0 \.\. seat_3, got 'seat_4'"):
            look("seat_4")


def test_the_raw_environment_refuses_no_action_from_an_agent_that_is_to_act() -> None:
    raw = CuatrolaEnv()
    raw.reset(seed=1)
    with pytest.raises(ValueError, match="seat_2 is to act: None is the action of an agent"):
        raw.step(None)
    assert raw.hand_state is not None and raw.hand_state.history == []

"""The fast playout kernel plays exactly the rules of :class:`HandState`."""

from __future__ import annotations

import random

from hypothesis import given, settings

from cuatrola.core.hand import HandState
from cuatrola.core.rollout import random_plain_hand
from cuatrola.core.rules import Rules
from tests.strategies import dealers, seeds


@settings(max_examples=500, deadline=None)
@given(seeds, dealers)
def test_kernel_and_hand_state_agree_on_the_same_random_choices(seed: int, dealer: int) -> None:
    fast = random_plain_hand(random.Random(seed), dealer)
    rng = random.Random(seed)
    state = HandState.deal(Rules(auto_cante=True), dealer, rng)
    for _ in range(4):
        state.apply("pass")
    while not state.is_finished:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    assert state.result is not None
    assert fast == (state.result.winner, *state.result.points)

"""Hypothesis strategies shared by the tests: rule sets, deals and random playthroughs."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules

rules_sets = st.sampled_from(
    [
        Rules(),
        Rules(quintola=False),
        Rules(auto_cante=True),
        Rules.first_to(21),
        Rules.fixed_hands(11),
        Rules.exact(3),
    ]
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
dealers = st.integers(min_value=0, max_value=3)


def play_out(state: HandState, rng: random.Random) -> HandState:
    """Apply random legal actions (checked) until the hand is over; returns ``state``."""
    while not state.is_finished:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    return state


@st.composite
def finished_hands(draw: st.DrawFn) -> HandState:
    """A random hand played to the end with random (legal) bids, cantes and cards."""
    rules = draw(rules_sets)
    seed = draw(seeds)
    cap = rules.bid_cap
    # With a target, each team is below it (a team there has won the match).
    score = (draw(st.integers(0, cap - 1)), draw(st.integers(0, cap - 1))) if cap else (0, 0)
    rng = random.Random(seed)
    state = HandState.deal(rules, draw(dealers), rng, score_before=score)
    return play_out(state, rng)

"""The copies of rule 4.1 kept for speed play exactly :func:`cuatrola.core.tricks.legal_mask`.

The map of the copies, and why each stays, is the docstring of :mod:`cuatrola.core.tricks`.
Each property here compares one copy with :func:`legal_mask` itself, not with another copy:
directly where the copy's legal cards can be seen (``HandState.legal_actions``, the keys of
the compiled solver's ``solve_moves``), else through what they decide (the kernel's hand
played with the same random draws, the solvers' values against a brute-force minimax whose
moves are :func:`legal_mask`'s cards).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuatrola.ai.search.solver import (
    backend,
    maximizing_team,
    position_from_state,
    solve_moves,
    solve_moves_python,
    solve_python,
)
from cuatrola.core.cards import SUIT_MASKS, Suit
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rollout import random_plain_hand
from cuatrola.core.rules import Rules
from cuatrola.core.tricks import clause_of, legal_mask
from tests.ai.positions import AUTO, CUATROLA, PASS, QUINTOLA, SOLO, brute_force_moves
from tests.strategies import dealers, rules_sets, seeds

#: Bids in speaking order (the mano first): a plain hand, solos, a cuatrola and a quintola,
#: so the positions have four seats or three, and each objective of the solver.
BIDDINGS = st.sampled_from(
    [
        (PASS, PASS, PASS, PASS),
        (PASS, SOLO, PASS, PASS),
        (SOLO, PASS, PASS, PASS),
        (CUATROLA, PASS, PASS, PASS),
        (PASS, PASS, PASS, QUINTOLA),
    ]
)
#: The clauses of rule 4.1 that can rule a held card out.
CONSTRAINING = st.sampled_from(["2a", "2b", "3a", "3b"])


def _ids(mask: int) -> list[int]:
    return [card for card in range(20) if mask >> card & 1]


def _rule_cards(state: HandState) -> int:
    """The legal cards of the seat to move, from :func:`legal_mask` itself."""
    assert state.to_move is not None
    hand = state.hands[state.to_move]
    return legal_mask(hand, state.trick_mask, state.led_suit, state.trump)


@settings(max_examples=300, deadline=None)
@given(rules_sets, seeds, dealers)
def test_hand_state_legal_actions_are_legal_mask(rules: Rules, seed: int, dealer: int) -> None:
    # Every card decision of a random hand (random bids, cantes and cards), under each rule
    # set: the inlined copy answers first, since nothing asked for the decision before.
    rng = random.Random(seed)
    state = HandState.deal(rules, dealer, rng)
    while not state.is_finished:
        actions = state.legal_actions()
        if state.phase is Phase.PLAY:
            assert actions == _ids(_rule_cards(state)), state.notation()
        state.apply(actions[int(rng.random() * len(actions))])


@settings(max_examples=300, deadline=None)
@given(rules_sets, seeds, dealers)
def test_the_obligation_is_the_clause_legal_mask_applies(
    rules: Rules, seed: int, dealer: int
) -> None:
    # The wording derives from tricks.clause_of; check it says what legal_mask's cards show.
    rng = random.Random(seed)
    state = HandState.deal(rules, dealer, rng)
    while not state.is_finished:
        if state.phase is Phase.PLAY:
            assert state.to_move is not None
            hand = state.hands[state.to_move]
            legal = _rule_cards(state)
            obligation = state.obligation()
            clause = clause_of(hand, state.trick_mask, state.led_suit, state.trump)
            if legal == hand:
                assert obligation is None, state.notation()
            else:
                assert obligation is not None, state.notation()
                led = SUIT_MASKS[state.led_suit]
                trumps = SUIT_MASKS[state.trump]
                # The reason, its suit, and what it says of the legal cards.
                reason, suit, holds = {
                    "2a": ("follow_suit", state.led_suit, legal == hand & led),
                    "2b": ("follow_suit_beat", state.led_suit, legal & ~led == 0),
                    "3a": ("must_trump", state.trump, legal == hand & trumps),
                    "3b": ("over_trump", state.trump, legal & ~trumps == 0),
                }[clause]
                assert (obligation.reason, obligation.suit) == (reason, suit), state.notation()
                # A Suit for every reason, the led suit's as the trump's.
                assert type(obligation.suit) is Suit, obligation
                assert holds, state.notation()
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])


@settings(max_examples=500, deadline=None)
@given(seeds, dealers)
def test_the_kernel_plays_the_cards_legal_mask_allows(seed: int, dealer: int) -> None:
    # The same draws choose among legal_mask's cards, with HandState keeping the tricks and
    # the score: a card the kernel allowed or refused wrongly changes the draws' meaning.
    fast = random_plain_hand(random.Random(seed), dealer)
    rng = random.Random(seed)
    state = HandState.deal(AUTO, dealer, rng)
    for _ in range(4):
        state.apply("pass")
    while not state.is_finished:
        cards = _ids(_rule_cards(state))
        state.apply(cards[int(rng.random() * len(cards))])
    assert state.result is not None
    assert fast == (state.result.winner, *state.result.points)


def _position(seed: int, bids: tuple[int, ...], first_trick: int, clause: str) -> HandState:
    """A seeded hand with ``bids`` (auto cantes, as the solver models them), stopped in trick
    ``first_trick`` or later where ``clause`` of rule 4.1 rules out some held card and leaves
    a choice of several.

    Seeded hands are played at random until one meets such a moment (rarer clauses, such
    as 2a, take a few hands); the root of the search is then a choice the clause constrains.
    """
    rng = random.Random(seed)
    fallback: HandState | None = None
    for _ in range(50):
        state = HandState.deal(AUTO, rng.randrange(4), rng)
        for bid in bids:
            state.apply(bid)
        while not state.is_finished:
            if len(state.tricks) >= first_trick:
                assert state.to_move is not None
                hand = state.hands[state.to_move]
                legal = _rule_cards(state)
                if legal != hand:
                    # A choice among several legal cards tells the most about the rule.
                    chosen = clause_of(hand, state.trick_mask, state.led_suit, state.trump)
                    if chosen == clause and legal.bit_count() > 1:
                        return state
                    fallback = fallback or state.copy()
            state.apply(rng.choice(_ids(_rule_cards(state))))
    assert fallback is not None
    return fallback


def _rule_moves(state: HandState) -> list[int]:
    """The cards :func:`legal_mask` allows: what the brute force tries."""
    return _ids(_rule_cards(state))


@settings(max_examples=300, deadline=None)
@given(seeds, BIDDINGS, CONSTRAINING)
def test_the_python_solver_values_follow_legal_mask(
    seed: int, bids: tuple[int, ...], clause: str
) -> None:
    # Positions in tricks 3 to 5, so the brute force stays small. Its root moves are
    # legal_mask's as solve_moves_python's are; below the root, the solver's own copy picks
    # the cards, and a card it allowed or refused wrongly shows in the values.
    state = _position(seed, bids, 2, clause)
    pos = position_from_state(state)
    max_team = maximizing_team(pos)
    expected = brute_force_moves(state, max_team, _rule_moves)
    assert solve_moves_python(pos) == expected, state.notation()
    best = max if pos.to_move & 1 == max_team else min
    # The root too: solve_python chooses among its copy's cards.
    assert solve_python(pos) == best(expected.values()), state.notation()


@pytest.mark.skipif(backend() != "c", reason="the compiled solver is not built")
@settings(max_examples=150, deadline=None)
@given(seeds, BIDDINGS, CONSTRAINING, st.booleans())
def test_the_compiled_solver_moves_are_legal_mask(
    seed: int, bids: tuple[int, ...], clause: str, small: bool
) -> None:
    # solve_moves runs the C twin when it is built: its keys are the C copy's legal cards at
    # the root, anywhere in the hand; on small positions its values are the brute force's.
    state = _position(seed, bids, 2 if small else 0, clause)
    pos = position_from_state(state)
    moves = solve_moves(pos)
    assert sorted(moves) == _ids(_rule_cards(state)), state.notation()
    if small:
        assert moves == brute_force_moves(state, maximizing_team(pos), _rule_moves), (
            state.notation()
        )

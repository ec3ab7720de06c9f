"""Hypothesis properties of random complete hands and matches."""

from __future__ import annotations

import random

from hypothesis import given, settings

from cuatrola.core.actions import NUM_ACTIONS, format_action, parse_action
from cuatrola.core.cards import FULL_DECK, mask_of, points_of
from cuatrola.core.hand import HandState
from cuatrola.core.match import MatchState
from cuatrola.core.records import hand_to_record, replay_record, replay_summary
from cuatrola.core.rules import CONTRACTS, Contract, Rules
from tests.strategies import finished_hands, play_out, rules_sets, seeds


@settings(max_examples=300, deadline=None)
@given(finished_hands())
def test_random_hands_keep_the_invariants(state: HandState) -> None:
    result = state.result
    assert result is not None
    assert len(state.tricks) == 5 and len(result.trick_winners) == 5
    active = 4 if state.sitting_out is None else 3
    played = 0
    for trick in state.tricks:
        assert len(trick.cards) == active
        assert state.sitting_out not in trick.seats
        trick_mask = mask_of(trick.cards)
        assert played & trick_mask == 0
        played |= trick_mask
    # Cards are conserved: played cards plus what is still held is the deck, once each.
    held = 0
    for hand in state.hands:
        assert held & hand == 0
        held |= hand
    assert played | held == FULL_DECK and played & held == 0
    dead = state.hands[state.sitting_out] if state.sitting_out is not None else 0
    assert held == dead
    cantes = sum(c.points for c in result.cantes)
    assert sum(result.points) == 130 - points_of(dead) + cantes
    if result.contract is Contract.PASS:
        assert sum(result.points) == 130 + cantes
    assert sum(result.tricks) == 5
    for cante in result.cantes:
        assert cante.seat != state.sitting_out and 0 <= cante.trick <= 2
        assert result.trick_winners[cante.trick] % 2 == cante.seat % 2
        assert cante.points == (40 if cante.suit == state.trump else 20)
    assert len({c.suit for c in result.cantes}) == len(result.cantes)
    assert len({c.trick for c in result.cantes}) == len(result.cantes)
    if not CONTRACTS[result.contract].cantes_allowed:
        assert result.cantes == ()
    assert result.score_after[result.winner] - result.score_before[result.winner] == (
        result.game_points
    )
    assert result.score_after[1 - result.winner] == result.score_before[1 - result.winner]


@settings(max_examples=200, deadline=None)
@given(finished_hands())
def test_a_record_round_trips_through_replay_to_the_same_result(state: HandState) -> None:
    record = hand_to_record(state, match="m1")
    replayed = replay_record(record)
    assert replayed.result is not None and state.result is not None
    assert replayed.result.to_json() == state.result.to_json()
    assert hand_to_record(replayed, match="m1") == record
    assert replay_summary(record)["ok"] is True


@settings(max_examples=200, deadline=None)
@given(finished_hands())
def test_legal_actions_are_sorted_and_every_illegal_one_is_refused(state: HandState) -> None:
    # Walk the same hand again and check, at every decision, that exactly the listed actions
    # are accepted.
    replay = HandState.from_masks(
        state.rules, state.dealer, list(state.dealt), state.trump_card, state.score_before
    )
    for action in state.history:
        legal = replay.legal_actions()
        assert legal == sorted(legal) and action in legal
        for probe in range(NUM_ACTIONS):
            if probe in legal:
                continue
            before = replay.notation()
            try:
                replay.apply(probe)
            except ValueError:
                assert replay.notation() == before
            else:  # pragma: no cover - would be a bug
                raise AssertionError(f"illegal action {format_action(probe)} was accepted")
        replay.apply(action)


@settings(max_examples=30, deadline=None)
@given(rules_sets, seeds)
def test_random_matches_end_with_a_winner_and_consistent_scores(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    match = MatchState(rules, rng=rng)
    while not match.is_over:
        play_out(match.start_hand(rng), rng)
        match.finish_hand()
        assert match.hands_played < 300
    assert match.winner is not None
    assert sum(r.game_points for r in match.results) == sum(match.score)


def test_action_notation_round_trips() -> None:
    for action in range(NUM_ACTIONS):
        assert parse_action(format_action(action)) == action
    assert parse_action("bid:solo") == parse_action("solo")

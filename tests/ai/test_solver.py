"""The double-dummy solver: exact values checked against brute-force minimax on the real engine.

The brute force below plays every legal continuation through :class:`HandState` with
``Rules(auto_cante=True)`` (the cantes model the solver documents) and scores the finished
hands with :attr:`HandState.result`, so it shares no code with the solver.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from cuatrola.ai.search import solver
from cuatrola.ai.search.solver import (
    Position,
    at_least,
    at_least_python,
    maximizing_team,
    mover_scores,
    position_from_state,
    solve,
    solve_moves,
    solve_moves_python,
    solve_python,
    validate_position,
)
from cuatrola.core.cards import mask_of
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Contract
from tests.ai.positions import (
    AUTO,
    CUATROLA,
    PASS,
    QUINTOLA,
    SOLO,
    brute_force,
    brute_force_moves,
    final_value,
)

#: Bids in speaking order (the mano first) giving each kind of hand, with the bidder's place.
BIDDINGS = {
    "plain": (PASS, PASS, PASS, PASS),
    "solo": (PASS, SOLO, PASS, PASS),
    "cuatrola": (CUATROLA, PASS, PASS, PASS),
    "quintola": (PASS, PASS, PASS, QUINTOLA),
}


def play_to(rng: random.Random, bids: tuple[int, ...], trick: int, cards: int) -> HandState:
    """A seeded hand with ``bids``, played at random up to card ``cards`` of trick ``trick``."""
    state = HandState.deal(AUTO, rng.randrange(4), rng)
    for bid in bids:
        state.apply(bid)
    while (len(state.tricks), len(state.trick_cards)) < (trick, cards):
        state.apply(rng.choice(state.legal_actions()))
    return state


def small_positions(kind: str, count: int, seed: int) -> list[HandState]:
    """Seeded hands of ``kind`` stopped anywhere in tricks 3 to 5 (index 2..4)."""
    rng = random.Random(seed)
    return [
        play_to(
            rng, BIDDINGS[kind], rng.randrange(2, 5), rng.randrange(4 if kind == "plain" else 3)
        )
        for _ in range(count)
    ]


@pytest.mark.parametrize("kind", list(BIDDINGS))
def test_python_solver_matches_brute_force(kind: str) -> None:
    for state in small_positions(kind, 150, seed=len(kind)):
        pos = position_from_state(state)
        expected = brute_force_moves(state, maximizing_team(pos))
        assert solve_moves_python(pos) == expected, state
        best = (
            max if state.to_move is not None and state.to_move & 1 == maximizing_team(pos) else min
        )
        assert solve_python(pos) == best(expected.values()), state


@pytest.mark.parametrize("kind", list(BIDDINGS))
def test_public_solver_matches_brute_force(kind: str) -> None:
    # solve/solve_moves use the compiled solver when it is built.
    for state in small_positions(kind, 150, seed=100 + len(kind)):
        pos = position_from_state(state)
        expected = brute_force_moves(state, maximizing_team(pos))
        assert solve_moves(pos) == expected, state
        assert solve(pos) in expected.values()


def test_solver_matches_brute_force_from_the_second_trick() -> None:
    # Bigger trees, fewer of them: contract hands (3 seats) from trick 2.
    rng = random.Random(7)
    for kind in ("solo", "cuatrola"):
        for _ in range(3):
            state = play_to(rng, BIDDINGS[kind], 1, 1)
            pos = position_from_state(state)
            expected = brute_force_moves(state, maximizing_team(pos))
            assert solve_moves_python(pos) == expected
            assert solve_moves(pos) == expected


@pytest.mark.parametrize("kind", list(BIDDINGS))
def test_at_least_answers_like_the_brute_force_value(kind: str) -> None:
    for state in small_positions(kind, 40, seed=200 + len(kind)):
        pos = position_from_state(state)
        value = brute_force(state, maximizing_team(pos))
        for threshold in (value - 7, value - 1, value, value + 1, value + 4):
            assert at_least_python(pos, threshold) is (value >= threshold), (state, threshold)
            assert at_least(pos, threshold) is (value >= threshold), (state, threshold)


def test_at_least_on_whole_hands_agrees_with_solve() -> None:
    rng = random.Random(12)
    for kind in BIDDINGS:
        state = play_to(rng, BIDDINGS[kind], 0, 0)
        pos = position_from_state(state)
        value = solve_python(pos)
        for threshold in (value - 1, value, value + 1):
            assert at_least_python(pos, threshold) is (value >= threshold)
            assert at_least(pos, threshold) is (value >= threshold)


@pytest.mark.parametrize("threshold", [True, 1.5, "4", 5000])
def test_at_least_rejects_a_bad_threshold(threshold: object) -> None:
    pos = good_position()
    for function in (at_least, at_least_python):
        with pytest.raises(ValueError, match="threshold"):
            function(pos, threshold)  # type: ignore[arg-type]


def seat_0_to_lead(
    hands: tuple[int, int, int, int],
    trump: int,
    points: tuple[int, int],
    tricks_won: tuple[int, int],
) -> Position:
    """A plain hand (all four passed) between tricks, nothing sung, seat 0 to lead:
    ``hands`` as card masks, the tricks played are those ``tricks_won`` counts."""
    return Position(
        hands=hands,
        trump=trump,
        to_move=0,
        trick=(),
        trick_seats=(),
        sitting_out=None,
        contract=Contract.PASS,
        bidder=None,
        points=points,
        tricks_won=tricks_won,
        tricks_played=sum(tricks_won),
        sung=0,
    )


def test_value_of_a_last_trick_counts_points_so_far_bonus_and_cards() -> None:
    hands = (mask_of(["AO"]), mask_of(["SO"]), mask_of(["3O"]), mask_of(["AC"]))
    pos = seat_0_to_lead(hands, trump=1, points=(50, 40), tricks_won=(2, 2))
    # Seat 3 trumps with AC: team 1 gets 11 + 2 + 10 + 11 + 10 (last trick).
    assert solve_python(pos) == 50 - (40 + 44)
    assert solve(pos) == -34
    assert solve_moves(pos) == {0: -34}


def test_cante_after_a_won_trick_is_counted() -> None:
    # Trick 3 to play; seat 0 holds RO+CO (trump O): winning this trick sings the 40.
    hands = (
        mask_of(["AE", "RO", "CO"]),
        mask_of(["SE", "CC", "3C"]),
        mask_of(["CE", "RC", "SB"]),
        mask_of(["RE", "AB", "3B"]),
    )
    # (No other cante is possible: nobody else holds a rey and caballo of one suit.)
    pos = seat_0_to_lead(hands, trump=0, points=(0, 0), tricks_won=(1, 1))
    with_cantes = solve_python(pos)
    without = solve_python(dataclasses.replace(pos, cantes=False))
    assert with_cantes - without >= 40
    assert solve(pos) == with_cantes
    assert solve(dataclasses.replace(pos, cantes=False)) == without
    # Already sung: nothing more to sing in oros.
    assert solve_python(dataclasses.replace(pos, sung=1)) == without


def test_tricks_objective_counts_the_bidders_team_whatever_its_number() -> None:
    rng = random.Random(11)
    for _ in range(20):
        state = play_to(rng, (PASS, CUATROLA, PASS, PASS), 3, 0)
        pos = position_from_state(state)
        assert pos.bidder is not None
        assert maximizing_team(pos) == pos.bidder & 1
        value = solve(pos)
        assert pos.tricks_won[pos.bidder & 1] <= value <= pos.tricks_won[pos.bidder & 1] + 2


def test_mover_scores_are_higher_is_better_for_the_side_to_move() -> None:
    rng = random.Random(5)
    for kind in BIDDINGS:
        state = play_to(rng, BIDDINGS[kind], 2, 1)
        pos = position_from_state(state)
        values = solve_moves(pos)
        scores = mover_scores(pos, values)
        best_by_score = max(scores, key=lambda c: scores[c])
        sign = 1 if pos.to_move & 1 == maximizing_team(pos) else -1
        assert values[best_by_score] * sign == max(v * sign for v in values.values())


def test_keep_table_gives_the_same_values() -> None:
    rng = random.Random(9)
    states = [play_to(rng, BIDDINGS["plain"], 1, 0) for _ in range(10)]
    fresh = [solve_moves(position_from_state(s)) for s in states]
    kept = [solve_moves(position_from_state(s), keep_table=True) for s in states]
    kept_python = [solve_moves_python(position_from_state(s), keep_table=True) for s in states]
    assert fresh == kept == kept_python


def test_position_from_state_reads_the_play() -> None:
    state = play_to(random.Random(3), BIDDINGS["solo"], 1, 2)
    pos = position_from_state(state)
    assert pos.sitting_out is not None
    assert pos.hands[pos.sitting_out] == 0
    assert pos.trick == tuple(state.trick_cards)
    assert pos.tricks_played == 1
    assert sum(pos.tricks_won) == 1
    validate_position(pos)


def test_position_from_state_refuses_the_bidding() -> None:
    state = HandState.deal(AUTO, 0, random.Random(1))
    with pytest.raises(ValueError, match="card play"):
        position_from_state(state)


def good_position() -> Position:
    return position_from_state(play_to(random.Random(21), BIDDINGS["solo"], 2, 1))


#: A bad change to a good position and what the error message names (Python and C alike).
BAD_CHANGES: dict[str, tuple[object, str]] = {
    "hands not a tuple of 4": ({"hands": (1, 2, 3)}, "hands"),
    "a card in two hands": ("dup", "holds a card another seat holds"),
    "negative hand": ("neg", "hand"),
    "trump out of range": ({"trump": 4}, "trump"),
    "trump a bool": ({"trump": True}, "trump"),
    "to_move out of range": ({"to_move": 7}, "to_move"),
    "sitting out moves": ("sitting", "sits out and cannot move"),
    "plain hand with a bidder": ({"contract": Contract.PASS}, "a plain hand has no bidder"),
    "wrong seat sits out": ("wrong_out", "the bidder's partner sits out"),
    "tricks played out of range": ({"tricks_played": 5}, "tricks_played"),
    "tricks won do not add up": ({"tricks_won": (0, 0)}, "tricks_won"),
    "sung out of range": ({"sung": 16}, "sung"),
    "cantes not a bool": ({"cantes": 1}, "cantes"),
    "negative points": ({"points": (-1, 0)}, "points"),
    "trick seats mismatch": ({"trick_seats": ()}, "trick and trick_seats"),
    "card counts wrong": ({"tricks_played": 1, "tricks_won": (1, 0)}, "must have"),
}


def bad_position(name: str) -> Position:
    pos = good_position()
    change = BAD_CHANGES[name][0]
    if isinstance(change, dict):
        return dataclasses.replace(pos, **change)
    hands = list(pos.hands)
    if change == "dup":
        seat = next(s for s in range(4) if hands[s] and s != pos.to_move)
        other = next(s for s in range(4) if hands[s] and s != seat)
        hands[other] |= hands[seat] & -hands[seat]
        return dataclasses.replace(pos, hands=(hands[0], hands[1], hands[2], hands[3]))
    if change == "neg":
        hands[pos.to_move] = -1
        return dataclasses.replace(pos, hands=(hands[0], hands[1], hands[2], hands[3]))
    if change == "sitting":
        return dataclasses.replace(pos, to_move=pos.sitting_out)  # type: ignore[arg-type]
    assert change == "wrong_out"
    assert pos.bidder is not None
    return dataclasses.replace(pos, sitting_out=(pos.bidder + 1) & 3)


@pytest.mark.parametrize("name", list(BAD_CHANGES))
def test_bad_positions_raise_value_error(name: str) -> None:
    pos = bad_position(name)
    pattern = BAD_CHANGES[name][1]
    for function in (solve_python, solve_moves_python, solve, solve_moves):
        with pytest.raises(ValueError, match=pattern):
            function(pos)
    for answer in (at_least, at_least_python):
        with pytest.raises(ValueError, match=pattern):
            answer(pos, 0)


def test_a_non_position_raises_value_error() -> None:
    with pytest.raises(ValueError, match="Position"):
        solve("AO")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Position"):
        solve_python(None)  # type: ignore[arg-type]


def test_backend_names_the_solver_in_use() -> None:
    assert solver.backend() in ("c", "python")


@pytest.mark.parametrize("kind", list(BIDDINGS))
def test_play_card_follows_the_engine(kind: str) -> None:
    """Playing a card on a position gives the position of the engine's hand after it."""
    rng = random.Random(f"play-card:{kind}")
    for _ in range(60):
        state = play_to(rng, BIDDINGS[kind], rng.randrange(5), rng.randrange(3))
        while not state.is_finished:
            pos = position_from_state(state)
            legal = list(state.legal_actions())
            assert sum(1 << a for a in legal) == solver.legal_moves(pos)
            card = rng.choice(legal)
            state.apply(card)
            after = solver.play_card(pos, card)
            if state.is_finished:
                assert after.tricks_played == 5
                assert solver.final_value(after) == final_value(state)
            else:
                assert after == position_from_state(state)


def test_solve_is_the_best_value_over_play_card() -> None:
    """The solver's value is the mover's best over the positions one card later."""
    for state in small_positions("plain", 60, seed=77) + small_positions("solo", 60, seed=78):
        pos = position_from_state(state)
        children = []
        for card in range(20):
            if solver.legal_moves(pos) >> card & 1:
                child = solver.play_card(pos, card)
                done = child.tricks_played == 5
                children.append(solver.final_value(child) if done else solve(child))
        best = max(children) if pos.to_move & 1 == maximizing_team(pos) else min(children)
        assert solve(pos) == best

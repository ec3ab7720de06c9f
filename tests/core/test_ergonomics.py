"""The public API takes what the views hold, and its fast checked path plays the same rules."""

from __future__ import annotations

import random
from enum import IntEnum

import pytest
from hypothesis import given, settings

import cuatrola
from cuatrola.bench.reference import reference_legal, reference_winner
from cuatrola.core.actions import NUM_ACTIONS
from cuatrola.core.cards import CARD_CODES, cards_of
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Rules
from cuatrola.core.views import public_view, view_for
from cuatrola.protocol import hand_view
from cuatrola.protocol.views import view_from_wire
from tests.strategies import dealers, rules_sets, seeds
from tests.support.play import every_state


@settings(max_examples=60, deadline=None)
@given(rules=rules_sets, seed=seeds, dealer=dealers)
def test_legal_cards_and_trick_winner_take_a_views_fields(
    rules: Rules, seed: int, dealer: int
) -> None:
    for state in every_state(rules, seed, dealer):
        if state.phase is not Phase.PLAY:
            continue
        assert state.to_move is not None
        view = view_for(state, state.to_move)
        assert view.trump is state.trump_card.suit
        assert cuatrola.legal_cards(view.hand, view.trick, view.trump) == view.legal_cards
        assert view.legal_cards == state.legal_cards()
        if view.trick:
            index = cuatrola.trick_winner(view.trick, view.trump)
            assert index == cuatrola.trick_winner([c for _, c in view.trick], view.trump.letter)
    for trick in state.tricks:
        pairs = list(zip(trick.seats, trick.cards, strict=True))
        assert pairs[cuatrola.trick_winner(pairs, state.trump)][0] == trick.winner


def test_the_trump_is_a_suit_on_the_hand_its_views_and_the_wire() -> None:
    state = HandState.deal(Rules(), 2, random.Random(5))
    assert type(state.trump) is cuatrola.Suit and state.trump is state.trump_card.suit
    view = view_for(state, 1)
    assert type(view.trump) is cuatrola.Suit and type(public_view(state).trump) is cuatrola.Suit
    back = view_from_wire(hand_view(view), Rules(), seat=1)
    assert type(back.trump) is cuatrola.Suit and back == view


def test_phases_print_their_names() -> None:
    assert [str(p) for p in cuatrola.Phase] == ["bidding", "play", "cante", "finished"]
    assert f"{cuatrola.Phase.CANTE}" == "cante" and int(cuatrola.Phase.CANTE) == 2


def test_explain_illegal_takes_a_code_and_gives_the_reason_apply_raises() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        state = HandState.deal(Rules(), rng.randrange(4), rng)
        while not state.is_finished:
            legal = set(state.legal_actions())
            for action in range(NUM_ACTIONS):
                code = cuatrola.format_action(action)
                reason = state.explain_illegal(code)
                assert reason == state.explain_illegal(action)
                if action in legal:
                    assert reason == ""
                    continue
                with pytest.raises(cuatrola.IllegalActionError) as caught:
                    state.apply(code)
                assert caught.value.reason == reason != ""
                checked += 1
            actions = sorted(legal)
            state.apply(actions[int(rng.random() * len(actions))])
        assert state.explain_illegal("AO") == "the hand is over"
    assert checked > 1000
    with pytest.raises(cuatrola.InvalidActionError):
        state.explain_illegal("ZZ")


def test_a_view_knows_its_team_partner_and_opponents() -> None:
    state = HandState.deal(Rules(), 0, random.Random(1))
    for seat in range(4):
        view = view_for(state, seat)
        assert view.team == seat % 2 == cuatrola.team_of(seat) == view.team_of(seat)
        assert view.partner == (seat + 2) % 4 == cuatrola.partner_of(seat)
        assert view.partner_of(view.partner) == seat
        assert set(view.opponents) == {s for s in range(4) if s % 2 != seat % 2}
        assert [view.is_partner(s) for s in range(4)] == [s % 2 == seat % 2 for s in range(4)]


@pytest.mark.parametrize("seat", [-1, 4, 5, -4, 2**70, True, False, 1.0, "1", None, (0,)])
def test_team_and_partner_refuse_what_is_not_a_seat(seat: object) -> None:
    state = HandState.deal(Rules(), 0, random.Random(1))
    view = view_for(state, 0)
    checks = (
        cuatrola.team_of,
        cuatrola.partner_of,
        view.team_of,
        view.partner_of,
        view.is_partner,
        public_view(state).partner_of,
    )
    for check in checks:
        with pytest.raises(ValueError, match=r"^expected a seat 0\.\.3, got "):
            check(seat)  # type: ignore[arg-type]


class _IndexSeat:
    """An integer type that is not ``int`` (as NumPy's are): it has ``__index__``."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __index__(self) -> int:
        return self.seat


class _Seat(IntEnum):
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3


def test_team_and_partner_take_any_integer_seat_and_answer_plain_ints() -> None:
    for seat in range(4):
        for given_seat in (_IndexSeat(seat), _Seat(seat)):
            team = cuatrola.team_of(given_seat)  # type: ignore[arg-type]
            partner = cuatrola.partner_of(given_seat)  # type: ignore[arg-type]
            assert (team, partner) == (seat % 2, (seat + 2) % 4)
            assert type(team) is int and type(partner) is int


@settings(max_examples=40, deadline=None)
@given(rules=rules_sets, seed=seeds, dealer=dealers)
def test_the_text_board_of_a_view_shows_its_own_cards_and_no_hidden_one(
    rules: Rules, seed: int, dealer: int
) -> None:
    for state in every_state(rules, seed, dealer):
        full = str(state)
        for seat in range(4):
            for card in state.hand_of(seat):
                assert str(card) in full
        spectator = str(public_view(state))
        for seat in range(4):
            view = view_for(state, seat)
            text = str(view)
            assert text.splitlines()[0].startswith(str(state.phase))
            for card in view.hand:
                assert str(card) in text
            visible = {state.trump_card}
            if state.is_finished and state.sitting_out is not None:
                visible |= set(state.hand_of(state.sitting_out))
            for other in range(4):
                if other == seat:
                    continue
                for card in state.hand_of(other):
                    if card not in visible:
                        assert str(card) not in text.split("|", 1)[1]
                        assert str(card) not in spectator.split("|", 1)[1]


@settings(max_examples=80, deadline=None)
@given(rules=rules_sets, seed=seeds, dealer=dealers)
def test_checked_apply_and_apply_unchecked_reach_the_same_states(
    rules: Rules, seed: int, dealer: int
) -> None:
    rng = random.Random(seed)
    checked = HandState.deal(rules, dealer, rng)
    unchecked = checked.copy()
    by_code = checked.copy()
    while not checked.is_finished:
        actions = checked.legal_actions()
        # Ask for the legal mask on one path only, so the cached and the fresh mask both play.
        action = actions[int(rng.random() * len(actions))]
        checked.apply(action)
        by_code.apply(cuatrola.format_action(action), seat=by_code.to_move)
        unchecked.apply_unchecked(action)
        for other in (unchecked, by_code):
            assert other.notation() == checked.notation()
            assert other.legal_actions() == checked.legal_actions()
            assert other.cantes == checked.cantes and other.tricks == checked.tricks
    assert checked.result == unchecked.result == by_code.result
    assert checked.result is not None and sum(checked.result.tricks) == 5
    history = list(checked.history)
    while history:
        assert checked.undo() == history.pop()
        replayed = HandState.from_masks(
            rules, dealer, checked.dealt, checked.trump_card, checked.score_before
        )
        for action in history:
            replayed.apply(action)
        assert checked.notation() == replayed.notation()
        assert checked.legal_actions() == replayed.legal_actions()


@settings(max_examples=60, deadline=None)
@given(seed=seeds, dealer=dealers)
def test_the_benchmarks_reference_plays_the_same_rules(seed: int, dealer: int) -> None:
    for state in every_state(Rules(auto_cante=True), seed, dealer):
        if state.phase is not Phase.PLAY:
            continue
        assert state.to_move is not None

        def pairs(mask: int) -> list[tuple[int, int]]:
            return [(c.suit.value, c.rank.value) for c in cards_of(mask)]

        table = [(c // 5, c % 5) for c in state.trick_cards]
        legal = sorted(reference_legal(pairs(state.hands[state.to_move]), table, state.trump))
        assert [CARD_CODES[s * 5 + r] for s, r in legal] == [str(c) for c in state.legal_cards()]
    for trick in state.tricks:
        played = [(seat, (c // 5, c % 5)) for seat, c in zip(trick.seats, trick.cards, strict=True)]
        assert reference_winner(played, state.trump) == trick.winner


def test_a_complete_trick_is_refused_rather_than_answered() -> None:
    # A trick passed once it is complete (the four cards of a plain hand) would get an
    # answer as if it were still open: refused instead.
    full = ["CO", "AO", "SB", "3O"]
    with pytest.raises(ValueError, match="a trick is complete with 4 cards; the table holds 4"):
        cuatrola.legal_cards(["RC"], full, "B")
    assert cuatrola.trick_winner(full, "B") == 2
    with pytest.raises(ValueError, match="a trick holds at most 4 cards, got 5"):
        cuatrola.trick_winner([*full, "RO"], "B")

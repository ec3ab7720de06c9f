"""Per-seat and spectator views hold no card they may not know."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cuatrola.core.cards import Card, mask_of
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Rules
from cuatrola.core.views import PublicView, SeatView, public_view, view_for
from tests.strategies import seeds
from tests.support.play import every_state


def _cards_in(value: object) -> set[int]:
    """Every Card reachable from a view value (tuples, dataclasses)."""
    found: set[int] = set()
    if isinstance(value, Card):
        found.add(int(value))
    elif isinstance(value, tuple | list):
        for item in value:
            found |= _cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found |= _cards_in(getattr(value, field.name))
    return found


def test_view_types_have_no_field_for_other_seats_cards() -> None:
    public = {f.name for f in dataclasses.fields(PublicView)}
    seat = {f.name for f in dataclasses.fields(SeatView)}
    # obligation is a reason key and a suit number: no card in it.
    assert seat - public == {"seat", "hand", "legal_actions", "obligation"}
    assert "hands" not in public and "dealt" not in public


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_a_seat_sees_only_its_own_cards_played_cards_and_the_shown_card(seed: int) -> None:
    for state in every_state(Rules(), seed, seed % 4):
        played = 0
        for trick in state.tricks:
            played |= mask_of(trick.cards)
        played |= mask_of(state.trick_cards)
        shown = state.trump_card_shown
        for seat in range(4):
            seen = _cards_in(view_for(state, seat))
            allowed = state.hands[seat] | played | (1 << shown if shown is not None else 0)
            if state.phase is Phase.FINISHED and state.sitting_out is not None:
                allowed |= state.hands[state.sitting_out]
            assert mask_of(seen) & ~allowed == 0
        spectator_seen = mask_of(_cards_in(public_view(state)))
        spectator_allowed = played | (1 << shown if shown is not None else 0)
        if state.phase is Phase.FINISHED and state.sitting_out is not None:
            spectator_allowed |= state.hands[state.sitting_out]
        assert spectator_seen & ~spectator_allowed == 0


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(0, 3), st.randoms(use_true_random=False))
def test_a_seats_view_is_invariant_when_other_seats_unseen_cards_are_reshuffled(
    seed: int, seat: int, shuffler: random.Random
) -> None:
    states = every_state(Rules(), seed, seed % 4)
    state = states[shuffler.randrange(len(states))]
    if state.is_finished:
        return
    # Pool every unseen card held by the other seats (the shown card stays with the dealer)
    # and deal it back with the same counts: a world the seat cannot tell apart.
    others = [s for s in range(4) if s != seat]
    pinned = {
        s: (
            1 << state.trump_card if s == state.dealer and state.trump_card_shown is not None else 0
        )
        for s in others
    }
    pool = [c for s in others for c in range(20) if (state.hands[s] & ~pinned[s]) >> c & 1]
    shuffler.shuffle(pool)
    resampled = state.copy()
    for s in others:
        count = (state.hands[s] & ~pinned[s]).bit_count()
        resampled.hands[s] = mask_of(pool[:count]) | pinned[s]
        pool = pool[count:]
    assert view_for(resampled, seat) == view_for(state, seat)
    assert public_view(resampled) == public_view(state)


def test_the_dead_hand_is_revealed_only_when_the_hand_is_over() -> None:
    rng = random.Random(8)
    state = HandState.deal(Rules(), 0, rng)
    for bid in ("solo", "pass", "pass", "pass"):
        state.apply(bid)
    dead_seat = state.sitting_out
    assert dead_seat is not None
    assert public_view(state).dead_hand is None
    while not state.is_finished:
        assert view_for(state, (dead_seat + 1) % 4).dead_hand is None
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    assert public_view(state).dead_hand == tuple(state.hand_of(dead_seat))


def test_only_the_seat_to_move_gets_legal_actions() -> None:
    state = HandState.deal(Rules(), 0, random.Random(3))
    assert view_for(state, 1).legal_actions == tuple(state.legal_actions())
    assert all(view_for(state, s).legal_actions == () for s in (0, 2, 3))


def test_docs_api_names_every_public_field_of_a_seat_view() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("### The fields of a view", 1)[1].split("\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    documented = set()
    for row in rows:
        documented |= set(re.findall(r"`(\w+)(?:\([^)]*\))?`", row.split(" | ")[0]))
    public = {name for name in dir(SeatView) if not name.startswith("_")}
    assert public - documented == set(), "SeatView fields missing from docs/api.md"
    assert documented - public == set(), "docs/api.md names fields SeatView does not have"

"""A client rebuilds exactly the core view that the server encoded (protocol.views)."""

from __future__ import annotations

import random

import pytest

from cuatrola.core.cards import Suit
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import public_view, view_for
from cuatrola.protocol.views import HandView, hand_view, public_hand_view, view_from_wire


@pytest.mark.parametrize(
    "rules", [Rules.exact(11), Rules.fixed_hands(11, quintola=False), Rules.first_to(21)]
)
def test_every_view_of_random_hands_survives_the_wire(rules: Rules) -> None:
    rng = random.Random(2024)
    for _ in range(40):
        state = HandState.deal(rules, dealer=rng.randrange(4), rng=rng)
        while True:
            for seat in range(4):
                view = view_for(state, seat)
                back = view_from_wire(hand_view(view), rules, seat)
                assert back == view
                if back.obligation is not None:  # a Suit, as the engine's, not a plain int
                    assert type(back.obligation.suit) is Suit
            if state.is_finished:
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    "rules", [Rules.exact(11), Rules.fixed_hands(11, quintola=False), Rules.first_to(21)]
)
def test_the_public_wire_view_made_from_the_fields_is_that_of_the_public_view(
    rules: Rules,
) -> None:
    rng = random.Random(7)
    for _ in range(40):
        state = HandState.deal(rules, dealer=rng.randrange(4), rng=rng)
        while True:
            # Every phase, a sitting-out seat's dead hand and the summary included.
            assert public_hand_view(state) == hand_view(public_view(state))
            if state.is_finished:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_a_view_with_an_unknown_phase_is_refused() -> None:
    state = HandState.deal(Rules(), dealer=0, rng=random.Random(1))
    wire = hand_view(view_for(state, 2))
    fields = {name: getattr(wire, name) for name in wire.__struct_fields__}
    fields["phase"] = "dancing"
    with pytest.raises(ValueError, match="'dancing'"):
        view_from_wire(HandView(**fields), Rules(), 2)


def test_the_field_table_lists_every_public_field_in_the_wire_order() -> None:
    from cuatrola.core.views import PublicView
    from cuatrola.protocol.views import _FIELDS

    names = [name for name, _, _ in _FIELDS]
    wire = list(HandView.__struct_fields__)
    # hand_view passes the values positionally: the table must follow the struct's order.
    assert names == wire[: len(names)]
    assert wire[len(names)] == "summary"
    core = set(PublicView.__dataclass_fields__) - {"rules", "result", "dead_hand"}
    assert set(names) == core

"""Hints (cuatrola.ai.hints): the reason read from a position and the move, and the seed."""

from __future__ import annotations

import pytest

from cuatrola.ai.hints import REASONS, hint_reason, hint_seed
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Rules
from cuatrola.core.views import view_for

PASSES = ("pass",) * 4
# Dealt by seat 0: seat 1 leads, seat 0 plays fourth.
PARTNER_WINS = ("3O RO AC CE SB", "SO 3C AE 3E CB", "AO RC RE AB 3B", "CO CC SC SE RB")
WE_WIN = ("AO 3O AC CE SB", "RO 3C AE 3E CB", "SO RC RE AB 3B", "CO CC SC SE RB")
THEY_WIN = ("3O RO AC CE SB", "AO 3C AE 3E CB", "SO RC RE AB 3B", "CO CC SC SE RB")
VOID = ("SB CB 3O RO AC", "AE AO CO RC AB", "SE 3E SO CC 3B", "CE RE SC RB 3C")
ONE_TRUMP = ("SB 3O RO AC 3C", "AE AO CO RC AB", "SE 3E SO CC 3B", "CE RE SC RB CB")
CANTE = ("RB CB RO CO AE", "3E AO 3O AC 3C", "SE SO RC CC SC", "CE RE AB 3B SB")
# Dealt by seat 3: seat 0 is the mano and leads.
LEADER = ("3O RO AC 3C AB", "AO CO SO RC CC", "AE 3E RE CE SE", "SC 3B RB CB SB")

CASES = [
    # (dealer, hands, trump card, actions before, the move, its reason)
    (3, LEADER, "SB", (), "pass", "pass"),
    (3, LEADER, "SB", (), "solo", "bid"),
    (0, CANTE, "CB", (*PASSES, "3E", "SE", "CE", "AE"), "cante:B", "sing"),
    (0, CANTE, "CB", (*PASSES, "3E", "SE", "CE", "AE"), "nocante", "no_cante"),
    (3, LEADER, "SB", PASSES, "AB", "leads_trump"),
    (3, LEADER, "SB", PASSES, "AC", "leads_winner"),
    (3, LEADER, "SB", PASSES, "3C", "leads_winner"),  # the ace of cups is in the same hand
    (3, LEADER, "SB", PASSES, "RO", "leads_low"),  # the ace of coins is still out
    (0, ONE_TRUMP, "SB", (*PASSES, "AE", "SE", "CE"), "SB", "only_card"),
    (0, VOID, "SB", (*PASSES, "AE", "SE", "CE"), "SB", "trumps"),
    (0, WE_WIN, "SB", (*PASSES, "RO", "SO", "CO"), "AO", "wins_trick"),
    (0, PARTNER_WINS, "SB", (*PASSES, "SO", "AO", "CO"), "3O", "gives_points"),
    (0, PARTNER_WINS, "SB", (*PASSES, "SO", "AO", "CO"), "RO", "partner_wins"),
    (0, THEY_WIN, "SB", (*PASSES, "AO", "SO", "CO"), "RO", "plays_low"),
]


@pytest.mark.parametrize(("dealer", "hands", "trump", "actions", "move", "reason"), CASES)
def test_the_reason_is_read_from_the_position_and_the_move(
    dealer: int,
    hands: tuple[str, ...],
    trump: str,
    actions: tuple[str, ...],
    move: str,
    reason: str,
) -> None:
    state = HandState.from_cards(Rules(), dealer, [h.split() for h in hands], trump)
    for action in actions:
        state.apply(action)
    assert state.to_move is not None
    view = view_for(state, state.to_move)
    assert move in view.legal_action_names
    assert hint_reason(view, move) == reason
    assert reason in REASONS


def test_every_reason_is_taught_by_a_case() -> None:
    assert {case[-1] for case in CASES} == set(REASONS)


def test_the_seed_is_the_same_for_the_same_decision_only() -> None:
    assert hint_seed("t-1", 7) == hint_seed("t-1", 7)
    assert len({hint_seed(t, n) for t in ("t-1", "t-2") for n in range(50)}) == 100

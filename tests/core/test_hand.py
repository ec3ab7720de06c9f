"""Bidding, sitting out, play order, cantes and scoring: docs/rules.md sections 2-6."""

from __future__ import annotations

import random

import pytest

from cuatrola.core.actions import format_action
from cuatrola.core.cards import SUIT_LETTERS, cards_of
from cuatrola.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import view_for

# Every seat holds one whole suit: seat 0 oros, 1 copas, 2 espadas, 3 bastos (trump, CB shown).
# So every seat can sing its own suit, and the bastos player trumps every lead he is void in.
SUITED = ["AO 3O RO CO SO", "AC 3C RC CC SC", "AE 3E RE CE SE", "AB 3B RB CB SB"]


def suited(rules: Rules = Rules(), dealer: int = 3, score: tuple[int, int] = (0, 0)) -> HandState:
    shown = "C" + "OCEB"[dealer]  # the dealer holds the whole suit of his seat
    return HandState.from_cards(rules, dealer, [h.split() for h in SUITED], shown, score)


def names(state: HandState) -> list[str]:
    return [format_action(a) for a in state.legal_actions()]


def run(state: HandState, actions: str) -> HandState:
    for action in actions.split():
        state.apply(action)
    return state


# --- Section 2: deal and trump -----------------------------------------------------------------


def test_deal_gives_five_cards_each_and_the_shown_card_to_the_dealer() -> None:
    for dealer in range(4):
        state = HandState.deal(Rules(), dealer, random.Random(dealer))
        assert [h.bit_count() for h in state.hands] == [5, 5, 5, 5]
        assert state.hands[dealer] >> state.trump_card & 1
        assert state.trump == state.trump_card.suit
        assert state.mano == (dealer + 1) % 4 == state.to_move


def test_deal_is_reproducible_from_the_injected_rng() -> None:
    a = HandState.deal(Rules(), 0, random.Random(99))
    b = HandState.deal(Rules(), 0, random.Random(99))
    assert a.dealt == b.dealt and a.trump_card == b.trump_card


# --- Section 3: bidding ------------------------------------------------------------------------


def test_bidding_is_one_lap_from_the_mano_ending_with_the_dealer() -> None:
    state = suited(dealer=1)
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state.apply("pass")
    assert order == [2, 3, 0, 1]
    assert state.phase is Phase.PLAY and state.contract is Contract.PASS


def test_a_bid_must_be_strictly_higher() -> None:
    state = run(suited(), "cuatrola")
    assert names(state) == ["pass", "quintola"]
    with pytest.raises(IllegalActionError, match="higher than the highest"):
        state.apply("solo")


def test_raising_the_partners_bid_is_allowed() -> None:
    state = run(suited(), "solo pass cuatrola pass")
    assert state.bidder == 2 and state.contract is Contract.CUATROLA
    assert state.sitting_out == 0


def test_quintola_is_not_offered_with_the_variant_off() -> None:
    state = suited(Rules(quintola=False))
    assert names(state) == ["pass", "solo", "cuatrola"]
    with pytest.raises(IllegalActionError, match="Quintola variant is off"):
        state.apply("quintola")


@pytest.mark.parametrize(
    ("own_score", "allowed"),
    [
        (0, ["pass", "solo", "cuatrola", "quintola"]),
        (6, ["pass", "solo", "cuatrola", "quintola"]),
        (7, ["pass", "solo", "cuatrola"]),
        (8, ["pass", "solo"]),
        (9, ["pass", "solo"]),
        (10, ["pass"]),
    ],
)
def test_bid_cap_at_target_eleven(own_score: int, allowed: list[str]) -> None:
    state = suited(score=(own_score, 0), dealer=3)  # mano is seat 0, team 0
    assert names(state) == allowed


def test_bid_cap_counts_the_bidders_own_team_only() -> None:
    state = suited(score=(10, 0), dealer=3)
    state.apply("pass")  # seat 0 (team 0, at 10) may only pass
    assert names(state) == ["pass", "solo", "cuatrola", "quintola"]  # seat 1, team 1 at 0


def test_no_bid_cap_without_an_exact_target() -> None:
    for rules in (Rules.first_to(21), Rules.fixed_hands(11)):
        state = suited(rules, score=(20, 0))
        assert names(state) == ["pass", "solo", "cuatrola", "quintola"]


def test_a_custom_target_caps_bids_at_that_target() -> None:
    state = suited(Rules.exact(3), score=(1, 0))
    assert names(state) == ["pass", "solo"]


def test_the_bidders_partner_sits_out_and_play_skips_him() -> None:
    state = run(suited(), "pass solo pass pass")
    assert (state.bidder, state.sitting_out) == (1, 3)
    assert state.active_seats == (0, 1, 2)
    run(state, "AO AC AE")  # three-card trick
    assert len(state.tricks) == 1 and state.tricks[0].seats == (0, 1, 2)
    assert state.hands[3].bit_count() == 5  # the dead hand is never played


def test_when_the_mano_sits_out_the_next_active_seat_leads() -> None:
    state = run(suited(dealer=3), "pass pass solo pass")  # bidder 2, mano 0 sits out
    assert state.sitting_out == 0 and state.to_move == 1


def test_when_the_dealer_sits_out_his_shown_card_is_dead_but_still_trump() -> None:
    state = run(suited(dealer=3), "pass solo pass pass")  # bidder 1, dealer 3 sits out
    assert state.sitting_out == 3 and state.trump == 3
    assert state.trump_card_shown is not None  # shown, dead, never played


# --- Section 4: play ---------------------------------------------------------------------------


def test_trick_winner_leads_the_next_trick() -> None:
    state = run(suited(), "pass pass pass pass AO AC AE SB")  # bastos trumps
    assert state.tricks[0].winner == 3
    assert state.phase is Phase.CANTE  # team 1 can sing


def test_an_illegal_card_names_action_seat_and_reason_and_changes_nothing() -> None:
    hands = ["AO RO SO 3E SB", "3C RC AE CE AB", "3O CC SC RE SE", "CO AC 3B RB CB"]
    state = HandState.from_cards(Rules(), 3, [h.split() for h in hands], "CB")
    run(state, "pass pass pass pass SO")
    before = (state.notation(), list(state.history))
    with pytest.raises(IllegalActionError, match="void in O, must play a trump") as info:
        state.apply("CE", seat=1)
    assert (info.value.action, info.value.seat) == ("CE", 1)
    assert "CE is not legal for seat 1" in str(info.value)
    assert (state.notation(), list(state.history)) == before
    assert names(state) == ["AB"]


FIRST_DEAL = ["AO RO SO 3E SB", "3C RC AE CE AB", "3O CC SC RE SE", "CO AC 3B RB CB"]
OVER_TRUMP_DEAL = ["AC 3C RC CC SC", "SB AO 3O RO CO", "RB 3B SO AE 3E", "AB CB RE CE SE"]


@pytest.mark.parametrize(
    ("deal", "actions", "legal", "reason", "suit"),
    [
        # Seat 0 leads: every card is legal, nothing to explain.
        (FIRST_DEAL, "", ["AO", "RO", "SO", "3E", "SB"], None, None),
        # Seat 1 is void in oros and holds a trump.
        (FIRST_DEAL, "SO", ["AB"], "must_trump", "B"),
        # Seat 2 holds an oro; a trump is on the table, so any oro will do.
        (FIRST_DEAL, "SO AB", ["3O"], "follow_suit", "O"),
        # Seat 1 must follow espadas and beat the tres.
        (FIRST_DEAL, "3E", ["AE"], "follow_suit_beat", "E"),
        # Seat 2 is void in copas with a trump on the table: he must over-trump it.
        (OVER_TRUMP_DEAL, "AC SB", ["3B", "RB"], "over_trump", "B"),
    ],
)
def test_the_obligation_names_why_the_other_cards_are_not_legal(
    deal: list[str], actions: str, legal: list[str], reason: str | None, suit: str | None
) -> None:
    state = HandState.from_cards(Rules(), 3, [h.split() for h in deal], "CB")
    run(state, "pass pass pass pass " + actions)
    assert sorted(names(state)) == sorted(legal)
    obligation = state.obligation()
    if reason is None:
        assert obligation is None
        return
    assert obligation is not None
    assert (obligation.reason, SUIT_LETTERS[obligation.suit]) == (reason, suit)
    seat = state.to_move
    assert seat is not None
    view = view_for(state, seat)
    assert view.obligation == obligation
    # Every card the seat may not play is refused with the same obligation in words.
    for card in cards_of(state.hands[seat]):
        if str(card) not in legal:
            with pytest.raises(IllegalActionError, match=obligation.text(state.led_suit)):
                state.apply(str(card))


def test_no_obligation_outside_the_play_phase() -> None:
    state = suited()
    assert state.obligation() is None  # bidding
    run(state, "pass pass pass pass AO AC AE SB")
    assert state.phase is Phase.CANTE and state.obligation() is None


def test_card_not_held_is_refused() -> None:
    state = run(suited(), "pass pass pass pass")
    before = (state.notation(), list(state.history))
    with pytest.raises(IllegalActionError, match="seat 0 does not hold AC") as info:
        state.apply("AC")
    assert info.value.seat == 0 and info.value.action == "AC"
    assert (state.notation(), list(state.history)) == before


def test_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = run(suited(), "pass pass pass pass")
    before = state.notation()
    with pytest.raises(NotYourTurnError, match="seat 0's turn"):
        state.apply("AC", seat=1)
    assert state.notation() == before


def test_malformed_action_is_refused() -> None:
    state = suited()
    with pytest.raises(InvalidActionError, match="expected a card code"):
        state.apply("bogus")


def test_no_action_after_the_hand_is_over() -> None:
    state = finish_plain_suited()
    with pytest.raises(IllegalActionError, match="the hand is over"):
        state.apply("pass")


def finish_plain_suited(rules: Rules = Rules()) -> HandState:
    state = run(suited(rules), "pass pass pass pass")
    rng = random.Random(0)
    while not state.is_finished:
        state.apply(state.legal_actions()[int(rng.random() * len(state.legal_actions()))])
    return state


# --- Section 5: cantes -------------------------------------------------------------------------


def phase_now(state: HandState) -> Phase:
    """The phase after the actions since the last check (an assert on ``state.phase`` would
    make a type checker take it as fixed from then on)."""
    return state.phase


def test_the_forty_comes_before_any_twenty() -> None:
    # Trick 1 won by seat 3 (trumps). Team 1: seat 3 holds RB+CB (40), seat 1 RC+CC (20).
    state = run(suited(), "pass pass pass pass AO AC AE SB")
    assert state.phase is Phase.CANTE and state.to_move == 3
    assert names(state) == ["cante:B", "nocante"]
    assert state.cante_options() == {3: [3]}  # only the 40 is open to the team
    with pytest.raises(IllegalActionError):
        state.apply("cante:C")
    state.apply("cante:B")
    assert [(c.trick, c.seat, c.suit, c.points) for c in state.cantes] == [(0, 3, 3, 40)]
    assert phase_now(state) is Phase.PLAY and state.to_move == 3  # the winner leads next


def test_at_most_one_cante_per_won_trick_and_the_other_waits() -> None:
    state = run(suited(), "pass pass pass pass AO AC AE SB cante:B")
    assert state.phase is Phase.PLAY  # seat 1's 20 must wait for a later won trick
    run(state, "CB SO SC SE")  # seat 3 leads trump, wins again
    assert phase_now(state) is Phase.CANTE and state.to_move == 1  # winner 3 has nothing left
    assert names(state) == ["cante:C", "nocante"]
    state.apply("cante:C")
    assert [(c.trick, c.seat, c.points) for c in state.cantes] == [(0, 3, 40), (1, 1, 20)]


def test_declining_lets_the_partner_sing_then_play_resumes() -> None:
    hands = ["RO CO AC SE AB", "AO SO 3C 3E 3B", "3O RC CC CE RB", "SC AE RE CB SB"]
    state = HandState.from_cards(Rules(), 3, [h.split() for h in hands], "SB")
    run(state, "pass pass pass pass AB 3B RB CB")  # seat 0 leads the trump ace and wins
    assert state.tricks[0].winner == 0
    # Team 0: seat 0 holds RO+CO, seat 2 holds RC+CC: two 20s, winner asked first.
    assert state.phase is Phase.CANTE and state.to_move == 0
    state.apply("nocante")
    assert state.to_move == 2 and names(state) == ["cante:C", "nocante"]
    state.apply("cante:C")
    assert phase_now(state) is Phase.PLAY and state.to_move == 0


def test_no_cante_window_for_the_team_that_lost_the_trick() -> None:
    state = run(suited(), "pass pass pass pass SO SC SE")
    state.apply("SB")  # seat 3 trumps: team 1 wins, team 0's oros 20 is not singable
    assert state.cante_team == 1 and 0 not in state.cante_options()


def test_no_cantes_in_cuatrola_or_quintola() -> None:
    for contract in ("cuatrola", "quintola"):
        state = run(suited(), f"pass pass pass {contract} AO AE SB")
        assert state.tricks[0].winner == 3 and state.phase is Phase.PLAY
        assert state.cante_options() == {}


def test_a_seat_that_sits_out_never_sings() -> None:
    # Seat 3 bids solo, so seat 1 (holding rey and caballo de copas) sits out.
    state = run(suited(), "pass pass pass solo AO AE SB")
    assert state.cante_options() == {3: [3]}
    run(state, "cante:B CB SO SE")  # seat 3 wins again: only seat 1 could sing now
    assert state.tricks[1].winner == 3
    assert state.cante_options() == {} and state.phase is Phase.PLAY


def test_auto_cante_sings_the_forty_first_without_a_decision() -> None:
    state = run(suited(Rules(auto_cante=True)), "pass pass pass pass AO AC AE SB")
    assert state.phase is Phase.PLAY
    assert [(c.seat, c.suit, c.points) for c in state.cantes] == [(3, 3, 40)]


def test_auto_cante_sings_in_suit_order_o_c_e_b() -> None:
    hands = ["RO CO AC SE AB", "AO SO 3C 3E 3B", "3O RC CC CE RB", "SC AE RE CB SB"]
    state = HandState.from_cards(Rules(auto_cante=True), 3, [h.split() for h in hands], "SB")
    run(state, "pass pass pass pass AB 3B RB CB")
    assert [(c.seat, c.suit) for c in state.cantes] == [(0, 0)]  # oros before copas


# --- Section 6: scoring ------------------------------------------------------------------------


def random_out(state: HandState, rng: random.Random) -> HandState:
    while not state.is_finished:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    return state


def test_plain_hand_points_are_cards_last_trick_and_cantes() -> None:
    state = run(suited(), "pass pass pass pass AO AC AE SB cante:B")
    random_out(state, random.Random(1))
    result = state.result
    assert result is not None and result.contract is Contract.PASS and result.bidder is None
    assert sum(result.points) == 130 + sum(c.points for c in result.cantes)
    assert result.game_points == 1
    assert result.winner == (0 if result.points[0] > result.points[1] else 1)


@pytest.mark.parametrize(("seed", "mano_team"), [(41, 0), (284, 1)])
def test_a_plain_tie_goes_to_the_manos_team(seed: int, mano_team: int) -> None:
    rng = random.Random(seed)
    state = HandState.deal(Rules(), seed % 4, rng)
    run(state, "pass pass pass pass")
    random_out(state, rng)
    assert state.result is not None
    assert state.result.points == (65, 65) and state.mano % 2 == mano_team
    assert state.result.winner == mano_team


def test_a_solo_tie_goes_to_the_manos_team_even_against_the_bidder() -> None:
    seed = 483
    rng = random.Random(seed)
    state = HandState.deal(Rules(), seed % 4, rng)
    run(state, "pass solo pass pass")
    random_out(state, rng)
    result = state.result
    assert result is not None and result.points[0] == result.points[1]
    assert (state.mano, result.bidder, result.winner, result.game_points) == (0, 1, 0, 2)
    assert result.score_after == (2, 0)


@pytest.mark.parametrize(("quintola", "made"), [(True, True), (False, False)])
def test_cuatrola_needs_four_tricks_with_quintola_on_and_five_with_it_off(
    quintola: bool, made: bool
) -> None:
    hands = ["AO 3O RO CO SB", "AC 3C RC CC SC", "AE 3E RE CE SE", "AB 3B RB CB SO"]
    rules = Rules(quintola=quintola)
    state = HandState.from_cards(rules, 3, [h.split() for h in hands], "CB")
    run(state, "pass pass pass cuatrola")
    assert state.sitting_out == 1
    # Seat 0 takes the first trick, seat 3 (the bidder) the other four.
    run(state, "AO AE SO SB 3E CB AB 3O RE 3B RO CE RB CO SE")
    result = state.result
    assert result is not None and result.tricks == (1, 4)
    assert result.winner == (1 if made else 0) and result.game_points == 4


def test_a_failed_contract_gives_its_value_to_the_opponents() -> None:
    state = run(suited(score=(3, 4)), "pass pass quintola pass")  # seat 2 bids, 0 sits out
    rng = random.Random(3)
    random_out(state, rng)
    result = state.result
    assert result is not None and result.contract is Contract.QUINTOLA
    assert result.tricks[0] < 5  # espadas alone cannot take five tricks against trumps
    assert result.winner == 1 and result.game_points == 5 and result.score_after == (3, 9)


def test_undo_restores_the_exact_state() -> None:
    rng = random.Random(5)
    state = HandState.deal(Rules(), 2, rng)
    snapshots = []
    while not state.is_finished:
        snapshots.append(state.notation())
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
    for expected in reversed(snapshots):
        state.undo()
        assert state.notation() == expected
    with pytest.raises(IndexError):
        state.undo()


def test_child_does_not_touch_the_parent() -> None:
    state = suited()
    child = state.child("solo")
    assert state.bids == [] and child.bids == [Contract.SOLO]


@pytest.mark.parametrize("score", [(1,), (-1, 5), (1, 2, 3), ("3", "4"), (2.5, 1), (True, 0), "34"])
def test_a_score_before_that_is_not_two_game_point_counts_is_refused(score: object) -> None:
    # As a record's score_before is: not an IndexError, nor a float silently truncated.
    with pytest.raises(ValueError, match="score_before must be two game-point counts"):
        suited(score=score)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="score_before must be two game-point counts"):
        HandState.deal(Rules(), 0, random.Random(1), score)  # type: ignore[arg-type]


def test_a_score_before_may_be_any_pair_of_integers() -> None:
    class Points(int):
        """An int subclass, as NumPy's integers and IntEnums are to operator.index."""

    score = suited(score=[Points(3), 4]).score_before  # type: ignore[arg-type]
    assert score == (3, 4) and type(score[0]) is int

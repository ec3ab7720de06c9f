"""Every computer player returns legal actions and plays sensibly on clear-cut hands."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cuatrola.ai import make_player
from cuatrola.ai.base import Player, available_players
from cuatrola.ai.bidding import utility
from cuatrola.ai.knowledge.deals import Knowledge
from cuatrola.ai.opponents import PlayEvidence, evidence_likelihood
from cuatrola.ai.players.greedy import GreedyPlayer, bid_strength
from cuatrola.ai.players.levels import EasyPlayer
from cuatrola.ai.players.pimc import PimcPlayer
from cuatrola.core.actions import parse_action
from cuatrola.core.cards import cards_of, mask_of
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import view_for
from tests.ai.experts import expert
from tests.support.play import self_play

#: Players under test, kept on small budgets so the suite stays fast.
SMALL: dict[str, Callable[[], Player]] = {
    "random": lambda: make_player("random"),
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "pimc": lambda: PimcPlayer(3),
    "expert": lambda: expert(samples=4, exhaustive=8, bid_samples=3),
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_action_is_legal(name: str) -> None:
    assert self_play(SMALL[name], seed=len(name), hands=6, rules=Rules()) > 100
    assert self_play(SMALL[name], seed=7, hands=2, rules=Rules(quintola=False)) > 30


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_levels_are_registered_and_legal(level: str) -> None:
    assert level in available_players()
    assert self_play(lambda: make_player(level), seed=3, hands=1, rules=Rules()) > 15


def test_players_refuse_a_view_without_legal_actions() -> None:
    state = HandState.deal(Rules(), dealer=0, rng=random.Random(1))
    not_to_move = view_for(state, 0)  # the mano (seat 1) speaks first
    for factory in SMALL.values():
        with pytest.raises(ValueError, match="no legal action"):
            factory().choose(not_to_move, random.Random(0))


def test_expert_bids_quintola_with_every_top_trump_and_respects_the_cap() -> None:
    hand = ["AO", "3O", "RO", "CO", "AC"]
    rest = [c for c in (f"{r}{s}" for s in "OCEB" for r in "A3RCS") if c not in hand]
    deal_rest = [c for c in rest if c != "SO"]
    hands = [[*deal_rest[0:4], "SO"], hand, deal_rest[4:9], deal_rest[9:14]]
    player = expert(samples=4, exhaustive=8, bid_samples=6)
    state = HandState.from_cards(Rules(), dealer=0, hands=hands, trump_card="SO")
    choice = player.choose(view_for(state, 1), random.Random(1))
    assert choice == parse_action("quintola")
    capped = HandState.from_cards(
        Rules(), dealer=0, hands=hands, trump_card="SO", score_before=(0, 8)
    )
    view = view_for(capped, 1)
    assert set(view.legal_actions) == {parse_action("pass"), parse_action("solo")}
    assert player.choose(view, random.Random(1)) == parse_action("solo")


def test_expert_passes_a_hopeless_hand() -> None:
    hand = ["SC", "CC", "SE", "CE", "SB"]
    rest = [c for c in (f"{r}{s}" for s in "OCEB" for r in "A3RCS") if c not in hand]
    hands = [rest[0:5], hand, rest[5:10], rest[10:15]]  # the dealer shows the as de oros
    state = HandState.from_cards(Rules(), dealer=0, hands=hands, trump_card=hands[0][0])
    player = expert(samples=4, exhaustive=8, bid_samples=6)
    assert player.choose(view_for(state, 1), random.Random(2)) == parse_action("pass")


def test_match_utility_values_the_target() -> None:
    state = HandState.deal(Rules(), dealer=0, rng=random.Random(1), score_before=(9, 10))
    view = view_for(state, 0)  # team 0 at 9, team 1 at 10
    assert utility(view, winner=0, value=2) == 1.0  # a made solo wins the match
    assert utility(view, winner=1, value=2) == 0.0  # a failed one loses it
    assert utility(view, winner=0, value=1) == pytest.approx(0.5)  # 10-10: a coin toss
    assert utility(view, winner=1, value=1) == 0.0  # 9-11: lost


def test_greedy_bid_thresholds() -> None:
    assert bid_strength(mask_of(["AO", "3O", "RO", "CO", "SO"]), 0) is Contract.QUINTOLA
    assert bid_strength(mask_of(["AO", "3O", "RO", "SO", "AC"]), 0) is Contract.QUINTOLA
    assert bid_strength(mask_of(["AO", "3O", "CO", "SO", "SC"]), 0) is Contract.CUATROLA
    assert bid_strength(mask_of(["AO", "CO", "SO", "AC", "SE"]), 0) is Contract.SOLO
    assert bid_strength(mask_of(["SO", "CO", "SC", "CE", "SE"]), 0) is Contract.PASS


def test_greedy_plays_by_its_rules() -> None:
    # Seat 1 leads trick 1 of a plain hand holding a side as: greedy leads it.
    hands = [
        ["SO", "CO", "RO", "3O", "AO"],
        ["AC", "SE", "CE", "RE", "SB"],
        ["3C", "RC", "CC", "SC", "3E"],
        ["AE", "AB", "3B", "RB", "CB"],
    ]
    state = HandState.from_cards(Rules(), dealer=0, hands=hands, trump_card="SO")
    for _ in range(4):
        state.apply("pass")
    greedy = GreedyPlayer()
    assert greedy.choose(view_for(state, 1), random.Random(0)) == parse_action("AC")
    state.apply("AC")
    # Seat 2 must follow copas and cannot beat the as: it throws the cheapest copa.
    assert greedy.choose(view_for(state, 2), random.Random(0)) == parse_action("SC")
    state.apply("SC")
    # Seat 3's partner is winning the trick: seat 3 (void in copas, no trump) adds points.
    assert greedy.choose(view_for(state, 3), random.Random(0)) == parse_action("AE")
    state.apply("AE")
    # Seat 0 (void in copas) must trump: it wins with the cheapest trump.
    assert greedy.choose(view_for(state, 0), random.Random(0)) == parse_action("SO")


def test_expert_weights_the_true_deal_positively() -> None:
    rng = random.Random(9)
    player = expert(samples=4, exhaustive=8, bid_samples=3)
    greedy_model = expert(samples=4, exhaustive=8, bid_samples=3, greedy_mix=1.0)
    checked = 0
    for number in range(6):
        state = HandState.deal(Rules(), dealer=number % 4, rng=rng)
        greedy = GreedyPlayer()
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            if state.phase is Phase.PLAY:
                truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
                assert player.model.likelihood(view, truth) > 0
                knowledge = Knowledge.from_view(view)
                if knowledge.count() <= 50:
                    weights = [greedy_model.model.likelihood(view, w) for w in knowledge.worlds()]
                    # Greedy players and a greedy model: the true deal is at least as likely
                    # as the average consistent deal.
                    truth_weight = greedy_model.model.likelihood(view, truth)
                    assert truth_weight >= sum(weights) / len(weights) * 0.999
                    checked += 1
            state.apply(greedy.choose(view, rng), seat)
    assert checked > 10


def test_expert_with_an_exhausted_budget_still_plays_legally() -> None:
    # budget=0: the weighting falls back to the greedy model and one deal is solved.
    rng = random.Random(4)
    player = expert(samples=6, exhaustive=12, bid_samples=3)
    for number in range(3):
        state = HandState.deal(Rules(), dealer=number % 4, rng=rng)
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            action = player.choose(view_for(state, seat), rng, budget=0.0)
            state.apply(action, seat)
        assert state.result is not None


def test_opponent_model_mixes_kinds_per_seat() -> None:
    """A seat that always played the greedy card is read sharply as greedy; one stray card
    moves it to the kind whose plays tell nothing, instead of ruling the deal out."""
    greedy_plays = [PlayEvidence(seat=1, legal=3, greedy=True)] * 3
    stray = [
        *greedy_plays[:2],
        PlayEvidence(seat=1, legal=3, greedy=False),
    ]
    uniform = (1 / 3) ** 3
    sharp = evidence_likelihood(greedy_plays, me=0, epsilon=0.2, mix=0.5)
    assert sharp == pytest.approx(0.5 * (0.8 + 0.2 / 3) ** 3 + 0.5 * uniform)
    strayed = evidence_likelihood(stray, me=0, epsilon=0.2, mix=0.5)
    assert uniform / 2 < strayed < sharp / 2
    # The seat's own plays never count, and greedy-only mixing is the plain greedy model.
    mine = [PlayEvidence(seat=0, legal=3, greedy=False)]
    assert evidence_likelihood(mine, me=0, epsilon=0.2, mix=0.5) == 1.0
    assert evidence_likelihood(stray, me=0, epsilon=0.2, mix=1.0) == pytest.approx(
        (0.8 + 0.2 / 3) ** 2 * (0.2 / 3)
    )


def test_a_seat_view_shows_no_hidden_card_of_another_seat() -> None:
    rng = random.Random(8)
    greedy = make_player("greedy")
    for number in range(6):
        state = HandState.deal(Rules(), dealer=number % 4, rng=rng)
        while not state.is_finished:
            for seat in range(4):
                text = repr(view_for(state, seat))
                for other in range(4):
                    if other == seat:
                        continue
                    hidden = state.hands[other]
                    if other == state.dealer and state.trump_card_shown is not None:
                        hidden &= ~(1 << state.trump_card_shown)
                    for card in cards_of(hidden):
                        assert repr(card) not in text, (seat, other, card)
            mover = state.to_move
            assert mover is not None
            state.apply(greedy.choose(view_for(state, mover), rng), mover)

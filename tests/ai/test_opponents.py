"""The expert's opponent model (cuatrola.ai.opponents): the evidence of each deal, its
likelihood, and the searched kind (a PIMC player's choice from his own view)."""

from __future__ import annotations

import random

import pytest

from cuatrola.ai.knowledge.deals import Knowledge
from cuatrola.ai.knowledge.history import knowledge_then, past_plays
from cuatrola.ai.opponents import (
    EvidenceCache,
    PimcChoiceModel,
    evidence_likelihood,
    play_evidence,
)
from cuatrola.ai.players.pimc import card_scores
from cuatrola.core.actions import bid_action, is_card_action, parse_action
from cuatrola.core.cards import mask_of
from cuatrola.core.hand import HandState, Phase
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.views import SeatView, view_for
from tests.ai.experts import expert
from tests.ai.positions import middle_of_a_hand, pimc_move_seen_next

BIDDINGS = (
    (Contract.PASS,) * 4,
    (Contract.SOLO, Contract.PASS, Contract.PASS, Contract.PASS),
    (Contract.PASS, Contract.PASS, Contract.CUATROLA, Contract.PASS),
)


def played_hand(seed: int) -> tuple[HandState, list[tuple[HandState, SeatView]]]:
    """A seeded hand played at random to its end, with the state and the mover's view at
    every card played."""
    rng = random.Random(seed)
    state = HandState.deal(Rules(), dealer=rng.randrange(4), rng=rng)
    for bid in BIDDINGS[seed % len(BIDDINGS)]:
        state.apply(bid_action(bid))
    moments = []
    while not state.is_finished:
        seat = state.to_move
        assert seat is not None
        view = view_for(state, seat)
        if view.phase is Phase.PLAY:
            moments.append((state.copy(), view))
        state.apply(rng.choice(view.legal_actions))
    return state, moments


def test_past_plays_restate_the_public_facts_of_each_moment() -> None:
    """From the last view of a hand, every earlier play carries exactly the facts the table
    showed when it was made: the trick so far, the score, the card counts, what everybody
    knew each seat could not hold (Knowledge.from_view of that moment), and the pins."""
    compared = 0
    for seed in range(12):
        _, moments = played_hand(seed)
        final_view = moments[-1][1]
        plays = past_plays(final_view)
        assert len(plays) == len(moments) - 1
        for play, (_, view) in zip(plays, moments, strict=False):
            assert play.seat == view.seat
            assert play.number == len(view.tricks) and play.index == len(view.trick)
            assert play.trick == tuple(int(c) for _, c in view.trick)
            assert play.trick_seats == tuple(s for s, _ in view.trick)
            points = list(view.card_points)
            for cante in view.cantes:
                points[cante.seat & 1] += cante.points
            assert play.points == (points[0], points[1])
            assert play.tricks_won == view.tricks_won
            assert play.counts == view.card_counts
            assert play.played == view.played
            # What he knew then, rebuilt from the last view, is what his view said.
            assert knowledge_then(play, mask_of(view.hand)) == Knowledge.from_view(view)
            compared += 1
    assert compared > 100


def test_the_model_reads_pimc_from_that_seat() -> None:
    """When the player's view has few consistent deals, the model enumerates them all, as
    PIMC does: its chances are the shares of the resamples of those deals in which PIMC
    picks each legal card, and the card PIMC played has some."""
    checked = 0
    for seed in range(40):
        state, view = middle_of_a_hand(seed, trick=3)
        knowledge = Knowledge.from_view(view)
        if knowledge.count() > 30:
            continue
        # The mover's current decision, seen from the last view after he plays.
        card, later, play = pimc_move_seen_next(state, view)
        assert (play.seat, play.card) == (view.seat, card)
        model = PimcChoiceModel(memo={})
        shares = model.shares(later, play, mask_of(view.hand))
        worlds = list(knowledge.worlds())
        assert set(shares) == set(card_scores(view, worlds))
        assert sum(shares.values()) == pytest.approx(1)
        assert shares[card] > 0
        if len(worlds) == 1:
            assert shares[card] == 1
        assert model.chance(later, play, mask_of(view.hand)) == pytest.approx(
            (1 - model.epsilon) * shares[card] + model.epsilon / len(shares)
        )
        checked += 1
    assert checked >= 5


def test_chances_depend_only_on_the_question() -> None:
    """The same moment and hand get the same answer from a fresh model (the samples are
    seeded by them), so the memo changes only the speed."""
    asked = 0
    for seed in range(6):
        _, view = middle_of_a_hand(seed + 100)
        plays = past_plays(view)
        # The viewer's own earlier plays: his hand then is his hand now plus what he played
        # from then on.
        for play in (p for p in plays if p.seat == view.seat):
            hand = mask_of(view.hand)
            for later in plays:
                if later.seat == view.seat and later.history[: len(play.history)] == play.history:
                    hand |= 1 << later.card
            first = PimcChoiceModel(memo={}).chance(view, play, hand)
            again = PimcChoiceModel(memo={})
            assert again.chance(view, play, hand) == first
            assert again.chance(view, play, hand) == first  # from the memo
            asked += 1
    assert asked >= 6


def test_a_remembered_answer_never_serves_another_hand() -> None:
    """The server keeps one player per level for every table, so the memo sees many hands.
    Two hands with the same trump suit, dealer, first lead and leader's cards, but another
    shown trump card, ask different questions and get different answers."""
    hands = [mask_of(h) for h in (["AO", "SO", "AC", "AE", "AB"], ["3O", "3C", "RC", "3E", "3B"])]
    hands += [mask_of(h) for h in (["RO", "CC", "RE", "CE", "RB"], ["CO", "SC", "SE", "CB", "SB"])]
    views = []
    for shown in ("AO", "SO"):
        state = HandState.from_masks(Rules(), 0, hands, mask_of([shown]).bit_length() - 1)
        for _ in range(4):
            state.apply(bid_action(Contract.PASS))
        assert state.to_move == 1
        state.apply(parse_action("3C"))
        views.append(view_for(state, 2))
    plays = [past_plays(view)[0] for view in views]
    assert plays[0].history == plays[1].history == ()
    model = PimcChoiceModel(memo={})
    model.shares(views[0], plays[0], hands[1])
    model.shares(views[1], plays[1], hands[1])
    assert model.searched == model.remembered == 2  # the second one was not served


def test_models_share_answers_only_for_the_same_number_of_deals() -> None:
    state, view = middle_of_a_hand(31, trick=1)
    play = past_plays(view)[0]
    dealt = state.dealt[play.seat]
    first = PimcChoiceModel()
    answer = first.shares(view, play, dealt)
    other = PimcChoiceModel()
    assert other.remembered == first.remembered > 0
    assert other.shares(view, play, dealt) is answer  # served by the shared memo
    assert other.searched == 0
    fewer = PimcChoiceModel(samples=3)
    assert fewer.shares(view, play, dealt) == PimcChoiceModel(samples=3, memo={}).shares(
        view, play, dealt
    )
    assert fewer.searched == 1  # another question: not served by the 30 deals' answer


def test_evidence_and_likelihood_use_the_searched_chances() -> None:
    state, view = middle_of_a_hand(7)
    truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    model = PimcChoiceModel()
    plays = play_evidence(view, truth, searcher=model)
    assert plays and all(p.searched is not None and 0 < p.searched <= 1 for p in plays)
    plain = play_evidence(view, truth)
    assert all(p.searched is None for p in plain)
    # A share of 1: the other kind is the searched one; 0: any legal card.
    searched = evidence_likelihood(plays, view.seat, 0.2, 0.0, searched_share=1.0)
    product = 1.0
    for p in plays:
        assert p.searched is not None
        product *= p.searched
    assert searched == pytest.approx(product)
    assert evidence_likelihood(plays, view.seat, 0.2, 0.0) == pytest.approx(
        evidence_likelihood(plain, view.seat, 0.2, 0.0)
    )
    # The cache computes the searched chances only when asked, and serves both requests.
    cache = EvidenceCache(view, searcher=model)
    assert all(p.searched is None for p in cache.of(truth))
    searched_plays = cache.of(truth, searched=True)
    assert [p.searched for p in searched_plays] == [p.searched for p in plays]
    fresh = EvidenceCache(view, searcher=model)
    first = fresh.of(truth, searched=True)
    assert fresh.of(truth) is first
    player = expert(greedy_mix=0.4, searched_share=1.0)
    assert player.model.likelihood(view, truth) == pytest.approx(
        evidence_likelihood(plays, view.seat, 0.2, 0.4, searched_share=1.0)
    )


def test_the_searching_expert_plays_legal_cards_from_views_only() -> None:
    player = expert(samples=6, exhaustive=12, bid_samples=3, greedy_mix=0.4, searched_share=1.0)
    for seed in range(3):
        rng = random.Random(seed)
        state = HandState.deal(Rules(), dealer=seed, rng=rng)
        while not state.is_finished:
            seat = state.to_move
            assert seat is not None
            view = view_for(state, seat)
            action = player.choose(view, random.Random(seed))
            assert action in view.legal_actions
            if is_card_action(action):
                assert view.phase is Phase.PLAY
            state.apply(action)


def _last_seat_of_the_first_trick(seed: int) -> SeatView:
    """The view of the last seat to play to the first trick of a seeded plain hand played at
    random (the deals there are sampled, not enumerated)."""
    rng = random.Random(seed)
    state = HandState.deal(Rules(), dealer=0, rng=rng)
    for _ in range(4):
        state.apply(bid_action(Contract.PASS))
    while len(state.trick_cards) < 3:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    return view_for(state, seat)


def test_the_searched_kind_weighs_sampled_deals_too() -> None:
    """Early in the hand (deals sampled) the deals drawn by the cheap model are weighed by the
    searched kind as well; its count of questions shows that it was asked."""
    view = _last_seat_of_the_first_trick(3)
    assert len(view.legal_actions) > 1  # the last seat of the first trick has a choice
    assert Knowledge.from_view(view).count() > 8
    player = expert(samples=6, exhaustive=8, greedy_mix=0.4, searched_share=1.0)
    assert player.choose(view, random.Random(1)) in view.legal_actions
    assert player.model.searcher is not None
    assert player.model.searcher.asked > 0


def test_the_searched_work_limit_keeps_at_least_half_of_the_sampled_deals() -> None:
    view = _last_seat_of_the_first_trick(12)
    kept = {}
    for limit in (4, 10**6):
        player = expert(
            samples=20, exhaustive=8, greedy_mix=0.4, searched_share=1.0, searched_questions=limit
        )
        player.model.searcher = searcher = PimcChoiceModel(memo={})  # this decision's searches
        worlds, weights = player.play_worlds(view, random.Random(3))
        assert weights is not None and len(weights) == len(worlds)
        kept[limit] = (len(worlds), searcher.searched)
    assert 10 <= kept[4][0] < 20 == kept[10**6][0]
    assert kept[4][1] < kept[10**6][1]

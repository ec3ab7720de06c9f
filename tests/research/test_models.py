"""The research opponent models (``research.models``): the double-dummy softmax kind and the
searched kind read by its mean scores."""

from __future__ import annotations

import math

import pytest
from research.models import (
    ResearchChoiceModel,
    ResearchEvidence,
    choice_chance,
    evidence_likelihood,
    play_evidence,
)
from research.variants import softmax_expert

from cuatrola.ai.knowledge.deals import Knowledge
from cuatrola.ai.opponents import evidence_likelihood as product_likelihood
from cuatrola.ai.opponents import play_evidence as product_evidence
from cuatrola.ai.players.pimc import card_scores
from cuatrola.core.cards import mask_of
from tests.ai.experts import config, expert
from tests.ai.positions import middle_of_a_hand, pimc_move_seen_next


def test_double_dummy_kind_prefers_the_better_card() -> None:
    best = ResearchEvidence(seat=3, legal=2, greedy=False, regret=0.0, values=(0.0, -20.0))
    worse = ResearchEvidence(seat=3, legal=2, greedy=False, regret=20.0, values=(0.0, -20.0))
    high = evidence_likelihood([best], me=0, epsilon=1.0, mix=0.0, temperature=10.0)
    low = evidence_likelihood([worse], me=0, epsilon=1.0, mix=0.0, temperature=10.0)
    assert high == pytest.approx(1 / (1 + math.exp(-2)))
    assert high + low == pytest.approx(1.0)


def test_without_the_research_kinds_the_likelihood_is_the_products() -> None:
    state, view = middle_of_a_hand(5)
    truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    research = play_evidence(view, truth, with_dd=False, with_model=False)
    product = product_evidence(view, truth)
    assert [(e.seat, e.legal, e.greedy) for e in research] == [
        (e.seat, e.legal, e.greedy) for e in product
    ]
    assert evidence_likelihood(research, view.seat, 0.2, 0.5) == product_likelihood(
        product, view.seat, 0.2, 0.5
    )


def test_choice_chance_is_a_distribution_that_prefers_the_better_card() -> None:
    scores = {3: 10.0, 7: 9.0, 12: -4.0}
    chances = {c: choice_chance(scores, c, 0.5, 0.35) for c in scores}
    assert sum(chances.values()) == pytest.approx(1.0)
    assert chances[3] > chances[7] > chances[12] >= 0.35 / 3
    # At a high temperature every card tends to the same chance.
    flat = [choice_chance(scores, c, 1e6, 0.35) for c in scores]
    assert max(flat) - min(flat) < 1e-3


def test_the_model_scores_the_cards_as_pimc_would_from_that_seat() -> None:
    """When the player's view has few consistent deals, the model enumerates them all, as
    PIMC does: its scores are PIMC's card scores of that view, averaged; PIMC's pick is the
    likeliest card under the softmax reading."""
    checked = 0
    for seed in range(40):
        state, view = middle_of_a_hand(seed, trick=3)
        knowledge = Knowledge.from_view(view)
        # The model enumerates the deals when they are no more than it samples.
        if knowledge.count() > ResearchChoiceModel().samples:
            continue
        card, later, play = pimc_move_seen_next(state, view)
        model = ResearchChoiceModel(memo={})
        scores = model.scores(later, play, mask_of(view.hand))
        worlds = list(knowledge.worlds())
        expected = card_scores(view, worlds)
        assert scores == pytest.approx({c: v / len(worlds) for c, v in expected.items()})
        chances = {c: choice_chance(scores, c, model.temperature, model.epsilon) for c in scores}
        assert scores[card] == max(scores.values())
        assert chances[card] == max(chances.values())
        checked += 1
    assert checked >= 5


def test_the_expert_reads_the_searched_kind_as_told() -> None:
    """Bootstrap shares by default, the softmax of the mean scores in ``expert-softmax``: the
    expert's likelihood is the evidence under the model read that way."""
    state, view = middle_of_a_hand(7)
    truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    likelihoods = []
    bootstrap = expert(greedy_mix=0.4, searched_share=1.0)
    softmax = softmax_expert(config(greedy_mix=0.4, searched_share=1.0))
    for player in (bootstrap, softmax):
        plays = product_evidence(view, truth, searcher=player.model.searcher)
        likelihoods.append(player.model.likelihood(view, truth))
        assert likelihoods[-1] == pytest.approx(
            product_likelihood(plays, view.seat, 0.2, 0.4, searched_share=1.0)
        )
    assert likelihoods[0] != pytest.approx(likelihoods[1])

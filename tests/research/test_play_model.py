"""The model of a good player's card choices (``research.play_model``) and its place in
the expert's opponent model (``research.models``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from research.models import (
    ResearchEvidence,
    ResearchEvidenceCache,
    evidence_likelihood,
    play_evidence,
)
from research.play_model import (
    FEATURE_NAMES,
    FLOOR,
    WEIGHTS,
    choice_features,
    choice_probabilities,
)
from research.variants import modelled_expert

from cuatrola.ai.knowledge.deals import Knowledge
from cuatrola.ai.players.greedy import greedy_card
from cuatrola.core.actions import bid_action
from cuatrola.core.cards import Suit, iter_bits, mask_of, parse_card_id
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Contract, Rules
from cuatrola.core.tricks import legal_mask
from cuatrola.core.views import view_for
from tests.ai.experts import config


def test_one_weight_per_feature() -> None:
    assert len(WEIGHTS) == len(FEATURE_NAMES)
    features = choice_features(mask_of(["AO", "3C"]), mask_of(["AO", "3C"]), [], 0, 1, 0)
    assert all(len(f) == len(FEATURE_NAMES) for _, f in features)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3), st.integers(0, 3))
def test_chances_cover_the_legal_cards(rng: random.Random, trump: int, table_size: int) -> None:
    """Every legal card, and only those, gets a chance of at least the floor's share; the
    chances add up to one."""
    deck = list(range(20))
    rng.shuffle(deck)
    hand = sum(1 << c for c in deck[:5])
    trick = [((1 + i) % 4, deck[5 + i]) for i in range(table_size)]
    played = sum(1 << c for c in deck[10 : 10 + rng.randrange(6)])
    table = sum(1 << c for _, c in trick)
    led = trick[0][1] // 5 if trick else 0
    legal = legal_mask(hand, table, led, trump)
    chances = choice_probabilities(choice_features(hand, legal, trick, 0, trump, played))
    assert sorted(chances) == list(iter_bits(legal))
    assert sum(chances.values()) == pytest.approx(1.0)
    assert min(chances.values()) >= FLOOR / len(chances) - 1e-12


@pytest.mark.parametrize(
    ("case", "hand", "trick", "likelier", "rarer"),
    [
        # An opponent's as is winning and cannot be beaten: throw the sota, keep the tres.
        ("no points to a winning opponent", ["3C", "SC", "RE"], [(1, "AC")], "SC", "3C"),
        # The partner's as is winning and the seat plays last: load the tres on it.
        (
            "points on the partner's trick",
            ["3C", "SC", "RE"],
            [(1, "RC"), (2, "AC"), (3, "CC")],
            "3C",
            "SC",
        ),
        # Leading: the highest card left in a suit rather than a card the opponents can beat.
        ("lead a master card", ["AE", "RB", "SB"], [], "AE", "RB"),
    ],
)
def test_model_reads_a_good_player(
    case: str, hand: list[str], trick: list[tuple[int, str]], likelier: str, rarer: str
) -> None:
    held = mask_of(hand)
    table = [(s, parse_card_id(c)) for s, c in trick]
    trump = Suit.OROS
    led = table[0][1] // 5 if table else 0
    legal = legal_mask(held, sum(1 << c for _, c in table), led, trump)
    chances = choice_probabilities(choice_features(held, legal, table, 0, trump, 0))
    assert chances[parse_card_id(likelier)] > chances[parse_card_id(rarer)], case


def test_model_kind_replaces_any_legal_card() -> None:
    """With the play model on, the other kind's likelihood is the model's chance of each
    play instead of one over the number of legal cards."""
    plays = [
        ResearchEvidence(seat=1, legal=3, greedy=False, modelled=0.6),
        ResearchEvidence(seat=3, legal=2, greedy=False, modelled=0.1),
    ]
    assert evidence_likelihood(plays, me=0, epsilon=0.2, mix=0.0) == pytest.approx(1 / 6)
    assert evidence_likelihood(plays, me=0, epsilon=0.2, mix=0.0, modelled=True) == pytest.approx(
        0.06
    )


def test_evidence_carries_the_model_chance() -> None:
    """Replayed in a consistent deal, each recorded play of another seat carries the chance
    the model gives it from that seat's hand at the time (the same for every deal that gives
    the seat that hand)."""
    rng = random.Random(5)
    state = HandState.deal(Rules(), dealer=0, rng=rng)
    for _ in range(4):
        state.apply(bid_action(Contract.PASS))
    while state.trick_number < 2:
        seat = state.to_move
        assert seat is not None
        state.apply(min(view_for(state, seat).legal_actions))
    seat = state.to_move
    assert seat is not None
    view = view_for(state, seat)
    cache = ResearchEvidenceCache(view, with_model=True)
    worlds = list(Knowledge.from_view(view).worlds())[:30]
    truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    checked = 0
    for world in [*worlds, truth]:
        for item in cache.of(world):
            assert isinstance(item, ResearchEvidence) and item.seat != seat
            assert item.modelled is not None and 0 < item.modelled <= 1
            checked += 1
    assert checked > 0
    # Recompute one chance by hand in the true deal: the first real choice of another seat.
    first = view.tricks[0]
    hands = list(truth)
    for trick in view.tricks:
        for s, played in zip(trick.seats, trick.cards, strict=True):
            hands[s] |= 1 << int(played)
    plays = [(s, int(c)) for s, c in zip(first.seats, first.cards, strict=True)]
    compared = False
    for index, (s, card) in enumerate(plays):
        table = sum(1 << c for _, c in plays[:index])
        legal = legal_mask(hands[s], table, plays[0][1] // 5, view.trump)
        if s != seat and legal.bit_count() > 1:
            expected = choice_probabilities(
                choice_features(hands[s], legal, plays[:index], s, view.trump, 0)
            )
            item = next(e for e in cache.of(truth) if e.seat == s)
            assert isinstance(item, ResearchEvidence)
            assert item.modelled == pytest.approx(expected[card])
            assert item.greedy == (greedy_card(legal, plays[:index], s, view.trump) == card)
            compared = True
            break
    assert compared
    # The expert with the play model weighs the deal by exactly that evidence.
    expert = modelled_expert(config(greedy_mix=0.25, searched_share=0.0), play_model=True)
    evidence = play_evidence(view, truth, with_dd=False)
    assert expert.model.likelihood(view, truth) == pytest.approx(
        evidence_likelihood(evidence, view.seat, 0.2, 0.25, modelled=True)
    )
    assert expert.model.likelihood(view, truth) != pytest.approx(
        evidence_likelihood(evidence, view.seat, 0.2, 0.25)
    )

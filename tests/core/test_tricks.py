"""Legal cards and trick winners, one table row per clause of docs/rules.md section 4."""

from __future__ import annotations

import pytest

from cuatrola import Card, legal_cards, trick_winner
from cuatrola.core.cards import CARD_SUIT, Suit, mask_of
from cuatrola.core.tricks import clause_of, legal_mask

# (clause, hand, table, trump, expected legal cards)
LEGAL_CASES = [
    ("1 leading: any card", "AO RC 3E SB CC", "", "B", "AO RC CC 3E SB"),
    ("2a trump on table: follow, need not beat", "SO AO RC", "RO AB", "B", "AO SO"),
    ("2a trump on table: low follow allowed", "SO CO RC", "3O SB", "B", "CO SO"),
    ("2b must beat the highest led card", "SO AO RC", "RO", "B", "AO"),
    ("2b beat the highest, not the first", "3O CO RC", "SO RO", "B", "3O"),
    ("2b cannot beat: any card of the suit", "SO CO RC", "AO", "B", "CO SO"),
    ("2b trump lead: must beat the highest trump", "AB SB RC", "RB", "B", "AB"),
    ("2b trump lead: cannot beat, any trump", "SB CB RC", "RB", "B", "CB SB"),
    ("2b partner winning gives no exemption", "AO SO RC", "RO 3C", "B", "AO"),
    ("3a void, no trump on table: must trump", "RC 3E SB CB", "AO", "B", "CB SB"),
    ("3a any trump, not the highest", "RC AB SB", "AO 3O", "B", "AB SB"),
    ("3b must over-trump the highest trump", "RC AB SB", "AO RB", "B", "AB"),
    ("3b cannot over-trump: any card", "RC CB SB", "AO RB", "B", "RC CB SB"),
    ("3b cannot over-trump over two trumps", "RC CB 3E", "AO SB RB", "B", "RC 3E CB"),
    ("4 neither suit nor trump: any card", "RC 3E CE", "AO", "B", "RC 3E CE"),
    ("4 neither, trumps on table: any card", "RC 3E", "AO AB", "B", "RC 3E"),
]


def _codes(text: str) -> list[str]:
    return text.split()


#: Runs a test once for each row of LEGAL_CASES, named by its clause.
each_legal_case = pytest.mark.parametrize(
    ("clause", "hand", "table", "trump", "expected"),
    LEGAL_CASES,
    ids=[c[0] for c in LEGAL_CASES],
)


@each_legal_case
def test_legal_cards_follow_each_clause(
    clause: str, hand: str, table: str, trump: str, expected: str
) -> None:
    got = legal_cards(_codes(hand), _codes(table), trump)
    assert [str(c) for c in got] == _codes(expected), clause


@each_legal_case
def test_clause_of_names_the_clause_that_decides_each_case(
    clause: str, hand: str, table: str, trump: str, expected: str
) -> None:
    # The obligation's wording is made from clause_of: it must name the clause of the row.
    played = _codes(table)
    led = CARD_SUIT[Card(played[0])] if played else 0
    got = clause_of(mask_of(_codes(hand)), mask_of(played), led, Suit.parse(trump))
    assert got == clause.split()[0], clause


def test_over_trump_means_over_the_highest_trump_on_the_table() -> None:
    # Table: oros led, a low trump, then a high trump; our 3B beats SB but not AB.
    got = legal_cards(["RC", "3B", "CB"], ["AO", "SB", "AB"], "B")
    assert [str(c) for c in got] == ["RC", "3B", "CB"]  # cannot beat AB: any card
    got = legal_cards(["RC", "3B", "CB"], ["AO", "SB", "RB"], "B")
    assert [str(c) for c in got] == ["3B"]


# (description, table, trump, index of the winning card)
WINNER_CASES = [
    ("highest of the led suit", "RO AO SO 3O", "B", 1),
    ("off-suit cards never win", "CO AC AE 3E", "B", 0),
    ("a single trump wins", "AO SB 3O RO", "B", 1),
    ("the highest trump wins", "AO SB AB RB", "B", 2),
    ("trump led, highest trump", "CB RB 3B", "B", 2),
    ("three-card trick (a seat sits out)", "3C AC SB", "O", 1),
    ("3 beats R and C", "RE CE 3E", "O", 2),
]


@pytest.mark.parametrize(
    ("description", "table", "trump", "winner"), WINNER_CASES, ids=[c[0] for c in WINNER_CASES]
)
def test_trick_winner(description: str, table: str, trump: str, winner: int) -> None:
    assert trick_winner(_codes(table), trump) == winner, description


def test_legal_mask_never_empty_for_a_non_empty_hand() -> None:
    # Exhaustive over one suit-level structure: every 3-card hand vs every 1-2 card table.
    import itertools

    cards = range(20)
    for table in itertools.permutations(range(0, 20, 3), 2):
        table_mask = mask_of(table)
        for hand in itertools.combinations([c for c in cards if c not in table], 3):
            legal = legal_mask(mask_of(hand), table_mask, CARD_SUIT[table[0]], 3)
            assert legal and legal & ~mask_of(hand) == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: legal_cards(["XX"], [], "B"), "card code"),
        (lambda: legal_cards(["AO", "AO"], [], "B"), "twice"),
        (lambda: legal_cards(["AO"], ["AO"], "B"), "both"),
        (lambda: legal_cards(["AO"], [], "Z"), "suit letter"),
        (lambda: trick_winner([], "B"), "at least one"),
    ],
)
def test_bad_input_gets_a_clear_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_card_codes_round_trip() -> None:
    for card_id in range(20):
        card = Card(card_id)
        assert Card(str(card)) is card
        assert eval(repr(card)) == card  # repr pastes back as code

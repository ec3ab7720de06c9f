"""Replaying ``cuatrola-hand/1`` records: every kind of bad record names field and index."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cuatrola.core.hand import HandState
from cuatrola.core.records import hand_to_record, replay_record, replay_summary
from cuatrola.core.rules import Rules
from tests.fixtures.records import passed_hand

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "examples" / "records.jsonl"
RECORDS = {r["example"]: r for r in map(json.loads, GOLDEN.read_text().splitlines())}


def base(name: str = "pass-cante") -> dict[str, Any]:
    return copy.deepcopy(RECORDS[name])


def edited(name: str, **changes: Any) -> dict[str, Any]:
    record = base(name)
    record.update(changes)
    return record


def _plays_with(index: int, value: str, name: str = "pass-cante") -> list[str]:
    plays = list(base(name)["plays"])
    plays[index] = value
    return plays


# (description, record, field, index)
BAD = [
    ("not an object", [1, 2], "format", None),
    ("wrong format", edited("pass", format="cuatrola-hand/2"), "format", None),
    ("rules not an object", edited("pass", rules=[11]), "rules", None),
    ("target out of range", edited("pass", rules={"target": 40}), "rules", None),
    ("quintola not a bool", edited("pass", rules={"quintola": "yes"}), "rules", None),
    ("score not two counts", edited("pass", score_before=[1]), "score_before", None),
    ("a team at the target", edited("pass", score_before=[0, 11]), "score_before", None),
    (
        "a team past a lower target",
        edited("pass", rules={"target": 7}, score_before=[9, 3]),
        "score_before",
        None,
    ),
    ("dealer out of range", edited("pass", dealer=4), "dealer", None),
    ("dealer not an int", edited("pass", dealer="2"), "dealer", None),
    ("hands not a list", edited("pass", hands="AO"), "hands", None),
    ("three hands", edited("pass", hands=base("pass")["hands"][:3]), "hands", 3),
    (
        "five hands",
        edited("pass", hands=[*base("pass")["hands"], ["AO"]]),
        "hands",
        4,
    ),
    (
        "a hand of four cards",
        edited("pass", hands=[base("pass")["hands"][0][:4], *base("pass")["hands"][1:]]),
        "hands",
        0,
    ),
    (
        "a card dealt twice",
        edited(
            "pass",
            hands=[
                *base("pass")["hands"][:2],
                ["3C", "3O", "SO", "AE", "SE"],
                base("pass")["hands"][3],
            ],
        ),
        "hands",
        2,
    ),
    (
        "an unknown card",
        edited("pass", hands=[["3C", "CC", "CE", "CB", "2B"], *base("pass")["hands"][1:]]),
        "hands",
        0,
    ),
    ("trump not a card", edited("pass", trump="XX"), "trump", None),
    ("trump not the dealer's", edited("pass", trump="AO"), "trump", None),
    ("bids not a list", edited("pass", bids="pass"), "bids", None),
    ("unknown bid", edited("pass", bids=["pass", "grand", "pass", "pass"]), "bids", 1),
    ("too few bids", edited("pass", bids=["pass", "pass", "pass"]), "bids", 3),
    ("too many bids", edited("pass", bids=["pass"] * 5), "bids", 4),
    ("bid not higher", edited("pass", bids=["solo", "solo", "pass", "pass"]), "bids", 1),
    (
        "quintola with the variant off",
        edited("pass", rules={"quintola": False}, bids=["quintola", "pass", "pass", "pass"]),
        "bids",
        0,
    ),
    ("plays not a list", edited("pass", plays="AO"), "plays", None),
    ("a play that is not a string", edited("pass", plays=[1]), "plays", 0),
    ("an unknown card played", edited("pass", plays=_plays_with(3, "ZZ", "pass")), "plays", 3),
    (
        "a play after the hand is over",
        edited("pass", plays=[*base("pass")["plays"], "AO"]),
        "plays",
        20,
    ),
    (
        "a cante before any trick",
        edited("pass", plays=["cante:O", *base("pass")["plays"]]),
        "plays",
        0,
    ),
    (
        "a cante in the middle of a trick",
        edited("pass-cante", plays=_plays_with(13, "cante:B")[:14]),
        "plays",
        13,
    ),
    ("an unknown cante suit", edited("pass-cante", plays=_plays_with(12, "cante:X")), "plays", 12),
    (
        "a second cante after one trick",
        edited("pass-cante", plays=[*base()["plays"][:13], "cante:C", *base()["plays"][13:]]),
        "plays",
        13,
    ),
]


@pytest.mark.parametrize(("description", "record", "field", "index"), BAD, ids=[b[0] for b in BAD])
def test_bad_records_name_the_first_offending_entry(
    description: str, record: object, field: str, index: int | None
) -> None:
    summary = replay_summary(record)
    assert summary["ok"] is False, description
    assert summary["at"] == {"field": field, "index": index}
    assert isinstance(summary["error"], str) and summary["error"]


def test_the_forty_must_be_sung_before_a_twenty() -> None:
    # Seat 3 wins the first trick holding RB+CB (the 40, bastos is trump); his partner seat 1
    # holds RC+CC. The team must sing the 40 first, so a cante of copas is refused.
    record = passed_hand(
        dealer=3,
        hands=[
            ["AO", "3O", "RO", "CO", "SO"],
            ["AC", "3C", "RC", "CC", "SC"],
            ["AE", "3E", "RE", "CE", "SE"],
            ["AB", "3B", "RB", "CB", "SB"],
        ],
        trump="CB",
        plays=["AO", "AC", "AE", "SB", "cante:C"],
    )
    summary = replay_summary(record)
    assert summary["at"] == {"field": "plays", "index": 4}
    assert "40" in summary["error"]


def test_a_partner_may_sing_after_his_partner_won_the_trick() -> None:
    record = passed_hand(
        dealer=3,
        hands=[
            ["RO", "CO", "AC", "SE", "AB"],
            ["AO", "SO", "3C", "3E", "3B"],
            ["3O", "RC", "CC", "CE", "RB"],
            ["SC", "AE", "RE", "CB", "SB"],
        ],
        trump="SB",
        plays=["AB", "3B", "RB", "CB", "cante:C"],
    )
    summary = replay_summary(record)
    assert summary["at"] == {"field": "plays", "index": 5}  # valid so far, then too short
    assert "ends before the hand" in summary["error"]


def test_extra_keys_are_ignored_and_defaults_apply() -> None:
    record = base("pass")
    del record["rules"], record["score_before"]
    record["players"] = ["a", "b", "c", "d"]
    summary = replay_summary(record)
    assert summary["ok"] is True and summary["score_after"] == [1, 0]


def test_a_record_without_target_has_no_bid_cap() -> None:
    record = edited("bid-over-cap", rules={"quintola": True, "target": None})
    summary = replay_summary(record)
    # The bids are accepted; the plays (written for a plain hand) are not.
    assert summary["at"]["field"] == "plays"
    capped = replay_summary(base("bid-over-cap"))
    assert capped["at"] == {"field": "bids", "index": 0}


def test_a_record_without_target_may_start_at_any_score() -> None:
    # A fixed-hands match has no target: its scores may pass 21 before the last hands.
    record = edited("pass", rules={"quintola": True, "target": None}, score_before=[23, 19])
    summary = replay_summary(record)
    assert summary["ok"] is True and summary["score_after"] == [24, 19]


def test_written_records_replay_to_the_same_plays() -> None:
    for name in ("pass-cante", "solo", "quintola", "mano-sits-out"):
        record = base(name)
        state = replay_record(record)
        rewritten = hand_to_record(state, example=name)
        assert rewritten == record


def test_extra_keys_may_not_replace_the_records_own() -> None:
    state = replay_record(base("solo"))
    assert hand_to_record(state, match="m-1")["match"] == "m-1"
    with pytest.raises(
        ValueError, match="extra keys would replace the record's own: dealer, plays"
    ):
        hand_to_record(state, plays=[], dealer=2)


def test_a_hand_in_play_has_no_record() -> None:
    # A record holds a whole hand: one written mid-hand would be refused by every replay.
    state = HandState.deal(Rules(), 0, random.Random(5))
    state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="the hand is not over"):
        hand_to_record(state)


def _without(key: str) -> dict[str, Any]:
    record = base("pass")
    del record[key]
    return record


@pytest.mark.parametrize("key", ["format", "dealer", "hands", "trump", "bids", "plays"])
def test_a_missing_required_key_is_said_to_be_missing(key: str) -> None:
    summary = replay_summary(_without(key))
    assert summary == {
        "ok": False,
        "error": f"the record has no {key!r} (a required key)",
        "at": {"field": key, "index": None},
    }


@pytest.mark.parametrize("target", ["11", 11.0, True, 2, 40])
def test_a_bad_target_is_named_as_rules_target(target: object) -> None:
    summary = replay_summary(edited("pass", rules={"target": target}))
    assert summary["error"] == (
        f"rules.target must be a whole number from 3 to 21, or null for no cap, got {target!r}"
    )
    assert summary["at"] == {"field": "rules", "index": None}

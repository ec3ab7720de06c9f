"""Rule sets, presets and the contract table."""

from __future__ import annotations

import pytest

from cuatrola.core.errors import RulesError
from cuatrola.core.rules import CONTRACTS, Contract, MatchEnd, Rules


def test_the_default_is_exact_eleven_with_quintola() -> None:
    rules = Rules()
    assert (rules.end, rules.target, rules.bid_cap, rules.quintola) == (
        MatchEnd.EXACT_TARGET,
        11,
        11,
        True,
    )
    assert rules.record_rules() == {"quintola": True, "target": 11}


@pytest.mark.parametrize(
    ("name", "end", "target", "hands", "cap"),
    [
        ("exact11", MatchEnd.EXACT_TARGET, 11, None, 11),
        ("exact3", MatchEnd.EXACT_TARGET, 3, None, 3),
        ("exact21", MatchEnd.EXACT_TARGET, 21, None, 21),
        ("to21", MatchEnd.FIRST_TO, 21, None, None),
        ("hands11", MatchEnd.FIXED_HANDS, None, 11, None),
        ("hands20", MatchEnd.FIXED_HANDS, None, 20, None),
        ("default", MatchEnd.EXACT_TARGET, 11, None, 11),
    ],
)
def test_presets(
    name: str, end: MatchEnd, target: int | None, hands: int | None, cap: int | None
) -> None:
    rules = Rules.preset(name)
    assert (rules.end, rules.target, rules.hands, rules.bid_cap) == (end, target, hands, cap)
    assert Rules.preset(rules.name) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("name", ["exact2", "exact22", "to", "hands0", "poker", ""])
def test_bad_presets_are_refused(name: str) -> None:
    if name == "":
        assert Rules.preset(name) == Rules()  # empty means the default
        return
    with pytest.raises(RulesError):
        Rules.preset(name)


def test_contract_table() -> None:
    assert [CONTRACTS[c].value for c in Contract] == [1, 2, 4, 5]
    assert Rules().tricks_needed(Contract.CUATROLA) == 4
    assert Rules(quintola=False).tricks_needed(Contract.CUATROLA) == 5
    assert Rules().tricks_needed(Contract.QUINTOLA) == 5
    assert Rules().tricks_needed(Contract.SOLO) is None
    assert Rules(quintola=False).contracts() == (Contract.PASS, Contract.SOLO, Contract.CUATROLA)
    assert Rules().name == "exact11" and Rules(quintola=False).name == "exact11-noquintola"


def test_invalid_rules_are_refused() -> None:
    with pytest.raises(RulesError):
        Rules(target=2)
    with pytest.raises(RulesError):
        Rules(end=MatchEnd.FIXED_HANDS, target=11, hands=11)
    with pytest.raises(RulesError):
        Rules.from_dict({"end": "sometimes"})
    with pytest.raises(ValueError, match="expected pass"):
        Contract.parse("grand")


@pytest.mark.parametrize(("quintola", "auto_cante"), [("no", False), (True, 1), (0, False)])
def test_a_preset_with_a_bad_option_names_the_option_not_the_preset(
    quintola: object, auto_cante: object
) -> None:
    # The preset's name is fine: the error must say what is wrong instead.
    with pytest.raises(RulesError, match="quintola and auto_cante must be true or false"):
        Rules.preset("exact11", quintola=quintola, auto_cante=auto_cante)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [3, None, 11.0, b"exact3"])
def test_a_preset_name_that_is_not_a_string_is_refused_not_read_as_the_default(
    name: object,
) -> None:
    with pytest.raises(RulesError, match="expected a rules preset name such as 'exact11', got"):
        Rules.preset(name)  # type: ignore[arg-type]

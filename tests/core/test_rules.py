"""Rule sets, presets and the contract table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuatrola.core.errors import RulesError
from cuatrola.core.rules import (
    CONTRACTS,
    MAX_TARGET,
    MIN_TARGET,
    NO_QUINTOLA_SUFFIX,
    Contract,
    MatchEnd,
    Rules,
)


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


@pytest.mark.parametrize(
    "name",
    [
        *("exact2", "exact22", "to", "hands0", "poker", ""),
        # Numbers that int() alone reads: a space, an underscore, a sign, other digits.
        *("exact 11", "exact1_1", "exact+11", "to 21", "hands-11", "exact\u0661\u0661"),
        *("exact011", "to21.0"),
    ],
)
def test_bad_presets_are_refused(name: str) -> None:
    if name == "":
        assert Rules.preset(name) == Rules()  # empty means the default
        return
    with pytest.raises(RulesError, match="unknown rules preset"):
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


#: Every rule set: each way a match ends, at each target or number of hands, with and
#: without the quintola bid and automatic cantes.
every_rules = st.one_of(
    st.builds(
        Rules.exact,
        st.integers(MIN_TARGET, MAX_TARGET),
        quintola=st.booleans(),
        auto_cante=st.booleans(),
    ),
    st.builds(
        Rules.first_to,
        st.integers(MIN_TARGET, MAX_TARGET),
        quintola=st.booleans(),
        auto_cante=st.booleans(),
    ),
    st.builds(
        Rules.fixed_hands, st.integers(1, 50), quintola=st.booleans(), auto_cante=st.booleans()
    ),
)


@given(rules=every_rules)
def test_every_name_reads_back_as_its_rules(rules: Rules) -> None:
    # The name does not say auto_cante: it is given apart, as the presets take it.
    assert Rules.preset(rules.name, auto_cante=rules.auto_cante) == rules
    if not rules.auto_cante:
        assert Rules.preset(rules.name) == rules
    # The suffix turns the quintola bid off whatever the keyword (which defaults to on).
    assert Rules.preset(rules.name, quintola=False) == Rules.preset(
        rules.name.removesuffix(NO_QUINTOLA_SUFFIX), quintola=False
    )
    assert Rules.preset(rules.name.upper()) == Rules.preset(rules.name)


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("exact11-noquintola", Rules(quintola=False)),
        ("exact3-noquintola", Rules.exact(3, quintola=False)),
        ("to21-noquintola", Rules.first_to(21, quintola=False)),
        (" Hands20-NoQuintola ", Rules.fixed_hands(20, quintola=False)),
        ("default-noquintola", Rules(quintola=False)),
    ],
)
def test_noquintola_names_are_presets(name: str, rules: Rules) -> None:
    assert Rules.preset(name) == rules


@pytest.mark.parametrize(
    "name", ["-noquintola", "noquintola", "exact11-noquintola-noquintola", "exact11-quintola"]
)
def test_a_suffix_alone_or_twice_is_no_preset(name: str) -> None:
    with pytest.raises(RulesError, match=f"unknown rules preset {name!r}.*-noquintola"):
        Rules.preset(name)

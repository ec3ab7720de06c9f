"""The compiled solver against the pure-Python one: identical values on many random positions.

When the extension is not built these tests are skipped with a reason, unless the environment
sets ``CUATROLA_REQUIRE_EXTENSION=1`` (CI does): then they fail, so a broken build cannot pass
unnoticed.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cuatrola.ai.players.pimc import best_card
from cuatrola.ai.search import solver
from cuatrola.ai.search.exploit import model_moves, model_moves_python
from cuatrola.ai.search.solver import (
    Position,
    position_from_state,
    solve_moves,
    solve_moves_python,
    solve_python,
)
from cuatrola.core.hand import HandState
from cuatrola.core.rules import Contract, Rules

ROOT = Path(__file__).resolve().parents[2]
AUTO = Rules(auto_cante=True)
BIDDINGS = (
    (20, 20, 20, 20),  # plain
    (20, 21, 20, 20),  # solo, bidder second to speak
    (21, 20, 20, 20),  # solo, the mano bids
    (22, 20, 20, 20),  # cuatrola
    (20, 20, 22, 20),
    (20, 20, 20, 23),  # quintola
)


@pytest.fixture(scope="module")
def csolver() -> ModuleType:
    try:
        return importlib.import_module("cuatrola.ai.search._csolver")
    except ImportError as exc:
        if os.environ.get("CUATROLA_REQUIRE_EXTENSION") == "1":
            pytest.fail(
                f"CUATROLA_REQUIRE_EXTENSION=1 but the compiled solver does not import ({exc}); "
                "build it with `pip install -e .` (needs a C compiler and Python headers)"
            )
        pytest.skip(f"the compiled solver is not built ({exc}); pure Python only")


def random_positions(seed: int, count: int, tricks: range) -> list[Position]:
    """Seeded positions of every kind of hand, stopped at any card of the given tricks."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        state = HandState.deal(AUTO, rng.randrange(4), rng)
        for bid in rng.choice(BIDDINGS):
            state.apply(bid)
        stop = (rng.choice(tricks), rng.randrange(len(state.active_seats)))
        while (len(state.tricks), len(state.trick_cards)) < stop:
            state.apply(rng.choice(state.legal_actions()))
        pos = position_from_state(state)
        if rng.random() < 0.2:
            pos = dataclasses.replace(pos, cantes=False)
        positions.append(pos)
    return positions


def _fields(pos: Position) -> dict[str, object]:
    return {name: getattr(pos, name) for name in Position.__slots__}


def c_args(pos: Position) -> tuple[object, ...]:
    return (
        pos.hands,
        pos.trump,
        pos.to_move,
        pos.trick,
        pos.trick_seats,
        pos.sitting_out,
        int(pos.contract),
        pos.bidder,
        pos.points,
        pos.tricks_won,
        pos.tricks_played,
        pos.sung,
        pos.cantes,
    )


def test_c_and_python_agree_from_trick_two_on(csolver: ModuleType) -> None:
    for pos in random_positions(seed=1, count=400, tricks=range(1, 5)):
        assert csolver.solve(*c_args(pos)) == solve_python(pos), pos
        assert csolver.solve_moves(*c_args(pos)) == solve_moves_python(pos), pos


def test_c_and_python_agree_on_whole_hands(csolver: ModuleType) -> None:
    for pos in random_positions(seed=2, count=150, tricks=range(1)):
        assert csolver.solve(*c_args(pos)) == solve_python(pos), pos
    for pos in random_positions(seed=3, count=30, tricks=range(1)):
        assert csolver.solve_moves(*c_args(pos)) == solve_moves_python(pos), pos


def test_c_and_python_agree_against_rule_followers(csolver: ModuleType) -> None:
    # The search where one team plays the greedy card: the C port of the greedy rules must
    # pick the same card as greedy.greedy_card at every turn, or the values drift apart.
    for pos in random_positions(seed=13, count=300, tricks=range(5)):
        for greedy_team in (0, 1):
            expected = model_moves_python(pos, greedy_team)
            assert csolver.model_moves(*c_args(pos), False, greedy_team) == expected, pos
            assert model_moves(pos, greedy_team) == expected, pos


def _redealt(pos: Position, rng: random.Random) -> tuple[int, int, int, int]:
    """The hands of ``pos`` with the cards of the seats other than the side to move dealt
    again among them (the same counts): another deal the side to move cannot tell apart."""
    others = [s for s in range(4) if s not in (pos.to_move, pos.sitting_out)]
    cards = [c for s in others for c in range(20) if pos.hands[s] >> c & 1]
    rng.shuffle(cards)
    hands = list(pos.hands)
    for seat in others:
        count = pos.hands[seat].bit_count()
        hands[seat] = sum(1 << c for c in cards[:count])
        cards = cards[count:]
    return (hands[0], hands[1], hands[2], hands[3])


def test_mover_totals_c_and_python_agree(csolver: ModuleType) -> None:
    # The batched sum the searched opponent model asks for: the same totals as one solve
    # per deal, with the sign of the side to move, in every kind of hand.
    rng = random.Random(15)
    for pos in random_positions(seed=15, count=60, tricks=range(1, 5)):
        deals = [pos.hands] + [_redealt(pos, rng) for _ in range(5)]
        expected = solver.mover_totals_python(pos, deals)
        per_deal: dict[int, int] = {}
        for hands in deals:
            deal = dataclasses.replace(pos, hands=hands)
            for card, value in solver.mover_scores(deal, solve_moves_python(deal)).items():
                per_deal[card] = per_deal.get(card, 0) + value
        assert expected == per_deal
        assert csolver.mover_totals(deals, *c_args(pos)[1:], True) == expected, pos
        assert solver.mover_totals(pos, deals, keep_table=True) == expected, pos


def test_mover_totals_rejects_bad_deals(csolver: ModuleType) -> None:
    pos = random_positions(seed=16, count=1, tricks=range(2, 3))[0]
    rest = c_args(pos)[1:]
    other = next(s for s in range(4) if s not in (pos.to_move, pos.sitting_out))
    swapped = list(pos.hands)  # one card of the side to move traded for another seat's
    give = swapped[pos.to_move] & -swapped[pos.to_move]
    take = swapped[other] & -swapped[other]
    swapped[pos.to_move] ^= give | take
    swapped[other] ^= give | take
    for backend in (solver.mover_totals, solver.mover_totals_python):
        with pytest.raises(ValueError, match="at least one deal"):
            backend(pos, [])
        with pytest.raises(ValueError, match="same cards"):
            backend(pos, [pos.hands, _redealt(pos, random.Random(1)), tuple(swapped)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="non-empty list"):
        csolver.mover_totals((pos.hands,), *rest, False)
    with pytest.raises(ValueError, match="hands"):
        csolver.mover_totals([pos.hands, (1, 2, 3)], *rest, False)
    with pytest.raises(TypeError, match="14 arguments"):
        csolver.mover_totals([pos.hands])


def test_mover_choices_c_and_python_agree(csolver: ModuleType) -> None:
    # The bootstrap of the searched opponent model: the same resamples (one generator
    # definition in both) and the same tie rule, so the same counts in every kind of hand.
    rng = random.Random(17)
    for number, pos in enumerate(random_positions(seed=17, count=60, tricks=range(1, 5))):
        deals = [pos.hands] + [_redealt(pos, rng) for _ in range(5)]
        seed = rng.getrandbits(64) - (1 << 63)  # negative seeds too (hash() gives them)
        expected = solver.mover_choices_python(pos, deals, 40 + number, seed)
        assert sum(expected.values()) == 40 + number
        assert set(expected) == set(solve_moves_python(pos))
        assert csolver.mover_choices(deals, 40 + number, seed, *c_args(pos)[1:], True) == expected
        assert solver.mover_choices(pos, deals, 40 + number, seed) == expected, pos


def test_mover_choices_is_pimc_choice_over_the_resamples() -> None:
    # With one deal every resample is that deal: PIMC's choice over it every time, the
    # cheapest of the best cards on a tie (pimc.best_card).
    for pos in random_positions(seed=18, count=40, tricks=range(1, 5)):
        scores = solver.mover_scores(pos, solve_moves(pos))
        choice = best_card({c: float(v) for c, v in scores.items()}, pos.trump)
        for backend in (solver.mover_choices, solver.mover_choices_python):
            counts = backend(pos, [pos.hands], 25, 7)
            assert counts == {c: 25 if c == choice else 0 for c in scores}, pos


def test_mover_choices_spread_follows_the_deals() -> None:
    # Deals that disagree on the best card split the resamples (the same split from the same
    # seed); a card that is worse than another one in every deal is never the choice.
    rng = random.Random(19)
    split = 0
    for pos in random_positions(seed=19, count=30, tricks=range(1, 3)):
        deals = [pos.hands] + [_redealt(pos, rng) for _ in range(11)]
        counts = solver.mover_choices(pos, deals, 400, 1)
        assert counts == solver.mover_choices(pos, deals, 400, 1)
        per_deal = [
            solver.mover_scores(d, solve_moves(d))
            for d in (dataclasses.replace(pos, hands=h) for h in deals)
        ]
        for card in counts:
            if any(all(row[o] > row[card] for row in per_deal) for o in counts if o != card):
                assert counts[card] == 0, pos
        split += sum(1 for n in counts.values() if n) > 1
    assert split >= 5  # the positions do disagree, so the rule above was put to the test


def test_mover_choices_rejects_bad_arguments(csolver: ModuleType) -> None:
    pos = random_positions(seed=20, count=1, tricks=range(2, 3))[0]
    rest = c_args(pos)[1:]
    for backend in (solver.mover_choices, solver.mover_choices_python):
        for resamples in (0, -3, 2_000_000, 1.5, True, "9"):
            with pytest.raises(ValueError, match="resamples"):
                backend(pos, [pos.hands], resamples, 1)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seed"):
            backend(pos, [pos.hands], 10, "x")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="at least one deal"):
            backend(pos, [], 10, 1)
    with pytest.raises(ValueError, match="resamples"):
        csolver.mover_choices([pos.hands], 0, 1, *rest, False)
    with pytest.raises(ValueError, match="seed"):
        csolver.mover_choices([pos.hands], 10, None, *rest, False)
    with pytest.raises(ValueError, match="non-empty list"):
        csolver.mover_choices([], 10, 1, *rest, False)
    with pytest.raises(TypeError, match="16 arguments"):
        csolver.mover_choices([pos.hands], 10, 1)


def test_the_model_search_keeps_its_table_apart(csolver: ModuleType) -> None:
    # Double-dummy and greedy-team searches alternate on the same position: an entry written
    # by one must never answer the other (the table context includes the greedy team).
    for pos in random_positions(seed=14, count=60, tricks=range(3)):
        assert csolver.solve_moves(*c_args(pos), True) == solve_moves_python(pos), pos
        assert csolver.model_moves(*c_args(pos), True, 1) == model_moves_python(pos, 1), pos
        assert csolver.model_moves(*c_args(pos), True, 0) == model_moves_python(pos, 0), pos
        assert csolver.solve(*c_args(pos), True) == solve_python(pos), pos


def test_the_model_search_rejects_bad_arguments(csolver: ModuleType) -> None:
    pos = random_positions(seed=15, count=1, tricks=range(2, 3))[0]
    with pytest.raises(ValueError, match="greedy_team"):
        csolver.model_moves(*c_args(pos), False, 2)
    with pytest.raises(ValueError, match="greedy_team"):
        csolver.model_moves(*c_args(pos), False, None)
    with pytest.raises(TypeError, match="15 arguments"):
        csolver.model_moves(*c_args(pos), 1)
    bad = list(c_args(pos))
    bad[0] = (1, 1, 0, 0)
    with pytest.raises(ValueError, match="holds a card another seat holds"):
        csolver.model_moves(*bad, False, 1)


def test_c_window_search_matches_python(csolver: ModuleType) -> None:
    # A null window around a threshold answers "value >= threshold" alike in both solvers,
    # and an exact value inside a wide window is the exact value.
    rng = random.Random(10)
    for pos in random_positions(seed=11, count=150, tricks=range(5)):
        value = solve_python(pos)
        threshold = value + rng.randrange(-6, 7)
        fail_soft = csolver.solve(*c_args(pos), False, threshold - 1, threshold)
        assert (fail_soft >= threshold) is (value >= threshold), pos
        assert solver.at_least_python(pos, threshold) is (value >= threshold), pos
        assert csolver.solve(*c_args(pos), False, value - 50, value + 50) == value, pos


def test_c_rejects_an_empty_window(csolver: ModuleType) -> None:
    pos = random_positions(seed=12, count=1, tricks=range(2, 3))[0]
    with pytest.raises(ValueError, match="alpha < beta"):
        csolver.solve(*c_args(pos), False, 3, 3)
    with pytest.raises(ValueError, match="alpha"):
        csolver.solve(*c_args(pos), False, "3", 4)


def test_public_api_uses_the_compiled_solver(csolver: ModuleType) -> None:
    if os.environ.get("CUATROLA_SOLVER", "").lower() == "python":
        pytest.skip("CUATROLA_SOLVER=python forces the pure-Python solver")
    assert solver.backend() == "c"
    pos = random_positions(seed=4, count=1, tricks=range(1))[0]
    assert solver.solve(pos) == csolver.solve(*c_args(pos))


def test_a_kept_table_stays_exact_across_contexts(csolver: ModuleType) -> None:
    # Alternate contexts (trump, contract) while asking to keep the table: entries of another
    # context must never be used.
    positions = random_positions(seed=5, count=80, tricks=range(3))
    for pos in positions:
        assert csolver.solve(*c_args(pos), True) == solve_python(pos), pos


@pytest.mark.parametrize(
    ("index", "value", "pattern"),
    [
        (0, (0, 0, 0), "hands"),
        (0, "hands", "hands"),
        (0, (1 << 20, 0, 0, 0), "hands"),
        (1, 2**70, "trump"),
        (3, (1, 2, 3, 4), "trick"),
        (3, (25,), "trick"),
        (5, 4, "sitting_out"),
        (6, 9, "contract"),
        (8, [0, 0], "points"),
        (12, 1, "cantes"),
    ],
)
def test_c_rejects_bad_arguments(
    csolver: ModuleType, index: int, value: object, pattern: str
) -> None:
    pos = random_positions(seed=6, count=1, tricks=range(2, 3))[0]
    args = list(c_args(pos))
    args[index] = value
    with pytest.raises(ValueError, match=pattern):
        csolver.solve(*args)
    with pytest.raises(ValueError, match=pattern):
        csolver.solve_moves(*args)


def test_c_rejects_a_wrong_number_of_arguments(csolver: ModuleType) -> None:
    with pytest.raises(TypeError, match="13 or 14 arguments"):
        csolver.solve(1, 2, 3)


def test_the_pure_python_fallback_plays_without_the_extension() -> None:
    # CUATROLA_SOLVER=python makes the package behave as if the extension were not built.
    code = (
        "import random\n"
        "from cuatrola.ai.search import solver\n"
        "from cuatrola.core.hand import HandState\n"
        "from cuatrola.core.rules import Rules\n"
        "state = HandState.deal(Rules(auto_cante=True), 0, random.Random(1))\n"
        "for _ in range(4): state.apply(20)\n"
        "pos = solver.position_from_state(state)\n"
        "print(solver.backend(), solver.solve(pos) == solver.solve_python(pos))\n"
    )
    env = {**os.environ, "CUATROLA_SOLVER": "python"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["python", "True"]


def test_a_failing_c_build_does_not_fail_the_install(tmp_path: Path) -> None:
    # The build_ext of setup.py turns a compile error into a warning.
    from setuptools import Distribution, Extension  # type: ignore[import-untyped]

    spec = importlib.util.spec_from_file_location("cuatrola_setup", ROOT / "setup.py")
    assert spec is not None
    assert spec.loader is not None
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)
    broken = tmp_path / "broken.c"
    broken.write_text("this is not C\n")
    dist = Distribution(
        {
            "name": "broken",
            "ext_modules": [Extension("broken", [str(broken)])],
            "cmdclass": {"build_ext": setup_module.OptionalBuildExt},
        }
    )
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(tmp_path / "lib")
    command.build_temp = str(tmp_path / "tmp")
    dist.run_command("build_ext")  # must not raise
    assert not list((tmp_path / "lib").glob("broken*"))


GARBAGE: tuple[object, ...] = (
    None,
    True,
    False,
    -1,
    0,
    1,
    2,
    3,
    4,
    19,
    20,
    2**20,
    2**63,
    1.5,
    "x",
    (),
    (1,),
    (1, 2),
    (0, 0, 0, 0),
    [0, 0],
)


def test_c_and_python_reject_exactly_the_same_positions(csolver: ModuleType) -> None:
    # Seeded fuzzing: damage a valid position's fields (and flip cards between hands); both
    # solvers must accept or reject each result alike, and agree on the value when accepted.
    rng = random.Random(8)
    names = list(Position.__slots__)
    accepted = 0
    for base in random_positions(seed=9, count=30, tricks=range(5)):
        for _ in range(100):
            fields = _fields(base)
            for _ in range(rng.randrange(1, 3)):
                fields[rng.choice(names)] = rng.choice(GARBAGE)
            if rng.random() < 0.5:
                hands = list(base.hands)
                hands[rng.randrange(4)] ^= 1 << rng.randrange(20)
                fields["hands"] = tuple(hands)
            contract = fields["contract"]
            if isinstance(contract, int) and not isinstance(contract, bool) and 0 <= contract < 4:
                fields["contract"] = Contract(contract)
            pos = Position(**fields)  # type: ignore[arg-type]
            try:
                expected: int | None = solve_python(pos)
            except ValueError:
                expected = None
            if expected is None:
                try:
                    csolver.solve(*solver._c_args(pos, False))
                except ValueError:
                    pass
                else:
                    pytest.fail(f"the C solver accepted a position Python rejects: {pos}")
            else:
                accepted += 1
                assert csolver.solve(*solver._c_args(pos, False)) == expected, pos
    assert accepted > 20  # the fuzzing also produced valid positions

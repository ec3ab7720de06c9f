"""The tutorial's scripted lessons, one rule each (docs/rules.md sections 3-7), as plain data.

A :class:`Lesson` is a list of :class:`Step`\\ s; each step is a :class:`Position` (a deal
given card by card, the actions played so far) and what the learner, always seat 0 (the
bottom of the screen), is asked to do there:

* ``move``: make an action (a card, a bid, a cante). ``right`` holds the accepted actions:
  each is legal in the position, and any other legal action is "allowed, but not the point".
* ``winner``: say which seat won the trick just completed.
* ``points``: say how many points the trick just completed is worth (its card points, plus
  10 when it was the last trick).
* ``sitting_out``: say which seat sits out the hand.

For the questions, ``right`` is the answer the lesson expects and ``choices`` what the
learner picks from. The rules core, not this data, is the authority: :mod:`.judge` checks
every answer against the position, and ``tests/server/test_tutorial.py`` proves that each
step's ``right`` and ``wrong`` claims are what the core says. ``wrong`` lists answers the
lesson expects a learner to try (the end-to-end test tries them).

The texts live in the web client's catalogues (``web/public/i18n/*.json``) under
``tutorial.<lesson>.title`` and ``.text`` (the rule, also on the rules page), and per step
``tutorial.<lesson>.<n>.task``, ``.why`` (after a right answer) and ``.hint`` (after a
wrong one), ``n`` counted from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

StepKind = Literal["move", "winner", "points", "sitting_out"]

LEARNER: Final = 0
"""The learner's seat in every lesson (shown at the bottom)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A deal and the actions played so far.

    Attributes:
        dealer: the dealer's seat (the mano is the seat after him).
        hands: the five cards dealt to each seat, as ``"AO 3O RO CO SO"``.
        trump_card: the dealer's shown card.
        actions: the bids, cards and cantes played so far, in order.
        score_before: the match score before the hand (the bid cap reads it).
    """

    dealer: int
    hands: tuple[str, str, str, str]
    trump_card: str
    actions: tuple[str, ...] = ()
    score_before: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the learner is asked to do (see the module docstring)."""

    kind: StepKind
    position: Position
    right: frozenset[str]
    wrong: tuple[str, ...]
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """One rule, taught in a few steps; ``id`` names its catalogue keys. ``revision`` goes up
    when the lesson comes to teach something more: a learner who completed an earlier
    revision finds it to do again."""

    id: str
    steps: tuple[Step, ...]
    revision: int = 1


_PASSES: Final = ("pass", "pass", "pass", "pass")
# A plain hand dealt by seat 0 (the learner): seat 1 is the mano and leads, the learner
# plays fourth.
_DEAL_FOLLOW: Final = ("3O RO AC CE SB", "AO 3C AE 3E CB", "SO RC RE AB 3B", "CO CC SC SE RB")
_DEAL_BEAT: Final = ("3C CC 3O RE SB", "RC AC 3E AB CB", "SC CO SO 3B RB", "AO RO AE CE SE")
# Cups led and trumped by the left opponent: the learner must follow, but need not beat.
_DEAL_TRUMPED: Final = ("AC CC AO 3O SB", "3C RC AE 3E RE", "SC RO CO SO CE", "CB AB 3B RB SE")
_DEAL_TRUMP: Final = ("SB 3O RO AC 3C", "AE AO CO RC AB", "SE 3E SO CC 3B", "CE RE SC RB CB")
_DEAL_OVER: Final = ("RB SB AO 3O AE", "AC 3C RC CC SC", "CB AB 3B RO 3E", "SO CO RE CE SE")
_DEAL_WINNER: Final = ("SE CB 3O CO 3C", "AE 3E RE CE SC", "AO RO SO AC RC", "SB AB 3B RB CC")
_DEAL_POINTS: Final = ("3C RC AE 3B CB", "AC SC 3E AB SB", "3O CO SO RE SE", "AO RO CC CE RB")
_POINTS_PLAYS: Final = (
    *("3E", "SE", "CE", "AE"),
    *("3C", "AC", "3O", "CC"),
    *("SB", "CO", "RB", "3B"),
    *("CB", "AB", "RE", "AO"),
    *("SC", "SO", "RO", "RC"),
)
_DEAL_CANTE: Final = ("RB CB RO CO AE", "3E AO 3O AC 3C", "SE SO RC CC SC", "CE RE AB 3B SB")
_DEAL_CONTRACT: Final = ("AB 3B RB AO AC", "3O RO CO SO 3C", "RC CC SC AE 3E", "RE CE SE CB SB")
# Dealt by seat 3: the learner is the mano and speaks first.
_DEAL_CAP: Final = ("AO 3O RO AC 3C", "CO SO RC CC SC", "AE 3E RE CE SE", "AB 3B RB CB SB")
_SEATS: Final = ("0", "1", "2", "3")


def _move(position: Position, right: set[str], wrong: tuple[str, ...]) -> Step:
    return Step("move", position, frozenset(right), wrong)


LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson(
        "follow",
        (
            _move(
                Position(0, _DEAL_FOLLOW, "SB", (*_PASSES, "AO", "SO", "CO")),
                {"3O", "RO"},
                ("AC",),
            ),
        ),
    ),
    Lesson(
        "beat",
        (
            _move(Position(0, _DEAL_BEAT, "SB", (*_PASSES, "RC", "SC", "AO")), {"3C"}, ("CC",)),
            # rule 4.1.2a: a trump in a trick led in another suit lifts the duty to beat
            _move(
                Position(0, _DEAL_TRUMPED, "SB", (*_PASSES, "3C", "SC", "CB")),
                {"CC"},
                ("AC", "SB"),
            ),
        ),
        # 2: the step of rule 4.1.2a (revision 1 taught that one must always beat)
        revision=2,
    ),
    Lesson(
        "trump",
        (_move(Position(0, _DEAL_TRUMP, "SB", (*_PASSES, "AE", "SE", "CE")), {"SB"}, ("3O",)),),
    ),
    Lesson(
        "overtrump",
        (_move(Position(0, _DEAL_OVER, "SB", (*_PASSES, "AC", "CB", "SO")), {"RB"}, ("SB",)),),
    ),
    Lesson(
        "winner",
        (
            Step(
                "winner",
                Position(0, _DEAL_WINNER, "CB", (*_PASSES, "AE", "AO", "SB", "SE")),
                frozenset({"3"}),
                ("1",),
                _SEATS,
            ),
        ),
    ),
    Lesson(
        "points",
        (
            Step(
                "points",
                Position(0, _DEAL_POINTS, "3B", (*_PASSES, *_POINTS_PLAYS[:4])),
                frozenset({"26"}),
                ("16",),
                ("16", "26", "36"),
            ),
            Step(
                "points",
                Position(0, _DEAL_POINTS, "3B", (*_PASSES, *_POINTS_PLAYS)),
                frozenset({"22"}),
                ("12",),
                ("12", "22", "32"),
            ),
        ),
    ),
    Lesson(
        "cantes",
        (
            _move(
                Position(0, _DEAL_CANTE, "CB", (*_PASSES, "3E", "SE", "CE", "AE")),
                {"cante:B"},
                ("cante:O", "nocante"),
            ),
        ),
    ),
    Lesson(
        "contracts",
        (
            _move(
                Position(0, _DEAL_CONTRACT, "RB", ("solo", "pass", "pass")),
                {"cuatrola", "quintola"},
                ("solo",),
            ),
            Step(
                "sitting_out",
                Position(0, _DEAL_CONTRACT, "RB", ("solo", "pass", "pass", "cuatrola")),
                frozenset({"2"}),
                ("1",),
                _SEATS,
            ),
        ),
    ),
    Lesson(
        "exact11",
        (
            _move(Position(3, _DEAL_CAP, "SB", score_before=(8, 6)), {"solo"}, ("cuatrola",)),
            _move(Position(3, _DEAL_CAP, "SB", score_before=(10, 6)), {"pass"}, ("solo",)),
        ),
    ),
)
"""Every lesson, in the order the tutorial teaches them."""

LESSON_BY_ID: Final = {lesson.id: lesson for lesson in LESSONS}

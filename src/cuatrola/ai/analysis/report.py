"""What an analysis holds: the msgspec structs, the marks and the accuracy figures.

Every value is *for the analysed seat's side* and higher is better. Its unit depends on the
decision (:data:`UNITS`):

* ``points``: the hand-points margin (the side's hand points minus the other side's: card
  points, 10 for the last trick, cantes), the double-dummy solver's value in a plain hand
  and a solo, for card play and cantes;
* ``tricks``: the bidder's team's tricks (negated for the defenders), the solver's value in a
  cuatrola and a quintola;
* ``match``: the chance to win the match, in percentage points, for bids under a rule set
  with a target (what :mod:`cuatrola.ai.bidding` maximises);
* ``game``: the game-point difference, for bids in a fixed-hands match.

A decision's *cost* is the value of the best alternative minus the value of the one chosen
(0 when the choice was the best). The marks (:func:`mark_for`) compare it with
:data:`THRESHOLDS`; the accuracy of a decision (:func:`decision_accuracy`) is
``100 * exp(-cost / ACCURACY_SCALES[unit])``, and a seat's accuracy over a hand or a match is
the mean of its scored decisions' accuracies (forced moves are not scored).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

import msgspec

#: The format name stored with every hand analysis.
FORMAT: Final = "cuatrola-analysis/1"
#: The units a decision's values may be in (see the module docstring).
UNITS: Final = ("points", "tricks", "match", "game")
#: The marks, from the mildest.
MARKS: Final = ("inaccuracy", "mistake", "blunder")
#: Per unit, the cost from which a decision is an inaccuracy, a mistake and a blunder. A
#: blunder in hand points is 20 of margin: giving the other side the last trick (10 points
#: and the cards in it) or a trick with the as of trumps (11 points each way) in it.
THRESHOLDS: Final[dict[str, tuple[float, float, float]]] = {
    "points": (4.0, 10.0, 20.0),
    "tricks": (0.2, 0.5, 1.0),
    "match": (2.0, 5.0, 10.0),
    "game": (0.2, 0.5, 1.0),
}
#: Per unit, the cost at which a decision's accuracy falls to 100/e (about 37%).
ACCURACY_SCALES: Final[dict[str, float]] = {
    "points": 10.0,
    "tricks": 0.5,
    "match": 5.0,
    "game": 0.5,
}


class Alternative(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One legal option of a decision.

    Attributes:
        action: the option in notation form (``"AO"``, ``"solo"``, ``"cante:O"``, ``"nocante"``).
        value: its expected value for the seat's side over the deals the seat could not tell
            apart, in the decision's unit (``None`` for a forced move).
        hindsight: its double-dummy value on the true deal (every card known: hindsight, not
            what the seat could know); ``None`` for bids and forced moves.
        game_points: for a bid, its expected game points of the hand for the seat's side
            (won minus lost) over the same deals as ``value``; ``None`` for cards, cantes
            and forced moves.
    """

    action: str
    value: float | None = None
    hindsight: float | None = None
    game_points: float | None = None


class Decision(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One decision of an analysed seat.

    Attributes:
        step: the index of the action in the hand's history (bids, cards, cantes and
            declined cantes, as :func:`~cuatrola.core.records.replay_steps` steps them).
        seat: who decided.
        kind: ``"bid"``, ``"card"`` or ``"cante"``.
        trick: the trick the decision belongs to (1-5; 0 in the bidding).
        chosen: what the seat did.
        best: the expert's choice from the seat's view (``chosen`` for a forced move).
        unit: the unit of the values (:data:`UNITS`).
        alternatives: every legal option, in action order.
        forced: only one legal option: listed, not scored.
        cost: best minus chosen, in ``unit`` (``None`` when forced).
        hindsight_cost: the same with the double-dummy values on the true deal.
        mark: ``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None``.
        accuracy: :func:`decision_accuracy` of the cost (``None`` when forced).
        deals: the deals the values were estimated over.
        game_points_cost: for a bid, the expected game points of ``best`` minus those of
            ``chosen`` (negative when the bid chosen expected more game points than the
            expert's, which ranks the bids by the chance to win the match); ``None`` for
            cards, cantes and forced moves.
    """

    step: int
    seat: int
    kind: str
    trick: int
    chosen: str
    best: str
    unit: str
    alternatives: list[Alternative]
    forced: bool = False
    cost: float | None = None
    hindsight_cost: float | None = None
    mark: str | None = None
    accuracy: float | None = None
    deals: int = 0
    game_points_cost: float | None = None


class SeatSummary(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat's figures over a hand or a match.

    Attributes:
        seat: the seat.
        decisions: its decisions, forced ones included.
        scored: its decisions with more than one option.
        accuracy: the mean accuracy of the scored decisions (``None`` when there are none).
        inaccuracies, mistakes, blunders: how many decisions got each mark.
    """

    seat: int
    decisions: int
    scored: int
    accuracy: float | None
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0


class HandAnalysis(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The analysis of one hand (:func:`~cuatrola.ai.analysis.analyse_hand`).

    Attributes:
        format: :data:`FORMAT`.
        seed: the seed the deals were drawn with (the same seed gives the same analysis).
        samples: the deals sampled per card decision when they are too many to enumerate.
        solver: the double-dummy solver backend used (``"c"`` or ``"python"``).
        seats: the analysed seats' figures, in seat order.
        decisions: the analysed seats' decisions, in playing order.
    """

    format: str
    seed: int
    samples: int
    solver: str
    seats: list[SeatSummary]
    decisions: list[Decision]


class MatchAnalysis(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The analysis of a match: each hand's, and each seat's figures over all of them.

    Attributes:
        format: :data:`FORMAT`.
        seats: per analysed seat, the figures over every hand (the accuracy is the mean over
            all the seat's scored decisions of the match, not a mean of hand means).
        hands: each hand's analysis, in playing order.
    """

    format: str
    seats: list[SeatSummary]
    hands: list[HandAnalysis]


def mark_for(cost: float, unit: str) -> str | None:
    """The mark a decision of ``cost`` gets (``None``: no mark).

    >>> mark_for(3.0, "points"), mark_for(10.0, "points"), mark_for(25.0, "points")
    (None, 'mistake', 'blunder')
    """
    mark = None
    for name, threshold in zip(MARKS, THRESHOLDS[unit], strict=True):
        if cost >= threshold:
            mark = name
    return mark


def decision_accuracy(cost: float, unit: str) -> float:
    """The accuracy, 0-100, of a decision that cost ``cost``.

    >>> decision_accuracy(0.0, "points"), round(decision_accuracy(10.0, "points"), 1)
    (100.0, 36.8)
    """
    return 100.0 * math.exp(-max(0.0, cost) / ACCURACY_SCALES[unit])


def summarise(decisions: Iterable[Decision], seats: Iterable[int]) -> list[SeatSummary]:
    """Each seat's :class:`SeatSummary` over ``decisions``, in seat order."""
    listed = list(decisions)
    out: list[SeatSummary] = []
    for seat in sorted(set(seats)):
        own = [d for d in listed if d.seat == seat]
        scores = [d.accuracy for d in own if d.accuracy is not None]
        marks = [d.mark for d in own]
        out.append(
            SeatSummary(
                seat=seat,
                decisions=len(own),
                scored=len(scores),
                accuracy=round(sum(scores) / len(scores), 1) if scores else None,
                inaccuracies=marks.count("inaccuracy"),
                mistakes=marks.count("mistake"),
                blunders=marks.count("blunder"),
            )
        )
    return out


def encode(analysis: HandAnalysis | MatchAnalysis) -> bytes:
    """``analysis`` as JSON bytes."""
    return msgspec.json.encode(analysis)


def decode_hand(data: bytes | str) -> HandAnalysis:
    """A :class:`HandAnalysis` from the JSON :func:`encode` made.

    Raises:
        msgspec.ValidationError, msgspec.DecodeError: on anything else.
    """
    return msgspec.json.decode(data, type=HandAnalysis)


def decode_match(data: bytes | str) -> MatchAnalysis:
    """A :class:`MatchAnalysis` from the JSON :func:`encode` made.

    Raises:
        msgspec.ValidationError, msgspec.DecodeError: on anything else.
    """
    return msgspec.json.decode(data, type=MatchAnalysis)

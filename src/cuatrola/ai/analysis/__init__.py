"""Analysis after the hand: the cost of every decision of a seat, against the expert's choice.

For each decision of the analysed seats, from **what that seat could know at that moment**
(its :class:`~cuatrola.core.views.SeatView`, never the hidden cards): every legal option's
expected value for the seat's side over the deals the seat could not tell apart (sampled and
weighted as the expert player does, each solved double dummy), the expert's choice, the cost
of the option chosen against the best one, a mark (inaccuracy, mistake, blunder) and an
accuracy figure; optionally the double-dummy values on the true deal, as hindsight.

* :mod:`~cuatrola.ai.analysis.report`: the msgspec structs (JSON for storage and REST), the
  thresholds of the marks and the accuracy formula;
* :mod:`~cuatrola.ai.analysis.values`: the value of each option of one decision;
* :mod:`~cuatrola.ai.analysis.hand`: :func:`analyse_hand` and :func:`analyse_match`.

docs/analysis.md describes it for users.
"""

from cuatrola.ai.analysis.hand import (
    ANALYSIS_SAMPLES,
    analyse_decision,
    analyse_hand,
    analyse_match,
    analysis_config,
    decision_rng,
)
from cuatrola.ai.analysis.report import (
    ACCURACY_SCALES,
    FORMAT,
    MARKS,
    THRESHOLDS,
    UNITS,
    Alternative,
    Decision,
    HandAnalysis,
    MatchAnalysis,
    SeatSummary,
    decision_accuracy,
    decode_hand,
    decode_match,
    encode,
    mark_for,
    summarise,
)
from cuatrola.ai.analysis.values import analysis_expert

__all__ = [
    "ACCURACY_SCALES",
    "ANALYSIS_SAMPLES",
    "FORMAT",
    "MARKS",
    "THRESHOLDS",
    "UNITS",
    "Alternative",
    "Decision",
    "HandAnalysis",
    "MatchAnalysis",
    "SeatSummary",
    "analyse_decision",
    "analyse_hand",
    "analyse_match",
    "analysis_config",
    "analysis_expert",
    "decision_accuracy",
    "decision_rng",
    "decode_hand",
    "decode_match",
    "encode",
    "mark_for",
    "summarise",
]

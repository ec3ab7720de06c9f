"""What a duplicate duel between two computer players measures (``cuatrola duel``).

Every deal is played twice with the two agents swapping partnerships, so the luck of the
cards cancels out of the margin. This module holds the duel's tracks, its summary (margins
with their confidence intervals, win rates, an Elo estimate, decision times, contracts) and
the summary's text; :mod:`cuatrola.clients.duel` plays the duels (``run_duel``) at the table
layer's :class:`~cuatrola.table.Table`, which this layer does not import.

Tracks:

* ``play``: bidding forced to pass, card play only; the margin is hand points per hand
  (card points + last trick + cantes, the quantity that decides a plain hand).
* ``hands``: bidding on, each hand on its own at 0-0 under the default rules; the margin is
  game points per hand (positive when the agent's team scores).
* ``match``: whole matches under the default rules (first to exactly 11); the margin is
  match wins minus losses per match (+1 a win, -1 a loss).

>>> decision_percentiles_ms([0.002, 0.001, 0.004])["p50"]
2.0
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

#: The tracks, and the unit of each one's margin.
TRACKS: Final = ("play", "hands", "match")
UNITS: Final = {
    "play": "hand points per hand",
    "hands": "game points per hand",
    "match": "match wins minus losses per match",
}
#: Z value of a two-sided 95% normal confidence interval.
Z95: Final = 1.959964


class DuelError(Exception):
    """A duel cannot run (bad arguments, or a player returned an illegal action)."""


@dataclass
class AgentStats:
    """What one agent did during a duel."""

    #: Time of each decision with a choice (more than one legal action).
    decision_seconds: list[float] = field(default_factory=list)
    #: Decisions with a single legal action: not timed, they would pull the percentiles down.
    forced: int = 0
    #: contract label -> [bids made that became the contract, of them made]
    contracts: dict[str, list[int]] = field(default_factory=dict)
    #: Decisions (forced ones included) that took longer than the duel's time budget.
    over_budget: int = 0
    #: The longest of those decisions, in seconds (0.0 when none).
    slowest: float = 0.0

    def percentiles_ms(self) -> dict[str, float | int]:
        """Decision-time percentiles in milliseconds (p50, p90, p99, max) and the count."""
        return decision_percentiles_ms(self.decision_seconds)


def decision_percentiles_ms(samples: list[float]) -> dict[str, float | int]:
    """``{"count", "p50", "p90", "p99", "max"}`` of decision times given in seconds."""
    if not samples:
        return {"count": 0, "p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(samples)

    def pick(q: float) -> float:
        index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
        return round(ordered[index] * 1000, 3)

    return {
        "count": len(ordered),
        "p50": pick(0.50),
        "p90": pick(0.90),
        "p99": pick(0.99),
        "max": round(ordered[-1] * 1000, 3),
    }


@dataclass
class DuelSummary:
    """The outcome of a duel; :meth:`to_json` gives the ``--json`` object."""

    a: str
    b: str
    track: str
    seed: int
    pairs: int = 0
    hands: int = 0
    hand_wins_a: int = 0
    matches: int = 0
    match_wins_a: int = 0
    pair_margins: list[float] = field(default_factory=list)
    #: Play track: the margin in card points only (no last-trick bonus, no cantes).
    pair_card_margins: list[float] = field(default_factory=list)
    stats: dict[str, AgentStats] = field(default_factory=dict)
    seconds: float = 0.0
    #: The time budget per decision handed to the players (``None``: none).
    budget: float | None = None

    def absorb(self, part: DuelSummary) -> None:
        """Add the counts, margins and timings of ``part``, a later stretch of the same
        duel (a worker's share of a parallel run)."""
        self.pairs += part.pairs
        self.hands += part.hands
        self.hand_wins_a += part.hand_wins_a
        self.matches += part.matches
        self.match_wins_a += part.match_wins_a
        self.pair_margins.extend(part.pair_margins)
        self.pair_card_margins.extend(part.pair_card_margins)
        for key, stats in part.stats.items():
            mine = self.stats.setdefault(key, AgentStats())
            mine.decision_seconds.extend(stats.decision_seconds)
            mine.forced += stats.forced
            mine.over_budget += stats.over_budget
            mine.slowest = max(mine.slowest, stats.slowest)
            for label, (bid, made) in stats.contracts.items():
                tally = mine.contracts.setdefault(label, [0, 0])
                tally[0] += bid
                tally[1] += made

    @property
    def margin_mean(self) -> float:
        """Mean margin of agent ``a`` per hand (per match on the match track)."""
        return statistics.fmean(self.pair_margins) if self.pair_margins else 0.0

    @property
    def margin_ci95(self) -> float | None:
        """Half-width of the 95% confidence interval of the mean (``None`` under 2 pairs)."""
        if len(self.pair_margins) < 2:
            return None
        return Z95 * statistics.stdev(self.pair_margins) / math.sqrt(len(self.pair_margins))

    @property
    def card_margin(self) -> tuple[float, float | None] | None:
        """Play track: mean card-point margin per hand and its 95% CI half-width."""
        values = self.pair_card_margins
        if not values:
            return None
        ci = None
        if len(values) >= 2:
            ci = Z95 * statistics.stdev(values) / math.sqrt(len(values))
        return statistics.fmean(values), ci

    @property
    def hand_win_rate(self) -> float:
        """Share of the hands won by agent ``a``'s team."""
        return self.hand_wins_a / self.hands if self.hands else 0.0

    @property
    def match_win_rate(self) -> float | None:
        """Share of the matches won by agent ``a`` (match track only)."""
        return self.match_wins_a / self.matches if self.matches else None

    @property
    def elo(self) -> float:
        """Elo difference a - b implied by the win rate (matches on the match track, else
        hands), clamped half a game away from 0% and 100%."""
        if self.track == "match":
            wins, games = self.match_wins_a, self.matches
        else:
            wins, games = self.hand_wins_a, self.hands
        if not games:
            return 0.0
        score = min(max(wins / games, 0.5 / games), 1 - 0.5 / games)
        return 400 * math.log10(score / (1 - score))

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON-friendly object."""
        ci = self.margin_ci95
        card = self.card_margin
        return {
            "a": self.a,
            "b": self.b,
            "track": self.track,
            "seed": self.seed,
            "deals": self.pairs,
            "hands": self.hands,
            "matches": self.matches,
            "unit": UNITS[self.track],
            "margin_mean": round(self.margin_mean, 4),
            "margin_ci95": None if ci is None else round(ci, 4),
            "card_margin_mean": None if card is None else round(card[0], 4),
            "card_margin_ci95": None if card is None or card[1] is None else round(card[1], 4),
            "hand_win_rate": round(self.hand_win_rate, 4),
            "match_win_rate": None
            if self.match_win_rate is None
            else round(self.match_win_rate, 4),
            "elo": round(self.elo, 1),
            "decision_ms": {
                "a": self.stats["a"].percentiles_ms(),
                "b": self.stats["b"].percentiles_ms(),
            },
            "forced_moves": {"a": self.stats["a"].forced, "b": self.stats["b"].forced},
            "budget": self.budget,
            "over_budget": {
                key: {"count": stats.over_budget, "slowest": round(stats.slowest, 3)}
                for key, stats in (("a", self.stats["a"]), ("b", self.stats["b"]))
            },
            "contracts": {
                "a": {k: {"bid": v[0], "made": v[1]} for k, v in self.stats["a"].contracts.items()},
                "b": {k: {"bid": v[0], "made": v[1]} for k, v in self.stats["b"].contracts.items()},
            },
            "seconds": round(self.seconds, 2),
        }


#: Receives each hand's record as the duel plays it.
RecordSink = Callable[[dict[str, Any]], None]
#: Told the number of deal pairs finished after each one.
ProgressHook = Callable[[int], None]


def format_summary(summary: DuelSummary) -> str:
    """The human-readable summary printed by ``cuatrola duel``."""
    ci = summary.margin_ci95
    ci_text = "(no 95% CI from one deal)" if ci is None else f"± {ci:.2f} (95% CI)"
    lines = [
        f"duel {summary.a} (a) vs {summary.b} (b), track {summary.track}, seed {summary.seed}: "
        f"{summary.pairs} deals, {summary.hands} hands, {summary.seconds:.1f} s",
        f"  margin of a: {summary.margin_mean:+.2f} {ci_text}, {UNITS[summary.track]}",
        f"  hands won by a: {summary.hand_win_rate:.1%} of {summary.hands}",
    ]
    card = summary.card_margin
    if card is not None:
        card_ci = "" if card[1] is None else f" ± {card[1]:.2f}"
        lines.insert(2, f"  card points only: {card[0]:+.2f}{card_ci} per hand")
    if summary.match_win_rate is not None:
        lines.append(f"  matches won by a: {summary.match_win_rate:.1%} of {summary.matches}")
    lines.append(f"  Elo estimate a - b: {summary.elo:+.0f}")
    for key, name in (("a", summary.a), ("b", summary.b)):
        p = summary.stats[key].percentiles_ms()
        lines.append(
            f"  decision time {key} ({name}): p50 {p['p50']:.2f} ms, p90 {p['p90']:.2f} ms, "
            f"p99 {p['p99']:.2f} ms, max {p['max']:.2f} ms over {p['count']} decisions with a "
            f"choice ({summary.stats[key].forced} forced moves left out)"
        )
        stats = summary.stats[key]
        if summary.budget is not None and stats.over_budget:
            lines.append(
                f"  warning: {stats.over_budget} decisions of {key} ({name}), forced moves "
                f"included, took longer than the budget of {summary.budget:g} s (slowest "
                f"{stats.slowest:.2f} s)"
            )
        contracts = stats.contracts
        if contracts:
            made = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(contracts.items()))
            lines.append(f"  contracts made/bid by {key}: {made}")
    return "\n".join(lines)


__all__ = [
    "TRACKS",
    "UNITS",
    "Z95",
    "AgentStats",
    "DuelError",
    "DuelSummary",
    "ProgressHook",
    "RecordSink",
    "decision_percentiles_ms",
    "format_summary",
]

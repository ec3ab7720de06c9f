"""The readable report of ``cuatrola analyse`` (rich tables; plain text when not a terminal)."""

from __future__ import annotations

from typing import IO

from rich.console import Console
from rich.table import Table

from cuatrola.ai.analysis import Decision, MatchAnalysis, SeatSummary

#: How each mark is shown.
MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
#: The unit names in the report.
UNIT_NAMES = {"points": "pts", "tricks": "tricks", "match": "% match", "game": "game pts"}


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def _alternatives(decision: Decision) -> str:
    parts = []
    for alt in decision.alternatives:
        text = alt.action if alt.value is None else f"{alt.action} {alt.value:g}"
        if alt.game_points is not None and decision.unit != "game":
            text += f" ({alt.game_points:+g} gp)"
        parts.append(f"[b]{text}[/b]" if alt.action == decision.chosen else text)
    return "  ".join(parts)


def decision_table(decisions: list[Decision], title: str) -> Table:
    """The decisions of one hand, one row each."""
    table = Table(title=title, title_justify="left")
    for name in ("step", "seat", "trick", "kind", "chosen", "expert", "cost", "mark", "hindsight"):
        table.add_column(name, justify="right" if name in ("step", "seat", "trick") else "left")
    table.add_column("alternatives (value for the seat's side)")
    for d in decisions:
        mark = d.mark or ("forced" if d.forced else "")
        style = MARK_STYLES.get(d.mark or "", "")
        cost = "" if d.cost is None else f"{d.cost:g} {UNIT_NAMES[d.unit]}"
        if d.game_points_cost is not None and d.unit != "game":
            cost += f", {d.game_points_cost:g} game pts"
        table.add_row(
            str(d.step),
            str(d.seat),
            str(d.trick),
            d.kind,
            d.chosen,
            d.best,
            cost,
            f"[{style}]{mark}[/{style}]" if style else mark,
            _number(d.hindsight_cost),
            _alternatives(d),
        )
    return table


def summary_table(seats: list[SeatSummary], title: str) -> Table:
    """Each seat's accuracy and marks."""
    table = Table(title=title, title_justify="left")
    for name in ("seat", "accuracy", "scored", "inaccuracies", "mistakes", "blunders"):
        table.add_column(name, justify="right")
    for s in seats:
        accuracy = "" if s.accuracy is None else f"{s.accuracy:.1f}%"
        table.add_row(
            str(s.seat),
            accuracy,
            str(s.scored),
            str(s.inaccuracies),
            str(s.mistakes),
            str(s.blunders),
        )
    return table


class _ReportConsole(Console):
    """A rich console that lets a closed output pipe end the command as the other record
    commands end (``cuatrola analyse ... | head`` exits 0 quietly)."""

    def on_broken_pipe(self) -> None:
        """Raise :class:`BrokenPipeError` for the command line to handle (rich's own
        handling exits with status 1)."""
        self.quiet = True
        raise BrokenPipeError


def print_report(analysis: MatchAnalysis, out: IO[str]) -> None:
    """Print every hand's decisions and the seats' figures to ``out``.

    Raises:
        BrokenPipeError: when the reader of ``out`` goes away.
    """
    console = _ReportConsole(file=out, width=140, highlight=False)
    for number, hand in enumerate(analysis.hands, 1):
        console.print(decision_table(hand.decisions, f"Hand {number} (seed {hand.seed})"))
        console.print(summary_table(hand.seats, f"Hand {number}: accuracy"))
    if len(analysis.hands) > 1:
        console.print(summary_table(analysis.seats, "All hands: accuracy"))
    console.print(
        "cost: the expert's choice minus the choice made, from the seat's view; "
        "hindsight: the same with every card known (double dummy); gp: a bid's expected "
        "game points for the seat's side (won minus lost)."
    )

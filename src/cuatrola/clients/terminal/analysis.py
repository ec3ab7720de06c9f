"""The analysis after the hand in the terminal client's hand summary (docs/analysis.md).

Offline, the hand's record is at hand (the table runs in this process), so when a hand ends
:class:`HandAnalyst` analyses the person's decisions on a worker thread, off the interface's
event loop, and the hand summary gets a few more lines: the accuracy and each decision that
cost something (what was played, the expert's choice, the cost and its mark). Online the
server analyses each hand after it and sends the analysis (``hand_analysis``), which the hand
summary shows with the same lines (:func:`analysis_lines`); when a match ends the client asks
for the match's analysis (``GET /api/matches/{id}/analysis``, :func:`fetch_match_analysis`,
on a worker thread, again while it is pending) and adds the person's figures and costly
decisions, hand by hand, to the match-end panel (:func:`match_analysis_lines`).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
from rich.console import Group, RenderableType
from rich.text import Text

from cuatrola.ai.analysis import (
    Decision,
    HandAnalysis,
    MatchAnalysis,
    SeatSummary,
    analyse_hand,
    analysis_config,
    decode_match,
)
from cuatrola.ai.config import ExpertConfig
from cuatrola.clients.terminal.i18n import Texts
from cuatrola.clients.terminal.render import card_text
from cuatrola.core.actions import (
    NO_CANTE,
    action_contract,
    action_suit,
    is_bid_action,
    is_cante_action,
    is_card_action,
    parse_action,
)

#: How each mark is shown.
MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


class HandAnalyst:
    """Analyses one seat's decisions of finished hands (the work of a worker thread).

    Args:
        seat: the person's seat.
        config: the expert's numbers (default: the analysis's own).
    """

    def __init__(self, seat: int, config: ExpertConfig | None = None) -> None:
        self.seat = seat
        self.config = config if config is not None else analysis_config()

    def analyse(self, record: dict[str, Any], seed: int) -> HandAnalysis:
        """The analysis of the seat's decisions in ``record``, seeded by ``seed``."""
        return analyse_hand(record, seats=[self.seat], seed=seed, config=self.config)


@dataclass(frozen=True)
class Wording:
    """How the analysis lines name things: the catalogue, and the app's names of contracts
    and suits."""

    texts: Texts
    contract_name: Callable[[Any], str]
    suit_name: Callable[[int], str]

    def action(self, action: str) -> Text:
        """An action of a decision as the summary shows it (a card in its colour, a bid...)."""
        ident = parse_action(action)
        if is_card_action(ident):
            return card_text(ident)
        if is_bid_action(ident):
            return Text(self.contract_name(action_contract(ident)))
        if is_cante_action(ident):
            return Text(self.texts("analysis_cante", suit=self.suit_name(action_suit(ident))))
        assert ident == NO_CANTE
        return Text(self.texts("analysis_nocante"))

    def number(self, value: float) -> str:
        """A cost as the language writes it: ``4.8`` in English, ``4,8`` in Spanish."""
        text = f"{value:g}"
        return text.replace(".", ",") if self.texts.lang == "es" else text

    def decision(self, decision: Decision) -> Text:
        """One costly decision: where, what was played, the expert's choice, the cost, the
        mark."""
        texts = self.texts
        where = (
            texts("analysis_where_bid")
            if decision.kind == "bid"
            else texts("analysis_where_trick", trick=decision.trick)
        )
        cost = texts(f"analysis_unit_{decision.unit}", value=self.number(decision.cost or 0.0))
        if decision.game_points_cost is not None and decision.unit != "game":
            # A bid is ranked by the chance to win the match; its game points are told too.
            game = self.number(decision.game_points_cost)
            cost += ", " + texts("analysis_unit_game", value=game)
        # The line's text with the two actions put in place as styled pieces.
        template = texts("analysis_line", where=where, chosen="\0", best="\0", cost=cost)
        before, middle, after = template.split("\0")
        line = Text(before)
        line.append_text(self.action(decision.chosen))
        line.append(middle)
        line.append_text(self.action(decision.best))
        line.append(after)
        if decision.mark is not None:
            line.append(
                f" ({texts(f'analysis_mark_{decision.mark}')})", style=MARK_STYLES[decision.mark]
            )
        return line

    def accuracy(
        self, title: str, seats: Sequence[SeatSummary], seat: int
    ) -> tuple[list[RenderableType], bool]:
        """The title and ``seat``'s accuracy line, and whether ``seat`` had anything scored."""
        lines: list[RenderableType] = [Text(self.texts(title), style="underline")]
        summary = next((s for s in seats if s.seat == seat), None)
        if summary is None or summary.accuracy is None:
            return [*lines, Text(self.texts("analysis_none"))], False
        figure = self.texts(
            "analysis_accuracy", accuracy=round(summary.accuracy), scored=summary.scored
        )
        return [*lines, Text(figure)], True


def analysis_lines(wording: Wording, analysis: HandAnalysis, seat: int) -> list[RenderableType]:
    """The summary's lines for ``seat``'s decisions in ``analysis``."""
    lines, scored = wording.accuracy("analysis_title", analysis.seats, seat)
    if not scored:
        return lines
    costly = [d for d in analysis.decisions if d.seat == seat and d.cost]
    if not costly:
        return [*lines, Text(wording.texts("analysis_all_best"), style="green")]
    return [*lines, *(wording.decision(d) for d in costly)]


def match_analysis_lines(
    wording: Wording, analysis: MatchAnalysis, seat: int
) -> list[RenderableType]:
    """The match-end panel's lines for ``seat``: its accuracy over the match, then each
    hand's costly decisions."""
    lines, scored = wording.accuracy("analysis_match_title", analysis.seats, seat)
    if not scored:
        return lines
    for number, hand in enumerate(analysis.hands, start=1):
        for decision in (d for d in hand.decisions if d.seat == seat and d.cost):
            line = Text(wording.texts("analysis_hand", number=number) + " ")
            line.append_text(wording.decision(decision))
            lines.append(line)
    return lines


def fetch_match_analysis(
    server: str, match_id: str, *, wait: float = 60.0, every: float = 1.0
) -> MatchAnalysis | None:
    """The server's analysis of a finished match (``GET /api/matches/{id}/analysis``), asked
    again every ``every`` seconds while it is pending, for at most ``wait`` seconds; ``None``
    when there is none (an old server, an unknown match, a failure, no answer in time)."""
    url = f"{server}/api/matches/{urllib.parse.quote(match_id, safe='')}/analysis"
    deadline = time.monotonic() + wait
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                body = response.read()
                if response.status == 200:
                    return decode_match(body)
                if json.loads(body).get("status") != "pending":
                    return None
        except (urllib.error.URLError, OSError, ValueError, msgspec.ValidationError):
            return None
        if time.monotonic() + every > deadline:
            return None
        time.sleep(every)


def with_analysis(summary: RenderableType, lines: Sequence[RenderableType]) -> RenderableType:
    """The summary panel's body ``summary`` with ``lines`` after it ("press Enter" is the
    panel's footer, always below)."""
    if not isinstance(summary, Group):
        return Group(summary, *lines)
    return Group(*summary.renderables, *lines)

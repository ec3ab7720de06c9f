"""Offline play: the table UI fed by the in-process :class:`LocalTable`.

The screen is the online client's (:class:`~cuatrola.clients.terminal.session.SessionApp`):
it reads the same protocol messages, a ``sync`` and then one ``event`` per change projected
for the person's seat, and sends the same ``act`` and ``rematch`` commands; only the
transport differs. No socket is opened: the messages come from a
:class:`cuatrola.table.Table` in this process, whose computer players decide on worker
threads, so the interface stays responsive while they think.

When a hand ends, the person's decisions in it are analysed on a worker thread as well
(:mod:`cuatrola.clients.terminal.analysis`, docs/analysis.md) and the hand summary shows the
result when it is ready.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from cuatrola.ai.analysis import HandAnalysis
from cuatrola.ai.config import ExpertConfig
from cuatrola.clients.terminal.analysis import HandAnalyst, analysis_lines, with_analysis
from cuatrola.clients.terminal.app import Drawing, MessageScreen, drawn
from cuatrola.clients.terminal.local import LocalTable
from cuatrola.clients.terminal.session import SessionApp
from cuatrola.core.records import hand_to_record
from cuatrola.core.views import SeatView
from cuatrola.protocol import ClientMessage


class OfflineApp(SessionApp):
    """A whole match against three computer players, without a server.

    Args:
        table: the in-process table (rules, seed and computer players already chosen).
        lang: ``"es"`` or ``"en"``.
        bot_delay: seconds a computer player waits before acting, so a person can follow.
        note: a line shown above the table (e.g. that a level fell back to another player).
        analysis: analyse the person's decisions after each hand (the hand summary shows it).
        analysis_config: the expert's numbers for that analysis (default: the analysis's).
    """

    def __init__(
        self,
        table: LocalTable,
        *,
        lang: str = "es",
        bot_delay: float = 0.6,
        note: str = "",
        analysis: bool = True,
        analysis_config: ExpertConfig | None = None,
    ) -> None:
        super().__init__(lang=lang, rules=table.rules, human_seat=table.human_seat)
        self.table = table
        self.table_id = table.id
        self.bot_delay = bot_delay
        self.note = note
        self.notice = note
        self.analyst = HandAnalyst(table.human_seat, analysis_config) if analysis else None

    def on_mount(self) -> None:
        """Sit down at the table: the match starts with the first deal."""
        super().on_mount()
        self.table.open(self._receive, on_bot_error=self._bot_failed, bot_delay=self.bot_delay)

    def on_unmount(self) -> None:
        """Stop the table's timers and computer players with the interface."""
        self.table.close()

    def _bot_failed(self, seat: int, reason: str) -> None:
        line = self.texts("bot_error", seat=self.seat_name(seat), reason=reason)
        self.log_line(line, style="red")

    def _next_id(self) -> str:
        return self.table.next_id()

    def _post(self, message: ClientMessage) -> None:
        self.table.send(message)

    def _leave(self) -> None:
        self.table.close()
        self.exit(return_code=0)

    def _summary_closed(self) -> None:
        # The offline table waits for the person to read the summary before the next deal.
        self.table.deal_next()

    def _hand_summary_shown(self, panel: MessageScreen, view: SeatView) -> None:
        """Analyse the person's decisions of the hand just ended on a worker thread."""
        hand = self.table.hand
        if self.analyst is None or not hand.is_finished:
            return
        summary = panel.body_drawing
        panel.update_body(
            lambda: with_analysis(
                drawn(summary), [Text(self.texts("analysis_working"), style="dim")]
            )
        )
        analyst, record, seed = self.analyst, hand_to_record(hand), self.hand_number

        def work() -> None:
            analysis = analyst.analyse(record, seed)
            self.call_from_thread(self._show_analysis, panel, summary, analysis)

        self.run_worker(work, thread=True, group="analysis", exit_on_error=False)

    def _show_analysis(
        self, panel: MessageScreen, summary: Drawing, analysis: HandAnalysis
    ) -> None:
        """Put the analysis into the summary panel (worded in the language of the moment,
        again after ``l``), or into the log once it is closed."""
        seat = self.human_seat

        def lines() -> list[RenderableType]:
            return analysis_lines(self.wording, analysis, seat)

        if panel in self._panels:
            panel.update_body(lambda: with_analysis(drawn(summary), lines()))
            return
        for line in lines():
            if isinstance(line, Text):
                self.log_line(line)

    def _table_notice(self) -> str:
        """The note given at start (a level that fell back to another player), if any."""
        return self.note


__all__ = ["OfflineApp"]

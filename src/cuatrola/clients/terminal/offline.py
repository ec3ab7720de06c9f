"""Offline play: the table UI driven by an in-process :class:`LocalTable`.

The human's screen is built only from ``view_for(hand, human_seat)``. Computer players get
their own :class:`~cuatrola.core.views.SeatView` and decide on a worker thread
(``asyncio.to_thread``), so the interface stays responsive while they think.
"""

from __future__ import annotations

import asyncio

from cuatrola.clients.terminal.app import REMATCH_CHOICES, CuatrolaApp, MessageScreen
from cuatrola.clients.terminal.local import LocalTable
from cuatrola.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError


class OfflineApp(CuatrolaApp):
    """A whole match against three computer players, without a server.

    Args:
        table: the in-process table (rules, seed and computer players already chosen).
        lang: ``"es"`` or ``"en"``.
        bot_delay: seconds a computer player waits before acting, so a person can follow.
        note: a line shown above the table (e.g. that a level fell back to another player).
    """

    def __init__(
        self, table: LocalTable, *, lang: str = "es", bot_delay: float = 0.6, note: str = ""
    ) -> None:
        super().__init__(lang=lang, rules=table.rules, human_seat=table.human_seat)
        self.table = table
        self.bot_delay = bot_delay
        self.notice = note
        #: The match's winning team once it is over.
        self.winner: int | None = None
        self._thinking = False

    def on_mount(self) -> None:
        """Deal the first hand and start play."""
        super().on_mount()
        self._deal()

    def _deal(self) -> None:
        self.table.start_hand()
        self.hand_number = self.table.match.hands_played + 1
        self.cursor = 0
        view = self.table.human_view()
        self.set_view(view)
        self.log_new_hand(view)
        self._advance()

    def _advance(self) -> None:
        """Decide what happens next: a computer move, the human's turn or the hand's end."""
        if self.table.hand_finished:
            self._end_hand()
            return
        if self.table.human_to_move or self._thinking:
            return
        self._thinking = True
        self.run_worker(self._bot_move(), group="bots")

    async def _bot_move(self) -> None:
        request = self.table.bot_request()
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
        # The computer player sees only request.view; its search runs off the event loop.
        try:
            action = await asyncio.to_thread(request.choose)
        except Exception as exc:  # a player's bug must not end the person's match
            action = -1
            reason = f"{type(exc).__name__}: {exc}"
        else:
            reason = f"{action!r} is not legal"
        self._thinking = False
        if request.serial != self.table.serial:
            return  # the table moved on meanwhile (cannot happen offline, kept for safety)
        if action not in request.view.legal_actions:
            # Keep playing with the first legal action, and say so.
            self.log_line(
                self.texts("bot_error", seat=self.seat_name(request.seat), reason=reason),
                style="red",
            )
            action = request.view.legal_actions[0]
        self._apply(request.seat, action)

    def submit(self, action: int) -> None:
        """Apply the human's action; a rejected one is explained in the log."""
        if not self.table.human_to_move:
            return
        try:
            self._apply(self.table.human_seat, action)
        except (IllegalActionError, NotYourTurnError, InvalidActionError) as exc:
            self.log_line(self.texts("illegal", reason=exc), style="red")

    def _apply(self, seat: int, action: int) -> None:
        tricks_before = len(self.table.hand.tricks)
        self.table.apply(seat, action)
        view = self.table.human_view()
        self.set_view(view)
        self.log_action(seat, action, view, tricks_before)
        self._advance()

    def _end_hand(self) -> None:
        view = self.table.human_view()
        self.table.finish_hand()
        self.set_view(view)
        self.push_screen(
            MessageScreen(self.hand_summary(view), name="hand-summary"), self._after_summary
        )

    def _after_summary(self, _: str | None = None) -> None:
        match = self.table.match
        if match.winner is not None:
            self.winner = match.winner
            self.push_screen(
                MessageScreen(
                    self.match_summary(match.winner, match.score, match.hands_played),
                    name="match-end",
                    choices=REMATCH_CHOICES,
                ),
                self._after_match,
            )
            return
        self._deal()

    def _after_match(self, choice: str | None = None) -> None:
        if choice == "rematch":
            self.table.new_match()
            self.winner = None
            self.log_line(self.texts("new_match"), style="bold")
            self._deal()
            return
        self.exit(return_code=0)

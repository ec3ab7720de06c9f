"""Offline play: the table UI fed by the in-process :class:`LocalTable`.

The screen is the online client's (:class:`~cuatrola.clients.terminal.session.SessionApp`):
it reads the same protocol messages, a ``sync`` and then one ``event`` per change projected
for the person's seat, and sends the same ``act`` and ``rematch`` commands; only the
transport differs. No socket is opened: the messages come from a
:class:`cuatrola.table.Table` in this process, whose computer players decide on worker
threads, so the interface stays responsive while they think.
"""

from __future__ import annotations

from cuatrola.clients.terminal.local import LocalTable
from cuatrola.clients.terminal.session import SessionApp
from cuatrola.protocol import ClientMessage


class OfflineApp(SessionApp):
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
        self.table_id = table.id
        self.bot_delay = bot_delay
        self.note = note
        self.notice = note

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

    def _table_notice(self) -> str:
        """The note given at start (a level that fell back to another player), if any."""
        return self.note


__all__ = ["OfflineApp"]

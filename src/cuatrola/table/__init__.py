"""The table layer: the sans-I/O authority on one card table.

:class:`~cuatrola.table.table.Table` takes :mod:`~cuatrola.table.commands` and answers each
with a :class:`~cuatrola.table.effects.Step`: typed :mod:`~cuatrola.table.records` to commit,
then effects to carry out. Events (:mod:`~cuatrola.table.events`) are projected per recipient
so that no seat or spectator ever receives another seat's cards. The server's runner is an
adapter around it; the terminal client's offline mode and the duel harness drive it too.

It imports the rules core, the protocol and the storage types, and nothing that does I/O.
"""

from cuatrola.table.dealing import DealSource
from cuatrola.table.effects import FinishedMatch, MatchPlayer, Step
from cuatrola.table.seats import SeatSlot, TableConfig
from cuatrola.table.table import Refused, Table

__all__ = [
    "DealSource",
    "FinishedMatch",
    "MatchPlayer",
    "Refused",
    "SeatSlot",
    "Step",
    "Table",
    "TableConfig",
]

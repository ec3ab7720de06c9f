"""When a table deals: the next deal's shuffle committed, its contributions, and the deal.

Before each deal the table draws a secret seed from its ``seed_source`` and stores it (a
``shuffle`` record); the deal follows once the pause after the previous hand is over and
every seat a person plays has contributed or the contribution window has closed
(:mod:`cuatrola.table.shuffles` holds the pending shuffle and says why). This module holds
those steps of :class:`~cuatrola.table.table.Table`: the commitment, the
``contribute``, ``DealNext`` and ``CloseContributions`` commands, and the deal itself
(the timers of the pause and of the window are :mod:`cuatrola.table.presence`'s). Applying
the records they write is :mod:`cuatrola.table.apply`'s.

A table given a :class:`DealSource` deals what it says instead: no seed, no commitment, no
contributions (its hands' records carry no shuffle proof), each deal once the pause after
the previous hand is over, and each match's first dealer from the source too. That is how
a driver that needs given deals plays them at the one table: the duel harness's duplicate
deals (:mod:`cuatrola.clients.duel`), tests. The deals are in the records as always, so such a
table is restored like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cuatrola.core.shuffle import SEED_BYTES
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import ShuffleCommitted
from cuatrola.storage.base import TableStatus
from cuatrola.table.commands import CloseContributions, Contribute, DealNext, Refused
from cuatrola.table.effects import CancelTimer, TimerKey
from cuatrola.table.records import ContributeRecord, DealRecord, ShuffleRecord
from cuatrola.table.shuffles import PendingShuffle

if TYPE_CHECKING:  # the table imports this module
    from cuatrola.table.table import Table


class DealSource(Protocol):
    """Given deals for a table (``Table(deals=...)``): each match's first dealer and the deck
    of each of its hands."""

    def first_dealer(self, match: int) -> int:
        """The first dealer (0..3) of the table's match number ``match`` (1 for the first)."""
        ...

    def deck(self, match: int, hand: int) -> list[int]:
        """The deck of hand ``hand`` (0 for the first) of match ``match``: the 20 card ids,
        dealt one at a time from the mano, the last one the dealer's shown card (as a
        ``deal`` record holds it, docs/records.md)."""
        ...


def first_dealer(table: Table) -> int:
    """The first dealer of the match that begins: the deal source's, or a random seat."""
    deals = table.deals
    return table.rng.randrange(4) if deals is None else deals.first_dealer(table.match_number + 1)


def next_deal(table: Table, *, pause_over: bool = False) -> None:
    """Prepare the next deal: commit its shuffle (the deal follows at once when nothing needs
    waiting for), or with a deal source deal its deck, after the pause between hands."""
    deals = table.deals
    if deals is None:
        commit_shuffle(table, pause_over=pause_over)
        return
    after_hand = table.hand_count > table.match_first_hand
    if after_hand and table.config.hand_pause > 0 and not pause_over:
        return  # the pause's timer (Table.drive) brings DealNext, which deals
    deck = deals.deck(table.match_number, table.hand_count - table.match_first_hand)
    table._record(DealRecord(deck=list(deck)))


def commit_shuffle(table: Table, *, pause_over: bool = False) -> None:
    """Draw the next deal's secret seed and store it; its commitment is published with
    the record, and the deal follows at once when nothing needs waiting for."""
    seed = table.seed_source(SEED_BYTES)
    table._record(ShuffleRecord(seed=seed.hex()))
    pending = table.pending
    assert pending is not None
    pending.pause_over = pending.pause_over or pause_over
    maybe_deal(table)


def contributors(table: Table) -> list[int]:
    """The seats a person plays now (whose contributions a deal waits for)."""
    return [i for i, s in enumerate(table.seats) if s.user is not None and not s.computer_plays]


def awaited(table: Table, pending: PendingShuffle) -> list[int]:
    """The seats whose contribution the deal still waits for."""
    return [s for s in contributors(table) if s not in pending.contributions]


def pending_commitment(table: Table) -> ShuffleCommitted | None:
    """The commitment of the next deal while it waits for contributions (for ``sync``)."""
    pending = table.pending
    if pending is None or table.status != TableStatus.PLAYING:
        return None
    return pending.committed(contributors(table))


def maybe_deal(table: Table) -> None:
    """Deal if the pending shuffle waits for nothing any more."""
    pending = table.pending
    if pending is None or table.status != TableStatus.PLAYING or not pending.pause_over:
        return
    if pending.window_over or not awaited(table, pending):
        table._record(DealRecord(deck=pending.deck(), shuffle=pending.inputs()))
        table._effects.extend((CancelTimer(TimerKey.DEAL), CancelTimer(TimerKey.SHUFFLE)))


def on_contribute(table: Table, cmd: Contribute) -> None:
    """A seated person's contribution to the pending shuffle.

    Raises:
        Refused: without a pending shuffle, or from a seat that already contributed.
    """
    seat = table._owned_seat(cmd.user)
    pending = table.pending
    if pending is None or table.status != TableStatus.PLAYING:
        raise Refused(ErrorCode.WRONG_PHASE, "no shuffle is waiting for contributions")
    if seat in pending.contributions:
        raise Refused(
            ErrorCode.ALREADY_CONTRIBUTED, f"seat {seat} already contributed to this shuffle"
        )
    table._record(ContributeRecord(seat=seat, value=cmd.value))
    maybe_deal(table)


def on_close_contributions(table: Table, cmd: CloseContributions) -> None:
    """The contribution window of deal ``cmd.deal`` is over."""
    pending = table.pending
    if pending is None or pending.deal != cmd.deal:
        return
    pending.window_over = True
    maybe_deal(table)


def on_deal_next(table: Table, cmd: DealNext) -> None:
    """The pause after hand ``cmd.hand`` is over."""
    hand = table.hand
    if (
        table.status != TableStatus.PLAYING
        or hand is None
        or not hand.is_finished
        or cmd.hand != table.hand_count - 1
    ):
        return
    pending = table.pending
    if pending is None:
        # A table with a deal source, or one restored from a log written before the
        # verifiable shuffle, between two hands: the pause is over.
        next_deal(table, pause_over=True)
        return
    pending.pause_over = True
    maybe_deal(table)


__all__ = [
    "DealSource",
    "awaited",
    "commit_shuffle",
    "contributors",
    "first_dealer",
    "maybe_deal",
    "next_deal",
    "on_close_contributions",
    "on_contribute",
    "on_deal_next",
    "pending_commitment",
]

"""Which node runs which table: claims with a fencing epoch and a lease, kept in the database.

Every live table has at most one owner node at a time, recorded in its ``game_tables`` row
(``owner``, ``epoch``, ``lease_until``; migration 0005). A node:

* claims a table when it creates it, and at start-up claims only the tables nobody holds
  (no owner, a lease that is over, or itself under the same node name after a restart);
  each claim adds one to the table's epoch;
* writes the table's log under that epoch: the database refuses a write whose epoch is not
  the table's any more (:class:`~cuatrola.storage.base.Fenced`), so a node that paused past
  its lease (a long GC, SIGSTOP, a network cut) can never write again;
* renews the leases of its tables every third of the lease, and drops a table whose claim
  another node has taken since (its connections to that table are closed, so the clients
  reconnect);
* claims the tables whose owner's lease ran out (the owner died) and resumes them from their
  log, with their deadlines: failover; and those a node stopping with SIGTERM handed over
  (its leases ended at once): hand-over. The two are counted apart
  (``cuatrola_failovers_total``, ``cuatrola_handovers_total``): every graceful restart hands
  tables over, and only a failover means a node died.

No home-made consensus: the database row is the only truth, and every step is one
conditional ``UPDATE``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Protocol

from cuatrola.protocol.ids import TableId
from cuatrola.server.metrics import Metrics
from cuatrola.server.runner import TableRunner
from cuatrola.storage.base import GameStore, Holder, TableMeta

logger = logging.getLogger("cuatrola.claims")

#: The longest wait between two looks for tables to take over.
SCAN_EVERY = 2.0


class ClaimsHost(Protocol):
    """What the claims loop needs from the room."""

    @property
    def store(self) -> GameStore:
        """Where the claims are kept."""
        ...

    runners: dict[TableId, TableRunner]

    async def take(self, meta: TableMeta) -> bool:
        """Claim ``meta``'s table for this node and resume it; whether it was taken."""
        ...

    def lost(self, runner: TableRunner) -> None:
        """Another node holds ``runner``'s table now: stop running it here."""
        ...


class Claims:
    """The claims of one node (see the module docstring).

    Args:
        host: the room.
        node: this node's name.
        lease: seconds a claim lasts without renewal.
        metrics: the server's metrics (tables taken over count as failovers or
            hand-overs).
    """

    def __init__(self, host: ClaimsHost, node: str, lease: float, metrics: Metrics) -> None:
        self.host = host
        self.node = node
        self.lease = lease
        self.metrics = metrics

    def until(self) -> float:
        """The end of a lease taken or renewed now."""
        return time.time() + self.lease

    async def claim(self, table_id: str) -> int | None:
        """Claim one table now; its new epoch, or ``None`` when another node holds it."""
        now = time.time()
        return await self.host.store.claim(table_id, self.node, now, now + self.lease)

    def taken_over(self, table_id: str, before: Holder | None) -> None:
        """Count and log a table this node took from another node, whose claim was
        ``before`` just before this node claimed it."""
        if before is None or before.owner is None or before.owner == self.node:
            return  # nobody else ran it: not a move between nodes
        # A node that stops hands its tables over by ending its leases at 0
        # (GameStore.release); a lease that ran out any later means that its node died.
        if before.lease_until == 0:
            self.metrics.handovers_total += 1
            logger.info("table=%s handed over by node %s", table_id, before.owner)
        else:
            self.metrics.failovers_total += 1
            logger.warning(
                "table=%s taken over: the lease of node %s ran out", table_id, before.owner
            )

    async def take_free_tables(self) -> int:
        """Claim and resume every table this node may take now; how many it took."""
        taken = 0
        for meta in await self.host.store.claimable(self.node, time.time()):
            if TableId(meta.id) not in self.host.runners and await self.host.take(meta):
                taken += 1
        return taken

    async def renew(self) -> None:
        """Extend this node's leases; drop the tables it does not hold any more."""
        runners = dict(self.host.runners)
        epochs: dict[str, int] = {
            table_id: r.epoch for table_id, r in runners.items() if r.epoch is not None
        }
        if not epochs:
            return
        for table_id in await self.host.store.renew(self.node, epochs, self.until()):
            runner = runners[TableId(table_id)]
            logger.warning("table=%s is held by another node now; dropped here", table_id)
            self.host.lost(runner)

    async def hold_forever(self) -> None:
        """Renew the leases every third of a lease, and look for tables to take over (an
        owner's lease ran out, or a node handed its tables over) every :data:`SCAN_EVERY`
        seconds at most."""
        every = min(self.lease / 3, SCAN_EVERY)
        renewed = time.monotonic()
        while True:
            # A little jitter, so that nodes started together do not scan in step.
            await asyncio.sleep(every * random.uniform(0.8, 1.0))
            try:
                if time.monotonic() - renewed >= self.lease / 3 - every:
                    await self.renew()
                    renewed = time.monotonic()
                # Each table taken is counted as it is taken (taken_over).
                await self.take_free_tables()
            except Exception as exc:  # the database may be away for a while: try again
                logger.warning("renewing table claims failed (%s)", type(exc).__name__)

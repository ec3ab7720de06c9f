"""Counters and latency histograms for ``GET /metrics`` (Prometheus text format 0.0.4).

Deliberately tiny: the server is one process, so plain ints and a fixed-bucket histogram
are enough, with no client library.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

#: Histogram bucket upper bounds, in seconds.
BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Histogram:
    """A cumulative latency histogram with :data:`BUCKETS`."""

    def __init__(self) -> None:
        self.counts = [0] * (len(BUCKETS) + 1)
        self.total = 0.0
        self.count = 0

    def observe(self, seconds: float) -> None:
        """Add one observation."""
        self.counts[bisect_left(BUCKETS, seconds)] += 1
        self.total += seconds
        self.count += 1

    def lines(self, name: str) -> list[str]:
        """The Prometheus lines of this histogram."""
        out = []
        running = 0
        for bound, count in zip(BUCKETS, self.counts, strict=False):
            running += count
            out.append(f'{name}_bucket{{le="{bound}"}} {running}')
        out.append(f'{name}_bucket{{le="+Inf"}} {self.count}')
        out.append(f"{name}_sum {self.total:.6f}")
        out.append(f"{name}_count {self.count}")
        return out


class Metrics:
    """The server's gauges, counters and histograms."""

    def __init__(self) -> None:
        self.connections = 0
        self.connections_total = 0
        self.tables = 0
        self.moves_total = 0
        self.commands_total = 0
        self.errors_total = 0
        self.bot_moves_total = 0
        self.slow_clients_total = 0
        self.commit_retries_total = 0
        self.commit_failures_total = 0
        self.tables_reloaded_total = 0
        self.failovers_total = 0
        self.handovers_total = 0
        self.resumed_tables = 0
        self.resume_seconds = 0.0
        self.move_latency = Histogram()
        self.commit_latency = Histogram()
        self.bot_latency = Histogram()

    def render(self) -> str:
        """The metrics in Prometheus text format."""
        lines = [
            "# HELP cuatrola_connections Open websocket connections.",
            "# TYPE cuatrola_connections gauge",
            f"cuatrola_connections {self.connections}",
            "# HELP cuatrola_connections_total Websocket connections accepted.",
            "# TYPE cuatrola_connections_total counter",
            f"cuatrola_connections_total {self.connections_total}",
            "# HELP cuatrola_tables Tables open in memory.",
            "# TYPE cuatrola_tables gauge",
            f"cuatrola_tables {self.tables}",
            "# HELP cuatrola_moves_total Moves applied (bids, cards, cantes).",
            "# TYPE cuatrola_moves_total counter",
            f"cuatrola_moves_total {self.moves_total}",
            "# HELP cuatrola_bot_moves_total Moves made by computer players.",
            "# TYPE cuatrola_bot_moves_total counter",
            f"cuatrola_bot_moves_total {self.bot_moves_total}",
            "# HELP cuatrola_commands_total Client commands received.",
            "# TYPE cuatrola_commands_total counter",
            f"cuatrola_commands_total {self.commands_total}",
            "# HELP cuatrola_errors_total Client commands refused.",
            "# TYPE cuatrola_errors_total counter",
            f"cuatrola_errors_total {self.errors_total}",
            "# HELP cuatrola_slow_clients_total Connections dropped for not reading.",
            "# TYPE cuatrola_slow_clients_total counter",
            f"cuatrola_slow_clients_total {self.slow_clients_total}",
            "# HELP cuatrola_commit_retries_total Table commits tried again after a failure.",
            "# TYPE cuatrola_commit_retries_total counter",
            f"cuatrola_commit_retries_total {self.commit_retries_total}",
            "# HELP cuatrola_commit_failures_total Table commits that failed every attempt.",
            "# TYPE cuatrola_commit_failures_total counter",
            f"cuatrola_commit_failures_total {self.commit_failures_total}",
            "# HELP cuatrola_tables_reloaded_total Tables rebuilt from the store after a failure.",
            "# TYPE cuatrola_tables_reloaded_total counter",
            f"cuatrola_tables_reloaded_total {self.tables_reloaded_total}",
            "# HELP cuatrola_failovers_total Tables taken over from a node whose lease ran out.",
            "# TYPE cuatrola_failovers_total counter",
            f"cuatrola_failovers_total {self.failovers_total}",
            "# HELP cuatrola_handovers_total Tables taken over from a node that handed them over "
            "as it stopped.",
            "# TYPE cuatrola_handovers_total counter",
            f"cuatrola_handovers_total {self.handovers_total}",
            "# HELP cuatrola_resumed_tables Tables resumed from the store at start-up.",
            "# TYPE cuatrola_resumed_tables gauge",
            f"cuatrola_resumed_tables {self.resumed_tables}",
            "# HELP cuatrola_resume_seconds How long resuming the stored tables took.",
            "# TYPE cuatrola_resume_seconds gauge",
            f"cuatrola_resume_seconds {self.resume_seconds:.6f}",
            "# HELP cuatrola_move_latency_seconds From a move's arrival to its broadcast.",
            "# TYPE cuatrola_move_latency_seconds histogram",
            *self.move_latency.lines("cuatrola_move_latency_seconds"),
            "# HELP cuatrola_commit_latency_seconds Durable commit of table records.",
            "# TYPE cuatrola_commit_latency_seconds histogram",
            *self.commit_latency.lines("cuatrola_commit_latency_seconds"),
            "# HELP cuatrola_bot_latency_seconds Computer player thinking time.",
            "# TYPE cuatrola_bot_latency_seconds histogram",
            *self.bot_latency.lines("cuatrola_bot_latency_seconds"),
        ]
        return "\n".join(lines) + "\n"

#!/usr/bin/env python3
"""Run every benchmark target of ``cuatrola bench`` in turn and print their JSON lines.

These are slow and machine-dependent, so they are kept out of the test suite:

    .venv/bin/python benchmarks/run_all.py [--quick]

``--quick`` shortens each run (for a smoke check, not for figures to publish).
"""

from __future__ import annotations

import subprocess
import sys

QUICK = "--quick" in sys.argv[1:]

RUNS = [
    ["engine", "--seconds", "2" if QUICK else "10", "--json"],
    ["solver", "--positions", "100" if QUICK else "1000", "--json"],
    ["table", "--moves", "500" if QUICK else "5000", "--json"],
    ["ai", "--level", "expert", "--hands", "3" if QUICK else "30", "--json"],
    ["analysis", "--hands", "2" if QUICK else "20", "--json"],
    (
        ["server", "--tables", "4", "--seconds", "3", "--connections", "100", "--json"]
        if QUICK
        else ["server", "--tables", "50", "--seconds", "30", "--connections", "2000", "--json"]
    ),
    (
        ["capacity", "--level", "medium", "--steps", "1,2", "--seconds", "3", "--json"]
        if QUICK
        else ["capacity", "--level", "expert", "--json"]
    ),
]


def main() -> int:
    status = 0
    for args in RUNS:
        print(f"# cuatrola bench {' '.join(args)}", flush=True)
        proc = subprocess.run([sys.executable, "-m", "cuatrola", "bench", *args], check=False)
        status = status or proc.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())

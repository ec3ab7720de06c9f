"""The ``cuatrola`` command run as a real subprocess, as a user runs it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def cuatrola_command(*args: str) -> list[str]:
    """The command line of ``cuatrola`` with ``args``, run by this interpreter."""
    return [sys.executable, "-m", "cuatrola", *args]


def run_cuatrola(
    *args: str,
    stdin: str | None = None,
    timeout: float = 60,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``cuatrola`` with ``args`` to its end; its output and errors as text.

    Args:
        stdin: the text on its standard input; with ``None`` it reads this process's.
        timeout: seconds it may take before :class:`subprocess.TimeoutExpired`.
        cwd: its working directory (this process's when ``None``).
        env: its whole environment (this process's when ``None``).
    """
    return subprocess.run(
        cuatrola_command(*args),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=env,
    )

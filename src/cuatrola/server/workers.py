"""Worker processes that never outlive the server that started them.

A server killed with SIGKILL cannot stop its worker processes (computer players, analysis):
without help they would be reparented and live on, holding memory and CPU. Each worker calls
:func:`die_with_parent` first: on Linux the kernel then sends it SIGKILL the moment the server
dies (``prctl(PR_SET_PDEATHSIG)``); elsewhere a daemon thread checks every second whether the
parent is still the one that started it.

A server that stops gracefully stops its pools with :func:`stop_pool`, which does not wait
for the work in progress.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor
from typing import Final

PR_SET_PDEATHSIG: Final = 1
#: Seconds between two checks of the parent where prctl is not available.
WATCH_INTERVAL: Final = 1.0


def die_with_parent(parent: int | None = None) -> None:
    """Make this process die when ``parent`` (by default the current parent) does.

    Args:
        parent: the process id of the server; checked once more after the kernel is asked,
            since the server may already have died before this call.
    """
    parent = os.getppid() if parent is None else parent
    if not _ask_the_kernel():
        threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)


def _ask_the_kernel() -> bool:
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)`` on Linux; whether it was done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os._exit(1)


def stop_pool(executor: Executor) -> None:
    """Shut ``executor`` down now: queued work is cancelled and the worker processes are
    killed, even in the middle of a task.

    ``shutdown(wait=False)`` alone returns at once, but then the interpreter, as it exits,
    waits for the task in progress (concurrent.futures joins its workers at exit): a
    stopping server lingered as long as the analysis of a hand (about a second, and more
    for a whole match) or a computer player's decision took, for a result nobody reads (a
    match left unanalysed is queued again when its analysis is asked for)."""
    # Read before the shutdown, which forgets them (a process pool's private attribute; a
    # thread pool has none, and its threads cannot be killed).
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()

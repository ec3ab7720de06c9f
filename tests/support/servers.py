"""``cuatrola serve`` as a subprocess, the one way tests start a real server process.

:class:`ServeProcess` runs ``python -m cuatrola serve`` on a free loopback port with its
data directory (and, by default, a SQLite database file) in a directory of the test's. Its
stdout and stderr go to files there, so a chatty server never blocks on a full pipe and a
test can read either afterwards. The port stays the same across :meth:`ServeProcess.kill`
and a new :meth:`ServeProcess.start`, so clients come back to the same address.

Tests that run the app in their own event loop use ``tests/server/live.py`` instead.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Final

from tests.support.cli import cuatrola_command

#: Flags that make a test server quick: no pause between hands, computer players that answer
#: at once, deals that do not wait for shuffle contributions, no guest rate limit (every test
#: player is a guest from 127.0.0.1) and only warnings in the log.
QUICK: Final = (
    "--hand-pause",
    "0",
    "--shuffle-window",
    "0",
    "--bot-delay",
    "0",
    "--guests-per-minute",
    "100000",
    "--log-level",
    "warning",
)


def free_port() -> int:
    """A loopback port that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve_command(*args: str) -> list[str]:
    """The command line of ``cuatrola serve`` with ``args``."""
    return cuatrola_command("serve", *args)


class ServeProcess:
    """``cuatrola serve`` on a free loopback port.

    Args:
        directory: the data directory (created if missing); the database file and the
            ``serve.out`` / ``serve.err`` logs go there too.
        args: more arguments for ``cuatrola serve`` (for example :data:`QUICK`).
        db: the SQLite database file's name in ``directory``; ``None`` leaves the database
            to the server's default.

    Used as a context manager it starts on entry and stops on exit.
    """

    def __init__(self, directory: Path, *args: str, db: str | None = "serve.db") -> None:
        self.directory = directory
        self.args = args
        self.port = free_port()
        self.db = directory / db if db is not None else None
        self.stdout = directory / "serve.out"
        self.stderr = directory / "serve.err"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        """The base address, ``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The websocket address."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self, *extra: str, timeout: float = 60.0) -> None:
        """Start the server (with ``extra`` arguments this time) and wait until ``/healthz``
        answers.

        Raises:
            RuntimeError: with the end of its logs, when it exits or does not answer in time.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        database = () if self.db is None else ("--db", f"sqlite+aiosqlite:///{self.db}")
        command = serve_command(
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.directory),
            *database,
            *self.args,
            *extra,
        )
        with self.stdout.open("ab") as out, self.stderr.open("ab") as err:
            self.proc = subprocess.Popen(command, stdout=out, stderr=err, cwd=self.directory)
        try:
            self._wait_healthy(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_healthy(self, timeout: float) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"cuatrola serve exited early:\n{self.logs()}")
            try:
                with urllib.request.urlopen(f"{self.http}/healthz", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"cuatrola serve did not answer /healthz:\n{self.logs()}")

    def stop(self, timeout: float = 20.0) -> int | None:
        """SIGTERM, then SIGKILL if it has not stopped in ``timeout`` seconds (does nothing
        once stopped). Returns the exit status (``None``: never started)."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return self.proc.returncode

    def kill(self) -> None:
        """SIGKILL: the server dies at once, without closing anything."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stderr_lines(self) -> list[str]:
        """What the server wrote to stderr (its log), line by line."""
        return self.stderr.read_text(errors="replace").splitlines()

    def logs(self, lines: int = 40) -> str:
        """The end of stdout and stderr, for failure messages."""
        text = self.stdout.read_text(errors="replace") + self.stderr.read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def __enter__(self) -> ServeProcess:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

"""Fixtures for the browser tests: a real `cuatrola serve` on loopback and Debian's Chromium.

The server runs as a subprocess on a free port with a temporary SQLite database and fast
computer players. Chromium is driven headless by the `playwright` package, never downloaded
by it. Without /usr/bin/chromium the browser tests are skipped, unless
CUATROLA_REQUIRE_BROWSER=1 (CI), where they fail.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "web"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"cuatrola serve exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"cuatrola serve did not become healthy:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Debian Chromium (skipped, or failed under CI, when it is missing)."""
    if not CHROMIUM.exists():
        if os.environ.get("CUATROLA_REQUIRE_BROWSER") == "1":
            pytest.fail("CUATROLA_REQUIRE_BROWSER=1 but /usr/bin/chromium is missing")
        pytest.skip("Debian's Chromium (/usr/bin/chromium) is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


class RunningServer:
    """A `cuatrola serve` subprocess on a free loopback port (SQLite in `tmp`, fast bots)."""

    def __init__(self, tmp: Path) -> None:
        port = _free_port()
        self.log = tmp / "serve.log"
        self.url = f"http://127.0.0.1:{port}"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "cuatrola",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--db",
                    f"sqlite+aiosqlite:///{tmp / 't.db'}",
                    "--data-dir",
                    str(tmp),
                    "--bot-delay",
                    "0",
                    "--hand-pause",
                    "0.3",
                    "--quick-fill",
                    "1",
                    # Every browser context is a new guest from this one address.
                    "--guests-per-minute",
                    "100000",
                    # Short cante windows keep whole matches quick.
                    "--cante-window",
                    "0.4",
                    "--log-level",
                    "warning",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=tmp,
            )
        try:
            _wait_healthy(self.url, self.proc, self.log)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop the server (idempotent): its address then refuses connections."""
        if self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real card room on loopback (SQLite in a temp dir, fast bots)."""
    running = RunningServer(tmp_path_factory.mktemp("web-server"))
    try:
        yield running.url
    finally:
        running.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[RunningServer]:
    """A card room of the test's own, which the test may stop (to be unreachable)."""
    running = RunningServer(tmp_path)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go (./artifacts/web, gitignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS

"""Fixtures for the browser tests: a real `cuatrola serve` on loopback and Debian's Chromium.

The server runs as a subprocess on a free port with a temporary SQLite database and fast
computer players. Chromium is driven headless by the `playwright` package, never downloaded
by it. Without /usr/bin/chromium the browser tests are skipped, unless
CUATROLA_REQUIRE_BROWSER=1 (CI), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.servers import ServeProcess

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


class RunningServer(ServeProcess):
    """A `cuatrola serve` subprocess on a free loopback port (SQLite in `tmp`, fast bots),
    started at once; ``extra`` arguments come last and so win over these."""

    def __init__(self, tmp: Path, *extra: str) -> None:
        super().__init__(
            tmp,
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
            *extra,
        )
        self.start(timeout=30)

    @property
    def url(self) -> str:
        """The base address."""
        return self.http


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

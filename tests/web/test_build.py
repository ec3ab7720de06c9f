"""The committed build of the web client (src/cuatrola/clients/web/) matches its sources (web/).

`cuatrola serve` serves the committed output and needs no Node at run time, so a change in
web/ that was not rebuilt would ship stale files. This rebuilds into a temporary directory and
compares byte for byte.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB_SOURCES = ROOT / "web"
SERVED = ROOT / "src" / "cuatrola" / "clients" / "web"


def _files(base: Path) -> dict[str, bytes]:
    return {
        p.relative_to(base).as_posix(): p.read_bytes()
        for p in sorted(base.rglob("*"))
        if p.is_file()
    }


def test_the_committed_build_is_up_to_date(tmp_path: Path) -> None:
    npx = shutil.which("npx")
    vite = WEB_SOURCES / "node_modules" / ".bin" / "vite"
    if npx is None or not vite.exists():
        if os.environ.get("CI") == "true" or os.environ.get("CUATROLA_REQUIRE_BROWSER") == "1":
            pytest.fail("npx or web/node_modules is missing: run `npm ci` in web/")
        pytest.skip("Node/npm or web/node_modules is missing (run `npm ci` in web/)")
    out = tmp_path / "build"
    result = subprocess.run(
        [
            npx,
            "--no-install",
            "vite",
            "build",
            "--outDir",
            str(out),
            "--emptyOutDir",
            "--logLevel",
            "warn",
        ],
        cwd=WEB_SOURCES,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"vite build failed:\n{result.stdout}\n{result.stderr}"
    built, committed = _files(out), _files(SERVED)
    differing = sorted(
        name for name in set(built) | set(committed) if built.get(name) != committed.get(name)
    )
    assert not differing, (
        "src/cuatrola/clients/web/ is stale; run `npm run build` in web/. Differing files: "
        + ", ".join(differing)
    )

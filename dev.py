#!/usr/bin/env python3
"""Developer entry point: install into ./.venv and run the server or the test suite.

    python3 dev.py serve [cuatrola serve options]   install, then start the card room
    python3 dev.py test [pytest options]            install with dev tools, then lint and
                                                    unit-test the web client (npm), lint,
                                                    type-check and run every test
    python3 dev.py cli ARGS...                      install, then run `cuatrola ARGS...`

Only the Python standard library is used here, so it works on a fresh machine with Python 3.11+.
The install is skipped when pyproject.toml has not changed since the last one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
WEB = ROOT / "web"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def sh(*cmd: str | Path, check: bool = True) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, check=check).returncode


def install(extras: str) -> None:
    if not PY.exists():
        venv.create(VENV, with_pip=True)
    sources = [ROOT / "pyproject.toml", *sorted((ROOT / "src").rglob("*.c"))]
    digest = hashlib.sha256(extras.encode() + b"".join(p.read_bytes() for p in sources)).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    sh(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    target = f".[{extras}]" if extras else "."
    sh(PY, "-m", "pip", "install", "--quiet", "-e", target)
    stamp.write_text(digest)


def ensure_browser() -> None:
    """The browser tests drive Debian's Chromium; install it when we may (root with apt)."""
    if shutil.which("chromium") or not shutil.which("apt-get"):
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env)


def web_checks() -> None:
    """The web client's own checks (eslint, vitest), run with npm in web/.

    `npm ci` runs only when node_modules is missing or package-lock.json changed since the
    last install (a stamp file inside node_modules remembers the lock's digest)."""
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI") == "true":
            raise SystemExit("npm is not on PATH: the web client's checks need Node 20.19+ and npm")
        print("! npm is not on PATH: skipping the web client's eslint and vitest", flush=True)
        return
    lock = WEB / "package-lock.json"
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    stamp = WEB / "node_modules" / ".cuatrola-lock"
    if not stamp.exists() or stamp.read_text() != digest:
        print("+ npm ci (in web/)", flush=True)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
        stamp.write_text(digest)
    for script in ("lint", "test"):
        print(f"+ npm run {script}", flush=True)
        subprocess.run([npm, "run", "--silent", script], cwd=WEB, check=True)


def test(args: list[str]) -> int:
    install("dev")
    ensure_browser()
    web_checks()
    sh(BIN / "ruff", "check", "src", "tests", "benchmarks", "research", "dev.py")
    sh(BIN / "ruff", "format", "--check", "src", "tests", "benchmarks", "research", "dev.py")
    sh(BIN / "mypy", "src", "tests", "benchmarks", "research")
    return sh(PY, "-m", "pytest", *args, check=False)


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("serve", "test", "cli"):
        print(__doc__)
        return 2
    command, rest = sys.argv[1], sys.argv[2:]
    try:
        if command == "test":
            return test(rest)
        install("")
        args = rest if command == "cli" else ["serve", *rest]
        return sh(BIN / "cuatrola", *args, check=False)
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

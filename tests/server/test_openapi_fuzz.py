"""Schemathesis against the server's own OpenAPI document, over a real ``cuatrola serve`` on
loopback: whatever it generates from the schema (valid and invalid bodies, parameters,
methods), the API never answers 500 and every answer matches the schema, with and without a
live session token."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.servers import ServeProcess


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running card room on a free loopback port, with a throw-away database."""
    tmp: Path = tmp_path_factory.mktemp("openapi")
    serve = ServeProcess(tmp, "--guests-per-minute", "100000", "--log-level", "warning", db=None)
    with serve:
        yield serve.http


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_api_answers_everything_by_its_schema(
    base_url: str, signed_in: bool, tmp_path: Path
) -> None:
    """Every phase of ``schemathesis run`` (coverage, fuzzing, stateful): no 500, every
    status, header and body as the schema says, 405 with ``Allow`` for undeclared methods."""
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "run",
        f"{base_url}/api/openapi.json",
        # Names follow rules (alphabets, reserved names, 3 to 20 characters once trimmed,
        # docs/rest.md) that the schema states only in part, so a schema-valid body may
        # rightly be refused; what it does state, the server refuses (negative data).
        "--exclude-checks",
        "positive_data_acceptance",
        "--max-examples",
        "25",
        "--seed",
        "20261201",
        "--no-color",
    ]
    if signed_in:
        reply = httpx.post(f"{base_url}/api/guest", json={"name": "Fuzzer"})
        command += ["--header", f"Authorization: Bearer {reply.json()['token']}"]
    # (It keeps a .schemathesis/ folder of its findings in its working directory.)
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert " passed" in result.stdout

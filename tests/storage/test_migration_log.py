"""The migrations' log: each step the server applies at startup is one line of its log."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from cuatrola.storage.migrate import alembic_config, upgrade
from cuatrola.storage.sql import make_engine


async def test_each_applied_migration_logs_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'new.db'}")
    try:
        with caplog.at_level(logging.INFO, logger="alembic"):
            await upgrade(engine)
    finally:
        await engine.dispose()
    steps = [r.getMessage() for r in caplog.records if "Running upgrade" in r.getMessage()]
    revisions = list(ScriptDirectory.from_config(alembic_config()).walk_revisions())
    assert len(steps) == len(revisions), steps
    assert [s for s in steps if "\n" in s] == []

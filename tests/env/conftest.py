"""The environment tests need the optional ``env`` packages (``pip install cuatrola[env]``).

Without them the tests are skipped with the reason, except in CI (``CI=true``) or with
``CUATROLA_REQUIRE_ENV=1``, where a missing package fails them: the test command installs
the packages, so a broken install cannot pass unnoticed.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def require(name: str) -> ModuleType:
    """Import ``name``, or skip (fail when required) naming the missing package."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if os.environ.get("CI") == "true" or os.environ.get("CUATROLA_REQUIRE_ENV") == "1":
            pytest.fail(f"the env packages are required here but {name} does not import: {exc}")
        pytest.skip(f"{name} is not installed (pip install cuatrola[env]): {exc}")

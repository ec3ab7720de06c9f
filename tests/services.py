"""Local services (PostgreSQL, Redis) in tests: use them when reachable, otherwise skip the
test with the reason, or fail it when ``CUATROLA_REQUIRE_SERVICES=1`` (CI)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import NoReturn, TypeVar

import pytest

from tests.support.databases import ServiceUnavailableError, services_required

T = TypeVar("T")


def unavailable(reason: object) -> NoReturn:
    """Skip the running test because a service is unreachable (fail it under CI)."""
    if services_required():
        pytest.fail(f"CUATROLA_REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(str(reason))


@asynccontextmanager
async def service(manager: AbstractAsyncContextManager[T]) -> AsyncIterator[T]:
    """Enter ``manager`` (a fresh database, say), or :func:`unavailable` when its service
    cannot be reached; exit it afterwards."""
    async with AsyncExitStack() as stack:
        try:
            value = await stack.enter_async_context(manager)
        except ServiceUnavailableError as exc:
            unavailable(exc)
        yield value

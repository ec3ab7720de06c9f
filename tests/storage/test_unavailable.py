"""A database that cannot be reached or does not answer (real PostgreSQL behind a loopback
proxy): an append fails with :class:`StoreUnavailable`, which names the cause, instead of the
driver's own error, so that the server can tell an outage from a defect."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import pytest

from cuatrola.storage.base import StoreError, StoreUnavailable, TableMeta
from cuatrola.storage.sql import SqlStore, make_engine
from tests.server.test_operations import _through
from tests.services import service
from tests.support.databases import postgres_database
from tests.support.proxy import CuttableProxy

META = TableMeta("t1", "C1", "private", {"rules": "exact11"}, "open", 0.0)


@pytest.fixture
async def proxied() -> AsyncIterator[tuple[SqlStore, CuttableProxy]]:
    """A store on a fresh PostgreSQL database whose connections go through a proxy, with
    one table created; a commit gives up after half a second."""
    async with service(postgres_database()) as url:
        proxy = CuttableProxy(urlsplit(url).port or 5432)
        await proxy.start()
        engine = make_engine(_through(url, proxy.port))
        store = SqlStore(engine, commit_timeout=0.5)
        await store.open()
        await store.create(META)
        try:
            yield store, proxy
        finally:
            proxy.release()
            proxy.refusing = False
            await store.close(timeout=5)
            await engine.dispose()
            await proxy.close()


async def test_an_unreachable_database_is_store_unavailable_naming_the_cause(
    proxied: tuple[SqlStore, CuttableProxy],
) -> None:
    store, proxy = proxied
    proxy.refusing = True
    proxy.cut()
    with pytest.raises(StoreUnavailable) as failed:
        await store.append(META.id, 0, [{"r": "sit", "seat": 0}])
    assert not isinstance(failed.value, StoreError)  # an outage, not a refusal
    assert failed.value.__cause__ is not None
    assert "Connection" in str(failed.value)
    # Once the database answers again, the same append goes through.
    proxy.refusing = False
    await store.append(META.id, 0, [{"r": "sit", "seat": 0}])
    assert [r["r"] for r in await store.records(META.id)] == ["sit"]


async def test_a_silent_database_is_store_unavailable_after_the_commit_timeout(
    proxied: tuple[SqlStore, CuttableProxy],
) -> None:
    store, proxy = proxied
    proxy.hold()
    with pytest.raises(StoreUnavailable, match=r"did not answer a commit in 0\.5 s"):
        await store.append(META.id, 0, [{"r": "sit", "seat": 0}])

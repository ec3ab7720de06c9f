"""One contract for every GameStore adapter: memory and SQLite (PostgreSQL is added by the
accounts tests where a server runs)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cuatrola.storage.base import Fenced, GameStore, Holder, StoreError, TableMeta
from cuatrola.storage.memory import MemoryStore
from cuatrola.storage.sql import EngineCommitter, SqliteCommitter, SqlStore, make_engine


@pytest.fixture(params=["memory", "sqlite", "sqlite-engine"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[GameStore]:
    if request.param == "memory":
        memory = MemoryStore()
        await memory.open()
        yield memory
        await memory.close()
        return
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'games.db'}")
    sql = SqlStore(engine)
    assert isinstance(sql.committer, SqliteCommitter)  # a SQLite file gets the fast path
    if request.param == "sqlite-engine":
        # The engine's committer (PostgreSQL's path) holds to the same contract.
        sql.committer = EngineCommitter(engine)
    await sql.open()
    yield sql
    await sql.close()
    await engine.dispose()


def meta(n: int, status: str = "open") -> TableMeta:
    return TableMeta(
        id=f"t{n}",
        code=f"C{n}",
        kind="private",
        options={"rules": "exact11"},
        status=status,
        created_at=float(n),
    )


async def test_records_come_back_in_order(store: GameStore) -> None:
    await store.create(meta(1))
    await store.append("t1", 0, [{"r": "sit", "seat": 0}, {"r": "bot", "seat": 1}])
    await store.append("t1", 2, [{"r": "deal", "deck": list(range(20))}], status="playing")
    records = await store.records("t1")
    assert [r["r"] for r in records] == ["sit", "bot", "deal"]
    assert records[2]["deck"] == list(range(20))
    got = await store.get("t1")
    assert got is not None
    assert got.status == "playing"
    assert got.options == {"rules": "exact11"}


async def test_live_tables_are_open_playing_or_finished_oldest_first(store: GameStore) -> None:
    await store.create(meta(3, "playing"))
    await store.create(meta(1))
    await store.create(meta(2))
    await store.create(meta(4, "finished"))  # in its rematch window
    await store.append("t2", 0, [], status="closed")
    assert [m.id for m in await store.live_tables()] == ["t1", "t3", "t4"]


async def test_duplicates_are_refused(store: GameStore) -> None:
    await store.create(meta(1))
    with pytest.raises(StoreError):
        await store.create(meta(1))
    with pytest.raises(StoreError):
        await store.create(TableMeta("t9", "C1", "quick", {}, "open", 0.0))
    await store.append("t1", 0, [{"r": "a"}])
    with pytest.raises(StoreError):
        await store.append("t1", 0, [{"r": "b"}])
    assert await store.records("t1") == [{"r": "a"}]


async def test_unknown_tables(store: GameStore) -> None:
    assert await store.get("nope") is None
    assert await store.records("nope") == []
    with pytest.raises(StoreError):
        await store.append("nope", 0, [], status="closed")
    with pytest.raises(StoreError):
        await store.append("nope", 0, [{"r": "x"}])


async def test_concurrent_appends_are_all_durable(store: GameStore) -> None:
    for n in range(10):
        await store.create(meta(n))

    async def writer(n: int) -> None:
        for k in range(20):
            await store.append(f"t{n}", k, [{"r": "x", "k": k}])

    await asyncio.gather(*(writer(n) for n in range(10)))
    for n in range(10):
        assert [r["k"] for r in await store.records(f"t{n}")] == list(range(20))


async def test_sqlite_group_commit_batches_concurrent_writers(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'g.db'}")
    sql = SqlStore(engine)
    await sql.open()
    for n in range(20):
        await sql.create(meta(n))
    before = sql.commits
    await asyncio.gather(*(sql.append(f"t{n}", 0, [{"r": "x"}]) for n in range(20)))
    assert sql.commits - before < 20
    await sql.close()
    # A second store on the same file sees everything (it was committed, not cached).
    again = SqlStore(engine)
    await again.open()
    assert len(await again.live_tables()) == 20
    await again.close()
    await engine.dispose()


async def staggered_appends(store: SqlStore, tables: list[str], number: int) -> None:
    """Append one record to each table, 20 ms apart (moves of tables playing side by side)."""

    async def later(index: int, table: str) -> None:
        await asyncio.sleep(0.02 * index)
        await store.append(table, number, [{"r": "x", "k": number}])

    await asyncio.gather(*(later(i, t) for i, t in enumerate(tables)))


@pytest.mark.parametrize("delay", [0.0, 0.3])
async def test_while_commits_are_shared_the_next_one_waits_for_more_writes(
    tmp_path: Path, delay: float
) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    store = SqlStore(engine, commit_delay=delay)
    await store.open()
    tables = [f"t{n}" for n in range(3)]
    for n in range(3):
        await store.create(meta(n))
    # Two writes queued together: a shared commit, so the writer now waits before the next.
    await asyncio.gather(*(store.append(t, 0, [{"r": "x", "k": 0}]) for t in tables[:2]))
    before = store.commits
    await staggered_appends(store, tables, 1)
    if delay:
        assert store.commits - before == 1  # the three writes 20 ms apart shared one commit
    else:
        assert store.commits - before >= 2  # the first committed alone, at once
    assert [r["k"] for r in await store.records("t0")] == [0, 1]
    assert [r["k"] for r in await store.records("t2")] == [1]
    await store.close()
    await engine.dispose()


async def test_a_lone_write_never_waits_for_the_commit_delay(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'l.db'}")
    store = SqlStore(engine, commit_delay=60.0)
    await store.open()
    await store.create(meta(1))
    # One table alone: every commit holds one write, so none waits a minute for company.
    for k in range(5):
        await asyncio.wait_for(store.append("t1", k, [{"r": "x", "k": k}]), 20)
    assert store.commits == 6
    assert [r["k"] for r in await store.records("t1")] == list(range(5))
    await store.close()
    await engine.dispose()


async def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    async with engine.connect() as conn:
        mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar()
        sync = (await conn.exec_driver_sql("PRAGMA synchronous")).scalar()
    await engine.dispose()
    assert mode == "wal"
    assert sync == 2  # FULL


async def test_the_sqlite_committer_commits_durably_in_wal_mode(tmp_path: Path) -> None:
    committer = SqliteCommitter(str(tmp_path / "c.db"))
    await committer.open()
    db = committer._db
    assert db is not None
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    await committer.close()


async def test_an_in_memory_sqlite_store_commits_through_the_engine() -> None:
    engine = make_engine("sqlite+aiosqlite:///:memory:")
    sql = SqlStore(engine)
    assert isinstance(sql.committer, EngineCommitter)
    await sql.open()
    await sql.create(meta(1))
    await sql.append("t1", 0, [{"r": "sit", "seat": 0}], status="playing")
    assert [r["r"] for r in await sql.records("t1")] == ["sit"]
    await sql.close()
    await engine.dispose()


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("nonsense://", "bad database URL 'nonsense://': the server stores its data in SQLite"),
        # The usual URLs of other tools name a driver the server does not install: the line
        # says what to write instead of "No module named 'psycopg2'".
        ("postgresql://u:S3cret@db/x", "'postgresql://u:***@db/x': write it postgresql+asyncpg://"),
        ("postgres://u@db/x", "'postgres://u@db/x': write it postgresql+asyncpg://"),
        ("postgresql+psycopg://db/x", "write it postgresql+asyncpg://"),
        ("sqlite:///x.db", "'sqlite:///x.db': write it sqlite+aiosqlite://"),
        ("mysql://u@db/x", "the server stores its data in SQLite (sqlite+aiosqlite://...) or"),
    ],
)
def test_a_bad_url_is_one_clear_error(url: str, says: str) -> None:
    with pytest.raises(ValueError, match=r"^bad database URL ") as raised:
        make_engine(url)
    assert says in str(raised.value) and "S3cret" not in str(raised.value)


async def test_compaction_drops_the_records_before_a_number_and_keeps_the_numbers(
    store: GameStore,
) -> None:
    await store.create(meta(1))
    await store.append("t1", 0, [{"r": "x", "k": k} for k in range(5)])
    await store.compact("t1", 3)
    assert [r["k"] for r in await store.records("t1")] == [3, 4]
    # Numbering goes on after the last record, not after what is kept.
    await store.append("t1", 5, [{"r": "x", "k": 5}])
    with pytest.raises(StoreError):
        await store.append("t1", 4, [{"r": "x", "k": 99}])  # still a number in use
    assert [r["k"] for r in await store.records("t1")] == [3, 4, 5]
    # Compacting less than before, or an unknown table, changes nothing.
    await store.compact("t1", 1)
    await store.compact("nope", 4)
    assert [r["k"] for r in await store.records("t1")] == [3, 4, 5]


async def test_a_table_has_one_owner_at_a_time_and_a_stale_owner_cannot_write(
    store: GameStore,
) -> None:
    await store.create(meta(1), owner="a", lease=100.0)
    await store.append("t1", 0, [{"r": "x", "k": 0}], epoch=1)
    # Node b may not take a table whose lease runs; it may once the lease is over.
    assert await store.claim("t1", "b", now=50.0, lease=150.0) is None
    assert [m.id for m in await store.claimable("b", now=50.0)] == []
    assert [m.id for m in await store.claimable("b", now=101.0)] == ["t1"]
    assert await store.claim("t1", "b", now=101.0, lease=200.0) == 2
    # The paused owner comes back and writes under its old epoch: refused, nothing stored.
    with pytest.raises(Fenced):
        await store.append("t1", 1, [{"r": "x", "k": 1}], epoch=1)
    await store.append("t1", 1, [{"r": "x", "k": 2}], epoch=2)
    assert [r["k"] for r in await store.records("t1")] == [0, 2]
    # a's renewal says it lost the table; b's keeps it.
    assert await store.renew("a", {"t1": 1}, lease=300.0) == {"t1"}
    assert await store.renew("b", {"t1": 2}, lease=300.0) == set()
    assert await store.claim("t1", "a", now=250.0, lease=400.0) is None  # renewed to 300
    # The owner itself may claim again (a restarted node of the same name): a new epoch.
    assert await store.claim("t1", "b", now=250.0, lease=400.0) == 3
    with pytest.raises(Fenced):
        await store.append("t1", 2, [{"r": "x", "k": 3}], epoch=2)


async def test_a_group_commit_refuses_only_the_stale_owner_s_write(store: GameStore) -> None:
    for n in range(1, 6):
        await store.create(meta(n), owner="a", lease=100.0)
    assert await store.claim("t3", "b", now=101.0, lease=200.0) == 2
    # Written at once, the appends share the SQL store's group commits; t1 twice.
    results = await asyncio.gather(
        *(store.append(f"t{n}", 0, [{"r": "x", "k": n}], epoch=1) for n in range(1, 6)),
        store.append("t1", 1, [{"r": "x", "k": 10}], epoch=1),
        return_exceptions=True,
    )
    assert [type(r).__name__ for r in results] == ["NoneType"] * 2 + ["Fenced"] + ["NoneType"] * 3
    assert "'t3'" in str(results[2])
    for n in (2, 4, 5):
        assert [r["k"] for r in await store.records(f"t{n}")] == [n]
    assert [r["k"] for r in await store.records("t1")] == [1, 10]
    assert await store.records("t3") == []


async def test_a_long_append_keeps_every_record_in_order(store: GameStore) -> None:
    await store.create(meta(1), owner="a", lease=100.0)
    await store.create(meta(2), owner="a", lease=100.0)
    await asyncio.gather(
        store.append("t1", 0, [{"r": "x", "k": k} for k in range(700)], epoch=1),
        store.append("t2", 0, [{"r": "x", "k": -k} for k in range(300)], epoch=1),
    )
    assert [r["k"] for r in await store.records("t1")] == list(range(700))
    assert [r["k"] for r in await store.records("t2")] == [-k for k in range(300)]


async def test_tables_without_an_owner_and_closed_tables(store: GameStore) -> None:
    await store.create(meta(1))  # stored before tables had owners
    await store.create(meta(2, "closed"))
    assert [m.id for m in await store.claimable("a", now=0.0)] == ["t1"]
    assert await store.claim("t1", "a", now=0.0, lease=10.0) == 1
    assert await store.claim("t2", "a", now=0.0, lease=10.0) is None
    assert await store.claim("nope", "a", now=0.0, lease=10.0) is None


async def test_locate_names_the_holder_by_id_or_invite_code(store: GameStore) -> None:
    await store.create(meta(1), owner="a", lease=100.0)
    await store.create(meta(2))
    holder = await store.locate("t1")
    assert holder == Holder("t1", "open", "a", 100.0)
    assert await store.locate(code="C1") == holder
    await store.claim("t2", "b", now=0.0, lease=20.0)
    await store.append("t2", 0, [{"r": "x"}], status="playing", epoch=1)
    assert await store.locate(code="C2") == Holder("t2", "playing", "b", 20.0)
    await store.release("b", ["t2"])
    located = await store.locate("t2")
    assert located is not None and located.owner == "b" and located.lease_until == 0.0
    assert await store.locate("nope") is None
    assert await store.locate(code="NOPE") is None

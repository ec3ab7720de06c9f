"""A table runner's mailbox (cuatrola.server.mailbox): order, wake-ups, one reader."""

from __future__ import annotations

import asyncio

import pytest

from cuatrola.server.mailbox import Mailbox


async def test_items_come_out_in_the_order_they_were_put() -> None:
    box: Mailbox[int] = Mailbox()
    for item in range(5):
        box.put(item)
    assert len(box) == 5
    assert [await box.get() for _ in range(5)] == [0, 1, 2, 3, 4]
    assert not box


async def test_a_waiting_reader_wakes_for_each_item_put_later() -> None:
    box: Mailbox[str] = Mailbox()
    got: list[str] = []

    async def read(count: int) -> None:
        for _ in range(count):
            got.append(await box.get())

    reader = asyncio.create_task(read(3))
    await asyncio.sleep(0)  # the reader now waits on an empty mailbox
    box.put("a")
    await asyncio.sleep(0)
    assert got == ["a"]
    box.put("b")
    box.put("c")  # two items before the reader runs again: both still reach it, in order
    await asyncio.wait_for(reader, 5)
    assert got == ["a", "b", "c"]


async def test_get_nowait_takes_the_first_item_and_refuses_on_empty() -> None:
    box: Mailbox[int] = Mailbox()
    box.put(7)
    box.put(8)
    assert box.get_nowait() == 7
    assert len(box) == 1
    assert box.get_nowait() == 8
    with pytest.raises(IndexError):
        box.get_nowait()


async def test_a_second_reader_is_refused_while_one_waits() -> None:
    box: Mailbox[int] = Mailbox()
    first = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    with pytest.raises(RuntimeError, match="one reader"):
        await box.get()
    box.put(1)
    assert await asyncio.wait_for(first, 5) == 1


async def test_a_cancelled_reader_loses_no_item_and_frees_the_mailbox() -> None:
    box: Mailbox[int] = Mailbox()
    reader = asyncio.create_task(box.get())
    await asyncio.sleep(0)
    reader.cancel()
    with pytest.raises(asyncio.CancelledError):
        await reader
    box.put(3)
    # A new reader may wait now, and the item put after the cancellation is there for it.
    assert await asyncio.wait_for(box.get(), 5) == 3

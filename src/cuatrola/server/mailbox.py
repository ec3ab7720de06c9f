"""A first-in, first-out mailbox with one reader task: a table runner's commands.

:class:`asyncio.Queue` looks up the running event loop each time its reader has to wait, and
on Python 3.11 that lookup is a ``getpid()`` system call: once per command for a table's
runner, which waits for every command. A :class:`Mailbox` keeps the loop its reader first
waited on, so a wait costs one future and nothing else. It has no size limit, no
``task_done``/``join`` and exactly one reader, which is all a runner needs.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

_T = TypeVar("_T")


class Mailbox(Generic[_T]):
    """Items in the order they were put, for one reader task (see the module docstring)."""

    __slots__ = ("_items", "_loop", "_waiter")

    def __init__(self) -> None:
        self._items: deque[_T] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        #: The reader's future while it waits for an item.
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: _T) -> None:
        """Add ``item`` at the end, waking the reader if it waits."""
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def get_nowait(self) -> _T:
        """The first item, removed.

        Raises:
            IndexError: when the mailbox is empty.
        """
        return self._items.popleft()

    async def get(self) -> _T:
        """The first item, removed, once there is one.

        Raises:
            RuntimeError: when another task is already waiting on this mailbox.
        """
        items = self._items
        while not items:
            if self._waiter is not None:
                raise RuntimeError("a mailbox has one reader")
            loop = self._loop
            if loop is None:
                loop = self._loop = asyncio.get_running_loop()
            self._waiter = loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return items.popleft()


__all__ = ["Mailbox"]

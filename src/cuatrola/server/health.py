"""What an operator's load balancer and orchestrator ask a node: alive, ready, and what it runs.

* ``GET /healthz`` (liveness): the process answers; it names the node, the version and how many
  tables it runs. A load balancer that restarts dead processes asks this.
* ``GET /readyz`` (readiness): the node can take players: its room has started and its database
  answers. While the database is unreachable it answers 503 with the reason, so a proxy stops
  sending it new players until the database is back.
* ``GET /node`` (operator only, like ``/metrics``): the node's name and the tables it runs, each
  with its kind, status and last event number.

The database check runs at most once per :data:`READY_CACHE` seconds, however often it is asked.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import time
from typing import Final

from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cuatrola import __version__
from cuatrola.server.room import Room

#: Seconds a readiness answer is reused.
READY_CACHE: Final = 1.0
#: Seconds the database has to answer the readiness check.
DB_TIMEOUT: Final = 2.0


class Readiness:
    """Whether the node's database answers, asked at most once per :data:`READY_CACHE`."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._checked = -READY_CACHE
        self._problem: str | None = "not checked yet"
        self._lock = asyncio.Lock()

    async def problem(self) -> str | None:
        """``None`` when the database answered, else what is wrong (one line)."""
        async with self._lock:
            now = time.monotonic()
            if now - self._checked >= READY_CACHE:
                self._problem = await self._check()
                self._checked = time.monotonic()
            return self._problem

    async def _check(self) -> str | None:
        try:
            async with asyncio.timeout(DB_TIMEOUT):
                async with self.engine.connect() as conn:
                    await conn.exec_driver_sql("SELECT 1")
        except TimeoutError:
            return f"the database did not answer within {DB_TIMEOUT:g} s"
        except Exception as exc:  # any driver error means the same thing here: not ready
            return f"the database is unreachable: {type(exc).__name__}"
        return None


def may_read_operator_data(request: Request, token: str | None) -> bool:
    """``/metrics`` and ``/node`` are for the operator: the metrics token, or a client on
    this machine."""
    if token:
        given = request.headers.get("authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def health_routes(room: Room) -> list[BaseRoute]:
    """``/healthz``, ``/readyz`` and ``/node`` for ``room``'s node."""
    settings = room.settings
    readiness = Readiness(room.services.engine)

    async def healthz(request: Request) -> Response:
        return JSONResponse(
            {
                "status": "ok",
                "version": __version__,
                "node": settings.node,
                "tables": len(room.runners),
            }
        )

    async def readyz(request: Request) -> Response:
        if not room.started:
            return JSONResponse({"status": "starting", "node": settings.node}, status_code=503)
        problem = await readiness.problem()
        if problem is not None:
            return JSONResponse(
                {"status": "not ready", "node": settings.node, "reason": problem},
                status_code=503,
            )
        return JSONResponse({"status": "ready", "node": settings.node})

    async def node(request: Request) -> Response:
        if not may_read_operator_data(request, settings.metrics_token):
            return JSONResponse(
                {"error": "forbidden", "message": "node data is for loopback or the metrics token"},
                status_code=403,
            )
        tables = [
            {
                "id": runner.table.id,
                "kind": runner.table.kind,
                "status": runner.table.status,
                "seq": runner.table.seq,
            }
            for runner in room.runners.values()
        ]
        cluster = room.cluster
        peers = sorted(n for n in cluster.peers if cluster.alive(n)) if cluster is not None else []
        return JSONResponse(
            {"node": settings.node, "version": __version__, "tables": tables, "peers": peers}
        )

    return [Route("/healthz", healthz), Route("/readyz", readyz), Route("/node", node)]

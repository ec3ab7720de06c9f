"""What every response says about its own safety, and which pages may open a websocket.

:class:`SecurityHeaders` is an ASGI middleware that adds the security headers to every HTTP
response: a Content-Security-Policy that lets the page run only this server's own scripts,
styles, fonts and connections and that no other site may frame; ``nosniff``; no referrer;
and ``Cache-Control: no-store`` on the API, whose answers carry tokens and private history.

:func:`origin_allowed` decides a websocket upgrade from its ``Origin``: a browser page may
connect only from the card room's own address (``--public-url``, or this server's loopback
address when none is set). The ``Host`` header is never trusted for this: a DNS-rebinding page
controls it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

logger = logging.getLogger("cuatrola.server")

CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "media-src 'self' data: blob:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The page's policy: only this server's own resources, never inside another site's frame."""

_COMMON: Final = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)
_NO_STORE: Final = (b"cache-control", b"no-store")
_HSTS: Final = (b"strict-transport-security", b"max-age=31536000")

LOOPBACK_HOSTS: Final = ("127.0.0.1", "localhost", "[::1]")


class SecurityHeaders:
    """Add the security headers to every HTTP response of ``app``.

    It also warns once when requests come through a reverse proxy that the server does not
    trust (an ``X-Forwarded-For`` header while no ``--trusted-proxy`` is set): every client
    then has the proxy's address, and the per-address limits hold for all of them at once.

    Args:
        app: the wrapped ASGI app.
        https: the card room is served over HTTPS (``--public-url https://...``): browsers
            are also told to use HTTPS only (HSTS).
        proxies_trusted: some ``--trusted-proxy`` is set.
    """

    def __init__(self, app: ASGIApp, *, https: bool = False, proxies_trusted: bool = False) -> None:
        self.app = app
        self.https = https
        self._warn_of_proxy = not proxies_trusted

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve ``scope``, adding the headers to an HTTP response's start."""
        if self._warn_of_proxy and scope["type"] in ("http", "websocket"):
            self._check_forwarded(scope)
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        private = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                extra = [*_COMMON]
                if private:
                    extra.append(_NO_STORE)
                if self.https:
                    extra.append(_HSTS)
                headers.extend(h for h in extra if h[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _check_forwarded(self, scope: Scope) -> None:
        for name, _ in scope.get("headers", ()):
            if name == b"x-forwarded-for":
                self._warn_of_proxy = False
                client = scope.get("client")
                proxy = client[0] if client else "the proxy"
                logger.warning(
                    "requests come through a proxy (%s) whose X-Forwarded-For is not trusted: "
                    "every client has its address, so the per-address limits hold for all of "
                    "them at once; start the server with --trusted-proxy %s",
                    proxy,
                    proxy,
                )
                return


def proxy_options(trusted_proxies: Sequence[str]) -> dict[str, Any]:
    """uvicorn's settings for ``X-Forwarded-For``: believed from ``trusted_proxies`` only
    (uvicorn by itself would believe it from 127.0.0.1).

    >>> proxy_options([])
    {'proxy_headers': False, 'forwarded_allow_ips': None}
    """
    return {
        "proxy_headers": bool(trusted_proxies),
        "forwarded_allow_ips": list(trusted_proxies) or None,
    }


def allowed_origins(public_urls: Iterable[str], server: tuple[str, int] | None) -> frozenset[str]:
    """The origins a browser's websocket may come from.

    ``public_urls`` (normalised ``scheme://host[:port]``) when the operator set them;
    otherwise this server's own loopback addresses on its port (``server`` is the listening
    socket's ``(host, port)``), over plain HTTP as a local server is.

    >>> sorted(allowed_origins([], ("127.0.0.1", 8000)))
    ['http://127.0.0.1:8000', 'http://[::1]:8000', 'http://localhost:8000']
    >>> sorted(allowed_origins(["https://cuatrola.example"], ("127.0.0.1", 8000)))
    ['https://cuatrola.example']
    """
    urls = frozenset(public_urls)
    if urls:
        return urls
    if server is None:
        return frozenset()
    host, port = server
    hosts = {*LOOPBACK_HOSTS}
    if host not in ("0.0.0.0", "::", ""):
        hosts.add(f"[{host}]" if ":" in host else host)
    return frozenset(f"http://{h}:{port}" for h in hosts)


def origin_allowed(origin: str | None, allowed: frozenset[str]) -> bool:
    """Whether a websocket upgrade with this ``Origin`` may proceed.

    Browsers always send ``Origin``: it must be one of ``allowed``, scheme, host and port
    alike. Non-browser clients send none and are allowed; their token authenticates them.

    >>> local = allowed_origins([], ("127.0.0.1", 8000))
    >>> origin_allowed(None, local), origin_allowed("http://127.0.0.1:8000", local)
    (True, True)
    >>> origin_allowed("https://127.0.0.1:8000", local)  # another scheme is another origin
    False
    >>> origin_allowed("http://evil.example", local)  # whatever Host header came with it
    False
    """
    if origin is None:
        return True
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return f"{parts.scheme}://{parts.netloc.lower()}" in allowed

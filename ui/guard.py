"""The web server's door (ASGI middleware around Flet's app): who may open the touchscreen UI.

- Loopback (the Pi's own kiosk browser) is always let in.
- From the network (only when the companion runs with `--lan`): a phone first opens a seat's join
  URL, `/join/<code>` (the QR code on the table screen); a valid code sets a cookie, and the page,
  its assets and its websocket need that cookie from then on. Anything else gets a short 403 page
  that says to ask the table for a code. Wrong codes are throttled like wrong PINs.
- Every websocket must come from a page of this server: a foreign `Origin` (a page elsewhere trying
  to drive the companion through a player's browser) is refused.
"""
from __future__ import annotations

import ipaddress
import time
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any

from ui.joining import code_in_route

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "companion_join"
#: wrong codes from one address before it must wait, and how long the wait grows
FREE_ATTEMPTS, LOCK_AFTER, LOCK_FOR = 3, 10, 600.0

FORBIDDEN = (b"<!doctype html><meta charset=utf-8><title>Table companion</title>"
             b"<body style='font:20px sans-serif;padding:2em'>"
             b"<p>Ask the table for its join code: scan a seat's QR code on the table screen.</p>")


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


class Guard:
    """`valid(code)` says whether a join code belongs to a seat of the game on the table now."""

    def __init__(self, app: ASGIApp, valid: Callable[[str], bool], clock: Callable[[], float] = time.monotonic):
        self.app = app
        self.valid = valid
        self.clock = clock
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong codes, next try)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if scope["type"] == "websocket" and not self._same_origin(headers):
            await send({"type": "websocket.close", "code": 1008})
            return
        client = (scope.get("client") or ("", 0))[0]
        if is_loopback(client):
            await self.app(scope, receive, send)
            return
        code = code_in_route(scope.get("path"))
        if code is not None and scope["type"] == "http":
            await self._join(client, code, scope, receive, send)
            return
        if self.valid(_cookie(headers)):
            await self.app(scope, receive, send)
            return
        await self._refuse(scope, send)

    async def _join(self, client: str, code: str, scope: Scope, receive: Receive, send: Send) -> None:
        wrong, next_try = self._wrong.get(client, (0, 0.0))
        if self.clock() < next_try or not self.valid(code):
            if self.clock() >= next_try:
                wrong += 1
                wait = LOCK_FOR if wrong >= LOCK_AFTER else (2.0 ** (wrong - FREE_ATTEMPTS) if wrong >= FREE_ATTEMPTS else 0.0)
                self._wrong[client] = (wrong, self.clock() + wait)
            await self._refuse(scope, send)
            return
        self._wrong.pop(client, None)

        async def with_cookie(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                cookie = f"{COOKIE}={code}; Path=/; HttpOnly; SameSite=Strict"
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie.encode())]
            await send(message)

        await self.app(scope, receive, with_cookie)

    @staticmethod
    def _same_origin(headers: dict[str, str]) -> bool:
        """A websocket opened by a page of this server: its Origin names this host (and port)."""
        origin, host = headers.get("origin"), headers.get("host", "")
        if origin is None:  # not a browser (a script on the Pi itself): nothing cross-site to fear
            return True
        return origin.split("://", 1)[-1].rstrip("/") == host

    @staticmethod
    async def _refuse(scope: Scope, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(FORBIDDEN)).encode())]})
        await send({"type": "http.response.body", "body": FORBIDDEN})


def _cookie(headers: dict[str, str]) -> str:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a mangled cookie header is no code
        return ""
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None else ""

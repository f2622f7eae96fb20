"""The web server's door (ASGI middleware around Flet's app): who may open the touchscreen UI.

- Loopback (the Pi's own kiosk browser) is always let in.
- From the network (only when the companion runs with `--lan`): a phone first opens a seat's join
  URL, `/join/<code>` (the QR code on the table screen), or types the code on the landing page `/`
  (ui/landing.py, in the phone's language); a valid code sets a cookie, and the page, its assets and
  its websocket need that cookie from then on. Anything else gets the landing page (a 403).
- Every code a phone presents — in the cookie (on a page, an asset or the websocket), in `/join/<code>`,
  or typed into the page's join field (ui/app.py asks the same `JoinThrottle`) — is checked only while
  the `JoinThrottle` allows: a few wrong ones per address, and a small budget for all addresses
  together, so a thousand addresses guess no faster than one. Past it, codes are refused unchecked.
- Every browser gets a random device cookie (`DEVICE_COOKIE`); the websocket hands it (and the
  language the browser asks for) to the page at the end of its user agent (the one header Flet
  passes on), so a page knows its device and its phone's language, and a seat
  keeps to the devices let in on it (ui/seating.py). A device id in the browser's own user agent is
  replaced: only the cookie counts.
- Every websocket must come from a page of this server: its `Origin` must name the address the
  connection really reached (or the configured base URL), never merely the `Host` header, which the
  page's own script (DNS rebinding) or any client can set to match a foreign Origin.
"""
from __future__ import annotations

import ipaddress
import math
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any, TypeVar
from urllib.parse import parse_qs

from ui.joining import code_in_route, join_route, plain_code
from ui.landing import landing_page, phone_language
from ui.seating import new_device, with_device

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "companion_join"
DEVICE_COOKIE = "companion_device"
#: a device stays the same device for a year (the join cookie lasts as long as the browser session)
DEVICE_COOKIE_S = 365 * 86_400
#: set for a minute by a page loaded afresh after a restart (ui/assets/offline/reconnect.js)
BACK_COOKIE = "companion_back"
#: this run of the server: a page that finds another one after its websocket closed was restarted
BOOT = secrets.token_hex(8)
T = TypeVar("T")


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@dataclass(frozen=True)
class ThrottleSettings:
    """How fast join codes may be guessed. With the defaults, all addresses together get at most
    `total_burst` checks at once and one more every `total_refill` s: 20 + 365 × 86,400 / 15 ≈ 2.1
    million checks in a year of nonstop guessing. A code has 10 digits (ui/joining.py), so against a
    table of 8 seats such a year finds one with a chance of 2.1e6 × 8 / 1e10 ≈ 0.17 %; one address
    alone gets 10 wrong codes per 10 minutes. The table itself (loopback) is never throttled."""

    free_attempts: int = 3  # wrong codes from one address before it must wait (1 s, 2 s, 4 s …)
    lock_after: int = 10  # wrong codes from one address before it waits `lock_for`
    lock_for: float = 600.0
    total_burst: int = 20  # wrong codes from all addresses together before every check waits for the budget
    total_refill: float = 15.0  # seconds until the shared budget has one more check


class JoinThrottle:
    """Counts wrong join codes per client address and in total; says when a code may be checked at all.
    Shared by the door (cookies, join URLs) and the pages (the join field, a route set by the page)."""

    def __init__(self, settings: ThrottleSettings | None = None, clock: Callable[[], float] = time.monotonic):
        self.settings = settings or ThrottleSettings()
        self.clock = clock
        self._lock = threading.Lock()
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong codes, next check allowed at)
        self._budget, self._budget_at = float(self.settings.total_burst), clock()

    def attempt(self, client: str, check: Callable[[], T | None]) -> T | None:
        """`check()` (which looks the code up: None when wrong) if the throttle allows it now, else None
        without calling it. A wrong code counts against `client` and against the shared budget."""
        with self._lock:
            if self._wait(client) > 0:
                return None
            found = check()
            if found is None:
                self._count_wrong(client)
            return found

    def wait(self, client: str) -> float:
        """Seconds until `client` may present a code again (0: now)."""
        with self._lock:
            return self._wait(client)

    def _wait(self, client: str) -> float:
        now = self.clock()
        self._refill(now)
        own = self._wrong.get(client, (0, 0.0))[1] - now
        shared = 0.0 if self._budget >= 1 else (1 - self._budget) * self.settings.total_refill
        return max(own, shared, 0.0)

    def _refill(self, now: float) -> None:
        rate = self.settings
        self._budget = min(float(rate.total_burst), self._budget + (now - self._budget_at) / rate.total_refill)
        self._budget_at = now

    def _count_wrong(self, client: str) -> None:
        rate, now = self.settings, self.clock()
        wrong = self._wrong.get(client, (0, 0.0))[0] + 1
        if wrong >= rate.lock_after:
            wait = rate.lock_for
        else:
            wait = 2.0 ** (wrong - rate.free_attempts) if wrong >= rate.free_attempts else 0.0
        self._wrong[client] = (wrong, now + wait)
        self._budget -= 1
        self._forget_old(now)

    def _forget_old(self, now: float) -> None:
        """Addresses quiet for longer than a lock start afresh (and the table never grows without end)."""
        stale = [a for a, (_n, at) in self._wrong.items() if now - at > self.settings.lock_for]
        for address in stale:
            del self._wrong[address]


def wait_seconds(wait: float) -> int:
    """A wait as the screens say it: whole seconds, at least one."""
    return max(1, math.ceil(wait))


class Guard:
    """`valid(code)` says whether a join code belongs to a seat of the game on the table now;
    `origins` are the origins of this server's own pages ("http://192.168.1.5:8550"), besides the
    address each connection really reached."""

    def __init__(self, app: ASGIApp, valid: Callable[[str], bool], throttle: JoinThrottle | None = None,
                 origins: Collection[str] = ()):
        self.app = app
        self.valid = valid
        self.throttle = throttle or JoinThrottle()
        self.origins = {origin.rstrip("/").lower() for origin in origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        device = _cookie(headers, DEVICE_COOKIE)
        if scope["type"] == "websocket":
            if not self._same_origin(headers, scope):
                await send({"type": "websocket.close", "code": 1008})
                return
            language = phone_language(headers["accept-language"]) if "accept-language" in headers else ""
            back = _cookie(headers, BACK_COOKIE) == "1"
            scope = _with_header(scope, "user-agent", with_device(headers.get("user-agent", ""), device or new_device(), language, back))
        elif scope.get("path") == "/companion-boot":  # not secret: which run of the server answers
            await send({"type": "http.response.start", "status": 204,
                        "headers": [(b"x-companion-boot", BOOT.encode()), (b"cache-control", b"no-store")]})
            await send({"type": "http.response.body", "body": b""})
            return
        elif not device:
            send = _setting_cookie(send, f"{DEVICE_COOKIE}={new_device()}; Path=/; Max-Age={DEVICE_COOKIE_S}; HttpOnly; SameSite=Strict")
        client = (scope.get("client") or ("", 0))[0]
        if is_loopback(client):
            await self.app(scope, receive, send)
            return
        code = code_in_route(scope.get("path"))
        if code is not None and scope["type"] == "http":
            await self._join(client, code, headers, scope, receive, send)
            return
        cookie = _cookie(headers, COOKIE)
        if cookie and self._checked(client, cookie):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        elif scope.get("path") == "/join":
            await self._typed_code(scope, headers, send)
        else:  # the landing page: a phone's way in (a 403 for anything else it asks for)
            await _html(send, 200 if scope.get("path") == "/" else 403, landing_page(headers.get("accept-language")))

    def _checked(self, client: str, code: str) -> bool:
        return bool(self.throttle.attempt(client, lambda: self.valid(code) or None))

    async def _join(self, client: str, code: str, headers: dict[str, str], scope: Scope, receive: Receive, send: Send) -> None:
        if not self._checked(client, code):
            wait = self.throttle.wait(client)
            await _html(send, 403, landing_page(headers.get("accept-language"), wrong_code=code,
                                                wait=wait_seconds(wait) if wait > 0 else 0))
            return
        await self.app(scope, receive, _setting_cookie(send, f"{COOKIE}={code}; Path=/; HttpOnly; SameSite=Strict"))

    @staticmethod
    async def _typed_code(scope: Scope, headers: dict[str, str], send: Send) -> None:
        """The landing page's form: "/join?code=12345+67890" goes on to "/join/1234567890", where it is checked."""
        typed = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1")).get("code", [""])[0]
        code = plain_code(typed)
        if code_in_route(join_route(code)) is None:  # not even the shape of a code: nothing to check
            await _html(send, 403, landing_page(headers.get("accept-language"), wrong_code=typed[:40]))
            return
        await send({"type": "http.response.start", "status": 303, "headers": [(b"location", join_route(code).encode()),
                                                                               (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})

    def _same_origin(self, headers: dict[str, str], scope: Scope) -> bool:
        """A websocket opened by a page of this server: its Origin names the address and port this
        connection reached, or a configured one. The Host header proves nothing: it is the client's."""
        origin = headers.get("origin")
        if origin is None:  # not a browser (a script on the Pi itself): nothing cross-site to fear
            return True
        origin = origin.rstrip("/").lower()
        return origin in self.origins or origin == _reached(scope)



async def _html(send: Send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


def _reached(scope: Scope) -> str | None:
    """The origin of the address this connection reached (the server's socket, not a header)."""
    server = scope.get("server")
    if not server or server[1] is None:
        return None
    host, port = str(server[0]), int(server[1])
    return f"http://{f'[{host}]' if ':' in host else host}:{port}".lower()


def _cookie(headers: dict[str, str], name: str) -> str:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a mangled cookie header is no code
        return ""
    morsel = jar.get(name)
    return morsel.value if morsel is not None else ""


def _setting_cookie(send: Send, cookie: str) -> Send:
    """`send`, adding a Set-Cookie header to the response's start."""
    async def sending(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie.encode())]
        await send(message)

    return sending


def _with_header(scope: Scope, name: str, value: str) -> Scope:
    """A copy of `scope` whose header `name` (lower case) is `value` alone."""
    kept = [(k, v) for k, v in scope.get("headers", []) if k.decode("latin-1").lower() != name]
    return {**scope, "headers": [*kept, (name.encode("latin-1"), value.encode("latin-1", "replace"))]}

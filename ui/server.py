"""Serving the touchscreen UI: the web server answers first, the screens are imported while the browser loads.

The kiosk's Chromium starts when the server first answers (deploy/kiosk.sh), and then spends over a
second fetching and compiling Flet's client before it opens its websocket. So `serve` imports only
what answering needs (Flet's web server, the door); the app and its screens (ui/app.py) are imported
by a warm-up thread once the server listens — not in front of its first answer. The first page then
finds them loaded; a page quicker than the warm-up waits for it.

The Flet controls a screen draws with (about 90 modules, imported on first use) are left to the first
page: importing them all in the warm-up too made the first frame later, not sooner (1.78 s against
1.62 s from the page's request, medians of three interleaved runs of 8–10 starts, 2026-12-04) — the
thread was still busy when the page's websocket opened, and held the interpreter from its first build.
"""
from __future__ import annotations

import gc
import shutil
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from ui.guard import Guard, JoinThrottle
from ui.joining import JoinCodes, base_url, own_origins
from ui.ports import CompanionPort
from ui.webroot import web_root

if TYPE_CHECKING:
    import uvicorn

    from ui.app import Hub

#: how long a stop waits for open pages before it closes them
SHUTDOWN_S = 2


class LateApp:
    """Flet's `main(page)`, made from ui/app.py the first time it is needed (by the warm-up, as a rule)."""

    def __init__(self, companion: CompanionPort, join_base: str):
        self.companion = companion
        self.join_base = join_base
        #: made now: the door checks codes and counts wrong ones before any page exists
        self.codes = JoinCodes()
        self.throttle = JoinThrottle()
        self.hub: Hub | None = None
        self._main: Callable[[ft.Page], None] | None = None
        self._lock = threading.Lock()

    def made(self) -> Callable[[ft.Page], None]:
        with self._lock:
            if self._main is None:
                from ui.app import Hub, build_app  # late on purpose: the module docstring says why

                self.hub = Hub(self.companion, self.join_base, self.codes, self.throttle)
                self._main = build_app(self.companion, self.hub)
            return self._main

    def __call__(self, page: ft.Page) -> None:
        self.made()(page)

    def warm_up(self) -> None:
        self.made()
        gc.freeze()  # what start-up loaded is never garbage: a full collection mid-scan then skips it (tens of ms less)

    def close(self) -> None:
        if self.hub is not None:
            self.hub.close()


def serve(companion: CompanionPort, port: int = 8550, lan: bool = False) -> None:
    """Serve the touchscreen UI until interrupted (blocking). Without `lan`, only this machine can
    open it (and the join URLs are loopback ones); with it, a phone needs a seat's join code (ui/guard.py).
    SIGTERM ends it within SHUTDOWN_S, even with a websocket that never says goodbye (systemd's stop)."""
    import uvicorn  # only a served table needs it: the tests' pages do not

    app = LateApp(companion, base_url(port, lan))
    root = web_root()  # Flet's client made to need no internet (ui/webroot.py)
    flet_app = ft.run(app, export_asgi_app=True, no_cdn=True, assets_dir=str(root))
    guarded = Guard(flet_app, valid=lambda code: app.codes.seat(companion.session, code) is not None,
                    throttle=app.throttle, origins=own_origins(port, lan))
    config = uvicorn.Config(guarded, host="0.0.0.0" if lan else "127.0.0.1", port=port, log_level="warning",
                            ws="websockets-sansio", timeout_graceful_shutdown=SHUTDOWN_S)
    try:
        _server_then(config, lambda: threading.Thread(target=app.warm_up, name="warm-up", daemon=True).start()).run()
    finally:
        app.close()
        shutil.rmtree(root, ignore_errors=True)


def _server_then(config: uvicorn.Config, listening: Callable[[], None]) -> uvicorn.Server:
    """A uvicorn server that calls `listening` as soon as its sockets are bound."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: list | None = None) -> None:  # type: ignore[type-arg]
            await super().startup(sockets)
            listening()

    return Server(config)

"""The attempt's odds and "what now?", worked out on a thread of their own.

The exact engine takes up to about a second here for the hardest attempts (three on a Pi 4); a
handler on the page's event loop would freeze every page meanwhile (Flet runs plain handlers on
that loop). So the screens ask `worked_out(app)`: the answer for the state on the table when it is
ready, else None — and a thread works it out, once per state, then redraws every page showing the game.

Nothing in Elder Sign is secret: the analyses are asked as the table, and every page shares them.
"""
from __future__ import annotations

import logging
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.contract import TABLE
from ui.screen import Pages, Screen

if TYPE_CHECKING:
    from companion.session import Session

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Worked:
    """The `odds` and `advice` analyses of one state (empty when they could not be worked out)."""

    odds: dict[str, Any] = field(default_factory=dict)
    plans: list[dict[str, Any]] = field(default_factory=list)
    failed: bool = False

    @property
    def percent(self) -> int | None:
        return (self.odds.get("attempt") or {}).get("percent")


#: guards the two tables below
_GUARD = threading.Lock()
#: per session: (the state, what was worked out for it)
_DONE: weakref.WeakKeyDictionary[Session, tuple[object, Worked]] = weakref.WeakKeyDictionary()
#: per session: the state a thread is working on
_WORKING: weakref.WeakKeyDictionary[Session, object] = weakref.WeakKeyDictionary()
_THREADS: list[threading.Thread] = []


def worked_out(app: Screen) -> Worked | None:
    """The odds and advice of the state on the table, or None while a thread works them out (every
    page showing the game is redrawn when they are ready)."""
    session = app.companion.session
    if session is None:
        return Worked()
    state = session.state
    with _GUARD:
        done = _DONE.get(session)
        if done is not None and done[0] is state:
            return done[1]
        if _WORKING.get(session) is state:
            return None
        _WORKING[session] = state
        thread = threading.Thread(target=_work, args=(app.hub, session, state), name="eldersign-odds", daemon=True)
        _THREADS[:] = [t for t in _THREADS if t.is_alive()] + [thread]
    thread.start()
    return None


def _work(hub: Pages, session: Session, state: object) -> None:
    analyses = session.game.analyses
    try:  # the analyses take turns with any other caller themselves (companion/games/eldersign/analysis.py)
        if session.state is not state:  # the table moved on before this began: its own thread will come
            worked = None
        else:
            worked = Worked(analyses["odds"](state, TABLE), analyses["advice"](state, TABLE))
    except Exception:
        log.exception("the odds could not be worked out")
        worked = Worked(failed=True)
    with _GUARD:
        # a thread that ends after the table moved on keeps nothing: it must not overwrite the answer
        # a later thread already gave for the state on the table (the page would then ask again)
        current = worked is not None and session.state is state
        if current and worked is not None:
            _DONE[session] = (state, worked)
        if _WORKING.get(session) is state:
            del _WORKING[session]
    if not current:
        return
    for app in hub.apps:
        if app.companion.session is session and app.screen == "game":
            app.post(_arrived, app)


def _arrived(app: Screen) -> None:
    """Draw the page again; a "What now?" dialog still waiting for these odds is drawn again too."""
    again = (getattr(app.dialog, "data", None) or {}).get("waiting") if app.dialog is not None else None
    if callable(again):
        app.show_dialog(again())
    app.render()


def settle(timeout: float = 60.0) -> None:
    """Wait until every computation has ended, those that others start meanwhile included (tests; a
    clean shutdown)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with _GUARD:
            threads = [thread for thread in _THREADS if thread.is_alive()]
        if not threads:
            return
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

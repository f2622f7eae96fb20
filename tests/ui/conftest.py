"""Python-level UI tests: the real shell and game screens on a page that renders nothing, wired to
the real composition root (entry.root.Companion) with every device simulated."""
import asyncio
import inspect
import threading

import pytest

flet = pytest.importorskip("flet", reason="the UI needs flet[web]==1.0.5 (pip install 'flet[web]==1.0.5')")


#: run_task's queue, one per thread and shared by every page: Flet runs all pages' tasks on one loop.
#: Kept on `threading`, as pytest imports this file under more than one module name (conftest, ui.conftest,
#: and tests.ui.conftest when a test module imports it): each would otherwise have a queue of its own.
TASKS = vars(threading).setdefault("_fake_page_tasks", threading.local())


class FakePage:
    """What App uses of a Flet page: controls, update, dialogs, route, run_task (run at once, here)."""

    def __init__(self, route: str = "/"):
        self.controls = []
        self.dialogs = []
        self.updates = 0
        self.route = route
        self.routes = []
        self.tasks = TASKS

    def update(self, *controls):
        self.updates += 1

    def show_dialog(self, dialog):
        dialog.open = True
        self.dialogs.append(dialog)

    def pop_dialog(self):
        if self.dialogs:
            dialog = self.dialogs.pop()
            dialog.open = False
            return dialog
        return None

    def navigate(self, route):
        self.route = route
        self.routes.append(route)

    def run_task(self, handler, *args, **kwargs):
        """At once, on the caller's thread; posted from inside a task (of any page), right after it
        (as Flet's loop runs it: asyncio.run cannot nest)."""
        assert inspect.iscoroutinefunction(handler)
        queue = self.tasks.__dict__.setdefault("queue", [])
        queue.append((handler, args, kwargs))
        if len(queue) > 1:
            return
        try:
            while queue:
                handler, args, kwargs = queue[0]
                asyncio.run(handler(*args, **kwargs))
                queue.pop(0)
        finally:
            queue.clear()

CHILDREN = ("content", "title", "controls", "actions", "options", "icon", "leading", "trailing", "label", "helper")


def walk(control):
    """Every control under `control` (content, controls, actions, title…), depth first."""
    seen = set()
    stack = [control]
    while stack:
        c = stack.pop()
        if c is None or id(c) in seen:
            continue
        seen.add(id(c))
        yield c
        for name in CHILDREN:
            value = getattr(c, name, None)
            if isinstance(value, list):
                stack.extend(reversed([v for v in value if isinstance(v, flet.BaseControl)]))
            elif isinstance(value, flet.BaseControl):
                stack.append(value)


def texts(control) -> list[str]:
    """Every string a player could read (or a screen reader say) under `control`."""
    found = []
    for c in walk(control):
        for name in ("value", "label", "text", "tooltip", "helper", "hint_text"):
            value = getattr(c, name, None)
            if isinstance(value, str) and value and not (isinstance(c, flet.Dropdown) and name == "value"):
                found.append(value)
    return found


def shown(app) -> str:
    parts = texts(app.root)
    for dialog in app.page.dialogs:
        parts += texts(dialog)
    return "\n".join(parts)


def label_of(b):
    """What a button says: its text (a tab's is under its icon), else its tooltip."""
    content = getattr(b, "content", None)
    if isinstance(content, str):
        return content
    words = [c.value for c in walk(content) if isinstance(c, flet.Text) and c.value] if content is not None else []
    if words:
        return " ".join(words)
    return getattr(b, "tooltip", None) or (b.data if isinstance(b.data, str) else None)  # an icon alone is named by its data


def buttons(control) -> list:
    return [c for c in walk(control) if isinstance(c, (flet.Button, flet.IconButton))]


def find_button(control, label: str):
    """The button whose text is `label` (exactly, else the only one containing it)."""
    found = buttons(control)
    exact = [b for b in found if label_of(b) == label]
    if exact:
        return exact[0]
    partial = [b for b in found if label_of(b) and label in label_of(b)]
    assert len(partial) == 1, f"{label!r}: {[label_of(b) for b in found]}"
    return partial[0]


def click(control, label: str):
    button = find_button(control, label)
    assert not button.disabled, f"{label} is disabled"
    button.on_click(None)


# The whole deal is given, so no test depends on what a seed draws.
BIGBANG_START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "2718",
                 "solution": ["B", "C", "D", "E", "F", "G", "A"], "board": ["A", "B", "C", "D", "E", "F", "G"],
                 "hands": {"Ann": ["sheldon", "leonard", "howard"], "Bob": ["howard", "raj", "penny"], "Cy": ["leonard", "leonard", "leonard"]},
                 "locations": ["whiteboard", "stuart", "wil-wheaton-home", "mrs-wolowitz", "comic-book", "lantern"]}
START = BIGBANG_START
COUNTER_START = {"cmd": "start", "players": ["Ann", "Bob"]}


@pytest.fixture
def companion(tmp_path, monkeypatch):
    """The real composition root, every device simulated; the counter test game registered too."""
    monkeypatch.setenv("COMPANION_GAMES", "tests.games.counter")
    from entry.root import Companion

    c = Companion(tmp_path / "games.db", seed=4)
    yield c
    c.close()


@pytest.fixture
def hub(companion):
    from ui.app import Hub

    h = Hub(companion)
    yield h
    h.close()


def open_page(companion, hub, route: str = "/"):
    """A page as Flet's main() opens it: registered with the hub, following its route."""
    from ui.app import App

    page = FakePage(route)
    app = App(page, companion, hub)
    hub.add(app)
    app.opened(route)
    return app


@pytest.fixture
def app(companion, hub):
    return open_page(companion, hub)


@pytest.fixture
def started(app):
    outcome = app.companion.start("bigbang", BIGBANG_START)
    assert outcome.kind == "applied", outcome.message
    app.go("game", "table")
    return app


@pytest.fixture
def counter(app):
    """The counter test game on the table, the table page showing it."""
    outcome = app.companion.start("counter", COUNTER_START)
    assert outcome.kind == "applied", outcome.message
    app.go("game")
    return app


def seat_page(companion, hub, seat: str):
    """A phone that opened the seat's join URL."""
    code = hub.codes.codes(companion.session)[seat]
    return open_page(companion, hub, f"/join/{code}")

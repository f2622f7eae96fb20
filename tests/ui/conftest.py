"""Python-level UI tests: the real views and handlers on a page that renders nothing."""
import asyncio
import inspect

import pytest

flet = pytest.importorskip("flet", reason="the UI needs flet[web]==1.0.5 (pip install 'flet[web]==1.0.5')")


class FakePage:
    """What App uses of a Flet page: controls, update, dialogs, run_task (run at once, here)."""

    def __init__(self):
        self.controls = []
        self.dialogs = []
        self.updates = 0

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

    def run_task(self, handler, *args, **kwargs):
        assert inspect.iscoroutinefunction(handler)
        asyncio.run(handler(*args, **kwargs))


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
        for name in ("content", "title", "controls", "actions", "options", "icon", "leading", "trailing"):
            value = getattr(c, name, None)
            if isinstance(value, list):
                stack.extend(reversed([v for v in value if isinstance(v, flet.BaseControl)]))
            elif isinstance(value, flet.BaseControl):
                stack.append(value)


def texts(control) -> list[str]:
    found = []
    for c in walk(control):
        if isinstance(c, flet.Text) and c.value:
            found.append(c.value)
        elif isinstance(c, (flet.TextField,)) and c.label:
            found.append(str(c.label))
        elif isinstance(c, flet.Semantics) and c.label:
            found.append(c.label)
    return found


def find_button(control, label: str):
    """The button whose text is `label` (exactly, else the only one containing it)."""
    buttons = [c for c in walk(control) if isinstance(c, (flet.Button, flet.IconButton))]
    def label_of(b):
        content = getattr(b, "content", None)
        return content.value if isinstance(content, flet.Text) else (content if isinstance(content, str) else getattr(b, "tooltip", None))
    exact = [b for b in buttons if label_of(b) == label]
    if exact:
        return exact[0]
    partial = [b for b in buttons if label_of(b) and label in label_of(b)]
    assert len(partial) == 1, f"{label!r}: {[label_of(b) for b in buttons]}"
    return partial[0]


def click(control, label: str):
    button = find_button(control, label)
    assert not button.disabled, f"{label} is disabled"
    button.on_click(None)


START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "2718",
         "solution": ["B", "C", "D", "E", "F", "G", "A"], "board": ["A", "B", "C", "D", "E", "F", "G"]}


@pytest.fixture
def companion(tmp_path):
    from ui.app import Companion

    c = Companion(tmp_path / "games.db", seed=4)
    yield c
    c.close()


@pytest.fixture
def app(companion):
    from ui.app import App

    page = FakePage()
    a = App(page, companion)
    companion.hub.add(a)
    a.render()
    return a


@pytest.fixture
def started(app):
    outcome = app.companion.start(START)
    assert outcome.kind == "applied", outcome.message
    app.go("game", "table")
    return app

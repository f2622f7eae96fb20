"""Drawing a screen afresh without sending it afresh.

`App.render` builds a whole new control tree on every change. Flet 1.0 sends a new tree whole,
and Chromium then lays out and paints every control again (~100-140 ms for a screen on this
machine); matched against the tree on the page, only what changed travels (~20-40 ms). Flet
matches two trees when their roots carry the same `key` — its declarative mode — and then marks
the new tree frozen: read-only, and without the snapshots its ordinary (imperative) updates diff
against. Our screens still change a field in place here and there (a keypad's digits, the ring
preview, the setup's name chips), so after such a drawing `thaw` hands the tree back to the
imperative mode: what Flet's own serializer would have left on it had the tree been sent whole.
It runs once the patch is on its way (the event loop sends it only after the drawing returns), or
sooner: `settle()` comes first in every handler (`safe`) and every task a page runs (`App.post`).

Written against flet 1.0.5 (pinned in pyproject.toml); tests/e2e/test_redraw_browser.py checks it still holds.
"""
from __future__ import annotations

import asyncio
import dataclasses
import functools
from typing import TYPE_CHECKING, Any

import flet as ft

if TYPE_CHECKING:
    from ui.ports import PagePort

#: the key of every screen's root control
SCREEN_KEY = "screen"


#: trees drawn and not yet thawed (all on the one event loop that serves every page)
_waiting: list[Any] = []


def redraw(page: PagePort, root: ft.Control) -> None:
    """Put `root` on `page` in place of the screen there, sending only what differs."""
    root.key = SCREEN_KEY
    page.controls.clear()
    page.controls.append(root)
    page.update()
    _waiting.append(root)
    try:
        asyncio.get_running_loop().call_soon(settle)  # after the sender task, already woken by the patch
    except RuntimeError:  # no loop running (a test's page): now
        settle()


def settle() -> None:
    """Thaw every tree drawn since the last call: before anything changes a control in place."""
    while _waiting:
        thaw(_waiting.pop())


def thaw(root: Any) -> None:
    """Make every control under `root` updatable in place again, as if it had been sent whole."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if hasattr(obj, "_frozen"):
            del obj._frozen
        lists: dict[str, list[Any]] = {}
        dicts: dict[str, dict[Any, Any]] = {}
        classes: dict[str, Any] = {}
        sent = _fields_of(obj)
        for name, value in _stored(obj):
            if name not in sent:
                continue
            if isinstance(value, list):
                lists[name] = value[:]
                stack.extend(item for item in value if _is_instance(item))
            elif isinstance(value, dict):
                dicts[name] = value.copy()
                stack.extend(item for item in value.values() if _is_instance(item))
            elif _is_instance(value):
                classes[name] = value
                stack.append(value)
        setattr(obj, "__prev_lists", lists)
        setattr(obj, "__prev_dicts", dicts)
        setattr(obj, "__prev_classes", classes)


def _stored(obj: Any) -> list[tuple[str, Any]]:
    """A dataclass's field values as stored: plain fields in its __dict__, Flet's managed properties
    in its `_values` (reading them one by one through their descriptors costs 10x more)."""
    stored = getattr(obj, "__dict__", None)
    if stored is None:  # a slotted dataclass
        return [(name, getattr(obj, name, None)) for name in _fields_of(obj)]
    managed = stored.get("_values")
    return [*stored.items(), *(managed.items() if isinstance(managed, dict) else ())]


@functools.cache
def _fields(cls: type) -> frozenset[str]:
    """The fields Flet's serializer sends of a dataclass type."""
    return frozenset(field.name for field in dataclasses.fields(cls) if "skip" not in field.metadata)


def _fields_of(obj: object) -> frozenset[str]:
    # a class is hashable, but mypy reads `type[X]` as X's unbound __hash__: as a plain `type` it passes
    kind: type = type(obj)
    return _fields(kind)


def _is_instance(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)

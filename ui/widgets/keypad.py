"""On-screen keys for a kiosk that has no keyboard: digits for a PIN (the game-master lock, the setup),
letters for a player's name or a typed rune solution. Every key is a finger target (48 px at least)."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion import i18n
from ui.widgets.common import BUTTON_HEIGHT, button

BACKSPACE, ENTER, SPACE = "⌫", "✓", "␣"
#: the PIN keypad, as a phone lays it out
DIGITS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", BACKSPACE, "0", ENTER)
#: the PIN keypad three rows high (four keys to a row), so it shows whole under a banner and a long prompt
DIGITS_LOW = ("1", "2", "3", BACKSPACE, "4", "5", "6", "0", "7", "8", "9", ENTER)
#: keyboard rows per script; a language's table names its players in its own letters
LATIN_ROWS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
CYRILLIC_ROWS = ("ЙЦУКЕНГШЩЗХ", "ФЫВАПРОЛДЖЭ", "ЯЧСМИТЬБЮЁ")
#: letters a language adds to the Latin rows
EXTRA = {"de": "ÄÖÜ", "nl": "Ë", "it": "ÈÉ"}


def keypad(keys: Sequence[str], on_key: Callable[[str], None], columns: int = 3, width: int = 64, size: int = 20,
           height: int = BUTTON_HEIGHT) -> ft.Column:
    """`keys` as a grid of big buttons, `columns` to a row; a tap calls `on_key(key)`."""
    rows = [keys[i:i + columns] for i in range(0, len(keys), columns)]
    return ft.Column([ft.Row([_key(k, on_key, width, size, height) for k in row], spacing=4) for row in rows], spacing=4, tight=True)


def keyboard(on_key: Callable[[str], None], width: int = 48, size: int = 18) -> ft.Column:
    """Letters in the table's script, then space and backspace: enough to type a name."""
    rows = CYRILLIC_ROWS if i18n.language() == "ru" else (*LATIN_ROWS[:2], LATIN_ROWS[2] + EXTRA.get(i18n.language(), ""))
    lines: list[ft.Control] = [ft.Row([_key(k, on_key, width, size) for k in row], spacing=4) for row in rows]
    lines.append(ft.Row([_key("-", on_key, width, size), _key(SPACE, on_key, width * 4, size), _key(BACKSPACE, on_key, width * 2, size)],
                        spacing=4))
    return ft.Column(lines, spacing=4, tight=True)


def typed(current: str, key: str, limit: int | None = None, capitalise: bool = False) -> str:
    """`current` after a key: backspace takes the last character off; with `capitalise`, a letter is upper
    case at the start of a word and lower case after (a name tapped in capitals reads "Ann Lee")."""
    if key == BACKSPACE:
        return current[:-1]
    if key == ENTER:
        return current
    key = " " if key == SPACE else key
    if capitalise:
        key = key.upper() if not current or current[-1] in " -" else key.lower()
    if limit is not None and len(current) >= limit:
        return current
    return current + key


def _key(label: str, on_key: Callable[[str], None], width: int, size: int, height: int = BUTTON_HEIGHT) -> ft.Control:
    return button(label, lambda e: on_key(label), width=width, size=size, max_lines=1, data=label, height=height)


class TypingTarget:
    """Which of several text fields the on-screen keys type into: the one last tapped, else the first
    empty one (so names can be tapped in one after the other without aiming at each field)."""

    def __init__(self, fields: Callable[[], Sequence[ft.TextField]], on_change: Callable[[], None],
                 on_focus: Callable[[], None] | None = None, capitalise: bool = False):
        self._fields = fields
        self._on_change = on_change
        self._on_focus = on_focus
        self._capitalise = capitalise
        self.field: ft.TextField | None = None

    def current(self) -> ft.TextField | None:
        fields = list(self._fields())
        if self.field in fields:
            return self.field
        return next((f for f in fields if not (f.value or "").strip()), fields[-1] if fields else None)

    def focus(self, field: ft.TextField) -> None:
        """`field` was tapped: the keys type into it from now on."""
        self.field = field
        if self._on_focus is not None:
            self._on_focus()

    def key(self, key: str) -> None:
        field = self.current()
        if field is None:
            return
        field.value = typed(field.value or "", key, capitalise=self._capitalise)
        self.field = field
        self._on_change()

    def put(self, value: str) -> None:
        """`value` (a name tapped from a list) into the next empty field — the current one if it is empty,
        never over a name already typed — then on to the next empty one. With no empty field, nothing changes."""
        fields = list(self._fields())
        current = self.current()
        field = current if current is not None and not (current.value or "").strip() else \
            next((f for f in fields if not (f.value or "").strip()), None)
        if field is None:
            return
        field.value = value
        self.field = next((f for f in fields if not (f.value or "").strip()), None)
        self._on_change()

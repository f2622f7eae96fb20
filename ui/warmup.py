"""What the first page would otherwise wait for, done while the browser loads Flet's client.

Flet 1.0 imports each control's module on its first use (`ft.Theme`, `ft.Card`, … through the
package's lazy `__getattr__`): about 90 modules, a quarter of a second of CPU on this machine, paid by
the first page that draws them — after its websocket opened, in front of the first frame. The browser
spends over a second fetching and compiling the client (12 MB of wasm) before it opens that websocket;
`warm_up()` imports them meanwhile (in ui/server.py's warm-up thread), so the first page only draws.
"""
from __future__ import annotations

import logging
import re
from pathlib import Path

import flet as ft

log = logging.getLogger(__name__)

UI = Path(__file__).resolve().parent
#: `ft.Name` as the screens write it: the Flet names the UI draws with
_FLET_NAME = re.compile(r"\bft\.([A-Z][A-Za-z0-9]+)")


def flet_names(folder: Path = UI) -> set[str]:
    """Every `ft.<Name>` the screens in `folder` use (read from their source: nothing to keep in step)."""
    return {name for path in folder.rglob("*.py") for name in _FLET_NAME.findall(path.read_text(encoding="utf-8"))}


def warm_up() -> None:
    """Import the module behind every Flet name the screens use."""
    for name in sorted(flet_names()):
        try:
            getattr(ft, name)
        except Exception:  # a name this Flet lacks fails where it is drawn, with its own message
            log.debug("ft.%s is not in this Flet", name)

"""The files the browser loads, made to need no internet at all (a Pi at a table may have none).

Flet's web client, even served with `no_cdn`, still asks the internet for two things:

- Rive's runtime (`rive_native.js`, then its wasm) from cdn.jsdelivr.net: Flet's client starts its Rive
  extension at load, though the companion shows no Rive animation;
- a Noto fallback font (Noto Sans Symbols…) for any character that no loaded font draws — the symbols
  of the first frames (✓ ⌫ ● →) were drawn before `page.fonts` had loaded DejaVu Sans, and the
  fallback's URL (`assets/fonts/…` under no_cdn) answers 404.

`web_root()` makes the directory Flet serves as `assets_dir`. Flet looks there before its own packaged
client, and takes `index.html` and `assets/FontManifest.json` from there when they exist. It holds:

- everything in ui/assets/ (the fonts; `offline/`);
- Flet's `index.html` with `boot/preload.js` added, which asks for Flutter's wasm client and the fonts
  as the page opens (Flutter's bootstrap would ask for them only after its own scripts ran), and
  `offline/offline.js`, which sends the Rive script request to
  `offline/rive_native.js`, a local stand-in that never finishes starting (which is what Rive does
  offline anyway, less the failed request), and `offline/reconnect.js`, which loads a page afresh
  as soon as a restarted companion answers (Flutter's own retries grow to many seconds);
- Flet's `assets/FontManifest.json` with DejaVu Sans added (regular and bold), so Flutter loads the
  font before its first frame: every character is drawn with it from the start, none falls back; and
  without the fonts no screen uses (KaTeX's twenty faces, the Cupertino icons), which every page
  would otherwise fetch and load before its first frame.

tests/e2e/test_layout_browser.py walks a whole game and fails on any request to a host other than
127.0.0.1 and on any 404.
"""
from __future__ import annotations

import json
import logging
import shutil
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent / "assets"
FAMILY = "DejaVu Sans"
#: the bundled faces of FAMILY, file name -> weight
FACES = {"DejaVuSans.ttf": 400, "DejaVuSans-Bold.ttf": 700}
OFFLINE_SCRIPT = '<script src="offline/offline.js"></script>'
#: a phone's page loaded afresh after the companion restarted (ui/assets/offline/reconnect.js)
RECONNECT_SCRIPT = '<script src="offline/reconnect.js"></script>'
#: Flutter's client and fonts asked for at once, not after its bootstrap has run (ui/assets/boot/preload.js)
PRELOAD_SCRIPT = '<script src="boot/preload.js"></script>'


def flet_web_dir() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def web_root(assets: Path = ASSETS, flet_web: Path | None = None) -> Path:
    """A fresh directory to pass to Flet as `assets_dir` (the caller removes it when the server stops)."""
    flet_web = flet_web or flet_web_dir()
    root = Path(tempfile.mkdtemp(prefix="companion-web-"))
    shutil.copytree(assets, root, dirs_exist_ok=True)
    (root / "index.html").write_text(with_our_scripts((flet_web / "index.html").read_text(encoding="utf-8")), encoding="utf-8")
    fonts = root / "assets" / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    for name in FACES:  # with their times kept: the browser's cached copy stays valid from one start to the next
        shutil.copy2(assets / "fonts" / name, fonts / name)
    manifest = json.loads((flet_web / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    (root / "assets" / "FontManifest.json").write_text(json.dumps(with_bundled_font(manifest), indent=1), encoding="utf-8")
    return root


def with_our_scripts(index: str) -> str:
    """Flet's index.html, with our scripts (preload.js, offline.js, reconnect.js) loaded at the end of
    <head>: after <base href> (their URLs are relative to it), before Flutter's bootstrap script in <body>."""
    if OFFLINE_SCRIPT in index:
        return index
    if "</head>" not in index:
        log.warning("Flet's index.html has no </head>: the page may still fetch Rive from its CDN")
        return index
    return index.replace("</head>", f"  {PRELOAD_SCRIPT}\n  {OFFLINE_SCRIPT}\n  {RECONNECT_SCRIPT}\n</head>", 1)


#: the font families of Flet's manifest the companion draws with (KaTeX's twenty faces for math and the
#: Cupertino icons are never used; each page would fetch and parse them all before its first frame)
KEPT_FAMILIES = ("MaterialIcons",)


def with_bundled_font(manifest: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flutter's font manifest with DejaVu Sans in it (asset paths are relative to /assets/), and
    without the families the companion never draws with. (Flet adds Roboto, its fallback, itself.)"""
    kept = [entry for entry in manifest if entry.get("family") in KEPT_FAMILIES]
    faces = [{"asset": f"fonts/{name}", **({"weight": weight} if weight != 400 else {})} for name, weight in FACES.items()]
    return [*kept, {"family": FAMILY, "fonts": faces}]

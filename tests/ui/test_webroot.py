"""The web root made at each start (ui/webroot.py): what the browser cached at one start stays valid at the next."""
import os
import shutil

from ui.webroot import ASSETS, FACES, web_root


def test_the_fonts_keep_their_times_so_a_restart_is_served_from_the_browsers_cache():
    """The server's ETag and Last-Modified come from a file's time: a font copied with a new time each
    start would be fetched again (1.5 MB) by the kiosk's Chromium at every start."""
    first, second = web_root(), web_root()
    try:
        for name in FACES:
            times = {os.stat(root / "assets" / "fonts" / name).st_mtime_ns for root in (first, second)}
            assert times == {os.stat(ASSETS / "fonts" / name).st_mtime_ns}
    finally:
        shutil.rmtree(first)
        shutil.rmtree(second)

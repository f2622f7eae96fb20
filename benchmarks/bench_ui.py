"""UI figures, in Debian's Chromium against the real server (skipped when chromium/playwright are missing):

- start: server process start → first HTTP answer → first frame in Chromium: the table's page drawn (its
  accessibility tree filled), in a fresh browser context (nothing cached: a first start after install), and in
  the kiosk (deploy/kiosk.sh: its own profile keeps Flet's client and its compiled code from the start before,
  warmed by one start not counted), Chromium started alongside the server on its own first page
  (deploy/starting.html, a boot) or still open (the companion alone restarted)
- scan: a tap on the simulator's card tray (a simulated scan) → what it does in the accessibility tree, p50/p99,
  timed inside the page (the click, then a MutationObserver on the tree: the server pushes, nothing polls the page).
  A known card — a card dealt in the real deal: the step on the screen (undone between scans) — and an unknown
  tag: the dialog that enrols it, its first card there to pick. The simulated reader polls at every reader's default interval, the
  RC522's too (DEFAULT_POLL_INTERVAL, hardware/readers/__init__.py), so the figure holds the wait for the
  next poll that a real card on a real reader has; `--poll` sets another.
- redraw: a tap on a tab → that tab's page in the tree: what drawing the screen afresh costs, with no reader
  (server build + websocket + Flutter's frame) — the floor under the scan figure.
- memory: server RSS with two browser pages open on a game of N steps (played into the save file first,
  then resumed by the server, then a few more steps tapped in the browser)
- server CPU per tap and per scan (issue 23 §4: what a Pi's slower core will pay): the server process's user +
  system time over each timed action and the quiet moment after it (AT_REST_MS, when the server has finished
  the patch), divided by the actions; the simulated reader's polling is in it, as it is on a Pi
- start: the server runs with its bytecode cached, as an installed companion starts (benchmarks/processes.py)

`python benchmarks/bench_ui.py [--scans N] [--steps N] [--poll SECONDS]`
"""
from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def play_steps(db: Path, steps: int, seed: int = 7) -> int:
    """Play `steps` random legal steps (the companion draws) into the save file; returns the count."""
    from companion.cards import CardCatalogue
    from companion.registry import get_game
    from companion.session import Session
    from companion.store import EventStore
    from companion.table import Table

    rng = random.Random(seed)
    store = EventStore(db)
    played = 0
    while played < steps:
        session = Session.new(get_game("bigbang"), store, rng.randrange(2**31))
        table = Table(session, CardCatalogue(store.path))
        table.command({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "2718",
                       "settings": {"table": {"cards_from": "companion"}}})
        played += 1
        while played < steps:
            options = table.options()
            if not options:
                break
            option = rng.choice(options)
            request = {**option.command, **{a.arg: rng.choice(a.choices).value for a in option.asks}}
            if table.command(request).kind == "applied":
                played += 1
    store.close()
    return played


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


#: In the page: click the button labelled (or keyed, ui/widgets/common.py's keyed()) [0] the way a screen reader does (no pointer, no waiting for the
#: page to be still) and resolve with the ms until the accessibility tree's text first matches every regular expression in [1].
TAP_UNTIL = """([label, want]) => new Promise((resolve, reject) => {
  const tree = document.querySelector('flt-semantics-host');
  const node = [...tree.querySelectorAll('flt-semantics')].find(n =>
    n.getAttribute('flt-semantics-identifier') === label || (n.getAttribute('aria-label') || n.innerText || '').trim() === label);
  const start = performance.now();
  const wanted = want.map(w => new RegExp(w));
  const seen = new MutationObserver(() => {
    const text = tree.innerText;
    if (wanted.every(w => w.test(text))) { seen.disconnect(); resolve(performance.now() - start); }
  });
  seen.observe(tree, {subtree: true, childList: true, characterData: true, attributes: true});
  // never hang: after 20 s say what the screen shows instead
  setTimeout(() => { seen.disconnect(); reject(new Error('not shown after 20 s: ' + want + ' in: ' + tree.innerText)); }, 20000);
  (node.querySelector('[flt-tappable]') || node).click();
})"""


#: every scan and tap is timed on a screen at rest: the ripple of the tap before (Flutter draws it for
#: ~0.3 s, and on this machine's two cores it competes with the server) is over
AT_REST_MS = 500
#: the cards on the simulator's tray in `known_card_scans` (their tray labels)
DEALT = {"penny": "Penny", "howard": "Howard", "raj": "Raj"}


def known_card_scans(browser: Any, tmp: Path, hardware: Path, scans: int) -> list[float]:
    """Seconds from a tap on a known card in the tray to its step on the screen: the real deal of a
    game in the save file, Ann's first card scanned, then undone on the screen, `scans` times."""
    from companion.cards import CardCatalogue
    from tests.e2e.browser import Server, host, open_page, save_game, wait_text

    db = save_game(tmp / "deal.db", {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "2718",
                                     "settings": {"table": {"cards_from": "table"}}})
    catalogue = CardCatalogue(db)
    for n, card in enumerate(DEALT):
        catalogue.enrol(f"0a0b0c{n:02x}", "bigbang", card)
    catalogue.close()
    server = Server(db, resume=True, hardware=hardware)
    try:
        page = open_page(browser, server.url)
        wait_text(page, "Deal Ann 3 more cards")
        host(page).get_by_role("button", name="Simulator").click()
        wait_text(page, "Card tray")
        times = []
        for n in range(scans):
            times.append(page.evaluate(TAP_UNTIL, [list(DEALT.values())[n % len(DEALT)], ["Deal Ann 2 more cards"]]) / 1000)
            host(page).get_by_role("button", name="UNDO", exact=True).click()
            wait_text(page, "Deal Ann 3 more cards", absent="Deal Ann 2 more cards")
            page.wait_for_timeout(AT_REST_MS)
        page.close()
        return times
    finally:
        server.stop()


def first_frame_of(open_at: Callable[[str], Any], db: Path, hardware: Path, port: int | None = None) -> tuple[float, float]:
    """Seconds from the server process's start (on `port`, else a free one) to its first HTTP answer, and to the
    first frame in the page `open_at(url)` opens: in a fresh context (nothing cached), or in the kiosk's open
    Chromium when the companion alone restarted (the page loaded afresh)."""
    from tests.e2e.browser import Server

    started = time.perf_counter()
    server = Server(db, hardware=hardware, port=port)
    served = time.perf_counter() - started
    try:
        page = open_at(server.url)
        first_frame = time.perf_counter() - started
        page.close()
    finally:
        server.stop()
    return served, first_frame


def kiosk_boot(playwright: Any, profile: Path, db: Path, hardware: Path, port: int) -> float:
    """Seconds from the start of the server process to the first frame in the kiosk, at boot as
    deploy/kiosk.sh does it: Chromium started at the same moment, on its own first page (deploy/starting.html)
    until the companion answers, with its own profile kept from the start before (what it cached then:
    Flet's client, its compiled code), on the same address (its cache is kept per address)."""
    from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS, ROOT, WATCH_CHANGES, Server, enable_semantics

    url = f"http://127.0.0.1:{port}"
    servers: list[Server] = []
    started = time.perf_counter()
    starting = threading.Thread(target=lambda: servers.append(Server(db, hardware=hardware, port=port)))  # it blocks until it answers
    starting.start()
    try:
        kiosk = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                              headless=True, viewport={"width": 800, "height": 480})
        try:
            page = kiosk.new_page()
            page.add_init_script(WATCH_CHANGES)
            page.goto(f"{(ROOT / 'deploy' / 'starting.html').as_uri()}?url={url}")
            page.wait_for_url(f"{url}/", timeout=60_000)
            enable_semantics(page)
            return time.perf_counter() - started
        finally:
            kiosk.close()
    finally:
        starting.join()
        for server in servers:
            server.stop()


#: the issue's targets, by the start of a row's name
TARGETS = {"start → first frame": "< 2,500 ms", "known card → its step on the screen, p99": "≤ 150 ms",
           "unknown tag → its enrol dialog, p99": "≤ 150 ms", "tap on a tab → its page visible (a redraw), p50": "≤ 100 ms",
           "tap on a tab → its page visible (a redraw), p99": "≤ 200 ms"}


def target(row: str) -> str:
    return next((t for start, t in TARGETS.items() if row.startswith(start)), "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scans", type=int, default=100, help="simulated scans to time (of each kind)")
    parser.add_argument("--steps", type=int, default=200, help="steps of the game behind the memory figure")
    parser.add_argument("--starts", type=int, default=5, help="server starts timed to the first frame (their median is shown)")
    parser.add_argument("--poll", type=float, default=None, help="the reader's poll interval, s (default: every reader's, the RC522's too)")
    args = parser.parse_args(argv)
    from hardware.readers import DEFAULT_POLL_INTERVAL

    poll = args.poll if args.poll is not None else DEFAULT_POLL_INTERVAL

    from benchmarks.processes import compile_bytecode, cpu_seconds
    from companion.cards import match_cards
    from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS, HAVE_PLAYWRIGHT, Server, free_port, host, name_players, open_in, open_page, wait_text

    if CHROMIUM is None or not HAVE_PLAYWRIGHT:
        print("ui: skipped (needs Debian's chromium and python playwright)")
        return
    from playwright.sync_api import sync_playwright

    compile_bytecode()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the server (a child of this process) reads the cached bytecode
    rows = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            # -- start to first page (a median of --starts), and scans
            hardware = Path(tmp) / "hardware.toml"
            hardware.write_text(f'[reader]\nkind = "simulated"\n[reader.options]\npoll_interval = {poll}\n')
            starts = [first_frame_of(lambda url: open_page(browser, url), Path(tmp) / f"start{n}.db", hardware) for n in range(args.starts)]
            rows.append((f"start → first HTTP answer, median of {len(starts)}", f"{statistics.median(s for s, _ in starts) * 1000:.0f} ms"))
            rows.append((f"start → first frame in Chromium, fresh context, median of {len(starts)}",
                         f"{statistics.median(f for _, f in starts) * 1000:.0f} ms"))
            profile, port = Path(tmp) / "kiosk-profile", free_port()  # the kiosk's one address: its cache is kept per address
            kiosk_boot(p, profile, Path(tmp) / "kiosk-warm.db", hardware, port)  # the kiosk's earlier start: not counted
            booted = [kiosk_boot(p, profile, Path(tmp) / f"kiosk{n}.db", hardware, port) for n in range(args.starts)]
            rows.append((f"start → first frame in the kiosk at boot (Chromium started alongside), median of {len(booted)}",
                         f"{statistics.median(booted) * 1000:.0f} ms"))
            running = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                                                           viewport={"width": 800, "height": 480})
            try:
                restarted = [first_frame_of(lambda url: open_in(running, url), Path(tmp) / f"again{n}.db", hardware, port)[1]
                             for n in range(args.starts)]
            finally:
                running.close()
            rows.append((f"start → first frame in the kiosk, Chromium open (the companion restarted), median of {len(restarted)}",
                         f"{statistics.median(restarted) * 1000:.0f} ms"))
            server = Server(Path(tmp) / "scan.db", hardware=hardware)
            try:
                page = open_page(browser, server.url)
                h = host(page)
                h.get_by_role("button", name="New Big Bang moon game").click()
                name_players(page, ["Ann", "Bob", "Cy"])
                h.get_by_role("button", name="Start the game").click()
                h.get_by_role("button", name="Simulator").click()
                tags = ["04a1b2c3d4e5f6", "04c0ffee123456", "deadbeef"]
                first = match_cards("bigbang", "")[0]  # the dialog's first card: it is there to be picked
                first_row = rf"{re.escape(first.name)}\s+·\s+{re.escape(first.id)}"
                times, scan_cpu = [], []
                for n in range(args.scans):
                    uid = tags[n % len(tags)]
                    h.get_by_role("button", name=f"Unknown tag {uid}").wait_for()
                    cpu = cpu_seconds(server.process.pid)
                    times.append(page.evaluate(TAP_UNTIL, [f"Unknown tag {uid}", [f"Unknown card {uid}", first_row]]) / 1000)
                    page.wait_for_timeout(AT_REST_MS)
                    scan_cpu.append(cpu_seconds(server.process.pid) - cpu)
                    h.get_by_role("button", name="Not now").click()
                    page.wait_for_function(
                        "uid => !document.querySelector('flt-semantics-host').innerText.includes('Unknown card ' + uid)",
                        arg=uid, timeout=10_000)
                    page.wait_for_timeout(AT_REST_MS)
                redraws, tap_cpu = [], []
                for n in range(args.scans):  # the same page drawn afresh, no reader in the way: what a redraw costs
                    tab, shows = ("tab:table", "Pile: ") if n % 2 == 0 else ("tab:sim", "Card tray")
                    page.wait_for_selector(f'flt-semantics-host [flt-semantics-identifier="{tab}"]', state="attached")
                    cpu = cpu_seconds(server.process.pid)
                    redraws.append(page.evaluate(TAP_UNTIL, [tab, [shows]]) / 1000)
                    wait_text(page, shows)
                    page.wait_for_timeout(AT_REST_MS)
                    tap_cpu.append(cpu_seconds(server.process.pid) - cpu)
                if times:
                    rows.append((f"unknown tag → its enrol dialog, p50 ({len(times)} scans, reader polled every {poll * 1000:.0f} ms)",
                                 f"{statistics.median(times) * 1000:.0f} ms"))
                    rows.append(("unknown tag → its enrol dialog, p99", f"{pct(times, 0.99) * 1000:.0f} ms"))
                    rows.append(("tap on a tab → its page visible (a redraw), p50", f"{statistics.median(redraws) * 1000:.0f} ms"))
                    rows.append(("tap on a tab → its page visible (a redraw), p99", f"{pct(redraws, 0.99) * 1000:.0f} ms"))
                    rows.append(("server CPU per scan (unknown tag → its dialog), median / p99",
                                 f"{statistics.median(scan_cpu) * 1000:.0f} / {pct(scan_cpu, 0.99) * 1000:.0f} ms"))
                    rows.append(("server CPU per tap (a tab drawn afresh), median / p99",
                                 f"{statistics.median(tap_cpu) * 1000:.0f} / {pct(tap_cpu, 0.99) * 1000:.0f} ms"))
                page.close()
            finally:
                server.stop()

            # -- a known card scanned mid-game: the step on the screen
            dealt = known_card_scans(browser, Path(tmp), hardware, args.scans)
            rows.insert(4, (f"known card → its step on the screen, p50 ({len(dealt)} scans, reader polled every {poll * 1000:.0f} ms)",
                            f"{statistics.median(dealt) * 1000:.0f} ms"))
            rows.insert(5, ("known card → its step on the screen, p99", f"{pct(dealt, 0.99) * 1000:.0f} ms"))

            # -- memory after a long game, two pages
            db = Path(tmp) / "long.db"
            steps = play_steps(db, args.steps)
            server = Server(db, resume=True)
            try:
                pages = [open_page(browser, server.url) for _ in range(2)]
                for _ in range(3):  # a few changes through the screen, redrawn on both pages
                    host(pages[0]).get_by_role("button", name="UNDO", exact=True).click()
                    pages[0].wait_for_timeout(200)
                rows.append((f"server RSS, 2 pages, game of {steps} steps", f"{rss_mb(server.process.pid):.0f} MB"))
                for pg in pages:
                    pg.close()
            finally:
                server.stop()
        finally:
            browser.close()
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value:>12}  {target(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])

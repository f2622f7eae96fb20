"""The `companion` command: every sub-command, wiring the core to `hardware/` and `ui/` through the
composition root (entry/root.py) — always by imports inside the sub-command that needs them, so
`companion headless` never loads the UI, and a game's tool (`companion odds <game>`) loads neither a
session nor any game's rules (building the command line reads only the games' listings)."""
from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
import time
from typing import TYPE_CHECKING

from companion.cards_cli import add_cards_parser
from companion.errors import RuleError
from companion.i18n import TABLE_LANGUAGES
from companion.messages import M, P, Text, render
from companion.registry import get_game, listings
from companion.store import EventStore, RepairReport, default_path

if TYPE_CHECKING:
    from companion.session import Session
    from entry.root import Companion
    from hardware.ports import Simulation


def main(argv: list[str] | None = None) -> int:
    # We use no pydantic plugins: without this, pydantic scans every installed package's entry points when
    # the first settings model is built (the console script and `python -m entry` both come through here).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
        return status
    except RuleError as exc:
        print(f"companion: {exc.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `companion cards known GAME | head`: the reader has what it wanted
        sys.stderr.close()
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="A table companion for cardboard board games.")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    def db_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", default=None, help=f"the save file (default: $COMPANION_DB or {default_path()})")

    def language_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lang", default=None, choices=TABLE_LANGUAGES,
                       help="the table's language, spoken and shown, kept for the next start (default: the one chosen last, "
                            "else the hardware config's [speech] language, else English)")

    headless = sub.add_parser("headless", help="play one game through JSON lines on stdin/stdout")
    headless.add_argument("game", help="game id (companion games lists them)")
    db_option(headless)
    headless.add_argument("--seed", type=int, default=None, help="seed of the game's randomness (default: random)")
    headless.add_argument("--resume", action="store_true", help="go on with the most recent saved game of this kind")
    headless.add_argument("--game-id", type=int, default=None, help="with --resume: which saved game")
    headless.set_defaults(func=_headless)

    run = sub.add_parser("run", help="start the companion: the touchscreen UI in a browser, simulated hardware by default")
    db_option(run)
    run.add_argument("--port", type=int, default=8550, help="web UI port (default 8550)")
    run.add_argument("--lan", action="store_true", help="listen on every network interface, not only 127.0.0.1")
    run.add_argument("--seed", type=int, default=None)
    run.add_argument("--resume", action="store_true", help="go on with the most recent saved game")
    run.add_argument("--hardware", default=None, metavar="CONFIG", help="hardware config TOML (default: everything simulated)")
    language_option(run)
    run.set_defaults(func=_run)

    console = sub.add_parser("console", help="play in a text console instead of the touchscreen UI")
    console.add_argument("game", help="game id (companion games lists them)")
    db_option(console)
    console.add_argument("--seed", type=int, default=None)
    console.add_argument("--resume", action="store_true")
    console.add_argument("--hardware", default=None, metavar="CONFIG", help="hardware config TOML (default: everything simulated)")
    language_option(console)
    console.set_defaults(func=_console)

    doctor = sub.add_parser("doctor", help="check each configured device, the save folder and the web port, and say what to fix")
    doctor.add_argument("--hardware", default=None, metavar="CONFIG")
    db_option(doctor)
    doctor.add_argument("--port", type=int, default=8550, help="the web UI port `run` will use (default 8550)")
    doctor.add_argument("--lan", action="store_true", help="check the port on every network interface, as `run --lan` binds it")
    doctor.set_defaults(func=_doctor)

    ring = sub.add_parser("ring", help="the LED ring")
    ring_sub = ring.add_subparsers(required=True, metavar="ACTION")
    flash = ring_sub.add_parser("flash", help="copy the firmware to the ring's Pico and check its HELLO")
    flash.add_argument("--port", default=None, help="serial port of the Pico (default: found by USB id)")
    flash.set_defaults(func=_ring_flash)

    add_cards_parser(sub)
    _add_game_tools(sub)

    games = sub.add_parser("games", help="list the games and the saved games")
    db_option(games)
    games.set_defaults(func=_games)

    repair = sub.add_parser("repair", help="save every readable game of a damaged save file into a fresh one (the damaged file is kept)")
    db_option(repair)
    repair.set_defaults(func=_repair)

    export = sub.add_parser("export", help="write a saved game's log as JSON lines, as one viewer may see it")
    export.add_argument("game_id", type=int)
    export.add_argument("--viewer", default="table", help='"table" (default), "seat:<name>", or "master" (with --pin)')
    export.add_argument("--pin", default=None, help="the game master's PIN, for --viewer master")
    export.add_argument("--chart", default=None, metavar="FILE",
                        help="write the picture after the game instead: the key track over the turns and the dice against the odds, "
                             "as PNG or SVG by FILE's extension")
    export.add_argument("--language", default="en", help="the chart's language: en, nl, it, ru or de (default en)")
    db_option(export)
    export.set_defaults(func=_export)
    return parser


def _add_game_tools(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`companion <tool> <game> [args…]` for every tool a game offers (Elder Sign's `odds`, say)."""
    known = listings()  # the games' listings: no game's rules are imported to build the command line
    offered: dict[str, list[str]] = {}
    for game in known.values():
        for name in game.tools:
            offered.setdefault(name, []).append(game.id)
    for name, games in sorted(offered.items()):
        tool = sub.add_parser(name, help=f"{name} for {', '.join(games)} (the game's own options: {name} GAME --help)")
        tool.add_argument("game", choices=games)
        tool.add_argument("args", nargs=argparse.REMAINDER)
        tool.set_defaults(func=lambda args, name=name: known[args.game].tools[name](args.args))


def open_session(game_id: str, db: str | None, seed: int | None, resume: bool, saved_id: int | None = None) -> Session:
    from companion.session import Session

    game = get_game(game_id)
    store = _open_store(db)
    if resume:
        if saved_id is None:
            saved = store.games(game.id)
            if not saved:
                raise RuleError("NO_SAVED_GAME", M("There is no saved {game} game in {path} to resume.", game=game.id, path=store.path))
            saved_id = saved[0].id
        return Session.resume(game, store, saved_id)
    return Session.new(game, store, seed if seed is not None else random.SystemRandom().randrange(2**31))


def _headless(args: argparse.Namespace) -> int:
    from companion.headless import serve

    serve(open_session(args.game, args.db, args.seed, args.resume, args.game_id))
    return 0


def _run(args: argparse.Namespace) -> int:
    from ui.joining import base_url
    from ui.server import serve

    companion = _open_for_run(args)
    try:
        print(f"The companion is at http://127.0.0.1:{args.port} (Ctrl-C stops it).", flush=True)
        if args.lan:  # the address a phone can open, not 0.0.0.0 (which names no machine)
            print(f"Phones join at {base_url(args.port, lan=True)} with a seat's join code (the Seats tab).", flush=True)
            print(f"Warning: listening on every network interface (port {args.port}). A phone needs a seat's join code "
                  "(the Seats tab); the table, setup and game-master screens open only on this machine.", flush=True)
        serve(companion, port=args.port, lan=args.lan)
    finally:
        companion.close()
    return 0


def _open_for_run(args: argparse.Namespace) -> Companion:
    """The composition root for the touchscreen. A damaged save file does not stop the table: its
    readable games go into a fresh file (the damaged one kept beside it) and the screen says so. A
    disk that cannot be written does not stop it either: the saved games are shown read-only. What
    the screens tell the table (the companion's notices) is printed here too."""
    from companion.store import StoreError, repair
    from entry.root import Companion

    db = args.db or default_path()
    try:
        companion = Companion(db, args.hardware, seed=args.seed, resume=args.resume, language=args.lang)  # a config mistake stops here
    except StoreError as exc:
        if exc.code != "DAMAGED_SAVE_FILE":  # only a file SQLite calls corrupt is repaired; a full or read-only disk is not damage
            raise
        report = repair(db)
        told: list[Text] = [M("The save file was damaged: {saved} games were saved into a fresh file, {lost} could not be read. "
                              "The damaged file is kept as {kept}.", saved=report.games_saved, lost=report.games_lost, kept=str(report.kept_as)),
                            *_repair_problems(db, report)]  # before the companion holds a game: each is tried
        companion = Companion(db, args.hardware, seed=args.seed, resume=args.resume, language=args.lang)
        companion.notices[:0] = told
    for notice in companion.notices:
        print(f"companion: {render(notice)}", file=sys.stderr)
    return companion


def _console(args: argparse.Namespace) -> int:
    from companion.cards import CardCatalogue
    from companion.console import play
    from companion.table import Table
    from entry.root import keep_language, table_language
    from hardware import config
    from hardware.rig import Rig
    from ui import i18n

    hardware = config.load(args.hardware)
    session = open_session(args.game, args.db, args.seed, args.resume)
    assert session.store is not None
    language = table_language(session.store.path, hardware.language, args.lang)
    if language is not None:
        i18n.set_language(language)
    if args.lang is not None:
        keep_language(session.store.path, args.lang)
    table = Table(session, CardCatalogue(session.store.path))
    with Rig(hardware, table, on_problem=lambda problem: print(f"\n  ⚠ {problem.device}: {problem.message}")) as rig:
        play(table, _ConsoleDevices(rig.simulation))
    return 0


class _ConsoleDevices:
    """The rig's simulated buttons and reader as the console drives them: each waits until the
    device has told the table, so the console prints the outcome before the board."""

    def __init__(self, simulation: Simulation):
        self.simulation = simulation

    def button_names(self) -> list[str]:
        fingers = self.simulation.buttons
        return fingers.button_names if fingers is not None else []

    def press(self, button: str, gesture: str) -> None:
        fingers = self.simulation.buttons
        if fingers is None:
            return  # real buttons: the console offers no presses (button_names is empty)
        fingers.perform(button, gesture)
        time.sleep(fingers.double_tap_s + 0.05)  # a tap is told once the double-tap window closes

    def scan(self, uid: str) -> bool:
        tray = self.simulation.reader
        if tray is None:
            return False
        tray.scan(uid)
        time.sleep(0.3)  # the reader reports from its own thread
        return True


def _doctor(args: argparse.Namespace) -> int:
    from hardware import config
    from hardware.doctor import doctor

    text, status = doctor(config.load(args.hardware), args.db or default_path(), args.port, args.lan)
    print(text)
    return int(status)


def _ring_flash(args: argparse.Namespace) -> int:
    from hardware.ring.flash import flash

    try:
        print(flash(args.port))
    except Exception as exc:  # flashing talks to a board: every failure is a message, not a traceback
        print(f"companion: flashing failed: {exc}", file=sys.stderr)
        return 1
    return 0


def _games(args: argparse.Namespace) -> int:
    for game in listings().values():
        print(f"{game.id:10} {render(game.title)}")
    store = _open_store(args.db)
    saved = store.games()
    if saved:
        print(f"\nSaved games in {store.path}:")
    for s in saved:
        when = datetime.datetime.fromtimestamp(s.updated).strftime("%Y-%m-%d %H:%M")
        print(f"  #{s.id:<4} {s.game:10} {when}  {s.status:8} {', '.join(s.players)}")
    return 0


def _repair(args: argparse.Namespace) -> int:
    """Exit 0 only when every game was saved whole and can be resumed."""
    from companion.store import repair

    db = args.db or default_path()
    report = repair(db)
    print(render(M("Saved {saved} games and {tags} card tags into a fresh {path}; {lost} games could not be read. The damaged file is kept as {kept}.",
                   saved=report.games_saved, tags=report.tags_saved, path=str(db), lost=report.games_lost,
                   kept=str(report.kept_as))))
    problems = _repair_problems(db, report)
    for problem in problems:
        print(render(problem))
    return 0 if report.games_lost == 0 and not problems else 1


def _repair_problems(db: str | os.PathLike[str], report: RepairReport) -> list[Text]:
    """What a repair's counts do not say: the list of games broke off, or saved games that still
    cannot be resumed (each is tried with its game's rules)."""
    from companion.session import Session

    problems: list[Text] = []
    if not report.list_whole:
        problems.append(M("The list of games broke off where the file is damaged: more games may be lost than counted."))
    stuck: list[str] = []
    with EventStore(db) as store:
        for saved in store.games():
            try:
                Session.resume(get_game(saved.game), store, saved.id).close()
            except RuleError:
                stuck.append(f"#{saved.id}")
    if stuck:
        problems.append(P("{n} saved game cannot be resumed: {ids}.", "{n} saved games cannot be resumed: {ids}.", n=len(stuck), ids=", ".join(stuck)))
    return problems


def _open_store(db: str | None) -> EventStore:
    """The save file; when its disk cannot be written, opened read-only, and the terminal told so."""
    store = EventStore(db or default_path())
    notice = store.read_only_notice()
    if notice is not None:
        print(f"companion: {render(notice)}", file=sys.stderr)
    return store


def _export(args: argparse.Namespace) -> int:
    """The saved game as the viewer may see it: secrets stay out unless the viewer may see them."""
    from companion.contract import Viewer
    from companion.session import Session

    store = _open_store(args.db)
    saved = store.game(args.game_id)
    session = Session.resume(get_game(saved.game), store, args.game_id)
    viewer = Viewer.parse(args.viewer)
    session.view(viewer, args.pin)  # the PIN and the seat are checked before anything is written
    if args.chart is not None:
        return _export_chart(session, args.chart, args.language)
    for line in session.export(viewer):
        print(json.dumps(line, ensure_ascii=False))
    return 0


def _export_chart(session: Session, path: str, language: str) -> int:
    """The chart holds public texts only (companion/chart.py): any viewer may write it."""
    from entry.picture import chart_format, write_chart
    from ui.i18n import LANGUAGES, set_language

    chart_format(path)  # a wrong extension is refused before any work
    if language not in LANGUAGES:
        raise RuleError("UNKNOWN_LANGUAGE", M("There is no language \"{language}\" (known: {known}).",
                                              language=language, known=", ".join(LANGUAGES)))
    chart = session.chart()
    if chart is None:
        raise RuleError("NO_CHART", M("{game} draws no chart.", game=session.game.title))
    set_language(language)
    try:
        write_chart(chart, path)
    except OSError as exc:
        raise RuleError("CHART_NOT_WRITTEN", M("The chart could not be written to {path}: {reason}.", path=path, reason=exc.strerror or str(exc))) from None
    print(render(M("Wrote the chart of game {id} to {path}.", id=session.game_id, path=path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

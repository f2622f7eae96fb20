"""The composition root: one `Companion` per process wires the save file, the card catalogue, the
session and table of the game being played, and the devices; the screens (ui/) and the text console
get it and never build any of these themselves.

The devices are opened once; when a game is started or resumed, the rig is attached to the new table.
Listeners (every open page) hear every outcome of whichever game is on, and are told when the game
changes.
"""
from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from companion.cards import CardCatalogue
from companion.errors import RuleError
from companion.game import GameDefinition
from companion.listing import GameListing
from companion.messages import M, Text
from companion.registry import get_game, listings
from companion.session import Session
from companion.settings import add_to_table_file
from companion.store import EventStore, SavedGame
from companion.table import TAKEN, Outcome, Table
from hardware.config import HardwareConfig
from hardware.events import DeviceProblem
from hardware.ports import NONE_SIMULATED, Devices, RingListener, Simulation
from hardware.ring.render import RingFrame

log = logging.getLogger(__name__)
#: a listener of any kind
L = TypeVar("L")

#: tags on the simulator's card tray that are not enrolled, to try the enrolment dialog
SPARE_TAGS = ("04a1b2c3d4e5f6", "04c0ffee123456", "deadbeef")
#: the file in tables/<game id>/ that keeps the cards a table enters when it set the game up from none
OWN_CARDS_FILE = "our-cards.toml"
#: the table's language as last chosen (on the home screen, or with --lang), kept beside the save file
LANGUAGE_FILE = "table-language"


def kept_language(db_path: str | Path) -> str | None:
    """The language last chosen at this table, or None (none yet, or the file says something else)."""
    from companion.i18n import TABLE_LANGUAGES

    try:
        code = (Path(db_path).parent / LANGUAGE_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return code if code in TABLE_LANGUAGES else None


def keep_language(db_path: str | Path, code: str) -> None:
    """Keep `code` as the table's language for the next start (written whole, then renamed into place);
    a folder that cannot be written loses only this choice, said in the log."""
    path = Path(db_path).parent / LANGUAGE_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{LANGUAGE_FILE}.part")
        part.write_text(code + "\n", encoding="utf-8")
        part.replace(path)
    except OSError as exc:
        log.warning("the table's language was not kept: %s", exc)


def table_language(db_path: str | Path, configured: str, asked: str | None) -> str | None:
    """The table's language at the start: `--lang`, else the one last chosen here, else the config's
    `[speech] language`; None when none of them says (the companion speaks English)."""
    return asked or kept_language(db_path) or configured or None


class Companion:
    """The process's one game at a time, shared by every page, every device and the console."""

    def __init__(self, db_path: str | Path, hardware_config: str | Path | None = None, seed: int | None = None,
                 resume: bool = False, rig_factory: Callable[[HardwareConfig], Devices | None] | None = None,
                 language: str | None = None):
        from hardware import config
        from ui import i18n

        self.store = EventStore(db_path)
        self.catalogue = CardCatalogue(self.store.path)
        self.hardware = config.load(hardware_config)
        start_language = table_language(self.store.path, self.hardware.language, language)
        if start_language is not None:  # the voice speaks it from the first word, before any screen is opened
            i18n.set_language(start_language)
        if language is not None:
            keep_language(self.store.path, language)
        self.seed = seed
        self._lock = threading.RLock()
        self._outcome_listeners: list[Callable[[Outcome], None]] = []
        self._switch_listeners: list[Callable[[], None]] = []
        self._notice_listeners: list[Callable[[], None]] = []
        self._unsubscribe: Callable[[], None] | None = None
        self.problems: list[DeviceProblem] = []
        #: what the screens must tell the table once (a repaired save file, a read-only one, a refused resume)
        self.notices: list[Text] = []
        #: the notices a device put up, by device (gone when it works again)
        self._device_notices: dict[str, list[Text]] = {}
        self.session: Session | None = None
        self.table: Table | None = None
        #: the table's own file the game on the table was set up from (None: the game's own cards)
        self.table_file: Path | None = None
        #: the table's devices (None: none, for a test)
        self.rig: Devices | None = rig_factory(self.hardware) if rig_factory else self._open_rig()
        read_only = self.store.read_only_notice()
        if read_only is not None:
            self.notices.append(read_only)
        if resume:
            saved = self.saved_games()
            outcome = self.resume(saved[0].id) if saved else None
            if outcome is not None and outcome.kind == "refused":  # held by another companion, or not resumable: say why
                self.notices.append(outcome.message)

    # -- games ------------------------------------------------------------------------------------
    @staticmethod
    def games() -> dict[str, GameListing]:
        """Every game by id, with its title: listing them imports no game's rules."""
        return listings()

    @staticmethod
    def definition(game_id: str) -> GameDefinition:
        """A game's rules (the setup screen's settings), imported when first asked for."""
        return get_game(game_id)

    @property
    def game(self) -> GameDefinition | None:
        return self.session.game if self.session else None

    @property
    def playing(self) -> bool:
        """A game is on (started, maybe over), as opposed to the home screen's nothing-yet."""
        return self.session is not None and self.session.turn.status != "setup"

    def start(self, game_id: str, request: dict[str, Any], table_file: Path | None = None) -> Outcome:
        """Start a new game with a `start` command: checked on an unsaved session first, so a refused
        start leaves no empty game in the save file and the current game untouched. `table_file`: the
        table's own file it was set up from, where cards the table enters during the game are kept."""
        try:
            game = get_game(game_id)
            seed = self._next_seed()
            Session(game, seed).apply(request)
        except RuleError as exc:
            return Outcome("refused", exc.text, error=exc)
        session = None
        try:
            session = Session.new(game, self.store, seed)
            step = session.apply(request)
        except RuleError as exc:  # the save file refused it (a full or read-only disk): the table hears why
            if session is not None:
                session.close()
            return Outcome("refused", exc.text, error=exc)
        self.table_file = table_file
        self._install(session)
        return Outcome("applied", session.describe(step), (step,))

    def resume(self, saved_id: int) -> Outcome:
        if self.session is not None and self.session.game_id == saved_id:
            return Outcome("nothing", M("Game {id} is the game on the table.", id=saved_id))
        try:
            saved = self.store.game(saved_id)
            session = Session.resume(get_game(saved.game), self.store, saved_id)
        except RuleError as exc:
            return Outcome("refused", exc.text, error=exc)
        self._install(session)
        return Outcome("applied", M("Game {id} resumed.", id=saved_id))

    def table_files(self, game_id: str) -> list[Path]:
        """A table's own settings and cards for `game_id`: the TOML files in `tables/<game id>/` beside
        the save file (README: "A table's own cards")."""
        folder = Path(self.store.path).parent / "tables" / game_id
        return sorted(folder.glob("*.toml")) if folder.is_dir() else []

    def own_cards_file(self, game_id: str) -> Path:
        """Where the cards a table enters during a game are kept: the file the game was set up from,
        else `tables/<game id>/our-cards.toml` (the setup screen offers it for every later game)."""
        if self.table_file is not None and self.table_file.parent.name == game_id:
            return self.table_file
        return Path(self.store.path).parent / "tables" / game_id / OWN_CARDS_FILE

    def _keep_own_cards(self, outcome: Outcome) -> None:
        """A card the table entered (Elder Sign's Mythos cards and monster markers) goes into its file
        at once, so the next game knows it; a file that cannot be written is a notice for the table."""
        game = self.game
        if game is None or outcome.kind not in TAKEN:
            return
        for step in outcome.steps:
            for into, entry in game.own_cards(step.events):
                try:
                    add_to_table_file(self.own_cards_file(game.id), into, entry)
                except RuleError as exc:
                    log.warning("a card entered was not kept: %s", exc.message)
                    self.notices.append(exc.text)

    def saved_games(self) -> list[SavedGame]:
        """Saved games that got past setup, of every installed game, the most recent first."""
        installed = self.games()
        return [g for g in self.store.games() if g.status != "setup" and g.game in installed]

    # -- listening ---------------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Outcome], None]) -> Callable[[], None]:
        """`listener(outcome)` for every input of whichever game is on. Returns an unsubscribe."""
        with self._lock:
            self._outcome_listeners.append(listener)
        return lambda: self._remove(self._outcome_listeners, listener)

    def on_switch(self, listener: Callable[[], None]) -> Callable[[], None]:
        """`listener()` after another game was started or resumed. Returns an unsubscribe."""
        with self._lock:
            self._switch_listeners.append(listener)
        return lambda: self._remove(self._switch_listeners, listener)

    def _remove(self, listeners: list[L], listener: L) -> None:
        with self._lock:
            if listener in listeners:
                listeners.remove(listener)

    def _tell(self, outcome: Outcome) -> None:
        self._keep_own_cards(outcome)
        for listener in list(self._outcome_listeners):
            try:
                listener(outcome)
            except Exception:  # one broken page must not silence the others
                log.exception("outcome listener failed")

    def _install(self, session: Session) -> None:
        with self._lock:
            if self._unsubscribe is not None:
                self._unsubscribe()
            if self.session is not None:
                self.session.close()  # another companion may open that game now
            self.session = session
            self.table = Table(session, self.catalogue)
            self._unsubscribe = self.table.subscribe(self._tell)
            if self.rig is not None:
                self.rig.attach(self.table)
            listeners = list(self._switch_listeners)
        for listener in listeners:
            try:
                listener()
            except Exception:
                log.exception("switch listener failed")

    # -- devices -----------------------------------------------------------------------------------
    def _open_rig(self) -> Devices:
        from hardware.rig import Rig

        return Rig(self.hardware, on_problem=self._problem)

    def _problem(self, problem: DeviceProblem) -> None:
        """A device's trouble (from its own thread). One the table must see — the voice cannot be heard —
        is a notice on every screen until it is heard again or someone taps OK."""
        self.problems.append(problem)
        text: Text | None = problem.text
        if text is None:
            return
        with self._lock:
            stale = [n for n in self._device_notices.pop(problem.device, ()) if n in self.notices]
            for notice in stale:
                self.notices.remove(notice)
            if not problem.ok:
                self._device_notices[problem.device] = [text]
                self.notices.append(text)
            listeners = list(self._notice_listeners)
        for listener in listeners:
            try:
                listener()
            except Exception:
                log.exception("notice listener failed")

    def on_notice(self, listener: Callable[[], None]) -> Callable[[], None]:
        """`listener()` after a notice came or went on its own (a device failed or came back). Returns an unsubscribe."""
        with self._lock:
            self._notice_listeners.append(listener)
        return lambda: self._remove(self._notice_listeners, listener)

    def keep_language(self, code: str) -> None:
        """The table's language was chosen on its screen: kept for the next start."""
        keep_language(self.store.path, code)

    @property
    def simulated(self) -> Simulation:
        """The devices that are simulated: the screen's simulator tab drives them."""
        return self.rig.simulation if self.rig is not None else NONE_SIMULATED

    @property
    def simulated_buttons(self) -> bool:
        return self.simulated.buttons is not None

    @property
    def simulated_reader(self) -> bool:
        return self.simulated.reader is not None

    @property
    def simulated_ring(self) -> bool:
        return self.simulated.ring is not None

    @property
    def simulation(self) -> bool:
        return bool(self.simulated)

    def button_names(self) -> list[str]:
        fingers = self.simulated.buttons
        return fingers.button_names if fingers is not None else []

    def press(self, button: str, gesture: str) -> None:
        """A simulated button pressed the way a finger would, on a short-lived thread (never blocks a
        page); real buttons are pressed by a finger: nothing happens."""
        fingers = self.simulated.buttons
        if fingers is None:
            log.warning("a simulated press of %s, but the buttons are real", button)
            return
        fingers.perform_later(button, gesture)

    def scan(self, uid: str) -> None:
        """A simulated tag laid on the simulated reader (a real reader: nothing happens)."""
        tray = self.simulated.reader
        if tray is None:
            log.warning("a simulated scan of %s, but the reader is real", uid)
            return
        tray.scan(uid)

    def ring_preview(self) -> tuple[int, RingFrame | None]:
        """(LED count, latest frame) of the simulated ring ((0, None): the ring is real)."""
        ring = self.simulated.ring
        return (ring.led_count, ring.frame) if ring is not None else (0, None)

    def add_ring_listener(self, listener: RingListener) -> Callable[[], None]:
        """`listener(frame, brightness)` after every change of the simulated ring's picture. Returns a remover."""
        ring = self.simulated.ring
        return ring.add_listener(listener) if ring is not None else lambda: None

    def tray(self) -> list[tuple[str, str]]:
        """The simulator's card tray: (uid, label) of every enrolled tag of this game, then spares."""
        from companion.messages import render

        game = self.game
        known: list[tuple[str, str]] = []
        if game is not None:
            for entry in self.catalogue.list(game.id):
                card = game.card(entry.card)
                known.append((entry.uid, entry.label or (render(card.name) if card else entry.card)))
        uids = {uid for uid, _label in known}
        spare = [(uid, render(M("Unknown tag {uid}", uid=uid))) for uid in SPARE_TAGS if uid not in uids]
        return known + spare

    # -- the rest ------------------------------------------------------------------------------------
    def _next_seed(self) -> int:
        return self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)

    def close(self) -> None:
        with self._lock:
            if self.rig is not None:
                self.rig.close()
            if self.session is not None:
                self.session.close()
            self.catalogue.close()
            self.store.close()

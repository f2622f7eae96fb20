"""What a screen needs of the page it draws on: the `Screen` every view (ui/views/) and every game's
screens (ui/games/<id>/) are handed, instead of the whole `App` (ui/app.py fits it). A view imports
this module, never ui/app.py, so the app and its views import each other in one direction only.

A page keeps what each feature remembers between taps in a small state object of its own: the
menu half-answered (`Choosing`), the setup wizard's game (`Wizard`), the card catalogue and the
enrolment dialog (`Cards`), the game master's lock (`MasterLock`), the Seats tab's shown code
(`SeatCodes`), a phone's way onto its seat (`Joining`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVarTuple

import flet as ft

from companion.contract import View, Viewer
from companion.feedback import feedback
from companion.inputs import Option
from companion.messages import Text
from companion.table import Outcome, OutcomeKind
from ui.joining import JoinCodes
from ui.ports import CompanionPort, PagePort
from ui.seating import JoinRequest, Seating
from ui.widgets.ring import RingPreview

#: the arguments a handler posted to a page's loop is called with
Args = TypeVarTuple("Args")
#: the screens a page shows, by name (ui/routes.py draws each)
ScreenName = Literal["home", "setup", "cards", "game"]


@dataclass(frozen=True)
class Notice:
    """The line under the prompt: what the last input did, as this page's viewer may read it.
    Kept as a message, so a language switch re-renders it."""

    kind: OutcomeKind
    text: Text

    @property
    def refusal(self) -> bool:
        """Shown in the refusal colour."""
        return feedback(self.kind).refusal


@dataclass
class Pending:
    """An option whose asks are being answered on screen, one by one."""

    option: Option
    picked: dict[str, Any]
    ask: int = 0


@dataclass
class Choosing:
    """What this page is in the middle of choosing: an option whose questions it asks one by one, and
    what a game's screens keep between taps (the first letter of a swap…). Both go on every change
    of the game and of the screen."""

    pending: Pending | None = None
    scratch: dict[str, Any] = field(default_factory=dict)

    def clear(self) -> None:
        self.pending = None
        self.scratch.clear()

    @property
    def idle(self) -> bool:
        return self.pending is None and not self.scratch


@dataclass
class Wizard:
    """The setup wizard: the game it sets up (None: the first installed)."""

    game: str | None = None


@dataclass
class Cards:
    """The card catalogue screen (the game whose cards it lists) and the enrolment dialog (the tag it enrols)."""

    game: str | None = None
    enrolling: str | None = None


@dataclass
class MasterLock:
    """The PIN that unlocked the game-master tab on this page (None: locked)."""

    pin: str | None = None


@dataclass
class SeatCodes:
    """The seat whose join code the Seats tab shows (one at a time, after a tap), and which tap showed it."""

    shown: str | None = None
    taps: int = 0


@dataclass
class Joining:
    """A page's way onto a seat: the code it joined with (when the table resumes that game, the page is
    that seat again), its request to be let in on a seat another device holds, and whether it was
    loaded afresh because the companion restarted (the seat page says so once)."""

    code: str | None = None
    waiting: tuple[JoinRequest, str] | None = None
    back: bool = False


class Pages(Protocol):
    """Every open page, as a screen reaches the others (ui/app.py's Hub)."""

    @property
    def codes(self) -> JoinCodes: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def apps(self) -> Sequence[Screen]: ...

    def pages_on(self, seat: str) -> Sequence[Screen]: ...

    def redraw(self, source: object = None) -> None:
        """Every page but `source` draws afresh."""
        ...

    def join_url(self, code: str) -> str: ...


class Screen(Protocol):
    """One browser page as its screens draw it: who it shows the game to, what it remembers, and what
    its controls may do."""

    # -- what it shows, and to whom ----------------------------------------------------------------
    viewer: Viewer
    screen: ScreenName
    #: the game screen's tab (None: the first)
    tab: str | None
    notice: Notice | None
    #: the language this page reads in (None: the table's)
    language: str | None
    #: handles on the current screen's fields (tests and debugging read them)
    fields: dict[str, Any]
    #: the simulator's ring preview, while this screen shows it
    ring_preview: RingPreview | None

    @property
    def page(self) -> PagePort: ...

    @property
    def companion(self) -> CompanionPort: ...

    @property
    def hub(self) -> Pages: ...

    @property
    def is_table(self) -> bool: ...

    @property
    def remote(self) -> bool: ...

    @property
    def narrow(self) -> bool: ...

    @property
    def device(self) -> str: ...

    @property
    def dialog(self) -> ft.DialogControl | None: ...

    # -- what each feature remembers -----------------------------------------------------------------
    @property
    def choosing(self) -> Choosing: ...

    @property
    def wizard(self) -> Wizard: ...

    @property
    def cards(self) -> Cards: ...

    @property
    def master(self) -> MasterLock: ...

    @property
    def seat_codes(self) -> SeatCodes: ...

    @property
    def joining(self) -> Joining: ...

    # -- the game --------------------------------------------------------------------------------
    def view(self) -> View: ...

    def options(self) -> list[Option]: ...

    def command(self, request: dict[str, Any]) -> Outcome: ...

    def undo(self, *_args: object, steps: int = 1) -> Outcome | None: ...

    def redo(self, *_args: object, steps: int = 1) -> Outcome | None: ...

    def seat_name(self, seat: str) -> str: ...

    # -- drawing -----------------------------------------------------------------------------------
    def post(self, handler: Callable[[*Args], object], *args: *Args, after: float = 0.0) -> None: ...

    def render(self) -> None: ...

    def go(self, screen: ScreenName, tab: str | None = None) -> None: ...

    def note(self, kind: OutcomeKind, message: Text) -> None: ...

    def tell(self, kind: OutcomeKind, message: Text) -> None: ...

    def dismiss_notice(self, notice: Text) -> None: ...

    def show_dialog(self, dialog: ft.DialogControl, remake: Callable[[], object] | None = None,
                    cards: Callable[[str], bool] | None = None) -> None: ...

    def option_dialog(self, option: Option) -> bool: ...

    def close_dialog(self, *_args: object) -> None: ...

    def close_enrol(self) -> None: ...

    def set_language(self, code: str) -> None: ...

    # -- seats and phones ---------------------------------------------------------------------------
    def join(self, code: str, push_route: bool = True) -> bool: ...

    def leave_seat(self) -> None: ...

    def stop_waiting(self) -> None: ...

    def may_answer(self, request: JoinRequest) -> bool: ...

    def answer(self, request: JoinRequest, allow: bool) -> None: ...

    def describe_device(self) -> str: ...

    def show_code(self, seat: str | None) -> None: ...

"""What the screens need of the process's companion (entry.root.Companion fits), as a Protocol:
`ui/` never imports `entry/` or `hardware/`, it is handed one of these."""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import flet as ft

from companion.cards import CardCatalogue
from companion.game import GameDefinition
from companion.listing import GameListing
from companion.messages import Text
from companion.session import Session
from companion.store import SavedGame
from companion.table import Outcome, Table


class PagePort(Protocol):
    """What the screens use of their Flet page (ft.Page; the UI tests hand them a stand-in). The
    client's address, agent and width are read with getattr: a stand-in may not have them."""

    @property
    def controls(self) -> list[ft.BaseControl]: ...

    def update(self, *controls: ft.Control) -> None: ...

    def show_dialog(self, dialog: ft.DialogControl) -> None: ...

    def pop_dialog(self) -> ft.DialogControl | None: ...

    def run_task(self, handler: Callable[[], Awaitable[None]]) -> object: ...


class RingFramePort(Protocol):
    """One frame of the ring (hardware/ring/render.py's RingFrame fits): an (r, g, b) per LED, pixel 0
    first, and the animation's words (None: a still frame)."""

    @property
    def pixels(self) -> Sequence[tuple[int, int, int]]: ...

    @property
    def anim(self) -> Sequence[str] | None: ...


class CompanionPort(Protocol):
    catalogue: CardCatalogue
    #: what the screens must tell the table until someone taps OK (a save file repaired at start)
    notices: list[Text]

    # -- the game on the table --------------------------------------------------------------------
    @property
    def session(self) -> Session | None: ...

    @property
    def table(self) -> Table | None: ...

    @property
    def game(self) -> GameDefinition | None: ...

    @property
    def playing(self) -> bool: ...

    def games(self) -> dict[str, GameListing]: ...

    def definition(self, game_id: str) -> GameDefinition: ...

    def start(self, game_id: str, request: dict[str, Any], table_file: Path | None = None) -> Outcome: ...

    def resume(self, saved_id: int) -> Outcome: ...

    def saved_games(self) -> list[SavedGame]: ...

    def table_files(self, game_id: str) -> list[Path]: ...

    def subscribe(self, listener: Callable[[Outcome], None]) -> Callable[[], None]: ...

    def on_switch(self, listener: Callable[[], None]) -> Callable[[], None]: ...

    def on_notice(self, listener: Callable[[], None]) -> Callable[[], None]: ...

    def keep_language(self, code: str) -> None: ...

    # -- the devices, when simulated ---------------------------------------------------------------
    @property
    def simulation(self) -> bool: ...

    @property
    def simulated_buttons(self) -> bool: ...

    @property
    def simulated_reader(self) -> bool: ...

    @property
    def simulated_ring(self) -> bool: ...

    def button_names(self) -> list[str]: ...

    def press(self, button: str, gesture: str) -> None: ...

    def scan(self, uid: str) -> None: ...

    def ring_preview(self) -> tuple[int, RingFramePort | None]: ...

    def add_ring_listener(self, listener: Callable[[RingFramePort | None, int], None]) -> Callable[[], None]: ...

    def tray(self) -> list[tuple[str, str]]: ...

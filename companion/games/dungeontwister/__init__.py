"""Dungeon Twister (Christophe Boelinger, Asmodee 2004), for two players at a physical board.

Rules: the Italian seed shared/seeds/001_e610de18693a9853.txt (which wins) and the facts file
shared/docs/rules/published-games-facts.md §3. The companion keeps the action points, the action-card
cycle and its first-cycle rule, the secret combat cards (chosen by both players at once, each on their
own seat screen or reader), wounds, deaths, who carries what, the jump cards and the victory points.
"""
from companion.game import GameDefinition
from companion.games.dungeontwister import inputs, views
from companion.games.dungeontwister.catalogue import catalogue
from companion.games.dungeontwister.commands import COMMANDS
from companion.games.dungeontwister.config import DungeonTwisterSettings, default_settings
from companion.games.dungeontwister.events import EVENTS
from companion.games.dungeontwister.phases import PHASES
from companion.games.dungeontwister.rules import decide
from companion.games.dungeontwister.state import evolve, initial_state
from companion.messages import M

GAME = GameDefinition(
    id="dungeontwister",
    title=M("Dungeon Twister"),
    commands=COMMANDS,
    events=EVENTS,
    phases=PHASES,
    settings=DungeonTwisterSettings,
    default_settings=default_settings,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    turn=views.turn,
    seats=views.seats,
    prompt=views.prompt,
    view=views.view,
    describe=views.describe,
    ring=views.ring,
    announcements=views.announcements,
    options=inputs.options,
    bindings=inputs.BINDINGS,
    gesture_hints=inputs.GESTURE_HINTS,
    cards=inputs.cards,
    card_edition=catalogue().edition,
    secret_settings={"seats": {"secret_choices": "seats"}},
    scan=inputs.scan,
    cooperative=False,
    seat_range=(2, 2),
)

"""Dungeon Twister: the rules and views as the core takes them, `GAME`, imported when a game of it is played
(the package's `LISTING` is all that lists it)."""
from companion.game import GameDefinition
from companion.games.dungeontwister import LISTING, chart, inputs, views
from companion.games.dungeontwister.catalogue import catalogue
from companion.games.dungeontwister.commands import COMMANDS
from companion.games.dungeontwister.config import DungeonTwisterSettings, default_settings
from companion.games.dungeontwister.events import EVENTS
from companion.games.dungeontwister.phases import PHASES
from companion.games.dungeontwister.rules import WHO_ACTS, decide
from companion.games.dungeontwister.state import evolve, initial_state

GAME = GameDefinition(
    id=LISTING.id,
    title=LISTING.title,
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
    name_command=inputs.name_command,
    gesture_hints=inputs.GESTURE_HINTS,
    cards=inputs.cards,
    card_edition=catalogue().edition,
    secret_settings={"seats": {"secret_choices": "seats"}},
    scan=inputs.scan,
    chart=chart.chart,
    cooperative=False,
    seat_range=(2, 2),
    who_acts=WHO_ACTS,
)

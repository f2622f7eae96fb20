"""Munchkin: the rules and views as the core takes them, `GAME`, imported when a game of it is played
(the package's `LISTING` is all that lists it)."""
from companion.game import GameDefinition
from companion.games.munchkin import LISTING, chart, inputs, views
from companion.games.munchkin.commands import COMMANDS
from companion.games.munchkin.config import EDITION, MunchkinSettings, default_settings
from companion.games.munchkin.events import EVENTS
from companion.games.munchkin.phases import PHASES
from companion.games.munchkin.rules import SEATS, WHO_ACTS, decide
from companion.games.munchkin.state import evolve, initial_state

GAME = GameDefinition(
    id=LISTING.id,
    title=LISTING.title,
    commands=COMMANDS,
    events=EVENTS,
    phases=PHASES,
    settings=MunchkinSettings,
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
    card_edition=EDITION,
    scan=inputs.scan,
    analyses={"odds": views.odds, "catalogue": views.catalogue},
    chart=chart.chart,
    seat_range=SEATS,
    who_acts=WHO_ACTS,
)

"""Big Bang moon game: the rules and views as the core takes them, `GAME`, imported when a game of it is played
(the package's `LISTING` is all that lists it)."""
from companion.game import GameDefinition
from companion.games.bigbang import LISTING, chart, inputs, spoken, views
from companion.games.bigbang.commands import COMMANDS
from companion.games.bigbang.config import BigBangSettings, default_settings
from companion.games.bigbang.events import EVENTS
from companion.games.bigbang.phases import PHASES
from companion.games.bigbang.rules import WHO_ACTS, decide
from companion.games.bigbang.state import evolve, initial_state

GAME = GameDefinition(
    id=LISTING.id,
    title=LISTING.title,
    commands=COMMANDS,
    events=EVENTS,
    phases=PHASES,
    settings=BigBangSettings,
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
    speak=spoken.speak,
    spoken_prompt=spoken.spoken_prompt,
    master_pin=lambda state: state.master_pin,
    options=inputs.options,
    bindings=inputs.BINDINGS,
    cards=inputs.cards,
    scan=inputs.scan,
    name_command=inputs.name_command,
    gesture_hints=inputs.GESTURE_HINTS,
    analyses={"odds": views.odds},
    chart=chart.chart,
    cooperative=True,
    seat_range=(2, 5),
    seat_count_setting="table.players",
    who_acts=WHO_ACTS,
)

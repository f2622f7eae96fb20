"""Elder Sign: the rules and views as the core takes them, `GAME`, imported when a game of it is played
(the package's `LISTING` is all that lists it)."""
from companion.game import GameDefinition
from companion.games.eldersign import LISTING, analysis, chart, inputs, spoken, views
from companion.games.eldersign.commands import COMMANDS
from companion.games.eldersign.config import ElderSignSettings, default_settings
from companion.games.eldersign.events import EVENTS, CardEntered
from companion.games.eldersign.phases import PHASES
from companion.games.eldersign.rules import WHO_ACTS, decide
from companion.games.eldersign.state import evolve, initial_state

GAME = GameDefinition(
    id=LISTING.id,
    title=LISTING.title,
    commands=COMMANDS,
    events=EVENTS,
    phases=PHASES,
    settings=ElderSignSettings,
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
    options=inputs.options,
    bindings=inputs.BINDINGS,
    name_command=inputs.name_command,
    gesture_hints=inputs.GESTURE_HINTS,
    cards=inputs.cards,
    card_edition="Elder Sign, Fantasy Flight Games 2011 (base game); Russian: «Знак древних», Hobby World",
    table_cards=inputs.cards,
    own_cards=lambda events: [(e.into, e.entry) for e in events if isinstance(e, CardEntered)],
    scan=inputs.scan,
    analyses={"odds": analysis.odds, "advice": analysis.advice, "spoken": analysis.spoken},
    chart=chart.chart,
    cooperative=True,
    seat_range=(1, 8),
    seat_count_setting="table.players",
    who_acts=WHO_ACTS,
)

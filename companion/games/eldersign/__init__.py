"""Elder Sign (Fantasy Flight Games, 2011): the doom-and-clock tracker and exact odds for the dice.

Rules: the Russian seed (shared/seeds/002_*.txt), which wins, and the facts file
(shared/docs/rules/published-games-facts.md §1). The companion keeps the doom track, the clock, the
Elder Signs, every investigator's sanity, stamina and possessions, the adventures in play and the
attempt under way; players roll their real dice and say the faces, and it tells them the exact
chance of the best play ("what now?"). README.md next to this file says what is modelled.
"""
from companion.game import GameDefinition
from companion.games.eldersign import analysis, inputs, views
from companion.games.eldersign.commands import COMMANDS
from companion.games.eldersign.config import ElderSignSettings, default_settings
from companion.games.eldersign.events import EVENTS, CardEntered
from companion.games.eldersign.odds.cli import main as odds_tool
from companion.games.eldersign.phases import PHASES
from companion.games.eldersign.rules import decide
from companion.games.eldersign.state import evolve, initial_state
from companion.messages import M

GAME = GameDefinition(
    id="eldersign",
    title=M("Elder Sign"),
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
    options=inputs.options,
    bindings=inputs.BINDINGS,
    cards=inputs.cards,
    card_edition="Elder Sign, Fantasy Flight Games 2011 (base game); Russian: «Знак древних», Hobby World",
    table_cards=inputs.cards,
    own_cards=lambda events: [(e.into, e.entry) for e in events if isinstance(e, CardEntered)],
    scan=inputs.scan,
    name_command=inputs.name_command,
    gesture_hints=inputs.GESTURE_HINTS,
    analyses={"odds": analysis.odds, "advice": analysis.advice, "spoken": analysis.spoken},
    tools={"odds": odds_tool},
    cooperative=True,
    seat_range=(1, 8),
    seat_count_setting="table.players",
)

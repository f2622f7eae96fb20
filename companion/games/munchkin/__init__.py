"""Munchkin (Steve Jackson Games; the German Pegasus rules in shared/seeds/003_*.txt).

The companion keeps what Munchkin players otherwise track by hand: every player's level, classes and
races, gear (equipped or carried, the slots), curses in effect and the cards in hand; the fight
(monsters, enhancers, one-shots and the helper from any seat, the two totals, who is winning);
running away with its exact odds; death and looting; charity and selling; the win at level 10 by a
kill. The cards stay cardboard: players tell the companion (or scan) what they play.
"""
from companion.game import GameDefinition
from companion.games.munchkin import inputs, views
from companion.games.munchkin.commands import COMMANDS
from companion.games.munchkin.config import EDITION, MunchkinSettings, default_settings
from companion.games.munchkin.events import EVENTS
from companion.games.munchkin.phases import PHASES
from companion.games.munchkin.rules import SEATS, decide
from companion.games.munchkin.state import evolve, initial_state
from companion.messages import M

GAME = GameDefinition(
    id="munchkin",
    title=M("Munchkin"),
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
    gesture_hints=inputs.GESTURE_HINTS,
    cards=inputs.cards,
    card_edition=EDITION,
    scan=inputs.scan,
    analyses={"odds": views.odds, "catalogue": views.catalogue},
    seat_range=SEATS,
)

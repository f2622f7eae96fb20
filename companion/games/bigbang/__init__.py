"""The home-made cooperative Big Bang Theory moon game (shared/docs/rules/bigbang.md).

The companion keeps the moon track, the cubes, hands, pile and location decks, and plays the game
master who knows which rune each letter belongs to.
"""
from companion.game import GameDefinition
from companion.games.bigbang import inputs, views
from companion.games.bigbang.commands import COMMANDS
from companion.games.bigbang.events import EVENTS
from companion.games.bigbang.rules import decide
from companion.games.bigbang.state import evolve, initial_state

GAME = GameDefinition(
    id="bigbang",
    title="Big Bang moon game",
    commands=COMMANDS,
    events=EVENTS,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    describe=views.describe,
    public_view=views.public_view,
    master_view=views.master_view,
    ring_view=views.ring_view,
    master_pin=lambda state: state.master_pin,
    options=inputs.options,
    bindings=inputs.BINDINGS,
    scan_command=inputs.scan_command,
)

"""The phases of an Elder Sign turn, declared once (facts file §1.3: movement, resolution, clock; the
seed's final battle). The rules, the prompt, the menu and the bindings file refer to these ids."""
from __future__ import annotations

from companion.game import Phase, Phases
from companion.messages import M

CHOOSE = "choose"          # a devoured investigator's player takes a new one before the turn
MOVE = "move"              # movement: to an adventure or the entrance
RESOLVE = "resolve"        # resolution: attempt the adventure, or an entrance action, or nothing
ATTEMPT = "attempt"        # the dice loop of an attempt (an adventure, or the battle task)
CLOCK = "clock"            # the clock hand moves on
MIDNIGHT = "midnight"      # midnight: a new Mythos card (or the Ancient One's attack)
BATTLE = "battle"          # the final battle: attack the Ancient One (then the clock)

PHASES = Phases(
    Phase(CHOOSE, M("choosing a new investigator")),
    Phase(MOVE, M("moving")),
    Phase(RESOLVE, M("resolving an adventure or the entrance")),
    Phase(ATTEMPT, M("rolling dice for an attempt")),
    Phase(CLOCK, M("ending the turn")),
    Phase(MIDNIGHT, M("resolving midnight")),
    Phase(BATTLE, M("fighting the Ancient One")),
)

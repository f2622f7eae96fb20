"""The phases of a Munchkin turn, declared once (seed: Phase 1 Tür eintreten … Phase 4 Milde Gabe;
facts §2.2). The rules, the prompt, the menu and the bindings file refer to these ids.
"""
from __future__ import annotations

from companion.game import Phase, Phases
from companion.messages import M

DOOR = "door"          # before kicking open the door: equip, sell, trade, play classes, then kick
TROUBLE = "trouble"    # no monster behind the door: look for trouble or loot the room
COMBAT = "combat"      # a fight: cards from anyone, one helper, then kill or run away
RUN = "run"            # running away: one die per monster per fighter, bad stuff as caught
LOOT = "loot"          # looting a dead body: each other player takes one card
CHARITY = "charity"    # the end of the turn: sell, equip, then give away what the hand cannot keep

PHASES = Phases(
    Phase(DOOR, M("kicking open the door")),
    Phase(TROUBLE, M("looking for trouble or looting the room")),
    Phase(COMBAT, M("fighting")),
    Phase(RUN, M("running away")),
    Phase(LOOT, M("looting the body")),
    Phase(CHARITY, M("giving charity")),
)
#: the phases of a fight: no selling, trading or equipping (seed §Gegenstände)
IN_COMBAT = (COMBAT, RUN)

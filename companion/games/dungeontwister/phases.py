"""The phases of a Dungeon Twister turn, declared once (seed, §Carte azione and §Inizia il
combattimento). The rules, the prompt, the menu and the bindings file refer to these ids."""
from __future__ import annotations

from companion.game import Phase, Phases
from companion.messages import M

LINEUP = "lineup"            # both players choose their 4 starting characters in secret, at once
ACTION_CARD = "action_card"  # the active player plays an action card: the turn's AP
ACTIONS = "actions"          # the active player spends AP
COMBAT = "combat"            # both players choose a combat card in secret, at once

PHASES = Phases(
    Phase(LINEUP, M("choosing the starting lines")),
    Phase(ACTION_CARD, M("playing an action card")),
    Phase(ACTIONS, M("spending action points")),
    Phase(COMBAT, M("choosing combat cards")),
)

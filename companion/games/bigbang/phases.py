"""The phases of a Big Bang turn, declared once (digest §A turn). The rules, the prompt, the menu and
the bindings file refer to these ids; the game definition refuses bindings for any other phase.
"""
from __future__ import annotations

from companion.game import Phase, Phases
from companion.messages import M

DEAL = "deal"              # the real deal: each player's starting cards, told card by card
LAYOUT = "layout"          # the real deal: the six location cards laid out
LETTERS = "letters"        # the real deal: the letters laid at the rune slots, told in rune order
CHOOSE = "choose"          # the active player picks a character and how many of its cards (or passes)
ACTIONS = "actions"        # the chosen character's special action and actions
DRAW = "draw"              # announce how many cards to draw
DRAWING = "drawing"        # the cards come off the real pile, one by one
RED_MOON = "red_moon"      # a red moon was drawn while the amulet could ignore it
REFILL = "refill"          # empty locations get new cards

PHASES = Phases(
    Phase(DEAL, M("dealing the starting hands")),
    Phase(LAYOUT, M("laying out the location cards")),
    Phase(LETTERS, M("laying out the letters at the gate")),
    Phase(CHOOSE, M("choosing a character")),
    Phase(ACTIONS, M("acting")),
    Phase(DRAW, M("announcing a draw")),
    Phase(DRAWING, M("drawing cards")),
    Phase(RED_MOON, M("deciding on the red moon")),
    Phase(REFILL, M("refilling locations")),
)

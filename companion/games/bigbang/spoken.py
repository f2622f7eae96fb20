"""What the voice says of Big Bang (issue 22): a step in a few short lines, and the prompt only where the
menu's item does not say what to do next.

The undo list keeps the whole line ("Ann: Penny fought Wil Wheaton (strength 3), rolled 3 + 0: won; …");
the voice says what changed, in a few words each: "ring up to 9", "Penny to Caltech", "cubes 1". Whose
step it is goes unsaid: the voice said whose turn it is when it began. A fight, a red moon, the gate and
the end are said by the game's alerts (views.announcements), so the step's own lines leave them out.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.games.bigbang import events as ev
from companion.games.bigbang import names
from companion.games.bigbang.phases import ACTIONS, CHOOSE, DEAL, LAYOUT, LETTERS, RED_MOON, REFILL
from companion.games.bigbang.state import BigBangState, evolve
from companion.games.bigbang.views import _DESCRIBE, _card_name, _place
from companion.messages import M, P, Text, joined
from companion.records import Event


def speak(before: BigBangState, events: Sequence[Event], picked: bool = False) -> list[Text]:
    """The lines the voice says of a step (its alerts are added by the narrator); `picked`: the player
    picked it by ear, so what only repeats the item heard ("plays 2 Penny cards") is left out."""
    if events and isinstance(events[0], ev.GameStarted):
        return [M("Game started with {players}", players=", ".join(events[0].players))]
    said: list[Text] = []
    state = before
    struck = any(isinstance(event, ev.RedMoonStruck) for event in events)
    for event in events:
        if struck and isinstance(event, ev.MoonMoved):
            state = evolve(state, event)
            continue  # the alert said how far the ring drops
        line = None if picked and type(event) in _HEARD_WHEN_PICKED else _line(state, event, picked)
        if line:
            said.append(line)
        state = evolve(state, event)
    return said


def _line(s: BigBangState, event: Event, picked: bool) -> Text | None:
    kind = type(event)
    if kind in _SPOKEN:
        return _SPOKEN[kind](s, event)
    if kind in _UNSAID:
        return None
    if isinstance(event, ev.SpecialUsed):  # its effect says it (the ring, the fight, the move), unless Raj copies
        return _DESCRIBE[kind](s, event) if event.power != event.character and not picked else None
    if isinstance(event, ev.CardDrawn):  # the card just scanned: its name says it (a red moon: the alert, and its cost)
        return None if event.card == "red_moon" else names.character(event.card)
    describe = _DESCRIBE.get(kind)
    return describe(s, event) if describe else None


def _moon(s: BigBangState, e: ev.MoonMoved) -> Text:
    return M("ring up to {n}", n=e.to) if e.to > e.source else M("ring down to {n}", n=e.to)


def _cubes(s: BigBangState, e: ev.CubesChanged) -> Text:
    if e.lost:
        return P("{n} cube lost, {left} left", "{n} cubes lost, {left} left", n=e.lost, left=e.to)
    return M("cubes: {n}", n=e.to)


_SPOKEN: dict[type, Callable[[BigBangState, Any], Text]] = {
    ev.MoonMoved: _moon,
    ev.CubesChanged: _cubes,
    ev.CharacterMoved: lambda s, e: M("{character} to {place}", character=names.character(e.character), place=_place(s, e.location)),
    ev.LocationFilled: lambda s, e: _laid(s, e),
    # the question just asked "Artefact drawn": its name says it
    ev.ArtefactDrawn: lambda s, e: names.item(e.artefact) if e.artefact else M("no artefact left to draw"),
}


def _laid(s: BigBangState, e: ev.LocationFilled) -> Text:
    """The card laid, and where unless the prompt named the one place to fill."""
    if s.phase == REFILL and len(s.fillable_locations()) == 1:
        return _card_name(s, e.card)
    return M("{card} at {place}", card=_card_name(s, e.card), place=_place(s, e.location))
#: what the menu item picked said already (the character and cards played, the place, the count drawn…)
_HEARD_WHEN_PICKED = {ev.CharacterChosen, ev.Passed, ev.CharacterMoved, ev.DrawAnnounced, ev.CardDrawn, ev.LocationFilled,
                      ev.HelpPlayed, ev.LettersSwapped, ev.ArtefactUsed, ev.RelicUsed, ev.DieRolled, ev.LetterLaid, ev.HandDealt}
#: said by the alerts, by the events a reward brings (the ring, the cubes, the artefact drawn…), or by the
#: prompt of the turn that follows
_UNSAID = {ev.RewardTaken, ev.FightResolved, ev.GateAttempted, ev.RedMoonStruck, ev.GameWon, ev.GameLost, ev.TurnStarted}


# -- the prompt, said short -----------------------------------------------------------------------------
def spoken_prompt(s: BigBangState) -> Text:
    """What the voice says when the turn moves on: who, and what the menu cannot say ("" when its item
    does, or when the item just picked did: "Draw 2" needs no "show 2 cards")."""
    if s.status != "playing":
        return ""
    player = s.active_player or ""
    said: list[Text] = []
    if s.phase == CHOOSE:
        said.append(M("{player}'s turn", player=player))  # a red moon's last turn: its alert has just said it
    elif s.phase in _SHORT:
        said.append(_SHORT[s.phase](s, player))
    elif s.phase == ACTIONS and s.clues_owed:
        said.append(M("A clue is owed: pick a letter to ask about."))
    return joined(said)


def _places(s: BigBangState) -> Text:
    return joined((names.place(s.config.location_names[n - 1]) for n in s.fillable_locations()), ", ")


_SHORT: dict[str, Callable[[BigBangState, str], Text]] = {
    DEAL: lambda s, player: P("Deal {player} {n} more card.", "Deal {player} {n} more cards.",
                              n=s.config.starting_hand - sum(s.hand.values()), player=player),
    LAYOUT: lambda s, player: P("Lay and scan {n} location card.", "Lay and scan {n} location cards.", n=len(s.fillable_locations())),
    LETTERS: lambda s, player: M("Which letter lies at {rune}?", rune=s.config.runes[len(s.board)]),
    RED_MOON: lambda s, player: M("Red moon: YES uses the amulet, NO accepts it."),
    REFILL: lambda s, player: M("Lay a card on {places}.", places=_places(s)),
}

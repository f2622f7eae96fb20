"""What each viewer sees of a Dungeon Twister game, derived from state alone.

- `view(state, viewer)`: everyone sees what lies open on the cardboard — characters and their wounds,
  who carries what, action cards, jump cards, VP, AP — and how many combat cards each player still
  holds (as the physical hands show). A seat sees, beyond that, its own combat cards: those in hand,
  those it used, the one it chose and has not yet seen revealed, its own starting line before both
  are laid open. Nobody sees another's cards, in hand or used (seed, §Carte Combattimento: used cards
  lie face down and "players may not look at these cards"). A fight's totals are shown from its
  reveal until the next action, as the two cards lie face up on a real table for that moment.
  With choices made at the table (setting `seats.secret_choices = "table"`) the players turn their
  lines and cards face up on the cardboard and the table enters them: everyone sees what was entered
  while it lies face up (the lines, the cards of the fight until the next action), never a hand.
- `turn`, `seats`: the typed turn (both seats act at once while choosing in secret) and the players.
- `ring`: the AP left in the active player's colour and both players' VP.
- `prompt`, `describe`, `announcements`: what a viewer must do, the undo-list line, what the table hears.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.contract import Result, Seat, Turn, Viewer
from companion.games.dungeontwister import events as ev
from companion.games.dungeontwister.phases import ACTION_CARD, ACTIONS, COMBAT, LINEUP
from companion.games.dungeontwister.pieces import CHARACTERS, OBJECTS, ability, colour, colour_of, combat_card, group, owned, piece, piece_of, token
from companion.games.dungeontwister.rules import LINEUP_SIZE, allowed_action_cards
from companion.games.dungeontwister.state import TARGET_VP, DTState, evolve
from companion.messages import M, P, Text, joined
from companion.records import Event
from companion.ring import Alert, Counter, Counters


# -- the contract's typed parts ----------------------------------------------------------------------------
def seats(s: DTState) -> tuple[Seat, ...]:
    """One seat per colour: the seat id is the colour ("seat:blue"), its name the player's, and the
    screens and the status LED show the seat in that colour."""
    return tuple(Seat(c, s.sides[c].name, colour=c) for c in s.colours)


def turn(s: DTState) -> Turn:
    if s.status == "setup":
        return Turn("setup")
    if s.status == "over":
        assert s.winner is not None
        return Turn("over", result=Result((s.winner,), _won(s)))
    if s.phase == LINEUP:
        return Turn("playing", LINEUP, tuple(c for c in s.colours if len(s.sides[c].lineup) < LINEUP_SIZE))
    if s.phase == COMBAT and s.combat is not None:
        return Turn("playing", COMBAT, tuple(c for c in _fighters(s) if c not in s.combat.cards))
    return Turn("playing", s.phase, (s.active,))


def _fighters(s: DTState) -> tuple[str, ...]:
    assert s.combat is not None
    return (s.combat.attacker, s.other(s.combat.attacker))


def _won(s: DTState) -> Text:
    assert s.winner is not None
    return M("{colour} wins with {n} VP!", colour=colour(s.winner), n=s.sides[s.winner].vp)


# -- the view ------------------------------------------------------------------------------------------------
def view(s: DTState, viewer: Viewer) -> dict[str, Any]:
    if s.status == "setup":
        return {"colours": list(s.config.colours), "target_vp": TARGET_VP}
    fields: dict[str, Any] = {
        "colours": list(s.colours),
        "target_vp": TARGET_VP,
        "bonuses": {"sword": s.config.sword_bonus, "armour": s.config.armour_bonus},
        "players": [_player(s, c) for c in s.colours],
        "active": s.active or None,
        "first": s.first,
        "turn_number": s.turn_number,
        "action_card": s.action_card,
        "ap": s.ap,
        "ap_budget": s.ap_budget,
        "allowed_action_cards": list(allowed_action_cards(s)) if s.phase == ACTION_CARD else [],
        "first_cycle": not s.free_play and s.sides[s.active].cycles == 0 if s.active else True,
        "characters": [_character(s, token(c, piece_)) for c in s.colours for piece_ in CHARACTERS],
        "objects": [_object(s, token(c, piece_)) for c in s.colours for piece_ in OBJECTS],
        "lineup_done": [c for c in s.colours if len(s.sides[c].lineup) == LINEUP_SIZE] if s.phase == LINEUP else list(s.colours),
        "secret_choices": "table" if s.config.open_choices else "seats",
        "combat": _combat(s),
        "last_combat": _last_combat(s, viewer),
        "winner": s.winner,
    }
    if s.config.open_choices and s.phase == LINEUP:  # entered as turned face up: nothing secret
        fields["lineups"] = {c: list(s.sides[c].lineup) for c in s.colours}
    if s.config.board:
        fields["rooms"] = [{"number": n, "revealed": room.revealed, "rotation": room.rotation} for n, room in enumerate(s.rooms, 1)]
    mine = viewer.seat if viewer.is_seat and viewer.seat in s.sides else None
    if mine is not None:
        fields.update(_own_secrets(s, mine))
    return fields


def _player(s: DTState, c: str) -> dict[str, Any]:
    side = s.sides[c]
    return {"colour": c, "name": side.name, "vp": side.vp, "action_cards": list(side.action_cards), "cycles": side.cycles,
            "combat_cards_left": len(side.combat_cards), "jumps_left": side.jumps, "active": c == s.active}


def _character(s: DTState, t: str) -> dict[str, Any]:
    tok = s.tokens[t]
    move, fight = s.config.stats[piece_of(t)]
    return {"id": t, "colour": colour_of(t), "piece": piece_of(t), "move": move, "combat": fight, "status": s.status_of(t),
            "carrying": tok.carrying, "carried_by": tok.carried_by, "wounded_this_turn": t in s.wounded_this_turn,
            "resting": t in s.resting, "can_act": s.can_act(t) and colour_of(t) == s.active}


def _object(s: DTState, t: str) -> dict[str, Any]:
    tok = s.tokens[t]
    return {"id": t, "colour": colour_of(t), "piece": piece_of(t), "status": tok.where, "carried_by": tok.carried_by}


def _combat(s: DTState) -> dict[str, Any] | None:
    if s.combat is None:
        return None
    fighters = _fighters(s)
    shown: dict[str, Any] = {"attacker": s.combat.attacker, "defender": fighters[1], "attackers": list(s.combat.attackers),
             "defenders": list(s.combat.defenders), "chosen": [c for c in fighters if c in s.combat.cards],
             "waiting": [c for c in fighters if c not in s.combat.cards]}
    if s.config.open_choices:  # a card entered at the table lies face up there: the table checks what it entered
        shown["revealed"] = dict(s.combat.cards)
    return shown


def _last_combat(s: DTState, viewer: Viewer) -> dict[str, Any] | None:
    """The fight just revealed, until the next action. Both cards are shown only where they were
    entered face up at the table; otherwise each seat sees its own."""
    last = s.last_combat
    if last is None:
        return None
    shown: dict[str, Any] = {"attacker": last.attacker, "defender": last.defender, "attackers": list(last.attackers), "defenders": list(last.defenders),
             "totals": dict(last.totals), "winner": last.winner, "wounded": list(last.wounded), "killed": list(last.killed)}
    if s.config.open_choices:
        shown["cards"] = dict(last.cards)
    if viewer.is_seat and viewer.seat in last.cards:
        shown["my_card"] = last.cards[viewer.seat]
    return shown


def _own_secrets(s: DTState, mine: str) -> dict[str, Any]:
    """What only this seat sees: its combat cards in hand and used, its pending choice, its starting line."""
    side = s.sides[mine]
    return {
        "my_colour": mine,
        "my_combat_cards": list(side.combat_cards),
        "my_used_combat_cards": sorted(side.used_combat),
        "my_choice": s.combat.cards.get(mine) if s.combat is not None else None,
        "my_lineup": list(side.lineup),
    }


# -- the ring ------------------------------------------------------------------------------------------------
def ring(s: DTState) -> Counters:
    """The AP left this turn in white, the rest of its arc faintly in the active player's colour (so it
    never looks like that player's VP), then each player's VP out of 5 in its colour."""
    if s.status == "setup":
        return Counters(())
    ap = Counter(s.ap, max(s.ap_budget, s.ap, 1), "marker", faint=s.active or s.colours[0])
    points = tuple(Counter(s.sides[c].vp, TARGET_VP, c) for c in s.colours)
    alert = None
    if s.status == "over" and s.winner is not None:
        alert = Alert("spin", s.winner, period_ms=1500)
    elif s.last_combat is not None:
        alert = Alert("flash", s.last_combat.winner or "marker", count=3)
    return Counters((ap, *points), alert)


# -- the prompt ----------------------------------------------------------------------------------------------
def prompt(s: DTState, viewer: Viewer) -> Text:
    if s.status == "setup":
        return M("Start the game: name the 2 players.")
    if s.status == "over":
        return _won(s)
    return _PROMPTS[s.phase](s, viewer)


def _lineup_prompt(s: DTState, viewer: Viewer) -> Text:
    waiting = [c for c in s.colours if len(s.sides[c].lineup) < LINEUP_SIZE]
    if s.config.open_choices:
        entering = waiting[0]
        return P("Turn the starting lines face up; enter {colour}'s: {n} more character.",
                 "Turn the starting lines face up; enter {colour}'s: {n} more characters.",
                 n=LINEUP_SIZE - len(s.sides[entering].lineup), colour=colour(entering))
    if viewer.is_seat and viewer.seat in waiting:
        left = LINEUP_SIZE - len(s.sides[viewer.seat].lineup)
        return P("Choose {n} more character for your starting line, in secret.",
                 "Choose {n} more characters for your starting line, in secret.", n=left)
    return M("Waiting for the starting line of {colours}…", colours=_colours(waiting))


def _action_card_prompt(s: DTState, viewer: Viewer) -> Text:
    allowed = ", ".join(map(str, allowed_action_cards(s)))
    return M("{colour}: play an action card ({cards}).", colour=colour(s.active), cards=allowed)


def _actions_prompt(s: DTState, viewer: Viewer) -> Text:
    return P("{colour}: {n} AP left.", "{colour}: {n} AP left.", n=s.ap, colour=colour(s.active))


def _combat_prompt(s: DTState, viewer: Viewer) -> Text:
    assert s.combat is not None
    waiting = [c for c in _fighters(s) if c not in s.combat.cards]
    if s.config.open_choices:
        return P("Combat: turn both cards over; enter the card of {colours}.", "Combat: turn both cards over; enter the cards of {colours}.",
                 n=len(waiting), colours=_colours(waiting))
    if viewer.is_seat and viewer.seat in waiting:
        return M("Choose your combat card, in secret.")
    if viewer.is_seat and viewer.seat in s.combat.cards:
        return M("You chose {card}; waiting for the card of {colours}…", card=combat_card(s.combat.cards[viewer.seat]), colours=_colours(waiting))
    return P("Combat: waiting for the card of {colours}…", "Combat: waiting for the cards of {colours}…", n=len(waiting), colours=_colours(waiting))


_PROMPTS: dict[str, Callable[[DTState, Viewer], Text]] = {
    LINEUP: _lineup_prompt, ACTION_CARD: _action_card_prompt, ACTIONS: _actions_prompt, COMBAT: _combat_prompt}


def _colours(colours: Sequence[str]) -> Text:
    """"blue" or "blue and yellow"."""
    names = [colour(c) for c in colours]
    return names[0] if len(names) == 1 else M("{some} and {last}", some=joined(names[:-1], ", "), last=names[-1]) if names else ""


# -- the undo list -------------------------------------------------------------------------------------------
def describe(before: DTState, events: Sequence[Event], viewer: Viewer) -> Text:
    """One line for a step, as `viewer` may read it, e.g. "blue: Troll moves; 2 AP left"."""
    if events and isinstance(events[0], ev.GameStarted):
        first = events[0]
        started: list[Text] = [M("Game started: {players}", players=", ".join(
            f"{name} ({c})" for name, c in zip(first.players, first.colours, strict=True)))]
        started += [_line(before, e, viewer) for e in events[1:]]
        return joined([t for t in started if t], "; ")
    parts = [text for text in (_line(before, e, viewer) for e in events) if text]
    return joined(parts, "; ") if parts else ""


def _line(s: DTState, e: Event, viewer: Viewer) -> Text:
    describe_one = _DESCRIBE.get(type(e))
    return describe_one(s, e, viewer) if describe_one else ""


def _lineup_chosen(s: DTState, e: ev.LineupChosen, viewer: Viewer) -> Text:
    if e.revealed:
        return M("{colour}'s starting line: {characters}", colour=colour(e.colour), characters=joined([piece(p) for p in e.characters], ", "))
    if viewer.is_seat and viewer.seat == e.colour:
        return M("{colour} puts {characters} on the starting line", colour=colour(e.colour),
                 characters=joined([piece(p) for p in e.characters], ", "))
    return M("{colour} has chosen {n} of {all} starting characters", n=len(s.sides[e.colour].lineup) + len(e.characters), all=LINEUP_SIZE,
             colour=colour(e.colour))


def _lineups(s: DTState, e: ev.LineupsRevealed, viewer: Viewer) -> Text:
    return joined([M("{colour} starts with {characters}", colour=colour(c), characters=joined([piece(p) for p in line], ", "))
                   for c, line in e.lineups.items()], "; ")


def _action(s: DTState, e: ev.ActionTaken, viewer: Viewer) -> Text:
    if e.action == "attack":  # the declared fight says it, with its AP
        return ""
    who = piece(piece_of(e.character)) if e.character else ""
    describe_action = _ACTIONS.get(e.action)
    what = describe_action(who, e) if describe_action else M("{character}: {action}", character=who, action=e.action)
    return M("{colour}: {what} ({n} AP)", colour=colour(e.colour), what=what, n=e.ap)


_ACTIONS: dict[str, Callable[[Text, ev.ActionTaken], Text]] = {
    "move": lambda who, e: M("{character} moves", character=who),
    "reveal": lambda who, e: M("{character} reveals a room", character=who),
    "rotate": lambda who, e: P("{character} turns a room {n} quarter", "{character} turns a room {n} quarters", n=int(e.detail or 1), character=who),
    "jump": lambda who, e: M("{character} jumps", character=who),
    "ability": lambda who, e: M("{character}: {ability}", character=who, ability=ability(e.detail or "")),
    "use": lambda who, e: M("{character} uses the {item}", character=who, item=piece(e.detail or "")),
}


def _chosen(s: DTState, e: ev.CombatCardChosen, viewer: Viewer) -> Text:
    """The card itself stays out of the list (seed: used cards lie face down), even one entered face up."""
    if viewer.is_seat and viewer.seat == e.colour:
        return M("{colour} chose {card}", colour=colour(e.colour), card=combat_card(e.card))
    if s.config.open_choices:
        return M("{colour}'s combat card entered", colour=colour(e.colour))
    return M("{colour} has chosen", colour=colour(e.colour))


def _revealed(s: DTState, e: ev.CombatRevealed, viewer: Viewer) -> Text:
    """The log keeps who won, never the totals (they would give the cards away to anyone reading back)."""
    if e.winner is None:
        return M("cards revealed: a tie, nothing happens")
    return M("cards revealed: {colour} wins the fight", colour=colour(e.winner))


_DESCRIBE: dict[type, Callable[[DTState, Any, Viewer], Text]] = {
    ev.LineupChosen: _lineup_chosen,
    ev.LineupsRevealed: _lineups,
    ev.TurnStarted: lambda s, e, v: M("{colour}'s turn {n}", colour=colour(e.colour), n=e.number),
    ev.ActionCardPlayed: lambda s, e, v: M("{colour} plays the {n} action card", colour=colour(e.colour), n=e.card),
    ev.ActionTaken: _action,
    ev.APGained: lambda s, e, v: P("+{n} AP", "+{n} AP", n=e.ap),
    ev.TokenDropped: lambda s, e, v: M("{carrier} drops {token}", carrier=owned(e.carrier), token=owned(e.token)),
    ev.TokenTaken: lambda s, e, v: M("{carrier} takes {token}", carrier=owned(e.carrier), token=owned(e.token)),
    ev.TokensAppeared: lambda s, e, v: M("in the room: {tokens}", tokens=joined([owned(t) for t in e.tokens], ", ")),
    ev.RoomRevealed: lambda s, e, v: M("room {n} revealed", n=e.room),
    ev.RoomRotated: lambda s, e, v: M("room {n} turned", n=e.room),
    ev.JumpCardUsed: lambda s, e, v: M("a jump card used"),
    ev.CharacterLeft: lambda s, e, v: M("{token} leaves the maze", token=owned(e.token)),
    ev.CarriedOut: lambda s, e, v: M("{token} carried out", token=owned(e.token)),
    ev.CombatDeclared: lambda s, e, v: P("{attackers} attacks {defenders} (1 AP)", "{attackers} attack {defenders} (1 AP)", n=len(e.attackers),
                                         attackers=group(e.attackers), defenders=group(e.defenders)),
    ev.CombatCardChosen: _chosen,
    ev.CombatRevealed: _revealed,
    ev.CharacterWounded: lambda s, e, v: M("{token} is wounded", token=owned(e.token)),
    ev.CharacterKilled: lambda s, e, v: M("{token} dies", token=owned(e.token)),
    ev.CharacterHealed: lambda s, e, v: M("{token} is healed", token=owned(e.token)),
    ev.ObjectUsedUp: lambda s, e, v: M("{token} used up", token=owned(e.token)),
    ev.PointsScored: lambda s, e, v: P("{colour} +{n} VP", "{colour} +{n} VP", n=e.points, colour=colour(e.colour)),
    ev.TurnEnded: lambda s, e, v: M("no AP left") if e.auto else M("{colour} ends the turn", colour=colour(e.colour)),
    ev.ActionCardsTakenBack: lambda s, e, v: M("{colour} takes the action cards back", colour=colour(e.colour)),
    ev.GameWon: lambda s, e, v: M("{colour} wins!", colour=colour(e.colour)),
}


# -- what the table must hear --------------------------------------------------------------------------------
def announcements(before: DTState, events: Sequence[Event]) -> list[Text]:
    """Public alerts, spoken even when only alerts are: "blue has chosen", the reveal with both totals
    and what came of it ("blue 7 against yellow 5: yellow's Troll is wounded"), AP left after spending,
    a new turn's AP, and the winner."""
    said: list[Text] = []
    for i, event in enumerate(events):
        if isinstance(event, ev.CombatCardChosen):
            said.append(_chosen_spoken(before, event))
        elif isinstance(event, ev.CombatRevealed):
            said.append(_reveal_spoken(event, events[i + 1:]))
        elif isinstance(event, ev.ActionCardPlayed):
            said.append(P("{colour}: {n} AP.", "{colour}: {n} AP.", n=event.card, colour=colour(event.colour)))
        elif isinstance(event, ev.GameWon):
            said.append(M("{colour} wins!", colour=colour(event.colour)))
    after = before
    for event in events:
        after = evolve(after, event)
    acted = any(isinstance(e, (ev.ActionTaken, ev.CombatRevealed)) for e in events)
    if acted and after.phase == ACTIONS and after.active == before.active and after.status == "playing":
        said.append(P("{n} AP left.", "{n} AP left.", n=after.ap))
    return said


def _chosen_spoken(s: DTState, e: ev.CombatCardChosen) -> Text:
    """A card entered face up is said back, so a table entering it by a tap or a scan hears what it entered."""
    if s.config.open_choices:
        return M("{colour}: {card}.", colour=colour(e.colour), card=combat_card(e.card))
    return M("{colour} has chosen.", colour=colour(e.colour))


def _reveal_spoken(e: ev.CombatRevealed, after: Sequence[Event]) -> Text:
    totals = M("{a} {ta} against {d} {td}", a=colour(e.attacker), ta=e.attacker_total, d=colour(e.defender), td=e.defender_total)
    if e.winner is None:
        return M("{totals}: a tie. {colour} may pay 1 AP to fight again.", totals=totals, colour=colour(e.attacker))
    fates = [M("{token} is wounded", token=owned(x.token)) if isinstance(x, ev.CharacterWounded) else M("{token} dies", token=owned(x.token))
             for x in after if isinstance(x, (ev.CharacterWounded, ev.CharacterKilled))]
    return M("{totals}: {fates}.", totals=totals, fates=joined(fates, ", "))

"""What each viewer sees of a Big Bang game, derived from state alone.

- `view(state, viewer)`: the table and every seat see what lies open on the cardboard or was said
  aloud: never the solution, the PIN, or the pile's order or composition beyond its size. The game
  master (behind the PIN) sees the solution and the decks as well.
- `turn`, `seats`: the typed turn (whose turn, the phase, the result) and the players.
- `ring`: what the LED ring shows (the moon track).
- `prompt`: what the table must do next.
- `describe`: the undo-list line for one step.
- `odds`: the exact chance to beat each enemy, an analysis computed only when a screen asks.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.contract import Result, Seat, Turn, Viewer
from companion.games.bigbang import events as ev
from companion.games.bigbang import names
from companion.games.bigbang.phases import ACTIONS, CHOOSE, DEAL, DRAW, DRAWING, LAYOUT, LETTERS, RED_MOON, REFILL
from companion.games.bigbang.rules import fight_bonus, special_possible, win_chance
from companion.games.bigbang.state import BigBangState, evolve
from companion.messages import M, P, Text, joined
from companion.odds import percent
from companion.records import Event
from companion.ring import Alert, Track


# -- the contract's typed parts ---------------------------------------------------------------------
def seats(s: BigBangState) -> tuple[Seat, ...]:
    return tuple(Seat(name, name) for name in s.players)


def turn(s: BigBangState) -> Turn:
    if s.status == "setup":
        return Turn("setup")
    if s.status in ("won", "lost"):
        return Turn("over", result=Result(s.players if s.status == "won" else (), _ending(s)))
    if s.phase in (LAYOUT, LETTERS):  # the table lays the location cards and the letters: no one player acts
        return Turn("playing", s.phase)
    return Turn("playing", s.phase, (s.active_player,) if s.active_player else ())


def _ending(s: BigBangState) -> Text:
    if s.status == "won":
        return M("The gate is closed. You win!")
    if s.lost_reason == "pile":
        return M("The draw pile ran out. The game is lost.")
    return M("The ring reached the red moon. The game is lost.")


def view(s: BigBangState, viewer: Viewer) -> dict[str, Any]:
    c = s.config
    fields: dict[str, Any] = {
        "moon": s.moon,
        "track": {"length": c.track_length, "bottom": 0, "top": c.top, "start": c.track_start},
        "cubes": s.cubes,
        "max_cubes": c.max_cubes,
        "gate_cost": c.gate_cost,
        "players": [
            {"name": name, "hand": dict(sorted(hand.items())), "hand_size": sum(hand.values()), "active": i == s.active}
            for i, (name, hand) in enumerate(zip(s.players, s.hands, strict=True))
        ],
        "characters": dict(s.positions),
        "locations": [_location(s, n) for n in range(1, 7)],
        "pile": s.pile_size,
        "artefacts": dict(sorted(s.artefacts.items())),
        "artefact_deck": sum(s.artefact_deck.values()),
        "relics": list(s.relics),
        "gate": {
            "runes": list(c.runes),
            "board": list(s.board),
            "off_board": [letter for letter in c.letters if letter not in s.board],
            "clues": dict(s.clues),
            "clues_owed": s.clues_owed,
            "feedback": c.feedback,
            "last_attempt": None if s.last_gate is None else {"success": s.last_gate.success, "correct": s.last_gate.correct},
        },
        "chosen": None if s.turn is None else {
            "character": s.turn.character,
            "actions_left": s.turn.actions_left,
            "special_available": not s.turn.special_used and not s.turn.acted and special_possible(s, s.turn.character),
        },
        "to_draw": s.to_draw,
        "red_moon": s.red_moon_open,
        "danger_on_board": s.danger_on_board,
        "last_roll": s.last_roll,
        "lost_reason": s.lost_reason,
        "cards_from": c.cards_from,
        "has_master_pin": s.master_pin is not None,
    }
    if viewer.kind == "master":
        fields["solution"] = dict(zip(c.runes, s.solution, strict=True))
        fields["pile_cards"] = dict(sorted(s.pile.items()))
        fields["decks"] = {deck: dict(sorted(cards.items())) for deck, cards in s.decks.items()}
        fields["artefact_deck_cards"] = dict(sorted(s.artefact_deck.items()))
    return fields


def _location(s: BigBangState, n: int) -> dict[str, Any]:
    card = s.card_at(n)
    deck = s.config.location_decks[n - 1]
    return {
        "number": n,
        "name": s.config.location_names[n - 1],
        "card": None if card is None else {
            "id": card.id, "name": card.name, "kind": card.kind,
            "strength": card.strength, "danger": card.danger, "reward": card.reward_text,
        },
        "characters": [c for c, where in s.positions.items() if where == n],
        "deck": deck,
        "deck_left": sum(s.decks.get(deck, {}).values()),
    }


def ring(s: BigBangState) -> Track:
    """The moon track as the ring shows it: the moon, the red-moon bottom, the top, and any alert."""
    alert = None
    if s.status == "won":
        alert = Alert("spin", "gold", period_ms=1500)
    elif s.status == "lost":
        alert = Alert("pulse", "danger", period_ms=1200)
    elif s.red_moon_open:
        alert = Alert("flash", "danger", count=3)
    return Track(length=s.config.track_length, position=s.moon, bottom=0, top=s.config.top,
                 danger=s.danger_on_board if s.red_moon_open else 0, alert=alert)


# -- odds, on request ----------------------------------------------------------------------------------
def odds(s: BigBangState, viewer: Viewer | None = None) -> list[dict[str, Any]]:
    """For each enemy on the board: the active character's exact chance to beat it (digest §Fights).

    `sword` says the Sword of Billy Sparks is there and beats this enemy. `how` says how the fight
    would happen: "here" (the character stands there; the company bonus counts), "remote" (Howard's
    special action, or Raj copying it: no bonus at all), or "move" (after moving there; company bonus
    as it would be). `with_help` lists the chance with 1, 2, … helper cards, as many as the other
    players hold of this character.
    """
    if s.turn is None or s.phase != ACTIONS:
        return []
    character = s.turn.character
    helper_cards = sum(hand.get(character, 0) for i, hand in enumerate(s.hands) if i != s.active)
    reroll, sword = bool(s.artefacts.get("reroll")), "sword" in s.relics
    result = []
    for n in range(1, 7):
        card = s.card_at(n)
        if not card or card.kind != "enemy":
            continue
        if s.positions[character] == n:
            how, bonus = "here", fight_bonus(s, character)
        elif _can_fight_remotely(s, character):
            how, bonus = "remote", 0
        else:
            how, bonus = "move", int(any(where == n for c, where in s.positions.items() if c != character))
        p = win_chance(card.strength, bonus, reroll, sword, s.config.sword_max_strength)
        with_help = [] if how == "remote" else [
            percent(win_chance(card.strength, bonus + k, reroll, sword, s.config.sword_max_strength)) for k in range(1, helper_cards + 1)]
        result.append({
            "location": n, "enemy": card.name, "strength": card.strength, "danger": card.danger,
            "how": how, "here": how == "here", "bonus": bonus, "win": str(p), "percent": percent(p),
            "sword": sword and card.strength <= s.config.sword_max_strength, "with_help": with_help,
        })
    return result


def _can_fight_remotely(s: BigBangState, character: str) -> bool:
    if s.turn is None or s.turn.special_used or s.turn.acted:
        return False
    return character == "howard" or (character == "raj" and "howard" in s.others_at("raj"))


# -- the prompt ---------------------------------------------------------------------------------------
def prompt(s: BigBangState, viewer: Viewer | None = None) -> Text:
    player = s.active_player or ""
    if s.status == "setup":
        return P("Start the game: name the player in turn order.", "Start the game: name the {n} players in turn order.", n=s.config.players)
    if s.status in ("won", "lost"):
        return _ending(s)
    text: list[Text] = [_PHASE_PROMPTS[s.phase](s, player)]
    if s.red_moon_open and s.phase in (CHOOSE, ACTIONS):
        text.insert(0, M("Red moon! {player}: one action turn, then the ring drops {n}.", player=player, n=s.danger_on_board))
    if s.clues_owed:
        text.append(M("A clue is owed: pick a letter to ask about."))
    return joined(text)


def _deal(s: BigBangState, player: str) -> Text:
    left = s.config.starting_hand - sum(s.hand.values())
    return P("Deal {player} {n} more card: scan it, or pick it here.", "Deal {player} {n} more cards: scan each one, or pick it here.",
             n=left, player=player)


def _layout(s: BigBangState, player: str) -> Text:
    places = joined([names.place(s.config.location_names[n - 1]) for n in s.fillable_locations()], ", ")
    return M("Lay a location card on each place and scan it: {places}.", places=places)


def _letters(s: BigBangState, player: str) -> Text:
    rune = s.config.runes[len(s.board)]
    return M("Which letter lies at {rune} ({n} of {total})? Pick it here, or let the companion lay the letters.",
             rune=rune, n=len(s.board) + 1, total=len(s.config.runes))


def _choose(s: BigBangState, player: str) -> Text:
    return M("{player}: choose a character and say how many of its cards you play, or pass.", player=player)


def _actions(s: BigBangState, player: str) -> Text:
    chosen = s.turn
    assert chosen is not None
    text: list[Text] = [P("{player} plays {character}: {n} action left.", "{player} plays {character}: {n} actions left.",
                          n=chosen.actions_left, player=player, character=names.character(chosen.character))]
    if not chosen.special_used and not chosen.acted and special_possible(s, chosen.character):
        text.append(M("Special action available."))
    return joined(text)


def _draw(s: BigBangState, player: str) -> Text:
    room = s.config.hand_limit - sum(s.hand.values())
    if room < 1:
        return M("{player}: the hand is full; discard a card, then draw 1.", player=player)
    return M("{player}: say how many cards you draw (1 to {room}); the pile has {pile}.", player=player, room=room, pile=s.pile_size)


def _drawing(s: BigBangState, player: str) -> Text:
    return P("{player}: draw {n} more card and show it.", "{player}: draw {n} more cards and show each one.", n=s.to_draw, player=player)


def _red_moon(s: BigBangState, player: str) -> Text:
    return M("Red moon! Use the Amulet of Leslie Winkle to ignore it, or accept it.")


def _refill(s: BigBangState, player: str) -> Text:
    places = joined([names.place(s.config.location_names[n - 1]) for n in s.fillable_locations()], ", ")
    return M("Lay new location cards on: {places}.", places=places)


_PHASE_PROMPTS: dict[str, Callable[[BigBangState, str], Text]] = {
    DEAL: _deal, LAYOUT: _layout, LETTERS: _letters, CHOOSE: _choose, ACTIONS: _actions, DRAW: _draw, DRAWING: _drawing, RED_MOON: _red_moon, REFILL: _refill}


# -- the undo list ------------------------------------------------------------------------------------
def describe(before: BigBangState, events: Sequence[Event], viewer: Viewer | None = None) -> Text:
    """One line for a step, e.g. "Ann: Penny's special action; the ring moves up (5 → 6)"."""
    if events and isinstance(events[0], ev.GameStarted):  # dealing and laying out are not worth a line each
        return _started(before, events)
    parts = [text for text in (_DESCRIBE[type(e)](before, e) for e in events if type(e) in _DESCRIBE) if text]
    letters = [e for e in events if isinstance(e, ev.LetterLaid)]
    if len(letters) > 1:  # the companion laid the rest: one part, not seven
        parts = [M("letters laid: {letters}", letters=", ".join(f"{e.rune} {e.letter}" for e in letters))]
    if not parts:
        return ""
    sentence = joined(parts, "; ")
    actor = before.active_player if before.status == "playing" and before.phase not in (DEAL, LAYOUT, LETTERS) else None
    return M("{player}: {what}", player=actor, what=sentence) if actor else sentence


def _started(before: BigBangState, events: Sequence[Event]) -> Text:
    """The start: who plays, what was dealt and laid; with the companion's own cards, what it dealt (nobody
    saw those cards come off a pile) and where its letters lie; with the real cards, what to tell next."""
    start = events[0]
    assert isinstance(start, ev.GameStarted)
    after = before
    for event in events:
        after = evolve(after, event)
    players = ", ".join(start.players)
    dealt = any(isinstance(e, ev.HandDealt) for e in events)
    laid = any(isinstance(e, ev.LocationFilled) for e in events)
    parts: list[Text] = [M("Game started with {players}; cards dealt, locations laid", players=players) if dealt and laid
                         else M("Game started with {players}", players=players)]
    if dealt and not laid:
        parts.append(M("cards dealt"))
    if after.config.cards_from == "companion":
        if dealt:
            parts += [M("{player}: {what}", player=player, what=names.hand(dict(sorted(hand.items()))))
                      for player, hand in zip(after.players, after.hands, strict=True)]
        if start.board:
            parts.append(M("letters at the gate: {letters}", letters=" ".join(start.board)))
    next_up = {DEAL: M("now deal the starting hands"), LAYOUT: M("now lay the location cards"), LETTERS: M("now tell the letters at the gate")}
    if after.phase in next_up:
        parts.append(next_up[after.phase])
    return joined(parts, "; ")


def _place(s: BigBangState, location: int | None) -> Text:
    return M("off the board") if location is None else names.place(s.config.location_names[location - 1])


def _card_name(s: BigBangState, card: str) -> Text:
    return names.card_name(s.config.cards[card].name) if card in s.config.cards else card


def _fight(s: BigBangState, e: ev.FightResolved) -> Text:
    enemy = s.config.cards[e.card]
    if e.sword:
        how: Text = M("with the sword")
    else:
        first: Text = names.face(e.die) if e.die is not None else "?"
        roll: Text = joined([first, names.face(e.reroll)], " → ") if e.reroll is not None else first
        how = M("rolled {roll} + {bonus}", roll=roll, bonus=e.bonus)
    result = M("won") if e.won else M("lost")
    return M("{character} fought {enemy} (strength {strength}), {how}: {result}",
             character=names.character(e.character), enemy=enemy.name, strength=enemy.strength, how=how, result=result)


def _moon_moved(s: BigBangState, e: ev.MoonMoved) -> Text:
    if e.to > e.source:
        return M("the ring moves up ({a} → {b})", a=e.source, b=e.to)
    return M("the ring moves down ({a} → {b})", a=e.source, b=e.to)


def _cubes(s: BigBangState, e: ev.CubesChanged) -> Text:
    if e.lost:
        return P("cubes {a} → {b} ({n} lost)", "cubes {a} → {b} ({n} lost)", n=e.lost, a=e.source, b=e.to)
    return M("cubes {a} → {b}", a=e.source, b=e.to)


def _draw_announced(s: BigBangState, e: ev.DrawAnnounced) -> Text:
    if e.discard:
        return P("draws {n}, discarding {cards}", "draws {n}, discarding {cards}", n=e.count,
                 cards=joined([names.character(c) for c in e.discard], ", "))
    return P("draws {n}", "draws {n}", n=e.count)


_DESCRIBE: dict[type, Callable[[BigBangState, Any], Text]] = {
    ev.HandDealt: lambda s, e: (M("{player} is dealt {card}", player=e.player, card=names.character(e.cards[0])) if len(e.cards) == 1
                                else P("{player} gets {n} card", "{player} gets {n} cards", n=len(e.cards), player=e.player)),
    ev.LocationFilled: lambda s, e: M("{card} laid at {place}", card=_card_name(s, e.card), place=_place(s, e.location)),
    ev.LetterLaid: lambda s, e: M("{letter} lies at {rune}", letter=e.letter, rune=e.rune),
    ev.TurnStarted: lambda s, e: M("{player}'s turn", player=e.player),
    ev.CharacterChosen: lambda s, e: P("plays {n} {character} card", "plays {n} {character} cards", n=e.cards, character=names.character(e.character)),
    ev.Passed: lambda s, e: M("passes"),
    ev.SpecialUsed: lambda s, e: (M("{character}'s special action", character=names.character(e.character)) if e.power == e.character
                                  else M("Raj copies {character}'s special action", character=names.character(e.power))),
    ev.CharacterMoved: lambda s, e: M("{character} moves to {place}", character=names.character(e.character), place=_place(s, e.location)),
    ev.MoonMoved: _moon_moved,
    ev.CubesChanged: _cubes,
    ev.HelpPlayed: lambda s, e: P("{player} helps with {n} card", "{player} helps with {n} cards", n=e.cards, player=e.player),
    ev.FightResolved: _fight,
    ev.RewardTaken: lambda s, e: M("{card} gives {reward}", card=_card_name(s, e.card), reward=names.reward_option(e.option)),
    ev.ArtefactDrawn: lambda s, e: M("artefact drawn: {a}", a=names.item(e.artefact)) if e.artefact else M("no artefact left to draw"),
    ev.ArtefactUsed: lambda s, e: M("artefact used: {a}", a=names.item(e.artefact)),
    ev.RelicGained: lambda s, e: M("relic won: {r}", r=names.item(e.relic)),
    ev.RelicUsed: lambda s, e: M("relic used: {r}", r=names.item(e.relic)),
    ev.ClueGiven: lambda s, e: (M("clue: {letter} belongs to {rune}", letter=e.letter, rune=e.rune) if e.rune
                                else M("clue: {letter} belongs to no rune", letter=e.letter)),
    ev.LettersSwapped: lambda s, e: M("letters {a} and {b} swapped", a=e.a, b=e.b),
    ev.GateAttempted: lambda s, e: (M("the gate closes!") if e.success else
                                    M("gate attempt failed") if e.correct is None else
                                    P("gate attempt failed: {n} letter right", "gate attempt failed: {n} letters right", n=e.correct)),
    ev.RedMoonStruck: lambda s, e: M("the red moon strikes (danger {n})", n=e.danger),
    ev.DrawAnnounced: _draw_announced,
    ev.CardDrawn: lambda s, e: M("a red moon") if e.card == "red_moon" else M("drew {character}", character=names.character(e.card)),
    ev.RedMoonIgnored: lambda s, e: M("the amulet ignores the red moon"),
    ev.GameWon: lambda s, e: M("the game is won"),
    ev.GameLost: lambda s, e: M("the game is lost"),
    ev.DieRolled: lambda s, e: M("the die shows {face}", face=names.face(e.face)),
}


# -- what the table must hear ---------------------------------------------------------------------------
def announcements(before: BigBangState, events: Sequence[Event]) -> list[Text]:
    """The alerts of a step (spoken even when speech is set to alerts only): a red moon and what it
    will cost, the ring dropping, a fight's result, the gate's answer, the end of the game."""
    said: list[Text] = []
    for event in events:
        text = _ALERTS[type(event)](before, event) if type(event) in _ALERTS else None
        if text:
            said.append(text)
    return said


def _red_moon_drawn(s: BigBangState, e: ev.CardDrawn) -> Text | None:
    if e.card != "red_moon":
        return None
    return M("Red moon: after the next turn the ring drops {n}.", n=s.danger_on_board)


def _fight_said(s: BigBangState, e: ev.FightResolved) -> Text:
    """A fight's result as the voice says it; the undo list keeps the roll and the strength."""
    character, enemy = names.character(e.character), s.config.cards[e.card].name
    return M("{character} beats {enemy}", character=character, enemy=enemy) if e.won else M("{character} loses to {enemy}",
                                                                                           character=character, enemy=enemy)


_ALERTS: dict[type, Callable[[BigBangState, Any], Text | None]] = {
    ev.CardDrawn: _red_moon_drawn,
    ev.RedMoonStruck: lambda s, e: M("The red moon strikes: the ring drops {n}.", n=e.danger),
    ev.FightResolved: lambda s, e: _fight_said(s, e),
    ev.GateAttempted: lambda s, e: _DESCRIBE[ev.GateAttempted](s, e),
    ev.GameWon: lambda s, e: M("The gate is closed. You win!"),
    ev.GameLost: lambda s, e: M("The game is lost."),
}

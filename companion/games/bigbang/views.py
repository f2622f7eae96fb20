"""What each audience sees of a Big Bang game, derived from state alone.

- public_view: everything the table may see. Never the solution, the PIN, the pile's order or
  composition beyond its size: only what a player could see on the cardboard or was told.
- master_view: the public view plus the game master's secrets.
- ring_view: what the LED moon ring shows.
- prompt: what the table must do next, in one sentence or two.
- describe: the sentence of the undo list for one step.
"""
from __future__ import annotations

from companion.games.bigbang import events as ev
from companion.games.bigbang.config import RED_MOON
from companion.games.bigbang.rules import fight_bonus, win_chance
from companion.games.bigbang.state import BigBangState
from companion.i18n import _
from companion.odds import percent


def public_view(s: BigBangState) -> dict:
    c = s.config
    return {
        "game": "bigbang",
        "status": s.status,
        "phase": s.phase,
        "active_player": s.active_player if s.status != "setup" else None,
        "player_names": list(s.players),
        "prompt": prompt(s),
        "moon": s.moon,
        "track": {"length": c.track_length, "bottom": 0, "top": c.top, "start": c.track_start},
        "cubes": s.cubes,
        "max_cubes": c.max_cubes,
        "gate_cost": c.gate_cost,
        "players": [
            {"name": name, "hand": dict(sorted(hand.items())), "hand_size": sum(hand.values()), "active": i == s.active}
            for i, (name, hand) in enumerate(zip(s.players, s.hands))
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
        "turn": None if s.turn is None else {
            "character": s.turn.character,
            "actions_left": s.turn.actions_left,
            "special_available": not s.turn.special_used and not s.turn.acted,
        },
        "to_draw": s.to_draw,
        "red_moon": s.red_moon_open,
        "danger_on_board": s.danger_on_board,
        "odds": odds(s),
        "last_roll": s.last_roll,
        "lost_reason": s.lost_reason,
        "cards_from": c.cards_from,
    }


def _location(s: BigBangState, n: int) -> dict:
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


def master_view(s: BigBangState) -> dict:
    view = public_view(s)
    view["solution"] = dict(zip(s.config.runes, s.solution))
    view["pile_cards"] = dict(sorted(s.pile.items()))
    view["decks"] = {deck: dict(sorted(cards.items())) for deck, cards in s.decks.items()}
    view["artefact_deck_cards"] = dict(sorted(s.artefact_deck.items()))
    return view


def ring_view(s: BigBangState) -> dict:
    """The moon track as the ring shows it: position, the red-moon bottom, the top, and any alert."""
    alert = None
    if s.status in ("won", "lost"):
        alert = s.status
    elif s.red_moon_open:
        alert = "red_moon"
    return {
        "kind": "track",
        "track": s.config.track_length,
        "moon": s.moon,
        "bottom": 0,
        "top": s.config.top,
        "danger": s.danger_on_board if s.red_moon_open else 0,
        "alert": alert,
    }


def odds(s: BigBangState) -> list[dict]:
    """For each enemy on the board: the active character's exact chance to beat it (digest §Fights).

    `sword` says the Sword of Billy Sparks is there and beats this enemy. `how` says how the fight would happen: "here" (the character stands there; the company bonus
    counts), "remote" (Howard's special action, or Raj copying it: no bonus at all), or "move" (after
    moving there; company bonus as it would be). `with_help` lists the chance with 1, 2, … helper
    cards, as many as the other players hold of this character.
    """
    if s.turn is None or s.phase != "actions":
        return []
    character = s.turn.character
    helper_cards = sum(hand.get(character, 0) for i, hand in enumerate(s.hands) if i != s.active)
    reroll, sword = bool(s.artefacts.get("reroll")), "sword" in s.relics
    chance = lambda strength, bonus: win_chance(strength, bonus, reroll, sword, s.config.sword_max_strength)  # noqa: E731
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
        p = chance(card.strength, bonus)
        result.append({
            "location": n, "enemy": card.name, "strength": card.strength, "danger": card.danger,
            "how": how, "here": how == "here", "bonus": bonus, "win": str(p), "percent": percent(p),
            "sword": sword and card.strength <= s.config.sword_max_strength,
            "with_help": [] if how == "remote" else [percent(chance(card.strength, bonus + k)) for k in range(1, helper_cards + 1)],
        })
    return result


def _can_fight_remotely(s: BigBangState, character: str) -> bool:
    if s.turn.special_used or s.turn.acted:
        return False
    return character == "howard" or (character == "raj" and "howard" in s.others_at("raj"))


# -- the prompt ---------------------------------------------------------------------------------------
def prompt(s: BigBangState) -> str:
    player = s.active_player
    if s.status == "setup":
        return _("Start the game: name the {n} players in turn order.").format(n=s.config.players)
    if s.status == "won":
        return _("The gate is closed. You win!")
    if s.status == "lost":
        if s.lost_reason == "pile":
            return _("The draw pile ran out. The game is lost.")
        return _("The ring reached the red moon. The game is lost.")
    text = _PHASE_PROMPTS[s.phase](s, player)
    if s.red_moon_open and s.phase in ("choose", "actions"):
        text = _("Red moon! {player}: one action turn, then the ring drops {n}.").format(player=player, n=s.danger_on_board) + " " + text
    if s.clues_owed:
        text += " " + _("A clue is owed: pick a letter to ask about.")
    return text


def _choose(s: BigBangState, player: str) -> str:
    return _("{player}: choose a character and say how many of its cards you play, or pass.").format(player=player)


def _actions(s: BigBangState, player: str) -> str:
    turn = s.turn
    text = _("{player} plays {character}: {n} action(s) left.").format(player=player, character=turn.character.title(), n=turn.actions_left)
    if not turn.special_used and not turn.acted:
        text += " " + _("Special action available.")
    here = [o for o in odds(s) if o["here"]]
    if here:
        o = here[0]
        text += " " + _("Fight {enemy} here: {p}% to win.").format(enemy=o["enemy"], p=o["percent"])
    return text


def _draw(s: BigBangState, player: str) -> str:
    room = s.config.hand_limit - sum(s.hand.values())
    if room < 1:
        return _("{player}: the hand is full; discard a card, then draw 1.").format(player=player)
    return _("{player}: say how many cards you draw (1 to {room}); the pile has {pile}.").format(player=player, room=room, pile=s.pile_size)


def _drawing(s: BigBangState, player: str) -> str:
    return _("{player}: draw {n} more card(s) and show each one.").format(player=player, n=s.to_draw)


def _red_moon(s: BigBangState, player: str) -> str:
    return _("Red moon! Use the Amulet of Leslie Winkle to ignore it, or accept it.")


def _refill(s: BigBangState, player: str) -> str:
    places = ", ".join(s.config.location_names[n - 1] for n in s.fillable_locations())
    return _("Lay new location cards on: {places}.").format(places=places)


_PHASE_PROMPTS = {"choose": _choose, "actions": _actions, "draw": _draw, "drawing": _drawing, "red_moon": _red_moon, "refill": _refill}


# -- the undo list ------------------------------------------------------------------------------------
def describe(before: BigBangState, events: list[ev.Event]) -> str:
    """One sentence for a step, e.g. "Ann: Penny's special action; the ring moves up (5 → 6)"."""
    if events and isinstance(events[0], ev.GameStarted):  # dealing and laying out are not worth a line each
        return _("Game started with {players}; cards dealt, locations laid").format(players=", ".join(events[0].players))
    parts = [text for text in (_DESCRIBE.get(type(e), lambda s, e: "")(before, e) for e in events) if text]
    if not parts:
        return ""
    actor = before.active_player if before.status == "playing" else None
    sentence = "; ".join(parts)
    return f"{actor}: {sentence}" if actor else sentence[0].upper() + sentence[1:]


def _place(s: BigBangState, location: int | None) -> str:
    return _("off the board") if location is None else s.config.location_names[location - 1]


def _card_name(s: BigBangState, card: str) -> str:
    return s.config.cards[card].name if card in s.config.cards else card


def _fight(s: BigBangState, e: ev.FightResolved) -> str:
    enemy = s.config.cards[e.card]
    if e.sword:
        how = _("with the sword")
    else:
        roll = e.die if e.reroll is None else f"{e.die} → {e.reroll}"
        how = _("rolled {roll} + {bonus}").format(roll=roll, bonus=e.bonus)
    result = _("won") if e.won else _("lost")
    return _("{character} fought {enemy} (strength {strength}), {how}: {result}").format(
        character=e.character.title(), enemy=enemy.name, strength=enemy.strength, how=how, result=result)


_DESCRIBE = {
    ev.HandDealt: lambda s, e: _("{player} gets {n} cards").format(player=e.player, n=len(e.cards)),
    ev.LocationFilled: lambda s, e: _("{card} laid at {place}").format(card=_card_name(s, e.card), place=_place(s, e.location)),
    ev.TurnStarted: lambda s, e: _("{player}'s turn").format(player=e.player),
    ev.CharacterChosen: lambda s, e: _("plays {n} {character} card(s)").format(n=e.cards, character=e.character.title()),
    ev.Passed: lambda s, e: _("passes"),
    ev.SpecialUsed: lambda s, e: (_("{character}'s special action").format(character=e.character.title()) if e.power == e.character
                                  else _("Raj copies {character}'s special action").format(character=e.power.title())),
    ev.CharacterMoved: lambda s, e: _("{character} moves to {place}").format(character=e.character.title(), place=_place(s, e.location)),
    ev.MoonMoved: lambda s, e: (_("the ring moves up ({a} → {b})") if e.to > e.source else _("the ring moves down ({a} → {b})")).format(a=e.source, b=e.to),
    ev.CubesChanged: lambda s, e: _("cubes {a} → {b}").format(a=e.source, b=e.to) + (_(" ({n} lost)").format(n=e.lost) if e.lost else ""),
    ev.HelpPlayed: lambda s, e: _("{player} helps with {n} card(s)").format(player=e.player, n=e.cards),
    ev.FightResolved: _fight,
    ev.RewardTaken: lambda s, e: _("{card} gives {reward}").format(card=_card_name(s, e.card), reward=" + ".join(e.option)),
    ev.ArtefactDrawn: lambda s, e: _("artefact drawn: {a}").format(a=e.artefact) if e.artefact else _("no artefact left to draw"),
    ev.ArtefactUsed: lambda s, e: _("artefact used: {a}").format(a=e.artefact),
    ev.RelicGained: lambda s, e: _("relic won: {r}").format(r=e.relic),
    ev.RelicUsed: lambda s, e: _("relic used: {r}").format(r=e.relic),
    ev.ClueGiven: lambda s, e: (_("clue: {letter} belongs to {rune}").format(letter=e.letter, rune=e.rune) if e.rune
                                else _("clue: {letter} belongs to no rune").format(letter=e.letter)),
    ev.LettersSwapped: lambda s, e: _("letters {a} and {b} swapped").format(a=e.a, b=e.b),
    ev.GateAttempted: lambda s, e: (_("the gate closes!") if e.success else
                                    _("gate attempt failed") + (_(": {n} letter(s) right").format(n=e.correct) if e.correct is not None else "")),
    ev.RedMoonStruck: lambda s, e: _("the red moon strikes (danger {n})").format(n=e.danger),
    ev.DrawAnnounced: lambda s, e: _("draws {n}").format(n=e.count) + (_(", discarding {cards}").format(cards=", ".join(c.title() for c in e.discard)) if e.discard else ""),
    ev.CardDrawn: lambda s, e: _("a red moon") if e.card == RED_MOON else _("drew {character}").format(character=e.card.title()),
    ev.RedMoonIgnored: lambda s, e: _("the amulet ignores the red moon"),
    ev.GameWon: lambda s, e: _("the game is won"),
    ev.GameLost: lambda s, e: _("the game is lost"),
    ev.DieRolled: lambda s, e: _("the die shows {face}").format(face=_("red moon") if e.face == "moon" else e.face),
}

"""Dungeon Twister through buttons, screens and cards: the menu of what an actor can do now, the
cards a tag can be enrolled as, and what a scanned card means.

The menu lists every kind of action the rules allow now; values an action needs (which character,
which target) are asked one by one; a starting line is picked one character (one tap) at a time. A
secret choice (a starting character, a combat card) is offered only to its own seat — never to the
table, whose screen everyone sees — unless the players make it with the cardboard (setting
`seats.secret_choices = "table"`): then the table enters each side's line and card once they are
face up, one option per side, and its menu offers every card value of the box, never a hand. The
"attack" option names the "attack" dialog, where a screen can pick a whole group; the buttons walk a
one-against-one fight. "reveal" names the dialog that also says which face-down tokens were in the room.
"""
from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from companion.contract import Viewer
from companion.game import GameCard
from companion.games.dungeontwister.catalogue import catalogue
from companion.games.dungeontwister.phases import ACTION_CARD, ACTIONS, COMBAT, LINEUP
from companion.games.dungeontwister.pieces import CHARACTERS, OBJECTS, ability, colour, colour_of, combat_card, is_character, owned, piece, piece_of, token
from companion.games.dungeontwister.rules import AP_ABILITIES, LINEUP_SIZE, allowed_action_cards
from companion.games.dungeontwister.state import MAZE, RESERVE, ROOMS, DTState
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option
from companion.messages import M, Names, Text
from companion.palette import SEAT_COLOURS

GESTURE_HINTS = (
    M("Scan each token of a starting line turned face up, and each token a revealed room uncovers, then YES on \"That's all\"."),
    M("Spending AP, scan your character to choose what it does (moving first), an object lying in the maze to pick it up, "
      "an enemy to attack it; a token answers any question about it."),
    M("Scan each combat card as it is turned over, or enter it with the table's buttons or its own seat's."),
)

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)


def options(s: DTState, actor: Viewer) -> list[Option]:
    """What `actor` can do now. Secret choices: only the choosing seat. Otherwise the table acts for the
    active player, and a seat only in its own turn."""
    if s.status != "playing":
        return []
    if s.phase in (LINEUP, COMBAT) and s.config.open_choices and not actor.is_seat:
        return _revealed_lines(s) if s.phase == LINEUP else _revealed_cards(s)
    if s.phase == LINEUP:
        return _lineup(s, actor.seat) if actor.is_seat and actor.seat in s.sides else []
    if s.phase == COMBAT:
        return _combat_cards(s, actor.seat) if actor.is_seat and actor.seat in s.sides else []
    if actor.is_seat and actor.seat != s.active:
        return []
    return _action_cards(s) if s.phase == ACTION_CARD else _actions(s) if s.phase == ACTIONS else []


def _lineup(s: DTState, seat: str) -> list[Option]:
    chosen = s.sides[seat].lineup
    if len(chosen) >= LINEUP_SIZE:
        return []
    return [Option(M("Starting line: {character}", character=piece(c)), {"cmd": "lineup", "characters": [c]}, secret=True)
            for c in CHARACTERS if c not in chosen]


def _combat_cards(s: DTState, seat: str) -> list[Option]:
    """One option per card value in hand, secret (the two +2s are one choice). With the cards turned
    over at the table, the card is face up, not secret, and the seat's buttons walk every value of the
    box, as the table's do: what the voice says while walking never tells what the hand holds."""
    assert s.combat is not None
    if seat in s.combat.cards:
        return []
    if s.config.open_choices:
        return [Option(M("Combat card {card}", card=combat_card(value)), {"cmd": "choose", "card": value})
                for value in sorted(set(s.config.combat_cards))]
    return [Option(M("Combat card {card}", card=combat_card(value)), {"cmd": "choose", "card": value}, secret=True)
            for value in sorted(set(s.sides[seat].combat_cards))]


def _revealed_lines(s: DTState) -> list[Option]:
    """The table enters the lines turned face up: per side, which character (one at a time)."""
    found = []
    for c in s.colours:
        chosen = s.sides[c].lineup
        if len(chosen) < LINEUP_SIZE:
            who = Ask("characters", M("Who"), tuple(Choice([p], piece(p), card=token(c, p), number=n) for n, p in enumerate(CHARACTERS, 1)
                                                    if p not in chosen))
            found.append(Option(M("{colour}'s starting line ({n} of {all})", colour=colour(c), n=len(chosen), all=LINEUP_SIZE),
                                {"cmd": "lineup", "colour": c}, (who,)))
    return found


def _revealed_cards(s: DTState) -> list[Option]:
    """The table enters the combat cards turned over: per side, the value — every value of the box, so
    the menu never shows what is left in a hand; a card that is not in it is refused."""
    assert s.combat is not None
    values = sorted(set(s.config.combat_cards))
    return [Option(M("{colour}'s combat card", colour=colour(c)), {"cmd": "choose", "colour": c},
                   (Ask("card", M("Card"), tuple(Choice(v, combat_card(v), card=f"{c}:combat:{v}") for v in values)),))
            for c in (s.combat.attacker, s.other(s.combat.attacker)) if c not in s.combat.cards]


def _action_cards(s: DTState) -> list[Option]:
    return [Option(M("Play the {n} action card", n=card), {"cmd": "play_card", "card": card}) for card in allowed_action_cards(s)]


def _actions(s: DTState) -> list[Option]:
    able = [c for c in s.characters_of(s.active) if s.can_act(c)]
    found: list[Option] = []
    if s.ap >= 1 and able:
        moves = _moves(s, able)
        found += moves[:1]  # moving first, then revealing: what a turn does most
        found.append(Option(M("Reveal a room"), {"cmd": "reveal"}, (_who(able), *_room_ask(s, revealed=False), _appearing(s)), dialog="reveal"))
        found += moves[1:]
        found += _attacks(s, able)
        found += _rotations(s, able)
        if s.side.jumps:
            found.append(Option(M("Jump a pit trap ({n} jump cards left)", n=s.side.jumps), {"cmd": "jump"}, (_who(able),)))
        found += _abilities(s, able)
        found += _objects(s, able)
    found += _regeneration(s)
    found.append(Option(M("End the turn"), {"cmd": "end_turn"}))
    return found


def _appearing(s: DTState) -> Ask:
    """Seed, §Rivela una stanza: the tokens that lay face down in the room, each scanned (or walked to), then "That's all"."""
    return Ask("appear", M("In the room"), _tokens([t for t, tok in s.tokens.items() if tok.where == RESERVE]), many=True)


def _moves(s: DTState, able: list[str]) -> list[Option]:
    """Moving, leaving the maze (the goal), then moving with what is picked up or dropped on the way."""
    found = [Option(M("Move"), {"cmd": "move"}, (_who(able),)),
             Option(M("Leave the maze (the enemy's starting line)"), {"cmd": "move", "exit": True}, (_who(able),))]
    free = [c for c in able if s.tokens[c].carrying is None]
    lying = [t for t, tok in s.tokens.items() if tok.where == MAZE and (not is_character(t) or (tok.wounded and colour_of(t) == s.active))]
    if free and lying:
        found.append(Option(M("Move and pick up"), {"cmd": "move"}, (_who(free), Ask("take", M("What"), _tokens(lying)))))
    carriers = [c for c in able if s.tokens[c].carrying is not None]
    if carriers:
        found.append(Option(M("Move and drop"), {"cmd": "move", "drop": True}, (_who(carriers),)))
    return found


def _attacks(s: DTState, able: list[str]) -> list[Option]:
    enemy = s.other(s.active)
    targets = [t for t in s.characters_of(enemy) if s.tokens[t].where == MAZE and t not in s.wounded_this_turn]
    if not targets:
        return []
    found = [Option(M("Attack"), {"cmd": "attack"},
                    (Ask("attackers", M("Attacker"), tuple(Choice([c], piece(piece_of(c)), card=c) for c in able)),
                     Ask("defenders", M("Defender"), tuple(Choice([t], owned(t), card=t) for t in targets))), dialog="attack")]
    last = s.last_combat
    if last is not None and last.winner is None and last.attacker == s.active and all(s.can_act(c) for c in last.attackers):
        found.insert(0, Option(M("Fight again (1 AP)"), {"cmd": "attack", "attackers": list(last.attackers), "defenders": list(last.defenders)},
                               likely=True))  # a tie: fighting again is what comes next
    return found


def _rotations(s: DTState, able: list[str]) -> list[Option]:
    quarters = Ask("quarters", M("Quarter turns"), tuple(Choice(n, str(n)) for n in range(1, min(3, s.ap) + 1)))
    found = [Option(M("Turn a room"), {"cmd": "rotate"}, (_who(able), quarters, *_room_ask(s, revealed=None)))]
    mekanork = [c for c in able if piece_of(c) == "mekanork"]
    if mekanork:
        found.append(Option(M("Mekanork turns a room against the arrow"), {"cmd": "rotate", "character": mekanork[0], "against": True},
                            (quarters, *_room_ask(s, revealed=None))))
    return found


def _abilities(s: DTState, able: list[str]) -> list[Option]:
    found: list[Option] = []
    for character in able:
        power = AP_ABILITIES.get(piece_of(character))
        if power == "heal":
            patients = [t for t, tok in s.tokens.items() if is_character(t) and tok.wounded and tok.where == MAZE]
            if patients:
                found.append(Option(M("Cleric heals"), {"cmd": "ability", "character": character}, (Ask("target", M("Whom"), _tokens(patients)),)))
        elif power is not None and power != "regenerate":
            found.append(Option(M("{character}: {ability}", character=piece(piece_of(character)), ability=ability(power)),
                                {"cmd": "ability", "character": character}))
    return found


def _regeneration(s: DTState) -> list[Option]:
    """Facts §3.6: the wounded Troll may regenerate (not in the turn he was wounded)."""
    troll = f"{s.active}:troll"
    t = s.tokens[troll]
    if s.ap >= 1 and t.where == MAZE and t.wounded and troll not in s.wounded_this_turn:
        return [Option(M("Troll regenerates"), {"cmd": "ability", "character": troll})]
    return []


def _objects(s: DTState, able: list[str]) -> list[Option]:
    found: list[Option] = []
    for character in able:
        item = s.tokens[character].carrying
        kind = piece_of(item) if item else None
        if kind == "speed_potion":
            found.append(Option(M("{character} drinks the Speed Potion", character=piece(piece_of(character))), {"cmd": "use", "character": character}))
        elif kind == "fireball_wand" and piece_of(character) == "wizard":
            victims = [t for t in s.tokens if is_character(t) and t != character and s.tokens[t].where == MAZE]
            found.append(Option(M("Wizard fires the Fireball Wand"), {"cmd": "use", "character": character}, (Ask("target", M("At"), _tokens(victims)),)))
    return found


def _who(characters: list[str]) -> Ask:
    """Which character: each answers by its name, or by its token scanned."""
    return Ask("character", M("Who"), tuple(Choice(c, piece(piece_of(c)), card=c) for c in characters))


def _tokens(tokens: list[str]) -> tuple[Choice, ...]:
    return tuple(Choice(t, owned(t), card=t) for t in tokens)


def _room_ask(s: DTState, revealed: bool | None) -> tuple[Ask, ...]:
    """The room, when the table tracks them: unrevealed ones for a reveal, any for a rotation."""
    if not s.config.board:
        return ()
    rooms = [n for n in range(1, ROOMS + 1) if revealed is None or s.rooms[n - 1].revealed == revealed]
    return (Ask("room", M("Room"), tuple(Choice(n, str(n)) for n in rooms)),) if rooms else ()



def name_command(request: dict[str, Any]) -> Text | None:
    """What a command bound to a gesture (data/bindings.toml) is called: its menu item's words."""
    return M("End the turn") if request == {"cmd": "end_turn"} else None


# -- cards ---------------------------------------------------------------------------------------------------
@cache
def cards() -> tuple[GameCard, ...]:
    """Every card of the box (data/cards.toml) with its printed names and numbers. What a tag can be
    enrolled as, in every colour a seat may take (a table picks its two): each combat card value (the
    two +2s are one card: enrol both tags as it), each action card, the jump cards, and each token
    (a character or an object of that colour, its id the token's: "red:troll"). Then, once each, the
    characters', objects' and rooms' cards (a scan of one means nothing yet). Enrol the combat cards
    before the game: a card enrolled mid-fight is named on the screen that enrols it."""
    box = catalogue()
    deck = box.cards
    found: list[GameCard] = []
    for c in SEAT_COLOURS:
        found += [GameCard(f"{c}:combat:{v}", M("{colour} combat card {card}", colour=colour(c), card=combat_card(v)), "combat",
                           _numbered(deck.combat.names, v), {"value": v, "copies": deck.combat.values.count(v), "returns": v == 0,
                                                             "effect": deck.combat.effect})
                  for v in sorted(set(deck.combat.values))]
        found += [GameCard(f"{c}:action:{n}", M("{colour} action card {n}", colour=colour(c), n=n), "action",
                           _numbered(deck.action.names, n), {"ap": n, "effect": deck.action.effect}) for n in deck.action.values]
        found.append(GameCard(f"{c}:jump", M("{colour} jump card", colour=colour(c)), "jump", dict(deck.jump.names),
                              {"copies": deck.jump.copies, "effect": deck.jump.effect}))
        pieces = [(key, box.characters[key].names) for key in CHARACTERS if key in box.characters]
        pieces += [(key, box.objects[key].names) for key in OBJECTS if key in box.objects]
        found += [GameCard(token(c, key), owned(token(c, key)), "token", dict(names), {"colour": c}) for key, names in pieces]
    found += [GameCard(f"character:{key}", piece(key), "character", dict(ch.names), {"move": ch.move, "combat": ch.combat, "effect": ch.effect})
              for key, ch in box.characters.items()]
    found += [GameCard(f"object:{key}", piece(key), "object", dict(ob.names), ob.model_dump(exclude={"names"}, exclude_none=True))
              for key, ob in box.objects.items()]
    found += [GameCard(f"room:{key}", Names(room.names), "room", dict(room.names), {"pair": room.pair, "arrow": room.arrow})
              for key, room in box.rooms.items()]
    return tuple(found)


def _numbered(names: dict[str, str], n: int) -> dict[str, str]:
    return {lang: name.replace("{n}", str(n)) for lang, name in names.items()}


def scan(s: DTState, card: str, actor: Viewer) -> dict[str, Any] | Option | None:
    """What a scanned card means now. A combat card always means choosing it — even when no fight waits,
    so the refusal, not the card's name, is what the table screen shows. An action card is played when
    its colour must play one; a jump card asks who jumps. A token (issue 22): in a starting line turned
    face up, that character of that line; spending AP, one's own character asks what it does (moving
    first), an object lying in the maze who picks it up, an enemy who attacks it; while a question is
    asked, the token it asks about answers it (the tokens a revealed room uncovers, one by one)."""
    owner, _, rest = card.partition(":")
    kind, _, value = rest.partition(":")
    if kind == "combat" and value.isdigit():  # at a seat's own reader, its own card: that seat's choice, as its buttons send it
        own = actor.is_seat and actor.seat == owner
        return {"cmd": "choose", "card": int(value), **({} if own else {"colour": owner})}
    if s.status != "playing" or owner not in s.colours:
        return None
    if kind == "action" and value.isdigit() and s.phase == ACTION_CARD and owner == s.active:
        return {"cmd": "play_card", "card": int(value)}
    if s.phase == LINEUP and card in s.tokens and is_character(card):
        return _lined_up(s, card, actor)
    if s.phase != ACTIONS or s.ap < 1 or (actor.is_seat and actor.seat != s.active):
        return None
    able = [c for c in s.characters_of(s.active) if s.can_act(c)]
    if kind == "jump" and owner == s.active and s.side.jumps and able:
        return Option(M("Jump a pit trap ({n} jump cards left)", n=s.side.jumps), {"cmd": "jump"}, (_who(able),))
    if card in s.tokens and s.tokens[card].where == MAZE:
        return _token_in_the_maze(s, card, able)
    return None


def _lined_up(s: DTState, card: str, actor: Viewer) -> dict[str, Any] | None:
    """A character token of a starting line: at the table, once the lines lie face up; at a seat's own
    reader, that seat's secret choice."""
    colour_, character = colour_of(card), piece_of(card)
    if s.config.open_choices and not actor.is_seat:
        chosen = s.sides[colour_].lineup
        return {"cmd": "lineup", "colour": colour_, "characters": [character]} if character not in chosen and len(chosen) < LINEUP_SIZE else None
    if actor.is_seat and actor.seat == colour_:
        return {"cmd": "lineup", "characters": [character]}
    return None


def _token_in_the_maze(s: DTState, card: str, able: list[str]) -> Option | None:
    """A token standing or lying in the maze, scanned while its player spends AP: one's own character,
    what it does (the moves of the menu that it can make, moving first); an object (or a wounded friend)
    lying there, who picks it up; an enemy, who attacks it."""
    if card in able:
        moves = tuple(Choice(move, option.label) for option in _actions(s) for move in _for_character(option, card))
        name = piece(piece_of(card))
        return Option(name, {}, (Ask("move", name, moves),)) if moves else None
    if not is_character(card) or (s.tokens[card].wounded and colour_of(card) == s.active):
        free = [c for c in able if s.tokens[c].carrying is None and c != card]
        return Option(M("Pick up {token}", token=owned(card)), {"cmd": "move", "take": card}, (_who(free),)) if free else None
    attack = next((option for option in _attacks(s, able) if option.command == {"cmd": "attack"}), None)
    if colour_of(card) == s.active or attack is None or not any(choice.card == card for choice in attack.asks[1].choices):
        return None
    return Option(M("Attack {token}", token=owned(card)), {"cmd": "attack", "defenders": [card]}, attack.asks[:1], dialog="attack")


def _for_character(option: Option, character: str) -> list[Option]:
    """`option` as `character`'s own move: its "who" answered with it (a move for others: none)."""
    if option.command.get("character") == character:
        return [option]
    who = next((ask for ask in option.asks if ask.arg in ("character", "attackers")), None)
    if who is None or not any(choice.card == character for choice in who.choices):
        return []
    value = next(choice.value for choice in who.choices if choice.card == character)
    label = M("{character}: {move}", character=piece(piece_of(character)), move=option.label)
    return [Option(label, {**option.command, who.arg: value}, tuple(ask for ask in option.asks if ask is not who), dialog=option.dialog)]


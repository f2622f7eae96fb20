"""Big Bang through buttons and cards: the menu of what can be done now, the cards a tag can be,
and what a scanned card means.

The menu lists every kind of move the rules allow in the current phase; values a move needs (a die
face, a location, a letter) are asked one by one. A fight option names the "fight" dialog, where a
screen also offers helper cards, the re-roll and the odds; Sheldon's swap names the "swap" dialog.
"""
from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

from companion.contract import Viewer
from companion.game import GameCard
from companion.games.bigbang import names
from companion.games.bigbang.config import ARTEFACTS, CHARACTERS, RED_MOON, Card
from companion.games.bigbang.phases import ACTIONS, CHOOSE, DEAL, DRAW, DRAWING, LAYOUT, REFILL
from companion.games.bigbang.phases import RED_MOON as RED_MOON_PHASE
from companion.games.bigbang.rules import DIE_FACES
from companion.games.bigbang.state import BigBangState, default_config
from companion.games.bigbang.views import odds
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option
from companion.messages import M

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)

FACES = tuple(Choice(face, names.face(face)) for face in dict.fromkeys(DIE_FACES))  # 1, 2, 3, 4, moon: each once


def options(s: BigBangState, actor: Viewer) -> list[Option]:
    """What `actor` can do now: the table acts for the active player, a seat only in its own turn
    (the location cards are laid by the table)."""
    if s.status != "playing" or (actor.is_seat and (actor.seat != s.active_player or s.phase == LAYOUT)):
        return []
    return _PHASES[s.phase](s)


def _deal(s: BigBangState) -> list[Option]:
    """A card for the player being dealt to: the five characters in their fixed order."""
    player = s.player
    dealt = [Option(M("{player} got {character}", player=player, character=names.character(c)), {"cmd": "reveal", "card": c})
             for c in CHARACTERS if s.pile.get(c)]
    return dealt + [Option(M("The companion deals the rest"), {"cmd": "deal"})]


def _layout(s: BigBangState) -> list[Option]:
    return _refill(s)


def _choose(s: BigBangState) -> list[Option]:
    plays = [
        Option(M("Play {n} {character}", n=n, character=names.character(c)), {"cmd": "play", "character": c, "cards": n})
        for c in CHARACTERS for n in range(1, s.hand.get(c, 0) + 1)
    ]
    return plays + [Option(M("Pass"), {"cmd": "pass"})]


def _actions(s: BigBangState) -> list[Option]:
    assert s.turn is not None
    character = s.turn.character
    found = _special(s, character) if not (s.turn.special_used or s.turn.acted) else []
    here = s.positions[character]
    found.append(Option(M("Move {character}", character=names.character(character)), {"cmd": "move"},
                        (Ask("location", M("To"), _locations(s, exclude=here)),)))
    card = s.card_at(here) if here else None
    if card and card.kind == "enemy":
        chance = next(o["percent"] for o in odds(s) if o["here"])
        found.append(Option(M("Fight {enemy} ({p}%)", enemy=card.name, p=chance), {"cmd": "act"},
                            (Ask("die", M("Die"), FACES), *_reward_asks(s, card)), dialog="fight"))
    elif card:
        found.append(Option(M("Take {card}: {reward}", card=card.name, reward=names.reward(card)), {"cmd": "act"}, _reward_asks(s, card)))
    if s.cubes >= s.config.gate_cost:
        found.append(Option(M("Try to close the gate"), {"cmd": "gate"}, dialog="gate"))
    found += _items(s)
    if s.turn.acted:
        found.append(Option(M("End actions"), {"cmd": "end_actions"}))
    return found


def _special(s: BigBangState, character: str) -> list[Option]:
    if character == "raj":
        return [
            Option(M("Raj copies {character}", character=names.character(other)), {**option.command, "copy": other}, option.asks, option.dialog)
            for other in s.others_at("raj") if other != "raj"
            for option in _power(s, other, actor="raj")
        ]
    return _power(s, character, actor=character)


def _power(s: BigBangState, power: str, actor: str) -> list[Option]:
    if power == "penny":
        return [Option(M("Penny: ring 1 up"), {"cmd": "special"})]
    if power == "leonard":
        targets = tuple(Choice(c, names.character(c)) for c in CHARACTERS if c != actor)
        return [Option(M("Leonard moves someone"), {"cmd": "special"}, (Ask("target", M("Who"), targets), Ask("location", M("To"), _locations(s))))]
    if power == "howard":
        return [
            Option(M("Howard fights {enemy} at {place} ({p}%)", enemy=o["enemy"], place=s.config.location_names[o["location"] - 1], p=o["percent"]),
                   {"cmd": "special", "location": o["location"]}, (Ask("die", M("Die"), FACES), *_reward_asks(s, s.card_at(o["location"]))),
                   dialog="fight")
            for o in odds(s) if o["how"] == "remote"
        ]
    if power == "sheldon":
        on_board = tuple(Choice(letter, letter) for letter in s.board)
        every = tuple(Choice(letter, letter) for letter in s.config.letters)
        return [Option(M("Sheldon swaps letters"), {"cmd": "special"}, (Ask("a", M("Letter"), on_board), Ask("b", M("With"), every)), dialog="swap")]
    return []


def _items(s: BigBangState) -> list[Option]:
    found: list[Option] = []
    for item in ARTEFACTS:
        if item in ("reroll",) or not s.artefacts.get(item):
            continue
        asks = (Ask("letter", M("Letter"), tuple(Choice(letter, letter) for letter in s.config.letters)),) if item == "clue" else ()
        found.append(Option(M("Use the {item}", item=names.item(item)), {"cmd": "use", "item": item}, asks))
    if "staff" in s.relics:
        found.append(Option(M("Use the Staff of Brent Spiner"), {"cmd": "use", "item": "staff"}))
    if s.clues_owed:
        found.append(Option(M("Ask for a clue"), {"cmd": "ask"}, (Ask("letter", M("Letter"), tuple(Choice(letter, letter) for letter in s.config.letters)),)))
    return found


def _draw(s: BigBangState) -> list[Option]:
    room = s.config.hand_limit - sum(s.hand.values())
    if room >= 1:
        return [Option(M("Draw {n}", n=n), {"cmd": "draw", "count": n}) for n in range(1, room + 1)]
    return [Option(M("Discard {character}, draw 1", character=names.character(c)), {"cmd": "draw", "count": 1, "discard": [c]}) for c in sorted(s.hand)]


def _drawing(s: BigBangState) -> list[Option]:
    drawn = [Option(M("Drew {card}", card=M("a red moon") if c == RED_MOON else names.character(c)), {"cmd": "reveal", "card": c}) for c in sorted(s.pile)]
    return drawn + [Option(M("The companion draws"), {"cmd": "deal"})]


def _red_moon(s: BigBangState) -> list[Option]:
    return [Option(M("Use the Amulet of Leslie Winkle"), {"cmd": "use", "item": "amulet"}), Option(M("Accept the red moon"), {"cmd": "accept"})]


def _refill(s: BigBangState) -> list[Option]:
    found: list[Option] = []
    for n in s.fillable_locations():
        deck = s.decks[s.config.location_decks[n - 1]]
        cards = tuple(Choice(card, s.config.cards[card].name) for card in sorted(deck))
        found.append(Option(M("Card laid at {place}", place=s.config.location_names[n - 1]), {"cmd": "place", "location": n}, (Ask("card", M("Card"), cards),)))
    return found + [Option(M("The companion lays them"), {"cmd": "deal"})]


def _locations(s: BigBangState, exclude: int | None = None) -> tuple[Choice, ...]:
    return tuple(Choice(n, s.config.location_names[n - 1]) for n in range(1, 7) if n != exclude)


def _reward_asks(s: BigBangState, card: Card | None) -> tuple[Ask, ...]:
    """The reward to take when the card offers a choice, and — when the table draws the real cards —
    which artefact came out of the brown deck (scanning its card answers that too)."""
    if card is None:
        return ()
    asks: list[Ask] = []
    if len(card.reward) > 1:
        asks.append(Ask("choice", M("Reward"), tuple(Choice("+".join(o), names.reward_option(o)) for o in card.reward)))
    if s.config.cards_from == "table" and s.artefact_deck and any("artefact" in option for option in card.reward):
        drawn = tuple(Choice(kind, names.item(kind), card=f"artefact:{kind}") for kind in ARTEFACTS if s.artefact_deck.get(kind))
        asks.append(Ask("artefact", M("Artefact drawn"), (*drawn, Choice(None, M("The companion draws")))))
    return tuple(asks)


_PHASES: dict[str, Callable[[BigBangState], list[Option]]] = {
    DEAL: _deal, LAYOUT: _layout, CHOOSE: _choose, ACTIONS: _actions, DRAW: _draw, DRAWING: _drawing, RED_MOON_PHASE: _red_moon, REFILL: _refill}


def cards() -> tuple[GameCard, ...]:
    """What a tag can be enrolled as: the characters and the red moon (the draw pile), every location
    card (three are all "Wil Wheaton": the deck tells them apart), and the artefacts."""
    config = default_config()
    found = [GameCard(c, names.character(c), "character") for c in CHARACTERS]
    found.append(GameCard(RED_MOON, M("Red moon"), "red_moon"))
    found += [GameCard(card.id, f"{card.name} ({card.deck})", "location") for card in config.cards.values()]
    found += [GameCard(f"artefact:{kind}", M("Artefact: {kind}", kind=names.item(kind)), "artefact") for kind in ARTEFACTS]
    return tuple(found)


def scan(s: BigBangState, card: str, actor: Viewer) -> dict[str, Any] | None:
    """What a scanned card means now (catalogue names: a character, "red_moon", a location card id).

    A drawn character or red moon while drawing is revealed; a location card while refilling is laid
    on the first empty location whose deck holds it. Anything else means nothing now.
    """
    if s.status != "playing":
        return None
    if s.phase in (DRAWING, DEAL) and (card in CHARACTERS or card == RED_MOON):
        return {"cmd": "reveal", "card": card}
    if s.phase in (REFILL, LAYOUT):
        for n in s.fillable_locations():
            if s.decks[s.config.location_decks[n - 1]].get(card):
                return {"cmd": "place", "location": n, "card": card}
    return None

"""Big Bang through buttons and cards: the menu of what can be done now, the cards a tag can be,
and what a scanned card means.

The menu lists every kind of move the rules allow in the current phase; values a move needs (a die
face, a location, a letter) are asked one by one, and a question that does not arise is skipped (the
re-roll only after a losing roll, the reward only of a fight won). Everything a screen's dialog offers
is in the menu too: the help of the other players' cards in a fight, the re-roll artefact, the Sword,
which artefact came out of the real deck.

For the buttons, with eyes on the cardboard:
- every item has a fixed place, lit on the ring: a character is always the same slot (Leonard 1 …
  Sheldon 5), a location always its own place (1-6), and in the action menu the special action is 1,
  Move 2, the card where the character stands 3 …; a move not possible now is left out without
  shifting anyone else's place (said and shown, a menu's items are counted 1, 2, 3 as listed; a
  location says its own number);
- the buttons start on the most likely item: the character with the most cards (all of them), the
  special action while it is still possible, then the card where the character stands, else Move;
  the best place to move to; no help; as many cards as bring the hand back to the starting hand;
  never the letter Sheldon's swap already took.

A fight option names the "fight" dialog, where a screen shows the odds; Sheldon's swap names "swap".
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from importlib import resources
from itertools import product
from typing import Any

from companion.contract import Viewer
from companion.game import GameCard
from companion.games.bigbang import names
from companion.games.bigbang.config import ARTEFACTS, CHARACTERS, RED_MOON, Card
from companion.games.bigbang.phases import ACTIONS, CHOOSE, DEAL, DRAW, DRAWING, LAYOUT, LETTERS, REFILL
from companion.games.bigbang.phases import RED_MOON as RED_MOON_PHASE
from companion.games.bigbang.rules import DIE_FACES, fight_bonus, special_possible, win_chance
from companion.games.bigbang.state import BigBangState, default_config
from companion.games.bigbang.views import odds
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option
from companion.messages import M, Text, joined
from companion.odds import percent

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)

#: what the gesture card tells the table about scans beyond answering a question (see `scan`)
GESTURE_HINTS = (
    M("During the actions, scan the card lying at another location to move the character there, or the card "
      "where it stands to take its reward or fight its enemy."),
    M("Whenever a letter is asked (the letters laid at setup, Sheldon's swap, a clue), scan its letter tile."),
)

FACES = tuple(Choice(face, names.face(face)) for face in dict.fromkeys(DIE_FACES))  # 1, 2, 3, 4, moon: each once

#: how a letter tile's catalogue name begins ("letter:A"): a tagged tile answers any question that asks for a letter
LETTER_TILE = "letter:"


def letter_card(letter: str) -> str:
    return LETTER_TILE + letter


def _letter_choices(letters: Any, likely: str | None = None) -> tuple[Choice, ...]:
    return tuple(Choice(letter, letter, card=letter_card(letter), likely=letter == likely) for letter in letters)


#: the fixed places of the action menu
SPECIAL, MOVE, HERE, SWORD, GATE = 1, 2, 3, 4, 5
ITEM_PLACES = {"clue": 6, "cubes": 7, "moon": 8, "staff": 9}
ASK_CLUE, END_ACTIONS = 10, 11
#: characters, and what follows them, in the menus that list characters
SLOT = {c: i for i, c in enumerate(CHARACTERS, start=1)}
AFTER_CHARACTERS = len(CHARACTERS) + 1

Picked = Mapping[str, Any]


def options(s: BigBangState, actor: Viewer) -> list[Option]:
    """What `actor` can do now: the table acts for the active player, a seat only in its own turn
    (the location cards are laid by the table)."""
    if s.status != "playing" or (actor.is_seat and (actor.seat != s.active_player or s.phase in (LAYOUT, LETTERS))):
        return []
    menu = _PHASES.get(s.phase)
    return menu(s) if menu is not None else []


def _likely(found: list[Option], *places: int) -> list[Option]:
    """Mark the first option found at the first of `places` that has one as the likely one."""
    for place in places:
        index = next((i for i, option in enumerate(found) if option.number == place), None)
        if index is not None:
            return [_with(option, likely=i == index) for i, option in enumerate(found)]
    return found


def _with(option: Option, **changes: Any) -> Option:
    return dataclasses.replace(option, **changes)


# -- the real deal ------------------------------------------------------------------------------------
def _deal(s: BigBangState) -> list[Option]:
    """A card for the player being dealt to: the five characters in their fixed slots."""
    player = s.player
    dealt = [Option(M("{player} got {character}", player=player, character=names.character(c)), {"cmd": "reveal", "card": c}, number=SLOT[c])
             for c in CHARACTERS if s.pile.get(c)]
    return dealt + [Option(M("The companion deals the rest"), {"cmd": "deal"}, number=AFTER_CHARACTERS)]


def _layout(s: BigBangState) -> list[Option]:
    return _refill(s)


def _letters(s: BigBangState) -> list[Option]:
    """The real deal: which letter lies at the next rune slot (the letters in their fixed order)."""
    rune = s.config.runes[len(s.board)]
    laid = [Option(M("{letter} lies at {rune}", letter=letter, rune=rune), {"cmd": "lay", "letter": letter}, number=i)
            for i, letter in enumerate(s.config.letters, start=1) if letter not in s.board]
    return laid + [Option(M("The companion lays the letters"), {"cmd": "deal"}, number=len(s.config.letters) + 1)]


# -- a turn -------------------------------------------------------------------------------------------
def _choose(s: BigBangState) -> list[Option]:
    """Each character in its slot, all its cards first; the buttons start on the character held most."""
    most = max(s.hand.values(), default=0)
    favourite = next((c for c in CHARACTERS if most and s.hand.get(c) == most), None)
    plays = [
        Option(M("Play {n} {character}", n=n, character=names.character(c)), {"cmd": "play", "character": c, "cards": n},
               number=SLOT[c], likely=c == favourite and n == most)
        for c in CHARACTERS for n in range(s.hand.get(c, 0), 0, -1)
    ]
    return plays + [Option(M("Pass"), {"cmd": "pass"}, number=AFTER_CHARACTERS)]


def _actions(s: BigBangState) -> list[Option]:
    turn = s.chosen
    character = turn.character
    special = not (turn.special_used or turn.acted) and special_possible(s, character)  # nothing to act on: not offered
    found = [_with(o, number=SPECIAL) for o in _special(s, character)] if special else []
    here = s.positions[character]
    found.append(Option(M("Move {character}", character=names.character(character)), {"cmd": "move"},
                        (Ask("location", M("To"), _locations(s, exclude=here, likely=_destination(s, character))),), number=MOVE))
    card = s.card_at(here) if here else None
    if card and card.kind == "enemy":
        assert here is not None
        found.append(Option(M("Fight {enemy} ({p}%)", enemy=card.name, p=_chance(s, card, fight_bonus(s, character))), {"cmd": "act"},
                            _fight_asks(s, card, character, remote=False), dialog="fight", number=HERE))
        if _sword_beats(s, card):
            found.append(Option(M("Beat {enemy} with the Sword of Billy Sparks", enemy=names.card_name(card.name)), {"cmd": "act", "sword": True},
                                _reward_asks(s, card), number=SWORD))
    elif card:
        found.append(Option(M("Take {card}: {reward}", card=card.name, reward=names.reward(card)), {"cmd": "act"}, _reward_asks(s, card),
                            number=HERE))
    if s.cubes >= s.config.gate_cost:
        found.append(Option(M("Try to close the gate"), {"cmd": "gate"}, dialog="gate", number=GATE))
    found += _items(s)
    if turn.acted:
        found.append(Option(M("End actions"), {"cmd": "end_actions"}, number=END_ACTIONS))
    if not (turn.special_used or turn.acted) and special_possible(s, character):
        return _likely(found, SPECIAL, HERE, MOVE)
    return _likely(found, HERE, MOVE)


def _special(s: BigBangState, character: str) -> list[Option]:
    if character == "raj":
        found = []
        for other in s.others_at("raj"):
            powers = _power(s, other, actor="raj")
            for option in powers:
                label = (M("Raj copies {character}", character=names.character(other)) if len(powers) == 1 else
                         M("Raj copies {character}: {what}", character=names.character(other), what=option.label))
                found.append(_with(option, label=label, command={**option.command, "copy": other}))
        return found
    return _power(s, character, actor=character)


def _power(s: BigBangState, power: str, actor: str) -> list[Option]:
    if power == "penny":
        return [Option(M("Penny: ring 1 up"), {"cmd": "special"})]
    if power == "leonard":
        targets = tuple(Choice(c, names.character(c), number=SLOT[c]) for c in CHARACTERS if c != actor)
        return [Option(M("Leonard moves someone"), {"cmd": "special"}, (Ask("target", M("Who"), targets), Ask("location", M("To"), _locations(s))))]
    if power == "howard":
        found = []
        for o in sorted((o for o in odds(s) if o["how"] == "remote"), key=lambda o: -o["percent"]):  # the best chance first
            card, place = s.card_at(o["location"]), names.place(s.config.location_names[o["location"] - 1])
            assert card is not None
            found.append(Option(M("Howard fights {enemy} at {place} ({p}%)", enemy=o["enemy"], place=place, p=_chance(s, card, 0)),
                                {"cmd": "special", "location": o["location"]}, _fight_asks(s, card, actor, remote=True), dialog="fight"))
            if _sword_beats(s, card):
                found.append(Option(M("Howard beats {enemy} at {place} with the Sword of Billy Sparks", enemy=o["enemy"], place=place),
                                    {"cmd": "special", "location": o["location"], "sword": True}, _reward_asks(s, card)))
        return found
    if power == "sheldon":
        wrong, right = _clued_swap(s)
        asks = (Ask("a", M("Letter"), _letter_choices(s.board, wrong)),
                Ask("b", M("With"), _letter_choices(s.config.letters, right), differs_from="a"))  # never the letter itself
        return [Option(M("Sheldon swaps letters"), {"cmd": "special"}, asks, dialog="swap")]
    return []


def _clued_swap(s: BigBangState) -> tuple[str | None, str | None]:
    """The swap a clue asks for: a rune whose letter the clues name lies under another letter
    (the likely letters of Sheldon's swap); else none."""
    for letter, rune in s.clues.items():
        if rune is None or rune not in s.config.runes:
            continue
        lying = s.board[s.config.runes.index(rune)] if len(s.board) == len(s.config.runes) else letter
        if lying != letter:
            return lying, letter
    return None, None


def _items(s: BigBangState) -> list[Option]:
    found: list[Option] = []
    letters = _letter_choices(s.config.letters)
    for item in ARTEFACTS:
        if item == "reroll" or not s.artefacts.get(item):  # the re-roll is part of a fight
            continue
        asks = (Ask("letter", M("Letter"), letters),) if item == "clue" else ()
        found.append(Option(M("Use the {item}", item=names.item(item)), {"cmd": "use", "item": item}, asks, number=ITEM_PLACES[item]))
    if "staff" in s.relics:
        found.append(Option(M("Use the Staff of Brent Spiner"), {"cmd": "use", "item": "staff"}, number=ITEM_PLACES["staff"]))
    if s.clues_owed:
        found.append(Option(M("Ask for a clue"), {"cmd": "ask"}, (Ask("letter", M("Letter"), letters),), number=ASK_CLUE))
    return found


def _draw(s: BigBangState) -> list[Option]:
    """Draw 1 … the room in the hand, each its own number; the buttons start on as many as bring the hand
    back to the starting hand."""
    held = sum(s.hand.values())
    room = s.config.hand_limit - held
    if room >= 1:
        likely = max(1, min(room, s.config.starting_hand - held))
        return [Option(M("Draw {n}", n=n), {"cmd": "draw", "count": n}, number=n, likely=n == likely) for n in range(1, room + 1)]
    return [Option(M("Discard {character}, draw 1", character=names.character(c)), {"cmd": "draw", "count": 1, "discard": [c]}, number=SLOT[c])
            for c in CHARACTERS if s.hand.get(c)]


def _drawing(s: BigBangState) -> list[Option]:
    drawn = [Option(M("Drew {card}", card=names.character(c)), {"cmd": "reveal", "card": c}, number=SLOT[c]) for c in CHARACTERS if s.pile.get(c)]
    if s.pile.get(RED_MOON):
        drawn.append(Option(M("Drew {card}", card=M("a red moon")), {"cmd": "reveal", "card": RED_MOON}, number=AFTER_CHARACTERS))
    return drawn + [Option(M("The companion draws"), {"cmd": "deal"}, number=AFTER_CHARACTERS + 1)]


def _red_moon(s: BigBangState) -> list[Option]:
    return [Option(M("Use the Amulet of Leslie Winkle"), {"cmd": "use", "item": "amulet"}, number=1),
            Option(M("Accept the red moon"), {"cmd": "accept"}, number=2)]


def _refill(s: BigBangState) -> list[Option]:
    found: list[Option] = []
    for n in s.fillable_locations():
        deck = s.decks[s.config.location_decks[n - 1]]
        cards = tuple(Choice(card, names.card_name(s.config.cards[card].name)) for card in sorted(deck))
        found.append(Option(M("Card laid at {place}", place=names.place(s.config.location_names[n - 1])), {"cmd": "place", "location": n},
                            (Ask("card", M("Card"), cards),), number=n))
    return found + [Option(M("The companion lays them"), {"cmd": "deal"}, number=7)]


# -- the values a move asks for -----------------------------------------------------------------------------
def _locations(s: BigBangState, exclude: int | None = None, likely: int | None = None) -> tuple[Choice, ...]:
    """The six locations, each its own number (where a character stands is left out, not renumbered).
    Scanning the card that lies at a place picks it (when no other place shows the same card)."""
    places = [n for n in range(1, 7) if n != exclude]
    lying = [s.locations[n - 1] for n in places]
    return tuple(Choice(n, names.place(s.config.location_names[n - 1]), number=n, likely=n == likely, card=card if lying.count(card) == 1 else None)
                 for n, card in zip(places, lying, strict=True))


def _destination(s: BigBangState, character: str) -> int | None:
    """The likeliest place to move to: a sure reward (a helper or treasure) nobody stands at yet, else
    any sure reward, else the enemy the character would most likely beat there."""
    here = s.positions[character]
    sure = [n for n in range(1, 7) if n != here and (card := s.card_at(n)) is not None and card.kind != "enemy"]
    free = [n for n in sure if n not in s.positions.values()]
    if free or sure:
        return (free or sure)[0]
    fights = [o for o in odds(s) if o["location"] != here and o["how"] == "move"]
    return max(fights, key=lambda o: o["percent"])["location"] if fights else None


def _fight_asks(s: BigBangState, card: Card, character: str, remote: bool) -> tuple[Ask, ...]:
    """Digest §Fights, in the order the table plays it: the other players' help cards (never for
    Howard's remote fight), the die, the re-roll artefact after a losing roll, then a won fight's reward."""
    base = 0 if remote else fight_bonus(s, character)
    reroll = bool(s.artefacts.get("reroll"))

    def bonus(picked: Picked) -> int:
        helpers: dict[str, int] = picked.get("helpers") or {}
        return base + sum(helpers.values())

    def beats(face: Any, picked: Picked) -> bool:
        return isinstance(face, int) and face + bonus(picked) >= card.strength  # the red-moon face always loses

    def won(picked: Picked) -> bool:
        face = picked.get("reroll") if picked.get("reroll") is not None else picked.get("die")
        return beats(face, picked)

    asks: list[Ask] = []
    helpers = [] if remote else _helpers(s, character)
    if helpers:
        def chance(extra: int) -> int:
            return _chance(s, card, base + extra)

        help_choices = [Choice(None, M("No help ({p}%)", p=chance(0)), likely=True)]
        for counts in sorted((c for c in product(*(range(n + 1) for _p, n in helpers)) if any(c)), key=sum):
            given = {player: n for (player, _held), n in zip(helpers, counts, strict=True) if n}
            said = joined([M("{player} {n}", player=player, n=n) for player, n in given.items()], ", ")
            help_choices.append(Choice(given, M("{help} ({p}%)", help=said, p=chance(sum(counts)))))
        asks.append(Ask("helpers", M("Help"), tuple(help_choices)))
    asks.append(Ask("die", M("Die"), FACES))
    if reroll:
        asks.append(Ask("reroll", M("Re-roll"), (Choice(None, M("No re-roll")), *FACES), when=lambda picked: not beats(picked.get("die"), picked)))
    return (*asks, *_reward_asks(s, card, won))


def _chance(s: BigBangState, card: Card, bonus: int) -> int:
    """The chance to win a fight by the die, in percent (the re-roll counted, the Sword not: it has its own item)."""
    return percent(win_chance(card.strength, bonus, bool(s.artefacts.get("reroll"))))


def _helpers(s: BigBangState, character: str) -> list[tuple[str, int]]:
    """The other players who hold cards of the fighting character, and how many."""
    return [(player, hand[character]) for player, hand in zip(s.players, s.hands, strict=True)
            if player != s.active_player and hand.get(character)]


def _sword_beats(s: BigBangState, card: Card) -> bool:
    return "sword" in s.relics and card.strength <= s.config.sword_max_strength


def _reward_asks(s: BigBangState, card: Card | None, won: Callable[[Picked], bool] | None = None) -> tuple[Ask, ...]:
    """The reward to take when the card offers a choice, and — when the table draws the real cards —
    which artefact came out of the brown deck (scanning its card answers that too); after a fight,
    only when it was won."""
    if card is None:
        return ()
    asks: list[Ask] = []
    if len(card.reward) > 1:
        asks.append(Ask("choice", M("Reward"), tuple(Choice("+".join(o), names.reward_option(o)) for o in card.reward), when=won))
    if s.config.cards_from == "table" and s.artefact_deck and any("artefact" in option for option in card.reward):
        def drawn(picked: Picked) -> bool:
            taken = picked["choice"].split("+") if picked.get("choice") else card.reward[0]
            return (won is None or won(picked)) and "artefact" in taken

        kinds = tuple(Choice(kind, names.item(kind), card=f"artefact:{kind}", number=i)
                      for i, kind in enumerate(ARTEFACTS, start=1) if s.artefact_deck.get(kind))
        asks.append(Ask("artefact", M("Artefact drawn"), (*kinds, Choice(None, M("The companion draws"), number=len(ARTEFACTS) + 1)), when=drawn))
    return tuple(asks)


_PHASES: dict[str, Callable[[BigBangState], list[Option]]] = {
    DEAL: _deal, LAYOUT: _layout, LETTERS: _letters, CHOOSE: _choose, ACTIONS: _actions, DRAW: _draw, DRAWING: _drawing,
    RED_MOON_PHASE: _red_moon, REFILL: _refill}


def name_command(request: dict[str, Any]) -> Text | None:
    """What a command bound to a gesture (data/bindings.toml) is called: its menu item's words."""
    kind = request.get("cmd")
    if kind == "use":
        return M("Use the Amulet of Leslie Winkle") if request.get("item") == "amulet" else M("Use the {item}", item=names.item(str(request.get("item"))))
    return {"pass": M("Pass"), "accept": M("Accept the red moon"), "end_actions": M("End actions")}.get(str(kind))


# -- cards ------------------------------------------------------------------------------------------------
def cards() -> tuple[GameCard, ...]:
    """What a tag can be enrolled as: the characters and the red moon (the draw pile), every location
    card (three are all "Wil Wheaton": the deck tells them apart), the artefacts and the letter tiles."""
    config = default_config()
    found = [GameCard(c, names.character(c), "character") for c in CHARACTERS]
    found.append(GameCard(RED_MOON, M("Red moon"), "red_moon"))
    where = {deck: " / ".join(name for name, d in zip(config.location_names, config.location_decks, strict=True) if d == deck)
             for deck in config.location_decks}  # a deck is named by its places, never by its id
    found += [GameCard(card.id, f"{card.name} ({where.get(card.deck, card.deck)})", "location") for card in config.cards.values()]
    found += [GameCard(f"artefact:{kind}", M("Artefact: {kind}", kind=names.item(kind)), "artefact") for kind in ARTEFACTS]
    found += [GameCard(letter_card(letter), M("Letter tile {letter}", letter=letter), "letter") for letter in config.letters]
    return tuple(found)


def scan(s: BigBangState, card: str, actor: Viewer) -> dict[str, Any] | Option | None:
    """What a scanned card means now (catalogue names: a character, "red_moon", a location card id,
    "artefact:<kind>").

    - A drawn character or red moon, while drawing or dealing, is revealed.
    - A location card while refilling or laying out goes to the empty location whose deck holds it;
      when two empty locations share that deck, the buttons are asked which (the first of them likely).
    - An artefact card, while the character stands at a helper or treasure whose reward is an
      artefact, takes that reward with this artefact (while a question asks which artefact was drawn,
      the table answers it with the card instead).
    - A location card during the actions, when it lies at one place only: at another place, the
      character moves there (while Move is offered to `actor`); where the character stands, it means
      that card's item — take the reward or fight the enemy, its questions asked next.
    - A letter tile, while the real letters are laid at setup, lies at the next rune (a question that
      asks for a letter — Sheldon's swap, a clue — takes it as its answer before this is asked).
    Anything else means nothing now.
    """
    if s.status != "playing":
        return None
    if s.phase in (DRAWING, DEAL) and (card in CHARACTERS or card == RED_MOON):
        return {"cmd": "reveal", "card": card}
    if s.phase in (REFILL, LAYOUT) and card in s.config.cards:
        places = [n for n in s.fillable_locations() if s.decks[s.config.location_decks[n - 1]].get(card)]
        if len(places) == 1:
            return {"cmd": "place", "location": places[0], "card": card}
        if places:
            where = tuple(Choice(n, names.place(s.config.location_names[n - 1]), number=n, likely=i == 0) for i, n in enumerate(places))
            return Option(M("Lay {card}", card=names.card_name(s.config.cards[card].name)), {"cmd": "place", "card": card},
                          (Ask("location", M("Where"), where),))
    if s.phase == LETTERS and card.startswith(LETTER_TILE):
        lay = {"cmd": "lay", "letter": card.removeprefix(LETTER_TILE)}
        return lay if any(option.command == lay for option in options(s, actor)) else None  # a letter not laid yet
    if s.phase == ACTIONS and card.startswith("artefact:"):
        return _take_with(s, card.removeprefix("artefact:"))
    if s.phase == ACTIONS and card in s.config.cards:
        return _go_to(s, card, actor)
    return None


def _go_to(s: BigBangState, card: str, actor: Viewer) -> dict[str, Any] | Option | None:
    """A location card scanned during the actions, read off `actor`'s menu so a scan never does what
    the buttons could not: the card where the character stands is its HERE item, a card elsewhere the
    Move to that place. A card lying at two places names neither."""
    if s.locations.count(card) != 1:
        return None
    place = s.locations.index(card) + 1
    menu = options(s, actor)
    if place == s.positions[s.chosen.character]:
        return next((option for option in menu if option.number == HERE), None)
    move = next((option for option in menu if option.number == MOVE), None)
    if move is None or not any(choice.value == place for ask in move.asks for choice in ask.choices):
        return None
    return {**move.command, "location": place}


def _take_with(s: BigBangState, kind: str) -> Option | None:
    here = s.positions[s.chosen.character]
    card = s.card_at(here) if here else None
    if card is None or card.kind == "enemy" or not s.artefact_deck.get(kind):
        return None
    asks = _reward_asks(s, card)
    if not any(ask.arg == "artefact" for ask in asks):
        return None
    label: Text = M("Take {card}: {reward}", card=card.name, reward=names.item(kind))
    return Option(label, {"cmd": "act", "artefact": kind}, tuple(ask for ask in asks if ask.arg != "artefact"), number=HERE)

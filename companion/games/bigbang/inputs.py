"""Big Bang through buttons and cards: the menu of what can be done now, and what a scanned card means.

The menu lists every kind of move the rules allow in the current phase; values a move needs (a die
face, a location, a letter) are asked one by one. Helper cards and re-rolls are richer than four
buttons: the screen sends those commands directly.
"""
from __future__ import annotations

from importlib import resources

from companion.games.bigbang.config import ARTEFACTS, CHARACTERS, RED_MOON
from companion.games.bigbang.rules import DIE_FACES
from companion.games.bigbang.state import BigBangState
from companion.games.bigbang.views import odds
from companion.i18n import _
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)

FACES = tuple(Choice(face, _("red moon") if face == "moon" else str(face)) for face in dict.fromkeys(DIE_FACES))


def options(s: BigBangState) -> list[Option]:
    if s.status != "playing":
        return []
    return _PHASES.get(s.phase, lambda s: [])(s)


def _choose(s: BigBangState) -> list[Option]:
    plays = [
        Option(_("Play {n} {character}").format(n=n, character=c.title()), {"cmd": "play", "character": c, "cards": n})
        for c in CHARACTERS for n in range(1, s.hand.get(c, 0) + 1)
    ]
    return plays + [Option(_("Pass"), {"cmd": "pass"})]


def _actions(s: BigBangState) -> list[Option]:
    character = s.turn.character
    found = _special(s, character) if not (s.turn.special_used or s.turn.acted) else []
    here = s.positions[character]
    found.append(Option(_("Move {character}").format(character=character.title()), {"cmd": "move"},
                        (Ask("location", _("To"), _locations(s, exclude=here)),)))
    card = s.card_at(here) if here else None
    if card and card.kind == "enemy":
        chance = next(o["percent"] for o in odds(s) if o["here"])
        found.append(Option(_("Fight {enemy} ({p}%)").format(enemy=card.name, p=chance), {"cmd": "act"}, (Ask("die", _("Die"), FACES), *_reward_ask(card))))
    elif card:
        found.append(Option(_("Take {card}: {reward}").format(card=card.name, reward=card.reward_text), {"cmd": "act"}, _reward_ask(card)))
    if s.cubes >= s.config.gate_cost:
        found.append(Option(_("Try to close the gate"), {"cmd": "gate"}))
    found += _items(s)
    if s.turn.acted:
        found.append(Option(_("End actions"), {"cmd": "end_actions"}))
    return found


def _special(s: BigBangState, character: str) -> list[Option]:
    if character == "raj":
        return [
            Option(_("Raj copies {character}").format(character=other.title()), {**option.command, "copy": other}, option.asks)
            for other in s.others_at("raj") if other != "raj"
            for option in _power(s, other, actor="raj")
        ]
    return _power(s, character, actor=character)


def _power(s: BigBangState, power: str, actor: str) -> list[Option]:
    if power == "penny":
        return [Option(_("Penny: ring 1 up"), {"cmd": "special"})]
    if power == "leonard":
        targets = tuple(Choice(c, c.title()) for c in CHARACTERS if c != actor)
        return [Option(_("Leonard moves someone"), {"cmd": "special"}, (Ask("target", _("Who"), targets), Ask("location", _("To"), _locations(s))))]
    if power == "howard":
        return [
            Option(_("Howard fights {enemy} at {place} ({p}%)").format(enemy=o["enemy"], place=s.config.location_names[o["location"] - 1], p=o["percent"]),
                   {"cmd": "special", "location": o["location"]}, (Ask("die", _("Die"), FACES), *_reward_ask(s.card_at(o["location"]))))
            for o in odds(s) if o["how"] == "remote"
        ]
    if power == "sheldon":
        on_board = tuple(Choice(letter, letter) for letter in s.board)
        every = tuple(Choice(letter, letter) for letter in s.config.letters)
        return [Option(_("Sheldon swaps letters"), {"cmd": "special"}, (Ask("a", _("Letter"), on_board), Ask("b", _("With"), every)))]
    return []


def _items(s: BigBangState) -> list[Option]:
    found = []
    for item in ARTEFACTS:
        if item in ("reroll",) or not s.artefacts.get(item):
            continue
        asks = (Ask("letter", _("Letter"), tuple(Choice(letter, letter) for letter in s.config.letters)),) if item == "clue" else ()
        found.append(Option(_("Use the {item} artefact").format(item=item), {"cmd": "use", "item": item}, asks))
    if "staff" in s.relics:
        found.append(Option(_("Use the Staff of Brent Spiner"), {"cmd": "use", "item": "staff"}))
    if s.clues_owed:
        found.append(Option(_("Ask for a clue"), {"cmd": "ask"}, (Ask("letter", _("Letter"), tuple(Choice(letter, letter) for letter in s.config.letters)),)))
    return found


def _draw(s: BigBangState) -> list[Option]:
    room = s.config.hand_limit - sum(s.hand.values())
    if room >= 1:
        return [Option(_("Draw {n}").format(n=n), {"cmd": "draw", "count": n}) for n in range(1, room + 1)]
    return [Option(_("Discard {character}, draw 1").format(character=c.title()), {"cmd": "draw", "count": 1, "discard": [c]}) for c in sorted(s.hand)]


def _drawing(s: BigBangState) -> list[Option]:
    drawn = [Option(_("Drew {card}").format(card=_("a red moon") if c == RED_MOON else c.title()), {"cmd": "reveal", "card": c}) for c in sorted(s.pile)]
    return drawn + [Option(_("The companion draws"), {"cmd": "deal"})]


def _red_moon(s: BigBangState) -> list[Option]:
    return [Option(_("Use the Amulet of Leslie Winkle"), {"cmd": "use", "item": "amulet"}), Option(_("Accept the red moon"), {"cmd": "accept"})]


def _refill(s: BigBangState) -> list[Option]:
    found = []
    for n in s.fillable_locations():
        deck = s.decks[s.config.location_decks[n - 1]]
        cards = tuple(Choice(card, s.config.cards[card].name) for card in sorted(deck))
        found.append(Option(_("Card laid at {place}").format(place=s.config.location_names[n - 1]), {"cmd": "place", "location": n}, (Ask("card", _("Card"), cards),)))
    return found + [Option(_("The companion lays them"), {"cmd": "deal"})]


def _locations(s: BigBangState, exclude: int | None = None) -> tuple[Choice, ...]:
    return tuple(Choice(n, s.config.location_names[n - 1]) for n in range(1, 7) if n != exclude)


def _reward_ask(card) -> tuple[Ask, ...]:
    if card is None or len(card.reward) < 2:
        return ()
    return (Ask("choice", _("Reward"), tuple(Choice("+".join(o), " + ".join(o)) for o in card.reward)),)


_PHASES = {"choose": _choose, "actions": _actions, "draw": _draw, "drawing": _drawing, "red_moon": _red_moon, "refill": _refill}


def scan_command(s: BigBangState, card: str) -> dict | None:
    """What a scanned card means now (catalogue names: a character, "red_moon", a location card id).

    A drawn character or red moon while drawing is revealed; a location card while refilling is laid
    on the first empty location whose deck holds it. Anything else means nothing now.
    """
    if s.status != "playing":
        return None
    if s.phase == "drawing" and (card in CHARACTERS or card == RED_MOON):
        return {"cmd": "reveal", "card": card}
    if s.phase == "refill":
        for n in s.fillable_locations():
            if s.decks[s.config.location_decks[n - 1]].get(card):
                return {"cmd": "place", "location": n, "card": card}
    return None

"""The game definition as data: digest §Numbers the seed does not give, §Components, §Special
enemies and relics, §Gate (each working assumption is a setting, checked when the game starts)."""
import pytest

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.games.bigbang.config import CHARACTERS, Config, default_settings
from companion.session import Session

from .helpers import PLAYERS, card_at, do, refused, start, status, view


def fresh_start(**args):
    """A start with nothing given: the players deal the real cards (here the companion deals them)."""
    session = Session(GAME, 3)
    do(session, "start", players=list(PLAYERS), **args)
    while session.state.phase in ("deal", "layout", "letters"):
        do(session, "deal")
    return session


class TestDefaults:
    def test_the_default_file_loads_with_the_digest_numbers(self):
        config = Config.from_settings(default_settings())
        assert (config.track_length, config.track_start) == (12, 8)
        assert config.players == 3 and config.hand_limit == 6
        assert config.max_cubes == 4 and config.gate_cost == 4 and config.sword_max_strength == 4
        assert len(config.runes) == 7 and len(config.letters) > 7
        assert config.feedback == "count"
        assert set(config.pile) == {*CHARACTERS, "red_moon"} and config.pile["red_moon"] > 0
        assert set(config.artefacts) == {"reroll", "clue", "cubes", "moon"} and all(config.artefacts.values())
        assert len(config.location_names) == 6

    def test_each_location_deck_hides_one_special_enemy_with_a_clue_and_a_relic(self):
        config = Config.from_settings(default_settings())
        relics = []
        for deck in set(config.location_decks):
            special = [config.cards[c] for c in config.decks[deck]
                       if any(item.startswith("relic:") for option in config.cards[c].reward for item in option)]
            assert len(special) == 1 and special[0].kind == "enemy"
            assert "clue" in special[0].reward[0]
            relics += [item for item in special[0].reward[0] if item.startswith("relic:")]
        assert sorted(relics) == ["relic:amulet", "relic:staff", "relic:sword"]

    def test_a_game_without_settings_uses_the_defaults(self):
        s = fresh_start()
        v = view(s)
        assert v["track"] == {"length": 12, "bottom": 0, "top": 11, "start": 8} and v["moon"] == 8
        assert v["max_cubes"] == 4 and v["gate_cost"] == 4 and v["gate"]["feedback"] == "count"
        assert v["pile"] == 41 - 3 * 3
        assert all(p["hand_size"] == 3 for p in v["players"])
        assert all(loc["card"] is not None for loc in v["locations"])


    def test_the_game_seats_the_three_players_the_seed_speaks_of(self):
        """Digest §Components: "the two other players" makes three."""
        session = Session(GAME, 3)
        for players in (["Ann", "Bob"], ["Ann", "Bob", "Bob"], ["Ann", "Bob", "Cy", "Dee"]):
            refused(session, "BAD_PLAYERS", "start", players=players)

    def test_a_started_game_cannot_be_started_again(self):
        refused(fresh_start(), "ALREADY_STARTED", "start", players=list(PLAYERS))


class TestOverrides:
    def test_track_length_and_start(self):
        s = start(settings={"track": {"length": 20, "start": 15}})
        assert view(s)["track"]["top"] == 19
        assert view(s)["moon"] == 15

    def test_an_override_keeps_the_other_defaults_of_its_table(self):
        s = start(settings={"track": {"start": 5}})
        assert view(s)["track"]["length"] == 12 and view(s)["moon"] == 5

    def test_feedback_mode(self):
        s = start(settings={"gate": {"feedback": "none"}})
        assert view(s)["gate"]["feedback"] == "none"

    def test_pile_composition(self):
        s = fresh_start(settings={"pile": {"penny": 10, "red_moon": 2}})
        assert view(s)["pile"] == 7 * 4 + 10 + 2 - 3 * 3

    def test_cards_are_data(self):
        mom = {"id": "mary-cooper", "name": "Mary Cooper", "kind": "enemy", "strength": 2, "danger": 4,
               "reward": "moon+moon", "deck": "work"}
        s = start(hands={"Ann": ["penny"] * 2}, settings={"cards": default_settings()["cards"] + [mom]},
                  locations=("mary-cooper", "stuart", "takeout", "flag", "captain-sweatpants", "lantern"))
        shown = view(s)["locations"][0]["card"]
        assert (shown["name"], shown["strength"], shown["danger"], shown["reward"]) == ("Mary Cooper", 2, 4, "moon+moon")
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act", die=1)
        assert view(s)["moon"] == 4

    def test_the_number_of_players(self):
        session = Session(GAME, 3)
        do(session, "start", players=["Ann", "Bob", "Cy", "Dee"], settings={"table": {"players": 4}})
        assert [seat["name"] for seat in view(session)["seats"]] == ["Ann", "Bob", "Cy", "Dee"]

    def test_the_hand_limit(self):
        s = start(settings={"table": {"hand_limit": 4}})  # Ann holds 3
        do(s, "pass")
        refused(s, "BAD_COUNT", "draw", count=2)
        do(s, "draw", count=1)

    def test_an_artefact_kind_set_to_zero_is_never_drawn(self):
        """Digest §Rewards with an empty brown deck: the reward gives nothing (no crash)."""
        s = start(hands={"Ann": ["penny"] * 2}, settings={"artefacts": {"reroll": 0, "clue": 0, "cubes": 0, "moon": 0}},
                  locations=("lab-equipment", "stuart", "takeout", "flag", "captain-sweatpants", "lantern"))
        do(s, "play", character="penny", cards=2)
        do(s, "move", location=1)
        do(s, "act")
        assert view(s)["artefacts"] == {}
        assert card_at(s, 1) is None

    @pytest.mark.timeout(2)
    def test_a_gate_of_one_rune_and_one_letter_starts_or_is_refused(self):
        """Digest §Gate: pool size is a setting; a one-letter pool must not hang the start."""
        session = Session(GAME, 3)
        try:
            do(session, "start", players=list(PLAYERS), settings={"gate": {"runes": ["Fehu"], "letters": ["A"]}})
        except RuleError as error:
            assert error.code == "BAD_SETTINGS"
        else:
            assert status(session) == "playing"


def _cards_with(**changes):
    cards = default_settings()["cards"]
    cards[0] = {**cards[0], **changes}
    return cards


BAD = [
    ({"track": {"start": 0}}, "track.start"),
    ({"track": {"start": 12}}, "track.start"),
    ({"track": {"length": "12"}}, "track.length"),
    ({"table": {"hand_limit": True}}, "table.hand_limit"),
    ({"table": {"cards_from": "robot"}}, "table.cards_from"),
    ({"gate": {"feedback": "loud"}}, "gate.feedback"),
    ({"gate": {"letters": ["A", "B"]}}, "gate.letters"),
    ({"gate": {"runes": ["Fehu", "Fehu"]}}, "gate.runes"),
    ({"pile": {"penny": -1}}, "pile.penny"),
    ({"artefacts": {"clue": "three"}}, "artefacts.clue"),
    ({"locations": [{"name": "Caltech", "deck": "work"}] * 5}, "locations"),
    ({"locations": [{"name": "Space", "deck": "space"}] * 6}, "locations.0.deck"),
    ({"cards": []}, "cards"),
    ({"cards": _cards_with(kind="monster")}, "cards.0.kind"),
    ({"cards": _cards_with(reward="pizza")}, "cards.0.reward"),
    ({"cards": _cards_with(strength=0)}, "cards.0.strength"),
    ({"cards": _cards_with(id="kripke")}, "cards.1.id"),  # Kripke (card 1) now repeats card 0's id
]


@pytest.mark.parametrize(("settings", "key"), BAD, ids=[key for _s, key in BAD])
def test_a_bad_setting_is_refused_naming_the_key_and_the_game_stays_in_setup(settings, key):
    session = Session(GAME, 3)
    error = refused(session, "BAD_SETTINGS", "start", players=list(PLAYERS), settings=settings)
    assert f'"{key}"' in error.message
    assert status(session) == "setup"
    do(session, "start", players=list(PLAYERS))  # the table can still start with good settings
    assert status(session) == "playing"

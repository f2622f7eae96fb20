"""The game kit is not blind: the tests' counter game broken on purpose, one fault at a time, fails
`check_game` on the check that should see it, while the counter game itself passes."""
from __future__ import annotations

import dataclasses
import gettext
from typing import Any

import pytest

from companion.contract import seat_viewer
from companion.errors import RuleError
from companion.games.dungeontwister import GAME as DUNGEON_TWISTER
from companion.games.dungeontwister import views as dungeon_views
from companion.inputs import DEFAULT_BINDINGS, Bindings
from companion.messages import M
from companion.records import Command, catalog
from companion.ring import Counter, Counters
from companion.testing import check_game, examine, start_request, ways_to_play
from tests.games import counter
from tests.games.counter import GAME as COUNTER


def broken(**changes: Any):
    return dataclasses.replace(COUNTER, **changes)


def problems(game, check: str, **kwargs: Any) -> list[str]:
    """What the kit found on `check` in a short run."""
    report = examine(game, 0, games=1, length=20, **kwargs)
    return [f.problem for f in report.findings.values() if f.check == check]


def test_the_counter_game_itself_passes():
    report = check_game(COUNTER, 0, games=1, length=20)
    assert report.other_worlds > 0 and report.runs["secrets"] > 0  # its secret choices were compared


# -- a secret shown to a viewer it is hidden from --------------------------------------------------------
def pending_in_the_view(state, viewer):
    return {**counter.view(state, viewer), "pending": dict(state.chosen)}


def the_choosers_line_for_everyone(before, events, viewer):
    chooser = next((e.seat for e in events if e.kind == "chosen"), None)
    return counter.describe(before, events, seat_viewer(chooser) if chooser else viewer)


def the_card_spoken(before, events):
    return [M("{seat} chose {card}", seat=e.seat, card=e.card) for e in events if e.kind == "chosen"]


def the_cards_on_the_ring(state):
    return Counters(tuple(Counter(counter.value(state.chosen.get(p, "c0")), 9, "red") for p in state.players))


@pytest.mark.parametrize("leak, where", [
    ({"view": pending_in_the_view}, "view.pending"),
    ({"describe": the_choosers_line_for_everyone}, "line"),
    ({"announcements": the_card_spoken}, "spoken"),
    ({"ring": the_cards_on_the_ring}, "ring"),
])
def test_a_secret_card_that_reaches_another_viewer_is_found(leak, where):
    found = problems(broken(**leak), "secrets")
    assert found and all("can tell the hidden chosen.card" in p for p in found)
    assert any(f"its {where}" in p for p in found)


def test_a_card_on_seat_screens_shown_in_everyones_undo_list_is_found_in_dungeon_twister():
    """Dungeon Twister's default keeps no card secret (the table enters them once revealed): the kit also
    plays it on seat screens, its declared `secret_settings`, and sees a line naming a face-down card."""
    assert ways_to_play(DUNGEON_TWISTER) == [{}, {"seats": {"secret_choices": "seats"}}]
    assert start_request(DUNGEON_TWISTER, 1)["settings"] == {"seats": {"secret_choices": "seats"}}

    def as_the_chooser(before, events, viewer):  # a line that forgets who reads it
        chooser = next((e.colour for e in events if e.kind == "combat_card_chosen"), None)
        return dungeon_views.describe(before, events, seat_viewer(chooser) if chooser else viewer)

    leaky = dataclasses.replace(DUNGEON_TWISTER, describe=as_the_chooser)
    assert examine(DUNGEON_TWISTER, 0, games=2, length=60).failures("secrets") == 0
    found = [f.problem for f in examine(leaky, 0, games=2, length=60).findings.values()]
    assert any("can tell the hidden combat_card_chosen.card" in p for p in found), found


# -- a refusal that changes something, a crash ------------------------------------------------------------
def scores_before_refusing(state, command, actor, rng):
    if isinstance(command, counter.Choose) and actor.seat in state.scores:
        state.scores[actor.seat] += 1  # the state's own dict: a step that is refused below still scored
    return counter.decide(state, command, actor, rng)


def test_a_refused_command_that_changes_the_state_is_found():
    found = problems(broken(decide=scores_before_refusing), "commands")
    assert any("changed the state in place" in p for p in found), found


def reads_the_card_before_checking_it(state, command, actor, rng):
    if isinstance(command, counter.Choose):
        counter.value(command.card)  # int("onsense") for a card "nonsense": a crash, not a refusal
    return counter.decide(state, command, actor, rng)


def test_a_command_that_crashes_on_a_made_up_card_is_found():
    found = problems(broken(decide=reads_the_card_before_checking_it), "commands")
    assert any("crashed: ValueError" in p and "choose" in p for p in found), found


def prints_the_card_in_ascii(state, command, actor, rng):
    if isinstance(command, counter.Choose):
        command.card.encode("ascii")  # "🎲" or a right-to-left mark: UnicodeEncodeError
    return counter.decide(state, command, actor, rng)


def test_a_command_that_crashes_on_a_hostile_text_is_found():
    found = problems(broken(decide=prints_the_card_in_ascii), "hostile requests")
    assert any("INTERNAL" in p and "UnicodeEncodeError" in p for p in found), found


@dataclasses.dataclass(frozen=True)
class Bet(Command):
    """Bet an amount (a toy command typed float, which no bound covers)."""

    kind = "bet"
    amount: float


def bets_whole_numbers(state, command, actor, rng):
    if isinstance(command, Bet):
        int(command.amount)  # NaN or infinity: ValueError, OverflowError
        raise RuleError("NO_BETS", M("There are no bets in this game."))
    return counter.decide(state, command, actor, rng)


def test_a_command_that_crashes_on_nan_is_found():
    found = problems(broken(commands=catalog(counter.Start, counter.Choose, Bet), decide=bets_whole_numbers), "hostile requests")
    assert any("INTERNAL" in p and "NaN" in p for p in found), found


# -- steps that break the contract ---------------------------------------------------------------------------
def scores_a_fraction(state, command, actor, rng):
    events = counter.decide(state, command, actor, rng)
    return [dataclasses.replace(e, points=e.points / 1) if e.kind == "scored" else e for e in events]


def test_an_event_that_does_not_survive_json_is_found():
    """A float where the event declares a whole number: saved, it does not read back (the resume is refused)."""
    found = problems(broken(decide=scores_a_fraction), "steps")
    assert any("reading scored back" in p for p in found), found


def test_a_game_whose_menus_offer_nothing_is_found_stuck():
    found = problems(broken(options=lambda state, actor: []), "steps")
    assert any("no menu offers anything" in p for p in found), found


def test_the_games_own_rule_broken_is_found():
    def never_above_three(before, events, after):
        assert max(after.scores.values(), default=0) <= 3, "a score above 3"

    found = problems(COUNTER, "steps", invariant=never_above_three)
    assert any("a rule of the game broke: a score above 3" in p for p in found), found


# -- words ----------------------------------------------------------------------------------------------------
class Catalogue(gettext.NullTranslations):
    """A catalogue holding the counter game's words, one translated with a placeholder of its own."""

    def __init__(self, wrong: str):
        super().__init__()
        self._catalog = {"Waiting for {names}.": wrong}

    def gettext(self, message: str) -> str:
        return self._catalog.get(message, message)


def test_a_translation_whose_placeholder_the_code_does_not_give_is_found():
    found = problems(COUNTER, "words", translations={"de": Catalogue("Warten auf {namen}.")})
    assert any("in de" in p and "KeyError" in p and "Waiting for {names}." in p for p in found), found
    assert any('"Choose a card in secret." is not in the catalogue' in p for p in found), found


def test_a_message_whose_code_forgets_a_placeholder_is_found():
    def forgets_the_card(before, events, viewer):
        return M("{seat} chose {card}", seat="Ann") if any(e.kind == "chosen" for e in events) else counter.describe(before, events, viewer)

    report = examine(broken(describe=forgets_the_card), 0, games=1, length=20)
    assert any("KeyError" in f.problem for f in report.findings.values()), report


def test_a_setting_label_the_catalogue_lacks_is_found_naming_the_setting():
    """The setup wizard shows a setting's label: one not marked N_("…") would stay English in every language."""
    found = problems(COUNTER, "words", translations={"de": Catalogue("Warten auf {namen}.")})
    assert any('"Points to win" is not in the catalogue' in p and "setting target (label)" in p for p in found), found


def test_a_bound_command_the_game_cannot_name_is_found():
    """The gesture card and the question before a bound command say its name: without one, its id in English."""
    bound = Bindings.from_toml('[phase.choose]\nyes = { hold = { cmd = "choose", card = "c1" } }', base=DEFAULT_BINDINGS)
    found = problems(broken(bindings=bound), "words")
    assert any("bound to hold YES while phase choose has no name" in p for p in found), found
    assert not problems(broken(bindings=bound, name_command=lambda request: M("Choose card 1")), "words")

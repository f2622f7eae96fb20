"""The table: buttons walk the menu of what can be done now, cards become commands, nothing crashes."""
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.contract import seat_viewer
from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.inputs import BUTTONS, GESTURES, Bindings, Choice
from companion.messages import render
from companion.session import Session
from companion.table import Table

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]},
         "locations": ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"],
         "solution": ["A", "B", "C", "D", "E", "F", "G"], "board": ["B", "A", "C", "D", "E", "F", "G"]}


@dataclass
class Entry:
    game: str
    card: str
    label: str | None = None


class Catalogue:
    """The card catalogue as the table asks it (companion.cards.CardCatalogue has its own tests)."""

    def __init__(self, cards):
        self.cards = cards

    def lookup(self, uid, game):
        entry = self.cards.get(uid)
        return entry if entry is not None and entry.game == game else None

    def other_game(self, uid, game):
        entry = self.cards.get(uid)
        return entry if entry is not None and entry.game != game else None


def selection(table, by=None):
    return render(table.selection() if by is None else table.selection(by))


def labels(table, by=None):
    return [render(o.label) for o in (table.options() if by is None else table.options(by))]


@pytest.fixture
def table():
    t = Table(Session(GAME, 1), Catalogue({"04aa": Entry("bigbang", "sheldon"), "04bb": Entry("bigbang", "red_moon"),
                                           "04cc": Entry("bigbang", "kripke"), "0e5": Entry("eldersign", "doom")}))
    t.command(START)
    return t


def walk_to(table, label):
    """Tap NEXT until the menu (or the question asked) points at `label` (at most once round)."""
    for _ in range(len(table.menu().items) + 1):
        if selection(table) == label:
            return
        table.button("next", "tap")
    raise AssertionError(f"{label!r} not in {[render(i.label) for i in table.menu().items]}")


def test_next_and_yes_play_a_character_and_penny_moves_the_ring(table):
    walk_to(table, "Play 2 Penny")
    assert table.button("yes", "tap").kind == "applied"
    assert selection(table) == "Penny: ring 1 up"
    outcome = table.button("yes", "tap")
    assert render(outcome.message) == "Ann: Penny's special action; the ring moves up (8 → 9)"
    assert table.session.state.moon == 9


def test_a_fight_asks_the_die_face_next_cycles_it_yes_confirms(table):
    walk_to(table, "Play 2 Penny")
    table.button("yes", "tap")
    walk_to(table, "Move Penny")
    table.button("yes", "tap")
    assert selection(table) == "To: Cheesecake Factory"  # the likely place: Stuart's sure cube
    walk_to(table, "To: Caltech")
    table.button("yes", "tap")
    assert selection(table) == "Fight Wil Wheaton (33%)"  # after a move, the card there is the likely move
    table.button("yes", "tap")
    assert selection(table) == "Die: 1"  # Bob and Cy hold no Penny card: no help to ask about
    table.button("next", "tap")
    table.button("next", "tap")
    assert selection(table) == "Die: 3"
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied" and "rolled 3 + 0: won" in render(outcome.message)
    assert table.session.state.cubes == 1


def test_the_buttons_start_on_the_likely_move_and_no_goes_back_to_it(table):
    assert selection(table) == "Play 2 Penny"  # the character Ann holds most, all of her cards
    walk_to(table, "Play 1 Howard")
    table.button("no", "tap")
    assert selection(table) == "Play 2 Penny"


def test_hold_back_undoes_and_hold_next_offers_a_redo_that_yes_confirms(table):
    walk_to(table, "Play 1 Howard")
    table.button("yes", "tap")
    assert table.button("back", "hold").kind == "undone"
    assert table.session.state.phase == "choose"
    offer = table.button("next", "hold")
    assert offer.kind == "selected" and render(offer.message) == "Redo: Ann: plays 1 Howard card? Press YES to confirm."
    assert table.session.state.phase == "choose"  # nothing redone yet
    assert table.button("yes", "tap").kind == "redone"
    assert table.session.state.turn.character == "howard"


def test_after_an_undo_two_quick_back_taps_walk_up_two_items_and_never_redo(table):
    """The trap of issue 11: BACK BACK meant as "up two items" used to be a double tap that redid."""
    walk_to(table, "Play 1 Howard")
    table.button("yes", "tap")
    table.button("back", "hold")
    assert table.game.bindings.meaning("choose", "back", "double") is None  # no double tap: each tap is told at once
    assert table.game.bindings.binds("back", "double") is False
    table.button("back", "tap")
    table.button("back", "tap")
    assert selection(table) == "Pass"  # from Play 2 Penny: up to Play 1 Howard, round to Pass
    assert table.session.state.phase == "choose" and len(table.session.redo_stack) == 1


def test_any_other_press_cancels_a_deliberate_gesture(table):
    """Holding NO a little too long while choosing never passes the turn by itself."""
    offer = table.button("no", "hold")
    assert render(offer.message) == "Pass? Press YES to confirm."
    assert table.button("next", "tap").kind == "nothing" and table.session.state.phase == "choose"
    table.button("no", "hold")
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "pass"}


def test_a_press_that_means_nothing_is_a_short_cue_and_changes_nothing(table):
    before = table.session.state
    outcome = table.button("left", "hold")
    assert outcome.kind == "nothing" and render(outcome.message) == "Nothing to do with that button now."
    assert table.session.state is before


def test_the_red_moon_phase_binds_yes_to_the_amulet_and_no_to_accepting(table):
    assert table.game.bindings.meaning("red_moon", "no", "tap") == {"cmd": "accept"}
    assert table.game.bindings.meaning("red_moon", "yes", "tap") == {"cmd": "use", "item": "amulet"}
    assert table.game.bindings.meaning("choose", "yes", "tap") == "confirm"


def test_scanned_cards_reveal_draws_and_a_refused_scan_changes_nothing(table):
    walk_to(table, "Play 1 Howard")
    table.button("yes", "tap")
    walk_to(table, "Move Howard")
    table.button("yes", "tap")
    table.button("yes", "tap")
    table.command({"cmd": "draw", "count": 2})
    assert render(table.card("04aa").message) == "Ann: drew Sheldon"
    assert table.card("04bb").kind == "applied" and table.session.state.active_player == "Bob"
    before = table.session.state
    assert table.card("04aa").kind == "nothing" and table.session.state is before


def test_an_unknown_tag_asks_for_enrolment_and_another_games_tag_says_so(table):
    before = table.session.state
    assert table.card("ffff").kind == "enrol"
    outcome = table.card("0e5")
    assert outcome.kind == "other_game" and "eldersign" in render(outcome.message)
    assert table.session.state is before


def test_a_location_card_scanned_while_refilling_lands_where_its_deck_is(table):
    table.command({"cmd": "play", "character": "howard", "cards": 1})
    table.command({"cmd": "special", "location": 1, "die": 4})  # Wil Wheaton at Caltech beaten from afar
    table.command({"cmd": "move", "location": 3})
    table.command({"cmd": "draw", "count": 1})
    table.card("04aa")
    assert table.session.state.phase == "refill"
    assert render(table.card("04cc").message).startswith("Ann: Barry Kripke laid at Caltech")


def test_listeners_hear_every_outcome(table):
    heard = []
    table.subscribe(heard.append)
    table.button("next", "tap")
    table.command({"cmd": "fly"})
    assert [o.kind for o in heard] == ["selected", "refused"]
    assert heard[1].error.code == "UNKNOWN_COMMAND"


def test_bad_bindings_name_the_key():
    with pytest.raises(RuleError) as error:
        Bindings.from_toml('[buttons]\nnext = { squeeze = "next" }')
    assert 'buttons.next.squeeze' in error.value.message
    with pytest.raises(RuleError) as error:
        Bindings.from_toml('[phase.choose]\nyes = { tap = "jump" }')
    assert 'phase.choose.yes.tap' in error.value.message


def test_every_menu_entry_is_a_legal_command_somewhere_in_a_game():
    """Walking a whole game by the menu alone: every option offered is accepted by the rules."""
    session = Session(GAME, 5)
    table = Table(session)
    table.command({**START, "hands": None, "locations": None, "settings": {"table": {"cards_from": "companion"}}})
    refused = []
    for _ in range(400):
        if session.state.status != "playing":
            break
        options = table.options()
        option = options[len(session.history) % len(options)]
        request = {**option.command, **{ask.arg: ask.choices[0].value for ask in option.asks}}
        try:
            session.apply(request)
        except RuleError as exc:
            refused.append((render(option.label), exc.code))
            session.apply(options[-1].command if options[-1].command["cmd"] != "end_actions" else request)
    assert not [r for r in refused if r[1] not in ("CHOICE_NEEDED",)], refused
    assert session.state.status != "playing" or len(session.history) > 300


def test_a_bug_in_the_rules_is_a_refusal_not_a_dead_button_thread(table, monkeypatch):
    def broken(state, command, actor, rng):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(table.session, "game", type(table.session.game)(**{**table.session.game.__dict__, "decide": broken}))
    before = table.session.state
    outcome = table.command({"cmd": "pass"})
    assert outcome.kind == "refused" and outcome.error.code == "INTERNAL"
    assert table.session.state is before


def test_a_listener_that_raises_does_not_stop_the_others(table):
    heard = []
    table.subscribe(lambda outcome: 1 / 0)
    table.subscribe(heard.append)
    table.button("next", "tap")
    assert [o.kind for o in heard] == ["selected"]


def test_each_seat_walks_its_own_menu_and_acts_only_in_its_turn(table):
    """A button pair per player: the seat whose turn it is walks its menu; another seat's YES does nothing."""
    assert labels(table, seat_viewer("Bob")) == []  # Ann's turn: Bob's buttons have nothing to do
    table.button("next", "tap", seat=1)
    assert selection(table, seat_viewer("Ann")) == "Play 1 Penny"
    assert selection(table) == "Play 2 Penny"  # the table's own menu did not move
    outcome = table.button("yes", "tap", seat=2)
    assert outcome.kind == "nothing" and table.session.history[-1].number == 1
    outcome = table.button("yes", "tap", seat=1)
    assert outcome.kind == "applied" and outcome.by == seat_viewer("Ann")
    assert table.session.history[-1].by == seat_viewer("Ann")


def test_a_seat_out_of_turn_is_refused_and_a_missing_seat_is_a_cue(table):
    outcome = table.command({"cmd": "pass"}, by=seat_viewer("Cy"))
    assert outcome.kind == "refused" and outcome.error.code == "NOT_YOUR_TURN"
    assert table.button("yes", "tap", seat=7).kind == "nothing"


def test_a_seat_undoes_only_its_own_steps(table):
    table.command({"cmd": "play", "character": "howard", "cards": 1}, by=seat_viewer("Ann"))
    assert table.undo(by=seat_viewer("Bob")).error.code == "NOT_YOURS"
    assert table.undo(by=seat_viewer("Ann")).kind == "undone"


def test_a_scanned_card_answers_the_question_the_buttons_are_asked():
    """Which artefact came out of the brown deck: walk to "Take Amy", YES, then scan the artefact's card."""
    table = Table(Session(GAME, 1), Catalogue({"04ac": Entry("bigbang", "artefact:clue")}))
    table.command(START)
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    table.command({"cmd": "move", "location": 4})  # Amy: a helper whose reward is an artefact
    walk_to(table, "Take Amy: an artefact")
    table.button("yes", "tap")
    assert selection(table).startswith("Artefact drawn: ")
    outcome = table.card("04ac")
    assert outcome.kind == "applied" and table.session.state.artefacts == {"clue": 1}
    assert "artefact drawn: clue artefact" in render(outcome.message)


def test_a_screen_answers_the_question_the_buttons_are_asked_and_a_stale_answer_changes_nothing(table):
    """A player who pressed YES on "Move Penny" and then reaches for the touchscreen: a tap answers "To"."""
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    walk_to(table, "Move Penny")
    table.button("yes", "tap")
    steps = len(table.session.history)
    refused = table.answer(99)  # a place no longer offered (the page was drawn before the question changed)
    assert refused.kind == "refused" and len(table.session.history) == steps and selection(table).startswith("To: ")
    assert table.answer(1).kind == "applied" and table.session.state.positions["penny"] == 1
    assert table.answer(1).kind == "nothing", "no question is open any more"


def test_dropping_the_buttons_question_from_a_screen_sends_nothing(table):
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    walk_to(table, "Move Penny")
    table.button("yes", "tap")
    steps = len(table.session.history)
    table.cancel_question()
    assert table.menu().option is None and len(table.session.history) == steps


PRESSES = st.lists(st.tuples(st.sampled_from(BUTTONS), st.sampled_from(GESTURES)), max_size=80)


@given(presses=PRESSES, seed=st.integers(0, 3))
def test_no_gesture_sequence_breaks_the_table_and_what_it_points_at_is_always_an_item_with_its_number(presses, seed):
    """Any presses, in any phase: an input that applies nothing changes nothing; the cursor is always on an
    item of what is walked, said with its number in the list; the state is always its log replayed."""
    session = Session(GAME, seed)
    table = Table(session)
    table.command({**START, "hands": None, "locations": None, "settings": {"table": {"cards_from": "companion"}}})
    for button, gesture in presses:
        before, steps, waiting = session.state, len(session.history), len(session.redo_stack)
        outcome = table.button(button, gesture)
        assert outcome.kind in ("applied", "undone", "redone", "refused", "nothing", "selected", "told")
        if outcome.kind in ("refused", "nothing", "selected", "told"):
            assert session.state is before and (len(session.history), len(session.redo_stack)) == (steps, waiting)
        menu = table.menu()
        if menu.items:
            assert 0 <= menu.index < len(menu.items)
            item = menu.item
            said = render(menu.line)
            numbers = [i.number for i in menu.items]
            if all(n is None for n in numbers):
                own = render(item.label)
            elif menu.ask is not None and None not in numbers and len(set(numbers)) == len(numbers):  # a place's own number
                own = f"{item.number}. {render(item.label)}"
            else:  # a numbered menu: 1, 2, 3… as listed
                own = f"{menu.index + 1}. {render(item.label)}"
            assert said == (f"{render(menu.ask.label)}: {own}" if menu.ask is not None else own)
            position, places = menu.place
            assert 0 <= position < places
            assert isinstance(item, Choice) == (menu.ask is not None)
    assert session.replay() == session.state


def dungeon_table():
    """A Dungeon Twister table spending red's first AP: its reveal asks a list (the tokens a room uncovers)."""
    from companion.games.dungeontwister import GAME as DUNGEON

    lines = {"red": ["troll", "warrior", "thief", "cleric"], "blue": ["troll", "warrior", "goblin", "wizard"]}
    t = Table(Session(DUNGEON, 1), Catalogue({"0de1": Entry("dungeontwister", "red:sword"), "0de2": Entry("dungeontwister", "red:warrior")}))
    t.command({"cmd": "start", "players": ["Ann", "Bob"], "first": "red", "lineup": lines})
    t.command({"cmd": "play_card", "card": 2})
    return t


def test_a_list_question_adds_each_pick_says_so_and_no_drops_it_all():
    t = dungeon_table()
    walk_to(t, "Reveal a room")
    t.button("yes", "tap")
    t.button("yes", "tap")  # who: the Warrior
    assert selection(t) == "In the room: That's all"
    t.button("next", "tap")
    picked = t.button("yes", "tap")
    assert render(picked.message) == "red's Wall-Walker: added. In the room: That's all"
    assert [render(c.label) for c in t.menu().items][:2] == ["That's all", "red's Goblin"]  # what was picked leaves the list
    assert t.card("0de1").kind == "selected"  # a token scanned joins the list
    again = t.card("0de1")
    assert again.kind == "nothing" and render(again.message) == "red's Sword: already picked."
    steps = len(t.session.history)
    t.button("no", "tap")
    assert len(t.session.history) == steps and t.menu().ask is None  # NO: nothing sent
    walk_to(t, "Reveal a room")
    t.button("yes", "tap")
    t.button("yes", "tap")
    assert t.answer("red:sword").kind == "selected"  # a screen's tap answers the list as a pick
    assert t.button("yes", "tap").kind == "applied"
    assert t.session.history[-1].command == {"cmd": "reveal", "character": "red:warrior", "appear": ["red:sword"]}


def test_a_choice_that_is_a_move_of_its_own_starts_it_with_its_own_questions():
    t = dungeon_table()
    asked = t.card("0de2")  # red's Warrior scanned: what it does
    assert render(asked.message) == "Warrior: Move" and isinstance(t.menu().item, Choice)
    t.button("next", "tap")
    assert selection(t) == "Warrior: Reveal a room"
    assert render(t.button("yes", "tap").message) == "In the room: That's all"  # the reveal's own question, the Warrior picked
    assert t.button("yes", "tap").kind == "applied"
    assert t.session.history[-1].command == {"cmd": "reveal", "character": "red:warrior"}


def scanning_table(game_id):
    """A started Munchkin or Dungeon Twister table whose reader knows every card of the game (a tag each: its id)."""
    import importlib

    game = importlib.import_module(f"companion.games.{game_id}").GAME
    table = Table(Session(game, 1), Catalogue({card.id: Entry(game_id, card.id) for card in game.cards()}))
    start = {"munchkin": {"cmd": "start", "players": ["Ann", "Bob", "Cy"]},
             "dungeontwister": {"cmd": "start", "players": ["Ann", "Bob"], "first": "red"}}[game_id]
    assert table.command(start).kind == "applied"
    return table


@pytest.mark.parametrize("game_id", ["munchkin", "dungeontwister"])
@given(data=st.data())
def test_no_sequence_of_gestures_and_scans_breaks_a_table_with_list_questions_and_small_menus(game_id, data):
    """Issue 22's inputs (a list question, a scanned card's small menu of moves, who plays a card) on any
    presses and scans: an input that applies nothing changes nothing; the buttons always point at an
    item of what they walk; the state is always its log replayed."""
    table = scanning_table(game_id)
    session = table.session
    cards = sorted(table.catalogue.cards)
    inputs = st.one_of(st.tuples(st.sampled_from(BUTTONS), st.sampled_from(GESTURES)), st.sampled_from(cards))
    for what in data.draw(st.lists(inputs, max_size=40)):
        before, steps = session.state, len(session.history)
        outcome = table.card(what) if isinstance(what, str) else table.button(*what)
        assert outcome.kind in ("applied", "undone", "redone", "refused", "nothing", "selected", "told"), outcome
        if outcome.kind in ("refused", "nothing", "selected", "told"):
            assert session.state is before and len(session.history) == steps
        menu = table.menu()
        if menu.items:
            assert 0 <= menu.index < len(menu.items) and isinstance(menu.item, Choice) == (menu.ask is not None)
            assert render(menu.line)
    assert session.replay() == session.state

"""What the table hears: every outcome of an input turned into things to say, so a whole turn can be
played with eyes on the cardboard — in short lines (issue 22), each said once.

After NEXT/BACK the item the buttons point at (with its number in the list, when the game numbers it; a
question's label only with its first choice: "Die: 1", then "2", "3"), or the question a deliberate
gesture asks; after a step what the voice says of it (the game's `speak`, else its undo-list line) and
its alerts (the game's `announcements`), when the turn moved on the prompt said short (the game's
`spoken_prompt`, else the prompt's first sentence: the whole of it on the "tell" gesture), and where the
buttons point now (the likely move, which YES would pick) unless that was the last item said; a
refusal and why. Every line goes through `companion.spoken` (symbols as words, at most 12 words); a
line already said in answer to the same input, or contained in one, is not said again. The narrator
decides *what* to say, rendered in the table's language when it hears the outcome; a speaker device
says it, without ever holding up the game.

Verbosity: "everything"; "alerts" (the alerts, refusals and answers asked for only: a press that did
nothing must never be silent); "off".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from companion.contract import TABLE, Turn
from companion.messages import M, Text, joined, render
from companion.spoken import first_sentence, spoken_lines
from companion.table import TAKEN, Outcome, Table

Kind = Literal["cursor", "result", "refusal", "turn", "alert", "cue", "answer"]
Verbosity = Literal["everything", "alerts", "off"]
VERBOSITIES: tuple[Verbosity, ...] = ("everything", "alerts", "off")
#: an answer was asked for (the "tell" gesture): it is said even when only alerts are
HEARD_WITH_ALERTS_ONLY: frozenset[Kind] = frozenset({"alert", "refusal", "answer"})


@dataclass(frozen=True)
class Utterance:
    text: Text
    kind: Kind
    #: say it at once, cutting off what is being said (the cursor moved on: the old item is stale)
    interrupt: bool = False


class Narrator:
    """Turns a table's outcomes into utterances. Keeps the turn it last told, so that whose turn it is
    is said when it changes, not after every step; and the last menu item it said, so that an
    unchanged pointer is not said again."""

    def __init__(self, table: Table, verbosity: Verbosity = "everything", ticks: bool = False):
        self.table = table
        self.verbosity = verbosity
        #: a step picked by the buttons ticks (companion/feedback.py), so one with nothing new to say may
        #: stay silent; without sounds it is answered by its own line ("draws 2"), never by silence
        self.ticks = ticks
        self._told: Turn | None = table.session.turn
        self._last_item: str | None = None
        #: the question whose label was said with its first choice: (option label, argument)
        self._asking: tuple[str, str] | None = None

    def hear(self, outcome: Outcome) -> list[Utterance]:
        """The lines to say for `outcome`, rendered now, in the order said; only the first may cut off
        what is being said."""
        said: list[Utterance] = []
        plain: list[str] = []
        for utterance in self._utterances(outcome):
            if not self._heard(utterance):
                continue
            for line in spoken_lines(render(utterance.text), whole=utterance.kind == "cursor"):
                if _said_already(line, plain):
                    continue
                plain.append(_plain(line))
                said.append(Utterance(line, utterance.kind, utterance.interrupt and not said))
        if outcome.kind != "selected":
            self._asking = None
        return _without_echoes(said)

    def _heard(self, utterance: Utterance) -> bool:
        if self.verbosity == "off":
            return False
        return self.verbosity == "everything" or utterance.kind in HEARD_WITH_ALERTS_ONLY

    def _utterances(self, outcome: Outcome) -> list[Utterance]:
        kind = outcome.kind
        if kind == "selected":
            if self.table.walking_a_secret(outcome.by):  # the speaker is shared: a seat's secret stays silent
                return [Utterance(M("A secret choice: look at your own screen."), "cursor", interrupt=True)]
            return [Utterance(self._cursor(outcome), "cursor", interrupt=True)]
        if kind in TAKEN:
            turn = self._turn()
            said = self._steps(outcome, outcome.picked) + turn + self._pointer(outcome, prompted=bool(turn))
            if said or (outcome.picked and self.ticks):
                return said
            return self._steps(outcome, picked=False)  # a step is never met with silence
        if kind == "undone":
            turn = self._turn()
            taken_back = spoken_lines(render(joined([M("Undone:"), outcome.message])))[:1]  # its first clause names it
            return [*(Utterance(line, "result", interrupt=True) for line in taken_back), *turn,
                    *self._pointer(outcome, prompted=bool(turn))]
        if kind == "refused":
            return [Utterance(outcome.message, "refusal", interrupt=True)]
        if kind == "told":
            return [Utterance(outcome.message, "answer", interrupt=True)]
        if kind == "enrol":
            return [Utterance(M("Unknown card: enrol it on the screen."), "refusal")]
        return [Utterance(outcome.message, "cue")] if outcome.message else []

    def _cursor(self, outcome: Outcome) -> Text:
        """The item walked to; while walking one question's choices, its label only with the first."""
        menu = self.table.menu(outcome.by)
        said: Text = outcome.message or menu.line
        if menu.option is not None and menu.ask is not None and render(said) == render(menu.line):
            asking = (render(menu.option.label), menu.ask.arg)
            if asking == self._asking:
                said = menu.item_line
            self._asking = asking
        else:
            self._asking = None
        self._last_item = render(menu.line)
        return said

    def _steps(self, outcome: Outcome, picked: bool = False) -> list[Utterance]:
        session = self.table.session
        game = self.table.game
        said: list[Utterance] = []
        for step in outcome.steps:
            before = session.state_before(step)
            alerts = [Utterance(alert, "alert") for alert in game.announcements(before, step.events)]
            if game.speak is not None and self.verbosity == "everything":  # the news first: a fight's result, then its reward
                said += alerts + [Utterance(line, "result") for line in game.speak(before, step.events, picked)]
                continue
            line = session.describe(step, TABLE)
            said += ([Utterance(line, "result")] if line else []) + alerts
        return said

    def _turn(self) -> list[Utterance]:
        """Whose turn it is and what to do, said short, when that changed since it was last told."""
        session = self.table.session
        turn = session.turn
        told, self._told = self._told, turn
        if told is not None and (told.acting, told.phase, told.status) == (turn.acting, turn.phase, turn.status):
            return []
        if turn.status == "over" and turn.result is not None:
            return [Utterance(turn.result.reason, "alert")]
        if self.table.game.spoken_prompt is not None:
            prompt = self.table.game.spoken_prompt(session.state)
        else:
            prompt = first_sentence(render(session.view(TABLE).prompt))
        return [Utterance(prompt, "turn")] if render(prompt) else []

    def _pointer(self, outcome: Outcome, prompted: bool) -> list[Utterance]:
        """Where the buttons point after a step (the menu starts on the likely move), so that the next
        YES is never a surprise; not when they point at the item said last (a card shown after another),
        nor at an item the game does not mark likely after a prompt (which said what to do: scan a card…)
        or in a game with a short prompt of its own (it marks likely every move worth pointing at)."""
        if self.table.session.turn.status != "playing" or self.table.walking_a_secret(outcome.by):
            return []
        menu = self.table.menu(outcome.by)
        line, last = menu.line, self._last_item
        self._last_item = render(line)
        likely = getattr(menu.item, "likely", False)
        if not line or render(line) == last or (not likely and (prompted or self.table.game.spoken_prompt is not None)):
            return []
        return [Utterance(line, "cursor")]


def _plain(line: str) -> str:
    return " ".join(re.sub(r"[^\w ]+", " ", line.lower()).split())


def _without_echoes(said: list[Utterance]) -> list[Utterance]:
    """`said` less a line that a later one says in full and more ("Ann fights", then the prompt "Ann fights
    a level 11 monster"; "Bob wins by 10", then the item "Kill: Bob wins by 10"). A menu item is never
    left out, nor a line for an item that says only the same ("drew Leonard", then "1 Drew Leonard":
    what happened, then what YES does)."""
    kept: list[Utterance] = []
    for i, utterance in enumerate(said):
        plain = _plain(str(utterance.text))
        echoed = utterance.kind != "cursor" and any(
            f" {plain} " in f" {_plain(str(later.text))} " and _unnumbered(_plain(str(later.text))) != plain for later in said[i + 1:])
        if not echoed:
            kept.append(utterance)
    if kept and said and said[0].interrupt and not kept[0].interrupt:
        kept[0] = Utterance(kept[0].text, kept[0].kind, interrupt=True)
    return kept


def _unnumbered(plain: str) -> str:
    return re.sub(r"^\d+ ", "", plain)


def _said_already(line: str, said: list[str]) -> bool:
    """Whether `line` says nothing new after `said` (the plain lines said before, in answer to the same input)."""
    plain = _plain(line)
    return not plain or any(plain == earlier or f" {plain} " in f" {earlier} " for earlier in said)

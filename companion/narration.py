"""What the table hears: every outcome of an input turned into things to say, so a whole turn can be
played with eyes on the cardboard.

After NEXT/BACK the item the buttons point at (with its fixed number, when the game gives one), or
the question a deliberate gesture asks; after a step its line, its alerts (the game's
`announcements`), when the turn moved on whose turn it is and what they must do, and where the
buttons point now (the likely move, which YES would pick); a refusal and why. The narrator only
decides *what* to say (messages, in no language yet); a speaker device says it, in the table's
language, without ever holding up the game.

Verbosity: "everything"; "alerts" (the alerts, refusals and answers asked for only: a press that did
nothing must never be silent); "off".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.contract import TABLE, Turn
from companion.messages import M, Text, joined
from companion.table import Outcome, Table

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
    is said when it changes, not after every step."""

    def __init__(self, table: Table, verbosity: Verbosity = "everything"):
        self.table = table
        self.verbosity = verbosity
        self._told: Turn | None = table.session.turn

    def hear(self, outcome: Outcome) -> list[Utterance]:
        return [u for u in self._utterances(outcome) if self._heard(u)]

    def _heard(self, utterance: Utterance) -> bool:
        if self.verbosity == "off":
            return False
        return self.verbosity == "everything" or utterance.kind in HEARD_WITH_ALERTS_ONLY

    def _utterances(self, outcome: Outcome) -> list[Utterance]:
        kind = outcome.kind
        if kind == "selected":
            if self.table.walking_a_secret(outcome.by):  # the speaker is shared: a seat's secret stays silent
                return [Utterance(M("A secret choice: look at your own screen."), "cursor", interrupt=True)]
            return [Utterance(outcome.message or self.table.menu(outcome.by).line, "cursor", interrupt=True)]
        if kind in ("applied", "redone"):
            return self._steps(outcome) + self._turn() + self._pointer(outcome)
        if kind == "undone":
            return [Utterance(joined([M("Undone:"), outcome.message]), "result", interrupt=True), *self._turn(), *self._pointer(outcome)]
        if kind == "refused":
            return [Utterance(outcome.message, "refusal", interrupt=True)]
        if kind == "told":
            return [Utterance(outcome.message, "answer", interrupt=True)]
        if kind == "enrol":
            return [Utterance(M("Unknown card: enrol it on the screen."), "refusal")]
        return [Utterance(outcome.message, "cue")] if outcome.message else []

    def _steps(self, outcome: Outcome) -> list[Utterance]:
        session = self.table.session
        said: list[Utterance] = []
        for step in outcome.steps:
            line = session.describe(step, TABLE)
            if line:
                said.append(Utterance(line, "result"))
            before = session.state_before(step)
            said += [Utterance(alert, "alert") for alert in self.table.game.announcements(before, step.events)]
        return said

    def _turn(self) -> list[Utterance]:
        """Whose turn it is and what to do, when that changed since it was last told."""
        session = self.table.session
        turn = session.turn
        told, self._told = self._told, turn
        if told is not None and (told.acting, told.phase, told.status) == (turn.acting, turn.phase, turn.status):
            return []
        if turn.status == "over" and turn.result is not None:
            return [Utterance(turn.result.reason, "alert")]
        return [Utterance(session.view(TABLE).prompt, "turn")]

    def _pointer(self, outcome: Outcome) -> list[Utterance]:
        """Where the buttons point after a step (the menu starts on the likely move), so that the next
        YES is never a surprise."""
        if self.table.session.turn.status != "playing" or self.table.walking_a_secret(outcome.by):
            return []
        line = self.table.menu(outcome.by).line
        return [Utterance(line, "cursor")] if line else []

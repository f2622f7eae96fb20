"""What the table notices of an input, beside the words: one policy for the devices (hardware/rig.py)
and the screens (ui/app.py), so the ring, the sounds, the status LED and every page agree.

For each kind of outcome: whether the ring shows the game afresh, the blips over it, the sound a scan
makes, whether screens drop what was half-chosen on them, who reads the line under the prompt, whether
that line is a refusal, and whether the screens ask which card an unknown tag is. The words themselves
are the narrator's (companion/narration.py): it needs the game, this needs only the kind.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from companion.contract import Seat, Turn
from companion.table import MOVED, TAKEN, OutcomeKind

#: the short sounds: a scan read and taken, a tag no card of this game, the same tag read again and ignored;
#: a step taken by the buttons (the voice then need not echo the item just picked: "Draw 2" … "draws 2")
Sound = Literal["scan", "unknown", "repeat", "step"]
SOUNDS: tuple[Sound, ...] = get_args(Sound)
#: a blip over the ring, by its palette colour: a step taken, a refusal, a card read
Cue = Literal["ok", "danger", "scan"]
#: who reads an outcome's line under the prompt: every page (a step, in each viewer's own words), or
#: only the pages of whoever made the input (a refusal, a move in their menu: nobody else's business)
Readers = Literal["everyone", "sender"]
#: the kinds of a scanned tag that is no card of this game
NOT_THIS_GAME: frozenset[OutcomeKind] = frozenset({"enrol", "other_game"})


@dataclass(frozen=True)
class Feedback:
    """What the table notices of one input."""

    #: the ring shows the game afresh (with the place in the menu while the buttons walk it)
    ring: bool = False
    #: blips over the ring, in order
    cues: tuple[Cue, ...] = ()
    #: the sound a scan or a step taken by the buttons makes (None: no sound)
    sound: Sound | None = None
    #: the game is somewhere else: screens drop what was half-chosen on them (a question, a first pick)
    moved: bool = False
    #: who reads the line under the prompt
    readers: Readers = "sender"
    #: the line is a refusal: shown in the refusal colour, and the ring blips red
    refusal: bool = False
    #: the screens (the table's, and the scanning seat's) ask which card the tag is
    enrol: bool = False


def feedback(kind: OutcomeKind, scanned: bool = False, picked: bool = False) -> Feedback:
    """What the table notices of an outcome of `kind`; `scanned`: the input was a card laid on a reader,
    which always makes a sound (so a card read is never silent) and a blue blip; `picked`: a menu item
    picked by the buttons, which ticks when it takes a step (so a press that did something is heard)."""
    moved = kind in MOVED
    cues: tuple[Cue, ...] = ("ok",) if kind in TAKEN else ("danger",) if kind == "refused" else ()
    sound: Sound | None = "step" if picked and kind in TAKEN else None
    if scanned:
        cues += ("scan",)
        sound = "unknown" if kind in NOT_THIS_GAME else "scan"
    return Feedback(ring=moved or kind == "selected", cues=cues, sound=sound, moved=moved,
                    readers="everyone" if moved else "sender", refusal=kind == "refused", enrol=kind == "enrol")


#: a tag still on the reader, read again: ignored, and heard to be
READ_AGAIN = Feedback(sound="repeat")


def status_seat(turn: Turn, seats: Sequence[Seat]) -> tuple[int, Seat] | None:
    """The seat the status LED lights for, with its place at the table (0-based): the first that may act
    now; None when nobody need act (setup, game over). The LED shows that seat's own colour when the game
    gives it one, else the colour configured for its place."""
    ids = [seat.id for seat in seats]
    acting = [ids.index(seat) for seat in turn.acting if seat in ids]
    return (acting[0], seats[acting[0]]) if acting else None

"""The game master's PIN: kept only as a salted hash, and guarded against guessing.

A PIN of 4 to 8 digits has at most a hundred million values: a hash alone would not hold against a
patient script. What holds is the `PinGuard`: after a few wrong PINs each further attempt must wait
longer (1 s, 2 s, 4 s …), and after `LOCK_AFTER` wrong ones the game-master view is locked for
`LOCK_FOR` seconds. Every screen can show that state, so the table sees someone trying. A saved
game keeps that count in its save file (`StoredPinGuard`): restarting the companion, or guessing from
another process, starts nothing afresh.
"""
from __future__ import annotations

import hashlib
import hmac
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.errors import RuleError
from companion.messages import M

if TYPE_CHECKING:
    from companion.store import EventStore

ITERATIONS = 60_000  # about 0.1 s on a Pi 4: nothing at the table, slow for a guessing script
FREE_ATTEMPTS = 3
LOCK_AFTER = 10
LOCK_FOR = 600.0
DIGITS = "0123456789"


def hash_pin(pin: str, salt: str) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt.encode(), ITERATIONS).hex()
    return f"pbkdf2-sha256${ITERATIONS}${salt}${digest}"


def pin_matches(pin: str, stored: str) -> bool:
    """Whether `pin` is the PIN behind `stored` (a hash; a save from before hashing holds the PIN itself)."""
    if not stored.startswith("pbkdf2-sha256$"):
        return hmac.compare_digest(pin.encode(), stored.encode())
    _scheme, iterations, salt, digest = stored.split("$")
    candidate = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt.encode(), int(iterations)).hex()
    return hmac.compare_digest(candidate, digest)


def check_new_pin(pin: str) -> None:
    """A PIN the keypad can type: 4 to 8 ASCII digits (str.isdigit would let "１２３４" and "²" in)."""
    if not (4 <= len(pin) <= 8 and all(ch in DIGITS for ch in pin)):
        raise RuleError("BAD_PIN", M("The game-master PIN must be 4 to 8 digits from 0 to 9."))


@dataclass(frozen=True)
class Attempts:
    """Wrong PINs in a row, and the time (of the guard's clock) before which no PIN is checked."""

    wrong: int = 0
    next_try: float = 0.0

    def waiting(self, now: float) -> bool:
        # a wait longer than the longest one means the clock was set back (a Pi without a clock
        # battery boots in the past): the wait is over rather than endless
        return now < self.next_try <= now + LOCK_FOR

    def locked(self, now: float) -> bool:
        return self.wrong >= LOCK_AFTER and self.waiting(now)

    def refusal(self, now: float) -> RuleError | None:
        """Why no PIN may be tried now, if so."""
        if not self.waiting(now):
            return None
        wait = round(self.next_try - now + 0.5)
        if self.wrong >= LOCK_AFTER:
            return RuleError("PIN_LOCKED", M("Too many wrong PINs: the game-master view is locked for {n} more seconds.", n=wait))
        return RuleError("PIN_WAIT", M("Wait {n} seconds before the next PIN.", n=wait))

    def after_wrong(self, now: float) -> Attempts:
        wrong = self.wrong + 1
        if wrong >= LOCK_AFTER:
            return Attempts(wrong, now + LOCK_FOR)
        if wrong >= FREE_ATTEMPTS:
            return Attempts(wrong, now + 2.0 ** (wrong - FREE_ATTEMPTS))
        return Attempts(wrong, 0.0)


class PinGuard:
    """Counts wrong PINs for one game (here in memory: a game without a save file) and says when the
    next attempt may come. One check at a time, so two screens cannot guess side by side."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._attempts = Attempts()
        self._checking = threading.Lock()
        #: the last PIN found right, and the hash it was right for: the game-master page sends its PIN
        #: with every redraw, and a hash costs about 0.1 s on a Pi 4 — a wrong PIN still pays it
        self._right: tuple[str, str] | None = None

    @property
    def locked(self) -> bool:
        return self.attempts().locked(self.clock())

    def attempts(self) -> Attempts:
        return self._attempts

    def change(self, change: Callable[[Attempts], Attempts]) -> None:
        """Apply `change` to the count (it may raise: then nothing changes)."""
        self._attempts = change(self._attempts)

    def check(self, pin: object, stored: str) -> None:
        """Refuse a wrong PIN, or any PIN before its time; a right one clears the count."""
        with self._checking:
            now = self.clock()
            refusal = self.attempts().refusal(now)
            if refusal is not None:
                raise refusal
            if isinstance(pin, str) and (self._found_right(pin, stored) or pin_matches(pin, stored)):
                self._right = (pin, stored)
                if self.attempts() != Attempts():
                    self.change(lambda attempts: Attempts())
                return

            def counted(attempts: Attempts) -> Attempts:  # read afresh: another process may have counted one
                refusal = attempts.refusal(now)
                if refusal is not None:
                    raise refusal
                return attempts.after_wrong(now)

            self.change(counted)
            raise RuleError("WRONG_PIN", M("That PIN is not the game master's."))

    def _found_right(self, pin: str, stored: str) -> bool:
        """Whether `pin` was found right for `stored` before (checked after any wait or lock-out, never instead of it)."""
        return self._right is not None and self._right[1] == stored and hmac.compare_digest(pin.encode(), self._right[0].encode())


class StoredPinGuard(PinGuard):
    """The guard of a saved game: its count and lock-out live in the save file (wall-clock times, as a
    monotonic clock starts again with each process), read at every check and changed in one
    transaction, so a restart or another process (`companion export --viewer master`) shares them."""

    def __init__(self, store: EventStore, game_id: int, clock: Callable[[], float] = time.time):
        super().__init__(clock)
        self.store = store
        self.game_id = game_id

    def attempts(self) -> Attempts:
        return Attempts(*self.store.pin_attempts(self.game_id))

    def change(self, change: Callable[[Attempts], Attempts]) -> None:
        def changed(wrong: int, next_try: float) -> tuple[int, float]:
            after = change(Attempts(wrong, next_try))
            return after.wrong, after.next_try

        self.store.change_pin_attempts(self.game_id, changed)

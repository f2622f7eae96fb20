"""The game master's PIN: kept only as a salted hash, and guarded against guessing.

A PIN of 4 to 8 digits has at most a hundred million values: a hash alone would not hold against a
patient script. What holds is the `PinGuard`: after a few wrong PINs each further attempt must wait
longer (1 s, 2 s, 4 s …), and after `LOCK_AFTER` wrong ones the game-master view is locked for
`LOCK_FOR` seconds. Every screen can show that state, so the table sees someone trying.
"""
from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import RuleError
from companion.messages import M

ITERATIONS = 60_000  # about 0.1 s on a Pi 4: nothing at the table, slow for a guessing script
FREE_ATTEMPTS = 3
LOCK_AFTER = 10
LOCK_FOR = 600.0


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


@dataclass
class PinGuard:
    """Counts wrong PINs for one game and says when the next attempt may come."""

    clock: Callable[[], float] = time.monotonic
    wrong: int = 0
    next_try: float = 0.0

    @property
    def locked(self) -> bool:
        return self.wrong >= LOCK_AFTER and self.clock() < self.next_try

    def check(self, pin: str | None, stored: str) -> None:
        """Refuse a wrong PIN, or any PIN before its time; a right one clears the count."""
        now = self.clock()
        if now < self.next_try:
            wait = round(self.next_try - now + 0.5)
            if self.wrong >= LOCK_AFTER:
                raise RuleError("PIN_LOCKED", M("Too many wrong PINs: the game-master view is locked for {n} more seconds.", n=wait))
            raise RuleError("PIN_WAIT", M("Wait {n} seconds before the next PIN.", n=wait))
        if pin is not None and pin_matches(pin, stored):
            self.wrong, self.next_try = 0, 0.0
            return
        self.wrong += 1
        if self.wrong >= LOCK_AFTER:
            self.next_try = now + LOCK_FOR
        elif self.wrong >= FREE_ATTEMPTS:
            self.next_try = now + 2.0 ** (self.wrong - FREE_ATTEMPTS)
        raise RuleError("WRONG_PIN", M("That PIN is not the game master's."))

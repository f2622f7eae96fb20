"""The one error type a player's mistake raises."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.messages import Text


class RuleError(Exception):
    """A refused command: a stable UPPER_SNAKE `code` for programs, a message for people.

    The message is a `Text` (usually an `M(...)` message), translated each time it is read, so a
    refusal shown after a language switch speaks the new language. Raising it anywhere while a
    command is decided leaves the game exactly as it was.
    """

    def __init__(self, code: str, message: Text):
        super().__init__(code)
        self.code = code
        self.text = message

    @property
    def message(self) -> str:
        from companion.messages import render

        return render(self.text)

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"

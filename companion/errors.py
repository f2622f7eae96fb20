"""The one error type a player's mistake raises."""


class RuleError(Exception):
    """A refused command: a stable UPPER_SNAKE `code` for programs, a `message` for people.

    Raising it anywhere while a command is decided leaves the game exactly as it was.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"

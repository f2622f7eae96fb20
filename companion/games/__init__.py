"""One package per game; each lists itself with `LISTING` (companion/listing.py) and names its rules,
`GAME`, a `companion.game.GameDefinition` imported when the game is played."""

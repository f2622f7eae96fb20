"""One package per game; each exports `GAME`, a `companion.game.GameDefinition`."""

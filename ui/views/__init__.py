"""The shell's screens, the same for every game: home, the setup wizard, the card catalogue, and
the game screen's frame with its shared tabs (undo list, simulator, game master, seats) and menu."""

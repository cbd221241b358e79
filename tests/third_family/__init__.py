"""A third game family, registered from the tests alone (README, "Adding a game"): Traps, a
two-player game of face-down trap cards that are set, revealed and moved."""

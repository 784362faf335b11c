"""Group games, by what happens: the lobby, the questions, the end, and the boards afterwards."""

"""The Discord front-end: slash commands, quiz questions as native polls, and a private button mode."""

"""The Telegram front-end: commands, quiz polls and buttons, translated to and from the quiz engine."""

"""Play quizzes in a terminal, against the same engine and database as the chat bots."""

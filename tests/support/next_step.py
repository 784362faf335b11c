"""The sentence a dead end ends with (no such quiz, nothing to retry or stop, a perfect score): the msgid, for a
test to translate, as the chat bots say it; the terminal words its commands without "/"."""

NEXT_STEP = "Send /quizzes to choose a quiz, or /help to see everything I can do."
TERMINAL_NEXT_STEP = "Type “quizzes” to choose a quiz, or “help” to see everything I can do."

"""The `quiztutor` command line."""

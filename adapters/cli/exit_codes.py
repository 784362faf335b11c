"""What `quiztutor` exit codes mean, so scripts and supervisors can tell failures apart."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    # `validate` found problems, `stats` an unknown quiz, or something failed (details at QUIZ_LOG_LEVEL=DEBUG)
    FAILED = 1
    # a QUIZ_* variable is wrong, nothing is configured to run, or the output is closed or can't be written
    CONFIGURATION = 2
    CONTENT = 3  # the quiz content is invalid, so the bot can't start
    DATABASE = 4  # the database can't be opened, migrated or written
    LOGIN = 5  # a chat platform rejected the bot's token
    CONFLICT = 6  # another process already takes the bot's updates (Telegram long polling, a Discord shard)
    # a chat platform's servers can't be reached at start-up (network, proxy, their URL setting) or fail (5xx)
    UNREACHABLE = 7
    # another process held the database's migration lock longer than QUIZ_MIGRATION_WAIT_SECONDS
    MIGRATION_WAIT = 8
    INTERRUPTED = 130  # Ctrl-C

"""While `quiztutor play` waits for another process's migration of the database (storage/migrate.py logs it, in
English, for the operator), the learner is told in their language why nothing happens yet."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable, Iterator

from bot.i18n import Localizer
from bot.languages import DEFAULT_LANGUAGE
from storage.migrate import WAITING


class _WaitTold(logging.Handler):
    """Says the wait once in the learner's words, beside the log's English line (which stays: an operator's)."""

    def __init__(self, words: Callable[[], Localizer], seconds: float) -> None:
        super().__init__(logging.WARNING)
        self._words = words  # loaded only if there is a wait to tell
        self._seconds = seconds

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith(WAITING):
            _ = self._words()
            print(_("Another QuizTutor is updating the database where your progress is kept: waiting for it to "
                    "finish (at most {seconds} s). Press Ctrl-C to stop waiting.", seconds=f"{self._seconds:g}"),
                  file=sys.stderr, flush=True)


@contextlib.contextmanager
def wait_told(language: str, words: Callable[[], Localizer], seconds: float) -> Iterator[None]:
    """While the database opens: the migration's wait told to the learner in ``language``'s ``words``, unless English
    is theirs (then the log's line says it)."""
    if language == DEFAULT_LANGUAGE:
        yield
        return
    told = _WaitTold(words, seconds)
    logger = logging.getLogger("storage.migrate")
    logger.addHandler(told)
    try:
        yield
    finally:
        logger.removeHandler(told)

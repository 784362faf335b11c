"""What `quiztutor play` tells the learner, in their language, when the game can't start: the database where their
progress is kept can't be used, or the quiz files can't be loaded. The operator's English line (the log's, or the
content's problems) still follows, for whoever helps them: it names files and settings.

The learner's stored language is in that database, which either can't be read here or is not opened yet (the quiz
files are read first): their language is --lang, else the terminal's, as the player would choose without one."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

from bot.content.problems import ContentError
from bot.i18n import Localizer, UiTexts
from bot.languages import DEFAULT_LANGUAGE
from storage.errors import DatabaseUnavailable, chain, storage_full
from storage.migrate import MigrationWaitTimedOut, ReadOnlyDatabase

# The drivers' words for a database this process may not write (storage/errors.py's KNOWN_MESSAGES), and for
# another process's lock that outlasted the wait.
READ_ONLY_WORDS = ("readonly database", "read-only file system")
READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
LOCKED_WORDS = "database is locked"
NEWER_SCHEMA_WORDS = "Can't locate revision"


def learner_words(locales_dir: Path, language: str) -> Localizer:
    """The learner's words; English when the translations themselves can't be read (then that is the failure)."""
    try:
        return UiTexts.load(locales_dir).for_language(language)
    except ContentError:
        return UiTexts({}).for_language(DEFAULT_LANGUAGE)


def failure_text(_: Localizer, error: BaseException) -> str | None:
    """The learner's sentence for a start-up failure they can act on, or None for any other."""
    if isinstance(error, ContentError):
        return _("The quizzes can't be loaded: the quiz files have mistakes (listed below, in English). Tell "
                 "whoever set up QuizTutor: “quiztutor validate” lists them.")
    if isinstance(error, MigrationWaitTimedOut):
        return _locked(_)
    if not isinstance(error, DatabaseUnavailable):
        return None
    causes = list(chain(error))
    said = " ".join(str(cause) for cause in causes).lower()
    if NEWER_SCHEMA_WORDS.lower() in said:
        return _("Your progress was saved by a newer version of QuizTutor, which this one can't read. Play with "
                 "that version, or ask whoever installed QuizTutor to update this one.")
    if storage_full(error):
        return _("Your progress can't be saved: the disk is full. Free some space on it, then start again.")
    if LOCKED_WORDS in said:
        return _locked(_)
    if any(isinstance(cause, ReadOnlyDatabase) or (isinstance(cause, OSError) and cause.errno in READ_ONLY_ERRNOS)
           for cause in causes) or any(words in said for words in READ_ONLY_WORDS):
        return _("Your progress can't be saved: the folder QuizTutor keeps it in can't be written (a read-only "
                 "disk, or a folder you may not write to). Set QUIZ_DATA_DIR to a folder you can write to, then "
                 "start again.")
    return _("QuizTutor can't open the database where it keeps your progress.")


def _locked(_: Localizer) -> str:
    return _("Your progress is in use by another QuizTutor (in another terminal?), which kept it locked. Close "
             "that one or wait for it to finish, then start again.")


def tell_learner(_: Localizer, error: BaseException) -> None:
    """On stderr, before the operator's English line; nothing more in English, which that line already is."""
    text = failure_text(_, error)
    if text is None or _.language == DEFAULT_LANGUAGE:
        return
    print(f"{text}\n" + _("The details, in English, for whoever helps you:"), file=sys.stderr)

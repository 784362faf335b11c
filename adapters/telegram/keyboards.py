"""Inline keyboards. Buttons carry only an action and an id; the engine holds everything else."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callback_data import Action, ButtonData
from adapters.telegram.html_text import esc
from bot.games.rules import MAX_QUESTION_SECONDS
from bot.i18n import Localizer
from bot.languages import NATIVE_NAMES
from bot.replies import NothingDue, Notice, QuizList, Stopped, Summary
from bot.text import shorten_words

LABEL_LIMIT = 60  # Telegram clips long labels anyway; keep them readable
# ▶ buttons under a list of quizzes: Telegram refuses a keyboard of more than 100 buttons, and a column of 50 is
# already more scrolling than choosing; the rest are listed with their command (see unbuttoned).
QUIZ_BUTTON_LIMIT = 50


def button(label: str, action: Action, value: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(shorten_words(label, LABEL_LIMIT), callback_data=ButtonData(action, value).encode())


def quiz_buttons(quizzes: QuizList, action: Action = Action.START_QUIZ, then: str = "") -> InlineKeyboardMarkup | None:
    """A ▶ button per quiz listed, the first QUIZ_BUTTON_LIMIT: ``action`` with its id, and ``then`` after it (a
    game's seconds)."""
    if not quizzes.entries:
        return None
    return InlineKeyboardMarkup([[button(f"▶ {entry.title}", action, entry.quiz_id + then)]
                                 for entry in quizzes.entries[:QUIZ_BUTTON_LIMIT]])


def fresh_quiz_button(notice: Notice) -> InlineKeyboardMarkup | None:
    """Under /review's nothing due: a ▶ button that starts the quiz it suggests, as under /quizzes (Telegram has no
    command that takes a quiz id in a tap)."""
    if not isinstance(notice, NothingDue) or notice.fresh is None:
        return None
    return quiz_buttons(QuizList(notice.text, (notice.fresh,), notice.language))


def unbuttoned(quizzes: QuizList, _: Localizer, command: str = "quiz") -> list[str]:
    """Past the buttons, how to take the other quizzes listed, with their /quiz (or /game) command: a block to put
    last, beside the keyboard (none when every quiz has a button)."""
    if len(quizzes.entries) <= QUIZ_BUTTON_LIMIT:
        return []
    if command == "game":
        return [esc(_("The first {count} have a button; to open a game of another, send /game with its id, as "
                      "listed above.", count=QUIZ_BUTTON_LIMIT))]
    return [esc(_("The first {count} have a button; to start another, send /quiz with its id, as listed above.",
                  count=QUIZ_BUTTON_LIMIT))]


def offered_seconds(seconds: int | None) -> int | None:
    """The seconds /game was given, as its which-one offers them again (its buttons, its /game lines): any number
    past the longest a question may take is that longest one, said changed alike, so a quiz id (48 characters at
    most) and three digits fit Telegram's 64 bytes, and thousands of digits typed aren't copied into every line."""
    return None if seconds is None else min(seconds, MAX_QUESTION_SECONDS + 1)


def game_buttons(quizzes: QuizList, seconds: int | None) -> InlineKeyboardMarkup | None:
    """/game's which-one: a button per quiz that opens its lobby with the seconds /game was given (offered_seconds)."""
    offered = offered_seconds(seconds)
    then = "" if offered is None else f"/{offered}"
    return quiz_buttons(quizzes, Action.OPEN_GAME, then)


def language_picker(action: Action = Action.LANGUAGE) -> InlineKeyboardMarkup:
    """Every language under its own native name, so each speaker recognises theirs."""
    return InlineKeyboardMarkup([[button(name, action, code)] for code, name in NATIVE_NAMES.items()])


def retry_button(ended: Summary | Stopped) -> InlineKeyboardMarkup | None:
    """Under a summary or a stop that missed questions: another go at them."""
    if not ended.retry_label or ended.session_id is None:
        return None
    return InlineKeyboardMarkup([[button(ended.retry_label, Action.RETRY, ended.session_id)]])

"""Inline keyboards. Buttons carry only an action and an id; the engine holds everything else."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callback_data import Action, ButtonData
from bot.languages import NATIVE_NAMES
from bot.replies import QuizList, Stopped, Summary
from bot.text import shorten

LABEL_LIMIT = 60  # Telegram clips long labels anyway; keep them readable


def button(label: str, action: Action, value: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(shorten(label, LABEL_LIMIT), callback_data=ButtonData(action, value).encode())


def quiz_buttons(quizzes: QuizList) -> InlineKeyboardMarkup | None:
    if not quizzes.entries:
        return None
    return InlineKeyboardMarkup([[button(f"▶ {entry.title}", Action.START_QUIZ, entry.quiz_id)]
                                 for entry in quizzes.entries])


def language_picker(action: Action = Action.LANGUAGE) -> InlineKeyboardMarkup:
    """Every language under its own native name, so each speaker recognises theirs."""
    return InlineKeyboardMarkup([[button(name, action, code)] for code, name in NATIVE_NAMES.items()])


def retry_button(ended: Summary | Stopped) -> InlineKeyboardMarkup | None:
    """Under a summary or a stop that missed questions: another go at them."""
    if not ended.retry_label or ended.session_id is None:
        return None
    return InlineKeyboardMarkup([[button(ended.retry_label, Action.RETRY, ended.session_id)]])

"""A daily reminder, as a private message with a button that starts the review."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup
from telegram.error import BadRequest, Forbidden

from adapters.telegram.callback_data import Action
from adapters.telegram.chat import TelegramChat, chat_not_found
from adapters.telegram.html_text import esc
from adapters.telegram.keyboards import button
from bot.replies import RecipientGone, Reminder


async def send_reminder(chat: TelegramChat, reminder: Reminder) -> None:
    """In the learner's private chat (its id is theirs). Raises RecipientGone when they blocked the bot, or when
    Telegram finds no such chat: retrying daily would never reach them, only log an error each day."""
    keyboard = InlineKeyboardMarkup([[button(reminder.action, Action.REVIEW, "due")]])
    try:
        await chat.html(reminder.actor.user_id, [esc(reminder.text)], keyboard)
    except Forbidden as error:  # "bot was blocked by the user": no retry, no more reminders
        raise RecipientGone(str(error)) from error
    except BadRequest as error:
        if not chat_not_found(error):
            raise
        raise RecipientGone(str(error)) from error

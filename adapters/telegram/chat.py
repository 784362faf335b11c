"""Sending HTML to a Telegram chat: blocks packed into as few messages as fit, the keyboard on the last one."""

from __future__ import annotations

from telegram import Bot, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ParseMode

from adapters.telegram.html_text import pack

NO_PREVIEW = LinkPreviewOptions(is_disabled=True)  # a reference link's preview would bury the quiz


class TelegramChat:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def html(self, chat_id: str, blocks: list[str], keyboard: InlineKeyboardMarkup | None = None) -> None:
        messages = pack(blocks)
        for index, text in enumerate(messages):
            last = index == len(messages) - 1
            await self.bot.send_message(chat_id, text, parse_mode=ParseMode.HTML,
                                        reply_markup=keyboard if last else None, link_preview_options=NO_PREVIEW)

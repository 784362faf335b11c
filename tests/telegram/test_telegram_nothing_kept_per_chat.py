"""What the Telegram Application keeps in memory for each chat and person it hears from: nothing. PTB marks every
update's chat and user for its persistence's next save, and only a save empties those marks; with no persistence
(QuizTutor keeps its records in its own database) nothing ever does, so a process kept an id for every chat and
every member it ever heard, for as long as it ran: memory that grows with each new group and learner."""

from __future__ import annotations

from typing import Any

from telegram import Update

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.chat import TelegramChat
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.network import build_application
from adapters.telegram.wiring import register
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import TOKEN, telegram_settings

CHATS = 300


def chatter(number: int) -> dict[str, Any]:
    """A member's plain message in a group of their own: one the bot hears (it reads a group's text for commands
    typed with a full-width slash) and answers nothing."""
    user = {"id": 7_000_000 + number, "is_bot": False, "first_name": f"Member {number}"}
    chat = {"id": -1_000_000_000 - number, "type": "supergroup", "title": f"Group {number}"}
    return {"update_id": number + 1, "message": {"message_id": 1, "date": 1_700_000_000, "chat": chat,
                                                 "from": user, "text": "hello everyone"}}


async def test_the_application_keeps_nothing_for_each_chat_and_member_it_hears(api: FakeBotApi,
                                                                               settings: Settings) -> None:
    async with open_services(settings) as services:
        app = build_application(telegram_settings(settings), TOKEN)
        register(app, services.engine, TelegramChat(app.bot, services.engine), GamePolls(), TOKEN, None)
        await app.initialize()
        try:
            for number in range(CHATS):
                await app.process_update(Update.de_json(chatter(number), app.bot))
            # PTB's marks for a persistence's next save (private: there is no public way to read them)
            kept = (app._chat_ids_to_be_updated_in_persistence, app._user_ids_to_be_updated_in_persistence)
            assert [len(ids) for ids in kept] == [0, 0]
        finally:
            await app.shutdown()
        assert not api.calls("sendMessage")  # heard, and nothing said

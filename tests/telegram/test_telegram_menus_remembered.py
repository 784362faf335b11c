"""Whose private chat menu this process set, remembered so that /help doesn't set it again each time: for the
latest learners only. Before, every learner who ever chose a language stayed in memory for as long as the process
ran; now one who chose long ago (REMEMBERED learners since) gets their menu set once more at their next /help."""

from __future__ import annotations

import asyncio
from typing import Any

from telegram import Bot, Update
from telegram.request import HTTPXRequest

from adapters.once_per import REMEMBERED
from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.actors import update_actor
from adapters.telegram.chat import TelegramChat
from adapters.telegram.commands import Commands
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.games import GameCommands
from adapters.telegram.group_repeats import GroupRepeats
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import TOKEN

FIRST = 7_000_000  # learners' ids from here
BATCH = 50  # menus set at once


def help_from(user_id: int, bot: Bot) -> Update:
    chat = {"id": user_id, "type": "private", "first_name": "Ada"}
    message = {"message_id": 1, "date": 1_700_000_000, "chat": chat, "text": "/help",
               "from": {"id": user_id, "is_bot": False, "first_name": "Ada"},
               "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}
    return Update.de_json({"update_id": user_id, "message": message}, bot)


def menus_of(api: FakeBotApi, user_id: int) -> int:
    """The setMyCommands calls for that learner's private chat."""
    def for_them(params: dict[str, Any]) -> bool:
        scope = params.get("scope")
        return isinstance(scope, dict) and str(scope.get("chat_id")) == str(user_id)
    return len(api.calls("setMyCommands", for_them))


async def test_the_menus_set_are_remembered_for_the_latest_learners_only(api: FakeBotApi,
                                                                         settings: Settings) -> None:
    async with open_services(settings) as services, \
            Bot(TOKEN, base_url=api.base_url, request=HTTPXRequest(connection_pool_size=BATCH)) as bot:
        engine, chat = services.engine, TelegramChat(bot)
        repeats = GroupRepeats(engine, chat)
        commands = Commands(engine, chat, GameCommands(engine, chat, GamePolls(), repeats), repeats)
        french = engine.localizer_for("fr")
        last = FIRST + REMEMBERED
        for batch in range(FIRST, last + 1, BATCH):  # each chose a language: their menu set
            await asyncio.gather(*(commands.chat_menu(str(user_id), french)
                                   for user_id in range(batch, min(batch + BATCH, last + 1))))
        for user_id in (FIRST, last):
            update = help_from(user_id, bot)
            actor = update_actor(update)
            assert actor is not None
            await engine.set_language(actor, "fr")  # chosen, as /language fr would
            context: Any = None  # /help reads no arguments
            await commands.help(actor, str(user_id), update, context)
        assert menus_of(api, last) == 1  # set a moment ago: not again
        assert menus_of(api, FIRST) == 2  # forgotten since: set once more

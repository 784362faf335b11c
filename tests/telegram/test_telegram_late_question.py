"""A question that went up after another process stopped its game (see tests/storage/test_game_stop_races.py):
its poll closes, as an open question's does at the podium, else it stayed open for its time, every vote refused.
A lobby that went up after it: Join and Start go, as the podium takes them from the lobby it finds."""

from __future__ import annotations

from datetime import UTC, datetime

from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from bot.games.replies import GameLobby, GameQuestion
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, telegram_settings


async def test_a_question_closed_after_its_game_ended_closes_its_poll(api: FakeBotApi, settings: Settings) -> None:
    async with open_services(settings) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings))
        async with serving(services.engine, [adapter], game_interval=3600.0):
            surface = adapter.game_surface(str(GROUP.id))
            question = GameQuestion("0" * 32, str(GROUP.id), 1, "Question 2 of 3", "2/3", "Which collective sums?",
                                    ("All-reduce", "Broadcast"), 0, "It sums.", 30,
                                    datetime(2026, 1, 5, 9, 1, tzinfo=UTC))
            posted = await surface.ask(question)
            assert posted.message_id is not None
            await surface.close_question(question, posted)
    [closed] = api.calls("stopPoll")
    assert closed.params["chat_id"] == str(GROUP.id) and str(closed.params["message_id"]) == posted.message_id


async def test_a_lobby_closed_after_its_game_ended_loses_its_buttons(api: FakeBotApi, settings: Settings) -> None:
    async with open_services(settings) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings))
        async with serving(services.engine, [adapter], game_interval=3600.0):
            surface = adapter.game_surface(str(GROUP.id))
            lobby = GameLobby("0" * 32, str(GROUP.id), "Group game: Collectives", ("Players: Ada",), "Join", "Start")
            posted = await surface.lobby(lobby)
            assert posted.message_id is not None
            await surface.close_lobby(lobby, posted)
    [edited] = api.calls("editMessageReplyMarkup")
    assert edited.params["chat_id"] == str(GROUP.id) and str(edited.params["message_id"]) == posted.message_id
    assert not edited.params.get("reply_markup")

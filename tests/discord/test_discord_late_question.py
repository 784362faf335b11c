"""A question that went up after another process stopped its game (see tests/storage/test_game_stop_races.py):
its buttons go, as an open question's do at the podium, else they stayed up for good, every press refused. So do
a lobby's Join and Start, as the podium takes them from the lobby it finds."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.games.replies import GameLobby, GameQuestion
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import CHANNEL_ID


async def test_a_question_closed_after_its_game_ended_loses_its_buttons(bot: RunningBot, fake: FakeDiscord) -> None:
    surface = bot.adapter.game_surface(str(CHANNEL_ID))
    question = GameQuestion("0" * 32, str(CHANNEL_ID), 1, "Question 2 of 3", "2/3", "Which collective sums?",
                            ("All-reduce", "Broadcast"), 0, "It sums.", 30, datetime(2026, 1, 5, 9, 1, tzinfo=UTC))
    posted = await surface.ask(question)
    assert posted.message_id is not None and fake.messages[int(posted.message_id)]["components"]
    await surface.close_question(question, posted)
    message = fake.messages[int(posted.message_id)]
    assert not message["components"] and "Which collective sums?" in message["content"]


async def test_a_lobby_closed_after_its_game_ended_loses_its_buttons(bot: RunningBot, fake: FakeDiscord) -> None:
    surface = bot.adapter.game_surface(str(CHANNEL_ID))
    lobby = GameLobby("0" * 32, str(CHANNEL_ID), "Group game: Collectives", ("Players: Ada",), "Join", "Start")
    posted = await surface.lobby(lobby)
    assert posted.message_id is not None and fake.messages[int(posted.message_id)]["components"]
    await surface.close_lobby(lobby, posted)
    message = fake.messages[int(posted.message_id)]
    assert not message["components"] and "Group game: Collectives" in message["content"]

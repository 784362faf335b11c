"""/help names what /game takes in the reader's language: before, every language showed the English placeholders
"/game QUIZ [SECONDS]" (in Swahili, Yoruba and Shona both words English), in the help and the command menu."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, for_chat, running_bot

SHOWN = {"fr": "/game QUIZ [SECONDES]", "sw": "/game CHEMSHA-BONGO [SEKUNDE]",
         "yo": "/game ÌDÁNWÒ [ÌṢẸ́JÚ-ÀÁYÁ]", "sn": "/game BVUNZO [MASEKONDI]"}


@pytest.mark.parametrize("language", sorted(SHOWN))
async def test_the_game_line_of_help_is_in_the_learners_language(
        api: FakeBotApi, settings: Settings, language: str) -> None:
    learner = FakeUser(321, "Learner", language)
    async with running_bot(settings):
        await api.command(learner, f"/language {language}")
        await api.command(learner, "/help", GROUP)  # a group's help lists /game; a private chat's says it's a group's
        await api.command(learner, "/help")
        help_text = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0].params["text"]
        game_line = next(line for line in help_text.splitlines() if line.startswith("/game"))
        assert SHOWN[language] in game_line and "SECONDS" not in game_line
        private = (await api.wait_for("sendMessage", 2, for_chat(learner.id)))[1].params["text"]
        in_a_group = next(line for line in private.splitlines() if "/leaderboard" in line)
        assert SHOWN[language] in in_a_group and "SECONDS" not in in_a_group
        menus = [call for call in api.calls("setMyCommands") if call.params.get("language_code") == language]
        game = next(command for command in menus[0].params["commands"] if command["command"] == "game")
        assert SHOWN[language] in game["description"]

"""/help says where each command works: in a private chat, /game and /leaderboard (a group's) were listed as if they
worked there ("a group game for everyone in this chat"), and in a group /language read "change language", where it
sets the group's language for games, by its admins only."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from bot.languages import SUPPORTED_LANGUAGES
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import for_chat, running_bot

IN_A_GROUP = ("In a group: /game QUIZ [SECONDS] starts a game for everyone there, /leaderboard shows its points, and "
              "an admin sets the language of its games with /language.")
GROUP_LANGUAGE = ("In a group, /language sets the language of its games, for its admins only: choose your own in a "
                  "private chat with me.")


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_help_lists_a_groups_commands_as_a_groups_in_a_private_chat_and_says_whose_language_it_sets_in_one(
        api: FakeBotApi, settings: Settings, language: str) -> None:
    learner, group = FakeUser(321, "Learner", language), FakeChat(-100321, "supergroup", "Study circle")
    async with running_bot(settings) as engine:
        _ = engine.localizer_for(language)
        await api.command(learner, f"/language {language}")
        await api.command(learner, "/help")
        private = (await api.wait_for("sendMessage", 2, for_chat(learner.id)))[1].params["text"]
        lines = private.splitlines()
        assert not [line for line in lines if line.startswith(("/game", "/leaderboard"))], private
        assert f"<i>{_(IN_A_GROUP)}</i>" in lines and _(GROUP_LANGUAGE) not in private
        assert any(line.startswith("/language — ") for line in lines)  # theirs, in the private chat

        await api.command(learner, "/help", group)
        shown = (await api.wait_for("sendMessage", 1, for_chat(group.id)))[0].params["text"]
        lines = shown.splitlines()
        assert [line.split(" — ")[0] for line in lines if line.startswith(("/game", "/leaderboard"))] \
            == ["/game", "/leaderboard"]
        assert f"<i>{_(GROUP_LANGUAGE)}</i>" in lines and _(IN_A_GROUP) not in shown
    if language != "en":
        assert _(IN_A_GROUP) != IN_A_GROUP and _(GROUP_LANGUAGE) != GROUP_LANGUAGE

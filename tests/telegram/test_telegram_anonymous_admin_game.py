"""An anonymous admin (posting in the group's own name) who sends /game to open one: a game needs a person to start
it (its starter, told privately if it stops unseen), and Telegram's placeholder is nobody. They were told "I can't
keep your quiz or your score. Turn off \"Remain anonymous\" to play, or message me privately.": about a quiz and a
score they never asked for, and a private chat where no group game can be started. They are now told that a game
needs a person to start it, how to (post as themselves, or ask a member), and that stop and skip are theirs."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, for_chat, running_bot
from tests.telegram.test_telegram_anonymous_admins import ANONYMOUS_ADMIN, NAMELESS


async def said_to_group(api: FakeBotApi, command: str) -> str:
    before = len(api.sent_texts(GROUP.id))
    await api.command(ANONYMOUS_ADMIN, command, GROUP, as_chat=GROUP)
    return str((await api.wait_for("sendMessage", before + 1, for_chat(GROUP.id)))[before].params["text"])


async def test_an_anonymous_admin_opening_a_game_hears_it_needs_a_person_and_how(api: FakeBotApi,
                                                                                settings: Settings) -> None:
    async with running_bot(settings):
        for command in ("/game collectives", "/game"):
            said = await said_to_group(api, command)
            assert "A game needs a person to start it" in said
            assert "ask a member to send /game" in said and "/game stop" in said
            assert "privately" not in said and "your quiz" not in said
        assert NAMELESS in await said_to_group(api, "/quiz collectives")  # a quiz of their own: as before
        await api.settle()
        assert api.polls(GROUP.id) == []


async def test_it_is_said_in_the_groups_language(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await said_to_group(api, "/language fr")
        said = await said_to_group(api, "/game collectives")
        assert said.startswith("Une partie a besoin d’une personne pour la lancer")
        assert "partie" in said and "/game stop" in said

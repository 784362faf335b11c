"""A private chat's command menu offered /game ("a group game for everyone in this chat") and /leaderboard ("this
group's leaderboard"), which a private chat answers only with "games and leaderboards are in groups": the bot set one
menu for every chat. A private chat's menu leaves them out (its /help says them as a group's); a group's keeps them."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.menus import described, menu_shown
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, for_chat, running_bot

PRIVATE_COMMANDS = {"quizzes", "quiz", "skip", "stop", "retry", "review", "progress", "preview", "language",
                    "timezone", "reminders", "help", "start"}
GROUP_COMMANDS = {"game", "leaderboard"}
ADE = FakeUser(341, "Adé", "en")


async def test_a_private_chats_menu_has_no_group_commands_and_a_groups_has_them_in_every_language(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.settle()
        for app_language in (None, "en", "fr", "sw", "yo", "sn", "de"):
            _ = engine.localizer_for(app_language if app_language in ("fr", "sw", "yo", "sn") else "en")
            private = described(menu_shown(api, ADE.id, app_language))
            assert set(private) == PRIVATE_COMMANDS, app_language
            assert private["quizzes"] == _("list the quizzes")
            in_a_group = described(menu_shown(api, GROUP.id, app_language, group=True))
            assert set(in_a_group) == PRIVATE_COMMANDS | GROUP_COMMANDS, app_language
            assert in_a_group["game"] == _("a group game for everyone in this chat: /game QUIZ [SECONDS]")
            assert in_a_group["quizzes"] == _("list the quizzes")


async def test_the_menu_of_a_private_chat_set_in_its_learners_language_has_no_group_commands(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADE, "/language yo")
        await api.wait_for("sendMessage", 1, for_chat(ADE.id))
        await api.settle()
        private = described(menu_shown(api, ADE.id, "en"))
        assert set(private) == PRIVATE_COMMANDS
        assert private["quizzes"] == engine.localizer_for("yo")("list the quizzes")
        assert set(described(menu_shown(api, GROUP.id, "en", group=True))) == PRIVATE_COMMANDS | GROUP_COMMANDS

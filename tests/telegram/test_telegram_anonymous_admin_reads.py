"""What a group asks of the bot as a whole needs nobody's own record: the help, the list of quizzes, the group's
leaderboard. An anonymous admin (posting in the group's own name) asking for one was told "I can't tell who you
are ... so I can't keep your quiz or your score", as for a quiz of their own; they now get it, as any member does,
with no user kept for Telegram's placeholder. Leaving the leaderboards (hide/show) is a person's, still refused."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, for_chat, running_bot
from tests.telegram.test_telegram_anonymous_admins import ANONYMOUS_ADMIN, NAMELESS

HELP = "I ask quiz questions as polls: tap an answer to see whether it is right, and why."


async def said_to_group(api: FakeBotApi, command: str) -> str:
    before = len(api.sent_texts(GROUP.id))
    await api.command(ANONYMOUS_ADMIN, command, GROUP, as_chat=GROUP)
    return (await api.wait_for("sendMessage", before + 1, for_chat(GROUP.id)))[before].params["text"]


async def test_an_anonymous_admin_gets_the_help_the_quizzes_and_the_leaderboard(api: FakeBotApi,
                                                                               settings: Settings) -> None:
    async with running_bot(settings):
        assert (await said_to_group(api, "/help")).startswith(HELP)
        assert (await said_to_group(api, "/quizzes")).startswith("<b>")  # the list's heading, then each quiz
        assert "/quiz collectives" in api.sent_texts(GROUP.id)[-1]
        assert (await said_to_group(api, "/leaderboard")).startswith("🏆 <b>Leaderboard: this week")
        assert (await said_to_group(api, "/leaderboard all")).startswith("🏆 <b>Leaderboard: all time")
        assert NAMELESS in await said_to_group(api, "/leaderboard hide")  # a person's own choice
        await api.settle()
        assert not api.calls("sendMessage", for_chat(ANONYMOUS_ADMIN.id))

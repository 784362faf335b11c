"""Other bots' messages: since Telegram's bot-to-bot mode (either bot may turn it on), another bot in a group can
send ``/quiz@QuizTutorBot`` or write to the bot in private. A bot can't vote in a poll nor press a button, so
nothing started for it could be played: it is nobody to serve, as a channel's post is."""

from __future__ import annotations

from adapters.settings import Settings
from bot.replies import Actor
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, next_poll, running_bot

HELPER_BOT = FakeUser(5550, "HelperBot", "fr", is_bot=True)


async def test_another_bots_commands_start_nothing_and_get_no_answer(api: FakeBotApi, settings: Settings) -> None:
    """Before: its /quiz asked the group a poll in its name that nobody could answer, its /game made it a player
    who never voted, and its private messages were answered as a learner's."""
    async with running_bot(settings) as engine:
        for text in ("/quiz@QuizTutorBot collectives", "/game@QuizTutorBot collectives", "/leaderboard@QuizTutorBot",
                     "／quiz@QuizTutorBot collectives"):
            await api.command(HELPER_BOT, text, GROUP)
        for text in ("/start", "/quiz collectives", "hello"):
            await api.command(HELPER_BOT, text)
        await api.settle()
        assert api.calls("sendMessage", for_chat(GROUP.id)) == [] and api.polls(GROUP.id) == []
        assert api.calls("sendMessage", for_chat(HELPER_BOT.id)) == [] and api.polls(HELPER_BOT.id) == []
        assert not (await engine.progress(Actor("telegram", str(HELPER_BOT.id)))).lines
        # A person's command in the same group is served as ever, in her language.
        await api.command(AMINATA, "/quiz@QuizTutorBot collectives", GROUP)
        poll = await next_poll(api, GROUP.id, 1)
        assert poll.params["question"].startswith("1/3 (Aminata) · Quelle collective")

"""A group's quiet minute for the long answers (the list, the help): when it ends, and an answer that failed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from telegram import Bot

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.actors import PLATFORM
from adapters.telegram.chat import TelegramChat
from adapters.telegram.group_repeats import QUIET_PERIOD, GroupRepeats
from bot.replies import Actor
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP, JUMA, TOKEN, WANJIRU, ZAWADI, running_bot

ADA = Actor(PLATFORM, "201", str(GROUP.id), "en")
BOLA = Actor(PLATFORM, "202", "202", "en")  # in her private chat
LINK = "https://t.me/QuizTutorBot"
LIST_ABOVE = ("The list of quizzes is just above: a group gets it at most once a minute. For your own copy, open "
              "{link} and send /quizzes.")
HELP_ABOVE = ("My help is just above: a group gets it at most once a minute. For your own copy, open {link} and "
              "send /help.")


async def test_the_full_answer_comes_again_once_the_groups_minute_is_over_or_if_it_failed(
        api: FakeBotApi, settings: Settings) -> None:
    now = [1000.0]
    sent: list[str] = []

    def full(who: str, fails: bool = False) -> Callable[[], Awaitable[None]]:
        async def send() -> None:
            if fails:
                raise ConnectionError("the network")
            sent.append(who)
        return send

    async with open_services(settings) as services, Bot(TOKEN, base_url=api.base_url) as bot:
        repeats = GroupRepeats(services.engine, TelegramChat(bot), clock=lambda: now[0])
        group = str(GROUP.id)
        with pytest.raises(ConnectionError):
            await repeats.answer("help", ADA, group, "Ada", full("failed", fails=True))
        await repeats.answer("help", ADA, group, "Ada", full("first"))  # the failed one wasn't seen: in full
        await repeats.answer("quizzes", ADA, group, "Ada", full("list"))  # another answer: its own minute
        now[0] += QUIET_PERIOD - 1
        await repeats.answer("help", ADA, group, "Ada", full("too soon"))  # the line that it is above
        await repeats.answer("help", ADA, group, "Ada", full("too soon"))  # nothing
        for _time in range(2):
            await repeats.answer("help", BOLA, BOLA.user_id, "Bola", full("private"))  # every time
        now[0] += 1
        await repeats.answer("help", ADA, group, "Ada", full("a minute later"))
    assert sent == ["first", "list", "private", "private", "a minute later"]
    assert [text.split(" · ")[1].split(":")[0] for text in api.sent_texts(GROUP.id)] == ["My help is just above"]


async def test_a_member_of_another_language_or_an_admin_gets_the_full_answer_as_they_would_see_it(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: a group's minute counted whatever the answer above said: after Wanjiru's list in Swahili, Aminata was
    told the list was just above, in French; after Juma's help, the admin that the help was, with no /reload in it.
    Now the minute is per answer shown (its language; for the help, an admin's or not): still one line for a repeat
    of the same."""
    async with running_bot(settings) as engine:
        for member, command in ((WANJIRU, "/quizzes"), (AMINATA, "/quizzes"), (ZAWADI, "/quizzes"),
                                (JUMA, "/help"), (ADMIN, "/help"), (JUMA, "/help")):
            await api.command(member, command, GROUP)
            await api.settle()  # one after another: the order the minute counts in
        texts = api.sent_texts(GROUP.id)
        assert len(texts) == 6
        assert "Mawasiliano ya pamoja" in texts[0] and "Collectives" in texts[1]  # each in full, in their language
        assert texts[2] == "<b>Zawadi</b> · " + engine.localizer_for("sw")(LIST_ABOVE, link=LINK)
        assert "/quiz — " in texts[3] and "/reload" not in texts[3]
        assert "/reload — " in texts[4]  # the admin's own help
        assert texts[5] == "<b>Juma</b> · " + engine.localizer_for("en")(HELP_ABOVE, link=LINK)

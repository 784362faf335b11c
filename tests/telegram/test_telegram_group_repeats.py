"""A group's quiet minute for the long answers (the list, the help): when it ends, and an answer that failed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

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
WHICH_ABOVE = ("The quizzes that match are just above: a group gets that list at most once a minute. For your own "
               "copy, open {link} and send {command}.")
GAME_ABOVE = ("The quizzes that match are just above: a group gets that list at most once a minute. Open a game "
              "with a quiz's button there, or its /game line.")
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


async def test_a_repeat_while_the_answer_is_still_on_its_way_waits_for_it_rather_than_point_at_nothing(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: the answer counted as shown once begun, so a repeat while its messages were still being paced out
    (the group's 20 a minute, a slow network) was told it was just above, before anything was."""
    arrived, release = asyncio.Event(), asyncio.Event()

    async def slow(_result: Any) -> None:  # the list's first message: held up
        api.before_reply.pop("sendMessage")
        arrived.set()
        await release.wait()

    async with running_bot(settings) as engine:
        api.before_reply["sendMessage"] = slow
        await api.command(WANJIRU, "/quizzes", GROUP)
        await asyncio.wait_for(arrived.wait(), 10)
        await api.command(ZAWADI, "/quizzes", GROUP)
        await api.settle()
        release.set()
        await api.settle()
        texts = api.sent_texts(GROUP.id)
        assert len(texts) == 2 and "Mawasiliano ya pamoja" in texts[0]  # the list, then the line that it's above
        assert texts[1] == "<b>Zawadi</b> · " + engine.localizer_for("sw")(LIST_ABOVE, link=LINK)


async def test_a_repeat_while_the_answer_fails_gets_it_in_full_rather_than_told_it_is_above(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: a repeat while the first asker's list was waiting out a 429 heard that it was just above; then
    that list failed, and nobody had it."""
    async with running_bot(settings):
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
        api.fail_next("sendMessage", 400, "Bad Request: can't parse entities")
        await api.command(WANJIRU, "/quizzes", GROUP)
        for _wait in range(500):  # until the first try was refused: the list is waiting out the 429
            if any(call.method == "sendMessage" and not call.ok for call in api.requests):
                break
            await asyncio.sleep(0.02)
        await api.command(ZAWADI, "/quizzes", GROUP)
        await api.settle(quiet=1.5)
        tried = [call.params["text"] for call in api.requests if call.method == "sendMessage"]
        assert not [text for text in tried if "QuizTutorBot" in text]  # no line saying it is above
        assert any("Mawasiliano ya pamoja" in text for text in api.sent_texts(GROUP.id))  # Zawadi's, in full


async def test_which_one_in_a_group_is_listed_once_a_minute_per_list_and_a_repeat_hears_it_is_above(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: each /quiz NAME naming several quizzes in a group sent the whole "Which one do you mean?" list again
    (with many quizzes, several messages of the group's 20 a minute). /preview's goes as the preview does:
    test_telegram_personal_notices.py."""
    async with running_bot(settings) as engine:
        for member, command in ((WANJIRU, "/quiz n"), (ZAWADI, "/quiz N"), (ZAWADI, "/quiz n")):
            await api.command(member, command, GROUP)
            await api.settle()
        texts = api.sent_texts(GROUP.id)
        _ = engine.localizer_for("sw")
        assert len(texts) == 2
        assert "/quiz collectives" in texts[0]  # the list in full once
        assert texts[1] == "<b>Zawadi</b> · " + _(WHICH_ABOVE, link=LINK, command="/quiz N")  # then once, nothing


async def test_games_which_one_in_a_group_is_listed_once_a_minute_per_list_and_seconds(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: each /game NAME naming several quizzes sent the whole list again, once per member."""
    async with running_bot(settings) as engine:
        for member, command in ((WANJIRU, "/game n"), (ZAWADI, "/game n"), (ZAWADI, "/game n"),
                                (WANJIRU, "/game n 20")):
            await api.command(member, command, GROUP)
            await api.settle()
        texts = api.sent_texts(GROUP.id)
        _ = engine.localizer_for("sw")
        assert len(texts) == 3
        assert "/game collectives" in texts[0] and "/game collectives 20" in texts[2]  # each in full once
        assert texts[1] == "<b>Zawadi</b> · " + _(GAME_ABOVE)  # then once, nothing; no private copy of a game

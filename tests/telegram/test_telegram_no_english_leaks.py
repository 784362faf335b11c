"""A learner whose Telegram speaks Shona (or Yoruba) reads no English sentence of the bot's, nor a quiz's English
where it has their language: every message, edit, poll, caption, button, press's answer and menu of a broad
private-chat session is searched for the English of the catalogs (tests/support/english_leaks.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import pytest

from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.support.english_leaks import leaks
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import correct, next_poll, poll_id, running_bot, telegram_settings, wrong
from tests.telegram.words_seen import menu_words, words_seen

QUIET = 0.1  # seconds without a request: the bot has said all it will
LEARNERS = {"sn": FakeUser(801, "Tendai", "sn"), "yo": FakeUser(802, "Bisi", "yo")}


@asynccontextmanager
async def reminding_bot(settings: Settings, clock: FixedClock) -> AsyncIterator[None]:
    """The bot with a reminder sweep every few milliseconds (tests/telegram/test_telegram_review.py's)."""
    async with open_services(settings, clock=clock) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings))
        async with serving(services.engine, [adapter], reminder_interval=0.02):
            yield


async def said(api: FakeBotApi, user: FakeUser, text: str) -> None:
    """``user`` sends ``text``; wait until the bot has said all it will."""
    await api.command(user, text)
    await api.settle(quiet=QUIET)


@pytest.mark.parametrize("language", ["sn"])  # Yoruba: the group's test, and the terminal's
async def test_a_private_session_shows_no_english(api: FakeBotApi, settings: Settings, clock: FixedClock,
                                                  language: str) -> None:
    learner = LEARNERS[language]
    async with running_bot(settings, clock) as engine:
        for command in ("/start", "/help", "/quizzes", "/preview collectives", "/preview nosuch", "/quiz nosuch",
                        "/retry", "/review", "/progress", "/stop", "/skip", "/leaderboard", "/game collectives",
                        "/reload", "/timezone", "/timezone Mars/Base", "/timezone Africa/Harare", "/reminders",
                        "/reminders at noon", "/language xx", "/language"):
            await api.command(learner, command)  # one after the other, as fast as typed
        await api.settle(quiet=QUIET)
        await api.press(learner, "quiz:collectives")
        first = await next_poll(api, learner.id, 1)
        await said(api, learner, "all-reduce I think")  # typed while a question waits
        await api.answer_poll(learner, poll_id(first), [wrong(first)])
        second = await next_poll(api, learner.id, 2)
        await said(api, learner, "/quiz")  # the question again
        await said(api, learner, "/skip")
        third = api.polls(learner.id)[-1]
        await api.answer_poll(learner, poll_id(third), [correct(third)])
        await api.settle(quiet=QUIET)
        await api.answer_poll(learner, poll_id(second), [correct(second)])  # a vote on a question gone by
        await api.settle(quiet=QUIET)
        await said(api, learner, "/retry")
        await said(api, learner, "/stop")
        await said(api, learner, "/progress")
        await said(api, learner, "/reminders on 19:00")
        clock.advance(timedelta(days=1, hours=1))
        await said(api, learner, "/review")
        await said(api, learner, "hello")
        await api.press(learner, "lang:" + language)
        await api.settle(quiet=QUIET)
        progress = await engine.progress(Actor("telegram", str(learner.id), str(learner.id), language))
    clock.now = clock.now.replace(hour=17, minute=30) + timedelta(days=1)  # 19:30 in Harare: a reminder is due
    async with reminding_bot(settings, clock):
        reminder = (await api.wait_for("sendMessage", 1, lambda p: "review:" in str(p.get("reply_markup"))))[-1]
        await api.press(learner, reminder.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"])
        await api.settle(quiet=QUIET)
        await api.answer_poll(learner, poll_id(api.polls(learner.id)[-1]), [0])
        await said(api, learner, "/reminders off")

    assert progress.chart is not None
    chart = [progress.chart.title, progress.chart.reviews_title, *(name for name, _ in progress.chart.concepts),
             *(day for day, _ in progress.chart.days)]
    seen = words_seen(api, learner.id) + menu_words(api, language) + chart
    assert leaks(seen, language) == []

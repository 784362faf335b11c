"""Spaced review on Telegram: /review, /progress with its chart, /timezone and the daily reminders."""

from __future__ import annotations

import asyncio
import sqlite3
import struct
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import pytest

from adapters.runtime import open_services
from adapters.serving import serving
from adapters.settings import Settings
from adapters.telegram.adapter import TelegramAdapter
from bot.engine import QuizEngine
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    JUMA,
    correct,
    for_chat,
    next_poll,
    poll_id,
    telegram_settings,
    wrong,
)

DAY = timedelta(days=1)


@asynccontextmanager
async def bot_at(settings: Settings, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    """The bot on a clock the test moves, with a reminder sweep every few milliseconds."""
    async with open_services(settings, clock=clock) as services:
        adapter = TelegramAdapter(services.engine, telegram_settings(settings))
        async with serving(services.engine, [adapter], reminder_interval=0.02):
            yield services.engine


async def play_with_one_wrong(api: FakeBotApi, user_id: int = AMINATA.id) -> None:
    for number in (1, 2, 3):
        poll = await next_poll(api, user_id, number)
        user = AMINATA if user_id == AMINATA.id else JUMA
        await api.answer_poll(user, poll_id(poll), [wrong(poll) if number == 2 else correct(poll)])
    await api.wait_for("sendMessage", 1, lambda p: for_chat(user_id)(p) and "❌" in p["text"])


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    width, height = struct.unpack(">II", data[16:24])
    return width, height


async def test_review_serves_what_was_missed_the_next_day_and_progress_comes_with_a_chart(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with bot_at(settings, clock):
        await api.command(AMINATA, "/review")
        nothing = await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        assert "Rien à revoir pour l’instant" in nothing[-1].params["text"]
        await api.command(AMINATA, "/quiz collectives")
        await play_with_one_wrong(api)
        clock.advance(DAY)
        await api.command(AMINATA, "/review")
        review = await next_poll(api, AMINATA.id, 4)
        assert review.params["question"].startswith("1/1 · Quelle collective reconstruit")  # the one missed
        await api.answer_poll(AMINATA, poll_id(review), [correct(review)])
        done = await api.wait_for("sendMessage", 1, lambda p: "Révision terminée" in p["text"])
        assert "✅" in done[0].params["text"]
        await api.command(AMINATA, "/progress")
        [photo] = await api.wait_for("sendPhoto", 1, for_chat(AMINATA.id))
        width, height = png_size(photo.params["photo"])
        assert 600 <= width <= 1600 and 400 <= height <= 1400 and len(photo.params["photo"]) < 300_000
        text = api.sent_texts(AMINATA.id)[-1]
        assert "après votre dernière réponse (rétention), par quiz" in text
        assert "Série\u00a0: 2 jours d’affilée." in text


async def test_a_reminder_goes_out_once_a_day_when_something_is_due_even_across_a_restart(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with bot_at(settings, clock):
        await api.command(AMINATA, "/timezone Africa/Lagos")
        await api.command(AMINATA, "/reminders on 19:00")
        await api.command(AMINATA, "/quiz collectives")
        await play_with_one_wrong(api)
    clock.now = clock.now.replace(hour=19, minute=30) + DAY  # the next evening in Lagos (UTC+1): one is due
    async with bot_at(settings, clock):
        reminders = await api.wait_for("sendMessage", 1, lambda p: "prête à être revue" in p["text"])
        await api.settle()
    async with bot_at(settings, clock):  # a restart: nothing is sent twice
        await api.settle()
    sent = [call for call in api.calls("sendMessage") if "prête à être revue" in call.params["text"]]
    assert sent == reminders and len(sent) == 1
    assert "Réviser maintenant" in str(sent[0].params["reply_markup"])


@pytest.mark.parametrize(("status", "refusal"), [
    (403, "Forbidden: bot was blocked by the user"),
    (400, "Bad Request: chat not found"),  # before, reminders stayed on: an error and its traceback every day
])
async def test_a_learner_the_bot_cant_reach_any_more_has_their_reminders_turned_off(
        api: FakeBotApi, settings: Settings, clock: FixedClock, status: int, refusal: str) -> None:
    async with bot_at(settings, clock):
        await api.command(JUMA, "/reminders on 09:30")
        await api.command(JUMA, "/quiz collectives")
        await play_with_one_wrong(api, JUMA.id)
    clock.advance(DAY + timedelta(hours=1))  # half an hour after its time: well within LATE
    api.fail_next("sendMessage", status, refusal)
    async with bot_at(settings, clock):
        for _ in range(200):  # the first sweep tries at once; wait for its outcome in the database
            if reminder_of(settings, JUMA.id) == (None, None):
                break
            await asyncio.sleep(0.02)
    assert reminder_of(settings, JUMA.id) == (None, None)  # off: no retry loop against a chat gone
    assert not [call for call in api.calls("sendMessage") if call.params["chat_id"] == str(JUMA.id)
                and "ready for review" in call.params["text"]]


def reminder_of(settings: Settings, user_id: int) -> tuple[object, object]:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT reminder_time, reminder_due FROM users WHERE platform_user_id = ?",
                               (str(user_id),)).fetchone()
    return tuple(row) if row else (None, None)

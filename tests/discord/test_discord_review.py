"""Spaced review on Discord: /review as polls and privately, /progress with its chart, reminders by DM."""

from __future__ import annotations

import asyncio
import sqlite3
import struct
from contextlib import AbstractAsyncContextManager
from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import EPHEMERAL, OWNER_ID
from tests.discord.support import button_for, buttons, next_poll, poll_question, vote_for
from tests.fakes.clock import FixedClock

DAY = timedelta(days=1)
ANSWERS = {"1/3": ("All-reduce", "Broadcast"), "2/3": ("All-gather", "Reduce-scatter"), "3/3": ("NVLink", "Ethernet")}


def bot_at(settings: Settings, fake: FakeDiscord, clock: FixedClock) -> AbstractAsyncContextManager[RunningBot]:
    """The bot with its reminders looked for every 20 ms (the harness's default waits much longer)."""
    return running_bot(settings, fake, clock, reminder_interval=0.02)


async def play_with_a_wrong_second_answer(fake: FakeDiscord, bot: RunningBot, user_id: int) -> None:
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=user_id)
    for number in ("1/3", "2/3", "3/3"):
        poll = await next_poll(fake, bot, after=mark)
        mark = len(fake.calls)
        right, wrong = ANSWERS[poll_question(poll).split(" · ")[0]]
        await vote_for(fake, poll, wrong if number == "2/3" else right, user_id)
    await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark) if "🏁" in c.content), None))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


async def test_review_as_polls_then_privately_and_progress_with_a_chart(settings: Settings, fake: FakeDiscord,
                                                                        clock: FixedClock) -> None:
    async with bot_at(settings, fake, clock) as bot:
        await play_with_a_wrong_second_answer(fake, bot, OWNER_ID)
        clock.advance(DAY)
        mark = len(fake.calls)
        await fake.slash("review")
        poll = await next_poll(fake, bot, after=mark)
        assert poll_question(poll).startswith("1/1 · Which collective rebuilds a full tensor")  # the missed one
        mark = len(fake.calls)
        await vote_for(fake, poll, "All-gather", OWNER_ID)
        done = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark)
                                                   if "Review finished" in c.content), None))
        assert "✅" in done.content

        clock.advance(3 * DAY)  # everything is due again: privately this time
        started = await fake.slash("review", {"private": True})
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        assert int(shown.response["flags"]) & EPHEMERAL and "Review: 3 questions are due" in shown.content

        token = await fake.slash("progress")
        upload = await fake.wait_until(lambda: next((c for c in fake.interaction_calls(token) if c.files), None))
    width, height = png_size(upload.files["progress.png"])
    assert 600 <= width <= 1600 and 400 <= height <= 1400
    text = next(c for c in fake.answers(token) if ", by quiz:" in c.content)
    assert "Streak:" not in text.content  # nothing answered on days 2 and 3: the run broke


async def test_a_reminder_is_a_direct_message_once_and_closed_dms_turn_reminders_off(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    async with bot_at(settings, fake, clock) as bot:
        for user in (OWNER_ID, LEARNER_ID):
            await fake.slash("reminders", {"setting": "on 09:30"}, user_id=user)
            await play_with_a_wrong_second_answer(fake, bot, user)
    fake.closed_dms.add(LEARNER_ID)
    confirmed = len(fake.calls)  # turning them on was confirmed by DM, where they come
    clock.advance(DAY + timedelta(hours=1))  # half an hour after its time: well within LATE
    for _restart in range(2):  # the second run must not send the reminder again
        async with bot_at(settings, fake, clock):
            for _ in range(200):
                if fake.direct_messages(OWNER_ID, confirmed) and reminder_of(settings, LEARNER_ID) == (None, None):
                    break
                await asyncio.sleep(0.02)
            await fake.quiet()
    [reminder] = fake.direct_messages(OWNER_ID, confirmed)
    assert "1 question is ready for review" in reminder.content
    assert button_for(reminder, "Review now") == "qt:rv"
    assert reminder_of(settings, LEARNER_ID) == (None, None)  # DMs closed (50007): off, no retry loop
    assert reminder_of(settings, OWNER_ID)[0] == "09:30"


def reminder_of(settings: Settings, user_id: int) -> tuple[object, object]:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT reminder_time, reminder_due FROM users WHERE platform_user_id = ?",
                               (str(user_id),)).fetchone()
    return tuple(row) if row else (None, None)

"""Votes cast while the bot was down (restarting, deploying): Telegram keeps them and delivers them when it comes
back, maybe after the question's deadline. A poll sent with open_period takes no vote once Telegram closed it at
its time, so any vote it delivers was cast in time: it counts, and the deadline sweep at start-up waits for it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import aiohttp
import pytest

from adapters.settings import Settings
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    SIGNED,
    correct,
    in_webhook_mode,
    next_poll,
    poll_id,
    running_bot,
)

LIMIT = 30
FAST = 0.02  # seconds between sweeps: the new process's first sweep comes at once
ADA = FakeUser(301, "Ada", "en")
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def test_a_vote_cast_in_time_while_the_bot_was_down_counts_when_it_comes_back_after_the_deadline(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    clock.advance(timedelta(seconds=LIMIT - 10))
    await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # in time: Telegram's countdown still ran
    clock.advance(timedelta(minutes=5))  # the bot is back long after the deadline
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        second = await next_poll(api, AMINATA.id, 2)
        await api.settle(quiet=FAST * 10)
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
    fr = engine.localizer_for("fr")
    assert second.params["question"].startswith("2/3 ") and len(api.polls(AMINATA.id)) == 2  # moved on once
    assert fr(TIME_UP, number=1) not in api.sent_texts(AMINATA.id)
    assert progress.lines[0].text == fr("in progress: {answered} of {total} answered, {correct} right",
                                        answered=1, total=3, correct=1)


async def kept_updates(api: FakeBotApi, offset: int = 0) -> list[dict[str, Any]]:
    """What Telegram holds for the bot (an offset drops those before it): read from the fake itself, as with a
    webhook set getUpdates is refused (409), as Telegram refuses it."""
    return await api.kept_updates({"offset": str(offset), "timeout": "0"})


async def test_in_webhook_mode_the_sweep_waits_until_telegram_has_posted_the_votes_it_kept(
        api: FakeBotApi, timed: Settings, clock: FixedClock, reserve_port: Callable[[], int]) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # in time, kept by Telegram
    clock.advance(timedelta(minutes=5))
    webhook, url = in_webhook_mode(reserve_port(), timed)
    async with running_bot(webhook, clock, sweep_interval=FAST) as engine:
        await asyncio.sleep(FAST * 25)  # Telegram still holds the vote: no sweep yet
        assert len(api.polls(AMINATA.id)) == 1
        kept = await kept_updates(api)
        async with aiohttp.ClientSession() as client:  # Telegram posts it, and drops it once answered
            for update in kept:
                async with client.post(url, json=update, headers=SIGNED) as posted:
                    assert posted.status == 200
        await kept_updates(api, kept[-1]["update_id"] + 1)
        second = await next_poll(api, AMINATA.id, 2)
        await api.settle(quiet=FAST * 10)
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
    fr = engine.localizer_for("fr")
    assert second.params["question"].startswith("2/3 ") and len(api.polls(AMINATA.id)) == 2
    assert fr(TIME_UP, number=1) not in api.sent_texts(AMINATA.id)
    assert progress.lines[0].text == fr("in progress: {answered} of {total} answered, {correct} right",
                                        answered=1, total=3, correct=1)


async def test_a_game_vote_cast_in_time_while_the_bot_was_down_counts_when_it_comes_back_after_the_deadline(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=FAST):
        _game, first = await begun(api, ADA, GROUP, (AMINATA,))
    clock.advance(timedelta(seconds=10))
    await vote(api, first, ADA, right=True)  # in time: the poll's 30 s still ran
    clock.advance(timedelta(minutes=5))  # the bot is back long after the question's deadline
    async with running_bot(settings, clock, game_interval=FAST):
        results = (await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(GROUP.id)
                                      and "Question 1: the answer is" in p["text"]))[0].params["text"]
    # Right, and timed as slow as the poll allowed (its votes' times are unknown): the 100 points, no speed bonus.
    assert "Ada — 100 points" in results and "Aminata — 0 points" in results
    assert not any("closed" in text for text in api.sent_texts(ADA.id))

"""Stopping the bot waits for the slash commands and clicks under way, as Telegram's does: discord.py runs each in a
task of its own that its close() leaves running, so one under way went on after the client (then the storage) was
closed, its reply lost, its end reported on the closed client ("Task exception was never retrieved"). Now the
stop waits for it up to a bound, then cancels it, and runs no new one meanwhile."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable
from typing import TypeVar

import pytest

from adapters.handlers_stop import HANDLERS_STOP_WAIT
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import button_for, first_answer, message_id, next_poll, poll_answers, vote_for
from tests.support.write_lock import writes_held


async def hold_writes(settings: Settings, seconds: float) -> asyncio.Task[None]:
    """Another process holds SQLite's write lock for ``seconds`` from now: the turns begun meanwhile wait."""
    held = asyncio.Event()

    async def hold() -> None:
        async with writes_held(settings):
            held.set()
            await asyncio.sleep(seconds)

    holding = asyncio.create_task(hold())
    await held.wait()
    return holding


T = TypeVar("T")
# Seconds the database is held while a handler waits on it: what comes once the handlers' stop began must still
# find the stop waiting, even when sending and deferring the handler took most of a second on a loaded machine (within
# the stop's own wait, so the handler still ends within it).
HELD = 1.5


STOPPING = "stopping: new Discord handlers refused"


async def once_stopping(fake: FakeDiscord, caplog: pytest.LogCaptureFixture, action: Awaitable[T]) -> T:
    """``action`` once the handlers' stop has begun: a fixed delay after the bot's stop began would sometimes come
    before it, while the sweepers' stop (first) waited for a sweep begun on the held database."""
    await fake.wait_until(lambda: any(record.getMessage().startswith(STOPPING) for record in caplog.records))
    return await action


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The errors logged, but the start's look for votes cast while away: it meets the held write lock too, and
    says so when it gives up first (sooner since a BEGIN that waits the lock out fails those queued behind it)."""
    return [record.getMessage() for record in caplog.records
            if record.levelname in ("ERROR", "CRITICAL") and record.name != "adapters.discord.catch_up"]


async def test_a_command_under_way_is_finished_and_answered_before_the_bot_stops_and_a_new_one_is_not_run(
        settings: Settings, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="adapters.discord.stopping")
    async with running_bot(settings, fake):
        holding = await hold_writes(settings, HELD)
        token = await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        await fake.wait_until(lambda: fake.interaction_calls(token))  # deferred: now waiting for the database
        # A learner's /language while the bot stops: not run (it would be cut off), but told to try again.
        late = asyncio.create_task(once_stopping(fake, caplog, fake.slash("language", {"language": "sw"},
                                                                     user_id=OTHER_ID, locale="fr")))
        stopping = time.monotonic()
    took = time.monotonic() - stopping
    await holding
    late_token = await late

    assert took < 2 * HANDLERS_STOP_WAIT, took
    (poll,) = fake.polls()  # the quiz under way at the stop posted its first question
    assert poll.body["poll"]["question"]["text"].startswith("1/3 · ")
    assert [answer.content for answer in fake.answers(late_token)] == [
        "Désolé, un problème est survenu. Réessayez dans un instant."]
    assert errors(caplog) == []


async def test_a_press_under_way_is_finished_before_the_bot_stops_and_a_vote_meanwhile_left_for_the_next_start(
        settings: Settings, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="adapters.discord.client")
    caplog.set_level(logging.INFO, logger="adapters.discord.stopping")
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"}, user_id=OTHER_ID)
        poll = await next_poll(fake, bot)
        listing = await fake.wait_until(first_answer(fake, await fake.slash("quizzes", user_id=LEARNER_ID)))
        holding = await hold_writes(settings, HELD)
        mark = len(fake.calls)
        token = await fake.click(message_id(listing), button_for(listing, "▶ Collectives"), user_id=LEARNER_ID)
        await fake.wait_until(lambda: fake.interaction_calls(token))  # deferred: now waiting for the database
        # A vote while the bot stops: not counted now, to be cut off, but found by the next start's catch-up.
        voting = asyncio.create_task(once_stopping(fake, caplog, vote_for(fake, poll, poll_answers(poll)[0], OTHER_ID)))
    await holding
    await voting

    (started,) = fake.polls(after=mark)  # the press under way at the stop started the learner's quiz
    assert f"<@{LEARNER_ID}>" in started.body["content"]
    assert fake.replies_to(message_id(poll)) == []
    assert "left for the next start" in caplog.text
    assert errors(caplog) == []


async def test_a_command_outlasting_the_stops_wait_is_cancelled_and_leaves_nothing_running(
        settings: Settings, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    before = asyncio.all_tasks()
    async with running_bot(settings, fake):
        holding = await hold_writes(settings, 30)  # past any wait of the stop
        token = await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        await fake.wait_until(lambda: fake.interaction_calls(token))
        stopping = time.monotonic()
    took = time.monotonic() - stopping
    left = [task.get_coro() for task in asyncio.all_tasks() - before - {holding} if not task.done()]
    holding.cancel()
    assert left == []
    # Waited for, then cut off; the storage then waits for its BEGIN, going on in SQLite's busy timeout.
    assert HANDLERS_STOP_WAIT <= took < 2 * HANDLERS_STOP_WAIT + 15, took

    await asyncio.sleep(0.5)
    gc.collect()  # asyncio says a task's unretrieved error when the task is collected
    assert errors(caplog) == []
    assert fake.polls() == []  # cut off, not half done after the stop

"""A polling bot killed (kill -9, out of memory, the power) while it held updates it had fetched: PTB's next
getUpdates had told Telegram they were handled, so Telegram never sends them again. The bot keeps each fetched batch
on disk before handing it out, and handles what it still holds at the next start: answered once, none lost."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from adapters.cli.exit_codes import ExitCode
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, next_poll, poll_id, wrong

ADA = FakeUser(401, "Ada", "en")


class HeldReply:
    """The next ``method`` call reaches the fake and gets no answer; once the bot is dead, it is dropped unrecorded
    (the learner never saw it), or with ``carried_out`` done all the same (Telegram did it, the bot never heard)."""

    def __init__(self, api: FakeBotApi, method: str = "sendMessage", *, carried_out: bool = False,
                 armed: bool = True) -> None:
        """``armed``: from now on, else from arm()."""
        self.held = asyncio.Event()
        self._dead = asyncio.Event()
        self._api = api
        self._method = method
        self._carried_out = carried_out
        if armed:
            self.arm()

    def arm(self) -> None:
        self._api.before_reply[self._method] = self._hold

    async def _hold(self, _result: Any) -> None:
        self._api.before_reply.pop(self._method)
        self.held.set()
        await self._dead.wait()
        if not self._carried_out:
            raise ConnectionResetError("the bot died before this reply reached Telegram")

    def drop(self) -> None:
        self._dead.set()


@asynccontextmanager
async def killed_on_leaving(env: dict[str, str], held: HeldReply) -> AsyncIterator[BotProcess]:
    """A bot process, started; on leaving, killed (kill -9) and ``held``'s reply then dropped or carried out."""
    bot = await BotProcess.start(env)
    try:
        await bot.wait_for_line("telegram adapter started")
        yield bot
    finally:
        bot.process.kill()
        await bot.exited()
        held.drop()


async def until_confirmed(api: FakeBotApi, update_id: int) -> None:
    """Until a getUpdates told Telegram update ``update_id`` was handled (its offset past it)."""
    for _wait in range(600):
        if any(call.method == "getUpdates" and int(call.params.get("offset") or 0) > update_id
               for call in api.requests):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"update {update_id} was never confirmed")


def kept_files(data_dir: Path) -> list[Path]:
    return list(data_dir.glob("telegram-updates-*.json*"))


async def test_commands_fetched_before_a_kill_are_answered_once_after_the_restart(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada's /help was being answered (its reply on the way) and her /quiz waited its turn behind it when the
    process was killed. Before: the bot back, neither was ever answered."""
    env = bot_env(api.base_url, tmp_path)
    reply = HeldReply(api)
    async with killed_on_leaving(env, reply):
        await api.command(ADA, "/help")
        await asyncio.wait_for(reply.held.wait(), 30)
        await api.command(ADA, "/quiz collectives")
        await until_confirmed(api, 2)
    await api.settle()
    assert api.calls("sendMessage", for_chat(ADA.id)) == [] and api.polls(ADA.id) == []
    again = await BotProcess.start(env)
    try:
        await api.wait_for("sendPoll", 1, for_chat(ADA.id), within=30)
        await api.settle(quiet=1.0)
    finally:
        assert await again.stop() == 0, again.log
    assert len(api.polls(ADA.id)) == 1
    [help_text, *_carrying_on] = api.sent_texts(ADA.id)
    assert "/quiz" in help_text
    assert sum("/quiz" in text and "/help" in text for text in api.sent_texts(ADA.id)) == 1
    assert "Traceback" not in again.log, again.log
    assert not kept_files(tmp_path), "handled: nothing left for a third start"


async def test_a_quiz_whose_poll_was_sent_as_the_process_was_killed_asks_its_question_once(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada's /quiz: Telegram posted its poll, and the process was killed before it heard so. The bot back, handling
    her /quiz again must not post the same question a second time."""
    env = bot_env(api.base_url, tmp_path)
    poll = HeldReply(api, "sendPoll", carried_out=True)
    async with killed_on_leaving(env, poll):
        await api.command(ADA, "/quiz collectives")
        await asyncio.wait_for(poll.held.wait(), 30)
        await until_confirmed(api, 1)
    await api.wait_for("sendPoll", 1, for_chat(ADA.id))
    again = await BotProcess.start(env)
    try:
        await again.wait_for_line("telegram adapter started")
        await api.settle(quiet=6.0, within=40)  # past the start-up look for questions left unsent (5 s)
    finally:
        assert await again.stop() == 0, again.log
    assert len(api.polls(ADA.id)) == 1, again.log
    assert "Traceback" not in again.log, again.log


def answers_stored(data_dir: Path) -> int:
    with sqlite3.connect(data_dir / "quiztutor.sqlite3") as database:
        return int(database.execute("SELECT count(*) FROM answers").fetchone()[0])


async def test_a_vote_stored_as_the_process_was_killed_counts_once_and_the_next_question_comes_once(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada's vote was stored and her next question on its way when the process was killed. The bot back, her vote
    handled again must not count twice, nor ask question 2 twice (the start-up look for questions left unsent
    asks it too)."""
    env = bot_env(api.base_url, tmp_path)
    second = HeldReply(api, "sendPoll", armed=False)
    async with killed_on_leaving(env, second):
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        second.arm()
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await asyncio.wait_for(second.held.wait(), 30)
        await until_confirmed(api, 2)
    assert answers_stored(tmp_path) == 1
    assert kept_files(tmp_path), "the vote, fetched and not handled, kept"
    again = await BotProcess.start(env)
    try:
        await next_poll(api, ADA.id, 2)
        await api.settle(quiet=6.0, within=40)  # past the start-up look for questions left unsent (5 s)
    finally:
        assert await again.stop() == 0, again.log
    assert len(api.polls(ADA.id)) == 2
    assert answers_stored(tmp_path) == 1
    assert "Traceback" not in again.log, again.log


async def test_a_second_process_refused_beside_the_poller_leaves_its_kept_updates_for_the_next_one(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada's /help was being answered when someone started a second `quiztutor run` (refused: one poller per bot),
    then the first was killed. The second must not have taken or dropped her /help: the next start answers it."""
    env = bot_env(api.base_url, tmp_path)
    reply = HeldReply(api)
    async with killed_on_leaving(env, reply):
        await api.command(ADA, "/help")
        await asyncio.wait_for(reply.held.wait(), 30)
        second = await BotProcess.start(env)
        assert await second.exited() == ExitCode.CONFLICT, second.log
        assert kept_files(tmp_path), second.log
    again = await BotProcess.start(env)
    try:
        [help_reply] = await api.wait_for("sendMessage", 1, for_chat(ADA.id), within=30)
        await api.settle()
    finally:
        assert await again.stop() == 0, again.log
    assert "/quiz" in help_reply.params["text"] and len(api.calls("sendMessage", for_chat(ADA.id))) == 1


async def test_a_vote_fetched_before_a_kill_counts_in_time_after_its_questions_deadline_passed_meanwhile(
        api: FakeBotApi, tmp_path: Path) -> None:
    """Ada voted on her 10 s question in time, behind her /help whose reply was on its way; the process was killed,
    and came back after the question's deadline. The deadline sweep waits for the kept updates at start-up: her vote
    counts, and she is not told her time ran out."""
    env = bot_env(api.base_url, tmp_path, QUIZ_QUESTION_SECONDS="10")
    reply = HeldReply(api, armed=False)
    async with killed_on_leaving(env, reply):
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        await api.settle()
        reply.arm()
        await api.command(ADA, "/help")
        await asyncio.wait_for(reply.held.wait(), 30)
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await until_confirmed(api, 3)
    await asyncio.sleep(10)  # the question's time runs out while the bot is down
    again = await BotProcess.start(env)
    try:
        await next_poll(api, ADA.id, 2)
        await api.settle(quiet=1.0, within=30)
    finally:
        assert await again.stop() == 0, again.log
    assert answers_stored(tmp_path) == 1
    assert not [text for text in api.sent_texts(ADA.id) if "Time's up" in text], api.sent_texts(ADA.id)

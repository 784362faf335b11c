"""A vote cast on a quiz poll while the bot was down (a restart, a deploy) counts once it is back: Discord
replays no votes to a new gateway session, so the bot asks who voted on its open polls."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.endpoints import serving
from tests.discord.fake_records import Call
from tests.discord.fake_votes import VotingFakeDiscord
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot, sharded
from tests.discord.payloads import OWNER_ID, THREAD_ID, thread_payload
from tests.discord.support import message_id, next_poll, poll_answers, poll_question, reply_to, vote_for
from tests.fakes.clock import FixedClock

LIMIT = 30
TIME_UP = ("Time's up! Question 1 wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")


@pytest.fixture
async def fake() -> AsyncIterator[VotingFakeDiscord]:
    async with serving(VotingFakeDiscord()) as server:
        yield server


async def _first_poll_left_open(settings: Settings, fake: VotingFakeDiscord, clock: FixedClock | None = None) -> int:
    """Start a quiz, then stop the bot with its first poll open; returns the poll's message id."""
    async with (running_bot(settings, fake, clock) if clock else running_bot(settings, fake)) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
    assert not fake.connected
    return message_id(poll)


async def _looked_at(fake: VotingFakeDiscord, poll: int, after: int) -> None:
    """Wait until the bot, back, read the poll's message (discord.py says READY 2 s after the last server came),
    then until it is quiet."""
    path = f"/channels/{fake.messages[poll]['channel_id']}/messages/{poll}"
    await fake.wait_until(lambda: any(c.method == "GET" and c.path == path for c in fake.calls[after:]), within=10)
    await fake.quiet()


async def test_a_vote_cast_while_the_bot_was_down_is_scored_once_it_is_back_and_only_once(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    first = await _first_poll_left_open(settings, fake)
    poll = next(c for c in fake.polls() if message_id(c) == first)
    await vote_for(fake, poll, "Broadcast", OTHER_ID)  # a bystander's vote: not the owner's, never counted
    await vote_for(fake, poll, "All-reduce", OWNER_ID)  # kept by Discord, sent to nobody

    mark = len(fake.calls)
    async with running_bot(settings, fake) as bot:
        feedback = await reply_to(fake, poll, after=mark)
        second = await next_poll(fake, bot, after=mark)
        await fake.quiet()
        assert "Correct!" in feedback.content
        assert poll_question(second).startswith("2/3 · ")
        assert fake.ended_polls(after=mark) == [first]
        assert len(fake.replies_to(first, after=mark)) == 1 and len(fake.polls(after=mark)) == 1
        progress = (await bot.engine.progress(Actor("discord", str(OWNER_ID)))).lines[0].text
        assert "1 of 3 answered, 1 right" in progress

    mark = len(fake.calls)
    async with running_bot(settings, fake):  # again: the answered poll isn't looked at, nothing is said
        await _looked_at(fake, message_id(second), mark)  # the open one is
    assert fake.replies_to(first, after=mark) == [] and fake.polls(after=mark) == []
    assert fake.calls[mark:] and all(c.method == "GET" for c in fake.calls[mark:])


async def test_a_vote_seen_live_is_not_scored_again_after_a_restart(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
        mark = len(fake.calls)
        await vote_for(fake, poll, "All-reduce", OWNER_ID)
        await reply_to(fake, poll, after=mark)
        second = await next_poll(fake, bot, after=mark)
    mark = len(fake.calls)
    async with running_bot(settings, fake):
        await _looked_at(fake, message_id(second), mark)
    assert fake.replies_to(message_id(poll), after=mark) == [] and fake.polls(after=mark) == []


async def test_an_open_poll_nobody_voted_on_costs_one_read_and_says_nothing(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    first = await _first_poll_left_open(settings, fake)
    mark = len(fake.calls)
    async with running_bot(settings, fake):
        await _looked_at(fake, first, mark)
    assert [c.path for c in fake.calls[mark:] if c.path.startswith("/channels/")] == \
        [f"/channels/{fake.messages[first]['channel_id']}/messages/{first}"]
    assert fake.voter_lists() == []


async def test_only_the_process_running_the_servers_shard_asks_for_its_polls_votes(
        settings: Settings, fake: VotingFakeDiscord) -> None:
    first = await _first_poll_left_open(settings, fake)
    poll = next(c for c in fake.polls() if message_id(c) == first)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)

    mark = len(fake.calls)
    async with running_bot(sharded(settings, 2, (1,)), fake):  # the server is on shard 0
        await asyncio.sleep(2.5)  # discord.py says the shard is READY 2 s after its last server came
        await fake.quiet()
    assert [c for c in fake.calls[mark:] if c.path.startswith("/channels/")] == []

    mark = len(fake.calls)
    async with running_bot(sharded(settings, 2, (0,)), fake):
        assert "Correct!" in (await reply_to(fake, poll, after=mark)).content


async def test_a_vote_found_after_its_questions_time_ran_out_is_late_as_a_live_one_would_be(
        settings: Settings, fake: VotingFakeDiscord, clock: FixedClock) -> None:
    timed = settings.model_copy(update={"question_seconds": LIMIT})
    first = await _first_poll_left_open(timed, fake, clock)
    poll = next(c for c in fake.polls() if message_id(c) == first)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    clock.advance(timedelta(seconds=LIMIT + 1))  # back after the question's time ran out

    mark = len(fake.calls)
    async with running_bot(timed, fake, clock) as bot:
        notice = await reply_to(fake, poll, after=mark)
        await next_poll(fake, bot, after=mark)
        await fake.quiet()
        assert notice.content == f"<@{OWNER_ID}> {TIME_UP}"  # not scored: as a live vote this late
        assert len(fake.replies_to(first, after=mark)) == 1 and len(fake.polls(after=mark)) == 1
        progress = (await bot.engine.progress(Actor("discord", str(OWNER_ID)))).lines[0].text
        assert "0 of 3 answered, 0 right · 1 timed out" in progress


@dataclass
class ThreadedVotingFake(VotingFakeDiscord):
    """As Discord, answering GET /channels/{id} for THREAD_ID: a thread the client never cached (threads aren't in
    the server's GUILD_CREATE unless active and joined) is looked up when its polls are caught up."""

    def _route(self, call: Call) -> tuple[int, Any]:
        if (call.method, call.path) == ("GET", f"/channels/{THREAD_ID}"):
            return 200, thread_payload()
        return super()._route(call)


async def _a_poll_here_then_one_in_the_thread(settings: Settings, fake: ThreadedVotingFake,
                                              quiz: str) -> tuple[Call, Call]:
    """The learner's poll of ``quiz`` in the channel, then the owner's of collectives in the thread (the newer: looked
    at first after a restart); the bot is stopped with both open."""
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": quiz}, user_id=LEARNER_ID)
        in_channel = await next_poll(fake, bot)
        mark = len(fake.calls)
        await fake.slash("quiz", {"quiz": "collectives"}, channel_id=THREAD_ID)
        in_thread = await next_poll(fake, bot, after=mark, channel_id=THREAD_ID)
    return in_channel, in_thread


async def test_a_vote_found_in_a_thread_closed_and_locked_since_leaves_the_other_polls_votes_counted(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """Its reply refused (400 Thread is archived) ended the look at every poll after it, with a traceback: the
    other learners' votes cast while the bot was down went uncounted, until the next start."""
    async with serving(ThreadedVotingFake()) as fake:
        in_channel, in_thread = await _a_poll_here_then_one_in_the_thread(settings, fake, "collectives")
        await vote_for(fake, in_channel, "All-reduce", LEARNER_ID)
        await vote_for(fake, in_thread, "All-reduce", OWNER_ID)
        fake.locked_threads.add(THREAD_ID)  # a moderator closes and locks the thread while the bot is down

        mark = len(fake.calls)
        async with running_bot(settings, fake) as bot:
            assert "Correct!" in (await reply_to(fake, in_channel, after=mark)).content
            await next_poll(fake, bot, after=mark)
            progress = (await bot.engine.progress(Actor("discord", str(OWNER_ID)))).lines[0].text
            assert "1 of 3 answered, 1 right" in progress  # the vote in the thread counts, unseen there
    # (Not discord.py's: the first client, closed before its READY's 2 s delay, fails to dispatch it.)
    assert not [record for record in caplog.records
                if record.levelno >= logging.ERROR and record.name.startswith(("adapters.", "bot."))]


async def test_a_vote_found_in_a_thread_closed_and_locked_since_on_a_quiz_removed_since_leaves_the_others_counted(
        settings: Settings, content_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Its quiz removed meanwhile, the vote is answered that the quiz is gone: that reply refused (400 Thread is
    archived) ended the look at every poll after it, with a traceback, as the reply after a vote did before
    b5dfae3."""
    async with serving(ThreadedVotingFake()) as fake:
        in_channel, in_thread = await _a_poll_here_then_one_in_the_thread(settings, fake, "long-options")
        await vote_for(fake, in_channel, poll_answers(in_channel)[0], LEARNER_ID)
        await vote_for(fake, in_thread, "All-reduce", OWNER_ID)
        fake.locked_threads.add(THREAD_ID)  # a moderator closes and locks the thread while the bot is down
        (content_dir / "quizzes" / "collectives.yaml").unlink()  # and its quiz is removed

        mark = len(fake.calls)
        async with running_bot(settings, fake) as bot:
            await reply_to(fake, in_channel, after=mark)  # the learner's vote in the channel is counted
            progress = (await bot.engine.progress(Actor("discord", str(LEARNER_ID)))).lines[0].text
            assert "1 attempt" in progress  # long-options' one question answered: a round done
    assert not [record for record in caplog.records
                if record.levelno >= logging.ERROR and record.name.startswith(("adapters.", "bot."))]


async def test_a_vote_in_a_thread_unknown_to_the_gateway_counts_on_a_shard_other_than_0(settings: Settings) -> None:
    """The server on shard 1 of 3 (its id's shard), the thread not in its GUILD_CREATE: only shard 0 looked up
    channels missing from the cache, and it found the thread in another shard's server, so neither counted it."""
    async with serving(ThreadedVotingFake()) as fake:
        in_channel, in_thread = await _a_poll_here_then_one_in_the_thread(settings, fake, "collectives")
        await vote_for(fake, in_channel, "All-reduce", LEARNER_ID)
        await vote_for(fake, in_thread, "All-reduce", OWNER_ID)

        mark = len(fake.calls)
        async with running_bot(sharded(settings, 3, (1,)), fake):
            assert "Correct!" in (await reply_to(fake, in_channel, after=mark)).content
            assert "Correct!" in (await reply_to(fake, in_thread, after=mark)).content

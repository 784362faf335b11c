"""A vote that came in on time counts though its handling waits on Telegram past the question's time: a vote that
would add a player is checked first (is the voter in the game's group? getChatMember), and a player's vote waits
for their turn, which a time-out of their own quiz elsewhere may hold while it looks them up (getChatMember)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import FakeChat, PollClosed
from tests.telegram.game_steps import begun, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, WANJIRU, next_poll, running_bot

GAMES = 0.02  # seconds between looks for game phases that are due
FAST = 0.02  # seconds between looks for learners' questions whose time is up
OTHER_GROUP = FakeChat(-100777, "supergroup", "Another group")
QUESTION = timedelta(seconds=30 + 2)  # collectives' 30 seconds a question, and the vote's grace


async def test_a_vote_in_time_counts_though_the_voters_check_ends_after_the_questions_time(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Juma votes a second before the poll closes, and Telegram takes its time to say he is in the group;
    Wanjiru tries once the time is up, and Telegram refuses. The sweep closed the question meanwhile and dropped
    Juma's vote as late."""
    asked, answer = asyncio.Event(), asyncio.Event()

    async def slow_member_lookup(_member: object) -> None:
        asked.set()
        await answer.wait()

    api.clock = lambda: clock.now.timestamp()  # the poll's countdown on the game's clock
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, AMINATA, GROUP)
        api.before_reply["getChatMember"] = slow_member_lookup
        clock.advance(QUESTION - timedelta(seconds=3))  # the poll's 30 s, less one
        await vote(api, first, JUMA, right=True)
        await asyncio.wait_for(asked.wait(), 5)
        clock.advance(timedelta(seconds=5))  # the question's time is up while Telegram is asked
        with pytest.raises(PollClosed):
            await vote(api, first, WANJIRU, right=True)  # late: the poll closed
        await api.settle()
        answer.set()
        await api.settle()
    results = results_messages(api, GROUP)
    assert len(results) == 1
    standings = results[0].params["text"]
    assert "Juma" in standings and "Juma — 0 point" not in standings  # on time: scored, with points
    assert "Wanjiru" not in standings


async def test_a_vote_in_time_counts_though_the_voters_turn_waits_on_a_slow_look_up_past_the_questions_time(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Juma has a quiz of his own, timed, in another group. Its question's time runs out just before he answers
    the game's question (joining it): the time-out, under his lock, asks Telegram who he is there, slowly. His
    vote waited for his turn and was timed then, after the game's question had closed."""
    asked, answer = asyncio.Event(), asyncio.Event()

    async def slow_member_lookup(_member: object) -> None:
        asked.set()
        await answer.wait()

    timed = settings.model_copy(update={"question_seconds": 30})
    async with running_bot(timed, clock, sweep_interval=FAST, game_interval=GAMES):
        await api.command(JUMA, "/quiz collectives", OTHER_GROUP)
        await next_poll(api, OTHER_GROUP.id, 1)
        _game_id, first = await begun(api, AMINATA, GROUP)
        api.before_reply["getChatMember"] = slow_member_lookup
        clock.advance(QUESTION - timedelta(seconds=1))  # his own quiz's 30 seconds are up
        await asyncio.wait_for(asked.wait(), 5)
        await vote(api, first, JUMA, right=True)  # the game's question is open one more second
        await api.settle()
        clock.advance(timedelta(seconds=5))
        await api.settle()
        answer.set()
        await api.settle()
    results = results_messages(api, GROUP)
    assert len(results) == 1
    standings = results[0].params["text"]
    assert "Juma" in standings and "Juma — 0 point" not in standings  # on time: scored, with points

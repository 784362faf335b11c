"""A question's time runs out where Telegram no longer takes what follows: a learner who blocked the bot, a
group that lets its members send no polls. The question's clock stops (it is asked again on resuming), and the
learner is told what they can be told, with no traceback in the log."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from adapters.telegram import render
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, next_poll, poll_id, running_bot

LIMIT = 30
FAST = 0.02  # seconds between sweeps


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def test_a_time_out_for_a_learner_who_blocked_the_bot_logs_no_error_and_is_not_tried_again(
        api: FakeBotApi, timed: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(AMINATA, "/quiz collectives")
        await next_poll(api, AMINATA.id, 1)
        api.refusing[AMINATA.id] = Failure(403, "Forbidden: bot was blocked by the user")
        clock.advance(timedelta(seconds=LIMIT))
        await api.settle(quiet=FAST * 10)
        refused = [call.method for call in api.requests if not call.ok]
        await api.settle(quiet=FAST * 10)  # many sweeps: the next question's clock was stopped, not run down
        assert [call.method for call in api.requests if not call.ok] == refused == ["sendMessage"]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_time_out_in_a_group_that_now_refuses_polls_says_which_permission_is_missing(
        api: FakeBotApi, timed: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        await api.command(AMINATA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        clock.advance(timedelta(seconds=LIMIT))
        _ = engine.localizer_for("fr")
        why = _("I can't post quiz polls in this chat: I'm missing the “{permission}” permission. Ask an admin to "
                "grant it, or message me privately to play.", permission=_("Send Polls"))
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == f"<b>Aminata</b> · {why}")
        await api.settle(quiet=FAST * 10)

        await api.command(AMINATA, "/quiz", GROUP)  # polls allowed again: the quiz goes on at its second question
        assert (await next_poll(api, GROUP.id, 2)).params["question"].startswith("2/3 ")
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_vote_whose_next_poll_the_group_refuses_leaves_that_question_untimed_until_resumed(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Its clock, started as the vote stepped to it, stops: else it timed out unseen, "Time's up!" for a question
    never shown, and the group was told the missing permission twice."""
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        await api.command(AMINATA, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        _ = engine.localizer_for("fr")
        why = f"<b>Aminata</b> · {render.polls_refused(_)}"
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == why)
        told = len(api.sent_texts(GROUP.id))

        clock.advance(timedelta(seconds=LIMIT + 5))
        await api.settle(quiet=FAST * 10)
        assert len(api.sent_texts(GROUP.id)) == told  # nothing timed out unseen, nothing said twice

        await api.command(AMINATA, "/quiz", GROUP)
        second = await next_poll(api, GROUP.id, 2)
    assert second.params["question"].startswith("2/3 ") and second.params["open_period"] == str(LIMIT)


async def test_a_quiz_resumed_where_the_group_now_refuses_polls_leaves_its_question_untimed(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    """Its old poll was taken away when the learner left the quiz (its link kept, marked withdrawn): that is no
    poll asking it, so the clock the resuming started stops, as for a question asked for the first time."""
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(AMINATA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        clock.advance(timedelta(seconds=1))
        await api.command(AMINATA, "/quiz long-options", GROUP)  # collectives' poll taken away
        await api.wait_for("deleteMessage", 1)
        await next_poll(api, GROUP.id, 2)
        clock.advance(timedelta(seconds=1))  # long-options left after it was shown: paused, its clock stopped
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        await api.command(AMINATA, "/quiz collectives", GROUP)
        await api.settle(quiet=FAST * 10)
        told = len(api.sent_texts(GROUP.id))

        clock.advance(timedelta(seconds=LIMIT + 5))
        await api.settle(quiet=FAST * 10)
        assert len(api.sent_texts(GROUP.id)) == told  # nothing timed out unseen

        await api.command(AMINATA, "/quiz collectives", GROUP)
        again = await next_poll(api, GROUP.id, 3)
    assert again.params["question"].startswith("1/3 ") and again.params["open_period"] == str(LIMIT)

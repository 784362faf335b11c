"""The sweep's "Time's up!" said once, even when what follows it could not be delivered."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, next_poll, running_bot

LIMIT = 30
FAST = 0.02  # seconds between sweeps
TIME_UP = "Temps écoulé"


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def test_a_time_out_whose_next_poll_the_group_refused_is_not_told_again_on_resuming(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(AMINATA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        clock.advance(timedelta(seconds=LIMIT))
        await api.settle(quiet=FAST * 10)
        await api.command(AMINATA, "/quiz", GROUP)
        assert (await next_poll(api, GROUP.id, 2)).params["question"].startswith("2/3 ")
        assert sum(TIME_UP in text for text in api.sent_texts(GROUP.id)) == 1

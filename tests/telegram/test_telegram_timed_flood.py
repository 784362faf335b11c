"""A timed question whose poll flood control held back: its time counts from when the poll appears."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, correct, for_chat, next_poll, poll_id, running_bot

LIMIT = 30
FAST = 0.02  # seconds between sweeps


async def test_a_timed_poll_held_back_by_flood_control_gets_its_full_time_from_when_it_appears(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    timed = settings.model_copy(update={"question_seconds": LIMIT})
    async with running_bot(timed, clock, sweep_interval=FAST) as engine:
        api.fail_next("sendPoll", 429, "Too Many Requests: retry after 1", retry_after=1)
        await api.command(AMINATA, "/quiz collectives")
        # The quiz's intro went out; its poll, refused at once with a 429, waits a second at least to be sent again.
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        clock.advance(timedelta(seconds=25))  # while flood control holds the poll back
        first = await next_poll(api, AMINATA.id, 1)
        assert first.params["open_period"] == str(LIMIT)  # its countdown shows the whole time
        clock.advance(timedelta(seconds=20))  # the poll has been up 20 of its 30 seconds
        await api.settle(quiet=FAST * 10)
        time_up = engine.localizer_for("fr")(
            "Time's up! Question {number} wasn't answered in time: it scores no point, and "
            "it comes back for review as a wrong answer does.", number=1)
        assert time_up not in api.sent_texts(AMINATA.id) and len(api.polls(AMINATA.id)) == 1

        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # in time, as its countdown showed
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        assert time_up not in api.sent_texts(AMINATA.id)

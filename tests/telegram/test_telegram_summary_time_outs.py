"""On Telegram, a question whose time ran out has its own mark in the end-of-quiz summary, not a skip's, and a
tally under the score counts each outcome beside its mark, adding up to the quiz's questions."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, correct, next_poll, poll_id, running_bot

LIMIT = 30
FAST = 0.02  # seconds between sweeps
ADA = FakeUser(201, "Ada", "en")


@pytest.fixture
def timed(settings: Settings) -> Settings:
    return settings.model_copy(update={"question_seconds": LIMIT})


async def summary_after_a_time_out_a_skip_and_a_right_answer(api: FakeBotApi, timed: Settings, clock: FixedClock,
                                                             user: FakeUser, finished: str) -> str:
    async with running_bot(timed, clock, sweep_interval=FAST):
        await api.command(user, "/quiz collectives")
        await next_poll(api, user.id, 1)
        clock.advance(timedelta(seconds=LIMIT))  # question 1 times out
        await next_poll(api, user.id, 2)
        await api.command(user, "/skip")
        third = await next_poll(api, user.id, 3)
        await api.answer_poll(user, poll_id(third), [correct(third)])
        done = await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(user.id) and finished in p["text"])
    return str(done[0].params["text"])


async def test_the_summary_marks_a_time_out_apart_from_a_skip_and_tallies_each(
        api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    text = await summary_after_a_time_out_a_skip_and_a_right_answer(api, timed, clock, ADA, "Quiz finished")
    lines = text.splitlines()
    assert lines[1:3] == ["You scored 1 out of 3 questions.", "✅ 1 right · ⏭ 1 skipped · ⌛ 1 timed out"], text
    assert [line[0] for line in lines[3:6]] == ["⌛", "⏭", "✅"], text


async def test_the_tally_is_in_the_learners_language(api: FakeBotApi, timed: Settings, clock: FixedClock) -> None:
    text = await summary_after_a_time_out_a_skip_and_a_right_answer(api, timed, clock, AMINATA, "Quiz terminé")
    assert "✅ 1 bonne réponse · ⏭ 1 question passée · ⌛ 1 question hors délai" in text.splitlines(), text

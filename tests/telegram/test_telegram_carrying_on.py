""""Welcome back!" greets a learner who left their quiz: for another quiz, or for a while. One who answers and
asks for the quiz again at once, or carries it from their private chat into a group, never left: they hear it
carried on, not welcomed back."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, WANJIRU, correct, next_poll, poll_id, running_bot

WELCOME = "Welcome back! Carrying on with {title}."
CARRYING_ON = "Carrying on with {title}."


async def test_quiz_right_after_an_answer_carries_on_without_welcoming_back(
        api: FakeBotApi, settings: Settings) -> None:
    clock = FixedClock()
    async with running_bot(settings, clock=clock) as engine:
        sw = engine.localizer_for("sw")
        title = "Mawasiliano ya pamoja"  # Collectives, in Wanjiru's Swahili
        await api.command(WANJIRU, "/quiz collectives")
        first = await next_poll(api, WANJIRU.id, 1)
        await api.answer_poll(WANJIRU, poll_id(first), [correct(first)])
        await next_poll(api, WANJIRU.id, 2)
        clock.advance(timedelta(seconds=20))
        await api.command(WANJIRU, "/quiz")
        await next_poll(api, WANJIRU.id, 3)
        said = api.sent_texts(WANJIRU.id)[-1]
        assert sw(CARRYING_ON, title=title) in said
        assert sw(WELCOME, title=title) not in said

        await api.command(WANJIRU, "/quiz", GROUP)  # the same quiz, carried into a group a moment later
        await next_poll(api, GROUP.id, 1)
        in_group = api.sent_texts(GROUP.id)[-1]
        assert sw(CARRYING_ON, title=title) in in_group and sw(WELCOME, title=title) not in in_group

        clock.advance(timedelta(hours=2))  # a break: now she is back
        await api.command(WANJIRU, "/quiz")
        await next_poll(api, WANJIRU.id, 4)
        assert sw(WELCOME, title=title) in api.sent_texts(WANJIRU.id)[-1]

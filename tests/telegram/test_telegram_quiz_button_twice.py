"""A quiz list's ▶ button pressed twice in a private chat (a double tap, or pressed again while the first press was
handled) asks its question once: before, the second press said "Welcome back!", deleted the poll just sent and sent
it again. The database decides (the link of the poll asked, when it was asked), so a press handled before a restart
counts too; a press some seconds later asks the question again, as before."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import WANJIRU, next_poll, running_bot

ALREADY = "Your quiz has already started: answer its question above, or send /quiz to see it again."


async def test_the_quiz_button_pressed_twice_asks_its_question_once(api: FakeBotApi, settings: Settings) -> None:
    clock = FixedClock()
    async with running_bot(settings, clock=clock) as engine:
        for _time in range(2):  # a double tap: the second press arrives while the first is handled
            await api.press(WANJIRU, "quiz:collectives")
        first = await next_poll(api, WANJIRU.id, 1)
        await api.wait_for("answerCallbackQuery", 2)
        await api.settle()
        assert api.polls(WANJIRU.id) == [first] and api.calls("deleteMessage") == []
        told = engine.localizer_for("sw")(ALREADY)
        assert told != ALREADY and api.sent_texts(WANJIRU.id)[-1] == told  # said, in Swahili
        assert not any("Karibu tena" in text for text in api.sent_texts(WANJIRU.id))  # no "Welcome back!"

        clock.advance(timedelta(seconds=11))  # pressed again 11 s later: asked again, as before
        await api.press(WANJIRU, "quiz:collectives")
        second = await next_poll(api, WANJIRU.id, 2)
        assert second.params["question"] == first.params["question"]
        await api.wait_for("deleteMessage", 1)


async def test_a_press_handled_before_a_restart_is_not_asked_again_after_it(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    clock = FixedClock()
    async with running_bot(settings, clock=clock):
        await api.press(WANJIRU, "quiz:collectives")
        first = await next_poll(api, WANJIRU.id, 1)
        await api.settle()
    async with running_bot(settings, clock=clock) as engine:  # a restart (or another process) takes the next press
        await api.press(WANJIRU, "quiz:collectives")
        await api.wait_for("answerCallbackQuery", 2)
        await api.settle()
        assert api.sent_texts(WANJIRU.id)[-1] == engine.localizer_for("sw")(ALREADY)
        assert api.polls(WANJIRU.id) == [first] and api.calls("deleteMessage") == []

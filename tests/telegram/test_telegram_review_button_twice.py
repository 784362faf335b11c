"""The review button under a reminder pressed twice in a private chat (a double tap, or pressed again while the
first press was handled) asks its question once, as a quiz list's ▶ button does: before, the second press said
"Welcome back!", deleted the poll just sent and sent it again. /review typed again asks it again, as before."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

import aiohttp

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram import test_telegram_quiz_button_twice as quiz_button
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    SIGNED,
    WANJIRU,
    correct,
    for_chat,
    in_webhook_mode,
    next_poll,
    poll_id,
    running_bot,
    wrong,
)

press = quiz_button.press  # in a private chat, as Telegram posts it to a webhook

ALREADY = "Your review has already started: answer its question above, or send /review to see it again."


async def one_missed(api: FakeBotApi) -> None:
    """Wanjiru plays the three questions of collectives, the second wrong: it is due for review the next day."""
    await api.command(WANJIRU, "/quiz collectives")
    for number in (1, 2, 3):
        poll = await next_poll(api, WANJIRU.id, number)
        await api.answer_poll(WANJIRU, poll_id(poll), [wrong(poll) if number == 2 else correct(poll)])
    await api.wait_for("sendMessage", 1, lambda p: for_chat(WANJIRU.id)(p) and "❌" in p["text"])


async def test_the_review_button_pressed_twice_asks_its_question_once(api: FakeBotApi, settings: Settings) -> None:
    clock = FixedClock()
    async with running_bot(settings, clock=clock) as engine:
        await one_missed(api)
        clock.advance(timedelta(days=1))
        for _time in range(2):  # a double tap on the reminder's button
            await api.press(WANJIRU, "review:due")
        review = await next_poll(api, WANJIRU.id, 4)
        await api.wait_for("answerCallbackQuery", 2)
        await api.settle()
        assert api.polls(WANJIRU.id)[3:] == [review] and api.calls("deleteMessage") == []
        told = engine.localizer_for("sw")(ALREADY)
        assert told != ALREADY and api.sent_texts(WANJIRU.id)[-1] == told  # said, in Swahili
        assert not any("Karibu tena" in text for text in api.sent_texts(WANJIRU.id))  # no "Welcome back!"

        await api.command(WANJIRU, "/review")  # typed: asked again at once, as before
        again = await next_poll(api, WANJIRU.id, 5)
        assert again.params["question"] == review.params["question"]
        await api.wait_for("deleteMessage", 1)


async def test_two_presses_at_once_on_two_replicas_ask_the_review_question_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    """Two processes in webhook mode on one database, each given one of the presses: their locks are their own
    (on PostgreSQL both may add the round at once: one's is refused and carries on with the other's)."""
    clock = FixedClock()
    async with running_bot(shared, clock=clock):
        await one_missed(api)
    clock.advance(timedelta(days=1))
    first_settings, first_url = in_webhook_mode(reserve_port(), shared)
    second_settings, second_url = in_webhook_mode(reserve_port(), shared)
    async with running_bot(first_settings, clock=clock), running_bot(second_settings, clock=clock) as engine, \
            aiohttp.ClientSession() as client:
        statuses = await asyncio.gather(*(client.post(url, json=press(number, WANJIRU, "review:due"), headers=SIGNED)
                                          for number, url in ((1, first_url), (2, second_url))))
        assert [response.status for response in statuses] == [200, 200]
        review = await next_poll(api, WANJIRU.id, 4)
        await api.wait_for("answerCallbackQuery", 2)
        await api.settle()
        assert api.polls(WANJIRU.id)[3:] == [review] and api.calls("deleteMessage") == []
        # Said once, by the replica whose press came second. The other replica sends the round's intro and poll
        # once its transaction commits, so across processes (unlike within one, where the learner's lock holds
        # until they are sent) that notice may come just before them as well as after.
        assert api.sent_texts(WANJIRU.id).count(engine.localizer_for("sw")(ALREADY)) == 1

"""A quiz list's ▶ button pressed twice in a private chat (a double tap, or pressed again while the first press was
handled) asks its question once: before, the second press said "Welcome back!", deleted the poll just sent and sent
it again. The database decides (the link of the poll asked, when it was asked), so a press handled before a restart
counts too; a press some seconds later asks the question again, as before."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import aiohttp

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import BOT_USER, FakeChat, FakeUser
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import SIGNED, WANJIRU, in_webhook_mode, next_poll, running_bot

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
        # The quiz's opening line and the second press's notice, in either order: each replica sends its own, and
        # the second may be told the quiz started before the first has said so.
        texts = api.sent_texts(WANJIRU.id)
        assert len(texts) == 2 and texts.count(engine.localizer_for("sw")(ALREADY)) == 1, texts
        assert api.polls(WANJIRU.id) == [first] and api.calls("deleteMessage") == []


def press(update_id: int, user: FakeUser, data: str) -> dict[str, Any]:
    """A press in the user's private chat, as Telegram posts it to a webhook."""
    chat = FakeChat.private(user)
    return {"update_id": update_id, "callback_query": {
        "id": f"cb-{update_id}", "from": user.json(), "data": data, "chat_instance": f"ci-{chat.id}",
        "message": {"message_id": 900 + update_id, "date": int(time.time()), "chat": chat.json(),
                    "from": BOT_USER, "text": "(buttons)"}}}



async def test_two_presses_at_once_on_two_replicas_ask_the_question_once(
        api: FakeBotApi, shared: Settings, reserve_port: Callable[[], int]) -> None:
    """Two processes in webhook mode on one database, each given one of the presses (Telegram delivers a double
    tap's two presses as two updates, a load balancer sends each anywhere): their locks are their own."""
    clock, settings = FixedClock(), shared
    first_settings, first_url = in_webhook_mode(reserve_port(), settings)
    second_settings, second_url = in_webhook_mode(reserve_port(), settings)
    async with running_bot(first_settings, clock=clock), running_bot(second_settings, clock=clock) as engine, \
            aiohttp.ClientSession() as client:
        statuses = await asyncio.gather(*(client.post(url, json=press(number, WANJIRU, "quiz:collectives"),
                                                      headers=SIGNED)
                                          for number, url in ((1, first_url), (2, second_url))))
        assert [response.status for response in statuses] == [200, 200]
        first = await next_poll(api, WANJIRU.id, 1)
        await api.wait_for("answerCallbackQuery", 2)
        await api.settle()
        assert api.polls(WANJIRU.id) == [first] and api.calls("deleteMessage") == []
        # The quiz's opening line and the second press's notice, in either order: each replica sends its own, and
        # the second may be told the quiz started before the first has said so.
        texts = api.sent_texts(WANJIRU.id)
        assert len(texts) == 2 and texts.count(engine.localizer_for("sw")(ALREADY)) == 1, texts

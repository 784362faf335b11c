"""A /skip sent before the open question's poll was posted doesn't skip that question: Telegram delivers an update
again when no 200 came back in time (a replica stopped mid-update, a handler slower than Telegram waits), and a
learner may type /skip twice before the next question appears. Before, each skipped one more question, unseen."""

from __future__ import annotations

from typing import Any

from adapters.settings import Settings
from bot.replies import Actor
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import JUMA, next_poll, running_bot

NOT_OPEN = "That question is no longer open."


def sent_update(api: FakeBotApi, text: str) -> dict[str, Any]:
    """The message the bot got with ``text`` (the last such), as its getUpdates returned it."""
    messages = [update["message"] for call in api.calls("getUpdates") for update in call.result or []
                if update.get("message", {}).get("text") == text]
    return messages[-1]


async def test_a_skip_delivered_again_leaves_the_question_it_never_saw_open(api: FakeBotApi,
                                                                           settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(JUMA, "/quiz collectives")
        await next_poll(api, JUMA.id, 1)
        await api.command(JUMA, "/skip")
        second = await next_poll(api, JUMA.id, 2)
        await api.settle()

        await api.push({"message": sent_update(api, "/skip")})  # the same message, delivered again
        await api.wait_for("sendMessage", 1, lambda p: p["text"].endswith(NOT_OPEN))
        await api.settle()
        assert api.polls(JUMA.id)[1:] == [second]  # before: skipped as well, and the third asked
        progress = await engine.progress(Actor("telegram", str(JUMA.id)))
        assert progress.lines[0].text == "in progress: 0 of 3 answered, 0 right · 1 skipped"  # one skip

        await api.command(JUMA, "/skip")  # sent after it was asked: skips it
        await next_poll(api, JUMA.id, 3)

"""A button press an outage stopped, in webhook mode: answered once, with the apology, then delivered again by
Telegram (the webhook answered 503) and acted on. Telegram takes one answer per press (a second is refused as
"query is too old ... or query ID is invalid"), so the redelivery's own answer is not sent: what it did shows
in the chat, or is said to the presser's next press, which is a new query with an answer of its own."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
from sqlalchemy.engine import make_url

from adapters.settings import Settings
from bot.engine import QuizEngine
from tests.support.tcp_proxy import TcpProxy
from tests.telegram.fake_types import BOT_USER, FakeChat, FakeUser
from tests.telegram.game_steps import lobby
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP, SIGNED, in_webhook_mode, running_bot

SORRY = "Sorry, something went wrong. Please try again in a moment."


class Webhook:
    """Posts updates to the bot's webhook as Telegram would; the database reached through a forwarder it cuts."""

    def __init__(self, url: str, client: aiohttp.ClientSession, proxy: TcpProxy) -> None:
        self.url = url
        self.client = client
        self.proxy = proxy
        self.update_id = 0

    async def post(self, update: dict[str, Any]) -> int:
        return (await self.client.post(self.url, json=update, headers=SIGNED)
                ).status

    def command(self, user: FakeUser, text: str, chat: FakeChat) -> dict[str, Any]:
        return self._next({"message": {**self._message(chat, user.json()), "text": text, "entities": [
            {"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]}})

    def press(self, user: FakeUser, data: str, chat: FakeChat) -> dict[str, Any]:
        update = self._next({})
        return update | {"callback_query": {"id": f"cb-{update['update_id']}", "from": user.json(), "data": data,
                                            "chat_instance": f"ci-{chat.id}",
                                            "message": {**self._message(chat, BOT_USER), "text": "(buttons)"}}}

    def _next(self, content: dict[str, Any]) -> dict[str, Any]:
        self.update_id += 1
        return {"update_id": self.update_id, **content}

    def _message(self, chat: FakeChat, sender: dict[str, Any]) -> dict[str, Any]:
        return {"message_id": 1000 + self.update_id, "date": int(time.time()), "chat": chat.json(), "from": sender}


@asynccontextmanager
async def webhook_bot(settings: Settings, postgres_url: str, port: int) -> AsyncIterator[tuple[QuizEngine, Webhook]]:
    server = make_url(postgres_url)
    proxy = TcpProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.open()
    through_proxy = server.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    webhook, url = in_webhook_mode(port, settings.model_copy(update={"database_url": through_proxy}))
    try:
        async with running_bot(webhook) as engine, aiohttp.ClientSession() as client:
            yield engine, Webhook(url, client, proxy)
    finally:
        await proxy.cut()


def answers(api: FakeBotApi, query: dict[str, Any]) -> list[str | None]:
    """The texts of every answer tried for ``query``'s press."""
    query_id = query["callback_query"]["id"]
    return [call.params.get("text") for call in api.requests
            if call.method == "answerCallbackQuery" and call.params["callback_query_id"] == query_id]


async def test_a_join_stopped_by_an_outage_is_apologised_for_once_and_counts_when_telegram_delivers_it_again(
        api: FakeBotApi, settings: Settings, postgres_url: str, reserve_port: Callable[[], int]) -> None:
    async with webhook_bot(settings, postgres_url, reserve_port()) as (engine, hook):
        assert await hook.post(hook.command(ADMIN, "/game collectives", GROUP)) == 200
        _lobby, game_id = await lobby(api, GROUP)
        join = hook.press(AMINATA, f"gj:{game_id}", GROUP)
        await hook.proxy.cut()
        assert await hook.post(join) == 503  # Telegram will deliver it again
        sorry = engine.localizer_for("fr")(SORRY)
        assert answers(api, join) == [sorry] and api.sent_texts(GROUP.id)[-1] == sorry
        heard = len(api.sent_texts(GROUP.id))
        await hook.proxy.open()
        assert await hook.post(join) == 200  # delivered again: she is in, and nothing more is said
        await api.settle()
        assert answers(api, join) == [sorry] and len(api.sent_texts(GROUP.id)) == heard
        again = hook.press(AMINATA, f"gj:{game_id}", GROUP)  # as the apology asked: a new press, a new answer
        assert await hook.post(again) == 200
        assert answers(api, again) == [engine.localizer_for("fr")("You're already in this game.")]


async def test_a_quiz_button_stopped_by_an_outage_starts_the_quiz_when_telegram_delivers_it_again(
        api: FakeBotApi, settings: Settings, postgres_url: str, reserve_port: Callable[[], int]) -> None:
    """Its spinner stopped before the outage struck: the apology is said in the chat, and the quiz it asked for
    comes when the press is delivered again."""
    chat = FakeChat.private(AMINATA)
    async with webhook_bot(settings, postgres_url, reserve_port()) as (engine, hook):
        start = hook.press(AMINATA, "quiz:collectives", chat)
        await hook.proxy.cut()
        assert await hook.post(start) == 503
        sorry = engine.localizer_for("fr")(SORRY)
        assert answers(api, start) == [None] and api.sent_texts(AMINATA.id) == [sorry]
        await hook.proxy.open()
        assert await hook.post(start) == 200
        assert len(api.polls(AMINATA.id)) == 1 and answers(api, start) == [None]
        assert api.sent_texts(AMINATA.id).count(sorry) == 1  # no second apology

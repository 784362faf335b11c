"""What the fake Bot API keeps: its chats, users, polls, the updates waiting for getUpdates and every call made.

The base of tests/telegram/telegram_fake_api.py's FakeBotApi (split from it by job: this is its state and the few
primitives that change it; fake_api_replies.py what each method answers; telegram_fake_api.py the HTTP server
and what a test does and checks).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.telegram.fake_types import Call, Countdowns, Failure, FakeChat, FakeUser


@dataclass
class FakeApiState:
    token: str
    base_url: str = ""
    requests: list[Call] = field(default_factory=list)
    _updates: list[dict[str, Any]] = field(default_factory=list)
    _failures: dict[str, list[Failure]] = field(default_factory=dict)
    _chats: dict[int, FakeChat] = field(default_factory=dict)
    _users: dict[int, FakeUser] = field(default_factory=dict)  # everyone seen, for getChatMember
    admins: dict[int, set[int]] = field(default_factory=dict)  # chat id -> its administrators' user ids
    left: dict[int, set[int]] = field(default_factory=dict)  # chat id -> the user ids of members who left it
    refusing: dict[int, Failure] = field(default_factory=dict)  # chat id -> how every call for it fails (a kick)
    _polls: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)  # (chat, message id) -> poll
    countdowns: Countdowns = field(default_factory=Countdowns)  # a timed poll takes no vote once it closed
    clock: Callable[[], float] = time.monotonic  # stamps each call (a test may pass its own clock)
    _counter: int = 0
    _closing: bool = False
    _next_update_id: int = 1
    _runner: web.AppRunner | None = None
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    # Called with a method's result before the bot gets it: e.g. a learner voting before sendPoll returns.
    before_reply: dict[str, Callable[[Any], Awaitable[None]]] = field(default_factory=dict)
    # As Telegram: a getUpdates while another waits gets 409 Conflict (one poller per bot), as any does with a webhook.
    single_poller: bool = False
    _polling: web.Request | None = None
    webhook_url: str = ""  # set by setWebhook, cleared by deleteWebhook, told by getWebhookInfo
    deleted: set[tuple[int, int]] = field(default_factory=set)  # (chat, message id) of each message deleted
    closed_topics: set[tuple[int, int]] = field(default_factory=set)  # (chat, topic): sends there refused

    async def push(self, *updates: dict[str, Any]) -> None:
        """Queue updates for the next getUpdates (several in one call arrive in one batch)."""
        async with self._changed:
            for update in updates:
                self._updates.append({"update_id": self._next_update_id, **update})
                self._next_update_id += 1
            self._changed.notify_all()

    async def kept_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        """What getUpdates gets (long polling): drop what the offset confirms, wait up to ``timeout`` for news."""
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        async with self._changed:
            self._updates = [update for update in self._updates if update["update_id"] >= offset]
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait_for(lambda: bool(self._updates) or self._closing), timeout)
            return list(self._updates)

    async def _record(self, call: Call) -> None:
        call.at = self.clock()
        async with self._changed:
            self.requests.append(call)
            self._changed.notify_all()

    def _chat(self, chat_id: str) -> FakeChat:
        number = int(chat_id)
        return self._chats.get(number) or FakeChat(number, "private" if number > 0 else "group", "Group")

    def _message(self, chat: FakeChat, text: str | None, sender: dict[str, Any]) -> dict[str, Any]:
        self._chats[chat.id] = chat
        self._counter += 1
        message: dict[str, Any] = {"message_id": self._counter, "date": int(time.time()), "chat": chat.json(),
                                   "from": sender}
        if text is not None:
            message["text"] = text
        return message

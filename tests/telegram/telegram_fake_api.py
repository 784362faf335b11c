"""A local fake of the Telegram Bot API: records every request and serves injected updates to getUpdates.

It speaks the wire format PTB 22.8 expects, including the Bot API 9.6+ poll fields
(Poll.allows_revoting, Poll.members_only, PollOption.persistent_id, PollAnswer.option_persistent_ids).
Split by job: this module is the HTTP server (which calls fail and how) and what a test does and checks;
fake_api_state.py holds what it keeps, fake_api_replies.py what each method answers.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.telegram.fake_api_replies import FakeApiReplies
from tests.telegram.fake_refusals import CONFLICT, WEBHOOK_ACTIVE, refusal
from tests.telegram.fake_types import BOT_USER, Call, Failure, FakeChat, FakeUser, form_field, in_topic
from tests.telegram.fake_types import hung_up as _gone
from tests.telegram.telegram_html import problem

__all__ = ["BOT_USER", "Call", "FakeBotApi", "FakeChat", "FakeUser"]


@dataclass
class FakeBotApi(FakeApiReplies):
    """Its fields (the constructor's keywords: ``clock``, ``single_poller``, ...) are FakeApiState's."""

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self, port: int = 0) -> str:
        """Listen on 127.0.0.1 at ``port`` (0: a free one); returns the base URL in PTB's base_url form."""
        app = web.Application()
        app.router.add_route("*", "/{bot}/{method}", self._handle)  # GET too, as Telegram (curl .../deleteWebhook)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        port = self._runner.addresses[0][1]  # (host, port) of the socket it listens on
        self.base_url = f"http://127.0.0.1:{port}/bot"
        return self.base_url

    async def close(self) -> None:
        async with self._changed:  # release pending long polls, or the server would wait them out
            self._closing = True
            self._changed.notify_all()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- what the test does ------------------------------------------------------------------

    async def command(self, user: FakeUser, text: str, chat: FakeChat | None = None,
                      as_chat: FakeChat | None = None, topic: int | None = None) -> None:
        """A user sends a message; a leading ``/word`` is marked as a bot command, as Telegram does. ``as_chat``:
        posted in that chat's name (an anonymous admin's, from Telegram's placeholder user); ``topic``: in that
        topic of a forum."""
        message = self._typed(user, text, chat or FakeChat.private(user), topic)
        if as_chat is not None:
            message["sender_chat"] = as_chat.json()
        await self.push({"message": message})

    async def commands(self, user: FakeUser, *texts: str) -> None:
        """Several messages from a user in their private chat, in one batch of updates (typed while the bot was
        down, or before its reply came)."""
        await self.push(*({"message": self._typed(user, text, FakeChat.private(user), None)} for text in texts))

    def _typed(self, user: FakeUser, text: str, chat: FakeChat, topic: int | None) -> dict[str, Any]:
        self._users[user.id] = user
        message = in_topic(self._message(chat, text, sender=user.json()), topic)
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return message

    async def press(self, user: FakeUser, data: str, chat: FakeChat | None = None,
                    message_id: int | None = None, topic: int | None = None) -> None:
        chat = chat or FakeChat.private(user)
        self._users[user.id] = user
        message = in_topic(self._message(chat, "(buttons)", sender=BOT_USER), topic)
        if message_id is not None:
            message["message_id"] = message_id
        self._counter += 1
        await self.push({"callback_query": {"id": f"cb-{self._counter}", "from": user.json(),
                                            "chat_instance": f"ci-{chat.id}", "data": data, "message": message}})

    async def answer_poll(self, user: FakeUser, poll_id: str, option_ids: list[int]) -> None:
        self.countdowns.vote(poll_id, self.clock())
        self._users[user.id] = user
        await self.push({"poll_answer": {"poll_id": poll_id, "user": user.json(), "option_ids": option_ids,
                                         "option_persistent_ids": [str(index) for index in option_ids]}})

    def knows(self, *users: FakeUser) -> None:  # whose updates a test posts to a webhook: members, as push's
        self._users.update((user.id, user) for user in users)

    async def migrate(self, group: FakeChat, supergroup: FakeChat, by: FakeUser) -> None:
        """A group becomes a supergroup with a new id; Telegram tells the bot in both chats, old then new."""
        to = self._message(group, None, sender=by.json()) | {"migrate_to_chat_id": supergroup.id}
        from_ = self._message(supergroup, None, sender=BOT_USER) | {"migrate_from_chat_id": group.id}
        await self.push({"message": to}, {"message": from_})

    def fail_next(self, method: str, status: int, description: str, retry_after: int | None = None, *,
                  carried_out: bool = False) -> None:
        """``carried_out``: done all the same (see Failure), the failed Call keeping its result (a poll's id)."""
        self._failures.setdefault(method, []).append(Failure(status, description, retry_after,
                                                             carried_out=carried_out))

    # -- what the test checks ----------------------------------------------------------------

    def calls(self, method: str, where: Callable[[dict[str, Any]], bool] | None = None) -> list[Call]:
        """Successful calls of ``method`` so far."""
        return [call for call in self.requests
                if call.method == method and call.ok and (where is None or where(call.params))]

    async def wait_for(self, method: str, count: int = 1, where: Callable[[dict[str, Any]], bool] | None = None,
                       within: float = 10.0) -> list[Call]:
        """Wait until at least ``count`` successful calls of ``method`` (matching ``where``) were made."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.calls(method, where)) >= count), within)
        return self.calls(method, where)

    async def settle(self, quiet: float = 0.3, within: float = 10.0) -> None:
        """Wait until the bot made no request (besides polling) for ``quiet`` seconds: 'nothing else happened'."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            seen = sum(1 for call in self.requests if call.method != "getUpdates")
            await asyncio.sleep(quiet)
            if seen == sum(1 for call in self.requests if call.method != "getUpdates"):
                return
        raise TimeoutError("the bot kept sending requests")

    def sent_texts(self, chat_id: int) -> list[str]:
        return [call.params["text"] for call in self.calls("sendMessage", lambda p: p["chat_id"] == str(chat_id))]

    def polls(self, chat_id: int) -> list[Call]:
        return self.calls("sendPoll", lambda p: p["chat_id"] == str(chat_id))

    # -- the server --------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["bot"] != f"bot{self.token}":
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401)
        method = request.match_info["method"]
        form = await request.post() if request.method == "POST" else request.query  # a GET's in its query string
        params = {key: form_field(value) for key, value in form.items() if isinstance(value, str)}
        # Uploads (sendPhoto's picture) come as files in a multipart form: kept as bytes under their field name.
        params |= {key: value.file.read() for key, value in form.items() if isinstance(value, web.FileField)}
        failures = self._failures.get(method) or []
        refused = refusal(method, params, self.refusing, self.deleted, self.closed_topics)
        if refused is None and method == "stopPoll" and (int(params["chat_id"]), int(params["message_id"])) \
                not in self._polls:  # never a poll in that chat (a group's, stopped in its supergroup)
            refused = Failure(400, "Bad Request: message to stop not found")
        if refused is None and (wrong := problem(method, params)) is not None:  # as Telegram refuses it
            refused = Failure(400, f"Bad Request: {wrong}")
        if failures or refused:
            failure = refused or failures.pop(0)
            result = self._result(method, params) if failure.carried_out else None
            await self._record(Call(method, params, ok=False, result=result))
            body: dict[str, Any] = {"ok": False, "error_code": failure.status, "description": failure.description}
            if parameters := failure.parameters():
                body["parameters"] = parameters
            return web.json_response(body, status=failure.status)
        if method == "getUpdates":
            waiting = self.single_poller and self._polling is not None and not _gone(self._polling)
            if conflict := WEBHOOK_ACTIVE if self.webhook_url else CONFLICT if waiting else None:
                await self._record(Call(method, params, ok=False))
                return web.json_response({"ok": False, "error_code": 409, "description": conflict}, status=409)
            # Recorded as it arrives, not when the long poll returns up to its timeout later.
            call = Call(method, params)
            await self._record(call)
            self._polling = request
            try:
                call.result = await self.kept_updates(params)
            finally:
                if self._polling is request:
                    self._polling = None
            return web.json_response({"ok": True, "result": call.result})
        result = self._result(method, params)
        if (hook := self.before_reply.get(method)) is not None:
            await hook(result)
        await self._record(Call(method, params, result=result))
        return web.json_response({"ok": True, "result": result})

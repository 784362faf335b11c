"""A local fake of the Telegram Bot API: records every request and serves injected updates to getUpdates.

It speaks the wire format PTB 22.8 expects, including the Bot API 9.6+ poll fields
(Poll.allows_revoting, Poll.members_only, PollOption.persistent_id, PollAnswer.option_persistent_ids).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.telegram.fake_refusals import CONFLICT, WEBHOOK_ACTIVE, refusal
from tests.telegram.fake_types import ADMIN_FIELDS as _ADMINS
from tests.telegram.fake_types import BOT_USER, Call, Countdowns, Failure, FakeChat, FakeUser, form_field, in_topic
from tests.telegram.fake_types import hung_up as _gone
from tests.telegram.telegram_html import problem

__all__ = ["BOT_USER", "Call", "FakeBotApi", "FakeChat", "FakeUser"]


@dataclass
class FakeBotApi:
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
        chat = chat or FakeChat.private(user)
        self._users[user.id] = user
        message = in_topic(self._message(chat, text, sender=user.json()), topic)
        if as_chat is not None:
            message["sender_chat"] = as_chat.json()
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        await self.push({"message": message})

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

    async def push(self, *updates: dict[str, Any]) -> None:
        """Queue updates for the next getUpdates (several in one call arrive in one batch)."""
        async with self._changed:
            for update in updates:
                self._updates.append({"update_id": self._next_update_id, **update})
                self._next_update_id += 1
            self._changed.notify_all()

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

    async def _record(self, call: Call) -> None:
        call.at = self.clock()
        async with self._changed:
            self.requests.append(call)
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

    def _result(self, method: str, params: dict[str, Any]) -> Any:
        result = self._reply(method, params)
        return in_topic(result, params.get("message_thread_id")) if isinstance(result, dict) else result

    def _reply(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return BOT_USER
        if method == "sendMessage":
            message = self._message(self._chat(params["chat_id"]), params["text"], sender=BOT_USER)
            if "reply_markup" in params:
                message["reply_markup"] = params["reply_markup"]
            return message
        if method == "editMessageText":
            return self._message(self._chat(params["chat_id"]), params["text"], sender=BOT_USER) \
                if "chat_id" in params else True
        if method == "sendPoll":
            return self._poll_message(params)
        if method == "sendPhoto":
            message = self._message(self._chat(params["chat_id"]), None, sender=BOT_USER)
            message["photo"] = [{"file_id": f"photo-{self._counter}", "file_unique_id": f"u{self._counter}",
                                 "width": 900, "height": 700}]
            return message
        if method == "getChatMember":
            user_id, chat_id = int(params["user_id"]), int(params["chat_id"])
            status = "administrator" if user_id in self.admins.get(chat_id, set()) else "left" \
                if user_id in self.left.get(chat_id, set()) or user_id not in self._users else "member"
            user = self._users.get(user_id, FakeUser(user_id, "?"))  # one never seen: a webhook test's, not in it
            member: dict[str, Any] = {"status": status, "user": user.json()}
            return member | _ADMINS if status == "administrator" else member
        if method == "stopPoll":
            poll = self._polls[(int(params["chat_id"]), int(params["message_id"]))]
            poll["is_closed"] = True
            return poll
        if method == "deleteMessage":
            self.deleted.add((int(params["chat_id"]), int(params["message_id"])))
        if method in ("setWebhook", "deleteWebhook"):
            self.webhook_url = params.get("url", "") if method == "setWebhook" else ""
        if method == "getWebhookInfo":
            return {"url": self.webhook_url, "has_custom_certificate": False,
                    "pending_update_count": len(self._updates)}  # kept for getUpdates, not yet confirmed
        return True  # setMyCommands, deleteWebhook, setWebhook, answerCallbackQuery, ...

    def _poll_message(self, params: dict[str, Any]) -> dict[str, Any]:
        self._counter += 1
        poll = {
            "id": f"poll-{self._counter}",
            "question": params["question"],
            "options": [{"text": option if isinstance(option, str) else option["text"], "voter_count": 0,
                         "persistent_id": str(index)} for index, option in enumerate(params["options"])],
            "total_voter_count": 0,
            "is_closed": False,
            "is_anonymous": params.get("is_anonymous", True),
            "type": params.get("type", "regular"),
            "allows_multiple_answers": False,
            "allows_revoting": False,
            "members_only": False,
            "correct_option_ids": params.get("correct_option_ids", []),
        }
        if "explanation" in params:
            poll["explanation"] = params["explanation"]
        self.countdowns.start(poll["id"], params, self.clock())
        message = self._message(self._chat(params["chat_id"]), None, sender=BOT_USER)
        message["poll"] = poll
        self._polls[(int(params["chat_id"]), message["message_id"])] = poll
        return message

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

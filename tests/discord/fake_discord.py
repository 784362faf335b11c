"""A local stand-in for Discord: enough REST API and gateway for a real discord.py client.

The REST side records every call (interaction callbacks, webhook follow-ups, channel messages with polls, ended
polls, deleted messages, command syncs) so tests can wait for them, and refuses messages over Discord's limits; the
gateway side says HELLO, answers IDENTIFY with READY and GUILD_CREATE, acknowledges heartbeats, and dispatches the
events it's sent. What people do there (commands, clicks, votes) is fake_people's."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord.discord_limits import refusal
from tests.discord.fake_commands import commands_synced
from tests.discord.fake_outage import Unavailable
from tests.discord.fake_people import PeopleActions
from tests.discord.fake_poll_time import PollTime
from tests.discord.fake_records import BotRecords, Call, CallHook, read_body
from tests.discord.fake_write_limit import WriteLimits, too_many
from tests.discord.payloads import (
    BOT_USER,
    CHANNEL_ID,
    DISCORD_EPOCH_MS,
    NO_POLLS_CHANNEL_ID,
    application_payload,
    guild_payload,
    message_payload,
    now_iso,
    ready_payload,
    user_payload,
)


@dataclass
class FakeDiscord(BotRecords, PollTime, CallHook, PeopleActions):
    calls: list[Call] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    stored: set[int] = field(default_factory=set)  # every message id ever in ``messages`` (PollTime)
    forbidden_channels: set[int] = field(default_factory=lambda: {NO_POLLS_CHANNEL_ID})
    poll_refusing_channels: set[int] = field(default_factory=set)  # take text, refuse polls: Create Polls revoked
    deleted_channels: set[int] = field(default_factory=set)  # answer 404 Unknown Channel
    unseen_channels: set[int] = field(default_factory=set)  # View Channel denied: answer 403 Missing Access
    locked_threads: set[int] = field(default_factory=set)  # closed and locked: writes answer 400 Thread is archived
    no_history_channels: set[int] = field(default_factory=set)  # replies refused (no Read Message History)
    identifies: list[dict[str, Any]] = field(default_factory=list)
    closed_dms: set[int] = field(default_factory=set)  # users whose direct messages refuse the bot (50007)
    rate_limits: int = 0  # the next this many REST calls get a 429 asking discord.py to wait retry_after seconds
    retry_after: float = 0.05
    unavailable: Unavailable = field(default_factory=Unavailable)  # sends and gateway connections answered 503
    write_limits: WriteLimits = field(default_factory=WriteLimits)  # channels whose messages get a long 429
    team: dict[str, Any] | None = None  # the developer team owning the application (payloads.team_payload)

    def __post_init__(self) -> None:
        self._changed = asyncio.Event()
        self._counter, self._seq = itertools.count(1), itertools.count(1)
        self._ws: web.WebSocketResponse | None = None
        self._originals: dict[str, int] = {}  # interaction token -> the message "@original" means
        self._places: dict[str, int] = {}  # interaction token -> its channel, where its answers are
        self._dm_places: set[int] = set()  # direct message channels interactions came from
        self._dm_channels: dict[int, int] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0
    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]  # (host, port) of the socket it listens on

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def snowflake(self) -> int:
        return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) + next(self._counter)

    # -- waiting ------------------------------------------------------------------------------

    async def wait_until(self, condition: Callable[[], Any], within: float = 5.0) -> Any:
        """Wait until ``condition()`` is truthy (re-checked whenever the fake sees something new)."""
        deadline = asyncio.get_running_loop().time() + within
        while not (result := condition()):
            if (remaining := deadline - asyncio.get_running_loop().time()) <= 0:
                raise AssertionError(f"timed out; calls so far:\n{self.describe()}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))
        return result

    async def quiet(self, period: float = 0.3) -> None:
        """Wait until no REST call has arrived for ``period`` seconds (to show that nothing more happens)."""
        seen = -1
        while seen != len(self.calls):
            seen = len(self.calls)
            await asyncio.sleep(period)

    def describe(self) -> str:
        return "\n".join(f"{c.method} {c.path} {c.status} {str(c.body)[:160]}" for c in self.calls)

    # -- gateway ------------------------------------------------------------------------------
    async def wait_connected(self, identifies: int = 1) -> None:
        await self.wait_until(lambda: len(self.identifies) >= identifies and self._ws is not None)

    async def drop_gateway(self, code: int) -> None:
        """Close the gateway connection with a close code, as Discord does (4004: authentication failed)."""
        assert self._ws is not None, "no client is connected"
        await self._ws.close(code=code)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._ws is not None, "no client is connected"
        await self._ws.send_json({"op": 0, "t": event, "s": next(self._seq), "d": data})

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if self.unavailable.takes_gateway():
            return web.Response(status=503, text="upstream connect error")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})  # HELLO
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                continue
            payload = message.json()
            if payload["op"] == 1:  # HEARTBEAT -> HEARTBEAT_ACK
                await ws.send_json({"op": 11})
            elif payload["op"] == 2:  # IDENTIFY -> READY, then the guild it listed
                ready = ready_payload(len(self.identifies), self.gateway_url)
                if "shard" in payload["d"]:  # a sharded client: READY names the shard, as Discord's does
                    ready["shard"] = payload["d"]["shard"]
                await ws.send_json({"op": 0, "t": "READY", "s": next(self._seq), "d": ready})
                await ws.send_json({"op": 0, "t": "GUILD_CREATE", "s": next(self._seq), "d": guild_payload()})
                self._ws = ws
                self.identifies.append(payload["d"])
                self._changed.set()
        if self._ws is ws:
            self._ws = None
        return ws

    # -- REST ---------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        if self.rate_limits > 0:
            self.rate_limits -= 1
            return too_many(self.retry_after)
        call = Call(request.method, "/" + request.match_info["tail"], dict(request.query), body, files=files)
        await self.hooked(call)
        limited = self.write_limits.refusal(call)  # a 429 recorded in the call
        if limited is None and self.unavailable.takes(call):
            call.status, call.response = 503, {"message": "upstream connect error", "code": 0}
        elif limited is None:
            call.status, call.response = self._route(call)
        self.calls.append(call)
        self._changed.set()
        if limited is not None or call.status == 204:
            return limited or web.Response(status=204)
        return web.Response(body=json.dumps(call.response).encode(), status=call.status,
                            headers={"Content-Type": "application/json"})  # exactly that, as for too_many

    def _route(self, call: Call) -> tuple[int, Any]:
        method, path, body = call.method, call.path, call.body
        if (invalid := refusal(method, path, body)) is not None:  # as Discord refuses it
            return 400, invalid
        if (method, path) == ("GET", "/users/@me"):
            return 200, BOT_USER
        if (method, path) == ("GET", "/oauth2/applications/@me"):
            return 200, application_payload(self.team)
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return 200, self._callback(m[1], m[2], body)
        if method == "POST" and (m := re.fullmatch(r"/webhooks/\d+/([^/]+)", path)):  # a follow-up
            return 200, self._store(self.snowflake(), self._places.get(m[1], CHANNEL_ID), body,
                                    int(body.get("flags") or 0))
        if method == "PATCH" and (m := re.fullmatch(r"/webhooks/\d+/([^/]+)/messages/(@original|\d+)", path)):
            message_id = self._originals.get(m[1]) if m[2] == "@original" else int(m[2])
            if message_id is None:
                return 404, {"code": 10008, "message": "Unknown Message"}
            if message_id not in self.messages:  # an answer never sent: its message is in the interaction's channel
                self._store(message_id, self._places.get(m[1], CHANNEL_ID), {}, 0)
            return 200, self._edit(message_id, body)
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/messages", path)) \
                and any(self.dm_channel(user) == int(m[1]) for user in self.closed_dms):
            return 403, {"code": 50007, "message": "Cannot send messages to this user"}
        if (m := re.fullmatch(r"/channels/(\d+)/.*", path)) and int(m[1]) in self.deleted_channels:  # all of it
            return 404, {"code": 10003, "message": "Unknown Channel"}
        if m and int(m[1]) in self.unseen_channels:  # the bot may not even see it: nothing there, read or written
            return 403, {"code": 50001, "message": "Missing Access"}
        if m and int(m[1]) in self.locked_threads and method != "GET":
            return 400, {"code": 50083, "message": "Thread is archived"}
        if method == "POST" and (m := re.fullmatch(r"/channels/(\d+)/messages", path)):
            refused = int(m[1]) in self.forbidden_channels or (
                int(m[1]) in self.no_history_channels and body.get("message_reference")) or (
                int(m[1]) in self.poll_refusing_channels and body.get("poll"))
            if refused:
                return 403, {"code": 50013, "message": "Missing Permissions"}
            return 200, self._store(self.snowflake(), int(m[1]), body, 0)
        if method == "GET" and (looked := self.looked_up(path)) is not None:  # a user, or a channel by its id
            return looked
        if (method, path) == ("POST", "/users/@me/channels"):  # open a direct message channel
            recipient = int(body["recipient_id"])
            return 200, {"id": str(self.dm_channel(recipient)), "type": 1, "last_message_id": None,
                         "recipients": [user_payload(recipient)]}
        if method == "PATCH" and (m := re.fullmatch(r"/channels/\d+/messages/(\d+)", path)):
            return (200, self._edit(int(m[1]), body)) if int(m[1]) in self.messages else \
                (404, {"code": 10008, "message": "Unknown Message"})
        if method == "DELETE" and (m := re.fullmatch(r"/channels/\d+/messages/(\d+)", path)):
            return (204, None) if self.messages.pop(int(m[1]), None) is not None else \
                (404, {"code": 10008, "message": "Unknown Message"})
        if method == "GET" and (m := re.fullmatch(r"/channels/\d+/messages/(\d+)", path)):
            found = self.messages.get(int(m[1]))
            return (200, found) if found is not None else (404, {"code": 10008, "message": "Unknown Message"})
        if method == "POST" and (m := re.fullmatch(r"/channels/\d+/polls/(\d+)/expire", path)):
            if int(m[1]) not in self.messages:  # deleted
                return 404, {"code": 10008, "message": "Unknown Message"}
            message = self.messages[int(m[1])]
            message["poll"]["results"]["is_finalized"] = True
            return 200, message
        if method == "PUT" and (m := re.fullmatch(r"/applications/\d+(?:/guilds/(\d+))?/commands", path)):
            return commands_synced(m[1], body, self.snowflake)
        return 404, {"code": 0, "message": f"the fake Discord doesn't know {method} {path}"}

    def _callback(self, interaction_id: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
        kind, data = body["type"], body.get("data") or {}
        flags = int(data.get("flags") or 0)
        if kind in (4, 5):  # a message, or "thinking…" that becomes one
            message_id = self.snowflake()
            self._originals[token] = message_id
            self._store(message_id, self._places.get(token, CHANNEL_ID), data, flags)
        return {"interaction": {"id": interaction_id, "type": kind, "response_message_loading": kind == 5,
                                "response_message_ephemeral": bool(flags & 64)}}

    def _store(self, message_id: int, channel_id: int, body: dict[str, Any], flags: int) -> dict[str, Any]:
        self.messages[message_id] = message = message_payload(message_id, channel_id, body, flags)
        self.stored.add(message_id)
        return message

    def is_dm(self, channel_id: int) -> bool:
        """Whether the channel is a user's direct messages with the bot (not one of the server's)."""
        return channel_id in self._dm_places or channel_id in self._dm_channels.values()

    def _edit(self, message_id: int, body: dict[str, Any]) -> dict[str, Any]:
        message = self.messages.get(message_id) or self._store(message_id, CHANNEL_ID, {}, 0)
        message.update({key: body[key] for key in ("content", "components", "flags") if key in body})
        message["edited_timestamp"] = now_iso()
        return message

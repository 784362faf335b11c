"""What the fake Discord saw: every REST call, and views of them that tests read ("the polls posted", ...)."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from tests.discord.payloads import CHANNEL_ID, NO_POLLS_CHANNEL_ID, channel_payload, user_payload

DM_CHANNEL_BASE = 890000000000000000  # direct message channels are numbered from here


@dataclass
class Call:
    method: str
    path: str  # after /api/v10
    query: dict[str, str]
    body: Any
    response: Any = None
    status: int = 200
    files: dict[str, bytes] = field(default_factory=dict)  # uploads (attachments), by file name

    @property
    def data(self) -> dict[str, Any]:
        """The message part of the body (an interaction callback wraps it in "data")."""
        if isinstance(self.body, dict) and "type" in self.body and "data" in self.body:  # a callback
            return self.body["data"] or {}
        return self.body if isinstance(self.body, dict) else {}

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def content(self) -> str:
        return self.data.get("content") or ""


class BotRecords:
    """Queries over ``calls`` (a FakeDiscord's record of every REST call the bot made)."""

    calls: list[Call]
    _dm_channels: dict[int, int]

    def dm_channel(self, user_id: int) -> int:
        """The direct message channel with a user: one per user, numbered as they first need one."""
        return self._dm_channels.setdefault(user_id, DM_CHANNEL_BASE + len(self._dm_channels))

    def looked_up(self, path: str) -> tuple[int, Any] | None:
        """GET /users/{id}, or GET /channels/{id} (a channel the gateway didn't list, such as a DM), else None."""
        if m := re.fullmatch(r"/users/(\d+)", path):
            return 200, user_payload(int(m[1]))
        return self._channel(int(m[1])) if (m := re.fullmatch(r"/channels/(\d+)", path)) else None

    def _channel(self, channel_id: int) -> tuple[int, Any]:
        """A direct message channel (no guild_id, its recipient), or one of the server's."""
        recipient = next((user for user, channel in self._dm_channels.items() if channel == channel_id), None)
        if recipient is not None:
            return 200, {"id": str(channel_id), "type": 1, "last_message_id": None, "flags": 0,
                         "recipients": [user_payload(recipient)]}
        if channel_id in (CHANNEL_ID, NO_POLLS_CHANNEL_ID):
            return 200, channel_payload(channel_id)
        return 404, {"code": 10003, "message": "Unknown Channel"}

    def direct_messages(self, user_id: int, after: int = 0) -> list[Call]:
        path = f"/channels/{self.dm_channel(user_id)}/messages"
        return [c for c in self.calls[after:] if c.method == "POST" and c.path == path and c.status == 200]

    def channel_messages(self, channel_id: int = CHANNEL_ID, after: int = 0) -> list[Call]:
        path = f"/channels/{channel_id}/messages"
        return [c for c in self.calls[after:] if c.method == "POST" and c.path == path and c.status == 200]

    def polls(self, channel_id: int = CHANNEL_ID, after: int = 0) -> list[Call]:
        return [c for c in self.channel_messages(channel_id, after) if c.body.get("poll")]

    def replies_to(self, message_id: int, after: int = 0) -> list[Call]:
        return [c for c in self.calls[after:] if c.method == "POST" and c.path.endswith("/messages")
                and (c.body.get("message_reference") or {}).get("message_id") in (message_id, str(message_id))]

    def ended_polls(self, after: int = 0) -> list[int]:
        return [int(m[1]) for c in self.calls[after:]
                if (m := re.fullmatch(r"/channels/\d+/polls/(\d+)/expire", c.path))]

    def deleted_messages(self, after: int = 0) -> list[int]:
        """The messages the bot deleted (DELETE /channels/{id}/messages/{id} answered 204)."""
        found = (re.fullmatch(r"/channels/\d+/messages/(\d+)", c.path) for c in self.calls[after:]
                 if c.method == "DELETE" and c.status == 204)
        return [int(m[1]) for m in found if m]

    def interaction_calls(self, token: str) -> list[Call]:
        """The callback, edits of the original response and follow-ups for one interaction, in order."""
        return [c for c in self.calls if f"/{token}/" in c.path + "/"]

    def interaction_tokens(self) -> list[str]:
        """The tokens of every interaction the bot answered, in order."""
        found = (re.fullmatch(r"/interactions/\d+/([^/]+)/callback", c.path) for c in self.calls)
        return [m[1] for m in found if m]

    def answers(self, token: str) -> list[Call]:
        """The messages an interaction produced: the callback's message, edits and follow-ups with text."""
        return [c for c in self.interaction_calls(token) if c.content or c.data.get("components")]


async def read_body(request: web.Request) -> tuple[Any, dict[str, bytes]]:
    """JSON, or multipart with a payload_json part and files (attachments), as discord.py sends them."""
    if not request.can_read_body:
        return None, {}
    if not request.content_type.startswith("multipart/"):
        return await request.json(), {}
    body: Any = None
    files: dict[str, bytes] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        assert isinstance(part, BodyPartReader), "discord.py sends no multipart nested in another"
        if part.name == "payload_json":
            body = json.loads(await part.text())
        elif part.filename:
            files[part.filename] = bytes(await part.read())
    return body, files


class CallHook:
    """A hook on the REST calls, for a test that kills the bot at one of them (tests/discord/crash.py)."""

    # Awaited with each call before it is answered: one that raises is answered with an error, and not recorded.
    before_call: Callable[[Call], Awaitable[None]] | None = None

    async def hooked(self, call: Call) -> None:
        if self.before_call is not None:
            await self.before_call(call)

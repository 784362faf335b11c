"""429 Too Many Requests as Discord sends it: with a Via header (without one, discord.py takes it for a Cloudflare
ban and gives up), and for a channel whose messages Discord is limiting for a while (a busy channel's shared write
limit, code 20028), however long its retry_after: discord.py waits out up to its max_ratelimit_timeout."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.discord.fake_records import Call


def too_many(retry_after: float, message: str = "You are being rate limited.", **more: Any) -> web.Response:
    """discord.py decodes JSON only when the content type is exactly "application/json" (no charset)."""
    body = {"message": message, "retry_after": retry_after, "global": False, **more}
    return web.Response(body=json.dumps(body).encode(), status=429,
                        headers={"Content-Type": "application/json", "Via": "1.1 google",
                                 "Retry-After": str(int(retry_after) + 1), "X-RateLimit-Scope": "shared"})


@dataclass
class WriteLimits:
    channels: dict[int, float] = field(default_factory=dict)  # channel id -> seconds before it takes messages

    def refusal(self, call: Call) -> web.Response | None:
        """The 429 a message sent to a limited channel gets (recorded as such in ``call``), else None."""
        match = re.fullmatch(r"/channels/(\d+)/messages", call.path)
        if call.method != "POST" or match is None or int(match[1]) not in self.channels:
            return None
        retry_after = self.channels[int(match[1])]
        call.status, call.response = 429, {"code": 20028, "retry_after": retry_after}
        return too_many(retry_after, "The write action you are performing on the channel has hit the write rate "
                                     "limit.", code=20028)

"""Sends the fake Discord answers with 503, which discord.py gives up on at once (it tries 500, 502 and 504
again itself)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.discord.fake_records import Call


@dataclass
class Unavailable:
    sends: int = 0  # the next this many messages sent to a channel
    polls: int = 0  # the next this many polls

    def takes(self, call: Call) -> bool:
        """Whether this call is one of them (counted off as it is)."""
        if call.method != "POST" or not re.fullmatch(r"/channels/\d+/messages", call.path):
            return False
        if call.body.get("poll") and self.polls > 0:
            self.polls -= 1
            return True
        if self.sends > 0:
            self.sends -= 1
            return True
        return False

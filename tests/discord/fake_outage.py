"""Sends (edits, polls ended early) the fake Discord answers with 503, which discord.py gives up on at once (it tries
500, 502 and 504 again itself), and gateway connections it answers 503 (an outage discord.py reconnects through)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.discord.fake_records import Call


@dataclass
class Unavailable:
    sends: int = 0  # the next this many messages sent to a channel
    polls: int = 0  # the next this many polls
    gateways: int = 0  # the next this many gateway connections
    edits: int = 0  # the next this many edits of a channel's message
    ends: int = 0  # the next this many polls ended early (their poll left open)

    def takes_gateway(self) -> bool:
        """Whether this gateway connection is one of them (counted off as it is)."""
        taken, self.gateways = self.gateways > 0, max(self.gateways - 1, 0)
        return taken

    def takes(self, call: Call) -> bool:
        """Whether this call is one of them (counted off as it is)."""
        if call.method == "PATCH" and re.fullmatch(r"/channels/\d+/messages/\d+", call.path) and self.edits > 0:
            self.edits -= 1
            return True
        if call.method == "POST" and re.fullmatch(r"/channels/\d+/polls/\d+/expire", call.path) and self.ends > 0:
            self.ends -= 1
            return True
        if call.method != "POST" or not re.fullmatch(r"/channels/\d+/messages", call.path):
            return False
        if call.body.get("poll") and self.polls > 0:
            self.polls -= 1
            return True
        if self.sends > 0:
            self.sends -= 1
            return True
        return False

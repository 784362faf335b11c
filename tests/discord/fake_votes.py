"""The fake Discord keeping its polls' votes, as Discord does, also while no bot is connected: a message's poll
results count them, and GET /channels/{channel}/polls/{message}/answers/{answer} lists each answer's voters (sorted
by id, from ``after``, at most ``limit``), so a bot that starts again can ask who voted while it was away."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tests.discord.fake_discord import FakeDiscord
from tests.discord.fake_records import Call
from tests.discord.payloads import CHANNEL_ID, GUILD_ID, user_payload


@dataclass
class VotingFakeDiscord(FakeDiscord):
    voters: dict[tuple[int, int], set[int]] = field(default_factory=dict)  # (message, answer) -> user ids

    async def vote(self, message_id: int, answer_id: int, *, user_id: int, add: bool = True,
                   channel_id: int = CHANNEL_ID, in_flight: bool = False) -> None:
        """A vote kept by Discord, and sent to the bot if one is connected (else only kept, as a real one is)."""
        self.refuse_a_vote_on_a_closed_poll(message_id, in_flight=in_flight)
        voted = self.voters.setdefault((message_id, answer_id), set())
        (voted.add if add else voted.discard)(user_id)
        self._count(message_id)
        if self.connected:
            await self.dispatch("MESSAGE_POLL_VOTE_ADD" if add else "MESSAGE_POLL_VOTE_REMOVE", {
                "user_id": str(user_id), "channel_id": str(channel_id), "message_id": str(message_id),
                "guild_id": str(GUILD_ID), "answer_id": answer_id})

    @property
    def connected(self) -> bool:
        return self._ws is not None

    def voter_lists(self) -> list[Call]:
        """The bot's requests for an answer's voters."""
        return [c for c in self.calls if re.fullmatch(r"/channels/\d+/polls/\d+/answers/\d+", c.path)]

    def _count(self, message_id: int) -> None:
        if message_id not in self.messages:  # deleted: no results to show
            return
        poll = self.messages[message_id]["poll"]
        poll["results"]["answer_counts"] = [
            {"id": answer, "count": len(users), "me_voted": False}
            for (message, answer), users in sorted(self.voters.items()) if message == message_id and users]

    def _route(self, call: Call) -> tuple[int, Any]:
        if call.method == "GET" and (m := re.fullmatch(r"/channels/\d+/polls/(\d+)/answers/(\d+)", call.path)):
            if int(m[1]) not in self.messages:
                return 404, {"code": 10008, "message": "Unknown Message"}
            after, limit = int(call.query.get("after", 0)), int(call.query.get("limit", 25))
            found = sorted(user for user in self.voters.get((int(m[1]), int(m[2])), set()) if user > after)
            return 200, {"users": [user_payload(user) for user in found[:limit]]}
        return super()._route(call)

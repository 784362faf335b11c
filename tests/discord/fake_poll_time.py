"""Time passing for the fake Discord's polls: one whose duration runs out closes, as Discord's do, and takes no
more votes (a client offers none), so a test can show a learner coming back to a poll that closed meanwhile. A poll
the bot ended (POST .../polls/{message}/expire) is closed as well, and takes no vote either; nor does one whose
message was deleted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any


class PollClosed(AssertionError):
    """A vote on a poll whose duration ran out, or that the bot ended: Discord's clients offer no way to cast it."""


class PollGone(AssertionError):
    """A vote on a poll whose message was deleted: no client shows it, so Discord delivers no vote on it."""


class PollTime:
    messages: dict[int, dict[str, Any]]
    stored: set[int]  # every message the fake ever kept: one gone from ``messages`` since was deleted
    later: timedelta = timedelta()  # how far past the real time the fake is: the hours a learner was away

    def let_hours_pass(self, hours: int) -> None:
        self.later += timedelta(hours=hours)

    def refuse_a_vote_on_a_closed_poll(self, message_id: int, *, in_flight: bool = False) -> None:
        """``in_flight``: a vote cast while the poll was open, whose event reaches the bot only after it ended the
        poll (Discord's gateway sends events on their own time), so Discord took it."""
        if message_id in self.stored and message_id not in self.messages and not in_flight:
            raise PollGone(f"message {message_id} was deleted; Discord delivers no vote on it")
        poll = (self.messages.get(message_id) or {}).get("poll")
        if poll is not None and poll["results"]["is_finalized"] and not in_flight:
            raise PollClosed(f"poll {message_id} was ended; nobody can vote on it any more")
        if poll is not None and datetime.fromisoformat(poll["expiry"]) <= datetime.now(UTC) + self.later:
            raise PollClosed(f"poll {message_id} closed at {poll['expiry']}; nobody can vote on it any more")

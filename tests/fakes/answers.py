"""In-memory answers, and the platform messages that ask questions (poll links), for tests/fakes/storage.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.ports import AlreadyAnswered, LinkRejected
from bot.records import AnswerRecord, MessageLink, SessionState, UnansweredLink
from tests.fakes.clock import utc

if TYPE_CHECKING:
    from tests.fakes.storage import FakeState


class FakeAnswerRepository:
    def __init__(self, state: FakeState) -> None:
        self._state = state

    async def add(self, answer: AnswerRecord) -> None:
        key = (answer.session_id, answer.question_id)
        if key in self._state.answers:
            raise AlreadyAnswered(answer.question_id)
        self._state.answers[key] = replace(answer, answered_at=utc(answer.answered_at))

    async def for_session(self, session_id: str) -> list[AnswerRecord]:
        mine = [answer for answer in self._state.answers.values() if answer.session_id == session_id]
        return sorted(mine, key=lambda answer: answer.answered_at)


class FakeLinkRepository:
    def __init__(self, state: FakeState) -> None:
        self._state = state

    async def add(self, link: MessageLink) -> None:
        key = (link.platform, link.message_key)
        # As the database's keys refuse them: a message already linked, or a session gone (its learner deleted).
        if key in self._state.links or link.session_id not in self._state.sessions:
            raise LinkRejected(f"{link.platform} message {link.message_key}")
        self._state.links[key] = link

    async def get(self, platform: str, message_key: str) -> MessageLink | None:
        return self._state.links.get((platform, message_key))

    async def latest(self, platform: str, session_id: str, question_id: str) -> MessageLink | None:
        mine = [link for link in self._state.links.values()
                if (link.platform, link.session_id, link.question_id) == (platform, session_id, question_id)]
        return max(mine, key=lambda link: (link.created_at, *tie_break(link)), default=None)

    async def first(self, platform: str, session_id: str, question_id: str) -> MessageLink | None:
        mine = [link for link in self._state.links.values()
                if (link.platform, link.session_id, link.question_id) == (platform, session_id, question_id)]
        return min(mine, key=lambda link: (link.created_at, *tie_break(link)), default=None)

    async def withdraw(self, platform: str, message_key: str, at: datetime) -> None:
        if (link := self._state.links.get((platform, message_key))) is not None:
            self._state.links[(platform, message_key)] = replace(link, withdrawn_at=utc(at))

    async def unanswered(self, platform: str, since: datetime, limit: int,
                         older_than: MessageLink | None = None) -> list[UnansweredLink]:
        state = self._state
        owners = {user.id: user.platform_user_id for user in state.users.values()}
        found = [UnansweredLink(link, owners[session.user_id]) for link in state.links.values()
                 if link.platform == platform and link.created_at >= since and link.withdrawn_at is None
                 and (session := state.sessions.get(link.session_id)) is not None
                 and session.state is SessionState.ACTIVE and (link.session_id, link.question_id) not in state.answers
                 and (older_than is None
                      or (link.created_at, link.message_key) < (older_than.created_at, older_than.message_key))]
        return sorted(found, key=lambda found: (found.link.created_at, found.link.message_key), reverse=True)[:limit]


def tie_break(link: MessageLink) -> tuple[int, str]:
    """Between links of equal times, the later message is the one with the larger platform id (Telegram's message
    id, else the key: a Discord snowflake), compared as a number would be: longer first, then by code point. The
    SQL repository orders them the same way; no implementation keeps insertion order for the fake to follow."""
    message = link.message_id if link.message_id is not None else link.message_key
    return len(message), message

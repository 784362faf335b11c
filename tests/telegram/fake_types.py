"""The Telegram objects the fake Bot API speaks about: users, chats, and the calls it records."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_USER = {"id": 999000, "is_bot": True, "first_name": "QuizTutor", "username": "QuizTutorBot",
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False}


@dataclass(frozen=True)
class FakeUser:
    id: int
    first_name: str
    language_code: str | None = None
    is_bot: bool = False  # another bot (Telegram's bot-to-bot mode lets bots address each other)

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.language_code:
            data["language_code"] = self.language_code
        return data


@dataclass(frozen=True)
class FakeChat:
    id: int
    type: str = "private"
    title: str | None = None

    @classmethod
    def private(cls, user: FakeUser) -> FakeChat:
        return cls(user.id)

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.title:
            data["title"] = self.title
        return data


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    ok: bool = True
    result: Any = None
    at: float = 0.0  # when it arrived, by the fake's clock (seconds)


@dataclass
class Failure:
    status: int
    description: str
    retry_after: int | None = None
    migrate_to_chat_id: int | None = None  # a group that became this supergroup (PTB raises ChatMigrated)
    # As a chat's refusal: only of text messages (its members may send none, polls perhaps still), not every call
    methods: frozenset[str] | None = None
    # Carried out all the same (a poll made, which members can vote on), only its answer failed: Telegram's front
    # answering 502 for a server that did it, or the answer lost on the way
    carried_out: bool = False

    def parameters(self) -> dict[str, int]:
        """The ResponseParameters Telegram adds to the error, if any."""
        given = {"retry_after": self.retry_after, "migrate_to_chat_id": self.migrate_to_chat_id}
        return {name: value for name, value in given.items() if value is not None}


ADMIN_FIELDS = {"can_be_edited": False, "is_anonymous": False, "can_manage_chat": True, "can_delete_messages": True,
                "can_manage_video_chats": True, "can_restrict_members": True, "can_promote_members": False,
                "can_change_info": True, "can_invite_users": True, "can_post_stories": False,
                "can_edit_stories": False, "can_delete_stories": False}  # an administrator's, as getChatMember has them


def form_field(value: str) -> Any:
    """PTB sends form fields: strings as they are, everything else JSON-encoded. Ids stay strings."""
    if value[:1] in "[{" or value in ("true", "false"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def in_topic(message: dict[str, Any], topic: int | str | None) -> dict[str, Any]:
    """A message in a forum's topic, as Telegram marks one (``topic`` None: the chat's main one)."""
    return message if topic is None else message | {"message_thread_id": int(topic), "is_topic_message": True}


class PollClosed(Exception):
    """A vote on a poll Telegram closed at the end of its open_period: its app takes none, so none is delivered."""


@dataclass
class Countdowns:
    """When each timed poll (sent with open_period) closes, on the fake's clock."""

    closing_at: dict[str, float] = field(default_factory=dict)  # poll id -> when

    def start(self, poll_id: str, params: dict[str, Any], now: float) -> None:
        if "open_period" in params:
            self.closing_at[poll_id] = now + float(params["open_period"])

    def vote(self, poll_id: str, now: float) -> None:
        """Raises PollClosed when the poll has closed by ``now``."""
        if (closing_at := self.closing_at.get(poll_id)) is not None and now >= closing_at:
            raise PollClosed(poll_id)


def hung_up(request: web.Request) -> bool:
    """A long poll whose client hung up (a poller that stopped) no longer counts as waiting."""
    return request.transport is None or request.transport.is_closing()

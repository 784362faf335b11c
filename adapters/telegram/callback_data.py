"""Inline button payloads: a short verb and an id, never state (Telegram allows at most 64 bytes)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

MAX_BYTES = 64


class Action(StrEnum):
    START_QUIZ = "quiz"
    OPEN_GAME = "gq"  # under a group /game's which-one question: <quiz id>[/<seconds /game was given>]
    LANGUAGE = "lang"  # the presser's own language
    WELCOME_LANGUAGE = "wlang"  # the same, under /start's welcome: its notes (a quiz left open...) said again
    CHAT_LANGUAGE = "clang"  # from /language alone in a group: the group's language for games (its admins)
    RETRY = "retry"
    REVIEW = "review"  # under a reminder: start the learner's review round
    JOIN_GAME = "gj"  # in a game's lobby: <game id>
    BEGIN_GAME = "gb"  # in a game's lobby, for its starter: <game id>
    EXPLAIN = "gx"  # under a game question's results: <game id>/<question's place>


@dataclass(frozen=True)
class ButtonData:
    action: Action
    value: str

    def encode(self) -> str:
        data = f"{self.action}:{self.value}"
        if len(data.encode()) > MAX_BYTES:
            raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
        return data


def decode(data: str | None) -> ButtonData | None:
    """The button's action and id, or None for data this bot never sent (old or forged buttons)."""
    action, separator, value = (data or "").partition(":")
    # The bot's ids are printable: a control character (a NUL, which PostgreSQL refuses even in a look-up) is none.
    if not separator or not value or not value.isprintable():
        return None
    try:
        return ButtonData(Action(action), value)
    except ValueError:
        return None

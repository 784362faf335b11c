"""Every word the bot showed in a chat on the fake Bot API: messages, edits, polls, captions, buttons, menus."""

from __future__ import annotations

import json
from typing import Any

from tests.telegram.fake_types import Call
from tests.telegram.telegram_fake_api import FakeBotApi

SHOWN = ("text", "caption", "question", "explanation")  # the fields of a call a reader sees


def words_in(call: Call) -> list[str]:
    """The texts one call shows: its own fields, its poll options, its buttons' labels and its menu's lines."""
    params = call.params
    found = [str(params[name]) for name in SHOWN if params.get(name)]
    found += [option if isinstance(option, str) else option["text"] for option in params.get("options", [])]
    markup = params.get("reply_markup") or {}
    found += [button["text"] for row in markup.get("inline_keyboard", []) for button in row]
    commands = params.get("commands")
    if isinstance(commands, str):
        commands = json.loads(commands)
    found += [command["description"] for command in commands or []]
    return found


def in_chat(chat_id: int) -> Any:
    """Whether a call was addressed to ``chat_id``, its menu (setMyCommands's chat scope) included."""
    def where(params: dict[str, Any]) -> bool:
        scope = params.get("scope")
        if isinstance(scope, str):
            scope = json.loads(scope)
        return params.get("chat_id") == str(chat_id) or (isinstance(scope, dict)
                                                         and str(scope.get("chat_id")) == str(chat_id))
    return where


def words_seen(api: FakeBotApi, chat_id: int) -> list[str]:
    """Everything shown in ``chat_id``, and every press's answer (the test's presses are all its learner's)."""
    calls = [call for call in api.requests if call.ok and call.method != "getUpdates" and in_chat(chat_id)(call.params)]
    return [text for call in calls + api.calls("answerCallbackQuery") for text in words_in(call)]


def menu_words(api: FakeBotApi, language: str) -> list[str]:
    """The command menu Telegram shows to apps in ``language``."""
    return [text for call in api.calls("setMyCommands", lambda p: p.get("language_code") == language)
            for text in words_in(call)]

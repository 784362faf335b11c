"""The command menu a chat shows, worked out from the bot's setMyCommands and deleteMyCommands calls to the fake Bot
API, in the order Telegram documents: in a private chat, the chat's own scope (with the user's app language, then
without), all private chats' (likewise), then the default (likewise); in a group, the chat's own scope, all group
chats', then the default (the member's and the administrators' scopes, which come before, the bot never sets)."""

from __future__ import annotations

from typing import Any

from tests.telegram.telegram_fake_api import FakeBotApi

Scope = tuple[str, str]  # (type, chat id or "")
Menu = list[dict[str, str]]


def _scope(params: dict[str, Any]) -> Scope:
    scope = params.get("scope") or {"type": "default"}
    return scope["type"], str(scope.get("chat_id", ""))


def menu_shown(api: FakeBotApi, chat_id: int, app_language: str | None, *, group: bool = False) -> Menu:
    """The menu as set last for each scope and language (calls survive a restart of the bot, as Telegram's menus)."""
    menus: dict[tuple[Scope, str], Menu] = {}
    for call in api.requests:
        if call.method in ("setMyCommands", "deleteMyCommands"):
            key = (_scope(call.params), call.params.get("language_code") or "")
            if call.method == "setMyCommands" and call.ok and call.params["commands"]:
                menus[key] = call.params["commands"]
            elif call.ok:
                menus.pop(key, None)
    for scope in (("chat", str(chat_id)), ("all_group_chats" if group else "all_private_chats", ""), ("default", "")):
        for language in ((app_language or "")[:2], ""):
            if (scope, language) in menus:
                return menus[(scope, language)]
    return []


def described(menu: Menu) -> dict[str, str]:
    return {command["command"]: command["description"] for command in menu}

"""Steps of a group game on the fake Bot API: the lobby, joining, starting, voting, and what the group saw."""

from __future__ import annotations

import time
from typing import Any

from tests.telegram.fake_types import BOT_USER, Failure
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import correct, for_chat, next_poll, poll_id, wrong

GROUP_CALLS = {"sendMessage", "sendPoll", "stopPoll", "editMessageText", "sendPhoto"}  # what the group sees


def buttons(call: Call) -> list[dict[str, Any]]:
    return [button for row in call.params["reply_markup"]["inline_keyboard"] for button in row]


async def lobby(api: FakeBotApi, chat: FakeChat) -> tuple[Call, str]:
    """The lobby message and its game's id (from its Join button)."""
    found = await api.wait_for("sendMessage", 1, lambda p: for_chat(chat.id)(p) and "reply_markup" in p
                               and buttons_data(p)[0].startswith("gj:"))
    call = found[-1]
    return call, buttons(call)[0]["callback_data"].split(":", 1)[1]


def buttons_data(params: dict[str, Any]) -> list[str]:
    return [button.get("callback_data", "") for row in params["reply_markup"].get("inline_keyboard", [])
            for button in row]


def results_messages(api: FakeBotApi, chat: FakeChat) -> list[Call]:
    return api.calls("sendMessage", lambda p: for_chat(chat.id)(p) and "reply_markup" in p
                     and any(data.startswith("gx:") for data in buttons_data(p)))


async def vote(api: FakeBotApi, poll: Call, user: FakeUser, *, right: bool) -> None:
    await api.answer_poll(user, poll_id(poll), [correct(poll) if right else wrong(poll)])


def group_calls(api: FakeBotApi, chat: FakeChat) -> list[Call]:
    return [call for call in api.requests if call.ok and call.method in GROUP_CALLS
            and call.params.get("chat_id") == str(chat.id)]


async def press(api: FakeBotApi, user: FakeUser, data: str, chat: FakeChat,
                topic: int | None = None) -> dict[str, Any]:
    """Press a button (in ``topic`` of a forum); what only the presser is shown (the callback query's answer)."""
    before = len(api.calls("answerCallbackQuery"))
    await api.press(user, data, chat, topic=topic)
    return (await api.wait_for("answerCallbackQuery", before + 1))[before].params


async def begun(api: FakeBotApi, starter: FakeUser, chat: FakeChat,
                players: tuple[FakeUser, ...] = ()) -> tuple[str, Call]:
    """A game of collectives opened by ``starter``, joined by ``players`` and begun: its id and first poll."""
    await api.command(starter, "/game collectives", chat)
    _lobby, game_id = await lobby(api, chat)
    for player in players:
        await press(api, player, f"gj:{game_id}", chat)
    await press(api, starter, f"gb:{game_id}", chat)  # answered before the game shows itself
    first = await next_poll(api, chat.id, 1)
    await api.settle()  # its poll kept, its clock started: a test's clock may move on from here
    return game_id, first


async def leaves(api: FakeBotApi, user: FakeUser, chat: FakeChat) -> None:
    """``user`` leaves the group: Telegram posts a service message there, which bots in privacy mode get too."""
    api.left.setdefault(chat.id, set()).add(user.id)
    await api.push({"message": {"message_id": 90000 + user.id, "date": int(time.time()), "chat": chat.json(),
                                "from": user.json(), "left_chat_member": user.json()}})


ADMIN_RIGHTS = {"can_be_edited": False, "is_anonymous": False, "can_manage_chat": True, "can_delete_messages": True,
                "can_manage_video_chats": True, "can_restrict_members": True, "can_promote_members": False,
                "can_change_info": True, "can_invite_users": True, "can_post_stories": False,
                "can_edit_stories": False, "can_delete_stories": False}


def bot_status(status: str) -> dict[str, Any]:
    """The bot as a chat member with ``status``, as Telegram describes it (each status has its own fields)."""
    member: dict[str, Any] = {"status": status, "user": BOT_USER}
    if status == "kicked":
        member["until_date"] = 0
    if status == "administrator":
        member |= ADMIN_RIGHTS
    return member


async def bot_becomes(api: FakeBotApi, chat: FakeChat, by: FakeUser, old: str, new: str) -> None:
    """``by`` changes the bot's own membership of ``chat`` (adds it, removes it, blocks it in a private chat):
    Telegram sends the bot a my_chat_member update."""
    if new in ("left", "kicked"):
        api.refusing[chat.id] = Failure(403, "Forbidden: bot was kicked from the group chat" if chat.id < 0
                                        else "Forbidden: bot was blocked by the user")
    else:
        api.refusing.pop(chat.id, None)
    await api.push({"my_chat_member": {"chat": chat.json(), "from": by.json(), "date": int(time.time()),
                                       "old_chat_member": bot_status(old), "new_chat_member": bot_status(new)}})

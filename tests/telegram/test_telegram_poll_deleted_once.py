"""A player's own poll that a game takes away (deleted, as closing a quiz poll shows its answer) while its learner
leaves that quiz for another at the same moment, which takes it away too: one deleteMessage, not a second that
Telegram refuses (the message is gone) and the log records as a failure."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.settings import Settings
from tests.telegram.game_steps import lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import GROUP, for_chat, next_poll, running_bot

ADA = FakeUser(411, "Ada", "en")
TENDAI = FakeUser(412, "Tendai", "en")
CANT_DELETE = (400, "Bad Request: message can't be deleted")  # Telegram's words: the join's try fails


async def test_a_poll_set_aside_as_the_game_begins_and_left_at_that_moment_is_deleted_once(
        api: FakeBotApi, settings: Settings) -> None:
    private = FakeChat.private(TENDAI)
    deleting, release = asyncio.Event(), asyncio.Event()

    async def held(_result: Any) -> None:  # the begin's deletion, under way while he leaves the quiz
        deleting.set()
        await release.wait()

    def on_solo(params: dict[str, Any]) -> bool:
        return params.get("chat_id") == str(private.id) and params.get("message_id") == str(
            solo.result["message_id"])

    async with running_bot(settings):
        await api.command(TENDAI, "/quiz collectives", private)
        solo = await next_poll(api, private.id, 1)
        await api.command(ADA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        api.fail_next("deleteMessage", *CANT_DELETE)  # as he joins: left for the game's start to take away
        await press(api, TENDAI, f"gj:{game_id}", GROUP)
        await api.settle()
        assert [call.ok for call in api.requests if call.method == "deleteMessage"] == [False]
        api.before_reply["deleteMessage"] = held
        await press(api, ADA, f"gb:{game_id}", GROUP)
        await asyncio.wait_for(deleting.wait(), 10)
        await api.command(TENDAI, "/quiz long-options", private)  # he leaves collectives meanwhile
        await next_poll(api, private.id, 2)
        await api.settle()  # a second deletion would be sent by now
        release.set()
        await api.wait_for("sendPoll", 1, for_chat(GROUP.id))
        await api.settle()
    tries = [call.ok for call in api.requests if call.method == "deleteMessage" and on_solo(call.params)]
    assert tries == [False, True]  # the join's failed try, then the begin's: not a third, refused

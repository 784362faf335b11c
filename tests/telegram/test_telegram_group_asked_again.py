"""In a group, a member asking again for the question they were asked a moment ago (/quiz, /quiz of that quiz,
/retry or /review typed again) isn't asked it again: each new poll would spend one of the group's 20 messages a
minute, and delay everyone else's. They hear once, privately if the bot can write to them, that it is there; after
a minute, or once its poll is gone, it is asked again as before. A private chat is asked again every time."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    GROUP,
    WANJIRU,
    ZAWADI,
    correct,
    for_chat,
    next_poll,
    poll_id,
    running_bot,
    wrong,
)

NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")
ABOVE = ("Your question is already in the group, asked less than a minute ago: answer it there. If you can't find "
         "it, send {command} again after a minute and I'll ask it anew.")


async def test_asking_again_in_a_group_within_the_minute_sends_no_new_poll(api: FakeBotApi,
                                                                           settings: Settings) -> None:
    """Before: each /quiz was a "Welcome back" line and a new poll in the group, the old one deleted."""
    clock = FixedClock()
    async with running_bot(settings, clock=clock) as engine:
        await api.command(WANJIRU, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        in_group = len(api.sent_texts(GROUP.id))
        for command in ("/quiz", "/quiz collectives", "/quiz", "/quiz collectives"):
            await api.command(WANJIRU, command, GROUP)
        await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id))
        await api.settle()
        sw = engine.localizer_for("sw")
        assert api.sent_texts(WANJIRU.id) == [sw(ABOVE, command="/quiz")]  # once, privately
        assert api.polls(GROUP.id) == [first] and len(api.sent_texts(GROUP.id)) == in_group
        assert api.calls("deleteMessage") == []
        await api.answer_poll(WANJIRU, poll_id(first), [correct(first)])  # the poll still counts
        second = await next_poll(api, GROUP.id, 2)
        assert second.params["question"].startswith("2/3 (Wanjiru)")
        await api.settle()  # its link stored, at the time it was asked

        clock.advance(timedelta(seconds=61))  # a minute on: asked again, as before
        await api.command(WANJIRU, "/quiz", GROUP)
        third = await next_poll(api, GROUP.id, 3)
        assert third.params["question"] == second.params["question"]
        assert [int(call.params["message_id"]) for call in await api.wait_for("deleteMessage", 1)] == [
            second.result["message_id"]]


async def test_one_the_bot_cant_write_to_hears_it_in_the_group_once(api: FakeBotApi, settings: Settings) -> None:
    api.refusing[ZAWADI.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        await api.command(ZAWADI, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        in_group = len(api.sent_texts(GROUP.id))
        for _time in range(3):
            await api.command(ZAWADI, "/quiz", GROUP)
        await api.wait_for("sendMessage", in_group + 1, for_chat(GROUP.id))
        await api.settle()
        said = engine.localizer_for("sw")(ABOVE, command="/quiz")
        assert api.sent_texts(GROUP.id)[in_group:] == ["<b>Zawadi</b> · " + said]
        assert len(api.polls(GROUP.id)) == 1


async def test_a_retry_or_a_review_typed_again_in_a_group_is_not_asked_again(api: FakeBotApi,
                                                                            settings: Settings) -> None:
    clock = FixedClock()
    async with running_bot(settings, clock=clock) as engine:
        await api.command(WANJIRU, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await api.answer_poll(WANJIRU, poll_id(first), [wrong(first)])
        await next_poll(api, GROUP.id, 2)
        await api.command(WANJIRU, "/stop", GROUP)
        await api.wait_for("stopPoll", 1)  # its poll closed: then stopped
        await api.command(WANJIRU, "/retry", GROUP)
        await next_poll(api, GROUP.id, 3)
        for command in ("/retry", "/retry", "/quiz"):
            await api.command(WANJIRU, command, GROUP)
        await api.wait_for("sendMessage", 2, for_chat(WANJIRU.id))
        await api.settle()
        sw = engine.localizer_for("sw")
        assert api.sent_texts(WANJIRU.id) == [sw(ABOVE, command="/retry"), sw(ABOVE, command="/quiz")]
        assert len(api.polls(GROUP.id)) == 3 and api.calls("deleteMessage") == []

        await api.command(WANJIRU, "/stop", GROUP)
        await api.wait_for("stopPoll", 2)
        clock.advance(timedelta(days=30))  # the question answered is due for review
        await api.command(WANJIRU, "/review", GROUP)
        await next_poll(api, GROUP.id, 4)
        await api.settle()
        for _time in range(2):
            await api.command(WANJIRU, "/review", GROUP)
        await api.wait_for("sendMessage", 3, for_chat(WANJIRU.id))
        await api.settle()
        assert api.sent_texts(WANJIRU.id)[2:] == [sw(ABOVE, command="/review")]
        assert len(api.polls(GROUP.id)) == 4


async def test_a_private_chat_is_asked_again_each_time(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(WANJIRU, "/quiz collectives")
        await next_poll(api, WANJIRU.id, 1)
        await api.command(WANJIRU, "/quiz")
        await next_poll(api, WANJIRU.id, 2)
        await api.wait_for("deleteMessage", 1)

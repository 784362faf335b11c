"""The bot's own membership of a chat: removed from a group, its game there ends at once; added to one, it says
what it does, once."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from adapters.settings import Settings
from adapters.telegram.html_text import esc
from adapters.telegram.membership import greeting
from tests.fakes.clock import FixedClock
from tests.support.table_away import table_away
from tests.telegram.game_steps import begun, bot_becomes
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, for_chat, running_bot
from tests.telegram.test_telegram_anonymous_admins import ANONYMOUS_ADMIN
from tests.telegram.test_telegram_forum_topics import ADA, FORUM, GAME_TOPIC, in_forum, lobby_in


def lobbies(api: FakeBotApi, where: Callable[[dict[str, Any]], bool]) -> int:
    return len(api.calls("sendMessage", lambda p: where(p) and "gj:" in str(p.get("reply_markup", ""))))


async def test_removing_the_bot_from_a_group_ends_its_game_at_once_so_it_can_play_again_when_added_back(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):  # the clock stands still: no phase of the game falls due
        await begun(api, JUMA, GROUP, (AMINATA,))
        await bot_becomes(api, GROUP, JUMA, "member", "kicked")
        await bot_becomes(api, GROUP, JUMA, "left", "member")  # added back, by the same admin
        await api.command(JUMA, "/game collectives", GROUP)
        await api.wait_for("sendMessage", 2, lambda p: for_chat(GROUP.id)(p) and "gj:" in str(p.get("reply_markup")))
        assert lobbies(api, for_chat(GROUP.id)) == 2  # not "a game is already running" from a game nobody sees
        # Nothing was tried in the group while the bot was out of it: it would only have been refused.
        assert not [call for call in api.requests if not call.ok and call.params.get("chat_id") == str(GROUP.id)]


async def test_removing_the_bot_from_a_forum_ends_the_games_of_its_topics(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        await lobby_in(api, GAME_TOPIC)
        await bot_becomes(api, FORUM, ADA, "administrator", "left")
        await bot_becomes(api, FORUM, ADA, "left", "administrator")
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        await api.wait_for("sendMessage", 2, lambda p: in_forum(GAME_TOPIC)(p) and "gj:" in str(p.get("reply_markup")))


async def test_a_group_the_bot_is_added_to_is_greeted_once_in_the_language_of_who_added_it(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock) as engine:
        await bot_becomes(api, GROUP, AMINATA, "left", "member")  # Aminata's Telegram speaks French
        await bot_becomes(api, GROUP, AMINATA, "member", "administrator")  # promoted: still the same add
        await bot_becomes(api, GROUP, AMINATA, "administrator", "left")  # removed by mistake...
        await bot_becomes(api, GROUP, AMINATA, "left", "member")  # ...and added back a moment later
        await api.settle()
        assert api.sent_texts(GROUP.id) == [esc(greeting(engine.localizer_for("fr")))]
        french = greeting(engine.localizer_for("fr"))
        assert french != greeting(engine.localizer_for("en")) and "/game" in french and "/language" in french
    async with running_bot(settings, clock):  # restarted: the group was greeted already
        await bot_becomes(api, GROUP, AMINATA, "member", "left")
        await bot_becomes(api, GROUP, AMINATA, "left", "member")
        await api.settle()
        assert len(api.sent_texts(GROUP.id)) == 1


async def test_a_group_is_greeted_in_english_when_who_added_it_speaks_no_language_of_the_bot(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock) as engine:
        await bot_becomes(api, FORUM, JUMA, "kicked", "member")  # unbanned and added: Juma's client sends none
        greeted = (await api.wait_for("sendMessage", 1, in_forum(None)))[0].params["text"]
        assert greeted == esc(greeting(engine.localizer_for("en")))


async def test_blocking_and_unblocking_the_bot_in_a_private_chat_says_nothing(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await bot_becomes(api, FakeChat.private(JUMA), JUMA, "member", "kicked")
        await bot_becomes(api, FakeChat.private(JUMA), JUMA, "kicked", "member")
        await api.settle()
        assert not api.calls("sendMessage")


async def test_a_group_that_becomes_a_supergroup_is_not_greeted_as_one_the_bot_was_added_to(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Telegram says the bot joined the new supergroup: a group that knows the bot already."""
    small = FakeChat(-4242, "group", "Study group")
    async with running_bot(settings, clock):
        await api.migrate(small, GROUP, JUMA)
        await bot_becomes(api, GROUP, JUMA, "left", "member")
        await api.settle()
        assert not api.sent_texts(GROUP.id)


async def test_a_group_re_added_by_an_anonymous_admin_is_greeted_in_the_language_its_admins_chose(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Telegram's placeholder for an anonymous admin speaks no language: the group's chosen one is the greeting's."""
    api.admins[GROUP.id] = {ADA.id}
    async with running_bot(settings, clock) as engine:
        await api.command(ADA, "/language sw", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await bot_becomes(api, GROUP, ANONYMOUS_ADMIN, "member", "left")
        await bot_becomes(api, GROUP, ANONYMOUS_ADMIN, "left", "member")  # added back a week later, say
        greeted = (await api.wait_for("sendMessage", 2, for_chat(GROUP.id)))[1].params["text"]
        assert greeted == esc(greeting(engine.localizer_for("sw")))


async def test_a_group_that_refused_the_greeting_is_greeted_when_the_bot_is_added_back_the_same_day(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Added to a group that lets its members post nothing: the greeting is refused. Once an admin fixed that and
    added the bot again, it says what it does there, as it never did."""
    async with running_bot(settings, clock) as engine:
        api.fail_next("sendMessage", 400, "Bad Request: not enough rights to send text messages to the chat")
        await bot_becomes(api, GROUP, JUMA, "left", "member")
        await api.settle()
        assert [call for call in api.requests if call.method == "sendMessage" and not call.ok]  # it was tried
        assert not api.sent_texts(GROUP.id)
        await bot_becomes(api, GROUP, JUMA, "member", "left")
        await bot_becomes(api, GROUP, JUMA, "left", "member")  # minutes later, the rights fixed
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        assert api.sent_texts(GROUP.id) == [esc(greeting(engine.localizer_for("en")))]


async def test_a_failure_handling_the_bot_being_added_is_logged_not_apologised_for_in_the_group(
        api: FakeBotApi, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """Nobody in the group asked for anything: "please try again" would puzzle them all."""
    async with running_bot(settings, clock):
        async with table_away(settings, "chats"):  # every greeting's claim fails
            await bot_becomes(api, GROUP, JUMA, "left", "member")
            await api.settle()
        assert not api.calls("sendMessage")
    assert [record for record in caplog.records
            if record.levelno >= logging.ERROR and record.name == "adapters.telegram.errors"]  # for the operator

"""Telegram's apps come in neither Yoruba nor Shona, so a learner who chose either with /language still saw the
command menu of their app's language (English, mostly): the menus the bot sets per language_code never reach them.
A private chat's own menu (BotCommandScopeChat) is shown whatever the app's language, and kept by Telegram."""

from __future__ import annotations

import logging

import pytest

from adapters.settings import Settings
from adapters.telegram.actors import PLATFORM
from bot.replies import Actor
from tests.telegram.menus import described, menu_shown
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, for_chat, running_bot

ADE = FakeUser(331, "Adé", "en")  # a Yoruba speaker whose app is in English
TENDAI = FakeUser(332, "Tendai", None)  # a Shona speaker whose app sends no language
OTHER = FakeUser(333, "Other", "en")  # chose nothing


async def test_a_learners_chosen_language_is_their_private_chats_menu_after_a_restart_too(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        yo, sn, fr, en = (engine.localizer_for(language) for language in ("yo", "sn", "fr", "en"))
        await api.command(ADE, "/language yo")
        await api.press(TENDAI, "lang:sn")
        await api.wait_for("sendMessage", 1, for_chat(ADE.id))
        await api.settle()
        assert described(menu_shown(api, ADE.id, "en"))["quizzes"] == yo("list the quizzes")
        assert described(menu_shown(api, TENDAI.id, None))["quizzes"] == sn("list the quizzes")
        assert described(menu_shown(api, ADE.id, "en")).keys() == described(menu_shown(api, OTHER.id, "en")).keys()
        await api.command(ADE, "/language fr")  # chosen again: the menu follows
        await api.wait_for("sendMessage", 2, for_chat(ADE.id))
        await api.settle()
        assert described(menu_shown(api, ADE.id, "en"))["quizzes"] == fr("list the quizzes")
    async with running_bot(settings):  # the start sets the menus per language again; the chats' own stay
        await api.command(OTHER, "/help")
        await api.wait_for("sendMessage", 1, for_chat(OTHER.id))
    assert described(menu_shown(api, ADE.id, "en"))["quizzes"] == fr("list the quizzes")
    assert described(menu_shown(api, TENDAI.id, None))["quizzes"] == sn("list the quizzes")
    assert described(menu_shown(api, OTHER.id, "en"))["quizzes"] == en("list the quizzes")


async def test_a_menu_telegram_refuses_leaves_the_language_chosen_and_says_so_once_in_the_log(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings) as engine:
        api.fail_next("setMyCommands", 400, "Bad Request: chat not found")
        await api.command(ADE, "/language yo")
        [reply] = await api.wait_for("sendMessage", 1, for_chat(ADE.id))
        await api.settle()
        assert engine.localizer_for("yo")("From now on I'll speak {name}.", name="Èdè Yorùbá") in reply.params["text"]
        assert (await engine.profile(Actor(PLATFORM, str(ADE.id), str(ADE.id)))).language == "yo"
    refused = [record for record in caplog.records if "menu" in record.getMessage()]
    assert [record.levelno for record in refused] == [logging.WARNING], refused
    assert "331" in refused[0].getMessage() and "Chat not found" in refused[0].getMessage()


async def test_a_private_help_sets_the_chats_menu_once_a_process_for_a_language_chosen_elsewhere_or_before(
        api: FakeBotApi, settings: Settings) -> None:
    """Chosen on a group's welcome picker (or before a release that changed the menu): the private chat's menu is
    set on the learner's first /help there in each process, not on every one."""
    def chat_menus() -> list[Call]:
        return api.calls("setMyCommands", lambda params: (params.get("scope") or {}).get("chat_id") == ADE.id)

    async with running_bot(settings) as engine:
        await api.press(ADE, "lang:yo", GROUP)
        await api.settle()
        assert not chat_menus()
        for count in (1, 2):
            await api.command(ADE, "/help")
            await api.wait_for("sendMessage", count, for_chat(ADE.id))
        await api.settle()
        assert len(chat_menus()) == 1
        yo = engine.localizer_for("yo")
        assert described(menu_shown(api, ADE.id, "en"))["quizzes"] == yo("list the quizzes")
        await api.command(OTHER, "/help")  # nothing chosen: the menu of their app's language, as before
        await api.wait_for("sendMessage", 1, for_chat(OTHER.id))
        await api.settle()
    async with running_bot(settings):
        await api.command(ADE, "/help")
        await api.wait_for("sendMessage", 3, for_chat(ADE.id))
        await api.settle()
    assert len(chat_menus()) == 2
    assert not api.calls("setMyCommands", lambda params: (params.get("scope") or {}).get("chat_id") == OTHER.id)

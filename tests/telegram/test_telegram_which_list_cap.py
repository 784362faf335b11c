"""A group's "Which one do you mean?" lists: each different list in full, but only a few a minute, whatever was
typed; past them, one short line per member saying so."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from telegram import Bot

from adapters.runtime import open_services
from adapters.settings import Settings
from adapters.telegram.actors import PLATFORM
from adapters.telegram.chat import TelegramChat
from adapters.telegram.group_repeats import QUIET_PERIOD, WHICH_LISTS_PER_MINUTE, GroupRepeats, game_which_capped
from bot.replies import Actor
from tests.support.content import with_long_options_copies
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, TOKEN, WANJIRU, ZAWADI, running_bot

COPIES = 12  # long-options-1 … long-options-12: "ptions-1", "ptions-", "long" and "c" each name a different few
ADA = Actor(PLATFORM, "201", str(GROUP.id), "en")
LINK = "https://t.me/QuizTutorBot"
GAME_ABOVE = ("The quizzes that match are just above: a group gets that list at most once a minute. Open a game "
              "with a quiz's button there, or its /game line.")
QUIZ_CAPPED = ("A group gets only a few lists of matching quizzes a minute, and this one has had them. For your own "
               "copy, open {link} and send {command}.")
GAME_CAPPED = ("A group gets only a few lists of matching quizzes a minute, and this one has had them. Send /game "
               "with more of the quiz's name, or again in a minute.")


@pytest.fixture
def content_dir(tmp_path: Path, fixture_content: Path) -> Path:
    return with_long_options_copies(fixture_content, tmp_path, COPIES)


async def test_a_group_gets_a_few_different_lists_a_minute_whatever_was_typed_then_a_line_once_per_member(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: the minute was per list, so each partial name naming other quizzes ("/quiz a", "/quiz e", …, or
    /game's with another number of seconds) posted another whole list, out of the group's 20 messages a minute."""
    assert WHICH_LISTS_PER_MINUTE == 3
    async with running_bot(settings) as engine:
        for member, command in ((WANJIRU, "/quiz ptions-1"), (ZAWADI, "/quiz ptions-"), (WANJIRU, "/game long"),
                                (ZAWADI, "/quiz c"), (ZAWADI, "/game c"), (WANJIRU, "/game c 20"),
                                (ZAWADI, "/game long")):
            await api.command(member, command, GROUP)
            await api.settle()  # one after another: the order the minute counts in
        texts = api.sent_texts(GROUP.id)
        _ = engine.localizer_for("sw")
        assert len(texts) == 6
        assert "/quiz long-options-10" in texts[0] and "/quiz long-options-2" not in texts[0]
        assert "/quiz long-options-2" in texts[1] and "/game long-options-2" in texts[2]  # three lists in full
        assert texts[3] == "<b>Zawadi</b> · " + _(QUIZ_CAPPED, link=LINK, command="/quiz c")  # then, once each
        assert texts[4] == "<b>Wanjiru</b> · " + _(GAME_CAPPED)
        assert texts[5] == "<b>Zawadi</b> · " + _(GAME_ABOVE)  # the same list again: still above, said so


async def test_the_groups_lists_come_again_once_its_minute_is_over_or_if_one_failed(
        api: FakeBotApi, settings: Settings) -> None:
    now = [1000.0]
    sent: list[str] = []

    def full(which: str, fails: bool = False) -> Callable[[], Awaitable[None]]:
        async def send() -> None:
            if fails:
                raise ConnectionError("the network")
            sent.append(which)
        return send

    async with open_services(settings) as services, Bot(TOKEN, base_url=api.base_url) as bot:
        repeats = GroupRepeats(services.engine, TelegramChat(bot), clock=lambda: now[0])
        group = str(GROUP.id)

        async def which(variant: str, fails: bool = False) -> None:
            await repeats.answer("game", ADA, group, "Ada", full(variant, fails), variant=variant,
                                 capped=game_which_capped)

        with pytest.raises(ConnectionError):
            await which("failed", fails=True)  # not shown: not counted
        for variant in ("a", "e", "i", "o"):
            await which(variant)
        now[0] += QUIET_PERIOD - 1
        await which("u")
        now[0] += 1
        await which("u")
    assert sent == ["a", "e", "i", "u"]
    assert len(api.sent_texts(GROUP.id)) == 1  # Ada heard once that the group had its lists ("o", not "u")

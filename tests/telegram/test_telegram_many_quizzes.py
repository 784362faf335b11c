"""More quizzes than a keyboard should hold (Telegram refuses one of more than 100 buttons): /quizzes, /quiz with
nothing in progress, and the which-one of /quiz NAME and /game NAME list every quiz, in as many messages as the
4096 characters of one allow, the first 50 with a ▶ button, and say, in the learner's language, how to start the
others (before: a button per quiz, a keyboard Telegram rejects)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adapters.settings import Settings
from adapters.telegram.html_text import MESSAGE_LIMIT
from tests.support.content import with_long_options_copies
from tests.telegram.game_steps import buttons_data
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import GROUP, WANJIRU, ZAWADI, for_chat, running_bot
from tests.telegram.telegram_html import shown_text

COPIES = 120  # with long-options itself, 121 quizzes have "long" in their id
BUTTONS = 50
QUIZ_NOTE = "The first {count} have a button; to start another, send /quiz with its id, as listed above."
ABOVE = ("The list of quizzes is just above: a group gets it at most once a minute. For your own copy, "
         "open {link} and send /quizzes.")
GAME_NOTE = "The first {count} have a button; to open a game of another, send /game with its id, as listed above."


@pytest.fixture
def content_dir(tmp_path: Path, fixture_content: Path) -> Path:
    return with_long_options_copies(fixture_content, tmp_path, COPIES)


async def listed(api: FakeBotApi, user: FakeUser, command: str, chat: FakeChat) -> list[Call]:
    """Every message the command's reply took, the keyboard on the last."""
    await api.command(user, command, chat)
    await api.wait_for("sendMessage", 1, lambda p: for_chat(chat.id)(p) and "reply_markup" in p)
    await api.settle()
    sent = api.calls("sendMessage", for_chat(chat.id))
    assert sent and all(len(shown_text(call.params["text"], html_mode=True)) <= MESSAGE_LIMIT for call in sent)
    assert [call for call in sent if "reply_markup" in call.params] == [sent[-1]]
    text = "\n".join(call.params["text"] for call in sent)
    assert {int(number) for number in re.findall(r"long-options-(\d+)", text)} == set(range(1, COPIES + 1))
    return sent


@pytest.mark.parametrize("command", ["/quizzes", "/quiz", "/quiz long"])
async def test_many_quizzes_are_all_listed_with_the_first_50_buttons_and_how_to_start_the_rest(
        api: FakeBotApi, settings: Settings, command: str) -> None:
    async with running_bot(settings) as engine:
        sent = await listed(api, WANJIRU, command, FakeChat.private(WANJIRU))
        assert len(sent) > 1  # the list passes one message's 4096 characters: split, not cut
        pressable = buttons_data(sent[-1].params)
        assert len(pressable) == BUTTONS and all(data.startswith("quiz:") for data in pressable)
        note = engine.localizer_for("sw")(QUIZ_NOTE, count=BUTTONS)
        assert note != engine.localizer_for("en")(QUIZ_NOTE, count=BUTTONS)  # in Swahili, as Wanjiru's client
        assert sent[-1].params["text"].endswith(note)


async def test_game_naming_many_quizzes_has_50_buttons_with_its_seconds_and_how_to_open_the_rest(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        sent = await listed(api, WANJIRU, "/game long 20", GROUP)
        assert "/game long-options-120 20" in "\n".join(call.params["text"] for call in sent)
        pressable = buttons_data(sent[-1].params)
        assert len(pressable) == BUTTONS and all(data.endswith("/20") for data in pressable)
        note = engine.localizer_for("sw")(GAME_NOTE, count=BUTTONS)
        assert note != engine.localizer_for("en")(GAME_NOTE, count=BUTTONS)
        assert sent[-1].params["text"].endswith(note)


async def test_in_a_group_the_list_is_sent_once_a_minute_and_a_repeat_hears_once_that_it_is_just_above(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: each /quizzes in a group sent the whole list again, several long messages out of the group's 20 a
    minute. Now a repeat within the minute gets one short line per member, then nothing; a private chat still
    gets the list every time."""
    async with running_bot(settings) as engine:
        shown = len(await listed(api, WANJIRU, "/quizzes", GROUP))
        for member in (WANJIRU, WANJIRU, ZAWADI, WANJIRU):  # (in Swahili too: the same list)
            await api.command(member, "/quizzes", GROUP)
        await api.settle()
        link = "https://t.me/QuizTutorBot"
        assert sorted(api.sent_texts(GROUP.id)[shown:]) == [
            f"<b>{member.first_name}</b> · " + engine.localizer_for(language)(ABOVE, link=link)
            for member, language in ((WANJIRU, "sw"), (ZAWADI, "sw"))]
        assert engine.localizer_for("sw")(ABOVE, link=link) != engine.localizer_for("en")(ABOVE, link=link)
        first = len(await listed(api, WANJIRU, "/quizzes", FakeChat.private(WANJIRU)))
        await api.command(WANJIRU, "/quizzes")
        await api.wait_for("sendMessage", 2 * first, for_chat(WANJIRU.id))


async def test_in_a_group_quiz_with_nothing_in_progress_right_after_the_list_says_so_in_one_line(
        api: FakeBotApi, settings: Settings) -> None:
    """/quiz with nothing in progress lists the quizzes too: before, the whole list again each time."""
    async with running_bot(settings) as engine:
        shown = len(await listed(api, WANJIRU, "/quizzes", GROUP))
        for _time in range(2):
            await api.command(WANJIRU, "/quiz", GROUP)
        await api.settle()
        _ = engine.localizer_for("sw")
        assert api.sent_texts(GROUP.id)[shown:] == [
            f"<b>{WANJIRU.first_name}</b> · " + _("You have no quiz in progress. Choose one to start.") + " "
            + _(ABOVE, link="https://t.me/QuizTutorBot")]

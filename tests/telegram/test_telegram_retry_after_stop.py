"""After /stop, the questions the stopped quiz missed are one tap or one /retry away, in private and in a group
(before: no button, and /retry was no command: "Send /quizzes to choose a quiz..." in private, silence in a
group)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adapters.settings import Settings
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, for_chat, next_poll, poll_id, running_bot, wrong

ADA = FakeUser(301, "Ada", "en")
BOLA = FakeUser(302, "Bola", "en")


def with_text(chat_id: int, text: str) -> Callable[[dict[str, Any]], bool]:
    return lambda params: params.get("chat_id") == str(chat_id) and text in params.get("text", "")


async def test_the_stop_message_offers_a_retry_button_that_retries_what_the_quiz_missed(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await next_poll(api, ADA.id, 2)
        await api.command(ADA, "/stop")
        stopped = (await api.wait_for("sendMessage", 1, with_text(ADA.id, "Quiz stopped")))[0]
        assert "Want another go at the question you missed?" in stopped.params["text"]
        button = stopped.params["reply_markup"]["inline_keyboard"][0][0]
        assert button["text"] == "Retry the question I missed" and button["callback_data"].startswith("retry:")

        await api.press(ADA, button["callback_data"])
        again = await next_poll(api, ADA.id, 3)
        assert again.params["question"].startswith("1/1 · Which collective leaves")


async def test_a_stop_with_nothing_missed_has_no_retry_button(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives")
        await next_poll(api, ADA.id, 1)
        await api.command(ADA, "/stop")
        stopped = (await api.wait_for("sendMessage", 1, with_text(ADA.id, "Quiz stopped")))[0]
        assert "reply_markup" not in stopped.params and "Want another go" not in stopped.params["text"]


async def test_retry_typed_after_stop_retries_what_the_quiz_missed_and_says_when_there_is_nothing(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(BOLA, "/retry")
        await api.wait_for("sendMessage", 1, with_text(BOLA.id, "There is nothing to retry."))

        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await next_poll(api, ADA.id, 2)
        await api.command(ADA, "/stop")
        await api.wait_for("sendMessage", 1, with_text(ADA.id, "Quiz stopped"))
        await api.command(ADA, "/retry")
        again = await next_poll(api, ADA.id, 3)
        assert again.params["question"].startswith("1/1 · Which collective leaves")
        assert any("Another go at the question you missed." in text for text in api.sent_texts(ADA.id))
        assert not any("Send /quizzes" in text for text in api.sent_texts(ADA.id))


async def test_in_a_group_retry_is_the_learner_s_own_round_and_a_button_or_a_reply_says_whose(
        api: FakeBotApi, settings: Settings) -> None:
    api.refusing[BOLA.id] = Failure(403, "Forbidden: bot can't initiate conversation with a user")  # so: the group
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await api.answer_poll(ADA, poll_id(first), [wrong(first)])
        await next_poll(api, GROUP.id, 2)
        await api.command(ADA, "/stop", GROUP)
        stopped = (await api.wait_for("sendMessage", 1, with_text(GROUP.id, "Quiz stopped")))[0]
        assert stopped.params["text"].startswith("<b>Ada</b> · ")
        assert stopped.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"].startswith("retry:")

        await api.command(ADA, "/retry@QuizTutorBot", GROUP)
        again = await next_poll(api, GROUP.id, 3)
        assert again.params["question"].startswith("1/1 (Ada) · Which collective leaves")

        await api.command(BOLA, "/retry", GROUP)  # nothing of his own: said to him, not silence
        nothing = await api.wait_for("sendMessage", 1, with_text(GROUP.id, "There is nothing to retry."))
        assert nothing[0].params["text"].startswith("<b>Bola</b> · ")
        assert len(api.polls(GROUP.id)) == 3


async def test_retry_is_in_the_command_menu(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/help")
        help_text = (await api.wait_for("sendMessage", 1, for_chat(ADA.id)))[0].params["text"]
    menus = {call.params.get("language_code"): call.params["commands"] for call in api.calls("setMyCommands")}
    assert all("retry" in {command["command"] for command in menu} for menu in menus.values())
    assert "/retry — retry the questions you missed in the last quiz" in help_text

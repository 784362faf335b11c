"""/retry while a question's poll is open and nothing was missed before: the refusal leaves the question as it is.
Before, it ended with "Send /quizzes to choose a quiz…", inviting another quiz under the poll being answered."""

from __future__ import annotations

from adapters.settings import Settings
from tests.support.next_step import NEXT_STEP
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import correct, for_chat, next_poll, poll_id, running_bot

ADA = FakeUser(331, "Ada", "en")


async def test_retry_under_an_open_poll_points_to_no_other_quiz(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        await api.command(ADA, "/retry")
        await api.wait_for("sendMessage", 2, for_chat(ADA.id))  # the quiz's heading, the reply
        assert api.sent_texts(ADA.id)[-1] == "There is nothing to retry."
        assert not any(NEXT_STEP in text for text in api.sent_texts(ADA.id))
        await api.answer_poll(ADA, poll_id(first), [correct(first)])  # the question is still the one to answer
        await next_poll(api, ADA.id, 2)

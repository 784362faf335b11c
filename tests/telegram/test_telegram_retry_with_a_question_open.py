"""/retry while a question's poll is open: the refusal leaves the question as it is. Before, with nothing missed, it
ended with "Send /quizzes to choose a quiz…", inviting another quiz under the poll being answered; after a wrong
answer, it said "There is nothing to retry." though the summary would offer the retry."""

from __future__ import annotations

from adapters.settings import Settings
from tests.support.next_step import NEXT_STEP
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, correct, for_chat, next_poll, poll_id, running_bot, wrong
from tests.telegram.test_telegram_retry_after_stop import with_text

ADA = FakeUser(331, "Ada", "en")
UNDER_WAY = ("Ce quiz est toujours en cours\u00a0: utilisez /retry pour les questions ratées une fois qu’il est "
             "terminé, ou après /stop.")


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


async def test_retry_after_a_wrong_answer_says_when_it_can_be_retried(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(first), [wrong(first)])
        second = await next_poll(api, AMINATA.id, 2)
        await api.command(AMINATA, "/retry")
        await api.wait_for("sendMessage", 1, with_text(AMINATA.id, UNDER_WAY))
        assert api.sent_texts(AMINATA.id)[-1] == UNDER_WAY
        await api.answer_poll(AMINATA, poll_id(second), [correct(second)])  # the open question carries on
        await next_poll(api, AMINATA.id, 3)

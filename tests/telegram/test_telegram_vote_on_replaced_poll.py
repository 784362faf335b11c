"""A vote cast on a question's poll just before the bot asked that question again in a new poll (/quiz resuming it,
a language chosen): it counts, as a vote reaching a left quiz's poll does, and the new poll, asking a question now
answered, is closed rather than left open beside the next question's."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, correct, next_poll, poll_id, running_bot


async def test_a_vote_on_the_poll_a_resume_replaced_closes_the_new_poll_of_its_question(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        _ = engine.localizer_for("fr")
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.command(AMINATA, "/quiz")  # question 1 again, in a new poll; the old one taken away
        again = await next_poll(api, AMINATA.id, 2)
        await api.wait_for("deleteMessage", 1)
        # Her tap on the first poll was on its way meanwhile: Telegram took it before the poll went.
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, AMINATA.id, 3)
        assert second.params["question"].startswith("2/3 ")
        # Question 1's new poll asks what is answered: left open, a vote there counts for nothing, while Telegram's
        # popup still tells right from wrong.
        closed = await api.wait_for("stopPoll", 1)
        assert [call.params["message_id"] for call in closed] == [str(again.result["message_id"])]
        await api.answer_poll(AMINATA, poll_id(again), [correct(again)])  # one in flight as it closed: silent
        await api.settle()
        assert len(api.polls(AMINATA.id)) == 3
        assert _("That question is no longer open.") not in api.sent_texts(AMINATA.id)


async def test_a_vote_on_the_poll_a_language_change_replaced_closes_the_new_poll(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.command(AMINATA, "/language en")  # question 1 again, in English
        english = await next_poll(api, AMINATA.id, 2)
        await api.wait_for("deleteMessage", 1)
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, AMINATA.id, 3)
        assert second.params["question"].startswith("2/3 · Which")  # in her language now
        closed = await api.wait_for("stopPoll", 1)
        assert [call.params["message_id"] for call in closed] == [str(english.result["message_id"])]

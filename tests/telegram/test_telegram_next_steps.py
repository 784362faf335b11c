"""A refusal or a perfect score leaves a new learner somewhere to go: each ends with the commands that show the
quizzes and everything else (before: "There is no quiz called “nope”.", "There is nothing to retry.", "You have no
quiz in progress." and a summary with nothing missed ended there)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.support.next_step import NEXT_STEP
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, correct, for_chat, next_poll, poll_id, running_bot

ADA = FakeUser(311, "Ada", "en")


async def test_each_dead_end_in_private_says_what_to_send_next(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        for command in ("/quiz nope", "/preview nope", "/retry", "/stop", "/skip"):
            await api.command(ADA, command)
        await api.wait_for("sendMessage", 5, for_chat(ADA.id))
        assert api.sent_texts(ADA.id) == [f"There is no quiz called “nope”. {NEXT_STEP}",
                                          f"There is no quiz called “nope”. {NEXT_STEP}",
                                          f"There is nothing to retry. {NEXT_STEP}",
                                          f"You have no quiz in progress. {NEXT_STEP}",
                                          f"You have no quiz in progress. {NEXT_STEP}"]


async def test_a_perfect_score_ends_with_the_next_step_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz long-options")
        poll = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(poll), [correct(poll)])
        summary = (await api.wait_for("sendMessage", 1, lambda p: "✅" in p["text"]))[0]
        fr = engine.localizer_for("fr")
        assert summary.params["text"].endswith(fr(NEXT_STEP))
        assert "reply_markup" not in summary.params  # nothing to retry: no button

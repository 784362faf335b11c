"""A reload that fixes the answer key of a question whose quiz poll is open: the poll already showed its key."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from bot.replies import Actor
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, correct, for_chat, next_poll, options, poll_id, running_bot
from tests.telegram.test_telegram_admin import edit_quiz


async def test_a_vote_for_the_key_the_poll_showed_before_a_reload_changed_it_is_asked_again_not_scored_wrong(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """Telegram's quiz poll marked the learner's pick right (its key was all-reduce), and then the bot said
    "Wrong", scored it wrong and moved on: the author had changed the key to broadcast before the vote."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        shown_right = options(first)[correct(first)]
        edit_quiz(content_dir, "collectives", lambda quiz: quiz["questions"][0].update(answer="broadcast"))
        await api.command(ADMIN, "/reload")
        report = (await api.wait_for("sendMessage", 1, for_chat(ADMIN.id)))[0].params["text"]
        assert "changed: 1" in report

        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # the option the poll showed as right
        again = await next_poll(api, AMINATA.id, 2)
        fr = engine.localizer_for("fr")
        assert again.params["question"].startswith("1/3 ")  # the same question, in a poll with the new key
        assert options(again)[correct(again)] != shown_right
        assert fr("This question changed since I showed it to you, so here it is again.") in api.sent_texts(
            AMINATA.id)
        # Its answer is the vote on the new poll, judged by the new key: right, as a first answer is final.
        await api.answer_poll(AMINATA, poll_id(again), [correct(again)])
        await next_poll(api, AMINATA.id, 3)
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        assert [line.text for line in progress.lines] == [
            fr("in progress: {answered} of {total} answered, {correct} right", answered=1, total=3, correct=1)]

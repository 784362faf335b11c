"""Private play across a reload that changed only a question's answer key: Discord's buttons never show the key, so
the click on the question as shown is judged by the key served now, not refused as a question that changed."""

from __future__ import annotations

from pathlib import Path

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer
from tests.support.content import change_answer

CHANGED = "This question changed since I showed it to you, so here it is again."


async def test_a_click_after_a_reload_that_changed_only_the_key_is_judged_by_the_new_key_not_asked_again(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    shown = await fake.wait_until(lambda: next((call for call in fake.answers(started) if buttons(call)), None))
    change_answer(content_dir, "sum-everywhere", "broadcast")  # the author fixes the key; the options stay
    reloaded = await fake.slash("reload", user_id=ADMIN_ID)
    assert "Content reloaded" in (await fake.wait_until(first_answer(fake, reloaded))).content

    broadcast = next(button["custom_id"] for button in buttons(shown) if button["label"] == "Broadcast")
    clicked = await fake.click(int(shown.response["id"]), broadcast, user_id=LEARNER_ID)
    feedback = await fake.wait_until(lambda: next((call for call in fake.answers(clicked)
                                                   if "The answer:" in call.content or CHANGED in call.content), None))
    said = " ".join(call.content for call in fake.answers(clicked))
    # The same question, the same buttons: "it changed, here it is again" made the learner answer it twice.
    assert CHANGED not in said, said
    assert "Correct" in feedback.content and "The answer: Broadcast" in feedback.content, said

"""Private play across a reload that changed a question's options: an old message's buttons, which name the
options by their place in the order that message showed, are never scored against the order shown since."""

from __future__ import annotations

import copy
from pathlib import Path

from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer
from tests.support.content import remove_option

CHANGED = "This question changed since I showed it to you, so here it is again."
OPTION_IDS = {"All-reduce": "all-reduce", "Broadcast": "broadcast", "Scatter": "scatter"}


def _asked(fake: FakeDiscord, token: str) -> Call | None:
    return next((call for call in fake.answers(token) if buttons(call) and call.method == "POST"), None)


async def test_a_second_click_on_a_message_from_before_the_options_changed_is_not_scored_by_its_place(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    old = await fake.wait_until(lambda: next((call for call in fake.answers(started) if buttons(call)), None))
    labels = [button["label"] for button in buttons(old)]
    right = labels.index("All-reduce")
    assert right > 0, labels  # the rng's fixed seed: an option before the right one, to be removed
    removed, wrong = labels[0], labels[right - 1]  # once the first is gone, the right answer takes `wrong`'s place
    old_message = copy.deepcopy(fake.messages[int(old.response["id"])])

    remove_option(content_dir, "sum-everywhere", OPTION_IDS[removed])
    reloaded = await fake.slash("reload", user_id=ADMIN_ID)
    assert "Content reloaded" in (await fake.wait_until(first_answer(fake, reloaded))).content

    wrong_button = buttons(old)[right - 1]["custom_id"]
    first = await fake.click(int(old.response["id"]), wrong_button, user_id=LEARNER_ID)
    again = await fake.wait_until(lambda: _asked(fake, first))
    assert any(CHANGED in call.content for call in fake.answers(first))
    assert [button["label"] for button in buttons(again)] == [label for label in labels if label != removed]

    # The same old message clicked once more (a double click, or its buttons not yet removed): the place it
    # names is that of the order it showed, where `wrong` stood, not the new order's, where All-reduce does.
    fake.messages[int(old.response["id"])] = old_message
    second = await fake.click(int(old.response["id"]), wrong_button, user_id=LEARNER_ID)
    await fake.wait_until(lambda: _asked(fake, second) or any("✅" in call.content for call in fake.answers(second)))
    said = " ".join(call.content for call in fake.answers(second))
    assert "Correct" not in said and "✅" not in said, said  # `wrong` was clicked: never scored as All-reduce
    assert CHANGED in said

    # The message showing the order that counts now is answered as shown.
    latest = _asked(fake, second)
    assert latest is not None
    right_now = next(button["custom_id"] for button in buttons(latest) if button["label"] == wrong)
    answered = await fake.click(int(latest.response["id"]), right_now, user_id=LEARNER_ID)
    feedback = await fake.wait_until(lambda: next((c for c in fake.answers(answered) if "The answer:" in c.content),
                                                  None))
    assert "Correct" not in feedback.content and "The answer: All-reduce" in feedback.content

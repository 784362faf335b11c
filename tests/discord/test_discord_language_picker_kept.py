"""A /help language picker pressed on the language the learner has already: said so, as any press is answered."""

from __future__ import annotations

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import button_for, first_answer, message_id
from tests.discord.test_discord_language_picker import help_reply, picker_taken_away


@pytest.mark.parametrize("chosen_by", ["command", "newer picker"])
async def test_an_older_picker_pressed_on_the_language_already_chosen_says_it_is_kept(
        bot: RunningBot, fake: FakeDiscord, chosen_by: str) -> None:
    """Before, such a press was acknowledged silently (the picker taken away, nothing said), where pressing
    another language, or typing /language sw again, is answered."""
    older = await help_reply(fake, LEARNER_ID, "pt-BR")
    if chosen_by == "command":
        await fake.wait_until(first_answer(fake, await fake.slash("language", {"language": "sw"},
                                                                  user_id=LEARNER_ID, locale="pt-BR")))
    else:
        newer = await help_reply(fake, LEARNER_ID, "pt-BR")
        press = await fake.click(message_id(newer), button_for(newer, "Kiswahili"), user_id=LEARNER_ID,
                                 locale="pt-BR")
        await fake.wait_until(lambda: next((c for c in fake.answers(press) if c.content), None))

    press = await fake.click(message_id(older), button_for(older, "Kiswahili"), user_id=LEARNER_ID, locale="pt-BR")
    await fake.wait_until(picker_taken_away(fake, press))
    said = await fake.wait_until(lambda: next((c for c in fake.answers(press) if c.content), None))
    assert said.content == bot.engine.localizer_for("sw")("I already speak {name} with you.", name="Kiswahili")
    assert said.flags & EPHEMERAL

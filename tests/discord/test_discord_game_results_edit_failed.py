"""A question's results replace its message; when that edit fails (Discord answered it 503, which discord.py gives up
on at once) they are posted as a message of their own, and the question's answer buttons must not stay up."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import answer_button, click, two_player_game
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import message_id
from tests.fakes.clock import FixedClock


async def test_results_posted_apart_after_a_failed_edit_take_the_questions_buttons_away(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """The results went up below the question, whose buttons stayed: each press heard the question was closed,
    with no end to the buttons offered."""
    async with running_bot(settings, fake, clock):
        _lobby_call, _game_id, first = await two_player_game(fake)
        await fake.quiet(0.2)
        asked, channel_id = message_id(first), int(first.path.split("/")[2])
        fake.unavailable.edits = 1  # the results' edit of the question
        assert await click(fake, asked, answer_button(first, 0), LEARNER_ID) == "Locked in: A"
        assert await click(fake, asked, answer_button(first, 1), OTHER_ID) == "Locked in: B"
        await fake.wait_until(lambda: any("✅" in (call.body.get("content") or "")
                                          for call in fake.channel_messages(channel_id)))
        await fake.quiet(0.2)
        assert buttons_of(fake.messages[asked]) == []
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


def buttons_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [item for row in message.get("components") or [] for item in row.get("components", [])]

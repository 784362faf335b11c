"""A group game's message that Discord answers 503 (which discord.py doesn't try again) is sent again, as a quiz's
are: else the channel never saw the lobby, a question or the podium, while the game went on without it."""

from __future__ import annotations

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, answer_button, click, lobby, question
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due


def statuses(fake: FakeDiscord, after: int) -> list[int]:
    """The status of each message sent to a channel since ``after``."""
    return [c.status for c in fake.calls[after:] if c.method == "POST" and c.path.endswith("/messages")]


async def test_a_lobby_a_question_and_a_podium_refused_with_503_are_sent_again(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        fake.unavailable.sends = 1
        started = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                   member_permissions=PLAYER_PERMISSIONS)
        assert (await fake.wait_until(first_answer(fake, started))).content == (
            "The lobby is open: everyone here can join.")  # not "Sorry, something went wrong"
        lobby_call, game_id = await lobby(fake)
        assert statuses(fake, 0) == [503, 200]

        mark = len(fake.calls)
        fake.unavailable.sends = 1
        await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=OTHER_ID,
                         member_permissions=PLAYER_PERMISSIONS)
        first = await question(fake, 1)
        assert "Question 1 of 3" in first.content and statuses(fake, mark) == [503, 200]
        assert await click(fake, message_id(first), answer_button(first, 0), LEARNER_ID) == "Locked in: A"

        mark = len(fake.calls)
        fake.unavailable.sends = 1
        await fake.slash("game", subcommand="stop", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
        podium = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark)
                                                     if "Game stopped" in c.content), None))
        assert "Stopped by user870." in podium.content and statuses(fake, mark) == [503, 200]
    assert "Discord answered 503" in caplog.text

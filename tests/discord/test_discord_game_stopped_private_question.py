"""A learner's own private question of the quiz a group game plays, open as the game is stopped."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, open_and_begin
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import buttons, first_answer, message_id
from tests.fakes.clock import FixedClock

LIMIT = 30
FAST = 0.02  # seconds between sweeps
TIME_UP = "Time's up! Question 1 wasn't answered in time"


async def test_a_skip_after_the_game_that_held_a_private_question_skips_it(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """Before: the game had stopped its clock, so the question looked never shown, and /skip showed it again
    (with the full time) instead of skipping it, however often it was sent."""
    timed = settings.model_copy(update={"question_seconds": LIMIT})
    async with running_bot(timed, fake, clock, sweep_interval=FAST):
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        assert "Question 1 of 3" in shown.content
        await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        clock.advance(timedelta(seconds=LIMIT))  # her question's clock stops while the game holds it
        await fake.quiet(FAST * 10)
        stop = await fake.slash("game", subcommand="stop", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
        await fake.wait_until(first_answer(fake, stop))
        await fake.quiet(FAST * 10)

        skip = await fake.slash("skip", user_id=LEARNER_ID)
        after = await fake.wait_until(lambda: next((c for c in fake.answers(skip) if buttons(c)), None))
        assert "Question 2 of 3" in after.content
        assert any("Question 1 skipped." in call.content for call in fake.answers(skip))


async def test_a_time_up_told_before_the_game_is_not_told_again_on_resuming_after_it(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """Before: her question 2, its clock stopped by the game, looked never shown, so /quiz after the game said
    again that question 1's time was up, told on her late click before she joined."""
    timed = settings.model_copy(update={"question_seconds": LIMIT})
    async with running_bot(timed, fake, clock, sweep_interval=FAST):
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        first = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        clock.advance(timedelta(seconds=LIMIT))  # swept where nobody sees it: told on her next click
        await fake.quiet(FAST * 10)
        click = await fake.click(message_id(first), buttons(first)[0]["custom_id"], user_id=LEARNER_ID)
        second = await fake.wait_until(lambda: next((c for c in fake.answers(click) if buttons(c)), None))
        assert TIME_UP in " ".join(call.content for call in fake.answers(click))
        assert "Question 2 of 3" in second.content
        await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        clock.advance(timedelta(seconds=LIMIT))  # question 2's clock stops while the game holds it
        await fake.quiet(FAST * 10)
        stop = await fake.slash("game", subcommand="stop", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
        await fake.wait_until(first_answer(fake, stop))

        resumed = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        again = await fake.wait_until(lambda: next((c for c in fake.answers(resumed) if buttons(c)), None))
        assert "Question 2 of 3" in again.content
        assert TIME_UP not in " ".join(call.content for call in fake.answers(resumed))

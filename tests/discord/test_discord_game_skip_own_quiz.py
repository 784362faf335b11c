"""/game skip (or /game stop) typed by a learner whose own quiz has a question open, with no game in the channel: it
points to /skip (or /stop), as their client spells it, not to starting a game they never meant."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer

OWN_QUIZ = "No game is running in this chat. To skip a question of your own quiz, send /skip."
STOP_OWN_QUIZ = "No game is running in this chat. To stop your own quiz, send /stop."


async def test_game_skip_with_only_ones_own_quiz_points_to_skip(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    call = await fake.slash("game", subcommand="skip", user_id=LEARNER_ID, locale="fr",
                            member_permissions=PLAYER_PERMISSIONS)
    said = (await fake.wait_until(first_answer(fake, call))).content
    fr = bot.engine.localizer_for("fr")
    assert said == fr(OWN_QUIZ).replace("/skip", "/passer"), said  # the command as a French client lists it
    assert fr(OWN_QUIZ) != OWN_QUIZ


async def test_game_stop_with_only_ones_own_quiz_points_to_stop(bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    call = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, locale="fr",
                            member_permissions=PLAYER_PERMISSIONS)
    said = (await fake.wait_until(first_answer(fake, call))).content
    fr = bot.engine.localizer_for("fr")
    assert said == fr(STOP_OWN_QUIZ).replace("/stop", "/arrêter"), said  # the command as a French client lists it
    assert fr(STOP_OWN_QUIZ) != STOP_OWN_QUIZ


async def test_game_stop_with_nothing_running_still_says_to_start_a_game(bot: RunningBot, fake: FakeDiscord) -> None:
    call = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    said = (await fake.wait_until(first_answer(fake, call))).content
    assert said == "No game is running in this chat. Start one with /game start.", said


async def test_game_skip_with_nothing_running_still_says_to_start_a_game(bot: RunningBot, fake: FakeDiscord) -> None:
    call = await fake.slash("game", subcommand="skip", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    said = (await fake.wait_until(first_answer(fake, call))).content
    assert said == "No game is running in this chat. Start one with /game start.", said

"""/game skip (or /game stop) typed by a learner whose own quiz has a question open, with no game in the channel: it
points to /skip (or /stop), as their client spells it, not to starting a game they never meant."""

from __future__ import annotations

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer

# The game subcommand, what it says with only one's own quiz running, and the command it names as French clients
# list it.
OWN_QUIZ = [
    ("skip", "No game is running in this chat. To skip a question of your own quiz, send /skip.", "/skip", "/passer"),
    ("stop", "No game is running in this chat. To stop your own quiz, send /stop.", "/stop", "/arrêter"),
]


@pytest.mark.parametrize(("subcommand", "text", "command", "in_french"), OWN_QUIZ)
async def test_a_game_command_with_only_ones_own_quiz_points_to_its_own(
        bot: RunningBot, fake: FakeDiscord, subcommand: str, text: str, command: str, in_french: str) -> None:
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))

    call = await fake.slash("game", subcommand=subcommand, user_id=LEARNER_ID, locale="fr",
                            member_permissions=PLAYER_PERMISSIONS)
    said = (await fake.wait_until(first_answer(fake, call))).content
    fr = bot.engine.localizer_for("fr")
    assert said == fr(text).replace(command, in_french), said  # the command as a French client lists it
    assert fr(text) != text


@pytest.mark.parametrize("subcommand", ["skip", "stop"])
async def test_a_game_command_with_nothing_running_still_says_to_start_a_game(
        bot: RunningBot, fake: FakeDiscord, subcommand: str) -> None:
    call = await fake.slash("game", subcommand=subcommand, user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    said = (await fake.wait_until(first_answer(fake, call))).content
    assert said == "No game is running in this chat. Start one with /game start.", said

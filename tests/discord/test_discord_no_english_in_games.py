"""Players who chose Shona (or Yoruba) with /language read none of the bot's English in a group game one of them
started: the lobby and its refusals, the questions, what a click answers, the results and explanations, the
podium, the leaderboard and /progress after."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import RESULTS_SECONDS
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.game_steps import (
    PLAYER_PERMISSIONS,
    answer_button,
    click,
    correct_index,
    edits_of,
    lobby,
    question,
)
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.support import first_answer, message_id
from tests.discord.words_sent import leaks
from tests.fakes.clock import FixedClock
from tests.support.english_leaks import english_quiz_phrases, english_ui_phrases

RIGHT = ("All-reduce", "All-gather", "NVLink")  # in each question's right option, in every language
GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


def results_of(fake: FakeDiscord, asked: Call) -> Callable[[], Call | None]:
    """The edit that replaces a question with its results, once there is one."""
    return lambda: next(iter(edits_of(fake, asked)), None)


async def command(fake: FakeDiscord, name: str, options: dict | None = None, *, user_id: int, locale: str,
                  subcommand: str | None = None) -> None:
    token = await fake.slash(name, options, user_id=user_id, locale=locale, subcommand=subcommand,
                             member_permissions=PLAYER_PERMISSIONS)
    await fake.wait_until(first_answer(fake, token))


@pytest.mark.parametrize(("language", "locale"), [("sn", "en-US"), ("yo", "fr")])
async def test_players_who_chose_a_language_discord_lacks_read_no_english_in_a_game(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, language: str, locale: str) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        for player in (LEARNER_ID, OTHER_ID):
            await command(fake, "language", {"language": language}, user_id=player, locale=locale)
        await command(fake, "game", {"quiz": "collectives"}, subcommand="start", user_id=LEARNER_ID, locale=locale)
        lobby_call, game_id = await lobby(fake)
        await click(fake, message_id(lobby_call), f"qt:gj:{game_id}", OTHER_ID, locale=locale)
        await click(fake, message_id(lobby_call), f"qt:gb:{game_id}", OTHER_ID, locale=locale)  # not theirs
        await command(fake, "game", subcommand="skip", user_id=OTHER_ID, locale=locale)  # not theirs either
        await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=LEARNER_ID, locale=locale,
                         member_permissions=PLAYER_PERMISSIONS)
        for number, right in enumerate(RIGHT, 1):
            asked = await question(fake, number)
            index = correct_index(asked, right)
            for player, chosen in [(LEARNER_ID, index), (LEARNER_ID, index), (OTHER_ID, (index + 1) % 2)]:
                await click(fake, message_id(asked), answer_button(asked, chosen), player, locale=locale)
            results = await fake.wait_until(results_of(fake, asked))
            await click(fake, message_id(asked), results.body["components"][0]["components"][0]["custom_id"],
                        LEARNER_ID, locale=locale)  # the explanation, privately
            clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await fake.wait_until(lambda: any("🏁" in call.content for call in fake.channel_messages()))  # the podium
        for name, options in [("leaderboard", {"period": "all"}), ("leaderboard", None), ("progress", None)]:
            await command(fake, name, options, user_id=LEARNER_ID, locale=locale)
        await command(fake, "game", subcommand="stop", user_id=LEARNER_ID, locale=locale)  # none left
    english = english_ui_phrases(language) | english_quiz_phrases(settings.content_dir, language)
    assert leaks(fake, english) == []

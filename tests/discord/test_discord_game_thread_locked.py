"""A group game in a thread (a forum post) that a moderator closes and locks mid-game: Discord answers the bot's
messages there 400 "Thread is archived". The game ends, rather than running on unseen to its end."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, QUESTION_SECONDS
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import a_new_lobby_opens, answer_button, assert_free, click, taken_away_mid_question
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import ALL_PERMISSIONS, THREAD_ID, command_options, interaction_payload, thread_payload
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_game_whose_thread_was_locked_ends_and_frees_its_players_and_the_channel(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        # A moderator closes and locks the post mid-question.
        _first, channel_id = await taken_away_mid_question(fake, fake.locked_threads)
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)  # its results can't be shown
        await fake.wait_until(lambda: any(c.status == 400 and c.path == f"/channels/{channel_id}/messages"
                                          for c in fake.calls))
        await fake.quiet(0.3)
        clock.advance(timedelta(minutes=5))  # however long the rest of the game would have taken
        await fake.quiet(0.3)
        tried = [c for c in fake.calls if c.method == "POST" and c.path == f"/channels/{channel_id}/messages"
                 and c.status == 400]
        assert len(tried) <= 2  # the results, then the podium saying why: no question 2, 3... sent unseen

        await assert_free(fake)  # the learner plays the game's quiz on their own: no game holds it any more
        fake.locked_threads.clear()  # a moderator opens the post again: a new game starts there at once
        await a_new_lobby_opens(fake, OTHER_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_game_started_in_a_locked_thread_says_it_is_closed_not_a_right_to_grant(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """A moderator (who alone may still write there) sends /game start in a forum post closed and locked: Discord
    answers the lobby 400 "Thread is archived", whatever the bot's rights. They were told the bot lacked "Send
    Messages in Threads", which it had: an admin granting it again would change nothing."""
    async with running_bot(settings, fake, clock) as bot:
        fake.locked_threads.add(THREAD_ID)
        interaction_id = fake.snowflake()
        token = f"itoken-{interaction_id}"
        start = {"id": str(fake.snowflake()), "name": "game", "type": 1, "options": [
            {"name": "start", "type": 1, "options": command_options({"quiz": "collectives"}, None)}]}
        payload = interaction_payload(interaction_id, token, 2, start, user_id=OTHER_ID, locale="fr",
                                      channel_id=THREAD_ID, dm=False, guild_locale="en-US",
                                      permissions=ALL_PERMISSIONS)
        payload["channel"] = thread_payload()  # as Discord describes the thread in the interaction itself
        await fake.dispatch("INTERACTION_CREATE", payload)
        answer = await fake.wait_until(first_answer(fake, token))
        fr = bot.engine.localizer_for("fr")
        assert answer.content == fr("I can't post the game's messages in this thread: it is closed and locked. "
                                    "Start a new game in another channel.")
        assert answer.content.startswith("Je ne peux pas publier les messages de la partie dans ce fil")
        fake.locked_threads.clear()  # a moderator opens the post again: a game starts there at once
        again = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                 channel_id=THREAD_ID)
        assert (await fake.wait_until(first_answer(fake, again))).content == (
            "The lobby is open: everyone here can join.")
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def _locked_mid_game_then(fake: FakeDiscord, subcommand: str) -> str:
    """A two-player game in a thread, locked by a moderator mid-question; then its starter's /game ``subcommand``
    there, in French: its interaction's token."""
    _first, channel_id = await taken_away_mid_question(fake, fake.locked_threads)
    return await fake.slash("game", subcommand=subcommand, user_id=OTHER_ID, locale="fr", channel_id=channel_id)


async def test_a_skip_in_a_thread_locked_mid_game_is_answered_why_the_game_stopped(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """A moderator locks the post mid-question, then its starter sends /game skip there: the results and the podium
    are refused, the game stops, and the skip's own answer (ephemeral, which a locked thread doesn't refuse) says
    why, in the skipper's language."""
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        token = await _locked_mid_game_then(fake, "skip")
        answer = await fake.wait_until(first_answer(fake, token))
        assert answer.content == bot.engine.localizer_for("fr")(
            "I can't post the game's messages in this thread: it is closed and locked. Start a new game in another "
            "channel.")
        assert answer.content.startswith("Je ne peux pas publier les messages de la partie dans ce fil")
        await assert_free(fake)
        fake.locked_threads.clear()
        await a_new_lobby_opens(fake, OTHER_ID)
    assert "stopped: its chat refused a message (closed)" in caplog.text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_stop_in_a_thread_locked_mid_game_says_its_podium_could_not_be_posted(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """/game stop in a post locked mid-game: the game stopped, but its podium was refused; the answer said "Game
    stopped." alone, as if the channel had seen the podium. It says why it didn't too."""
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        token = await _locked_mid_game_then(fake, "stop")
        answer = await fake.wait_until(first_answer(fake, token))
        fr = bot.engine.localizer_for("fr")
        assert answer.content == fr("Game stopped.") + " " + fr(
            "I can't post the game's messages in this thread: it is closed and locked. Start a new game in another "
            "channel.")
        await assert_free(fake)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_the_last_vote_in_a_thread_locked_mid_question_hears_why_nothing_shows(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    """Both players answer in a post locked mid-question: the last vote closes the question, whose results and the
    podium saying why are refused, and the game stops. The last voter was told "Locked in: B" alone, as if the
    results were up; now that it counted, then why nothing shows, in their language."""
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        first, _channel_id = await taken_away_mid_question(fake, fake.locked_threads)
        assert await click(fake, message_id(first), answer_button(first, 0), LEARNER_ID) == "Locked in: A"
        answer = await click(fake, message_id(first), answer_button(first, 1), OTHER_ID, locale="fr")
        fr = bot.engine.localizer_for("fr")
        assert answer == fr("Locked in: {letter}", letter="B") + "\n" + fr(
            "I can't post the game's messages in this thread: it is closed and locked. Start a new game in another "
            "channel.")
        await assert_free(fake)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

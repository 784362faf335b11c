"""A learner who chose Shona (or Yoruba: languages Discord has no locale for) with /language reads none of the
bot's English sentences, nor a quiz's English where it has their translation: through a quiz in polls and one in
private buttons, the lists, refusals and suggestions, /progress and its chart, reminders, a reload, and the
apology for a failure."""

from __future__ import annotations

import pytest

from adapters.discord.actors import PLATFORM
from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer, message_id, next_poll, poll_answers, vote_for
from tests.discord.words_sent import leaks
from tests.support.english_leaks import english_in, english_quiz_phrases, english_ui_phrases
from tests.support.table_away import table_away


async def ask(fake: FakeDiscord, name: str, options: dict | None = None, *, user_id: int = LEARNER_ID,
              locale: str = "en-US", **details: object) -> Call:
    token = await fake.slash(name, options, user_id=user_id, locale=locale, **details)  # type: ignore[arg-type]
    return await fake.wait_until(first_answer(fake, token))


async def play_in_polls(fake: FakeDiscord, bot: RunningBot, learner: int) -> None:
    """A quiz of polls in the channel, each answered with its first option; its results after."""
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=learner)
    mark = 0
    for _ in range(3):
        poll = await next_poll(fake, bot, after=mark)
        mark = len(fake.calls)
        await vote_for(fake, poll, poll_answers(poll)[0], learner)
    await fake.wait_until(lambda: any("🏁" in call.content for call in fake.channel_messages(after=mark)))


async def play_with_buttons(fake: FakeDiscord, learner: int, locale: str) -> None:
    """A private quiz: the first question answered (the next one shown), then /stop."""
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=learner, locale=locale)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    click = await fake.click(message_id(question), buttons(question)[0]["custom_id"], user_id=learner, locale=locale)
    await fake.wait_until(lambda: any(buttons(call) for call in fake.answers(click)))
    await ask(fake, "stop", user_id=learner, locale=locale)


async def everything_else(fake: FakeDiscord, learner: int, locale: str) -> None:
    for name, options in [("help", None), ("quizzes", None), ("preview", {"quiz": "collectives"}),
                          ("quiz", {"quiz": "no-such-quiz"}), ("progress", None), ("review", None),
                          ("timezone", {"zone": "Mars/Olympus"}), ("timezone", {"zone": "Africa/Harare"}),
                          ("reminders", None), ("reminders", {"setting": "whenever"}),
                          ("reminders", {"setting": "on 19:00"}), ("reminders", {"setting": "off"}),
                          ("skip", None), ("retry", {"private": True}), ("skip", {"private": True}),
                          ("stop", None), ("leaderboard", None), ("leaderboard", {"me": "hide"}),
                          ("reload", None), ("quiz", {"quiz": "o"})]:
        await ask(fake, name, options, user_id=learner, locale=locale)
    await ask(fake, "language", {"language": "sw", "server": True}, user_id=learner, locale=locale,
              member_permissions=PLAYER_PERMISSIONS)  # theirs alone, not the server's
    dm = fake.dm_channel(learner)
    await ask(fake, "game", {"quiz": "collectives"}, user_id=learner, locale=locale, subcommand="start", dm=True,
              channel_id=dm)
    await ask(fake, "leaderboard", user_id=learner, locale=locale, dm=True, channel_id=dm)
    typed = await fake.slash("quiz", {"quiz": "col"}, user_id=learner, locale=locale, autocomplete="quiz")
    await fake.wait_until(lambda: fake.interaction_calls(typed))
    shown = await ask(fake, "quizzes", user_id=learner, locale=locale)  # a button an older version sent:
    stale = await fake.click(message_id(shown), buttons(shown)[0]["custom_id"], user_id=learner, locale=locale,
                             forge="qt:old:collectives")
    await fake.wait_until(first_answer(fake, stale))


async def failing(fake: FakeDiscord, settings: Settings, table: str, learner: int, locale: str) -> None:
    """Commands and a click that fail (a table of the database gone): apologised for."""
    shown = await ask(fake, "quizzes", user_id=learner, locale=locale)
    async with table_away(settings, table):
        for name, options in [("quiz", {"quiz": "collectives"}), ("progress", None)]:
            await ask(fake, name, options, user_id=learner, locale=locale)
        click = await fake.click(message_id(shown), buttons(shown)[0]["custom_id"], user_id=learner, locale=locale)
        await fake.wait_until(first_answer(fake, click))


# The users table away: the apology can't read the language chosen, and speaks the one last read.
@pytest.mark.parametrize(("language", "locale", "table"), [("sn", "en-US", "quiz_sessions"), ("yo", "fr", "users")])
async def test_a_learner_who_chose_a_language_discord_lacks_reads_no_english(
        bot: RunningBot, fake: FakeDiscord, settings: Settings, language: str, locale: str, table: str) -> None:
    for user in (LEARNER_ID, ADMIN_ID):
        await ask(fake, "language", {"language": language}, user_id=user, locale=locale)
    await play_in_polls(fake, bot, LEARNER_ID)
    await play_with_buttons(fake, LEARNER_ID, locale)
    await everything_else(fake, LEARNER_ID, locale)
    await ask(fake, "reload", user_id=ADMIN_ID, locale=locale)
    await failing(fake, settings, table, LEARNER_ID, locale)
    english = english_ui_phrases(language) | english_quiz_phrases(settings.content_dir, language)
    assert leaks(fake, english) == []
    # The progress picture's words, as handed to matplotlib (a PNG can't be read back).
    chart = (await bot.engine.progress(Actor(PLATFORM, str(LEARNER_ID)))).chart
    assert chart is not None and chart.language == language
    en = bot.engine.localizer_for("en")
    assert chart.title != en("Mastery by concept") and chart.reviews_title != en("Answers, last {n} days", n=30)
    words = [chart.title, chart.reviews_title, chart.percent(50), *(name for name, _ in chart.concepts),
             *(day for day, _ in chart.days)]
    assert english_in([("chart", text) for text in words], english) == []

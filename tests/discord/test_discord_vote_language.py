"""A vote carries no locale: a voter the bot knows nothing about is answered in the server's preferred language."""

from __future__ import annotations

import sqlite3

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, OTHER_ID, RunningBot
from tests.discord.payloads import OWNER_ID, guild_payload
from tests.discord.support import button_for, first_answer, message_id, next_poll, reply_to, vote_for
from tests.discord.test_discord_retry import RETRY, summary_with_two_missed

HINT = "{mention} this poll belongs to someone else's quiz: your vote doesn't count for it. Start your own with /quiz."


def hint_in(bot: RunningBot, language: str) -> str:
    return bot.engine.localizer_for(language)(HINT, mention=f"<@{OTHER_ID}>")


async def test_a_stranger_voting_on_someone_elses_poll_is_told_in_the_servers_language(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    assert guild_payload()["preferred_locale"] == "fr"  # the fake server prefers French
    await fake.slash("quiz", {"quiz": "collectives"})  # the owner's own Discord speaks English
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)

    await vote_for(fake, poll, "All-reduce", OTHER_ID)  # someone who never used the bot
    hint = await reply_to(fake, poll, after=mark)
    assert hint.content == hint_in(bot, "fr")
    assert "ce sondage appartient au quiz de quelqu’un d’autre" in hint.content
    # The server's language isn't taken for the voter's own: their next command's locale is.
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        assert database.execute("SELECT language, last_hint FROM users WHERE platform_user_id = ?",
                                (str(OTHER_ID),)).fetchone() == (None, None)


@pytest.mark.parametrize(("command", "options", "language"), [
    ("language", {"language": "sw"}, "sw"),  # their /language choice
    ("quiz", {"quiz": "long-options", "private": True}, "en"),  # their own Discord's locale, seen as they played
])
async def test_what_the_voter_told_the_bot_wins_over_the_servers_language(
        bot: RunningBot, fake: FakeDiscord, command: str, options: dict[str, str | bool], language: str) -> None:
    told = await fake.slash(command, options, user_id=OTHER_ID, locale="en-US", guild_locale="fr")
    await fake.wait_until(first_answer(fake, told))
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)

    await vote_for(fake, poll, "All-reduce", OTHER_ID)
    hint = await reply_to(fake, poll, after=mark)
    assert hint.content == hint_in(bot, language)


async def test_the_language_the_server_chose_wins_over_its_discord_preference(bot: RunningBot,
                                                                             fake: FakeDiscord) -> None:
    chosen = await fake.slash("language", {"language": "sw", "server": True}, user_id=ADMIN_ID)
    await fake.wait_until(first_answer(fake, chosen))  # /language ... server:True by a server manager
    assert guild_payload()["preferred_locale"] == "fr"
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)

    await vote_for(fake, poll, "All-reduce", OTHER_ID)  # someone who never used the bot
    hint = await reply_to(fake, poll, after=mark)
    assert hint.content == hint_in(bot, "sw") != hint_in(bot, "en")


async def test_a_stranger_who_pressed_a_button_in_english_is_told_about_their_vote_in_english_too(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Before, a button pressed by someone the bot didn't know yet was answered in their Discord's language and
    forgotten, so their vote a moment later was answered in the server's: two languages for one person."""
    summary = await summary_with_two_missed(fake, bot)
    press = await fake.click(message_id(summary), button_for(summary, RETRY), user_id=OTHER_ID, locale="en-US")
    refusal = await fake.wait_until(first_answer(fake, press))  # someone else's button, said in their English
    assert refusal.content == f"This button belongs to <@{OWNER_ID}>'s quiz. Start your own with /quiz."

    mark = len(fake.calls)
    await fake.click(message_id(summary), button_for(summary, RETRY), user_id=OWNER_ID)
    poll = await next_poll(fake, bot, after=mark)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OTHER_ID)
    hint = await reply_to(fake, poll, after=mark)
    assert hint.content == hint_in(bot, "en") != hint_in(bot, "fr")  # the server's preferred locale is French

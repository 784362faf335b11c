"""/help names each command as the reader's Discord client shows it: what they must type."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import first_answer


async def test_help_spells_the_commands_as_a_french_client_shows_them(bot: RunningBot, fake: FakeDiscord) -> None:
    token = await fake.slash("help", {}, user_id=LEARNER_ID, locale="fr")
    french = await fake.wait_until(first_answer(fake, token))
    assert "**/révision** — " in french.content and "**/review**" not in french.content
    # A group's subcommands all in the reader's language, not "/game start" beside "/game arrêter"
    assert "**/game lancer** — " in french.content and "/game start" not in french.content
    assert "/game passer" in french.content and "/game arrêter" in french.content
    token = await fake.slash("help", {}, user_id=LEARNER_ID + 1)
    english = await fake.wait_until(first_answer(fake, token))
    assert "**/review** — " in english.content and "/game stop" in english.content
    assert "**/stop** — stop the current quiz" in english.content  # how to leave a quiz, which it didn't say
    assert "**/arrêter** — arrêter le quiz en cours" in french.content


async def test_replies_name_commands_as_the_readers_client_shows_them(bot: RunningBot, fake: FakeDiscord) -> None:
    """The engine's words say "/reminders" and "/timezone" (Telegram's and the terminal's names); a French
    client only offers /rappels and /fuseau, whatever language the learner reads."""
    token = await fake.slash("reminders", {"setting": "tomorrow"}, user_id=LEARNER_ID, locale="fr")
    french = await fake.wait_until(first_answer(fake, token))
    assert "/rappels on 19:00" in french.content and "/reminders" not in french.content
    chosen = await fake.slash("language", {"language": "sw"}, user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(first_answer(fake, chosen))
    token = await fake.slash("reminders", {"setting": "on 19:00"}, user_id=LEARNER_ID, locale="fr")
    swahili = await fake.wait_until(first_answer(fake, token))
    assert "/fuseau" in swahili.content and "/timezone" not in swahili.content, swahili.content
    token = await fake.slash("reminders", {"setting": "tomorrow"}, user_id=LEARNER_ID + 1, locale="en-US")
    english = await fake.wait_until(first_answer(fake, token))
    assert "/reminders on 19:00" in english.content


async def test_what_a_user_typed_is_escaped_and_commands_are_still_spelled_for_the_client(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Engine notices go out escaped (render.plain); the respelling runs on the escaped text."""
    typed = "**x** <@123456789012345678>"
    token = await fake.slash("reminders", {"setting": typed}, user_id=LEARNER_ID, locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    assert "\\*\\*x\\*\\*" in reply.content and "\\<@123456789012345678>" in reply.content  # no member drawn
    assert "/rappels on 19:00" in reply.content and "/reminders" not in reply.content


async def test_the_reminders_confirmation_sent_by_dm_names_commands_as_the_readers_client_shows_them(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """/reminders on in a server is confirmed by DM too, where reminders will come: that copy said "/timezone",
    which a French client doesn't offer, beside the reply's "/fuseau"."""
    token = await fake.slash("reminders", {"setting": "on 19:00"}, user_id=LEARNER_ID, locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    [confirmation] = await fake.wait_until(lambda: fake.direct_messages(LEARNER_ID))
    assert "/fuseau" in reply.content
    assert confirmation.content == reply.content and "/timezone" not in confirmation.content

"""The language hints sent to the engine: the user's own Discord locale, and apart from it the server's."""

from __future__ import annotations

import re
import sqlite3

import pytest
from discord import Locale

from adapters.discord.actors import language_hint
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.support import first_answer


def words(reply: str) -> str:
    """A /timezone reply without its clock: two replies a minute apart say the same."""
    return re.sub(r"\d", "", reply)


@pytest.mark.parametrize(("locale", "guild_locale", "hint"), [
    (Locale.french, Locale.american_english, "fr"),  # the user's own locale comes first
    (Locale.american_english, Locale.french, "en-US"),  # an English user in a French server reads English
    (Locale.german, Locale.french, "fr"),  # a locale we don't speak: the server's
    (Locale.german, None, None),  # neither (or a DM): the engine uses what it stored, then English
    (Locale.german, Locale.japanese, None),
])
def test_the_hint_is_the_first_locale_quiztutor_speaks(locale: Locale, guild_locale: Locale | None,
                                                       hint: str | None) -> None:
    assert language_hint(locale, guild_locale) == hint


async def test_the_servers_language_speaks_to_a_user_but_is_never_stored_as_theirs(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """A pt-BR user (a locale QuizTutor doesn't speak) in a French server reads French, as a French user does;
    French isn't remembered as their own language, for a vote or an event elsewhere that carries none."""
    zone = {"zone": "Africa/Lagos"}  # /timezone stores the user it meets
    french = await fake.wait_until(first_answer(fake, await fake.slash("timezone", zone, user_id=LEARNER_ID + 1,
                                                                        locale="fr", guild_locale="fr")))
    english = await fake.wait_until(first_answer(fake, await fake.slash("timezone", zone, user_id=LEARNER_ID + 2)))
    token = await fake.slash("timezone", zone, user_id=LEARNER_ID, locale="pt-BR", guild_locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    assert words(reply.content) == words(french.content) != words(english.content)
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        assert database.execute("SELECT language, last_hint FROM users WHERE platform_user_id = ?",
                                (str(LEARNER_ID),)).fetchone() == (None, None)


async def test_the_language_a_server_chose_speaks_to_a_user_whose_locale_quiztutor_doesnt(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """A server whose managers chose Swahili (/language ... server:True) answers a pt-BR user in Swahili, not in
    its Discord locale (French), as it answers a stranger's vote; still not stored as the user's own."""
    chosen = await fake.slash("language", {"language": "sw", "server": True}, user_id=ADMIN_ID)
    await fake.wait_until(first_answer(fake, chosen))
    zone = {"zone": "Africa/Lagos"}
    swahili = await fake.wait_until(first_answer(fake, await fake.slash("timezone", zone, user_id=LEARNER_ID + 1,
                                                                         locale="sw", guild_locale="fr")))
    french = await fake.wait_until(first_answer(fake, await fake.slash("timezone", zone, user_id=LEARNER_ID + 2,
                                                                        locale="fr", guild_locale="fr")))
    token = await fake.slash("timezone", zone, user_id=LEARNER_ID, locale="pt-BR", guild_locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    assert words(reply.content) == words(swahili.content) != words(french.content)
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        assert database.execute("SELECT language, last_hint FROM users WHERE platform_user_id = ?",
                                (str(LEARNER_ID),)).fetchone() == (None, None)

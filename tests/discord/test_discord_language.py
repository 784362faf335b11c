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


async def timezone_words(fake: FakeDiscord, user_id: int, locale: str = "en-US", guild_locale: str = "en-US") -> str:
    """The reply to /timezone (which stores the user it meets) without its clock: two a minute apart read alike."""
    token = await fake.slash("timezone", {"zone": "Africa/Lagos"}, user_id=user_id, locale=locale,
                             guild_locale=guild_locale)
    return re.sub(r"\d", "", (await fake.wait_until(first_answer(fake, token))).content)


def stored_language(settings: Settings) -> tuple[str | None, str | None]:
    """The learner's stored (language, last_hint)."""
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT language, last_hint FROM users WHERE platform_user_id = ?",
                               (str(LEARNER_ID),)).fetchone()
    return row[0], row[1]


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
    french = await timezone_words(fake, LEARNER_ID + 1, locale="fr", guild_locale="fr")
    english = await timezone_words(fake, LEARNER_ID + 2)
    assert await timezone_words(fake, LEARNER_ID, locale="pt-BR", guild_locale="fr") == french != english
    assert stored_language(settings) == (None, None)


async def test_the_language_a_server_chose_speaks_to_a_user_whose_locale_quiztutor_doesnt(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """A server whose managers chose Swahili (/language ... server:True) answers a pt-BR user in Swahili, not in
    its Discord locale (French), as it answers a stranger's vote; still not stored as the user's own."""
    chosen = await fake.slash("language", {"language": "sw", "server": True}, user_id=ADMIN_ID)
    await fake.wait_until(first_answer(fake, chosen))
    swahili = await timezone_words(fake, LEARNER_ID + 1, locale="sw", guild_locale="fr")
    french = await timezone_words(fake, LEARNER_ID + 2, locale="fr", guild_locale="fr")
    assert await timezone_words(fake, LEARNER_ID, locale="pt-BR", guild_locale="fr") == swahili != french
    assert stored_language(settings) == (None, None)

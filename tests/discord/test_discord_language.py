"""The language hint sent to the engine: the user's Discord locale, else the server's, else none."""

from __future__ import annotations

import pytest
from discord import Locale

from adapters.discord.actors import language_hint


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

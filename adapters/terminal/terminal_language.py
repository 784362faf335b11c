"""The language a learner plays in before their stored choice can be read: --lang's, else the terminal's. Light, for
the command line's own refusals: it imports neither the database's libraries nor the translations."""

from __future__ import annotations

import os
import re

from bot.languages import DEFAULT_LANGUAGE, normalize_language


def locale_hint() -> str | None:
    """The terminal's language as a hint, like a chat client's, read as gettext reads it: the first language of
    LANGUAGE=yo:en that the bot speaks (a desktop sets it for the interface, beside LANG's regional formats), unless
    the locale is C (C.UTF-8 is not, for gettext); else the locale (LANG=fr_FR.UTF-8 -> "fr_FR"). A LANGUAGE the
    bot speaks none of gives its first (no hint then), not the locale: gettext shows its own words (English)."""
    value = next((value for variable in ("LC_ALL", "LC_MESSAGES", "LANG") if (value := os.environ.get(variable))),
                 None)
    locale = re.split("[.@]", value, maxsplit=1)[0] if value else None  # fr@euro, as fr_FR.UTF-8: French
    if value not in (None, "C", "POSIX") and (wanted := os.environ.get("LANGUAGE", "").split(":")) != [""]:
        # As gettext, with an entry's codeset and modifier dropped: fr.UTF-8 and fr@euro are French.
        languages = [re.split("[.@]", entry, maxsplit=1)[0] for entry in wanted]
        return next((language for language in languages if normalize_language(language) is not None), languages[0])
    return locale


def start_language(language: str | None, hint: str | None) -> str:
    """--lang's language, else the terminal's (``hint``, as locale_hint reads it), else English."""
    return language or normalize_language(hint) or DEFAULT_LANGUAGE

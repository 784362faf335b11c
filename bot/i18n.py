"""The bot's own words in each language: gettext catalogs compiled from .po sources at start-up.

The locale is chosen per call (``texts.for_language("sw")``), never installed process-wide.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.languages import SUPPORTED_LANGUAGES

DOMAIN = "quiztutor"


class Localizer:
    """Translates and formats messages for one language: ``_("Question {n} of {total}", n=3, total=8)``."""

    def __init__(self, language: str, translations: gettext.NullTranslations) -> None:
        self.language = language
        self._translations = translations

    def __call__(self, message: str, **params: object) -> str:
        return self.gettext(message, **params)

    def gettext(self, message: str, **params: object) -> str:
        text = self._translations.gettext(message)
        return text.format(**params) if params else text

    def ngettext(self, singular: str, plural: str, n: int, **params: object) -> str:
        return self._translations.ngettext(singular, plural, n).format(n=n, **params)


class UiTexts:
    """All languages' catalogs, loaded once and shared read-only."""

    def __init__(self, catalogs: dict[str, gettext.NullTranslations]) -> None:
        self._catalogs = catalogs

    @classmethod
    def load(cls, locales_dir: Path, languages: tuple[str, ...] = SUPPORTED_LANGUAGES) -> UiTexts:
        """Compile every ``<lang>/LC_MESSAGES/quiztutor.po`` under ``locales_dir`` in memory."""
        catalogs: dict[str, gettext.NullTranslations] = {}
        for language in languages:
            po_path = locales_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"
            if po_path.is_file():
                catalogs[language] = _compile(po_path, language)
        return cls(catalogs)

    def for_language(self, language: str) -> Localizer:
        return Localizer(language, self._catalogs.get(language, gettext.NullTranslations()))


def _compile(po_path: Path, language: str) -> gettext.GNUTranslations:
    with po_path.open("rb") as source:
        catalog = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    # Fuzzy entries are guesses a translator hasn't confirmed: English is better than a wrong text.
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)

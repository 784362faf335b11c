"""How much of the bot's own words each translation covers, for `quiztutor validate`'s summary.

A catalog that parses can still translate nothing (an empty file, a template copied without its msgstrs): the
bot then speaks English to that language's learners without a word in the log. The summary says so, and names
a language folder nobody reads (a code that isn't one of the bot's languages).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.content.text_rules import printable
from bot.i18n import DOMAIN, message_texts
from bot.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, listed_codes
from content import default_content_dir


def ui_coverage_notes(locales: Path, catalogs: Mapping[str, Catalog]) -> list[str]:
    """A line for each catalog that leaves some of the template's texts in English, and for each folder under
    ``locales`` named for a language the bot doesn't have."""
    template = _template_ids()
    notes = []
    for language in (code for code in SUPPORTED_LANGUAGES if code in catalogs):
        translated = sum(1 for message in catalogs[language]
                         if message.id in template and not message.fuzzy and _translated(message_texts(message.string)))
        if translated < len(template):
            notes.append(f"The bot's own words are partly in English for {language}: its catalog translates "
                         f"{translated} of {len(template)} texts")
    for folder in sorted(path for path in locales.iterdir() if path.is_dir()):
        if folder.name not in SUPPORTED_LANGUAGES and folder.name != "__pycache__":
            notes.append(f"{printable(str(folder))} is not read: {folder.name!r} isn't one of the bot's languages "
                         f"({listed_codes()}; see content/README.md, \"Adding a language\")")
    return notes


def _template_ids() -> set[object]:
    """The msgids of this version's texts, from the template shipped with it (a content folder's own copy may be
    older)."""
    with (default_content_dir() / "locales" / f"{DOMAIN}.pot").open("rb") as file:
        template = read_po(file, locale=DEFAULT_LANGUAGE, domain=DOMAIN)
    return {message.id for message in template if message.id}


def _translated(forms: tuple[str, ...]) -> bool:
    return bool(forms) and all(forms)

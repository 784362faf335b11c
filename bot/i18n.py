"""The bot's own words in each language: gettext catalogs compiled from .po sources at start-up.

The locale is chosen per call (``texts.for_language("sw")``), never installed process-wide.
"""

from __future__ import annotations

import codecs
import gettext
import io
import os
import re
import string
from collections.abc import Iterable, Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from bot.content.file_reading import FileRefused, nothing_at, read_file_bytes, utf8_text
from bot.content.problems import ContentError, ContentProblem
from bot.content.text_rules import text_problems
from bot.languages import SUPPORTED_LANGUAGES
from bot.said import N_ as N_  # where adapters have always found it (a right's name)

DOMAIN = "quiztutor"


# A line of a .po file other than a comment: a keyword and a string, or a string continued, closed by an unescaped ".
PO_STRING_LINE = r'(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"'


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
    def load(cls, locales_dir: Path) -> UiTexts:
        """Compile every ``<lang>/LC_MESSAGES/quiztutor.po`` under ``locales_dir`` in memory; raises ContentError
        listing every translation that can't be used (a broken file, a placeholder the bot doesn't fill)."""
        catalogs, problems = read_catalogs(locales_dir)
        if problems:
            raise ContentError(problems)
        return cls({language: _compile(catalog) for language, catalog in catalogs.items()})

    def for_language(self, language: str) -> Localizer:
        return Localizer(language, self._catalogs.get(language, gettext.NullTranslations()))


def read_catalogs(locales_dir: Path) -> tuple[dict[str, Catalog], list[ContentProblem]]:
    """The catalogs found (a language without one speaks English) and every problem in them."""
    catalogs: dict[str, Catalog] = {}
    problems: list[ContentProblem] = []
    if nothing_at(locales_dir, when_unsure=False):  # unsure: listing it below says why it can't be read
        return {}, []  # no translations: English everywhere
    try:
        os.listdir(locales_dir)
    except OSError as error:  # a file, a broken link, or chmod 000: the folder named once, not each catalog
        return {}, [ContentProblem(locales_dir.name, None, f"can't be read: {error.strerror or error}")]
    for language in SUPPORTED_LANGUAGES:
        po_path = locales_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        # A directory, a broken link or a FIFO too, or unsure: reading it says why it is no catalog.
        if not nothing_at(po_path, when_unsure=False):
            catalog, found = read_catalog(po_path, language, locales_dir.parent)
            problems += found
            if catalog is not None:
                catalogs[language] = catalog
    return catalogs, problems


UTF8_BOM = b"\xef\xbb\xbf"


def read_catalog(po_path: Path, language: str, root: Path) -> tuple[Catalog | None, list[ContentProblem]]:
    """A language's catalog and its problems (named by their path under ``root``): a file that can't be read,
    or translations that would fail when the bot fills them in."""
    where = str(po_path.relative_to(root)) if po_path.is_relative_to(root) else str(po_path)
    try:
        # Bounded, and only a regular file: a FIFO would block start-up, a huge file fill the memory.
        data = read_file_bytes(po_path).removeprefix(UTF8_BOM)  # some editors write one; babel can't read past it
        try:
            catalog = read_po(io.BytesIO(data), locale=language, domain=DOMAIN, abort_invalid=True)
        except UnicodeDecodeError as error:  # saved in another encoding than its header says; babel names no line
            if codecs.lookup(error.encoding).name == "utf-8":
                utf8_text(data)  # FileRefused with the line, as for a quiz file
            raise
        unclosed = _unclosed_strings(data.decode(catalog.charset))  # the charset its header declares, as babel read
    except FileRefused as error:
        return None, [ContentProblem(where, None, f"can't be read: {error}")]
    except OSError as error:  # the system's words, as for a quiz file: the file is named already
        return None, [ContentProblem(where, None, f"can't be read: {error.strerror or error}")]
    except (PoFileError, ValueError) as error:
        return None, [ContentProblem(where, None, f"can't be read: {error}")]
    if unclosed:  # babel takes the line's last character for the closing quote: a letter would silently go
        return None, [ContentProblem(where, None, f"line {line}: a string is not closed with \"") for line in unclosed]
    try:
        _compile(catalog)  # the Plural-Forms expression is only parsed here
    except ValueError as error:
        return None, [ContentProblem(where, None, f"its Plural-Forms header can't be used: {error}")]
    return catalog, [ContentProblem(where, None, problem) for message in catalog if message.id and not message.fuzzy
                     for problem in (*_placeholder_problems(message), *_plural_problems(message, catalog),
                                     *_character_problems(message))]


def _unclosed_strings(po_text: str) -> list[int]:
    """The numbers of the lines whose quoted string doesn't end with an unescaped quote."""
    return [number for number, line in enumerate(po_text.splitlines(), start=1)
            if (text := line.strip()) and not text.startswith("#") and not re.fullmatch(PO_STRING_LINE, text)]


def _placeholder_problems(message: Message) -> Iterable[str]:
    """A translation whose ``{placeholders}`` don't parse, or aren't exactly those its English gives: another
    name, or a conversion, format or index (``{n!x}``, ``{n:zz}``, ``{n[0]}``) the bot's values may not take."""
    ids = message_texts(message.id)
    given = set().union(*(_fields(text) or set() for text in ids)) | ({"{n}"} if len(ids) > 1 else set())
    for text in (text for text in message_texts(message.string) if text):
        fields = _fields(text)
        shown = _shortened(ids[0])
        if fields is None:
            yield f"the translation of {shown!r} has a broken placeholder (a lone {{ or }}): {text!r}"
        elif fields - given:
            yield (f"the translation of {shown!r} uses {', '.join(sorted(fields - given))}, which the bot doesn't "
                   f"fill in (it fills in {', '.join(sorted(given)) or 'nothing'})")


def _character_problems(message: Message) -> Iterable[str]:
    """A control or bidi character in a translation, refused as in a quiz's texts: the terminal would act on an
    escape sequence, and an override reorders what is shown around it."""
    for text in message_texts(message.string):
        yield from (str(problem) for problem in text_problems(
            f"translation of {_shortened(message_texts(message.id)[0])!r}", {"": text}, multiline=True))


def _plural_problems(message: Message, catalog: Catalog) -> Iterable[str]:
    """A plural translation with fewer forms than its Plural-Forms header promises: the missing ones would be
    shown in English."""
    forms = [form for form in message_texts(message.string) if form]  # babel pads the missing ones with ""
    if len(message_texts(message.id)) > 1 and forms and len(forms) < catalog.num_plurals:
        yield (f"the translation of {message_texts(message.id)[0]!r} has {len(forms)} plural forms; its "
               f"Plural-Forms header says {catalog.num_plurals}")


def _shortened(msgid: str) -> str:
    return msgid if len(msgid) <= 60 else msgid[:57] + "..."


def message_texts(texts: str | Sequence[str] | None) -> tuple[str, ...]:
    """A message's texts: one, or its plural forms (none for a message not translated)."""
    if texts is None:
        return ()
    return (texts,) if isinstance(texts, str) else tuple(texts)


def _fields(text: str) -> set[str] | None:
    """The placeholders of a ``str.format`` text as written (``{n}``, ``{n:>3}``), or None when it doesn't parse."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    return {"{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            for _literal, field, spec, conversion in parsed if field is not None}


def _compile(catalog: Catalog) -> gettext.GNUTranslations:
    compiled = io.BytesIO()
    # Fuzzy entries are guesses a translator hasn't confirmed: English is better than a wrong text.
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)

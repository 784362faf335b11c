"""Every word the bot says in code exists in every language's catalog, with the same placeholders."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import get_args

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from adapters.discord.translator import MENTIONED_COMMAND
from bot.content.problems import ContentError
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES, LanguageCode

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "content" / "locales"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
TRANSLATED = [language for language in SUPPORTED_LANGUAGES if language != "en"]


def messages_in_code() -> dict[str, tuple[str, ...]]:
    """msgid -> (singular[, plural]) for every translatable string in bot/ and adapters/."""
    found: dict[str, tuple[str, ...]] = {}
    for package in ("bot", "adapters"):
        for filename, lineno, message, _comments, _context in extract_from_dir(
                ROOT / package, method_map=[("**.py", "python")], keywords=KEYWORDS):
            forms = tuple(message) if isinstance(message, tuple) else (message,)
            found.setdefault(forms[0], forms)
            assert all(forms), f"{package}/{filename}:{lineno}: an empty message id"
    return found


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_template_lists_every_string_in_the_code() -> None:
    with (LOCALES / "quiztutor.pot").open("rb") as source:
        template = {message.id if isinstance(message.id, str) else message.id[0] for message in read_po(source)}
    missing = sorted(set(messages_in_code()) - template)
    assert not missing, "re-run pybabel extract (see README):\n" + "\n".join(missing)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_in_the_code_is_translated_with_its_placeholders(language: str) -> None:
    with (LOCALES / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        catalog = read_po(source, locale=language)
    problems = []
    for msgid, forms in messages_in_code().items():
        entry = catalog.get(msgid)
        string = None if entry is None else entry.string
        given = string if isinstance(string, tuple | list) else (string,)
        translations = [text for text in given if text]  # a form that is None or "" is untranslated
        if entry is None or len(translations) < len(given) or entry.fuzzy:
            problems.append(f"untranslated: {msgid!r}")
            continue
        english = set().union(*(placeholders(form) for form in forms))
        allowed = english | ({"n"} if len(forms) > 1 else set())
        for index, translation in enumerate(translations):
            if not placeholders(translation) <= allowed:
                problems.append(f"unknown placeholder in {translation!r} (for {msgid!r})")
            # What the English says must be said too ("{link}" dropped leaves the learner nowhere to go); only
            # the singular of a language with several plural forms may leave out its count ("une tentative").
            needed = english - {"n"} if index == 0 and len(translations) > 1 else english
            if missing := needed - placeholders(translation):
                problems.append(f"{sorted(missing)} left out of {translation!r} (for {msgid!r})")
    assert not problems, f"{language}: {len(problems)} problems\n" + "\n".join(problems)


def test_each_language_speaks_its_own_words_with_its_plural_rules() -> None:
    texts = UiTexts.load(LOCALES)
    labels = {language: texts.for_language(language)("Question {number} of {total}", number=3, total=8)
              for language in SUPPORTED_LANGUAGES}
    assert labels["en"] == "Question 3 of 8"
    assert len(set(labels.values())) == len(labels), labels  # five different wordings
    for language in SUPPORTED_LANGUAGES:
        assert "3" in labels[language] and "8" in labels[language]

    def attempts(language: str, n: int) -> str:
        return texts.for_language(language).ngettext("{n} attempt", "{n} attempts", n)

    # French uses the singular for 0 and 1; English and Swahili use the plural for 0.
    assert attempts("fr", 0) == attempts("fr", 1).replace("1", "0")
    assert attempts("en", 0) == "0 attempts"
    assert attempts("sw", 2) != attempts("sw", 1).replace("1", "2")


def test_french_puts_a_no_break_space_before_two_part_punctuation_and_writes_one_apostrophe() -> None:
    """French typography: "Votre progression :" with U+00A0, so a line never starts with the colon."""
    with open(LOCALES / "fr" / "LC_MESSAGES" / "quiztutor.po", "rb") as file:
        catalog = read_po(file, locale="fr")
    texts = [str(text) for message in catalog if message.id
             for text in (message.string if isinstance(message.string, tuple) else (message.string,))]
    assert [text for text in texts if re.search(r" [:;!?]", text)] == []
    # One apostrophe throughout, the typographic one: "n’a", never "n'a" beside it.
    assert [text for text in texts if re.search(r"\w'\w", text)] == []


def _french_messages() -> list[tuple[str, str]]:
    """(English, French) for every form of every translated message of the French catalog."""
    with open(LOCALES / "fr" / "LC_MESSAGES" / "quiztutor.po", "rb") as file:
        catalog = read_po(file, locale="fr")
    return [(english, french) for message in catalog if message.id and message.string
            for english, french in zip(_forms(message.id), _forms(message.string), strict=False)]


def test_french_quotes_a_word_with_guillemets() -> None:
    # "dans 'details'" beside "« help »": French quotes with « », a no-break space inside.
    assert [french for _english, french in _french_messages() if re.search(r"'\w+'", french)] == []


def test_french_calls_only_a_group_game_a_partie() -> None:
    """"Partie" is the group game's word; a learner's own round of a quiz is their "session" ("La session de ce
    quiz que vous aviez en cours"), so "votre propre partie ... la fin de la partie de groupe" can't read as
    two games, nor the round's answer as the group game's."""
    def count(pattern: str, text: str) -> int:
        return len(re.findall(pattern, text, re.IGNORECASE))
    assert [french for english, french in _french_messages() if re.search(r"\bround\b", english)
            and count(r"\bparties?\b", french) > count(r"\bgames?\b", english)] == []


def test_every_language_code_has_its_native_name() -> None:
    # The type checker keeps NATIVE_NAMES to LanguageCode's codes; this, the other way: a code without a name
    # would be refused in every picker and by normalize_language.
    assert set(SUPPORTED_LANGUAGES) == set(get_args(LanguageCode))


def test_catalogs_the_bot_cant_use_are_refused_with_every_problem_by_file(tmp_path: Path) -> None:
    """A content folder's own translations: a placeholder that can't be filled would fail every message it is
    in, so the catalogs are refused at start-up (and by validate), not when a learner meets the message."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    french = locales / "fr" / "LC_MESSAGES" / "quiztutor.po"
    french.write_text(french.read_text().replace('msgstr "Question {number} sur {total}"',
                                                 'msgstr "Question {number} sur {total"'))
    swahili = locales / "sw" / "LC_MESSAGES" / "quiztutor.po"
    swahili.write_text(swahili.read_text().replace("1 hadi {count}.", "1 hadi {idadi}."))
    yoruba = locales / "yo" / "LC_MESSAGES" / "quiztutor.po"
    yoruba.write_text('msgid "x"\nmsgstr "y"\nmsgid "broken\n')
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    lines = str(refused.value).splitlines()
    assert lines[0] == ("locales/fr/LC_MESSAGES/quiztutor.po: the translation of 'Question {number} of {total}' "
                        "has a broken placeholder (a lone { or }): 'Question {number} sur {total'")
    assert lines[1] == ("locales/sw/LC_MESSAGES/quiztutor.po: the translation of 'Please choose one of the options, "
                        "1 to {count}.' uses {idadi}, which the bot doesn't fill in (it fills in {count})")
    assert lines[2].startswith("locales/yo/LC_MESSAGES/quiztutor.po: can't be read: ")
    assert len(lines) == 3


@pytest.mark.parametrize("placeholder", ["{number!x}", "{number:zz}", "{number[0]}", "{number.real}"])
def test_a_placeholder_written_otherwise_than_in_english_is_refused(tmp_path: Path, placeholder: str) -> None:
    """``{number!x}`` or ``{number:zz}`` parse, name a value the bot gives, and still fail every message they are
    in (an unknown conversion, a format an int refuses): only the English's own placeholders may be used."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    french = locales / "fr" / "LC_MESSAGES" / "quiztutor.po"
    french.write_text(french.read_text().replace('msgstr "Question {number} sur {total}"',
                                                 f'msgstr "Question {placeholder} sur {{total}}"'))
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    assert str(refused.value) == (
        f"locales/fr/LC_MESSAGES/quiztutor.po: the translation of 'Question {{number}} of {{total}}' uses "
        f"{placeholder}, which the bot doesn't fill in (it fills in {{number}}, {{total}})")


def test_plural_forms_the_bot_cant_use_are_refused(tmp_path: Path) -> None:
    """A Plural-Forms expression that doesn't parse failed every learner at start-up with a ValueError (exit 1);
    fewer forms than it promises showed the missing ones in English without a word."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    french = locales / "fr" / "LC_MESSAGES" / "quiztutor.po"
    original = french.read_text()
    assert "plural=(n > 1)" in original
    french.write_text(original.replace("plural=(n > 1)", "plural=(n > 1"))
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    assert str(refused.value).startswith("locales/fr/LC_MESSAGES/quiztutor.po: its Plural-Forms header can't be "
                                         "used: ")
    french.write_text(original.replace("nplurals=2; plural=(n > 1)", "nplurals=3; plural=(n > 1 ? 2 : n)"))
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    assert "has 2 plural forms; its Plural-Forms header says 3" in str(refused.value)


def test_a_catalog_saved_with_a_byte_order_mark_is_read_as_without_it(tmp_path: Path) -> None:
    """Some Windows editors start a UTF-8 file with one; babel read it as a keyword it didn't know."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    french = locales / "fr" / "LC_MESSAGES" / "quiztutor.po"
    french.write_bytes(b"\xef\xbb\xbf" + french.read_bytes())
    assert UiTexts.load(locales).for_language("fr")("Your progress:") == "Votre progression\u00a0:"


def test_a_string_left_unclosed_is_refused_with_its_line(tmp_path: Path) -> None:
    """babel reads ``msgstr "Secondes (30 si non précisé)`` without its closing quote as if its last letter were
    the quote: the translation lost its ")" and nothing said so."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    french = locales / "fr" / "LC_MESSAGES" / "quiztutor.po"
    lines = french.read_text().splitlines()
    number = lines.index('msgstr "Secondes par question (30 si non précisé)"') + 1
    lines[number - 1] = lines[number - 1].removesuffix('"')
    french.write_text("\n".join(lines) + "\n")
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    assert str(refused.value) == f'locales/fr/LC_MESSAGES/quiztutor.po: line {number}: a string is not closed with "'


def test_a_control_or_bidi_character_in_a_translation_is_refused(tmp_path: Path) -> None:
    """Refused in a quiz's texts, they passed in the bot's own words: an escape sequence the terminal acts on."""
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    french = locales / "fr" / "LC_MESSAGES" / "quiztutor.po"
    french.write_text(french.read_text().replace('msgstr "Question {number} sur {total}"',
                                                 'msgstr "Question {number} sur {total}\x1b[2J\u202e"'))
    with pytest.raises(ContentError) as refused:
        UiTexts.load(locales)
    assert str(refused.value).splitlines() == [
        "locales/fr/LC_MESSAGES/quiztutor.po: the translation of 'Question {number} of {total}' contains U+001B "
        "(ESC, which starts a terminal escape sequence)",
        "locales/fr/LC_MESSAGES/quiztutor.po: the translation of 'Question {number} of {total}' contains U+202E "
        "(a bidi override or isolate, which reorders what is shown around it)"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_names_the_commands_its_english_names(language: str) -> None:
    """A command glued to a word ("ne/timezone") is no command to Telegram's clients nor to the Discord reply's
    respelling (adapters/discord/translator.py), so it must stand as the English has it."""
    with (LOCALES / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        catalog = read_po(source, locale=language)
    wrong = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        english = set().union(*(MENTIONED_COMMAND.findall(text) for text in _forms(message.id)))
        for translation in _forms(message.string):
            if translation and set(MENTIONED_COMMAND.findall(translation)) != english:
                wrong.append(f"{translation!r} names {sorted(MENTIONED_COMMAND.findall(translation))}, "
                             f"the English {sorted(english)}")
    assert not wrong, "\n".join(wrong)


def _forms(texts: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (texts,) if isinstance(texts, str) else tuple(texts)

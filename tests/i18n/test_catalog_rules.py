"""Rules every message of every catalog keeps, checked over the whole catalog: the plural form its language's rule
chooses, the words a learner types left as the bot reads them, one form of address, French typography, nothing left
in English, and the buttons' labels whole on both platforms."""

from __future__ import annotations

import gettext
import re
import unicodedata
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from adapters.discord.render import BUTTON_LABEL_LIMIT
from adapters.telegram.keyboards import LABEL_LIMIT
from bot.i18n import UiTexts, message_texts
from bot.languages import SUPPORTED_LANGUAGES

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
TRANSLATED = [language for language in SUPPORTED_LANGUAGES if language != "en"]
# What a learner types after a command, which the bot reads in English only ("/leaderboard hide", "/reminders
# on 19:00", "/game stop"): a translation that says it otherwise sends them to a command that refuses it.
LITERAL_ARGUMENTS = r"(?:week|all|hide|show|on|off|start|stop|skip)\b(?: \d\d:\d\d)?"
TYPED_WITH_ARGUMENT = re.compile(rf"(?<![\w/:])/[a-z][\w-]* {LITERAL_ARGUMENTS}")
# A word quoted to type at the terminal ("type “review”"): its commands are the same English words in every language.
QUOTED_TO_TYPE = re.compile(r"“([^”{}]+)”")
# Words a language writes as English does: a message made of them and placeholders may read the same.
SAME_WORDS = {"fr": {"point", "points", "question", "questions", "quiz"}}
# The labels of the bot's own buttons (Telegram's inline keyboards, Discord's components): cut to the platform's
# length, a longer translation would show its label cut short.
BUTTON_LABELS = ["Join", "Start", "Explain in my language", "Review now"]
RETRY_LABEL = ("Retry the question I missed", "Retry the questions I missed")
# The form of address a catalog keeps, French "vous" and Yoruba's respectful "ẹ"/"yín", and the words that break
# it: "tu", "ton", Yoruba's "o" (you), "ọ" (you, after a verb), "ìwọ", "rẹ" (your), said as to a child or a friend.
# Yoruba's "o" that ends a greeting ("Ẹ n lẹ́ o!") is a particle: only an "o" a word follows is the pronoun.
FAMILIAR_ADDRESS = {
    "fr": re.compile(r"(?<!\w)(?:tu|toi|ton|ta|tes|te|t’)(?!\w)", re.IGNORECASE),
    "yo": re.compile(r"(?<![\w\u0300-\u036f])(?:o(?= \w)|ọ|ìwọ|rẹ|tìrẹ)(?![\w\u0300-\u036f])", re.IGNORECASE),
}


def _catalog(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        return read_po(source, locale=language)


def _pairs(catalog: Catalog) -> list[tuple[str, str]]:
    """(English, translation) for every form of every translated message; a plural form beyond the English's two
    beside the English plural."""
    pairs = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        english = message_texts(message.id)
        pairs += [(english[min(index, len(english) - 1)], text)
                  for index, text in enumerate(message_texts(message.string)) if text]
    return pairs


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_plural_forms_header_chooses_the_form_the_language_uses(language: str) -> None:
    """CLDR's rule, as babel has it: one form for "1" and another for every other count (French: for 0 and 1)."""
    catalog = _catalog(language)
    chosen = gettext.c2py(catalog.plural_expr)
    rule = Locale.parse(language).plural_form
    counts = [*range(0, 2001), 10**6, 10**9]
    wrong = [n for n in counts if chosen(n) != (0 if catalog.num_plurals == 1 or rule(n) == "one" else 1)]
    assert wrong == []
    assert catalog.num_plurals == (2 if "one" in rule.tags else 1)


@pytest.mark.parametrize("language", TRANSLATED)
def test_what_a_learner_types_stays_as_the_english_has_it(language: str) -> None:
    """A command's literal argument and a word to type at the terminal, which no platform reads translated."""
    wrong = []
    for english, translation in _pairs(_catalog(language)):
        typed = TYPED_WITH_ARGUMENT.findall(english) + QUOTED_TO_TYPE.findall(english)
        wrong += [f"{translation!r} doesn't say {word!r}" for word in typed
                  if not re.search(rf"(?<![\w/]){re.escape(word)}(?![\w])", translation)]
    assert wrong == []


def test_french_two_part_punctuation_follows_a_no_break_space() -> None:
    """"Bonne chance !", "77 %", « help », never "Bonne chance!": the test beside only refuses a plain space before
    them. A colon in a parenthesised example of YAML or in a time ("(clé: valeur)", "19:00") is no punctuation of
    the sentence."""
    wrong = []
    for _english, french in _pairs(_catalog("fr")):
        sentence = re.sub(r"\([^()]*\)|\d:\d|://", "", french)
        if re.search(r"[^\u00a0\u202f][!?;%]|[^\u00a0\u202f]:(?!\S)|«(?!\u00a0)|(?<!\u00a0)»", sentence):
            wrong.append(french)
    assert wrong == []


@pytest.mark.parametrize("language", sorted(FAMILIAR_ADDRESS))
def test_every_message_keeps_the_catalogs_form_of_address(language: str) -> None:
    """Yoruba's "mi ò lè ṣàlàyé rẹ̀ bí o ṣe rí i" (as you saw it) beside "ẹ"/"yín" everywhere else."""
    familiar = FAMILIAR_ADDRESS[language]
    assert [text for _english, text in _pairs(_catalog(language))
            if familiar.search(unicodedata.normalize("NFC", text))] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_left_in_english(language: str) -> None:
    """A translation the same as its English: a command's or an option's name (one word, which Discord shows as
    the English when it can't be a name), or words the language writes the same ("{n} questions")."""
    same = SAME_WORDS.get(language, set())
    left = [english for english, translation in _pairs(_catalog(language))
            if translation == english and " " in english
            and not set(re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", "", english))) <= same]
    assert left == []


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_every_button_label_fits_both_platforms_whole(language: str) -> None:
    _ = UiTexts.load(LOCALES).for_language(language)
    labels = [_(label) for label in BUTTON_LABELS] + [_.ngettext(*RETRY_LABEL, n) for n in (1, 2)]
    assert [label for label in labels if len(label) > min(LABEL_LIMIT, BUTTON_LABEL_LIMIT)] == []

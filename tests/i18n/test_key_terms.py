"""A key term keeps one word throughout a language's catalog: an admin told "faili za maswali" (question files) by
/reload where every other line says "chemsha bongo" for a quiz, or a Yoruba line calling a message "ọ̀rọ̀" (words)
beside "ìfiránṣẹ́" everywhere else, reads two things where there is one. So does "tap an option" said as "tap an
answer" where every other line names the poll's options with the catalog's word for them, or a Swahili poll
("kura ya maoni") said "kura", the word for a vote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
# What is no word of the sentence: a placeholder, a command, a quoted word to type, the quiz folder's name.
NOT_WORDS = re.compile(r"\{\w+\}|/\w+|“\w+”|\w+/")
# A poll's option, not the YAML key in "a mapping with id, prompt, options, answer, ...".
OPTION = r"(?<!prompt, )\boptions?\b"
# A quiz's or an option's id, not the YAML key in "a mapping with id, title, ...".
ID = r"(?<!with )\bids?\b"
# A wrong answer's feedback, as a tutor says it: "not exactly" (sw "sivyo hasa", yo "kò tọ̀nà pátápátá"), where
# "si sahihi" / "kò tọ̀nà" (incorrect) reads as a verdict.
NOT_QUITE = r"\bnot quite\b"
# An answer or an option judged right or wrong (not "right now", nor "something went wrong").
RIGHT_OR_WRONG = r"\bright\b(?! now)|\bcorrect\b|\bwrong (?:options?|answer)"
# language -> (the English term, the word its catalog uses for it)
TERMS = {
    # An id is "identifiant" (not "id" beside it), a poll's option "option"; recall, the chance of remembering an
    # answer, is "rétention" ("rappel" is a reminder here, "souvenir" a keepsake), as French review apps say it.
    "fr": [(ID, r"identifiant"), (OPTION, r"option"), (r"\brecall\b", r"rétention")],
    # A poll is "kura ya maoni" (plural "kura za maoni"); "kura" alone is a vote, as in "your vote doesn't count".
    "sw": [(r"\bquiz(zes)?\b", r"chemsha[ -]bongo"), (OPTION, r"chaguo"), (NOT_QUITE, r"sivyo hasa"),
           (ID, r"kitambulisho"), (r"\bpolls?\b", r"\bkura (?:\w+ )?[yz]a maoni\b"),
           (r"\bvotes?\b", r"\bkura\b(?! (?:\w+ )?[yz]a maoni)")],
    "yo": [(r"\bquiz(zes)?\b", r"ìdánwò"), (r"\bmessages?\b(?! me)", r"ìfiránṣẹ́"), (OPTION, r"àṣàyàn"),
           (ID, r"àmì ìdánimọ̀"), (RIGHT_OR_WRONG, r"tọ̀nà"), (NOT_QUITE, r"kò tọ̀nà pátápátá")],
    # "bvunzo" (quiz), not the end of "mubvunzo"/"mibvunzo" (question): "pabvunzo", "yebvunzo", "Bvunzo".
    "sn": [(r"\bquiz(zes)?\b", r"(?<!m[ui])bvunzo"), (OPTION, r"sarudzo")],
}


def _forms(texts: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (texts,) if isinstance(texts, str) else tuple(texts)


@pytest.mark.parametrize("language", sorted(TERMS))
def test_a_key_term_is_said_with_the_catalogs_word_for_it(language: str) -> None:
    with (LOCALES / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        catalog = read_po(source, locale=language)
    wrong = []
    for message in catalog:
        english = " ".join(_forms(message.id))
        if not message.string or " " not in english:  # a Discord command or option name, one word, not a sentence
            continue
        translation = " ".join(form for form in _forms(message.string) if form)
        for term, word in TERMS[language]:
            if (re.search(term, NOT_WORDS.sub("", english), re.IGNORECASE)
                    and not re.search(word, translation, re.IGNORECASE)):
                wrong.append(f"{translation!r} doesn't say {word!r} for {term!r} of {english!r}")
    assert not wrong, "\n".join(wrong)


def test_swahili_kura_alone_is_a_vote() -> None:
    """"kura" alone where the English says poll read "vote" ("kura hii haihesabiwi": this vote counts for nothing)."""
    with (LOCALES / "sw" / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        catalog = read_po(source, locale="sw")
    vote_alone = re.compile(r"\bkura\b(?! (?:\w+ )?[yz]a maoni)", re.IGNORECASE)
    assert [message.string for message in catalog if message.id and message.string
            and vote_alone.search(" ".join(form for form in _forms(message.string) if form))
            and not re.search(r"\bvotes?\b", " ".join(_forms(message.id)), re.IGNORECASE)] == []

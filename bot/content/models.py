"""The shape of a quiz file. Editors get the same rules as a JSON Schema (content/quiz.schema.json)."""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Annotated, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from bot.languages import DEFAULT_LANGUAGE, LanguageCode, is_language_code

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=48)]
NonEmptyText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


def composed(text: str) -> str:
    """``text`` in Unicode's composed form (NFC): a letter and its accent as one code point where one exists. Some
    keyboards type Yoruba's "ọ̀" as three code points (o, U+0323, U+0300), two composed; Telegram and Discord count
    the code points of the text as sent, so it is sent, and counted against their limits, composed."""
    return unicodedata.normalize("NFC", text)


# A text a learner reads, as sent: composed (it shows the same, with fewer code points to count).
ShownText = Annotated[NonEmptyText, AfterValidator(composed)]
# One text in several languages: {"en": "...", "fr": "..."}.
LocalizedText = dict[LanguageCode, ShownText]

EXPLANATION_LIMIT = 200
# A question's prompt and options together, per language: a Discord message (2,000) holds them with the label,
# notices and letters when they don't fit a native poll.
QUESTION_TEXT_LIMIT = 1500
# A question's details, per language: a follow-up message's worth, sent after every answer. With the answer, the
# why_not and the explanation it fits one Discord message (2,000); a longer text belongs in the reference's page.
DETAILS_LIMIT = 1000

_T = TypeVar("_T")
# What starts a Question.content_hash that hashes each option's text with its id: not a hex digit, so none of the
# hashes stored before (16 hex digits) has it.
HASH_MARK = "v2"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Option(_Strict):
    id: Slug
    text: LocalizedText
    why_not: LocalizedText | None = Field(
        default=None, description=f"For a wrong option: why choosing it is wrong, at most {EXPLANATION_LIMIT} "
        "characters per language. Shown first after a learner picks it.")


class Reference(_Strict):
    title: ShownText
    url: Annotated[str, StringConstraints(pattern=r"^https?://\S+$")]


class Question(_Strict):
    id: Slug
    tags: list[Slug] = Field(default_factory=list)
    prompt: LocalizedText
    # 10: the most a Discord poll can show (Telegram allows 12); every question must work on both.
    options: list[Option] = Field(min_length=2, max_length=10)
    answer: Slug = Field(description="The id of the correct option.")
    explanation: LocalizedText = Field(description=f"At most {EXPLANATION_LIMIT} characters per language.")
    details: LocalizedText | None = Field(default=None, description=f"Longer text for a follow-up message, at most "
                                          f"{DETAILS_LIMIT:,} characters per language.")
    reference: Reference | None = None

    def texts(self) -> list[LocalizedText]:
        """Every localized text of this question, for completeness checks."""
        texts = [self.prompt, self.explanation, *(option.text for option in self.options)]
        texts += [option.why_not for option in self.options if option.why_not is not None]
        if self.details is not None:
            texts.append(self.details)
        return texts

    def complete_languages(self) -> frozenset[LanguageCode]:
        """Languages in which every text of this question exists."""
        return self._complete_languages

    @cached_property  # the question is frozen, and every answer asks
    def _complete_languages(self) -> frozenset[LanguageCode]:
        return frozenset.intersection(*(frozenset(text) for text in self.texts()))

    @cached_property  # the question is frozen, and every card read against the catalog compares it
    def content_hash(self) -> str:
        """What the question asks, in English: its prompt, its answer and each option's text with the option's id
        (texts swapped between options, the answer's id kept, change what the answer says). A change here (not a
        typo in a translation) starts a learner's card for it afresh (bot/memory.py), and until then the card is of
        a question new to them (bot/card_questions.py). Stored with each card and review (16 characters), marked
        apart from the hashes stored before (``hashed_as``)."""
        options = sorted(f"{option.id}\x1e{option.text['en']}" for option in self.options)
        digest = hashlib.sha256("\x1f".join([self.prompt["en"], self.answer, *options]).encode()).hexdigest()
        return HASH_MARK + digest[:16 - len(HASH_MARK)]

    def hashed_as(self, digest: str) -> bool:
        """Whether the question is as it was when ``digest``, a content_hash stored with a card or review, was taken.
        One taken before the options' ids were hashed (unmarked) is compared as it was computed then, or every card
        would look changed: it can't tell texts swapped between options, and a review stores the hash of now."""
        if digest.startswith(HASH_MARK):
            return digest == self.content_hash
        return digest == self._hash_before_option_ids

    @cached_property  # every answer compares it
    def options_digest(self) -> str:
        """What the options say, in English, each with its id (12 hex digits): kept with a session's open question,
        so that an answer on options a reload has since reworded or swapped is asked again, not read by id."""
        digest = self.options_digest_of(option.id for option in self.options)
        assert digest is not None  # every option is its own
        return digest

    def options_digest_of(self, option_ids: Iterable[str]) -> str | None:
        """options_digest of these options alone (a game's, as it showed them: one a reload added since is not
        among them); None if one of them is gone."""
        texts = {option.id: option.text["en"] for option in self.options}
        ids = list(option_ids)
        if not all(option_id in texts for option_id in ids):
            return None
        options = sorted(f"{option_id}\x1e{texts[option_id]}" for option_id in ids)
        return hashlib.sha256("\x1f".join(options).encode()).hexdigest()[:12]

    @cached_property  # every vote on a game's question compares them
    def option_digests(self) -> dict[str, str]:
        """What each option says, in English (8 hex digits), by its id: kept with a game's question as asked, so that
        an option reworded since is found even when another is removed (options_digest_of can't tell then)."""
        return {option.id: hashlib.sha256(option.text["en"].encode()).hexdigest()[:8] for option in self.options}

    @cached_property  # every vote on a game's question compares it
    def prompt_digest(self) -> str:
        """What the prompt says, in English (8 hex digits): kept with a game's question as asked beside its
        option_digests, so that a prompt reworded since is found as an option reworded is."""
        return hashlib.sha256(self.prompt["en"].encode()).hexdigest()[:8]

    @cached_property
    def _hash_before_option_ids(self) -> str:
        parts = [self.prompt["en"], self.answer, *sorted(option.text["en"] for option in self.options)]
        return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]

    def with_answer(self, answer: str) -> Question:
        """This question with ``answer`` its key (one a poll showed before a reload named another), its digests
        worked out afresh: model_copy would carry over those already cached for this one (content_hash's key too)."""
        fields = {name: getattr(self, name) for name in Question.model_fields}
        return Question.model_construct(**{**fields, "answer": answer})

    def display_language(self, wanted: str) -> LanguageCode:
        """The wanted language if the question is complete in it, else English as a whole."""
        return wanted if is_language_code(wanted) and wanted in self.complete_languages() else DEFAULT_LANGUAGE

    def option(self, option_id: str) -> Option | None:
        return next((option for option in self.options if option.id == option_id), None)


class Guide(_Strict):
    path: NonEmptyText
    title: LocalizedText


class Quiz(_Strict):
    id: Slug
    difficulty: Literal["easy", "medium", "hard"]
    guide: Guide | None = None
    tags: list[Slug] = Field(default_factory=list)
    title: LocalizedText
    description: LocalizedText
    questions: list[Question] = Field(min_length=1)

    def question(self, question_id: str) -> Question | None:
        return self._questions_by_id.get(question_id)

    @cached_property  # the quiz is frozen, and every answer looks its question up
    def _questions_by_id(self) -> dict[str, Question]:
        # Reversed, so the first of two questions with one id wins, as a scan would (the loader refuses both).
        return {question.id: question for question in reversed(self.questions)}

    def complete_languages(self) -> frozenset[LanguageCode]:
        """Languages in which the whole quiz can be played without falling back to English."""
        sets = [frozenset(self.title), frozenset(self.description)]
        sets += [question.complete_languages() for question in self.questions]
        return frozenset.intersection(*sets)


def in_language(texts: Mapping[LanguageCode, _T], language: str) -> _T | None:
    """The entry for the language, or None; a language no content is written in has none."""
    return texts.get(language) if is_language_code(language) else None


def localized(text: LocalizedText, language: str) -> str:
    """The text in the language, else in English."""
    return in_language(text, language) or text[DEFAULT_LANGUAGE]

"""Linter rules on stems, explanations and wording: cues in the stem, empty explanations, duplicates, glossary."""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Iterator, Sequence

from bot.content.glossary import Glossary, fold
from bot.content.lint_options import Finding
from bot.content.lint_words import (
    STOPWORDS,
    common_subsequence,
    folded_similarity,
    letter_places,
    same_stem,
    similarity,
    simple_words,
    words,
)
from bot.content.models import LocalizedText, Question, Quiz
from bot.languages import LanguageCode

STEM_CUE_LANGUAGE: LanguageCode = "en"  # the source language; translations follow its wording
STEM_WORD_LETTERS = 5  # shorter words are too common to cue anything

# Two prompts this similar are one question asked twice. The shipped prompts reach 0.66 (two "In pipeline
# parallelism, ..." questions); a prompt reworded by a word or two scores above 0.9.
PROMPT_SIMILARITY = 0.8

# An explanation restates the right option when it is nearly its text (difflib ratio) or when it is short and
# almost all its content words (4+ letters, which leaves out "the", "de", "ya") are words of the option.
RESTATE_SIMILARITY = 0.8
RESTATE_MAX_WORDS = 12
RESTATE_SHARE = 0.8
CONTENT_WORD_LETTERS = 4


def stem_cue(quiz: Quiz) -> Iterator[Finding]:
    """A content word of the stem that recurs (in some form) in the right option and in no wrong option."""
    for question in quiz.questions:
        right = question.option(question.answer)
        if right is None or STEM_CUE_LANGUAGE not in question.complete_languages():
            continue
        wrong = [simple_words(option.text[STEM_CUE_LANGUAGE]) for option in question.options if option is not right]
        right_words = simple_words(right.text[STEM_CUE_LANGUAGE])
        cues = [
            word for word in dict.fromkeys(simple_words(question.prompt[STEM_CUE_LANGUAGE]))
            if len(word) >= STEM_WORD_LETTERS and word not in STOPWORDS
            and _has_form(word, right_words) and not any(_has_form(word, option) for option in wrong)
        ]
        if cues:
            yield question.id, (f"[{STEM_CUE_LANGUAGE}] the stem's {', '.join(repr(cue) for cue in cues)} recurs "
                                f"in the right option only: {right.text[STEM_CUE_LANGUAGE]!r}")


def _has_form(word: str, option_words: Sequence[str]) -> bool:
    return any(same_stem(word, other) for other in option_words)


def restates(explanation: str, right: str) -> bool:
    """Whether an explanation only says the right option again, without a reason."""
    if similarity(explanation, right) >= RESTATE_SIMILARITY:
        return True
    said = words(explanation)
    content = {word for word in said if len(word) >= CONTENT_WORD_LETTERS}
    if len(said) > RESTATE_MAX_WORDS or not content:
        return False
    return len(content & set(words(right))) >= RESTATE_SHARE * len(content)


def explanation_restates(quiz: Quiz) -> Iterator[Finding]:
    for question in quiz.questions:
        right = question.option(question.answer)
        for language in sorted(question.complete_languages()):
            if right is not None and restates(question.explanation[language], right.text[language]):
                yield question.id, f"[{language}] the explanation restates the right option and gives no reason"


def near_identical_prompts(quizzes: Sequence[Quiz]) -> Iterator[tuple[Quiz, Question, str]]:
    """Two questions anywhere in the catalog whose prompts are near-identical in a language: the later one is
    named, pairs in catalog order and each pair's languages in alphabetical order."""
    asked = [(quiz, question) for quiz in quizzes for question in quiz.questions]
    languages = sorted({language for _quiz, question in asked for language in question.complete_languages()})
    alike = sorted(pair for language in languages for pair in _alike_prompts(asked, language))
    for first, second, language, ratio in alike:
        (earlier, one), (quiz, other) = asked[first], asked[second]
        yield quiz, other, (f"[{language}] the prompt is near-identical to {earlier.id}/{one.id}'s "
                            f"(similarity {ratio:.2f}, limit {PROMPT_SIMILARITY})")


def _alike_prompts(asked: Sequence[tuple[Quiz, Question]], language: str) -> Iterator[tuple[int, int, str, float]]:
    """(index, later index, language, ratio) of the prompts in ``language`` at least PROMPT_SIMILARITY alike.

    Comparing every pair with difflib's ratio takes minutes on a few thousand questions; its upper bounds rule
    out almost every pair first. real_quick_ratio() (2*shorter/both lengths) only falls as the other prompt
    grows, so with prompts sorted by length a prompt meets only the next ones until it falls under the limit;
    quick_ratio() (letters in common, in any order) and the longest common subsequence (which difflib's matching
    blocks are one of) rule out most of those."""
    folded = {index: fold(question.prompt[language]) for index, (_quiz, question) in enumerate(asked)
              if language in question.complete_languages()}
    by_length = sorted(folded, key=lambda index: (len(folded[index]), index))
    bounds = difflib.SequenceMatcher(None, autojunk=False)
    for place, index in enumerate(by_length):
        bounds.set_seq2(folded[index])  # the shorter of each pair: its letter counts are kept for quick_ratio
        places = letter_places(folded[index])
        for other in itertools.islice(by_length, place + 1, None):
            bounds.set_seq1(folded[other])
            if bounds.real_quick_ratio() < PROMPT_SIMILARITY:
                break  # every prompt after it is as long or longer: none can reach the limit
            if bounds.quick_ratio() < PROMPT_SIMILARITY:
                continue
            both = len(folded[index]) + len(folded[other])
            if 2.0 * common_subsequence(folded[other], folded[index], places) / both < PROMPT_SIMILARITY:
                continue  # as difflib computes ratio from its matches, so that the bound can't round above it
            first, second = sorted((index, other))  # ratio may differ with its texts swapped: keep catalog order
            ratio = folded_similarity(folded[first], folded[second])
            if ratio >= PROMPT_SIMILARITY:
                yield first, second, language, ratio


def named_texts(quiz: Quiz) -> Iterator[tuple[str | None, str, LocalizedText]]:
    """Every text of a quiz a learner reads: (question id or None, which text, the text)."""
    yield None, "title", quiz.title
    yield None, "description", quiz.description
    if quiz.guide is not None:
        yield None, "guide title", quiz.guide.title
    for question in quiz.questions:
        yield question.id, "prompt", question.prompt
        for option in question.options:
            yield question.id, f"option {option.id!r}", option.text
            if option.why_not is not None:
                yield question.id, f"why_not of {option.id!r}", option.why_not
        yield question.id, "explanation", question.explanation
        if question.details is not None:
            yield question.id, "details", question.details


def glossary_variants(quiz: Quiz, glossary: Glossary) -> Iterator[Finding]:
    """A text uses a variant the glossary says to avoid in its language."""
    for question_id, name, text in named_texts(quiz):
        for language, value in sorted(text.items()):
            for use in glossary.uses(language, value):
                yield question_id, (f"[{language}] the {name} uses {use.variant!r}; the glossary's term for "
                                    f"{use.concept!r} is {use.preferred!r}")

"""Linter rules on a question's options: answer cues in length and wording, and feedback for each wrong option."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from bot.content.lint_words import ABOVE_PHRASES, ABSOLUTES, absolutes_in, has_phrase, similarity
from bot.content.models import Option, Question, Quiz
from bot.languages import LanguageCode

Finding = tuple[str | None, str]  # (question id or None for the whole quiz, message)

# A learner who always picks the longest option should not beat chance (1 in 4) by much.
LONGEST_RIGHT_SHARE = 0.25
# Two options this similar read as one (difflib ratio, folded). The shipped options reach 0.78 (two "By ...
# all-reduce ... backward pass" timings); "Saves memory at the cost of traffic" / "... of the traffic" is 0.95.
OPTION_SIMILARITY = 0.85


def _languages(question: Question) -> list[LanguageCode]:
    return sorted(question.complete_languages())


def _wrong(question: Question) -> list[Option]:
    return [option for option in question.options if option.id != question.answer]


def right_is_longest(question: Question, language: LanguageCode) -> bool:
    """Whether the right option is the longest of its question in the language; a tie counts."""
    lengths = [len(option.text[language]) for option in question.options]
    right = question.option(question.answer)
    return right is not None and len(right.text[language]) == max(lengths)


def longest_right(quiz: Quiz) -> Iterator[Finding]:
    """The right option is the longest in more than a quarter of the quiz's questions, per language."""
    languages = sorted(set().union(*(question.complete_languages() for question in quiz.questions)))
    for language in languages:
        asked = [question for question in quiz.questions if language in question.complete_languages()]
        longest = [question.id for question in asked if right_is_longest(question, language)]
        if len(longest) > LONGEST_RIGHT_SHARE * len(asked):
            # The noun goes with the first count: "1 question out of 1", "2 questions out of 8".
            questions = "question" if len(longest) == 1 else "questions"
            yield None, (f"[{language}] the right option is the longest in {len(longest)} {questions} out of "
                         f"{len(asked)} (at most a quarter): {', '.join(longest)}")


def absolute_only_in_wrong(quiz: Quiz) -> Iterator[Finding]:
    """An absolute word ("never", "only") in wrong options but not in the right one tells the answer."""
    for question in quiz.questions:
        right = question.option(question.answer)
        for language in _languages(question):
            if right is None or language not in ABSOLUTES:
                continue
            in_right = absolutes_in(right.text[language], language)
            in_wrong = {option.id: absolutes_in(option.text[language], language) - in_right
                        for option in _wrong(question)}
            cues = [f"{word!r} (in {', '.join(option for option, found in in_wrong.items() if word in found)})"
                    for word in ABSOLUTES[language] if any(word in found for found in in_wrong.values())]
            if cues:
                yield question.id, f"[{language}] absolute words only in wrong options: {'; '.join(cues)}"


def all_none_of_the_above(quiz: Quiz) -> Iterator[Finding]:
    """An option that points at the others ("all of the above") tests test-taking, not the topic."""
    for question in quiz.questions:
        for option in question.options:
            for language, text in sorted(option.text.items()):
                phrase = next((p for p in ABOVE_PHRASES.get(language, ()) if has_phrase(text, p)), None)
                if phrase is not None:
                    yield question.id, f"[{language}] option {option.id!r} says {phrase!r}: {text!r}"


def near_identical_options(quiz: Quiz) -> Iterator[Finding]:
    """Two options of a question that a learner can hardly tell apart."""
    for question in quiz.questions:
        for language in _languages(question):
            for first, second in itertools.combinations(question.options, 2):
                ratio = similarity(first.text[language], second.text[language])
                if ratio >= OPTION_SIMILARITY:
                    yield question.id, (f"[{language}] options {first.id!r} and {second.id!r} are near-identical "
                                        f"(similarity {ratio:.2f}, limit {OPTION_SIMILARITY})")


def missing_why_not(quiz: Quiz) -> Iterator[Finding]:
    """Every wrong option says why it is wrong: a lure left uncorrected teaches the wrong fact."""
    for question in quiz.questions:
        missing = [option.id for option in _wrong(question) if option.why_not is None]
        if missing:
            yield question.id, f"wrong options without why_not: {', '.join(missing)}"

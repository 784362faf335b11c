"""Names an author should hear about, though the content loads: a quiz file named otherwise than its quiz, and a
question tag without a concept name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.content.concepts import CONCEPTS_FILE, concept_name
from bot.content.models import LocalizedText, Quiz
from bot.content.problems import ContentProblem
from bot.languages import DEFAULT_LANGUAGE


def file_name_warnings(files: Sequence[tuple[str, Quiz]]) -> list[ContentProblem]:
    """A warning, not a problem: quizzes are found by id alone, so the content works; but the id is the key of
    every learner's progress, and an author who goes by the file name may change the id and orphan that progress,
    or look for a file the linter names by the id."""
    return [ContentProblem(name, None, f"the quiz id is {quiz.id!r}: name the file {quiz.id}.yaml (keep the id, "
                                       "which learners' progress is kept under)")
            for name, quiz in files if name not in (f"{quiz.id}.yaml", f"{quiz.id}.yml")]


def unnamed_tag_warnings(files: Sequence[tuple[str, Quiz]],
                         names: Mapping[str, LocalizedText]) -> list[ContentProblem]:
    """Each tag that concepts.yaml doesn't name, at the first question that uses it: learners see the raw tag
    beside their mastery of it."""
    uses: dict[str, list[tuple[str, str]]] = {}
    for name, quiz in files:
        for question in quiz.questions:
            for tag in question.tags:
                if tag not in names:
                    uses.setdefault(tag, []).append((name, question.id))
    warnings = []
    for tag, places in uses.items():
        (name, question_id), others = places[0], len(places) - 1
        also = (f"; {others} other question uses it too" if others == 1
                else f"; {others} other questions use it too" if others else "")
        warnings.append(ContentProblem(name, question_id, f"the tag {tag!r} has no name in {CONCEPTS_FILE}: "
                                       f"learners see {concept_name({}, tag, DEFAULT_LANGUAGE)!r}{also}"))
    return warnings

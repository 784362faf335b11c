"""The item-writing linter: warnings about quizzes that test reading skill instead of knowledge.

The rules follow the item-writing guidelines of Haladyna, Downing & Rodriguez (2002); `quiztutor validate`
prints the warnings and `--strict` makes them errors. Each rule's thresholds are documented where it lives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bot.content.glossary import Glossary
from bot.content.lint_options import (
    Finding,
    absolute_only_in_wrong,
    all_none_of_the_above,
    longest_right,
    missing_why_not,
    near_identical_options,
)
from bot.content.lint_texts import explanation_restates, glossary_variants, near_identical_prompts, stem_cue
from bot.content.models import Quiz
from bot.content.text_rules import printable

QUIZ_RULES: dict[str, Callable[[Quiz], Iterator[Finding]]] = {
    "longest-right": longest_right,
    "absolute-only-in-wrong": absolute_only_in_wrong,
    "all-none-of-the-above": all_none_of_the_above,
    "near-identical": near_identical_options,
    "stem-cue": stem_cue,
    "explanation-restates": explanation_restates,
    "missing-why-not": missing_why_not,
}
RULES = (*QUIZ_RULES, "glossary-variant")


@dataclass(frozen=True)
class LintWarning:
    file: str
    question_id: str | None
    rule: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.question_id is None else f"{self.file}, question {self.question_id!r}"
        return printable(f"{where}: {self.rule}: {self.message}")


def quiz_file(quiz: Quiz) -> str:
    return f"{quiz.id}.yaml"


def lint(quizzes: Sequence[Quiz], glossary: Glossary | None = None) -> list[LintWarning]:
    """Every warning for the catalog, in file and question order."""
    warnings = [LintWarning(quiz_file(quiz), question_id, rule, message)
                for quiz in quizzes for rule, check in QUIZ_RULES.items() for question_id, message in check(quiz)]
    warnings += [LintWarning(quiz_file(quiz), question.id, "near-identical", message)
                 for quiz, question, message in near_identical_prompts(quizzes)]
    if glossary is not None:
        warnings += [LintWarning(quiz_file(quiz), question_id, "glossary-variant", message)
                     for quiz in quizzes for question_id, message in glossary_variants(quiz, glossary)]
    order = {quiz.id: {question.id: index for index, question in enumerate(quiz.questions)} for quiz in quizzes}

    def place(warning: LintWarning) -> tuple[str, int, int]:
        questions = order.get(warning.file.removesuffix(".yaml"), {})
        index = -1 if warning.question_id is None else questions.get(warning.question_id, len(questions))
        return warning.file, index, RULES.index(warning.rule)

    return sorted(warnings, key=place)

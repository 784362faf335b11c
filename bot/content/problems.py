"""A content problem: what is wrong, in which file, and in which question."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from bot.content.text_rules import printable
from bot.said import N_, Said, Translate, said


@dataclass(frozen=True)
class ContentProblem:
    file: str
    question_id: str | None
    message: str  # in English, for validate's output and for comparing
    # The sentence behind ``message``, for /reload to say in the admin's language; None for a warning only
    # validate and lint give (they speak English), whose ``message`` is said as it is.
    sentence: Said | None = field(default=None, compare=False)

    @classmethod
    def of(cls, file: str, question_id: str | None, sentence: Said) -> ContentProblem:
        return cls(file, question_id, sentence.english(), sentence)

    def __str__(self) -> str:
        # Printed by validate: a file name or key with ESC must not drive the terminal.
        where = self.file if self.question_id is None else f"{self.file}, question {self.question_id!r}"
        return printable(f"{where}: {self.message}")

    def said(self, _: Translate) -> str:
        """The whole line, file and question included, in the language of ``_`` (sent by /reload). What comes
        from the files is made printable, not the translation around it (French's no-break spaces)."""
        problem = self.sentence.said(_, printable) if self.sentence is not None else printable(self.message)
        if self.question_id is None:
            # Translators: a content problem for /reload: a quiz file's name and what is wrong in it.
            frame = N_("{file}: {problem}")
            return _(frame, file=printable(self.file), problem=problem)
        # Translators: {question} is the question's id in quotes, as written in the quiz file.
        frame = N_("{file}, question {question}: {problem}")
        return _(frame, file=printable(self.file), question=printable(repr(self.question_id)), problem=problem)


def field_problem(field_path: str, detail: str) -> Said:
    """A pydantic field error the project has no sentence of its own for: its detail is kept as pydantic says it."""
    # Translators: {field} is where in the file (options, prompt.fr); {detail} stays in English (pydantic's).
    frame = N_("field {field}: {detail}")
    return said(frame, field=field_path, detail=detail)


def _reading_order(problem: ContentProblem) -> tuple[str, bool, str, list[tuple[str, int]]]:
    # A file's own problems (no question) come before its questions'; None can't be compared with a question id.
    return problem.file, problem.question_id is not None, problem.question_id or "", _numbers_as_numbers(
        problem.message)


def _numbers_as_numbers(text: str) -> list[tuple[str, int]]:
    """``text`` to sort by with its numbers compared as numbers: "line 3" before "line 13", as an editor shows
    them (a text would put it after)."""
    return [(words, int(number or 0)) for words, number in re.findall(r"(\D*)(\d*)", text) if words or number]


class ContentError(Exception):
    """Content failed validation; ``problems`` lists every problem found."""

    def __init__(self, problems: list[ContentProblem]) -> None:
        self.problems = sorted(problems, key=_reading_order)
        super().__init__()

    def __str__(self) -> str:
        return self.message

    @cached_property
    def message(self) -> str:
        """Every problem, one a line; said when read, once. A reload reads only ``problems``, and load_catalog
        gathers them into another error: a million problems (a 1 MB file of broken questions) took seconds each."""
        return "\n".join(str(problem) for problem in self.problems)

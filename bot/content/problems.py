"""A content problem: what is wrong, in which file, and in which question."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class ContentProblem:
    file: str
    question_id: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.question_id is None else f"{self.file}, question {self.question_id!r}"
        return f"{where}: {self.message}"


class ContentError(Exception):
    """Content failed validation; ``problems`` lists every problem found."""

    def __init__(self, problems: list[ContentProblem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))

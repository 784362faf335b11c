"""A content problem: what is wrong, in which file, and in which question."""

from __future__ import annotations

from dataclasses import dataclass

from bot.content.text_rules import printable


@dataclass(frozen=True)
class ContentProblem:
    file: str
    question_id: str | None
    message: str

    def __str__(self) -> str:
        # Printed by validate and sent by /reload: a file name or key with ESC must not drive the terminal.
        where = self.file if self.question_id is None else f"{self.file}, question {self.question_id!r}"
        return printable(f"{where}: {self.message}")


def _reading_order(problem: ContentProblem) -> tuple[str, bool, str, str]:
    # A file's own problems (no question) come before its questions'; None can't be compared with a question id.
    return problem.file, problem.question_id is not None, problem.question_id or "", problem.message


class ContentError(Exception):
    """Content failed validation; ``problems`` lists every problem found."""

    def __init__(self, problems: list[ContentProblem]) -> None:
        self.problems = sorted(problems, key=_reading_order)
        super().__init__("\n".join(str(problem) for problem in self.problems))

"""A ContentError's message (every problem, one a line) is said when read, once: not when the error is raised, nor
again when load_catalog gathers the quizzes' and the concepts' problems into another. A reload reads only the
problems, so a 1 MB file of broken questions (a million problems) no longer spent most of its 25 s on two
messages nobody read."""

from __future__ import annotations

from bot.content.problems import ContentError, ContentProblem


def test_the_message_is_said_once_when_read_and_not_when_raised_or_gathered() -> None:
    said: list[str] = []

    class Counted(ContentProblem):  # a problem that notes each time it is said
        def __str__(self) -> str:
            said.append(self.file)
            return super().__str__()

    problems: list[ContentProblem] = [Counted("b.yaml", "#1", "unknown key 'x'"), Counted("a.yaml", None, "no quiz id")]
    gathered = ContentError(ContentError(problems).problems)  # as load_catalog gathers a loader's problems
    assert said == []
    assert str(gathered) == "a.yaml: no quiz id\nb.yaml, question '#1': unknown key 'x'"
    assert str(gathered) == f"{gathered}"  # read again: the same, not said again
    assert sorted(said) == ["a.yaml", "b.yaml"]

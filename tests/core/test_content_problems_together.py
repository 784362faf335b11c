"""A question with a problem of shape (an unknown language, a missing explanation) still has its answer key
checked: validate lists both at once, rather than the wrong key only once the first is fixed."""

from __future__ import annotations

from pathlib import Path

from bot.content.problems import ContentProblem
from tests.core.content_files import a_quiz, problems_in, write


def test_a_wrong_answer_key_is_named_beside_a_problem_of_shape(tmp_path: Path) -> None:
    quiz = a_quiz()
    question = quiz["questions"][0]
    question["prompt"]["xx"] = question["prompt"].pop("fr")
    question["answer"] = "maybe"
    write(tmp_path, "two.yaml", quiz)
    listed = problems_in(tmp_path)
    assert ContentProblem("two.yaml", "q1", "the answer 'maybe' is not one of its options (right, wrong)") in listed
    assert [problem.question_id for problem in listed] == ["q1", "q1"], listed


def test_an_option_id_used_twice_is_named_beside_a_problem_of_shape(tmp_path: Path) -> None:
    quiz = a_quiz()
    question = quiz["questions"][1]
    del question["explanation"]
    question["options"][1]["id"] = "right"
    write(tmp_path, "twice.yaml", quiz)
    assert problems_in(tmp_path) == [
        ContentProblem("twice.yaml", "q2", "missing 'explanation'"),
        ContentProblem("twice.yaml", "q2", "the option id 'right' is used 2 times"),
    ]


def test_options_too_broken_to_read_add_nothing_more(tmp_path: Path) -> None:
    quiz = a_quiz()
    question = quiz["questions"][0]
    question["options"] = "right, wrong"
    question["answer"] = ["right"]
    write(tmp_path, "broken.yaml", quiz)
    listed = problems_in(tmp_path)
    assert listed and all("is not one of its options" not in problem.message for problem in listed), listed

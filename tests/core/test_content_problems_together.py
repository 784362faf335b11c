"""A question with a problem of shape (an unknown language, a missing explanation) still has its other rules
checked: validate lists them all at once, rather than the next only once the first is fixed. A key it should not
have (an unknown language, a misspelt key) is left out to check the rest; with a key missing, its answer key
still is."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.content.problems import ContentProblem
from bot.languages import unknown_code
from tests.core.content_files import a_quiz, problems_in, write


def test_a_wrong_answer_key_is_named_beside_a_problem_of_shape(tmp_path: Path) -> None:
    quiz = a_quiz()
    question = quiz["questions"][0]
    question["prompt"]["xx"] = question["prompt"].pop("fr")
    question["answer"] = "maybe"
    write(tmp_path, "two.yaml", quiz)
    assert sorted((problem.question_id, problem.message) for problem in problems_in(tmp_path)) == sorted([
        ("q1", f"prompt.xx: {unknown_code()}"),
        ("q1", "language 'fr' is incomplete: missing in prompt"),  # what renaming fr to xx left behind
        ("q1", "the answer 'maybe' is not one of its options (right, wrong)"),
    ])


def test_an_explanation_too_long_is_named_beside_a_misspelt_key(tmp_path: Path) -> None:
    quiz = a_quiz()
    question = quiz["questions"][1]
    question["options"][0]["why_nto"] = {"en": "Not this."}
    question["explanation"]["en"] = "x" * 201
    write(tmp_path, "typo.yaml", quiz)
    listed = sorted((problem.question_id, problem.message) for problem in problems_in(tmp_path))
    assert [question_id for question_id, _ in listed] == ["q2", "q2"], listed
    assert listed[0][1].startswith("the en explanation has 201 characters; the limit is 200")
    assert listed[1][1] == "unknown key 'why_nto' in options.0"


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


def test_a_quiz_id_two_files_share_is_named_beside_the_other_problems_of_either(tmp_path: Path) -> None:
    write(tmp_path, "first.yaml", a_quiz("same"))
    broken = a_quiz("same")
    broken["questions"][0]["answer"] = "nowhere"
    write(tmp_path, "second.yaml", broken)
    assert sorted((problem.file, problem.question_id, problem.message) for problem in problems_in(tmp_path)) == [
        ("quizzes", None, "the quiz id 'same' is used by several files: first.yaml, second.yaml"),
        ("second.yaml", "q1", "the answer 'nowhere' is not one of its options (right, wrong)"),
    ]


def test_the_quiz_id_of_review_rounds_is_refused(tmp_path: Path) -> None:
    """Sessions of id ``review`` are review rounds: a quiz of that id would play as a broken one."""
    write(tmp_path, "review.yaml", a_quiz("review"))
    assert [(problem.file, problem.question_id, problem.message) for problem in problems_in(tmp_path)] == [
        ("review.yaml", None, "the quiz id 'review' is the bot's own, for review rounds: choose another")]


def test_a_text_left_empty_a_bad_tag_id_or_link_leave_the_questions_other_rules_checked(tmp_path: Path) -> None:
    """A value of the wrong kind in one text, a tag or an id not written as one, a reference's link: each is
    named, and so is what else is wrong in that question (here a French explanation over the limit), not one
    round later."""
    quiz = a_quiz()
    first, second = quiz["questions"]
    first["options"][1]["text"]["fr"] = ""
    first["tags"] = ["Collectives"]
    first["explanation"]["fr"] = "x" * 201
    second["id"] = "Q2"
    second["prompt"]["fr"] = None
    second["reference"] = {"title": "NCCL", "url": "ftp://nccl"}
    second["explanation"]["fr"] = "y" * 202
    write(tmp_path, "mixed.yaml", quiz)
    listed = sorted((problem.question_id or "", problem.message) for problem in problems_in(tmp_path))
    assert [(question_id, message.split(" (")[0]) for question_id, message in listed] == [
        ("Q2", "id: 'Q2' is not an id: use lowercase letters, digits and dashes"),
        ("Q2", "prompt.fr: YAML read this as nothing"),
        ("Q2", "reference.url: a link starts with http:// or https://"),
        ("Q2", "the fr explanation has 202 characters; the limit is 200"),
        ("q1", "options.1.text.fr: the text is empty"),
        ("q1", "tags.0: 'Collectives' is not a tag: use lowercase letters, digits and dashes"),
        ("q1", "the fr explanation has 201 characters; the limit is 200"),
    ], listed


def test_every_key_written_twice_is_named_with_its_line_not_only_the_first(tmp_path: Path) -> None:
    """A block pasted twice leaves several keys twice: each is named at once, rather than one a reload, in the
    order of their lines (line 3 before line 13, not after it as text sorts)."""
    text = yaml.safe_dump(a_quiz(), allow_unicode=True, sort_keys=False)
    text = text.replace("difficulty: easy\n", "difficulty: easy\ndifficulty: hard\n")
    text = text.replace("  answer: right\n", "  answer: right\n  answer: wrong\n")  # in both questions
    write(tmp_path, "pasted.yaml", text)
    lines = text.splitlines()
    answers = [number for number, line in enumerate(lines, 1) if line == "  answer: wrong"]
    assert len(answers) == 2
    assert [(problem.question_id, problem.message) for problem in problems_in(tmp_path)] == [
        (None, "invalid YAML, line 3: the key 'difficulty' is written twice"),
        *((None, f"invalid YAML, line {number}: the key 'answer' is written twice") for number in answers)]


def test_a_question_without_its_explanation_still_has_its_other_texts_checked(tmp_path: Path) -> None:
    """The explanation (or the prompt, or an option's text) left out: the rest of the question is read, so a why_not
    over the limit and a translation missing in one option are named with it."""
    quiz = a_quiz()
    question = quiz["questions"][0]
    del question["explanation"]
    question["options"][1]["why_not"] = {"en": "w" * 201, "fr": "Non."}
    del question["options"][0]["text"]["fr"]
    second = quiz["questions"][1]
    del second["prompt"]
    second["explanation"]["fr"] = "z" * 203
    write(tmp_path, "left-out.yaml", quiz)
    listed = sorted((problem.question_id or "", problem.message) for problem in problems_in(tmp_path))
    assert [(question_id, message.split(";")[0]) for question_id, message in listed] == [
        ("q1", "language 'fr' is incomplete: missing in option 'right'"),
        ("q1", "missing 'explanation'"),
        ("q1", "the en why_not of option 'wrong' has 201 characters"),
        ("q2", "missing 'prompt'"),
        ("q2", "the fr explanation has 203 characters"),
    ], listed


def test_a_text_key_left_with_nothing_after_it_still_has_the_rest_of_the_question_checked(tmp_path: Path) -> None:
    """`explanation:` with nothing after it is YAML's null: told as such, and the question's other rules run."""
    quiz = a_quiz()
    question = quiz["questions"][0]
    question["explanation"] = None
    question["options"][1]["why_not"] = {"en": "w" * 205, "fr": "Non."}
    write(tmp_path, "blank.yaml", quiz)
    listed = sorted(problem.message.split(";")[0] for problem in problems_in(tmp_path))
    assert [message.split(",")[0] for message in listed] == [
        "explanation: YAML read this as nothing (~ or null)", "the en why_not of option 'wrong' has 205 characters"]

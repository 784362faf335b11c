"""Content validation: each broken quiz file gets its own clear error, naming the file and the question."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from bot.content.loader import load_quizzes
from bot.content.problems import ContentError, ContentProblem
from bot.languages import unknown_code
from content import default_content_dir
from tests.core.content_files import a_quiz, only_problem, problems_in, write


def test_a_valid_quiz_loads(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    (quiz,) = load_quizzes(tmp_path)
    assert [question.id for question in quiz.questions] == ["q1", "q2"]
    assert quiz.complete_languages() == {"en", "fr"}


def test_an_editors_hidden_files_are_not_read_as_quizzes(tmp_path: Path) -> None:
    """Emacs's lock link (broken) and a hidden backup copy stopped validate, start-up and /reload while someone
    edited the content: "can't be read", or "the quiz id is used by several files"."""
    write(tmp_path, "sample.yaml", a_quiz())
    folder = tmp_path / "quizzes"
    (folder / ".#sample.yaml").symlink_to("ada@laptop.4242:1700000000")
    (folder / ".sample.yaml").write_text((folder / "sample.yaml").read_text())
    (folder / ".old.json").write_text("{}")
    assert [quiz.id for quiz in load_quizzes(tmp_path)] == ["sample"]


def test_yes_no_on_and_off_are_words_not_booleans(tmp_path: Path) -> None:
    """YAML 1.1 reads them as booleans: an option `en: No` was refused as "Input should be a valid string"."""
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "yes-no.yaml").write_text(
        "id: yes-no\ndifficulty: easy\ntitle: {en: Yes or no}\ndescription: {en: One question}\nquestions:\n"
        "  - id: q1\n    prompt: {en: 'Does ZeRO-3 shard the parameters?'}\n    answer: yes\n"
        "    explanation: {en: Stage 3 shards them.}\n    options:\n"
        "      - {id: yes, text: {en: Yes}}\n      - {id: no, text: {en: No}}\n      - {id: off, text: {en: Off}}\n")
    (quiz,) = load_quizzes(tmp_path)
    (question,) = quiz.questions
    assert [(option.id, option.text["en"]) for option in question.options] == [
        ("yes", "Yes"), ("no", "No"), ("off", "Off")]
    assert question.answer == "yes"


def test_a_file_not_in_utf_8_names_the_line(tmp_path: Path) -> None:
    """It gave Python's "can't decode byte 0xe9 in position 61", a byte offset nobody can find in an editor."""
    text = yaml.safe_dump(a_quiz(), allow_unicode=True, sort_keys=False)
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "latin1.yaml").write_bytes(text.replace("Sample", "Résumé").encode("latin-1"))
    line = next(number for number, row in enumerate(text.replace("Sample", "Résumé").splitlines(), start=1)
                if "Résumé" in row)
    assert only_problem(tmp_path) == ContentProblem(
        "latin1.yaml", None, f"not read: line {line} is not UTF-8 (byte 0xE9): save the file as UTF-8")


def test_a_value_yaml_reads_as_no_text_says_to_quote_it(tmp_path: Path) -> None:
    """It said pydantic's "Input should be a valid string": 1:30 is YAML 1.1's 90, 2024-01-01 a date, ~ nothing."""
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "t.yaml").write_text(
        "id: t\ndifficulty: easy\ntitle: {en: T}\ndescription: {en: D}\nquestions:\n"
        "  - id: q1\n    prompt: {en: 'When is it'}\n    answer: a\n    explanation: {en: ~}\n    options:\n"
        "      - {id: a, text: {en: 1:30}}\n      - {id: b, text: {en: 2024-01-01}}\n")
    assert [problem.message for problem in problems_in(tmp_path)] == [
        "explanation.en: YAML read this as nothing (~ or null), not text: put it in quotes",
        "options.0.text.en: YAML read this as the number 90, not text: put it in quotes",
        "options.1.text.en: YAML read this as a date, not text: put it in quotes"]


def test_a_yaml_syntax_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    write(tmp_path, "bad.yaml", "id: bad\ndifficulty: easy\ntitle: {en: Bad\nquestions: []\n")
    problem = only_problem(tmp_path)
    assert problem.file == "bad.yaml"
    assert problem.message.startswith("invalid YAML, line 4:")


def test_a_key_written_twice_names_the_key_and_its_line(tmp_path: Path) -> None:
    text = yaml.safe_dump(a_quiz(), allow_unicode=True, sort_keys=False)
    text = text.replace("difficulty: easy\n", "difficulty: easy\ndifficulty: hard\n")
    write(tmp_path, "twice.yaml", text)
    problem = only_problem(tmp_path)
    assert problem.file == "twice.yaml"
    assert problem.message == "invalid YAML, line 3: the key 'difficulty' is written twice"


def test_an_unknown_key_in_a_question_is_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["hint"] = {"en": "Think."}
    write(tmp_path, "extra.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem("extra.yaml", "q2", "unknown key 'hint'")


def test_an_id_that_is_not_lowercase_words_says_what_an_id_may_hold(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["options"][0]["id"] = "Constant"
    write(tmp_path, "ids.yaml", quiz)
    assert [problem.message for problem in problems_in(tmp_path)] == [  # the answer was that option, "right"
        "options.0.id: 'Constant' is not an id: use lowercase letters, digits and dashes (all-reduce)",
        "the answer 'right' is not one of its options (Constant, wrong)"]
    quiz["questions"][1]["options"][0]["id"] = quiz["questions"][1]["answer"] = "constant"
    quiz["questions"][1]["tags"] = ["Memory"]
    quiz["questions"][1]["reference"] = {"title": "Docs", "url": "ftp://example.org"}
    write(tmp_path, "ids.yaml", quiz)
    assert {problem.message for problem in problems_in(tmp_path)} == {
        "tags.0: 'Memory' is not a tag: use lowercase letters, digits and dashes (all-reduce)",
        "reference.url: a link starts with http:// or https://"}


def test_an_unknown_key_at_the_top_is_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["author"] = "someone"
    write(tmp_path, "extra.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem("extra.yaml", None, "unknown key 'author'")


def test_an_answer_that_is_not_an_option_is_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["answer"] = "maybe"
    write(tmp_path, "answer.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "answer.yaml", "q1", "the answer 'maybe' is not one of its options (right, wrong)")


def test_duplicate_question_ids_are_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["id"] = "q1"
    write(tmp_path, "dup.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem("dup.yaml", "q1", "this question id is used more than once")


def test_duplicate_option_ids_are_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["options"][1]["id"] = "right"
    write(tmp_path, "options.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem("options.yaml", "q2", "the option id 'right' is used 2 times")


def test_a_language_incomplete_in_one_question_names_what_is_missing(tmp_path: Path) -> None:
    quiz = a_quiz()
    del quiz["questions"][1]["options"][0]["text"]["fr"]
    write(tmp_path, "partial.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "partial.yaml", "q2", "language 'fr' is incomplete: missing in option 'right'")


def test_an_unknown_language_code_is_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["prompt"]["de"] = "Frage?"
    write(tmp_path, "german.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("german.yaml", "q1")
    assert problem.message == f"prompt.de: {unknown_code()}"


def test_an_explanation_over_200_characters_is_refused(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["explanation"]["fr"] = "x" * 201
    write(tmp_path, "long.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("long.yaml", "q2")
    assert problem.message.startswith("the fr explanation has 201 characters; the limit is 200")


def test_a_prompt_and_options_too_long_for_one_message_are_refused_at_1500_characters(tmp_path: Path) -> None:
    quiz = a_quiz()
    options = quiz["questions"][0]["options"]
    texts = len(options[0]["text"]["en"]) + len(options[1]["text"]["en"])
    quiz["questions"][0]["prompt"]["en"] = "x" * (1500 - texts)  # exactly the limit: fine
    quiz["questions"][1]["prompt"]["en"] = "x" * (1501 - texts)
    write(tmp_path, "long.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("long.yaml", "q2")
    assert problem.message == ("the en prompt and options have 1501 characters together; the limit is 1500, so that "
                               "the question fits one chat message")


def test_an_explanation_of_exactly_200_characters_is_fine(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["explanation"]["fr"] = "x" * 200
    write(tmp_path, "limit.yaml", quiz)
    assert len(load_quizzes(tmp_path)) == 1


def test_a_question_without_english_is_refused(tmp_path: Path) -> None:
    quiz = a_quiz()
    question = quiz["questions"][0]
    for text in (question["prompt"], question["explanation"], *(o["text"] for o in question["options"])):
        del text["en"]
    write(tmp_path, "french.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "french.yaml", "q1",
        "language 'en' is incomplete: missing in prompt, explanation, option 'right', option 'wrong'")


def test_a_quiz_title_without_english_is_refused(tmp_path: Path) -> None:
    quiz = a_quiz()
    del quiz["title"]["en"]
    write(tmp_path, "title.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("title.yaml", None)
    assert "title" in problem.message and "'en'" in problem.message


def test_an_empty_directory_is_reported(tmp_path: Path) -> None:
    (tmp_path / "quizzes").mkdir()
    problem = only_problem(tmp_path)
    assert problem.message == "no quiz files (*.yaml or *.yml) found"


def test_a_missing_directory_is_reported(tmp_path: Path) -> None:
    assert only_problem(tmp_path).message == "no such directory (give the folder that contains quizzes/)"


def test_every_problem_of_several_broken_files_is_reported_at_once(tmp_path: Path) -> None:
    write(tmp_path, "a-syntax.yaml", "id: [oops\n")
    answer, languages, good = a_quiz("b"), a_quiz("c"), a_quiz("d")
    answer["questions"][0]["answer"] = "nope"
    answer["questions"][1]["options"][0]["id"] = "wrong"  # two problems in one question
    del languages["questions"][1]["prompt"]["fr"]
    write(tmp_path, "b-answer.yaml", answer)
    write(tmp_path, "c-languages.yaml", languages)
    write(tmp_path, "d-good.yaml", good)
    write(tmp_path, "e-same-id.yaml", copy.deepcopy(good))
    problems = problems_in(tmp_path)
    where = [(problem.file, problem.question_id) for problem in problems]
    assert where == [("a-syntax.yaml", None), ("b-answer.yaml", "q1"), ("b-answer.yaml", "q2"),
                     ("b-answer.yaml", "q2"), ("c-languages.yaml", "q2"), ("quizzes", None)]
    assert problems[-1].message == "the quiz id 'd' is used by several files: d-good.yaml, e-same-id.yaml"


def test_every_shipped_quiz_loads_without_problems() -> None:
    quizzes = load_quizzes(default_content_dir())
    assert quizzes, "the shipped content has no quizzes"
    for quiz in quizzes:
        assert "en" in quiz.complete_languages(), quiz.id


def test_a_question_with_more_options_than_a_discord_poll_can_show_is_refused(tmp_path: Path) -> None:
    options = "\n".join(f"      - {{id: o{n}, text: {{en: Option {n}}}}}" for n in range(11))
    folder = tmp_path / "quizzes"
    folder.mkdir()
    (folder / "many.yaml").write_text(
        "id: many\ndifficulty: easy\ntitle: {en: Many}\ndescription: {en: Many}\nquestions:\n"
        f"  - id: q\n    answer: o1\n    prompt: {{en: Q}}\n    explanation: {{en: E}}\n    options:\n{options}\n",
        encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_quizzes(tmp_path)
    [problem] = raised.value.problems
    assert (problem.file, problem.question_id) == ("many.yaml", "q")
    assert "at most 10" in problem.message


def test_a_wrong_option_may_say_why_it_is_wrong_in_every_language_of_the_question(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["options"][1]["why_not"] = {"en": "It is not.", "fr": "Ce n'est pas ça."}
    write(tmp_path, "why.yaml", quiz)
    (loaded,) = load_quizzes(tmp_path)
    wrong = loaded.questions[0].option("wrong")
    assert wrong is not None and wrong.why_not == {"en": "It is not.", "fr": "Ce n'est pas ça."}


def test_a_why_not_missing_a_language_of_its_question_is_named(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["options"][1]["why_not"] = {"en": "It is not."}
    write(tmp_path, "why.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "why.yaml", "q1", "language 'fr' is incomplete: missing in why_not of option 'wrong'")


def test_the_right_option_has_no_why_not_and_a_why_not_fits_the_popup(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][0]["options"][0]["why_not"] = {"en": "Eh?", "fr": "Hein ?"}
    quiz["questions"][1]["options"][1]["why_not"] = {"en": "x" * 201, "fr": "Non."}
    write(tmp_path, "why.yaml", quiz)
    assert problems_in(tmp_path) == [
        ContentProblem("why.yaml", "q1", "the answer 'right' has a why_not; only wrong options explain why they "
                                         "are wrong"),
        ContentProblem("why.yaml", "q2", "the en why_not of option 'wrong' has 201 characters; the limit is 200"),
    ]


def test_file_level_and_question_level_problems_in_one_file_are_listed_file_level_first(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["author"] = "me"
    quiz["questions"][1]["answer"] = "zzz"
    write(tmp_path, "mixed.yaml", quiz)
    assert problems_in(tmp_path) == [
        ContentProblem("mixed.yaml", None, "unknown key 'author'"),
        ContentProblem("mixed.yaml", "q2", "the answer 'zzz' is not one of its options (right, wrong)"),
    ]

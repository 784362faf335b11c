"""Reading quiz files that break YAML itself: each is a problem for its file, never another exception."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.content.library import ContentLibrary
from bot.content.problems import ContentProblem
from bot.languages import unknown_code
from tests.core.content_files import a_quiz, only_problem, write

NESTED_2000 = "id: " + "[" * 2000 + "]" * 2000 + "\n"  # about 4 KB


def quiz_text() -> str:
    return yaml.safe_dump(a_quiz(), allow_unicode=True, sort_keys=False)


@pytest.mark.parametrize(("key", "kind"), [
    ("[a]: 1\n", "a list"),
    ("? [a, b]\n: c\n", "a list"),
    ("{a: 1}: 2\n", "a mapping"),
], ids=["list", "complex-list", "mapping"])
def test_a_list_or_mapping_used_as_a_key_is_a_yaml_problem_with_its_line(tmp_path: Path, key: str,
                                                                          kind: str) -> None:
    text = quiz_text()
    write(tmp_path, "keys.yaml", text + key)
    line = text.count("\n") + 1
    assert only_problem(tmp_path) == ContentProblem(
        "keys.yaml", None, f"invalid YAML, line {line}: a key must be a single value, not {kind}")


def test_two_thousand_nested_brackets_are_a_yaml_problem(tmp_path: Path) -> None:
    write(tmp_path, "deep.yaml", NESTED_2000)
    assert only_problem(tmp_path) == ContentProblem(
        "deep.yaml", None, "invalid YAML, line 1: nested more than 100 levels deep")


@pytest.mark.parametrize("text", [
    "id: " + "1" * 5000 + "\n",  # int() refuses more than 4,300 digits
    "id: 2001-13-45\n",  # looks like a date to YAML; datetime refuses month 13
], ids=["huge-integer", "impossible-date"])
def test_any_other_exception_while_reading_a_file_is_a_one_line_problem_for_that_file(tmp_path: Path,
                                                                                       text: str) -> None:
    write(tmp_path, "odd.yaml", text)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("odd.yaml", None)
    assert problem.message.startswith("can't be loaded: ValueError: ")
    assert "\n" not in problem.message and "Traceback" not in problem.message


@pytest.mark.parametrize("text", ["{[a]: 1}\n", NESTED_2000, "id: 2001-13-45\n"],
                         ids=["unhashable-key", "nested", "impossible-date"])
async def test_a_reload_of_such_a_file_fails_and_keeps_serving_the_previous_catalog(
        library: ContentLibrary, content_dir: Path, text: str) -> None:
    before = library.catalog
    (content_dir / "quizzes" / "broken.yaml").write_text(text, encoding="utf-8")
    result = await library.reload()
    assert not result.ok and result.catalog is before and library.catalog is before
    assert [problem.file for problem in result.problems] == ["broken.yaml"]


def test_a_raw_control_character_in_the_file_is_a_one_line_yaml_problem_naming_it(tmp_path: Path) -> None:
    write(tmp_path, "raw.yaml", "id: raw\ntitle: {en: \x1b[31mRed}\n")
    assert only_problem(tmp_path) == ContentProblem(
        "raw.yaml", None, "invalid YAML, line 2: the character U+001B is not allowed in YAML")


def test_a_key_with_a_line_break_is_named_on_one_line(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["title"]["e\nn"] = "Two lines"
    write(tmp_path, "key.yaml", quiz)
    assert only_problem(tmp_path) == ContentProblem(
        "key.yaml", None, f"title.'e\\nn': {unknown_code()}")


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_file_not_in_utf_8_names_the_line_an_editor_shows_whatever_its_line_ends(
        tmp_path: Path, line_end: str) -> None:
    """A file saved with classic Mac line ends (CR alone) was said to be broken on line 1, whichever line held the
    Latin-1 byte: only LF was counted, though a YAML problem in the same file names its line counting CR too."""
    text = quiz_text().replace("Sample", "Résumé")
    line = next(number for number, row in enumerate(text.splitlines(), start=1) if "Résumé" in row)
    assert line > 1
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "latin1.yaml").write_bytes(text.replace("\n", line_end).encode("latin-1"))
    assert only_problem(tmp_path) == ContentProblem(
        "latin1.yaml", None, f"not read: line {line} is not UTF-8 (byte 0xE9): save the file as UTF-8")


@pytest.mark.parametrize("accent", ["Sample", "Résumé"], ids=["ascii", "accented"])
@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16"], ids=["le", "be", "bom"])
def test_a_file_saved_as_utf_16_is_said_to_be_not_utf_8(tmp_path: Path, encoding: str, accent: str) -> None:
    """A quiz saved as UTF-16 without a BOM (Notepad's "Unicode") was "line 1: the character U+0000 is not allowed
    in YAML" (its ASCII letters decode as UTF-8, each with a NUL beside it), or a line with an accent as not UTF-8
    for its byte: as if one letter were wrong, not the whole file's encoding."""
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "wide.yaml").write_bytes(quiz_text().replace("Sample", accent).encode(encoding))
    assert only_problem(tmp_path) == ContentProblem(
        "wide.yaml", None, "not read: it is not UTF-8 (UTF-16, probably): save the file as UTF-8")


@pytest.mark.parametrize("encoding", ["utf-32-le", "utf-32-be", "utf-32"], ids=["le", "be", "bom"])
def test_a_file_saved_as_utf_32_is_said_to_be_utf_32_not_utf_16(tmp_path: Path, encoding: str) -> None:
    """A quiz saved as UTF-32 was said to be "UTF-16, probably" (its BOM starts as UTF-16's, and its letters have
    NULs beside them too): an author told so saves it as UTF-16 again, or looks for a UTF-16 setting in vain."""
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "wider.yaml").write_bytes(quiz_text().replace("Sample", "Résumé 🚀").encode(encoding))
    assert only_problem(tmp_path) == ContentProblem(
        "wider.yaml", None, "not read: it is not UTF-8 (UTF-32, probably): save the file as UTF-8")

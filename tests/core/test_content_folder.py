"""`quiztutor validate DIR` with a DIR that is no folder (a typo, a file) names DIR itself, not DIR/quizzes: the
folder given is what is wrong, and "README.md/quizzes: no such directory" read as if README.md were a folder."""

from __future__ import annotations

from pathlib import Path

from tests.core.content_files import only_problem

ADVICE = "no such directory (give the folder that contains quizzes/)"


def test_a_folder_that_does_not_exist_is_named_itself(tmp_path: Path) -> None:
    problem = only_problem(tmp_path / "conten")
    assert (problem.file, problem.message) == (str(tmp_path / "conten"), ADVICE)


def test_a_file_given_as_the_folder_is_named_itself(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# not content\n", encoding="utf-8")
    problem = only_problem(tmp_path / "README.md")
    assert (problem.file, problem.message) == (str(tmp_path / "README.md"),
                                               "a file, not a folder (give the folder that contains quizzes/)")


def test_a_folder_without_quizzes_names_where_they_should_be(tmp_path: Path) -> None:
    problem = only_problem(tmp_path)
    assert (problem.file, problem.message) == (str(tmp_path / "quizzes"), ADVICE)


def test_a_quizzes_link_that_leads_back_to_itself_says_so(tmp_path: Path) -> None:
    """It is there, so "no such directory" sent the author looking for a folder they can see."""
    (tmp_path / "quizzes").symlink_to("quizzes")
    problem = only_problem(tmp_path)
    assert (problem.file, problem.message) == (str(tmp_path / "quizzes"),
                                               "can't be read: Too many levels of symbolic links")


def test_a_folder_given_as_a_link_to_itself_says_so(tmp_path: Path) -> None:
    (tmp_path / "content").symlink_to("content")
    problem = only_problem(tmp_path / "content")
    assert (problem.file, problem.message) == (str(tmp_path / "content"),
                                               "can't be read: Too many levels of symbolic links")

"""Which files in quizzes/ are quizzes: .yaml or .yml in any case; whatever else is there (a folder, notes.txt,
fsdp.yaml.txt as a text editor saved it) is not read, and a reload names each as a warning, not a problem."""

from __future__ import annotations

from dataclasses import astuple
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.content.problems import ContentProblem
from bot.i18n import UiTexts
from bot.reload_report import reload_report
from content import default_content_dir
from tests.core.content_files import a_quiz, only_problem, write


def test_a_quiz_saved_as_yml_or_in_capitals_is_read(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    write(tmp_path, "other.yml", a_quiz("other"))
    write(tmp_path, "THIRD.YAML", a_quiz("third"))
    assert [quiz.id for quiz in ContentLibrary.load(tmp_path).catalog.quizzes] == ["third", "other", "sample"]


def test_the_same_quiz_as_yaml_and_yml_is_refused_naming_both_files(tmp_path: Path) -> None:
    """Read both, or neither would be the one the author edits: the clash is a problem naming each."""
    write(tmp_path, "sample.yaml", a_quiz())
    write(tmp_path, "sample.yml", a_quiz())
    assert only_problem(tmp_path) == ContentProblem(
        "quizzes", None, "the quiz id 'sample' is used by several files: sample.yaml, sample.yml")


async def test_a_reload_names_each_file_it_did_not_read_and_still_serves_the_rest(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    library = ContentLibrary.load(tmp_path)
    write(tmp_path, "fsdp.yaml.txt", a_quiz("fsdp"))  # as a text editor saves it
    (tmp_path / "quizzes" / "drafts").mkdir()
    write(tmp_path, "drafts/zero.yaml", a_quiz("zero"))
    write(tmp_path, "other.yml", a_quiz("other"))
    result = await library.reload()
    assert result.ok and [quiz.id for quiz in library.catalog.quizzes] == ["other", "sample"]
    french = UiTexts.load(default_content_dir() / "locales").for_language("fr")
    english = UiTexts.load(default_content_dir() / "locales").for_language("en")
    report = reload_report(result, english)
    assert report.ok
    assert report.summary.splitlines()[-1] == "2 files in quizzes/ were not read:"
    assert report.problems == (
        "drafts: not read: a folder (quiz files are read from quizzes/ itself, not from folders in it)",
        "fsdp.yaml.txt: not read: quiz files end in .yaml or .yml")
    said_in_french = reload_report(result, french)
    assert said_in_french.summary.splitlines()[-1] == "2 fichiers de quizzes/ n’ont pas été lus\u00a0:"
    assert said_in_french.problems[1].startswith("fsdp.yaml.txt")
    assert said_in_french.problems[1].endswith("non lu\u00a0: les fichiers de quiz se terminent par .yaml ou .yml")


async def test_a_failed_reload_names_the_files_it_did_not_read_too(tmp_path: Path) -> None:
    """A successful reload and `quiztutor validate` named them; a failed one listed only its problems, so an admin
    fixing those never heard why their draft saved as notes.txt would not show either."""
    write(tmp_path, "sample.yaml", a_quiz())
    library = ContentLibrary.load(tmp_path)
    write(tmp_path, "broken.yaml", "id: broken\ntitle: [unclosed\n")
    write(tmp_path, "fsdp.yaml.txt", a_quiz("fsdp"))
    result = await library.reload()
    assert not result.ok
    english = UiTexts.load(default_content_dir() / "locales").for_language("en")
    report = reload_report(result, english)
    said = "\n".join(str(value) for value in astuple(report))
    assert "fsdp.yaml.txt: not read: quiz files end in .yaml or .yml" in said, said
    assert report.skipped_heading == "1 file in quizzes/ was not read:"
    assert report.skipped == ("fsdp.yaml.txt: not read: quiz files end in .yaml or .yml",)
    assert len(report.problems) == 1 and report.problems[0].startswith("broken.yaml: invalid YAML")

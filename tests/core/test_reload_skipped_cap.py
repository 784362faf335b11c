"""The files in quizzes/ a reload did not read, when more of them are there than the admin's chat shows: the report
says how many more and where all are named, as it does for problems. Before, the list just stopped: a failed reload
with many problems showed "3 files in quizzes/ were not read:" over one of them, and nothing of the other two."""

from __future__ import annotations

from dataclasses import astuple

from bot.content.library import ContentLibrary
from bot.content.problems import ContentProblem
from bot.i18n import Localizer, UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.reload_report import SHOWN_CHARACTERS, reload_report
from bot.said import N_, said
from content import default_content_dir


def broken(file: str, question: str) -> ContentProblem:
    return ContentProblem.of(file, question, said(N_("unknown key {key}"), key=repr("k" * 60)))


def not_read(file: str) -> ContentProblem:
    return ContentProblem.of(file, None, said(N_("not read: quiz files end in .yaml or .yml")))


def more_files(_: Localizer, left_out: int) -> str:
    return _.ngettext("…and {n} more file not read: quiztutor validate (run on the content folder) names it.",
                      "…and {n} more files not read: quiztutor validate (run on the content folder) names them "
                      "all.", left_out)


async def test_a_failed_reload_says_how_many_files_not_read_it_left_out(library: ContentLibrary) -> None:
    problems = tuple(broken(f"quiz-{number:02}.yaml", "#1") for number in range(1, 60))
    skipped = tuple(not_read(f"notes-{number}.txt") for number in range(1, 4))
    result = await library.reload()
    texts = UiTexts.load(default_content_dir() / "locales")
    for language in SUPPORTED_LANGUAGES:
        _ = texts.for_language(language)
        report = reload_report(type(result)(result.catalog, None, problems, skipped=skipped), _)
        assert 0 < len(report.skipped) < len(skipped)  # the problems took the room: their list is cut
        said_all = "\n".join(str(value) for value in astuple(report))
        assert more_files(_, len(skipped) - len(report.skipped)) in said_all, said_all[-400:]


async def test_a_reload_that_worked_says_how_many_files_not_read_it_left_out(library: ContentLibrary) -> None:
    skipped = tuple(not_read(f"draft-{number:03}.txt") for number in range(1, 301))
    result = await library.reload()
    _ = UiTexts.load(default_content_dir() / "locales").for_language("en")
    report = reload_report(type(result)(result.catalog, result.changes, (), skipped=skipped), _)
    assert report.ok and 0 < len(report.problems) < len(skipped)
    assert sum(len(line) + 1 for line in report.problems) <= SHOWN_CHARACTERS
    assert report.more == more_files(_, len(skipped) - len(report.problems))


async def test_files_not_read_that_all_fit_need_no_more_line(library: ContentLibrary) -> None:
    skipped = tuple(not_read(f"notes-{number}.txt") for number in range(1, 4))
    result = await library.reload()
    _ = UiTexts.load(default_content_dir() / "locales").for_language("en")
    worked = reload_report(type(result)(result.catalog, result.changes, (), skipped=skipped), _)
    failed = reload_report(type(result)(result.catalog, None, (broken("a.yaml", "#1"),), skipped=skipped), _)
    assert len(worked.problems) == len(failed.skipped) == 3
    assert worked.more == "" and "more file" not in "\n".join(str(value) for value in astuple(failed))

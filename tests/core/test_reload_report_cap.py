"""What of a failed reload's problems the admin's chat gets: all of them when they fit in about a message; else the
first of each file, a problem quoting a long text cut, and how many more, in each of the five languages."""

from __future__ import annotations

from pathlib import Path

from bot.content.library import ContentLibrary
from bot.content.problems import ContentProblem
from bot.i18n import UiTexts
from bot.languages import SUPPORTED_LANGUAGES
from bot.reload_report import LINE_CHARACTERS, SHOWN_CHARACTERS, reload_report
from bot.said import N_, said
from content import default_content_dir


def broken(file: str, question: str, text: str = "x") -> ContentProblem:
    return ContentProblem.of(file, question, said(N_("unknown key {key}"), key=repr(text)))


async def test_problems_that_fit_are_all_listed_with_nothing_more(library: ContentLibrary, content_dir: Path) -> None:
    (content_dir / "quizzes" / "broken.yaml").write_text("id: broken\nquestions:\n" + "- {}\n" * 3, "utf-8")
    result = await library.reload()
    report = reload_report(result, UiTexts.load(default_content_dir() / "locales").for_language("en"))
    assert len(report.problems) == len(result.problems) > 15 and report.more == ""


async def test_a_long_list_keeps_each_files_first_problems_and_cuts_a_long_one(library: ContentLibrary) -> None:
    long_key = "k" * 5000
    problems = (broken("a.yaml", "#1", long_key),
                *(broken("a.yaml", f"#{n}") for n in range(2, 2000)),
                broken("b.yaml", "#1"), broken("c.yaml", "#1"))
    result = await library.reload()
    texts = UiTexts.load(default_content_dir() / "locales")
    for language in SUPPORTED_LANGUAGES:
        _ = texts.for_language(language)
        report = reload_report(type(result)(result.catalog, None, problems), _)
        assert report.problems[0].endswith("…") and len(report.problems[0]) == LINE_CHARACTERS
        assert sum(len(line) + 1 for line in report.problems) <= SHOWN_CHARACTERS
        assert [line for line in report.problems if line.startswith(("b.yaml", "c.yaml"))] == [
            problem.said(_) for problem in problems[-2:]]
        left_out = len(problems) - len(report.problems)
        assert report.more == _.ngettext(
            "…and {n} more problem. Every problem is listed by quiztutor validate (run on the content folder) and "
            "in the bot's log.", "…and {n} more problems. Every problem is listed by quiztutor validate (run on "
            "the content folder) and in the bot's log.", left_out)
        assert str(left_out) in report.more and "quiztutor validate" in report.more
        assert (language == "en") == report.more.startswith("…and ")  # translated in the other four


async def test_many_broken_files_each_show_their_first_problem_before_any_shows_its_second(
        library: ContentLibrary) -> None:
    """Twenty files broken alike (a key renamed in all of them): the first files' five problems each filled the
    message, and the admin never heard that the last dozen files were broken at all."""
    files = [f"quiz-{number:02}.yaml" for number in range(1, 21)]
    problems = tuple(broken(file, f"#{n}", "k" * 60) for file in files for n in range(1, 6))
    result = await library.reload()
    _ = UiTexts.load(default_content_dir() / "locales").for_language("en")
    report = reload_report(type(result)(result.catalog, None, problems), _)
    assert sum(len(line) + 1 for line in report.problems) <= SHOWN_CHARACTERS
    assert [file for file in files if not any(line.startswith(f"{file}, question '#1'") for line in report.problems)
            ] == []
    assert list(report.problems) == sorted(report.problems)  # still in reading order, file by file

"""YAML aliases that multiply a quiz file: each `*name` is the anchored text or list again, so a small file can stand
for gigabytes ("billion laughs"), and every check that reads the texts reads each copy."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.content.library import ContentLibrary
from bot.content.problems import ContentProblem
from tests.core.content_files import a_quiz, only_problem, write

EXPANDED = "invalid YAML, line {line}: its aliases (*name) repeat what they name past 1,048,576 characters"


def text_repeated(copies: int) -> str:
    """A quiz whose questions all alias one 100,000-character text: about 200 KB written, 1,000 times that read."""
    head = f'id: aliased\ndifficulty: easy\ntitle: {{en: T}}\ndescription: {{en: D}}\nx: &s "{"a" * 100_000}"\n'
    questions = "".join(f"- {{id: q{n}, answer: a, prompt: {{en: *s}}, explanation: {{en: *s}}, options: "
                        f"[{{id: a, text: {{en: *s}}}}, {{id: b, text: {{en: *s}}}}]}}\n" for n in range(copies))
    return head + "questions:\n" + questions


def laughs() -> str:
    """Nine lists of nine aliases each of the one before: 9^9 strings once the aliases are followed."""
    lists = "".join(f"  l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]\n" for n in range(1, 10))
    return yaml.safe_dump(a_quiz(), allow_unicode=True, sort_keys=False) + "lol:\n  l0: &l0 lol\n" + lists


def test_aliases_repeating_a_long_text_are_a_yaml_problem_found_at_once(tmp_path: Path) -> None:
    text = text_repeated(1_000)
    write(tmp_path, "aliased.yaml", text)
    # Refused where the aliases pass the limit, before any check reads a text: one problem, at the third question
    # (before, a thousand times 100 KB read, about 36 s, and 4,000 problems).
    problem = only_problem(tmp_path)
    line = text.splitlines().index(next(line for line in text.splitlines() if line.startswith("- {id: q2,"))) + 1
    assert problem == ContentProblem("aliased.yaml", None, EXPANDED.format(line=line))


def test_a_billion_laughs_is_a_yaml_problem(tmp_path: Path) -> None:
    text = laughs()
    write(tmp_path, "laughs.yaml", text)
    line = text.splitlines().index(next(line for line in text.splitlines() if line.startswith("  l6:"))) + 1
    assert only_problem(tmp_path) == ContentProblem("laughs.yaml", None, EXPANDED.format(line=line))


def test_an_alias_or_two_of_a_short_text_are_read_as_the_text(tmp_path: Path) -> None:
    quiz = yaml.safe_dump(a_quiz(), allow_unicode=True, sort_keys=False)
    write(tmp_path, "reuse.yaml", quiz.replace("title:\n  en: Sample", "title:\n  en: &t Sample", 1)
          + "guide: {path: guides/sample, title: {en: *t}}\n")
    quiz_read = ContentLibrary.load(tmp_path).catalog.quizzes[0]
    assert quiz_read.guide is not None and quiz_read.guide.title == {"en": "Sample"}


async def test_a_reload_of_a_billion_laughs_fails_and_keeps_serving_the_previous_catalog(
        library: ContentLibrary, content_dir: Path) -> None:
    before = library.catalog
    (content_dir / "quizzes" / "laughs.yaml").write_text(laughs(), encoding="utf-8")
    result = await library.reload()
    assert not result.ok and result.catalog is before and library.catalog is before
    assert [(problem.file, problem.question_id) for problem in result.problems] == [("laughs.yaml", None)]

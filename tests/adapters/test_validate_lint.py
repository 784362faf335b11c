"""`quiztutor validate` runs the item-writing linter: warnings after the summary, errors with --strict."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.catalog_tools import validate
from adapters.cli.main import main
from adapters.platforms import chat_platforms
from bot.content.concepts import CONCEPTS_FILE
from bot.content.glossary import GLOSSARY_FILE
from content import default_content_dir
from tests.core.content_files import a_quiz, write

ROOT = Path(__file__).resolve().parents[2]

# a_quiz's options ("Right"/"Wrong", "Juste"/"Faux") have no why_not, "Right" ties "Wrong" for longest, and its
# prompts ("Prompt q1?", "Prompt q2?") differ by one character.
WARNINGS = [
    "  sample.yaml: longest-right: [en] the right option is the longest in 2 questions out of 2 (at most a quarter): "
    "q1, q2",
    "  sample.yaml: longest-right: [fr] the right option is the longest in 2 questions out of 2 (at most a quarter): "
    "q1, q2",
    "  sample.yaml, question 'q1': missing-why-not: wrong options without why_not: wrong",
    "  sample.yaml, question 'q2': near-identical: [en] the prompt is near-identical to sample/q1's "
    "(similarity 0.90, limit 0.8)",
    "  sample.yaml, question 'q2': near-identical: [fr] the prompt is near-identical to sample/q1's "
    "(similarity 0.92, limit 0.8)",
    "  sample.yaml, question 'q2': missing-why-not: wrong options without why_not: wrong",
]


def run_validate(content_dir: Path, strict: bool = False) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = validate(content_dir, {spec.name: spec.poll_limits for spec in chat_platforms()}, out, strict=strict)
    return code, out.getvalue().splitlines()


def test_warnings_follow_the_summary_and_validate_still_passes(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    code, lines = run_validate(tmp_path)
    assert code == 0
    assert lines[0].startswith("OK: 1 quiz, 2 questions")
    assert lines[-7] == "6 item-writing warnings (see content/README.md, \"The item-writing linter\"):"
    assert lines[-6:] == WARNINGS


def test_strict_makes_the_warnings_errors(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    # Problems then, as validate lists any: nothing above them says OK.
    assert run_validate(tmp_path, strict=True) == (1, [
        f"6 item-writing errors (--strict) in {tmp_path} (see content/README.md, \"The item-writing linter\"):",
        *WARNINGS])


def test_strict_still_shows_the_naming_warnings_after_its_errors(tmp_path: Path) -> None:
    write(tmp_path, "foo.yaml", a_quiz("bar"))  # the sample's item-writing warnings, in a misnamed file
    code, lines = run_validate(tmp_path, strict=True)
    assert code == 1 and lines[0].startswith("6 item-writing errors (--strict)")
    assert lines[7] == "1 naming warning:" and lines[8].startswith("  foo.yaml: the quiz id is 'bar'")


def test_strict_passes_content_without_warnings(tmp_path: Path) -> None:
    quiz = a_quiz()
    for question in quiz["questions"]:
        question["options"][0]["text"] = {"en": "Fine", "fr": "Bon"}  # shorter than "Wrong"/"Faux"
        question["options"][1]["why_not"] = {"en": "It is the other one.", "fr": "C'est l'autre."}
    quiz["questions"][1]["prompt"] = {"en": "A second prompt, unlike the first?", "fr": "Une autre question ?"}
    write(tmp_path, "sample.yaml", quiz)
    assert run_validate(tmp_path, strict=True) == (0, [
        f"OK: 1 quiz, 2 questions in {tmp_path}",
        "  sample: 2 questions, complete in en, fr; incomplete in sw, yo, sn"])


def test_the_glossary_is_used_when_the_content_has_one(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    (tmp_path / GLOSSARY_FILE).write_text("concepts:\n  - concept: wrong answer\n"
                                          "    fr: {preferred: mauvaise réponse, avoid: [faux]}\n", encoding="utf-8")
    _code, lines = run_validate(tmp_path)
    assert ("  sample.yaml, question 'q1': glossary-variant: [fr] the option 'wrong' uses 'faux'; "
            "the glossary's term for 'wrong answer' is 'mauvaise réponse'") in lines


def test_a_broken_glossary_is_a_reported_problem_not_a_traceback(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    (tmp_path / GLOSSARY_FILE).write_text("concepts:\n  - concept: x\n    fr: {preferred: y, avoid: [Z]}\n",
                                          encoding="utf-8")
    assert run_validate(tmp_path) == (1, [
        f"1 problem in {tmp_path}:",
        "  glossary.yaml: concept 'x'.fr.avoid: the variant 'Z' must be written in lowercase"])


def test_quiz_and_glossary_problems_are_listed_together(tmp_path: Path) -> None:
    write(tmp_path, "bad.yaml", "id: bad\ntitle: {en: Bad\n")
    (tmp_path / GLOSSARY_FILE).write_text("concepts: 3\n", encoding="utf-8")
    code, lines = run_validate(tmp_path)
    assert code == 1 and lines[0] == f"2 problems in {tmp_path}:"
    assert lines[1].startswith("  bad.yaml: invalid YAML, line ")
    assert lines[2] == ("  glossary.yaml: concepts: YAML read this as the number 3, not a list: start each item "
                        "with a dash (-)")


def test_a_broken_concepts_file_is_a_problem_as_it_would_be_for_reload(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    (tmp_path / CONCEPTS_FILE).write_text("memory: {fr: Mémoire}\n", encoding="utf-8")
    assert run_validate(tmp_path) == (1, [
        f"1 problem in {tmp_path}:",
        "  concepts.yaml: memory: no English ('en') name; English is required for every tag"])


def test_the_contents_own_translations_are_checked_and_a_language_without_one_is_named(tmp_path: Path) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    french = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "quiztutor.po"
    french.parent.mkdir(parents=True)
    french.write_text('#, python-brace-format\nmsgid "Question {number} of {total}"\nmsgstr "Question {numéro}"\n',
                      encoding="utf-8")
    assert run_validate(tmp_path) == (1, [
        f"1 problem in {tmp_path}:",
        "  locales/fr/LC_MESSAGES/quiztutor.po: the translation of 'Question {number} of {total}' uses {numéro}, "
        "which the bot doesn't fill in (it fills in {number}, {total})"])
    french.write_text('msgid "Question {number} of {total}"\nmsgstr "Question {number} sur {total}"\n',
                      encoding="utf-8")
    code, lines = run_validate(tmp_path)
    assert code == 0 and (f"The bot's own words are in English for sw, yo, sn: {tmp_path / 'locales'} has no "
                          "catalog for them") in lines


@pytest.mark.parametrize(("flags", "code"), [([], 0), (["--strict"], 1)])
def test_the_command_line_takes_strict(tmp_path: Path, flags: list[str], code: int) -> None:
    write(tmp_path, "sample.yaml", a_quiz())
    assert main(["validate", *flags, str(tmp_path)]) == code


def test_a_catalog_that_translates_little_and_a_folder_no_language_reads_are_named(tmp_path: Path) -> None:
    # Both parse, and both leave learners with English: validate used to say nothing of either.
    write(tmp_path, "sample.yaml", a_quiz())
    for language in ("fr", "ha"):
        (tmp_path / "locales" / language / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / "locales" / language / "LC_MESSAGES" / "quiztutor.po").write_text("", encoding="utf-8")
    code, lines = run_validate(tmp_path)
    template = [line for line in lines if line.startswith("The bot's own words are partly in English for fr")]
    assert code == 0 and template and template[0].startswith(
        "The bot's own words are partly in English for fr: its catalog translates 0 of ")
    assert (f"{tmp_path / 'locales' / 'ha'} is not read: 'ha' isn't one of the bot's languages "
            "(en, fr, sw, yo, sn; see content/README.md, \"Adding a language\")") in lines


def test_the_shipped_translations_cover_every_text() -> None:
    code, lines = run_validate(default_content_dir())
    assert code == 0 and not [line for line in lines if "partly in English" in line or "is not read" in line]


def test_a_quiz_file_named_otherwise_than_its_quiz_is_named_with_its_id(tmp_path: Path) -> None:
    # It loads (quizzes are found by id), but an author going by the file name could change the id under
    # learners' progress; and the linter's warnings name the file by the id.
    write(tmp_path, "foo.yaml", a_quiz("bar"))
    code, lines = run_validate(tmp_path)
    assert code == 0 and lines[0].startswith("OK: 1 quiz")
    assert lines[lines.index("1 naming warning:") + 1] == (
        "  foo.yaml: the quiz id is 'bar': name the file bar.yaml (keep the id, which learners' progress is kept "
        "under)")


def test_a_tag_without_a_concept_name_is_named_where_it_is_first_used(tmp_path: Path) -> None:
    # Learners would see the raw tag beside their mastery of it, so validate says where to name it.
    quiz = a_quiz()
    quiz["questions"][0]["tags"] = ["memory", "pipeline-bubble"]
    quiz["questions"][1]["tags"] = ["pipeline-bubble"]
    write(tmp_path, "sample.yaml", quiz)
    (tmp_path / CONCEPTS_FILE).write_text("memory: {en: Memory}\n", encoding="utf-8")
    code, lines = run_validate(tmp_path)
    assert code == 0
    assert lines[lines.index("1 naming warning:") + 1] == (
        "  sample.yaml, question 'q1': the tag 'pipeline-bubble' has no name in concepts.yaml: learners see "
        "'pipeline bubble'; 1 other question uses it too")

    second = a_quiz("second")  # two more questions with the tag: counted in the plural
    second["questions"][0]["tags"] = second["questions"][1]["tags"] = ["pipeline-bubble"]
    write(tmp_path, "second.yaml", second)
    code, lines = run_validate(tmp_path)
    assert code == 0 and lines[lines.index("1 naming warning:") + 1].endswith("; 3 other questions use it too")


def test_pydantics_usual_errors_are_said_in_the_projects_words(tmp_path: Path) -> None:
    """They were pydantic's: "field options: List should have at least 2 items after validation, not 1"."""
    quiz = a_quiz()
    quiz["title"]["fr"] = "  "
    quiz["questions"][0]["options"] = quiz["questions"][0]["options"][:1]
    quiz["questions"][1]["id"] = "q" * 49
    write(tmp_path, "sample.yaml", quiz)
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "validate", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines() == [
        f"3 problems in {tmp_path}:",
        "  sample.yaml: title.fr: the text is empty (or only spaces)",
        "  sample.yaml, question 'q1': options: needs at least 2 items, has 1",
        f"  sample.yaml, question '{'q' * 49}': id: takes at most 48 characters, has 49"]

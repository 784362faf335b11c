"""`quiztutor validate`, `export` and `schema`: the catalog on the command line."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from adapters.cli.content_folder import CONTENT_SETTING, refused_content_folder
from adapters.cli.exit_codes import ExitCode
from adapters.cli.pipes import reader_may_leave, written
from adapters.cli.ui_coverage import ui_coverage_notes
from bot.content.concepts import load_concept_names
from bot.content.file_reading import FileRefused, folder_at, nothing_at, read_file_bytes, system_reason
from bot.content.glossary import load_glossary
from bot.content.limits import Overflow, PollLimits, joined_explanations, poll_overflows
from bot.content.lint import LintWarning, lint
from bot.content.loader import load_quiz_files, load_quizzes, skipped_files
from bot.content.models import Quiz
from bot.content.naming import file_name_warnings, unnamed_tag_warnings
from bot.content.problems import ContentError, ContentProblem
from bot.content.text_rules import printable
from bot.i18n import read_catalogs
from bot.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES

SCHEMA_FILE = "quiz.schema.json"


def validate(content_dir: Path, platforms: Mapping[str, PollLimits], out: TextIO = sys.stdout,
             strict: bool = False) -> int:
    """Print every problem (exit 1), or a summary, the questions that need a lettered fallback and the
    item-writing linter's warnings (exit 0). With ``strict``, warnings are problems: listed alone, exit 1."""
    problems: list[ContentProblem] = []
    try:
        files = load_quiz_files(content_dir)
    except ContentError as error:
        files, problems = [], list(error.problems)
    quizzes = [quiz for _name, quiz in files]
    glossary, glossary_problems = load_glossary(content_dir)
    problems += glossary_problems
    concept_names = {}
    try:
        concept_names = load_concept_names(content_dir)  # /reload refuses a broken concepts file: say so before
    except ContentError as error:
        problems += error.problems
    locales = content_dir / "locales"  # else the shipped translations serve
    # A file or a broken link there too is read, and named; not a folder that can't be entered: named above.
    catalogs, catalog_problems = ({}, []) if nothing_at(locales) else read_catalogs(locales)
    problems += catalog_problems
    skipped = skipped_files(content_dir)  # warnings, in every outcome: "no quiz files" may be why
    if problems:
        with reader_may_leave():
            _print_problems(problems, content_dir, out)
            _print_skipped(skipped, out)
        return 1
    warnings = lint(quizzes, glossary)
    naming = file_name_warnings(files) + unnamed_tag_warnings(files, concept_names)
    if strict and warnings:  # problems then, said as the others are: no "OK" above them
        with reader_may_leave():
            _print_warnings(warnings, "item-writing error", f" (--strict) in {_shown(content_dir)}", out)
            _print_naming(naming, out)  # still warnings: fixing the errors alone would bring them up a run later
            _print_skipped(skipped, out)
        return 1
    questions = sum(len(quiz.questions) for quiz in quizzes)
    untranslated = [code for code in SUPPORTED_LANGUAGES if code != DEFAULT_LANGUAGE and code not in catalogs]
    notes = ui_coverage_notes(locales, catalogs) if folder_at(locales) else []  # read first: no output's failure
    with written():
        print(f"OK: {_count(len(quizzes), 'quiz')}, {_count(questions, 'question')} in {_shown(content_dir)}", file=out)
        for quiz in quizzes:
            complete = sorted(quiz.complete_languages(), key=SUPPORTED_LANGUAGES.index)
            missing = [code for code in SUPPORTED_LANGUAGES if code not in complete]
            line = f"  {quiz.id}: {_count(len(quiz.questions), 'question')}, complete in {', '.join(complete)}"
            print(line + (f"; incomplete in {', '.join(missing)}" if missing else ""), file=out)
        if folder_at(locales) and untranslated:
            print(f"The bot's own words are in English for {', '.join(untranslated)}: {_shown(locales)} has no "
                  f"catalog for {'it' if len(untranslated) == 1 else 'them'}", file=out)
        for note in notes:
            print(note, file=out)
        _print_overflows("Questions sent with a lettered fallback (A, B, C...) because a text exceeds a poll limit:",
                         [overflow for quiz in quizzes for overflow in poll_overflows(quiz, platforms)], out)
        _print_overflows("Explanations shown with fewer lines in a quiz poll's popup, the lines after its last joined:",
                         [overflow for quiz in quizzes for overflow in joined_explanations(quiz, platforms)], out)
        _print_skipped(skipped, out)
        _print_naming(naming, out)
        if warnings:
            _print_warnings(warnings, "item-writing warning", "", out)
    return 0


def _print_overflows(heading: str, overflows: Sequence[Overflow], out: TextIO) -> None:
    if overflows:
        print(heading, file=out)
        for overflow in overflows:
            print(f"  {overflow.platform}: {overflow.quiz_id}/{overflow.question_id}: {overflow.reason} "
                  f"({', '.join(overflow.languages)})", file=out)


def _print_warnings(warnings: Sequence[LintWarning], kind: str, where: str, out: TextIO) -> None:
    print(f"{_count(len(warnings), kind)}{where} (see content/README.md, \"The item-writing linter\"):", file=out)
    for warning in warnings:
        print(f"  {warning}", file=out)


def _print_naming(naming: Sequence[ContentProblem], out: TextIO) -> None:
    if naming:
        print(f"{_count(len(naming), 'naming warning')}:", file=out)
        for warning in naming:
            print(f"  {warning}", file=out)


def _print_skipped(skipped: Sequence[ContentProblem], out: TextIO) -> None:
    if skipped:
        print(f"{_count(len(skipped), 'file')} in quizzes/ not read:", file=out)
        for warning in skipped:
            print(f"  {warning}", file=out)


def _shown(folder: Path) -> str:
    """A folder's (or file's) name as printed: one that isn't UTF-8 (Latin-1 bytes, kept by Python as lone
    surrogates, which a UTF-8 terminal's output refuses) escaped, as the names of the files in it are."""
    return printable(str(folder))


def _count(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless n is 1 (the operator's lines are in English: "1 problem", "2 problems")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}{'zes' if noun == 'quiz' else 's'}"


def export(content_dir: Path, out: TextIO = sys.stdout) -> int:
    """Print the catalog as JSON in the shape other tools rely on; options in the file's order."""
    try:
        quizzes = load_quizzes(content_dir)
    except ContentError as error:  # said as validate says it; exit 3, as `run` and `play` refuse such content
        _print_problems(error.problems, content_dir, sys.stderr)
        return ExitCode.CONTENT
    exported = {"quizzes": [_exported(quiz) for quiz in quizzes]}
    with written():
        json.dump(exported, out, ensure_ascii=False, indent=2)
        out.write("\n")
    return 0


def _print_problems(problems: Sequence[ContentProblem], content_dir: Path, out: TextIO) -> None:
    print(f"{_count(len(problems), 'problem')} in {_shown(content_dir)}:", file=out)
    for problem in problems:
        print(f"  {problem}", file=out)


def _exported(quiz: Quiz) -> dict[str, Any]:
    return {
        "id": quiz.id,
        "title": dict(quiz.title),
        "description": dict(quiz.description),
        "difficulty": quiz.difficulty,
        "questions": [
            {
                "id": question.id,
                "prompt": dict(question.prompt),
                "options": [{"id": option.id, "text": dict(option.text)} for option in question.options],
                "answer": question.answer,
                "explanation": dict(question.explanation),
            }
            for question in quiz.questions
        ],
    }


def quiz_schema() -> dict[str, Any]:
    """The JSON Schema editors use, generated from the loader's own models."""
    schema = Quiz.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "QuizTutor quiz file"
    return schema


def write_schema(content_dir: Path, check: bool, out: TextIO = sys.stdout) -> int:
    """Write (or check) the schema file in ``content_dir``, QUIZ_CONTENT_DIR: a folder that isn't there, or a file
    that can't be written, is said with the setting, exit 2 (a mistyped path, a volume not mounted, a full disk)."""
    path = content_dir / SCHEMA_FILE
    text = json.dumps(quiz_schema(), ensure_ascii=False, indent=2) + "\n"
    if refused_content_folder("schema", None, content_dir) is not None:  # as every command reading it says it
        return ExitCode.CONFIGURATION
    if check:
        try:  # as a quiz file is read: a FIFO would block, a huge file fill the memory
            current = read_file_bytes(path).decode("utf-8")
        except FileNotFoundError:  # a content folder of one's own needn't have one yet: not "out of date"
            _say(f"{_shown(path)} is missing: run `quiztutor schema` to write it", out)
            return 1
        except UnicodeDecodeError:  # saved in another encoding, or overwritten: not what we write, so stale
            _say(f"{_shown(path)} is out of date (not UTF-8 text): run `quiztutor schema`", out)
            return 1
        except (FileRefused, OSError) as error:
            return _schema_file_failed("read", path, error)
        if current != text:
            _say(f"{_shown(path)} is out of date: run `quiztutor schema`", out)
            return 1
        _say(f"{_shown(path)} is up to date", out)
        return 0
    try:
        _write_without_waiting(path, text)
    except OSError as error:  # read-only, not ours, a full disk
        return _schema_file_failed("write", path, error)
    _say(f"wrote {_shown(path)}", out)
    return 0


def _write_without_waiting(path: Path, text: str) -> None:
    # O_NONBLOCK: a FIFO there that nobody reads would block the open for ever; it fails at once (ENXIO) instead.
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    with open(os.open(path, flags, 0o666), "w", encoding="utf-8") as file:
        file.write(text)


def _schema_file_failed(doing: str, path: Path, error: FileRefused | OSError) -> int:
    reason = error.reason.english() if isinstance(error, FileRefused) else _system_words(path, error)
    print(f"quiztutor schema: can't {doing} {path} ({reason}): check {CONTENT_SETTING} and that folder",
          file=sys.stderr)
    return ExitCode.CONFIGURATION


def _system_words(path: Path, error: OSError) -> str:
    """Why an OSError happened, in English; "No such device or address" said as what it means for a FIFO nobody
    reads."""
    with contextlib.suppress(OSError):
        if stat.S_ISFIFO(os.stat(path).st_mode):
            return "it is a named pipe (FIFO), not a regular file"
    return system_reason(error).english()


def _say(line: str, out: TextIO) -> None:
    with written():
        print(line, file=out)

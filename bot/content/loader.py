"""Load every quiz file in a directory, reporting every problem at once with its file and question."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import ValidationError

from bot.content.checks import duplicate_ids, question_problems, quiz_text_problems, raw_key_problems
from bot.content.field_words import field_sentence, yaml_kind
from bot.content.file_reading import FileRefused, read_quiz_text, system_reason
from bot.content.models import Question, Quiz
from bot.content.problems import ContentError, ContentProblem, field_problem
from bot.content.pruning import KEY, readable_question, refused_key
from bot.content.yaml_source import YamlProblem, read_yaml
from bot.languages import unknown_code_said
from bot.review_quiz import REVIEW_QUIZ_ID
from bot.said import N_, Said, said
from bot.text import one_line

# A quiz file's endings, in any case (FSDP.YAML, fsdp.yml): every spelling is read, so two files of one quiz clash
# by id, named, rather than one being served silently. Whatever else is in quizzes/ is named as not read.
QUIZ_SUFFIXES = frozenset({".yaml", ".yml"})


def quiz_dir(content_dir: Path) -> Path:
    return content_dir / "quizzes"


def load_quizzes(content_dir: Path) -> list[Quiz]:
    """All quizzes under ``content_dir/quizzes``, or ContentError listing every problem."""
    return [quiz for _name, quiz in load_quiz_files(content_dir)]


def load_quiz_files(content_dir: Path) -> list[tuple[str, Quiz]]:
    """As load_quizzes, each quiz with the name of its file."""
    folder = quiz_dir(content_dir)
    visible = _visible_entries(content_dir, folder)
    quizzes: list[tuple[str, Quiz]] = []
    declared: list[tuple[str, str]] = []  # (file, quiz id) of every file that names one, valid or not
    problems: list[ContentProblem] = []
    files = [path for path in visible if is_quiz_file(path)]
    if not files:
        problems.append(ContentProblem.of(str(folder), None, said(N_("no quiz files (*.yaml or *.yml) found"))))
    for path in files:
        loaded = load_quiz_file(path)
        problems += loaded.problems
        if loaded.quiz is not None:
            quizzes.append((path.name, loaded.quiz))
        if loaded.quiz_id is not None:
            declared.append((path.name, loaded.quiz_id))
    # Over every file's id, valid or not: a clash is told with the other problems, not at the reload after.
    for quiz_id in duplicate_ids([quiz_id for _name, quiz_id in declared]):
        names = ", ".join(name for name, declared_id in declared if declared_id == quiz_id)
        problems.append(ContentProblem.of(folder.name, None, said(
            N_("the quiz id {id} is used by several files: {files}"), id=repr(quiz_id), files=names)))
    if problems:
        raise ContentError(problems)
    return quizzes


def is_quiz_file(path: Path) -> bool:
    return path.suffix.lower() in QUIZ_SUFFIXES


def skipped_files(content_dir: Path) -> list[ContentProblem]:
    """A warning for each entry of quizzes/ not read as a quiz (a folder, notes.txt, fsdp.yaml.txt as an editor
    saved it): the content serves without it, but its author must hear why their quiz never shows. Nothing when the
    folder can't be listed: the load says so."""
    try:
        visible = _visible_entries(content_dir, quiz_dir(content_dir))
    except ContentError:
        return []
    return [ContentProblem.of(path.name, None, said(
        N_("not read: a folder (quiz files are read from quizzes/ itself, not from folders in it)") if _folder(path)
        else N_("not read: quiz files end in .yaml or .yml"))) for path in visible if not is_quiz_file(path)]


def _folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # can't be looked at: said as any other file
        return False


def _visible_entries(content_dir: Path, folder: Path) -> list[Path]:
    """What ``folder`` holds, but hidden files; ContentError naming the folder when it is none or can't be read."""
    # A folder this process may not enter or list (chmod, another user's) is told as any file's problem, not as a
    # PermissionError the command line calls unexpected and /reload doesn't answer.
    try:
        is_folder = folder.is_dir()
    except OSError as error:  # stat of quizzes/ denied: the folder around it can't be entered
        raise ContentError([_unreadable(content_dir, error)]) from error
    if not is_folder:  # the folder given, when it is none (a typo, a file), else its quizzes/ that is missing
        missing = folder if content_dir.is_dir() else content_dir
        looped = _link_loop(missing)
        if looped is not None:  # is_dir() is False for it too, but it is there: the author would look in vain
            raise ContentError([_unreadable(missing, looped)])
        if _there(missing):  # a file, not missing: "no such directory" sent the author looking for it
            raise ContentError([ContentProblem.of(str(missing), None, said(
                N_("a file, not a folder (give the folder that contains quizzes/)")))])
        raise ContentError([ContentProblem.of(str(missing), None, said(
            N_("no such directory (give the folder that contains quizzes/)")))])
    try:
        # Hidden files are an editor's (Emacs's lock link .#fsdp.yaml, a backup .fsdp.yaml): not quizzes, or a
        # reload while someone edits would fail, or see a quiz twice.
        return [path for path in sorted(folder.iterdir()) if not path.name.startswith(".")]
    except OSError as error:
        raise ContentError([_unreadable(folder, error)]) from error


def _there(path: Path) -> bool:
    """Whether something is at ``path``, a link followed (one leading nowhere is missing what it names)."""
    try:
        return path.exists()
    except OSError:  # can't be told: said as missing, as before
        return False


def _link_loop(path: Path) -> OSError | None:
    """The error of a link at ``path`` that leads back to itself (quizzes -> quizzes), else None."""
    try:
        os.stat(path)
    except OSError as error:
        return error if error.errno == errno.ELOOP else None
    return None


def _unreadable(path: Path, error: OSError) -> ContentProblem:
    return ContentProblem.of(str(path), None, said(N_("can't be read: {detail}"),
                                                   detail=system_reason(error)))


class LoadedFile(NamedTuple):
    quiz: Quiz | None  # if the file is valid
    problems: list[ContentProblem]
    quiz_id: str | None = None  # the id the file gives, valid or not (None: it gives none, or can't be read)


def load_quiz_file(path: Path) -> LoadedFile:
    """One quiz file: the quiz if it is valid, and every problem found; never another exception."""
    try:
        return _load_quiz_file(path)
    except Exception as error:
        # Whatever a file can make YAML, pydantic or a check raise, validate and /reload must list it, not crash.
        return LoadedFile(None, [ContentProblem.of(path.name, None, said(N_("can't be loaded: {detail}"),
                                                                         detail=one_line(error)))])


def _load_quiz_file(path: Path) -> LoadedFile:
    name = path.name
    try:
        data = read_yaml(read_quiz_text(path))
    except FileRefused as error:
        return LoadedFile(None, [ContentProblem.of(name, None, said(N_("not read: {reason}"), reason=error.reason))])
    except OSError as error:  # the system's reason, in the admin's language when it is a usual one
        return LoadedFile(None, [ContentProblem.of(name, None, said(N_("can't be read: {detail}"),
                                                                    detail=system_reason(error)))])
    except YamlProblem as error:
        return LoadedFile(None, [ContentProblem.of(name, None, said(N_("invalid YAML, {detail}"), detail=reason))
                                 for reason in error.reasons])
    if not isinstance(data, dict):
        return LoadedFile(None, [ContentProblem.of(name, None, said(
            N_("must be a mapping with id, title, questions, ...")))])
    quiz_id = data["id"] if isinstance(data.get("id"), str) else None

    questions = data.get("questions")  # named once, so isinstance narrows it
    raw_questions = questions if isinstance(questions, list) else []
    problems = _shape_problems(name, data, raw_questions)
    problems += _rule_problems(name, raw_questions)
    problems += [ContentProblem.of(name, None, sentence) for sentence in quiz_text_problems(data)]
    if quiz_id == REVIEW_QUIZ_ID:  # a review round's sessions have it: a quiz of that id would play as one
        problems.append(ContentProblem.of(name, None, said(
            N_("the quiz id {id} is the bot's own, for review rounds: choose another"), id=repr(quiz_id))))
    if problems:
        return LoadedFile(None, problems, quiz_id)
    return LoadedFile(Quiz.model_validate(data), [], quiz_id)


def _question_label(raw_questions: list[Any], index: int) -> str:
    raw = raw_questions[index] if index < len(raw_questions) else None
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return raw["id"]
    return f"#{index + 1}"


def _shape_problems(name: str, data: dict[str, Any], raw_questions: list[Any]) -> list[ContentProblem]:
    try:
        Quiz.model_validate(data)
    except ValidationError as error:
        problems = []
        for detail in error.errors():
            loc = list(detail["loc"])
            question_id = None
            if len(loc) >= 2 and loc[0] == "questions" and isinstance(loc[1], int):
                question_id = _question_label(raw_questions, loc[1])
                loc = loc[2:]
            problems.append(ContentProblem.of(name, question_id, describe_field_error(loc, detail)))
        return problems
    return []


def describe_field_error(loc: list[Any], detail: Any) -> Said:
    """A validation error in an author's words (a quiz file's, and the glossary's: the same kinds of errors)."""
    path = _path(part for part in loc if part != KEY)
    kind = detail["type"]
    if kind == "extra_forbidden":
        if len(loc) > 1:
            return said(N_("unknown key {key} in {path}"), key=repr(loc[-1]), path=_path(loc[:-1]))
        return said(N_("unknown key {key}"), key=repr(loc[-1]))
    if kind == "invalid_key":  # a key YAML read as a number, a date, yes/no or nothing (5:, 2024-01-01:, ~:)
        if len(loc) > 1:
            # Translators: {path} is where in the file (options.0); {kind} what YAML read the key as (the number 5).
            return said(N_("unknown key in {path}, which YAML read as {kind}"), path=_path(loc[:-1]),
                        kind=yaml_kind(detail.get("input")))
        # Translators: {kind} is what YAML read the key as (the number 5).
        return said(N_("unknown key, which YAML read as {kind}"), kind=yaml_kind(detail.get("input")))
    if kind == "missing":
        return said(N_("missing {path}"), path=repr(path))
    if kind == "model_type" and not loc:  # a question that is a number, text or list (a file is read as a mapping)
        return said(N_("must be a mapping with id, prompt, options, answer, ..."))
    if refused_key(detail) is not None and kind == "literal_error":  # an unknown language code
        return said(N_("{path}: {problem}"), path=path, problem=unknown_code_said())
    if kind == "string_type" and loc == ["answer"] and isinstance(detail.get("input"), list):
        # Two right options marked at once: "put it in quotes" would only make an answer no option has.
        return said(N_("{path}: a question has one right option: give its id alone, not a list"), path=path)
    if kind == "string_pattern_mismatch":  # pydantic would quote its regular expression
        if loc[-1] == "url":
            return said(N_("{path}: a link starts with http:// or https://"), path=path)
        what = (N_("{path}: {input} is not a tag: use lowercase letters, digits and dashes (all-reduce)")
                if "tags" in loc else
                N_("{path}: {input} is not an id: use lowercase letters, digits and dashes (all-reduce)"))
        return said(what, path=path, input=repr(detail.get("input")))
    return field_sentence(path or "file", detail) or field_problem(path or "file", str(detail["msg"]))


def _path(parts: Iterable[Any]) -> str:
    # Keys are the author's text: quote any that holds a line break or control so a problem stays one line.
    return ".".join(str(part) if str(part).isprintable() else repr(part) for part in parts)


def _rule_problems(name: str, raw_questions: list[Any]) -> list[ContentProblem]:
    problems = []
    labels = [_question_label(raw_questions, index) for index in range(len(raw_questions))]
    for question_id in duplicate_ids(labels):
        problems.append(ContentProblem.of(name, question_id, said(N_("this question id is used more than once"))))
    for label, raw in zip(labels, raw_questions, strict=True):
        try:
            question = Question.model_validate(raw)
        except ValidationError as error:  # its shape is reported by the shape check; its other rules still apply
            readable = readable_question(raw, error)  # an unknown key left out, an empty text stood in for
            if readable is None:  # what is missing or mistyped can't be guessed: the answer key only
                problems += [ContentProblem.of(name, label, sentence) for sentence in raw_key_problems(raw)]
                continue
            question = readable
        problems += [ContentProblem.of(name, label, sentence) for sentence in question_problems(question)]
    return problems

"""Concept names (content/concepts.yaml): each question tag's display name per language, for mastery per concept."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from bot.content.field_words import field_sentence, yaml_kind
from bot.content.file_reading import FileRefused, nothing_at, read_quiz_text, system_reason
from bot.content.models import LocalizedText, Slug, in_language
from bot.content.problems import ContentError, ContentProblem, field_problem
from bot.content.text_rules import text_problems
from bot.content.yaml_source import YamlProblem, read_yaml
from bot.languages import DEFAULT_LANGUAGE, unknown_code_said
from bot.said import N_, Said, said
from bot.text import one_line

CONCEPTS_FILE = "concepts.yaml"
# A name sits beside a mastery bar in a chat message; counted in code points as sent, composed (NFC) as loaded.
NAME_LIMIT = 32

_NAMES = TypeAdapter(dict[Slug, LocalizedText])


def load_concept_names(content_dir: Path) -> dict[str, LocalizedText]:
    """Every tag's names by language; {} without a concepts file, ContentError naming the file when it is broken."""
    path = content_dir / CONCEPTS_FILE
    if nothing_at(path):
        return {}
    try:
        return _load(path)
    except ContentError:
        raise
    except Exception as error:
        # Whatever a file can make YAML or pydantic raise, validate and /reload must list it, not crash.
        raise ContentError([_problem(said(N_("can't be loaded: {detail}"), detail=one_line(error)))]) from error


def _load(path: Path) -> dict[str, LocalizedText]:
    try:
        data = read_yaml(read_quiz_text(path))
    except FileRefused as error:
        raise ContentError([_problem(said(N_("can't be read: {detail}"), detail=error.reason))]) from error
    except YamlProblem as error:  # every key written twice, say
        raise ContentError([_problem(said(N_("can't be read: {detail}"), detail=reason))
                            for reason in error.reasons]) from error
    except OSError as error:
        raise ContentError([_problem(said(N_("can't be read: {detail}"), detail=system_reason(error)))]) from error
    if data is None:
        return {}  # an empty file names nothing
    names: dict[str, LocalizedText] = {}
    problems: list[ContentProblem] = []
    # Tag by tag: one of the wrong shape leaves the others' names checked, all told in one reload. (A file that is
    # no mapping, a list or a text, is told as a whole.)
    for part in ([{tag: text} for tag, text in data.items()] if isinstance(data, dict) else [data]):
        try:
            names.update(_NAMES.validate_python(part))
        except ValidationError as error:
            problems += [_problem(_describe(detail)) for detail in error.errors()]
            problems += [_problem(sentence) for sentence in _other_names_problems(part, error)]
    problems += [_problem(sentence) for tag, text in names.items() for sentence in _name_problems(tag, text)]
    if problems:
        raise ContentError(problems)
    return names


def concept_name(names: Mapping[str, LocalizedText], tag: str, language: str) -> str:
    """The tag's name in the language, else in English, else the tag itself with spaces for dashes."""
    text = names.get(tag, {})
    return in_language(text, language) or text.get(DEFAULT_LANGUAGE) or tag.replace("-", " ")


def _other_names_problems(part: Any, error: ValidationError) -> Iterator[Said]:
    """What is wrong with the names of a tag beside those ``error`` refused (a language YAML read as null, an unknown
    code): read without them, when that is all that was wrong."""
    tag, text = next(iter(part.items())) if isinstance(part, dict) and len(part) == 1 else (None, None)
    locs = [detail["loc"] for detail in error.errors()]
    if not isinstance(text, dict) or any(len(loc) < 2 for loc in locs):
        return
    refused = {loc[1] for loc in locs}
    try:
        rest = _NAMES.validate_python({tag: {language: name for language, name in text.items()
                                             if language not in refused}})
    except ValidationError:
        return
    for found in rest.values():
        yield from _name_problems(str(tag), found, english_given=DEFAULT_LANGUAGE in text)


def _name_problems(tag: str, text: LocalizedText, english_given: bool = False) -> Iterator[Said]:
    """``english_given``: an English name was written, though not as one (told already)."""
    if DEFAULT_LANGUAGE not in text and not english_given:
        yield said(N_("{tag}: no English ({code}) name; English is required for every tag"), tag=tag,
                   code=repr(DEFAULT_LANGUAGE))
    for language, name in text.items():
        length = len(name)
        if length > NAME_LIMIT:
            yield said(N_("{where}: {name} has {length} characters; the limit is {limit}"),
                       where=f"{tag}.{language}", name=repr(name), length=length, limit=NAME_LIMIT)
    yield from (said(N_("{path}: {problem}"), path=tag, problem=problem) for problem in text_problems("name", text))


def _problem(sentence: Said) -> ContentProblem:
    return ContentProblem.of(CONCEPTS_FILE, None, sentence)


def _describe(detail: Any) -> Said:
    """A validation error in an author's words: which tag and language, and what is wrong."""
    loc = [str(part) for part in detail["loc"] if part != "[key]"]
    where = ".".join(part if part.isprintable() else repr(part) for part in loc)
    if detail["type"] == "literal_error":
        return said(N_("{path}: {problem}"), path=where, problem=unknown_code_said())
    if detail["type"] == "string_pattern_mismatch":
        return said(N_("{path}: a tag is lowercase letters, digits and dashes"), path=where)
    if not where and detail["type"] == "dict_type":  # the whole file: a list or a text, say
        # Translators: {kind} is what YAML read the whole file as (a list, a text).
        return said(N_("must map each tag to its names; YAML read the file as {kind}"),
                    kind=yaml_kind(detail.get("input")))
    if not where:
        return said(N_("must map each tag to its names ({detail})"), detail=str(detail["msg"]))
    return field_sentence(where, detail) or field_problem(where, str(detail["msg"]))

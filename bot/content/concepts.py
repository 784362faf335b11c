"""Concept names (content/concepts.yaml): each question tag's display name per language, for mastery per concept."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from bot.content.file_reading import FileRefused, read_quiz_text
from bot.content.models import LocalizedText, Slug, in_language
from bot.content.problems import ContentError, ContentProblem
from bot.content.text_rules import text_problems
from bot.content.yaml_source import YamlProblem, read_yaml
from bot.languages import DEFAULT_LANGUAGE, unknown_code
from bot.text import one_line

CONCEPTS_FILE = "concepts.yaml"
# A name sits beside a mastery bar in a chat message; counted in composed (NFC) code points.
NAME_LIMIT = 32

_NAMES = TypeAdapter(dict[Slug, LocalizedText])


def load_concept_names(content_dir: Path) -> dict[str, LocalizedText]:
    """Every tag's names by language; {} without a concepts file, ContentError naming the file when it is broken."""
    path = content_dir / CONCEPTS_FILE
    if not path.exists() and not path.is_symlink():
        return {}
    try:
        return _load(path)
    except ContentError:
        raise
    except Exception as error:
        # Whatever a file can make YAML or pydantic raise, validate and /reload must list it, not crash.
        raise ContentError([_problem(f"can't be loaded: {one_line(error)}")]) from error


def _load(path: Path) -> dict[str, LocalizedText]:
    try:
        data = read_yaml(read_quiz_text(path))
    except (FileRefused, YamlProblem) as error:
        raise ContentError([_problem(f"can't be read: {error}")]) from error
    except OSError as error:
        raise ContentError([_problem(f"can't be read: {error.strerror or error}")]) from error
    if data is None:
        return {}  # an empty file names nothing
    try:
        names = _NAMES.validate_python(data)
    except ValidationError as error:
        raise ContentError([_problem(_describe(detail)) for detail in error.errors()]) from error
    problems = [_problem(message) for tag, text in names.items() for message in _name_problems(tag, text)]
    if problems:
        raise ContentError(problems)
    return names


def concept_name(names: Mapping[str, LocalizedText], tag: str, language: str) -> str:
    """The tag's name in the language, else in English, else the tag itself with spaces for dashes."""
    text = names.get(tag, {})
    return in_language(text, language) or text.get(DEFAULT_LANGUAGE) or tag.replace("-", " ")


def _name_problems(tag: str, text: LocalizedText) -> Iterator[str]:
    if DEFAULT_LANGUAGE not in text:
        yield f"{tag}: no English ({DEFAULT_LANGUAGE!r}) name; English is required for every tag"
    for language, name in text.items():
        length = len(unicodedata.normalize("NFC", name))
        if length > NAME_LIMIT:
            yield f"{tag}.{language}: {name!r} has {length} characters; the limit is {NAME_LIMIT}"
    yield from (f"{tag}: {message}" for message in text_problems("name", text))


def _problem(message: str) -> ContentProblem:
    return ContentProblem(CONCEPTS_FILE, None, message)


def _describe(detail: Any) -> str:
    """A validation error in an author's words: which tag and language, and what is wrong."""
    loc = [str(part) for part in detail["loc"] if part != "[key]"]
    message = str(detail["msg"])
    if detail["type"] == "literal_error":
        message = unknown_code()
    elif detail["type"] == "string_pattern_mismatch":
        message = "a tag is lowercase letters, digits and dashes"
    where = ".".join(part if part.isprintable() else repr(part) for part in loc)
    return f"{where}: {message}" if where else f"must map each tag to its names ({message})"

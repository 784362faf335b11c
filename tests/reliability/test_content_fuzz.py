"""Hypothesis over the content loader: whatever a quiz file holds, only ContentError comes out, naming that file.

The files are valid quizzes broken in random places (wrong types, missing and extra keys, hostile Unicode, huge
strings, twin options), YAML that attacks the parser (list keys, deep nesting, tags, aliases), and raw bytes.
"""

from __future__ import annotations

import asyncio
import copy
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.content.catalog import Catalog
from bot.content.file_reading import MAX_FILE_BYTES
from bot.content.library import ContentLibrary
from bot.content.loader import load_quizzes
from bot.content.models import Quiz, localized
from bot.content.problems import ContentError, ContentProblem
from bot.content.yaml_source import MAX_DEPTH
from bot.languages import SUPPORTED_LANGUAGES
from tests.core.content_files import a_quiz

# Reproducible in CI (derandomize), no example database in the work tree, and no per-example deadline: a
# 1 MB file takes a few hundred milliseconds to parse.
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

GOOD_ID = "other"  # the quiz beside the fuzzed one: it must never be blamed
FOLDER = "quizzes"  # folder-level problems (a quiz id used by two files) name the folder
CONTROLS = ["\x00", "\x07", "\x1b", "\x7f", "\x9b", "\u202e", "\u2066", "\u2069"]  # refused in any text
NASTY = [*CONTROLS, "\x1b[31m", "\x85", "\u200b", "\u2060", "\ufeff", "\u3164", "\ud800", "\n", "\t", "\r",
         "\u2028", " ", "'", '"', ": ", "#", "&a", "*a", "!!", "%", "@", "`", "{", "[", "- ", "? ", "|", ">", "en",
         "right", "q1", "sample", GOOD_ID]
TEXT = st.lists(st.one_of(st.characters(), st.sampled_from(NASTY)), max_size=12).map("".join)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), TEXT)
JUNK = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                    st.dictionaries(st.one_of(TEXT, st.integers()), inner,
                                                                    max_size=3)), max_leaves=8)
HUGE = st.sampled_from([10_000, 150_000, MAX_FILE_BYTES + 1]).map(lambda size: "x" * size)
# Each breaks any quiz it is added to: a list key, an unsafe or bad tag, a key written twice, a second document...
YAML_TRICKS = [
    "[a]: 1\n", "? [a, b]\n: c\n", "{a: 1}: 2\n", "x: {[a]: 1}\n", "x: !!python/object:os.system ls\n",
    "x: !!binary aGk=\n", "x: !!set {a, b}\n", "x: !!timestamp 2001-13-45\n", "x: 2001-13-45\n",
    "x: " + "9" * 5000 + "\n", "a: &a [1, 2]\nb: [*a, *a]\n", "<<: {id: other}\n", "x: !custom 1\n",
    "---\nid: second\n", "x: *undefined\n", "x: 'unclosed\n", "\tx: tab-indented\n", "id: other\n",
]
LANGUAGES = list(SUPPORTED_LANGUAGES)


def _slots(node: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) in a parsed quiz, so a mutation can hit any place in it."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in list(items):
        yield node, key
        yield from _slots(value)


@st.composite
def mutated_quiz(draw: st.DrawFn) -> dict[str, Any]:
    """The valid sample quiz, broken in one to four random places."""
    quiz = a_quiz()
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["replace", "delete", "extra", "text", "text", "twin", "huge"]))
        slots = list(_slots(quiz))
        texts = [(container, key) for container, key in slots if isinstance(container[key], str)]
        # Hostile text goes where text belongs, so it reaches the text rules rather than the shape check.
        container, key = draw(st.sampled_from(texts if action in {"text", "huge"} and texts else slots))
        if action == "delete" and isinstance(container, dict):
            del container[key]
        elif action == "extra" and isinstance(container, dict):
            container[draw(TEXT)] = draw(JUNK)
        elif action == "twin":
            lists = [value for value in (container[key] for container, key in slots if key == "options")
                     if isinstance(value, list) and len(value) > 1]
            if lists:
                options = draw(st.sampled_from(lists))
                options[1] = copy.deepcopy(options[0])
        elif action == "text":
            container[key] = draw(st.one_of(TEXT, st.sampled_from(NASTY)))
        elif action == "huge":
            container[key] = draw(HUGE)
        else:
            container[key] = draw(JUNK)
    return quiz


def dumped(quiz: dict[str, Any]) -> bytes:
    # libyaml writes a 1 MB string 40 times faster; only the Python dumper can escape a lone surrogate ("\uD800").
    try:
        text = yaml.dump(quiz, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True,
                         sort_keys=False)
    except UnicodeEncodeError:
        text = yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False)
    return text.encode("utf-8")


@st.composite
def broken_bytes(draw: st.DrawFn, base: st.SearchStrategy[bytes]) -> bytes:
    """A file's bytes with one attack on the parser or the reader added."""
    data = draw(base)
    nesting = draw(st.one_of(st.integers(MAX_DEPTH - 3, MAX_DEPTH + 3), st.integers(1, 600)))
    opener = draw(st.sampled_from(["[", "{a: ", "- "]))
    closer = {"[": "]", "{a: ": "}", "- ": ""}[opener]
    deep = (f"x: {opener * nesting}1{closer * nesting}\n" if opener != "- " else
            "x:\n" + "".join(f"{'  ' * depth}- \n" for depth in range(1, min(nesting, 400))))
    at = draw(st.integers(0, len(data)))
    attack = draw(st.sampled_from(["trick", "deep", "truncate", "splice", "none"]))
    if attack == "trick":
        return data + draw(st.sampled_from(YAML_TRICKS)).encode()
    if attack == "deep":
        return data + deep.encode()
    if attack == "truncate":
        return data[:at]
    if attack == "splice":
        return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    return data


ANY_FILE = st.one_of(
    mutated_quiz().map(dumped),
    broken_bytes(mutated_quiz().map(dumped)),
    broken_bytes(st.just(dumped(a_quiz()))),
    st.binary(max_size=500),  # mostly not UTF-8
    st.text(max_size=500).map(str.encode),
)
FILE_NAME = st.sampled_from(["fuzz.yaml", "ünï cödé.yaml", "\x1b[2J.yaml", "\u202eyaml.txt.yaml", "-.yaml"])


def content_with(root: Path, name: str, data: bytes) -> Path:
    folder = root / "quizzes"
    folder.mkdir()
    (folder / "good.yaml").write_text(yaml.safe_dump(a_quiz(GOOD_ID), allow_unicode=True), encoding="utf-8")
    (folder / name).write_bytes(data)
    return root


def assert_names_its_file(problem: ContentProblem, name: str) -> None:
    assert problem.file in {name, FOLDER}, problem
    assert "\n" not in problem.message and "Traceback" not in problem.message, problem
    assert str(problem).isprintable(), repr(str(problem))  # validate prints it, /reload sends it


def assert_usable(quiz: Quiz) -> None:
    """What every quiz list and question needs: English behind every text."""
    for language in LANGUAGES:
        assert localized(quiz.title, language) and localized(quiz.description, language)
        for question in quiz.questions:
            assert all(localized(text, language) for text in question.texts())


@settings(FUZZ, max_examples=300)
@given(name=FILE_NAME, data=ANY_FILE)
def test_loading_any_file_gives_quizzes_or_content_problems_that_name_it(name: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as root:
        try:
            quizzes = load_quizzes(content_with(Path(root), name, data))
        except ContentError as error:
            assert error.problems
            for problem in error.problems:
                assert_names_its_file(problem, name)
            return
    assert GOOD_ID in {quiz.id for quiz in quizzes}
    for quiz in quizzes:
        assert_usable(quiz)


SURELY_BROKEN = st.one_of(
    broken_bytes(st.just(dumped(a_quiz(GOOD_ID)))).map(lambda data: data + b"[a]: 1\n"),
    st.integers(MAX_DEPTH, 600).map(lambda n: f"id: {'[' * n}{']' * n}\n".encode()),
    st.binary(max_size=200).map(lambda data: b"\xff" + data),  # never UTF-8
    st.sampled_from(YAML_TRICKS).map(lambda trick: dumped(a_quiz(GOOD_ID)) + trick.encode()),
    st.sampled_from(CONTROLS).map(lambda char: dumped(a_quiz(GOOD_ID) | {"title": {"en": f"Title{char}"}})),
)


@FUZZ
@given(data=SURELY_BROKEN)
def test_a_reload_with_a_broken_file_fails_and_keeps_serving_the_previous_catalog(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as root:
        folder = Path(root) / "quizzes"
        folder.mkdir()
        path = folder / "good.yaml"
        path.write_text(yaml.safe_dump(a_quiz(GOOD_ID), allow_unicode=True), encoding="utf-8")
        library = ContentLibrary.load(Path(root))
        before: Catalog = library.catalog
        path.write_bytes(data)
        result = asyncio.run(library.reload())
    assert not result.ok
    assert result.catalog is before and library.catalog is before
    for problem in result.problems:
        assert_names_its_file(problem, "good.yaml")

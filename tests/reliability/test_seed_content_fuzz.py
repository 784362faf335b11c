"""Hypothesis over the shipped quizzes broken as an author might: every problem names its file and the question, and
a reload of them fails, the learner mid-quiz playing on.

test_content_fuzz.py breaks a small sample anywhere; here the quizzes are the real ones (about 30 KB, five
languages, ten options), each broken in one question, so the question's id is known and every problem must give it.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.content.library import ContentLibrary
from bot.content.loader import load_quizzes
from bot.content.problems import ContentError
from bot.replies import Actor, AnswerOutcome
from content import default_content_dir
from tests.core.play import answer, next_question, start
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.reliability.test_content_fuzz import CONTROLS, FUZZ, JUNK, TEXT, broken_bytes, dumped

SEEDS = default_content_dir() / "quizzes"
SEED_NAMES = sorted(path.name for path in SEEDS.glob("*.yaml"))
BREAKS = ["twin question id", "twin option id", "answer of no option", "wrong type", "missing", "unknown language",
          "bad text", "unknown key"]
BAD_TEXT = st.one_of(st.sampled_from(["", " ", "\u200b", "x" * 5000, *CONTROLS]),
                     st.sampled_from(CONTROLS).map(lambda char: f"Text{char}"))
# No None (details and reference may be none), no list (["en"] is a list of tags): a value none of them may be.
WRONG_TYPE = JUNK.filter(lambda junk: junk is not None and not isinstance(junk, dict | list))
SEED_FUZZ = settings(FUZZ, max_examples=60)  # each example reads the four shipped quizzes, about 0.3 s
LEARNER = Actor("telegram", "learner")
ADMIN = Actor("telegram", ADMIN_ID)


@functools.cache
def _parsed(name: str) -> dict[str, Any]:
    return yaml.load((SEEDS / name).read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def seed(name: str) -> dict[str, Any]:
    """The shipped quiz, parsed once: a copy of it to break."""
    return copy.deepcopy(_parsed(name))


@st.composite
def broken_question(draw: st.DrawFn) -> tuple[str, str, dict[str, Any]]:
    """A shipped quiz file's name, the id of one of its questions, and the quiz with that question broken."""
    name = draw(st.sampled_from(SEED_NAMES))
    quiz = seed(name)
    questions = quiz["questions"]
    index = draw(st.integers(0, len(questions) - 1))
    question = questions[index]
    question_id = question["id"]
    options = question["options"]
    how = draw(st.sampled_from(BREAKS))
    if how == "twin question id":
        other = draw(st.sampled_from([n for n in range(len(questions)) if n != index]))
        questions[other]["id"] = question_id
    elif how == "twin option id":
        options[1]["id"] = options[0]["id"]
    elif how == "answer of no option":
        question["answer"] = draw(st.sampled_from(["no-such-option", options[0]["id"] + "-x"]))
    elif how == "wrong type":
        key = draw(st.sampled_from(["prompt", "options", "answer", "explanation", "tags", "details", "reference"]))
        question[key] = draw(WRONG_TYPE)
    elif how == "missing":
        del question[draw(st.sampled_from(["prompt", "options", "answer", "explanation"]))]
    elif how == "unknown language":
        text = draw(st.sampled_from([question["prompt"], question["explanation"], options[-1]["text"]]))
        text[draw(st.sampled_from(["xx", "de", "EN", "fr-FR", "", "en "]))] = "Some text"
    elif how == "bad text":
        text = draw(st.sampled_from([question["prompt"], question["explanation"], options[-1]["text"]]))
        text[draw(st.sampled_from(sorted(text)))] = draw(BAD_TEXT)
    else:
        where = draw(st.sampled_from([question, options[0]]))
        where[draw(TEXT.filter(lambda key: key not in where))] = draw(JUNK)
    return name, question_id, quiz


def with_file(root: Path, name: str, data: bytes) -> Path:
    """The shipped content, with ``name`` in quizzes/ holding ``data``."""
    content = root / "content"
    shutil.copytree(default_content_dir(), content, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    (content / "quizzes" / name).write_bytes(data)
    return content


@SEED_FUZZ
@given(broken=broken_question())
def test_a_broken_question_of_a_shipped_quiz_is_named_in_every_problem(broken: tuple[str, str, dict[str, Any]]) -> None:
    name, question_id, quiz = broken
    with tempfile.TemporaryDirectory() as root:
        try:
            load_quizzes(with_file(Path(root), name, dumped(quiz)))
        except ContentError as error:
            problems = error.problems
        else:
            raise AssertionError(f"loaded: {question_id} of {name}")
    assert problems
    for problem in problems:
        assert (problem.file, problem.question_id) == (name, question_id), problem
        assert "\n" not in problem.message and "Traceback" not in problem.message, problem
        assert str(problem).isprintable(), repr(str(problem))


def laughs(name: str) -> bytes:
    """The shipped file with a billion laughs beside it: nine lists of nine aliases of the list before."""
    lists = "".join(f"  l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]\n" for n in range(1, 10))
    return (SEEDS / name).read_bytes() + b"lol:\n  l0: &l0 lol\n" + lists.encode()


SHIPPED_BROKEN = st.sampled_from(SEED_NAMES).flatmap(lambda name: st.tuples(st.just(name), st.one_of(
    broken_bytes(st.just((SEEDS / name).read_bytes())).map(lambda data: data + b"\n[a]: 1\n"),
    st.just((SEEDS / name).read_bytes()).map(lambda data: data.replace(b"\n", b"\n\x00", 1)),  # a NUL
    st.just((SEEDS / name).read_bytes()).map(lambda data: data.replace(b"questions:", b"questions:\xff")),
    st.just((SEEDS / name).read_bytes()).map(lambda data: data.replace(b"questions:", b"\xef\xbb\xbfquestions:")),
    st.just((SEEDS / name).read_bytes()).map(lambda data: b'{"id": "x", "questions": [}' + data),  # JSON, broken
    st.just(laughs(name)),
)))


@settings(SEED_FUZZ, max_examples=24)  # each builds an engine and reloads, about 0.8 s: the six kinds, four files
@given(broken=SHIPPED_BROKEN)
def test_a_reload_of_a_broken_shipped_quiz_fails_and_the_learner_mid_quiz_plays_on(broken: tuple[str, bytes]) -> None:
    name, data = broken
    asyncio.run(reload_mid_quiz(name, data))


async def reload_mid_quiz(name: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as root:
        content = with_file(Path(root), name, (SEEDS / name).read_bytes())
        library = ContentLibrary.load(content)
        engine = build_engine(library, FakeDatabase(), FixedClock())
        quiz_id = seed(name)["id"]
        second = next_question(await answer(engine, LEARNER, await start(engine, LEARNER, quiz_id), right=True))
        before = library.catalog
        (content / "quizzes" / name).write_bytes(data)
        report = await engine.reload(ADMIN)
        assert not report.ok and library.catalog is before
        assert report.problems and all(problem.startswith(f"{name}") for problem in report.problems), report
        assert all("Traceback" not in problem and "\n" not in problem for problem in report.problems), report
        outcome = await engine.answer(LEARNER, second.session_id, second.question_id, second.correct_index)
        assert isinstance(outcome, AnswerOutcome) and outcome.feedback is not None and outcome.feedback.correct

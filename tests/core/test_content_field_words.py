"""pydantic's usual errors in a quiz file said in the project's words, which /reload says in the admin's language:
pydantic's own ("List should have at least 2 items after validation, not 1") are English only."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel, ValidationError

from bot.content.field_words import field_sentence
from bot.content.library import ContentLibrary
from bot.i18n import UiTexts
from bot.replies import Actor
from content import default_content_dir
from tests.core.content_files import a_quiz, problems_in, write
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase


def _set(quiz: dict[str, Any], path: list[Any], value: object) -> dict[str, Any]:
    place = quiz
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return quiz


def _options(count: int) -> list[dict[str, Any]]:
    return [{"id": "right" if number == 0 else f"o{number}", "text": {"en": f"Option {number}"}}
            for number in range(count)]


CASES = [  # (what is changed, to what, the problem said)
    (["questions", 0, "options"], _options(1), "options: needs at least 2 items, has 1"),
    (["questions", 0, "options"], [], "options: needs at least 2 items, has 0"),
    (["questions"], [], "questions: needs at least 1 item, has 0"),
    (["questions", 0, "options"], _options(11), "options: takes at most 10 items, has 11"),
    (["questions", 0, "prompt", "en"], "", "prompt.en: the text is empty (or only spaces)"),
    (["title", "fr"], "   ", "title.fr: the text is empty (or only spaces)"),
    (["id"], "a" * 49, "id: takes at most 48 characters, has 49"),
    (["tags"], ["t" * 60], "tags.0: takes at most 48 characters, has 60"),
    (["tags"], "nccl, memory", "tags: YAML read this as a text, not a list: start each item with a dash (-)"),
    (["questions", 0, "options"], {"right": "Right"},
     "options: YAML read this as a mapping, not a list: start each item with a dash (-)"),
    (["questions", 0, "prompt"], "What is FSDP?",
     "prompt: YAML read this as a text, not texts by language (en: ..., fr: ...)"),
    (["title"], None, "title: YAML read this as nothing (~ or null), not texts by language (en: ..., fr: ...)"),
    (["questions", 0, "options", 1, "why_not"], ["a", "b"],
     "options.1.why_not: YAML read this as a list, not texts by language (en: ..., fr: ...)"),
    (["guide"], "guides/fsdp.md", "guide: YAML read this as a text, not a mapping (key: value)"),
    (["questions", 0, "reference"], 42, "reference: YAML read this as the number 42, not a mapping (key: value)"),
    (["difficulty"], "extreme", "difficulty: must be one of 'easy', 'medium', 'hard'"),
    (["difficulty"], 3, "difficulty: must be one of 'easy', 'medium', 'hard'"),
]


@pytest.mark.parametrize(("path", "value", "message"), CASES, ids=[message for _p, _v, message in CASES])
def test_a_usual_pydantic_error_is_said_in_the_projects_words(tmp_path: Path, path: list[Any], value: object,
                                                                message: str) -> None:
    write(tmp_path, "t.yaml", _set(a_quiz(), path, value))
    messages = [problem.message for problem in problems_in(tmp_path)]
    assert message in messages, messages
    assert not [text for text in messages if "should" in text or "Input" in text], messages


def test_an_option_that_is_a_text_is_said_to_be_no_mapping_each(tmp_path: Path) -> None:
    write(tmp_path, "t.yaml", _set(a_quiz(), ["questions", 0, "options"], ["right", "wrong"]))
    assert [(problem.question_id, problem.message) for problem in problems_in(tmp_path)] == [
        ("q1", "options.0: YAML read this as a text, not a mapping (key: value)"),
        ("q1", "options.1: YAML read this as a text, not a mapping (key: value)")]


def test_the_counts_and_values_are_said_in_each_language_with_its_plural(tmp_path: Path) -> None:
    quiz = _set(a_quiz(), ["questions", 0, "options"], _options(1))
    write(tmp_path, "t.yaml", _set(quiz, ["difficulty"], "extreme"))
    texts = UiTexts.load(default_content_dir() / "locales")
    problems = problems_in(tmp_path)
    said = {language: [problem.said(texts.for_language(language)) for problem in problems]
            for language in ("fr", "sn", "yo")}
    assert said["fr"] == [
        "t.yaml\u00a0: difficulty\u00a0: doit valoir l’une de ces valeurs\u00a0: 'easy', 'medium', 'hard'",
        "t.yaml, question 'q1'\u00a0: options\u00a0: au moins 2 éléments requis, il y en a 1"]
    assert said["sn"] == ["t.yaml: difficulty: inofanira kuva imwe yeizvi: 'easy', 'medium', 'hard'",
                          "t.yaml, mubvunzo 'q1': options: inoda zvinhu 2 zvishoma, ine 1"]
    assert said["yo"] == ["t.yaml: difficulty: gbọ́dọ̀ jẹ́ ọ̀kan nínú: 'easy', 'medium', 'hard'",
                          "t.yaml, ìbéèrè 'q1': options: ó nílò ohun 2 ó kéré tán, ó ní 1"]


def test_a_key_yaml_read_as_no_text_is_said_in_the_projects_words(tmp_path: Path) -> None:
    """pydantic's "Keys should be strings" was all a key written 5:, 2024-01-01: or ~: got, in any language."""
    quiz: dict[Any, Any] = a_quiz()
    quiz[5] = "five"
    quiz["questions"][0][None] = "nothing"
    quiz["questions"][1]["options"][0][True] = "yes"
    write(tmp_path, "t.yaml", quiz)
    problems = problems_in(tmp_path)
    assert [(problem.question_id, problem.message) for problem in problems] == [
        (None, "unknown key, which YAML read as the number 5"),
        ("q1", "unknown key, which YAML read as nothing (~ or null)"),
        ("q2", "unknown key in options.0, which YAML read as a yes/no value")]
    texts = UiTexts.load(default_content_dir() / "locales")
    assert problems[2].said(texts.for_language("fr")) == (
        "t.yaml, question 'q2'\u00a0: clé inconnue dans options.0, que YAML a lue comme une valeur oui/non")
    for language in ("sw", "yo", "sn"):
        said = [problem.said(texts.for_language(language)) for problem in problems]
        assert not [text for text in said if "should" in text or "unknown" in text], said


class _Colour(Enum):
    RED = "red"
    BLUE = "blue"


class _Painted(BaseModel):
    colour: _Colour


def test_an_enums_values_are_listed_as_a_literals_are() -> None:
    """No quiz field is an Enum today; one added would be said as difficulty is."""
    with pytest.raises(ValidationError) as refused:
        _Painted.model_validate({"colour": "green"})
    (detail,) = refused.value.errors()
    assert detail["type"] == "enum"
    sentence = field_sentence("colour", detail)
    assert sentence is not None and sentence.english() == "colour: must be one of 'red', 'blue'"


def test_an_error_of_another_kind_is_left_to_pydantics_words() -> None:
    class Counted(BaseModel):
        count: int

    with pytest.raises(ValidationError) as refused:
        Counted.model_validate({"count": "many"})
    (detail,) = refused.value.errors()
    assert field_sentence("count", detail) is None


async def test_a_failed_reload_says_them_in_the_admins_shona(library: ContentLibrary, fake_db: FakeDatabase,
                                                             content_dir: Path) -> None:
    """What an admin who chose Shona read was "munda options: List should have at least 2 items after
    validation, not 1": the frame in Shona, pydantic's English inside."""
    engine = build_engine(library, fake_db, FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    quiz_file = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(quiz_file.read_text(encoding="utf-8"))
    first, second = quiz["questions"][0], quiz["questions"][1]
    first["options"] = [option for option in first["options"] if option["id"] == first["answer"]]
    second["prompt"] = second["prompt"]["en"]
    quiz["difficulty"], quiz["tags"] = "extreme", "nccl"
    quiz_file.write_text(yaml.safe_dump(quiz, allow_unicode=True), encoding="utf-8")
    write(content_dir, "empty.yaml", {**a_quiz("empty"), "questions": []})
    report = await engine.reload(Actor("telegram", ADMIN_ID, language_hint="sn"))
    assert not report.ok and report.language == "sn"
    assert sorted(report.problems) == sorted([
        "collectives.yaml: difficulty: inofanira kuva imwe yeizvi: 'easy', 'medium', 'hard'",
        "collectives.yaml: tags: YAML yaverenga izvi semavara, kwete rondedzero: tangai chinhu chimwe nechimwe "
        "nedhashi (-)",
        f"collectives.yaml, mubvunzo {first['id']!r}: options: inoda zvinhu 2 zvishoma, ine 1",
        f"collectives.yaml, mubvunzo {second['id']!r}: prompt: YAML yaverenga izvi semavara, kwete mavara "
        "akapatsanurwa nemutauro (en: ..., fr: ...)",
        "empty.yaml: questions: inoda chinhu 1 zvishoma, ine 0",  # the singular
    ]), report.problems


@pytest.mark.parametrize("answer", [["right", "o1"], ["right"]], ids=["two", "one"])
def test_an_answer_given_as_a_list_is_told_that_a_question_has_one_right_option(tmp_path: Path,
                                                                              answer: list[str]) -> None:
    """An author marking two right options (answer: [a, b]) was told "YAML read this as a list, not text: put it in
    quotes", and quoting it only made it an answer no option has."""
    write(tmp_path, "t.yaml", _set(_set(a_quiz(), ["questions", 0, "options"], _options(2)),
                                   ["questions", 0, "answer"], answer))
    assert [(problem.question_id, problem.message) for problem in problems_in(tmp_path)] == [
        ("q1", "answer: a question has one right option: give its id alone, not a list")]

"""The shipped quizzes: valid, complete in five languages, really translated, and poll-ready."""

from __future__ import annotations

import io
import json
import unicodedata
from pathlib import Path

import pytest

from adapters.cli.catalog_tools import export, validate, write_schema
from adapters.platforms import chat_platforms
from bot.content.concepts import load_concept_names
from bot.content.glossary import Glossary, load_glossary
from bot.content.limits import poll_overflows
from bot.content.loader import load_quizzes
from bot.content.models import LocalizedText, Quiz
from bot.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES
from content import default_content_dir

CONTENT = default_content_dir()
POLLS = {spec.name: spec.poll_limits for spec in chat_platforms()}
QUIZ_IDS = {"fsdp", "zero-sharded-optimizers", "model-pipeline-parallelism", "data-parallelism"}
# A text identical to the English one is fine only for a technical name ("All-gather", "NVIDIA Megatron-LM").
MAX_WORDS_OF_A_NAME = 3
QUESTIONS_PER_QUIZ = range(8, 11)  # 8 to 10: the seed questions plus the facets issue 10 added


@pytest.fixture(scope="module")
def quizzes() -> list[Quiz]:
    return load_quizzes(CONTENT)


def all_texts(quiz: Quiz) -> list[tuple[str, LocalizedText]]:
    texts: list[tuple[str, LocalizedText]] = [("title", quiz.title), ("description", quiz.description)]
    if quiz.guide is not None:
        texts.append(("guide", quiz.guide.title))
    for question in quiz.questions:
        texts += [(f"{question.id}.prompt", question.prompt), (f"{question.id}.explanation", question.explanation)]
        texts += [(f"{question.id}.{option.id}", option.text) for option in question.options]
        texts += [(f"{question.id}.{option.id}.why_not", option.why_not) for option in question.options
                  if option.why_not is not None]
        if question.details is not None:
            texts.append((f"{question.id}.details", question.details))
    return texts


def test_the_four_seed_quizzes_ship_with_8_to_10_questions_of_four_options(quizzes: list[Quiz]) -> None:
    assert {quiz.id for quiz in quizzes} == QUIZ_IDS
    for quiz in quizzes:
        assert len(quiz.questions) in QUESTIONS_PER_QUIZ, quiz.id
        assert quiz.difficulty == "hard" and quiz.guide is not None and quiz.tags
        for question in quiz.questions:
            assert len(question.options) == 4, question.id
            assert question.answer in {option.id for option in question.options}
            assert question.tags, f"{quiz.id}/{question.id} has no concept tags"
            assert question.reference is not None, f"{quiz.id}/{question.id} cites no source"


def test_every_text_exists_in_all_five_languages(quizzes: list[Quiz]) -> None:
    missing = [f"{quiz.id}/{name}: {sorted(set(SUPPORTED_LANGUAGES) - set(text))}"
               for quiz in quizzes for name, text in all_texts(quiz) if set(text) != set(SUPPORTED_LANGUAGES)]
    assert not missing, "\n".join(missing)


def test_no_translation_is_a_copy_of_the_english_text(quizzes: list[Quiz]) -> None:
    copies = [
        f"{quiz.id}/{name} [{language}]: {value!r}"
        for quiz in quizzes for name, text in all_texts(quiz) for language, value in text.items()
        if language != "en" and value == text["en"] and len(value.split()) > MAX_WORDS_OF_A_NAME
    ]
    assert not copies, "\n".join(copies)


def test_french_writes_one_apostrophe_as_the_bots_own_words_do(
        quizzes: list[Quiz], concept_names: dict[str, LocalizedText]) -> None:
    """The typographic ’, as the UI catalog (tests/i18n): a quiz's "l'optimiseur" read beside the bot's
    "aujourd’hui". The English alone is a question's content hash, so this changes no learner's card."""
    texts = [(f"{quiz.id}/{name}", text.get("fr", "")) for quiz in quizzes for name, text in all_texts(quiz)]
    texts += [(f"concept {tag}", names.get("fr", "")) for tag, names in concept_names.items()]
    assert [name for name, text in texts if "'" in text] == []


# The questions sent with a lettered poll (A–D, full text in a message): (platform, quiz/question, languages).
# Shorten a text rather than grow this list; a change here should be a decision, not an accident.
LETTERED_FALLBACKS: set[tuple[str, str, tuple[str, ...]]] = set()


def test_only_the_listed_questions_need_the_lettered_fallback(quizzes: list[Quiz]) -> None:
    found = {(o.platform, f"{o.quiz_id}/{o.question_id}", o.languages) for quiz in quizzes
             for o in poll_overflows(quiz, POLLS)}
    assert found == LETTERED_FALLBACKS
    assert not any(platform == "telegram" for platform, _question, _languages in found)


def test_validate_reports_the_catalog_and_the_discord_fallbacks(quizzes: list[Quiz]) -> None:
    out = io.StringIO()
    assert validate(CONTENT, POLLS, out) == 0
    report = out.getvalue()
    total = sum(len(quiz.questions) for quiz in quizzes)
    assert total >= 32  # the 32 seed questions stay
    assert report.startswith(f"OK: 4 quizzes, {total} questions in {CONTENT}\n")
    for quiz in quizzes:
        assert f"  {quiz.id}: {len(quiz.questions)} questions, complete in en, fr, sw, yo, sn\n" in report
    expected = {f"{o.quiz_id}/{o.question_id}" for quiz in quizzes for o in poll_overflows(quiz, POLLS)}
    listed = {line.split()[1].rstrip(":") for line in report.splitlines() if line.startswith("  discord: ")}
    assert listed == expected


def test_the_shipped_content_passes_validate_strict() -> None:
    out = io.StringIO()
    assert validate(CONTENT, POLLS, out, strict=True) == 0, out.getvalue()
    assert "item-writing" not in out.getvalue()


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    found, problems = load_glossary(CONTENT)
    assert problems == [] and found is not None
    return found


def test_the_glossary_has_terms_in_every_language_but_english(glossary: Glossary) -> None:
    for language in (code for code in SUPPORTED_LANGUAGES if code != DEFAULT_LANGUAGE):
        terms = [concept.terms[language] for concept in glossary.concepts if language in concept.terms]
        assert len(terms) >= 30, language
        assert sum(len(term.avoid) for term in terms) >= 50, language


def test_no_quiz_text_uses_a_variant_its_languages_glossary_avoids(quizzes: list[Quiz], glossary: Glossary) -> None:
    found = [f"{quiz.id}/{name} [{language}]: uses {use.variant!r}, say {use.preferred!r} ({use.concept})"
             for quiz in quizzes for name, text in all_texts(quiz) for language, value in text.items()
             for use in glossary.uses(language, value)]
    assert not found, "\n".join(found)


@pytest.fixture(scope="module")
def concept_names() -> dict[str, LocalizedText]:
    return load_concept_names(CONTENT)


def test_every_tag_a_shipped_question_uses_has_a_name_in_all_five_languages(
        quizzes: list[Quiz], concept_names: dict[str, LocalizedText]) -> None:
    tags = {tag for quiz in quizzes for tag in quiz.tags}
    tags |= {tag for quiz in quizzes for question in quiz.questions for tag in question.tags}
    assert len(tags) >= 29
    missing = [f"{tag}: {sorted(set(SUPPORTED_LANGUAGES) - set(concept_names.get(tag, {})))}"
               for tag in sorted(tags) if set(concept_names.get(tag, {})) != set(SUPPORTED_LANGUAGES)]
    assert not missing, "\n".join(missing)
    assert set(concept_names) <= tags, f"names for tags no quiz uses (a typo?): {sorted(set(concept_names) - tags)}"


def test_concept_names_are_composed_and_use_no_variant_the_glossary_avoids(
        concept_names: dict[str, LocalizedText], glossary: Glossary) -> None:
    found = [f"{tag} [{language}]: uses {use.variant!r}, say {use.preferred!r} ({use.concept})"
             for tag, names in concept_names.items() for language, name in names.items()
             for use in glossary.uses(language, name)]
    found += [f"{tag} [{language}]: {name!r} is not in composed form (NFC)"
              for tag, names in concept_names.items() for language, name in names.items()
              if unicodedata.normalize("NFC", name) != name]
    assert not found, "\n".join(found)


def test_export_prints_exactly_the_documented_shape_in_file_order(quizzes: list[Quiz]) -> None:
    out = io.StringIO()
    assert export(CONTENT, out) == 0
    exported = json.loads(out.getvalue())
    assert set(exported) == {"quizzes"}
    assert [quiz["id"] for quiz in exported["quizzes"]] == [quiz.id for quiz in quizzes]
    for data, quiz in zip(exported["quizzes"], quizzes, strict=True):
        assert set(data) == {"id", "title", "description", "difficulty", "questions"}
        assert set(data["title"]) == set(SUPPORTED_LANGUAGES)
        for question_data, question in zip(data["questions"], quiz.questions, strict=True):
            assert set(question_data) == {"id", "prompt", "options", "answer", "explanation"}
            assert [option["id"] for option in question_data["options"]] == [option.id for option in question.options]
            assert all(set(option) == {"id", "text"} for option in question_data["options"])
            assert question_data["answer"] == question.answer


def test_export_of_invalid_content_lists_its_problems_and_exits_3(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "a.yaml").write_text("id: a\ntitle: {en: A\n", encoding="utf-8")
    out = io.StringIO()
    assert export(tmp_path, out) == 3  # as `run` and `play` refuse it; it was 1, "validate found problems"
    assert out.getvalue() == ""  # nothing a script could take for a catalog
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"1 problem in {tmp_path}:" and lines[1].startswith("  a.yaml: invalid YAML, line")


def test_the_editors_json_schema_matches_the_loaders_models() -> None:
    out = io.StringIO()
    assert write_schema(CONTENT, check=True, out=out) == 0, out.getvalue()


def test_validate_on_broken_content_lists_every_problem_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "a.yaml").write_text("id: a\ntitle: {en: A\n", encoding="utf-8")
    (tmp_path / "quizzes" / "b.yaml").write_text(
        "id: b\ndifficulty: hard\ntitle: {en: B}\ndescription: {en: B}\nquestions:\n"
        "  - id: q1\n    answer: nope\n    prompt: {en: Q}\n    explanation: {en: E}\n"
        "    options: [{id: x, text: {en: X}}, {id: y, text: {en: Y}}]\n", encoding="utf-8")
    out = io.StringIO()
    assert validate(tmp_path, POLLS, out) == 1
    report = out.getvalue()
    assert f"2 problems in {tmp_path}:" in report
    assert "a.yaml: invalid YAML, line" in report
    assert "b.yaml, question 'q1': the answer 'nope' is not one of its options (x, y)" in report


def test_a_prompt_that_only_overflows_with_its_label_is_listed_as_a_fallback(tmp_path: Path) -> None:
    (tmp_path / "quizzes").mkdir()
    prompt = "x" * 295  # fits 300 alone, not behind "3/8 · "
    (tmp_path / "quizzes" / "long.yaml").write_text(
        "id: long\ndifficulty: easy\ntitle: {en: L}\ndescription: {en: L}\nquestions:\n"
        f"  - id: q\n    answer: a\n    prompt: {{en: {prompt}}}\n    explanation: {{en: E}}\n"
        "    options: [{id: a, text: {en: A}}, {id: b, text: {en: B}}]\n", encoding="utf-8")
    [quiz] = load_quizzes(tmp_path)
    assert {(o.platform, o.question_id) for o in poll_overflows(quiz, POLLS)} == {("telegram", "q"), ("discord", "q")}

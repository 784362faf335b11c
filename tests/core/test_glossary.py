"""The glossary file: loaded and checked like a quiz file, and matched the way authors expect."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.content.glossary import GLOSSARY_FILE, Glossary, load_glossary
from bot.content.problems import ContentProblem


def a_glossary(**fr: Any) -> dict[str, Any]:
    term = {"preferred": "parallélisme de données", "avoid": ["parallélisme des données"]} | fr
    return {"concepts": [{"concept": "data parallelism", "fr": term},
                         {"concept": "bucket (DDP)", "fr": {"preferred": "bucket", "avoid": [" seau", "godet"]}}]}


def write_glossary(content_dir: Path, data: dict[str, Any] | str) -> None:
    content_dir.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    (content_dir / GLOSSARY_FILE).write_text(text, encoding="utf-8")


def test_content_without_a_glossary_has_none_and_no_problem(tmp_path: Path) -> None:
    assert load_glossary(tmp_path) == (None, [])


def test_a_valid_glossary_loads_with_its_terms_per_language(tmp_path: Path) -> None:
    write_glossary(tmp_path, a_glossary())
    glossary, problems = load_glossary(tmp_path)
    assert problems == [] and glossary is not None
    assert [concept.concept for concept in glossary.concepts] == ["data parallelism", "bucket (DDP)"]
    assert glossary.concepts[1].terms["fr"].avoid == [" seau", "godet"]  # the boundary space is kept


def test_a_variant_is_found_case_insensitively_with_its_concept_and_preferred_term() -> None:
    glossary = Glossary.model_validate(a_glossary())
    [use] = glossary.uses("fr", "Le Parallélisme des Données répartit les échantillons.")
    assert use == ("data parallelism", "parallélisme de données", "parallélisme des données")
    assert list(glossary.uses("sw", "parallélisme des données")) == []  # only the text's own language


def test_a_space_at_the_edge_of_a_variant_is_a_word_boundary_not_a_space() -> None:
    glossary = Glossary.model_validate(a_glossary())
    assert list(glossary.uses("fr", "Le réseau entre les nœuds.")) == []
    assert [use.variant for use in glossary.uses("fr", "Un seau de gradients.")] == ["seau"]
    assert [use.variant for use in glossary.uses("fr", "Seau, godet.")] == ["seau", "godet"]


@pytest.mark.parametrize(("change", "message"), [
    ({"avoid": ["Parallélisme des données"]},
     "concept 'data parallelism'.fr.avoid: the variant 'Parallélisme des données' must be written in lowercase"),
    ({"avoid": ["  "]}, "concept 'data parallelism'.fr.avoid: a variant to avoid is blank"),
    ({"avoid": ["données"]},
     "the fr variant 'données' of 'data parallelism' occurs in the preferred term of 'data parallelism'"),
    ({"preferred": ""}, "concept 'data parallelism'.fr.preferred: the text is empty (or only spaces)"),
    ({"prefered": "x"}, "unknown key 'prefered' in concept 'data parallelism'.fr"),
    ({"preferred": 1.5}, "concept 'data parallelism'.fr.preferred: YAML read this as the number 1.5, not text: "
                         "put it in quotes"),
    ({"avoid": "seau"}, "concept 'data parallelism'.fr.avoid: YAML read this as a text, not a list: start each "
                        "item with a dash (-)"),
])
def test_a_broken_glossary_is_a_problem_that_names_the_concept(
        tmp_path: Path, change: dict[str, Any], message: str) -> None:
    write_glossary(tmp_path, a_glossary(**change))
    glossary, problems = load_glossary(tmp_path)
    assert glossary is None
    assert ContentProblem(GLOSSARY_FILE, None, message) in problems


def test_a_language_code_the_quizzes_do_not_know_is_a_problem(tmp_path: Path) -> None:
    data = a_glossary()
    data["concepts"][0]["xx"] = {"preferred": "x"}
    write_glossary(tmp_path, data)
    glossary, [problem] = load_glossary(tmp_path)
    assert glossary is None
    assert problem.message == ("concept 'data parallelism'.xx: unknown language code (use en, fr, sw, yo or sn; "
                               "README: Adding a language)")


@pytest.mark.parametrize(("data", "message"), [
    ({"concept": [{"concept": "x"}]}, "missing 'concepts'"),
    ({"concepts": [{"fr": {"preferred": "x"}}]}, "missing 'concept #1.concept'"),
    ([{"concept": "x"}], "file: YAML read this as a list, not a mapping (key: value)"),
])
def test_a_glossary_missing_a_key_or_not_a_mapping_says_what_to_write(
        tmp_path: Path, data: Any, message: str) -> None:
    """glossary.yaml's problems were pydantic's own English ("Field required", "Input should be a valid
    dictionary or instance of Glossary"), where a quiz file's and concepts.yaml's say what to write."""
    write_glossary(tmp_path, yaml.safe_dump(data))
    glossary, problems = load_glossary(tmp_path)
    assert glossary is None
    assert message in [problem.message for problem in problems]


def test_every_variant_that_occurs_in_a_preferred_term_is_named_not_only_the_first(tmp_path: Path) -> None:
    data = a_glossary(avoid=["données", "parallélisme"])
    write_glossary(tmp_path, data)
    assert load_glossary(tmp_path) == (None, [ContentProblem(GLOSSARY_FILE, None, message) for message in (
        "the fr variant 'données' of 'data parallelism' occurs in the preferred term of 'data parallelism'",
        "the fr variant 'parallélisme' of 'data parallelism' occurs in the preferred term of 'data parallelism'")])


def test_every_variant_not_in_lowercase_is_named_not_only_the_first(tmp_path: Path) -> None:
    write_glossary(tmp_path, a_glossary(avoid=["Parallélisme des données", "ok", "Data parallelism"]))
    assert load_glossary(tmp_path) == (None, [ContentProblem(
        GLOSSARY_FILE, None, "concept 'data parallelism'.fr.avoid: the variants 'Parallélisme des données', "
        "'Data parallelism' must be written in lowercase")])


def test_a_concept_listed_twice_is_a_problem(tmp_path: Path) -> None:
    data = a_glossary()
    data["concepts"].append(data["concepts"][0])
    write_glossary(tmp_path, data)
    assert load_glossary(tmp_path) == (None, [ContentProblem(
        GLOSSARY_FILE, None, "concepts listed more than once: data parallelism")])


def test_a_glossary_that_is_not_yaml_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    write_glossary(tmp_path, "concepts: [{concept: x\n")
    glossary, [problem] = load_glossary(tmp_path)
    assert glossary is None and problem.file == GLOSSARY_FILE
    assert problem.message.startswith("can't be read: line ")

"""Concept names (content/concepts.yaml): loaded and checked like the other content, with a fallback per tag."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.content.catalog import Catalog
from bot.content.concepts import CONCEPTS_FILE, concept_name, load_concept_names
from bot.content.library import ContentLibrary
from bot.content.problems import ContentError, ContentProblem
from bot.i18n import UiTexts
from bot.languages import unknown_code
from content import default_content_dir

NAMES: dict[str, Any] = {
    "all-reduce": {"en": "All-reduce", "fr": "All-reduce"},
    "optimizer-state": {"en": "Optimizer state", "fr": "État de l'optimiseur", "yo": "Ipò optimizer"},
}


def write_names(content_dir: Path, data: dict[str, Any] | str) -> None:
    content_dir.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    (content_dir / CONCEPTS_FILE).write_text(text, encoding="utf-8")


def problems_of(content_dir: Path) -> list[ContentProblem]:
    with pytest.raises(ContentError) as error:
        load_concept_names(content_dir)
    assert all(problem.file == CONCEPTS_FILE for problem in error.value.problems)
    assert all(line.startswith(f"{CONCEPTS_FILE}: ") for line in str(error.value).splitlines())
    return error.value.problems


def test_content_without_a_concepts_file_has_no_names(tmp_path: Path) -> None:
    assert load_concept_names(tmp_path) == {}


def test_a_valid_file_loads_every_tag_with_its_names(tmp_path: Path) -> None:
    write_names(tmp_path, NAMES)
    assert load_concept_names(tmp_path) == NAMES


def test_a_name_is_in_the_language_then_english_then_the_tag_with_spaces(tmp_path: Path) -> None:
    write_names(tmp_path, NAMES)
    names = load_concept_names(tmp_path)
    assert concept_name(names, "optimizer-state", "yo") == "Ipò optimizer"
    assert concept_name(names, "optimizer-state", "fr") == "État de l'optimiseur"
    assert concept_name(names, "optimizer-state", "sn") == "Optimizer state"  # no Shona name: English
    assert concept_name(names, "pipeline-bubble", "fr") == "pipeline bubble"  # no name at all: the tag
    assert concept_name({}, "zero", "sw") == "zero"


@pytest.mark.parametrize(("data", "message"), [
    ({"all-reduce": {"fr": "All-reduce"}},
     "all-reduce: no English ('en') name; English is required for every tag"),
    ({"memory": {"en": "Memory", "xx": "Mem"}},
     f"memory.xx: {unknown_code()}"),
    ({"Memory": {"en": "Memory"}}, "Memory: a tag is lowercase letters, digits and dashes"),
    ({"memory": {"en": "   "}}, "memory.en: the text is empty (or only spaces)"),
    ({"memory": {"en": "M" * 33}}, f"memory.en: {'M' * 33!r} has 33 characters; the limit is 32"),
    ({"memory": {"en": "Memory\nlimit"}}, "memory: the en name contains a line break (U+000A); only an "
                                           "explanation, details or why_not may have several lines"),
    ({"memory": "Memory"}, "memory: YAML read this as a text, not texts by language (en: ..., fr: ...)"),
    # A name or a tag YAML read as no text was pydantic's English ("Input should be a valid string"), in any language.
    ("memory: {en: 1984}\n", "memory.en: YAML read this as the number 1984, not text: put it in quotes"),
    ("memory: {en: Memory, fr: ~}\n", "memory.fr: YAML read this as nothing (~ or null), not text: put it in quotes"),
    ("1984: {en: Nineteen eighty-four}\n", "1984: YAML read this as the number 1984, not text: put it in quotes"),
    ("[memory, gradients]\n", "must map each tag to its names; YAML read the file as a list"),
])
def test_a_broken_file_is_reported_with_its_name_and_the_tag(
        tmp_path: Path, data: dict[str, Any] | str, message: str) -> None:
    write_names(tmp_path, data)
    assert problems_of(tmp_path) == [ContentProblem(CONCEPTS_FILE, None, message)]


def test_a_tag_of_the_wrong_shape_leaves_the_other_tags_checked(tmp_path: Path) -> None:
    """A name YAML read as no text in one tag hid a missing English name and an overlong one in the others, to be
    found one reload later."""
    write_names(tmp_path, f"memory: {{en: Memory, fr: ~}}\nall-reduce: {{fr: All-reduce}}\nzero: {{en: {'Z' * 33}}}\n")
    assert [problem.message for problem in problems_of(tmp_path)] == [
        "all-reduce: no English ('en') name; English is required for every tag",
        "memory.fr: YAML read this as nothing (~ or null), not text: put it in quotes",
        f"zero.en: {'Z' * 33!r} has 33 characters; the limit is 32",
    ]


def test_a_name_of_the_wrong_shape_leaves_the_same_tags_other_names_checked(tmp_path: Path) -> None:
    """`fr:` left with nothing after it hid that the English name beside it is over the limit."""
    write_names(tmp_path, f"memory: {{en: {'M' * 40}, fr: ~, xx: Mem}}\nzero: {{en: ~, fr: {'Z' * 33}}}\n")
    assert [problem.message for problem in problems_of(tmp_path)] == [
        f"memory.en: {'M' * 40!r} has 40 characters; the limit is 32",
        "memory.fr: YAML read this as nothing (~ or null), not text: put it in quotes",
        f"memory.xx: {unknown_code()}",
        "zero.en: YAML read this as nothing (~ or null), not text: put it in quotes",
        f"zero.fr: {'Z' * 33!r} has 33 characters; the limit is 32",
    ]


def test_a_file_that_is_no_mapping_is_said_in_the_admins_language(tmp_path: Path) -> None:
    """Pydantic's "Input should be a valid dictionary" was in the French, Swahili, Yoruba or Shona report."""
    write_names(tmp_path, "Memory, gradients\n")
    [problem] = problems_of(tmp_path)
    texts = UiTexts.load(default_content_dir() / "locales")
    assert problem.said(texts.for_language("fr")) == (
        "concepts.yaml\u00a0: doit associer à chaque étiquette ses noms\u00a0; YAML a lu le fichier comme un texte")
    for language in ("sw", "yo", "sn"):
        said = problem.said(texts.for_language(language))
        assert "should" not in said and "must map" not in said, said


def test_the_length_limit_counts_a_yoruba_letter_with_its_tone_mark_once_composed(tmp_path: Path) -> None:
    decomposed = "o\u0323\u0300" * 32  # ọ̀ typed as three code points: two once composed (NFC), still 32 letters
    write_names(tmp_path, {"memory": {"en": "Memory", "yo": decomposed[: 3 * 16]}})
    assert load_concept_names(tmp_path)["memory"]["yo"] == unicodedata.normalize("NFC", decomposed[: 3 * 16])
    write_names(tmp_path, {"memory": {"en": "Memory", "yo": decomposed[: 3 * 17]}})
    [problem] = problems_of(tmp_path)
    assert "has 34 characters; the limit is 32" in problem.message


def test_a_file_that_is_not_yaml_names_the_file_and_the_line(tmp_path: Path) -> None:
    write_names(tmp_path, "memory: {en: Memory\n")
    with pytest.raises(ContentError) as error:
        load_concept_names(tmp_path)
    assert str(error.value).startswith(f"{CONCEPTS_FILE}: can't be read: line ")


def test_every_tag_written_twice_is_named_with_its_line(tmp_path: Path) -> None:
    write_names(tmp_path, "memory: {en: Memory}\nzero: {en: ZeRO}\nmemory: {en: RAM}\nzero: {en: Zero}\n")
    assert [problem.message for problem in problems_of(tmp_path)] == [
        "can't be read: line 3: the key 'memory' is written twice",
        "can't be read: line 4: the key 'zero' is written twice"]


def test_a_directory_in_place_of_the_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / CONCEPTS_FILE).mkdir()
    [problem] = problems_of(tmp_path)
    assert problem.message == "can't be read: it is a directory, not a regular file"


def test_a_catalog_has_no_names_by_default_and_a_read_only_copy_of_the_given_ones() -> None:
    assert Catalog(()).concept_names == {}
    given = dict(NAMES)
    catalog = Catalog((), given)
    given.clear()
    assert catalog.concept_names == NAMES
    with pytest.raises(TypeError):
        catalog.concept_names["zero"] = {"en": "ZeRO"}  # type: ignore[index]


def test_the_library_loads_the_names_at_start_up(content_dir: Path) -> None:
    assert ContentLibrary.load(content_dir).catalog.concept_names == {}
    write_names(content_dir, NAMES)
    assert ContentLibrary.load(content_dir).catalog.concept_names == NAMES


def test_start_up_with_a_broken_concepts_file_and_a_broken_quiz_lists_both(content_dir: Path) -> None:
    write_names(content_dir, {"memory": {"fr": "Mémoire"}})
    (content_dir / "quizzes" / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        ContentLibrary.load(content_dir)
    assert {problem.file for problem in error.value.problems} == {CONCEPTS_FILE, "broken.yaml"}


async def test_a_reload_picks_up_new_names_and_refuses_a_broken_file(content_dir: Path) -> None:
    library = ContentLibrary.load(content_dir)
    write_names(content_dir, NAMES)
    result = await library.reload()
    assert result.ok and library.catalog.concept_names == NAMES
    before = library.catalog
    write_names(content_dir, {"memory": {"en": "Memory", "fr": "M" * 40}})
    result = await library.reload()
    assert not result.ok
    assert [str(problem) for problem in result.problems] == [
        f"{CONCEPTS_FILE}: memory.fr: {'M' * 40!r} has 40 characters; the limit is 32"]
    assert library.catalog is before

"""The glossary (content/glossary.yaml): per concept and language, the preferred term and the variants to avoid."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator, model_validator

from bot.content.field_words import field_sentence
from bot.content.file_reading import FileRefused, nothing_at, read_quiz_text
from bot.content.loader import describe_field_error
from bot.content.models import in_language
from bot.content.problems import ContentProblem, field_problem
from bot.content.yaml_source import YamlProblem, read_yaml
from bot.languages import LanguageCode
from bot.said import N_, Said, as_is, said

GLOSSARY_FILE = "glossary.yaml"

NonEmptyText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
# Not stripped: a space at either end of a variant marks a word boundary (" seau" must not flag "réseau").
Variant = Annotated[str, StringConstraints(min_length=1)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Term(_Strict):
    preferred: NonEmptyText
    avoid: list[Variant] = Field(default_factory=list)

    @field_validator("avoid")
    @classmethod
    def _plain_lowercase(cls, variants: list[str]) -> list[str]:
        if any(not variant.strip() for variant in variants):
            raise ValueError("a variant to avoid is blank")
        # Every one named at once: an author fixing the first would meet the next at the following run.
        upper = [repr(variant) for variant in variants if variant != variant.lower()]
        if len(upper) == 1:
            raise ValueError(f"the variant {upper[0]} must be written in lowercase")
        if upper:
            raise ValueError(f"the variants {', '.join(upper)} must be written in lowercase")
        return variants


class Concept(_Strict):
    concept: NonEmptyText = Field(description="The concept, in English.")
    terms: dict[LanguageCode, Term]

    @model_validator(mode="before")
    @classmethod
    def _terms_beside_the_concept(cls, data: Any) -> Any:
        # The file writes each language's term next to the concept ({concept: x, fr: {...}}), so a new language
        # code in LanguageCode needs no change here.
        if isinstance(data, dict) and "terms" not in data:
            terms = {key: value for key, value in data.items() if key != "concept"}
            # No concept key stays none (missing), not null: "YAML read this as nothing" would be untrue.
            return {"terms": terms} | ({"concept": data["concept"]} if "concept" in data else {})
        return data


class Use(NamedTuple):
    """An avoided variant found in a text, with the concept and the term to use instead."""
    concept: str
    preferred: str
    variant: str


class Glossary(_Strict):
    concepts: list[Concept]

    def inconsistencies(self) -> list[str]:
        """Every concept listed twice and every variant the glossary would flag in a preferred term, each said
        (load_glossary refuses a glossary that has any; all are told at once, not one a run)."""
        names = [concept.concept.casefold() for concept in self.concepts]
        twice = sorted({name for name in names if names.count(name) > 1})
        problems = [f"concepts listed more than once: {', '.join(twice)}"] if twice else []
        for language in sorted({language for concept in self.concepts for language in concept.terms}):
            preferred = [(c.concept, t.preferred) for c in self.concepts if (t := c.terms.get(language))]
            for concept in self.concepts:
                term = concept.terms.get(language)
                for variant in term.avoid if term else []:
                    clash = next((name for name, text in preferred if _pattern(variant).search(fold(text))), None)
                    if clash is not None:
                        # The glossary would then flag the very term it asks for.
                        problems.append(f"the {language} variant {variant!r} of {concept.concept!r} occurs in the "
                                        f"preferred term of {clash!r}")
        return problems

    def uses(self, language: str, text: str) -> Iterator[Use]:
        """Every avoided variant of the language that the text contains."""
        folded = fold(text)
        for concept in self.concepts:
            term = in_language(concept.terms, language)
            if term is None:
                continue
            for variant in term.avoid:
                if _pattern(variant).search(folded):
                    yield Use(concept.concept, term.preferred, variant.strip())


def fold(text: str) -> str:
    """Case-folded and composed (NFC), so that one word typed two ways compares equal."""
    return unicodedata.normalize("NFC", text.casefold())


_WORD_CHAR = r"(?:[^\W_]|[\u0300-\u036f])"  # a letter or digit, or a combining (tone) mark


@lru_cache(maxsize=1024)
def _pattern(variant: str) -> re.Pattern[str]:
    """A case-insensitive substring match; a leading or trailing space only asks for a word boundary there."""
    core = re.escape(fold(variant.strip()))
    before = rf"(?<!{_WORD_CHAR})" if variant.startswith(" ") else ""
    after = rf"(?!{_WORD_CHAR})" if variant.endswith(" ") else ""
    return re.compile(before + core + after)


def load_glossary(content_dir: Path) -> tuple[Glossary | None, list[ContentProblem]]:
    """The content's glossary if it has one (None otherwise), and every problem it has; never an exception."""
    path = content_dir / GLOSSARY_FILE
    if nothing_at(path):
        return None, []
    try:
        data = read_yaml(read_quiz_text(path))
    except FileRefused as error:
        return None, [ContentProblem(GLOSSARY_FILE, None, f"can't be read: {error}")]
    except YamlProblem as error:  # every key written twice, say
        return None, [ContentProblem(GLOSSARY_FILE, None, f"can't be read: {reason.english()}")
                      for reason in error.reasons]
    except OSError as error:
        return None, [ContentProblem(GLOSSARY_FILE, None, f"can't be read: {error.strerror or error}")]
    try:
        glossary = Glossary.model_validate(data)
    except ValidationError as error:
        return None, [ContentProblem.of(GLOSSARY_FILE, None, _describe(data, detail)) for detail in error.errors()]
    problems = [ContentProblem(GLOSSARY_FILE, None, message) for message in glossary.inconsistencies()]
    return (None, problems) if problems else (glossary, [])


def _describe(data: Any, detail: Any) -> Said:
    """A validation error worded as a quiz file's are, where it is by concept name when there is one."""
    loc = list(detail["loc"])
    if not loc:  # the whole file: a list or a text, say
        return field_sentence("file", detail) or field_problem("file", str(detail["msg"]))
    if len(loc) >= 2 and loc[0] == "concepts" and isinstance(loc[1], int):
        concepts = data.get("concepts") if isinstance(data, dict) else None
        raw = concepts[loc[1]] if isinstance(concepts, list) and loc[1] < len(concepts) else None
        name = raw.get("concept") if isinstance(raw, dict) else None
        label = f"concept {name!r}" if isinstance(name, str) else f"concept #{loc[1] + 1}"
        loc = [label, *(part for part in loc[2:] if part != "terms")]
    if detail["type"] == "value_error":  # the glossary's own checks (a variant not in lowercase): already worded
        where = ".".join(str(part) for part in loc)
        return said(N_("{path}: {problem}"), path=where, problem=as_is(str(detail["msg"]).removeprefix(
            "Value error, ")))
    return describe_field_error(loc, detail)

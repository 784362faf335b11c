"""pydantic's usual validation errors in a quiz author's words: its own are English only, and /reload says a
problem in the admin's language. Counts and allowed values come from the error's ``ctx``, not its message."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from bot.said import N_, Said, ngettext, said

# pydantic's list of a Literal's or Enum's values: reprs, the last after " or " ("'easy', 'medium' or 'hard'").
_QUOTED = r"'[^'\\]*'"
_QUOTED_LIST = re.compile(rf"{_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})?")


def field_sentence(path: str, detail: Mapping[str, Any]) -> Said | None:
    """The sentence for a pydantic error at ``path`` (options, prompt.en), or None for a kind that has none."""
    kind, ctx, given = detail["type"], detail.get("ctx") or {}, detail.get("input")
    if kind == "too_short" and _counts(ctx, "min_length"):
        # Translators: {path} is where in the file (options); {n} the fewest items allowed; {actual} how many it has.
        return ngettext("{path}: needs at least {n} item, has {actual}",
                        "{path}: needs at least {n} items, has {actual}",
                        ctx["min_length"], path=path, actual=ctx["actual_length"])
    if kind == "too_long" and _counts(ctx, "max_length"):
        # Translators: {path} is where in the file (options); {n} the most items allowed; {actual} how many it has.
        return ngettext("{path}: takes at most {n} item, has {actual}",
                        "{path}: takes at most {n} items, has {actual}",
                        ctx["max_length"], path=path, actual=ctx["actual_length"])
    if kind == "string_too_short" and ctx.get("min_length") == 1:  # a text is stripped first: spaces are none
        # Translators: {path} is where in the file (prompt.en, title.fr).
        return said(N_("{path}: the text is empty (or only spaces)"), path=path)
    if kind == "string_too_long" and isinstance(ctx.get("max_length"), int) and isinstance(given, str):
        # Translators: {path} is where in the file (id, tags.0); {n} the most characters allowed; {actual} how many.
        return ngettext("{path}: takes at most {n} character, has {actual}",
                        "{path}: takes at most {n} characters, has {actual}",
                        ctx["max_length"], path=path, actual=len(given))
    if kind == "string_type":  # YAML reads 1:30, 2024-01-01, .inf or ~ as something else than text
        return said(N_("{path}: YAML read this as {kind}, not text: put it in quotes"), path=path,
                    kind=yaml_kind(given))
    if kind == "list_type":
        # Translators: {path} is where in the file (tags); {kind} what YAML read (a text); "-" starts a list's item.
        return said(N_("{path}: YAML read this as {kind}, not a list: start each item with a dash (-)"),
                    path=path, kind=yaml_kind(given))
    if kind == "dict_type":  # every plain mapping of a quiz is a text by language (LocalizedText)
        # Translators: {path} is where in the file (prompt); {kind} what YAML read (a text); keep "en: ..., fr: ...".
        return said(N_("{path}: YAML read this as {kind}, not texts by language (en: ..., fr: ...)"),
                    path=path, kind=yaml_kind(given))
    if kind == "model_type":  # a guide, reference or option given as a text, number or list
        # Translators: {path} is where in the file (guide); {kind} what YAML read (a text); "key: value" is a line.
        return said(N_("{path}: YAML read this as {kind}, not a mapping (key: value)"), path=path,
                    kind=yaml_kind(given))
    if kind in ("literal_error", "enum") and isinstance(ctx.get("expected"), str):
        # Translators: {path} is where in the file (difficulty); {expected} the values allowed, as written in it.
        return said(N_("{path}: must be one of {expected}"), path=path, expected=_values(ctx["expected"]))
    return None


def _counts(ctx: Mapping[str, Any], limit: str) -> bool:
    # pydantic leaves actual_length out (None) when it stopped reading an iterable early; a file's lists are read.
    return isinstance(ctx.get(limit), int) and isinstance(ctx.get("actual_length"), int)


def _values(expected: str) -> str:
    """The allowed values without pydantic's English "or": 'easy', 'medium', 'hard'. Kept as given if written
    otherwise (a value not a quoted text)."""
    if _QUOTED_LIST.fullmatch(expected) is None:
        return expected
    return ", ".join(re.findall(_QUOTED, expected))


def yaml_kind(value: Any) -> Said:
    """What YAML read a value as, for an author who meant something else."""
    if value is None:
        return said(N_("nothing (~ or null)"))
    if isinstance(value, bool):
        return said(N_("a yes/no value"))
    if isinstance(value, int | float):
        return said(N_("the number {number}"), number=repr(value))
    if isinstance(value, date):
        return said(N_("a date"))
    if isinstance(value, str):
        return said(N_("a text"))
    return said(N_("a list") if isinstance(value, list) else N_("a mapping") if isinstance(value, dict)
                else N_("no text"))

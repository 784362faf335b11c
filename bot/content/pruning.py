"""A question whose shape problems each leave its other rules readable, read with those problems mended.

validate lists a question's shape problems (an unknown language code, a misspelt key, a text left empty, a tag
not written as one) from pydantic. Its other rules (complete languages, lengths, the answer key) need the question
read; without this, they stayed hidden until the shape was fixed, and the author met them one round later. A key
pydantic names as unknown can simply be left out; a text of a language that is empty or no text stands in as a
placeholder (the language is there, so no "incomplete" follows), and so does a prompt, explanation or option text
left out (or left empty: null), in the languages of the rest; the question's own id, its tags and its reference
weigh in no other rule. Anything else (the options or answer left out, an option's id, a whole text of the wrong
kind) can't be guessed, and the question stays unread.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import ValidationError

from bot.content.models import Question
from bot.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, is_language_code

KEY = "[key]"  # pydantic's mark, after a mapping's key, of an error about the key itself
# What a question's own id becomes while its other rules are checked: its problems name it by the id written.
STAND_IN_ID = "question"
# Pydantic's refusals of one language's text: empty (or only spaces), or YAML read it as no text (5, ~, a list).
_TEXT_REFUSALS = frozenset({"string_too_short", "string_type"})


def refused_key(detail: Any) -> list[Any] | None:
    """Where the key a validation error refuses is (a key not allowed, or an unknown language code); None for an
    error about anything else. The loader words the same two kinds as unknown keys and codes."""
    loc = list(detail["loc"])
    if detail["type"] == "extra_forbidden":
        return loc
    if detail["type"] == "literal_error" and KEY in loc:
        return loc[:loc.index(KEY)]
    return None


def readable_question(raw: Any, error: ValidationError) -> Question | None:
    """The question read with each problem ``error`` names mended, if every one can be; else None."""
    mended = copy.deepcopy(raw)
    if not isinstance(mended, dict) or not all(_mended(mended, detail) for detail in error.errors()):
        return None
    try:
        return Question.model_validate(mended)
    except ValidationError:
        return None


def _mended(question: dict[str, Any], detail: Any) -> bool:
    """Mend the problem ``detail`` names in ``question``; whether it could be."""
    refused = refused_key(detail)
    if refused is not None:
        return bool(refused) and _removed(question, refused)
    loc = list(detail["loc"])
    if loc == ["id"]:
        question["id"] = STAND_IN_ID
        return True
    if loc[:1] == ["tags"]:  # each refused tag is told; no other rule reads them
        question["tags"] = []
        return True
    if loc[:1] == ["reference"]:  # its title or link is told; no other rule reads it
        question.pop("reference", None)
        return True
    if detail["type"] in _TEXT_REFUSALS and len(loc) >= 2 and is_language_code(loc[-1]):
        # One of its kind, so that two such options don't read as the same text.
        return _replaced(question, loc, _stand_in(loc))
    # A key with nothing after it (`explanation:`) is YAML's null: left out as much as a key not written.
    left_out = detail["type"] == "missing" or (detail["type"] == "dict_type" and detail.get("input") is None)
    if left_out and (loc in (["prompt"], ["explanation"]) or (
            len(loc) == 3 and loc[0] == "options" and loc[2] == "text")):
        # A whole text left out: in every language the rest of the question has, so none reads as incomplete.
        parent = _parent(question, loc)
        if not isinstance(parent, dict):
            return False
        parent[loc[-1]] = {language: _stand_in([*loc, language]) for language in _languages(question)}
        return True
    return False


def _stand_in(loc: list[Any]) -> str:
    return "(" + ".".join(str(part) for part in loc) + ")"


def _languages(question: dict[str, Any]) -> list[str]:
    """The languages (known to the bot) of the question's texts that are mappings, English always."""
    texts = [question.get("prompt"), question.get("explanation"), question.get("details")]
    options = question.get("options")
    for option in options if isinstance(options, list) else []:
        texts += [option.get("text"), option.get("why_not")] if isinstance(option, dict) else []
    found = {language for text in texts if isinstance(text, dict) for language in text}
    return [language for language in SUPPORTED_LANGUAGES if language in found or language == DEFAULT_LANGUAGE]


def _parent(data: Any, path: list[Any]) -> Any:
    """The mapping or list holding the item at ``path`` (not checked to be there), or None."""
    for part in path[:-1]:
        in_mapping = isinstance(data, dict) and part in data
        in_list = isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if not (in_mapping or in_list):
            return None
        data = data[part]
    return data


def _removed(data: Any, path: list[Any]) -> bool:
    """Delete the key at ``path``; whether it was there to delete."""
    parent = _parent(data, path)
    if not isinstance(parent, dict) or path[-1] not in parent:
        return False
    del parent[path[-1]]
    return True


def _replaced(data: Any, path: list[Any], value: str) -> bool:
    """Put ``value`` in place of a language's text at ``path``; whether it was there to replace."""
    parent = _parent(data, path)
    if not isinstance(parent, dict) or path[-1] not in parent:
        return False
    parent[path[-1]] = value
    return True

"""A question whose only shape problems are keys it should not have, read without those keys.

validate lists a question's shape problems (an unknown language code, a misspelt key) from pydantic. Its other
rules (complete languages, lengths, the answer key) need the question read; without this, they stayed hidden until
the shape was fixed, and the author met them one round later. A key pydantic names as unknown can simply be left
out; anything else (a key missing, a value of the wrong kind) can't be guessed, and the question stays unread.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import ValidationError

from bot.content.models import Question

KEY = "[key]"  # pydantic's mark, after a mapping's key, of an error about the key itself


def refused_key(detail: Any) -> list[Any] | None:
    """Where the key a validation error refuses is (a key not allowed, or an unknown language code); None for an
    error about anything else. The loader words the same two kinds as unknown keys and codes."""
    loc = list(detail["loc"])
    if detail["type"] == "extra_forbidden":
        return loc
    if detail["type"] == "literal_error" and KEY in loc:
        return loc[:loc.index(KEY)]
    return None


def without_unknown_keys(raw: Any, error: ValidationError) -> Question | None:
    """The question read with the keys ``error`` refused left out, if that was all that was wrong; else None."""
    paths = [refused_key(detail) for detail in error.errors()]
    if any(path is None for path in paths):
        return None
    pruned = copy.deepcopy(raw)
    for path in paths:
        if not path or not _removed(pruned, path):
            return None
    try:
        return Question.model_validate(pruned)
    except ValidationError:
        return None


def _removed(data: Any, path: list[Any]) -> bool:
    """Delete the key at ``path``; whether it was there to delete."""
    for part in path[:-1]:
        in_mapping = isinstance(data, dict) and part in data
        in_list = isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if not (in_mapping or in_list):
            return False
        data = data[part]
    if not isinstance(data, dict) or path[-1] not in data:
        return False
    del data[path[-1]]
    return True

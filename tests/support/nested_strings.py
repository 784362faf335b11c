"""Every string in a value read from YAML or JSON (a quiz file as loaded), however deep: the texts a check walks."""

from __future__ import annotations

from typing import Any


def strings_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings_in(item)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in strings_in(item)]
    return []

"""Text helpers every layer shares."""

from __future__ import annotations


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"

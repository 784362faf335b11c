"""Text helpers every layer shares."""

from __future__ import annotations

import regex

ELLIPSIS = "…"


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending with an ellipsis when cut. The cut falls between
    grapheme clusters (what a reader sees as one letter), so a Yoruba tone mark stays on its letter and an emoji
    sequence such as 👩‍👩‍👧 or a flag is never split into parts."""
    if len(text) <= limit:
        return text
    end = 0
    for cluster in regex.finditer(r"\X", text):
        if cluster.end() > limit - 1:
            break
        end = cluster.end()
    return text[:end].rstrip() + ELLIPSIS

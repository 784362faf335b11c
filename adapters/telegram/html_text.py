"""Safe Telegram HTML: escaping, shortening, and packing blocks into messages under the length limit."""

from __future__ import annotations

import html

from bot.text import shorten

MESSAGE_LIMIT = 4096  # Telegram's limit for one text message
CAPTION_LIMIT = 1024  # and for a photo's caption (both count the text once its tags are read)
PIECE_LIMIT = 700  # plain characters in one escaped piece: even all "&" (5x) stays under the message limit


def esc(text: str, limit: int = PIECE_LIMIT) -> str:
    """User or content text made safe for parse_mode=HTML (and short enough to pack)."""
    return html.escape(shorten(text, limit), quote=False)


def bold(text: str, limit: int = PIECE_LIMIT) -> str:
    return f"<b>{esc(text, limit)}</b>"


def italic(text: str, limit: int = PIECE_LIMIT) -> str:
    return f"<i>{esc(text, limit)}</i>"


def pack(blocks: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join HTML blocks with blank lines into as few messages as fit; a block is never split inside a tag.

    Every block this package builds is made of escaped pieces, so each one is below the limit.
    """
    messages: list[str] = []
    current = ""
    for block in (block for block in blocks if block):
        if len(block) > limit:
            block = _whole_lines(block, limit)
        candidate = f"{current}\n\n{block}" if current else block
        if len(candidate) <= limit:
            current = candidate
        else:
            messages.append(current)
            current = block
    if current:
        messages.append(current)
    return messages


def _whole_lines(block: str, limit: int) -> str:
    """As many whole lines as fit, then an ellipsis: lines are well-formed HTML, cut lines might not be."""
    kept = ""
    for line in block.split("\n"):
        if len(kept) + len(line) + 3 > limit:
            break
        kept = f"{kept}\n{line}" if kept else line
    return f"{kept}\n…" if kept else "…"

"""What Telegram refuses in a message's text, so that the fake Bot API refuses it too (400), as Telegram would:
HTML it can't parse, and text over its limits, counted as Telegram counts them: after the tags are read and the
entities decoded, in UTF-16 units (two for most emoji).

From the Bot API's "HTML style": only its own tags, every other <, > and & written as an entity, and only the
entities &lt; &gt; &amp; &quot; and numeric ones.
"""

from __future__ import annotations

import html
import re
from typing import Any

TAGS = frozenset({"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "tg-emoji",
                  "code", "pre", "blockquote"})
TOKEN = re.compile(r"<(?P<end>/?)(?P<tag>[a-zA-Z][\w-]*)[^<>]*>|(?P<entity>&(?:#\d+|#x[0-9a-fA-F]+|lt|gt|amp|quot);)"
                   r"|(?P<bare>[<>&])")
# Each method's text fields and their limits; a field parsed as HTML when its parse mode says so.
LIMITS: dict[str, list[tuple[str, str | None, int, str]]] = {
    "sendMessage": [("text", "parse_mode", 4096, "message is too long")],
    "editMessageText": [("text", "parse_mode", 4096, "message is too long")],
    "sendPhoto": [("caption", "parse_mode", 1024, "message caption is too long")],
    "sendPoll": [("question", "question_parse_mode", 300, "poll question length must not exceed 300"),
                 ("explanation", "explanation_parse_mode", 200, "poll explanation length must not exceed 200")],
}
OPTION_LIMIT = 100


class Unparsable(ValueError):
    """Telegram's "can't parse entities"."""


def problem(method: str, params: dict[str, Any]) -> str | None:
    """Telegram's description of what is wrong with the request's text, or None."""
    for field, mode, limit, too_long in LIMITS.get(method, []):
        if field not in params:
            continue
        try:
            text = shown_text(str(params[field]), html_mode=str(params.get(mode or "", "")).upper() == "HTML")
        except Unparsable as error:
            return f"can't parse entities: {error}"
        if units(text) > limit:
            return too_long
        if field == "text" and not text.strip():
            return "message text is empty"
    for option in params.get("options", []) if method == "sendPoll" else []:
        if units(option if isinstance(option, str) else option["text"]) > OPTION_LIMIT:
            return f"poll options length must not exceed {OPTION_LIMIT}"
    return None


def shown_text(text: str, *, html_mode: bool) -> str:
    """The text the chat shows: for HTML, without its tags and with its entities decoded."""
    if not html_mode:
        return text
    shown, open_tags, at = [], [], 0
    for token in TOKEN.finditer(text):
        shown.append(text[at:token.start()])
        at = token.end()
        if token["bare"]:
            raise Unparsable(f'unexpected "{token["bare"]}" at byte offset {len(text[:token.start()].encode())}')
        if token["entity"]:
            shown.append(html.unescape(token["entity"]))
            continue
        tag = token["tag"].lower()
        if tag not in TAGS:
            raise Unparsable(f'Unsupported start tag "{tag}"')
        if not token["end"]:
            open_tags.append(tag)
        elif not open_tags or open_tags.pop() != tag:
            raise Unparsable(f'Unexpected end tag "{tag}"')
    if open_tags:
        raise Unparsable(f'Can\'t find end tag corresponding to start tag "{open_tags[-1]}"')
    shown.append(text[at:])
    return "".join(shown)


def units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2

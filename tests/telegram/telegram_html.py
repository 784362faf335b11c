"""What Telegram refuses in a message's text, so that the fake Bot API refuses it too (400), as Telegram would:
HTML it can't parse, and text over its limits.

Both after TDLib, which the Bot API server runs on (td/telegram/MessageEntity.cpp's parse_html and
MessageContent.cpp): only "<" starts a tag, and only Telegram's own tags are known ("span" only with class
"tg-spoiler"); "&" starts an entity only when one follows (&lt; &gt; &amp; &quot; or a number, its ";" optional),
and stays a plain "&" otherwise; a closing tag must close the last one open ("</>" closes any). Lengths are counted
in characters (code points, TDLib's utf8_length) after the tags are read and the entities decoded.

Not a whole port: a tag's attributes are read up to the first ">" and not checked (a quoted ">" inside one, an
unquoted URL, an empty name), nor are tg-emoji's id, surrogate code points or the 32,768-byte cap on raw text.
The bot sends none of those; a test that needs them needs more here.
"""

from __future__ import annotations

import re
from typing import Any

TAGS = frozenset({"a", "b", "strong", "i", "em", "s", "strike", "del", "u", "ins", "tg-spoiler", "tg-emoji",
                  "tg-time", "span", "pre", "code", "blockquote"})
NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
ENTITY = re.compile(r"&(?:#x([0-9a-fA-F]*)|#([0-9]*)|([a-zA-Z]*));?")
SPACE = " \t\r\n\v\0"  # TDLib's is_space, not Unicode's
TAG_NAME = re.compile(rf"<([^{SPACE}>]*)")
END_TAG = re.compile(rf"</([^{SPACE}>]*)[{SPACE}]*>")
SPOILER = re.compile(rf"""(?:^|[{SPACE}])class[{SPACE}]*=[{SPACE}]*(["']?)tg-spoiler\1(?=[{SPACE}>]|$)""")
# Each method's text fields and their limits; a field parsed as HTML when its parse mode says so.
LIMITS: dict[str, list[tuple[str, str, int, str]]] = {
    "sendMessage": [("text", "parse_mode", 4096, "message is too long")],
    "editMessageText": [("text", "parse_mode", 4096, "message is too long")],
    "sendPhoto": [("caption", "parse_mode", 1024, "message caption is too long")],
    "sendPoll": [("question", "question_parse_mode", 300, "poll question length must not exceed 300"),
                 ("explanation", "explanation_parse_mode", 200, "poll explanation length must not exceed 200")],
    # An alert: 0-200 characters (the Bot API's documentation). Checked by Telegram's servers, not TDLib, so how
    # they count (characters or UTF-16 units) is not to be seen in any source: characters, as the bot cuts it.
    "answerCallbackQuery": [("text", "", 200, "MESSAGE_TOO_LONG")],
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
            text = shown_text(str(params[field]), html_mode=str(params.get(mode, "")).upper() == "HTML")
        except Unparsable as error:
            return f"can't parse entities: {error}"
        if len(text) > limit:
            return too_long
        if field == "text" and method != "answerCallbackQuery" and not text.strip():
            return "message text is empty"
    for option in params.get("options", []) if method == "sendPoll" else []:
        if len(option if isinstance(option, str) else option["text"]) > OPTION_LIMIT:
            return f"poll options length must not exceed {OPTION_LIMIT}"
    return None


def shown_text(text: str, *, html_mode: bool) -> str:
    """The text the chat shows: for HTML, without its tags and with its entities decoded."""
    if not html_mode:
        return text
    shown: list[str] = []
    open_tags: list[str] = []
    at = 0
    while at < len(text):
        if text[at] == "&" and (entity := _entity(text, at)) is not None:
            character, at = entity
            shown.append(character)
        elif text[at] != "<":
            shown.append(text[at])
            at += 1
        elif text.startswith("</", at):
            at = _end_tag(text, at, open_tags)
        else:
            at = _start_tag(text, at, open_tags)
    if open_tags:
        raise Unparsable(f'Can\'t find end tag corresponding to start tag "{open_tags[-1]}"')
    return "".join(shown)


def _entity(text: str, at: int) -> tuple[str, int] | None:
    """The character an entity at ``at`` stands for and where it ends; None where "&" is a plain "&"."""
    found = ENTITY.match(text, at)
    assert found is not None  # every part of it may be empty
    hexadecimal, decimal, name = found.groups()
    if name is not None:
        character = NAMED.get(name)
    else:
        digits, base = (hexadecimal, 16) if hexadecimal is not None else (decimal, 10)
        code = int(digits, base) if digits and len(found[0].rstrip(";")) < 10 else 0
        character = chr(code) if 0 < code < 0x10FFFF else None
    return (character, found.end()) if character is not None else None


def _start_tag(text: str, at: int, open_tags: list[str]) -> int:
    name = TAG_NAME.match(text, at)
    assert name is not None  # the name may be empty
    if name.end() >= len(text):
        raise Unparsable(f"Unclosed start tag at byte offset {_offset(text, at)}")
    tag = name[1].lower()
    if tag not in TAGS:
        raise Unparsable(f'Unsupported start tag "{tag}" at byte offset {_offset(text, at)}')
    close = text.find(">", name.end())
    if close < 0:
        raise Unparsable(f'Unclosed start tag "{tag}" at byte offset {_offset(text, at)}')
    if tag == "span" and not SPOILER.search(text, name.end(), close):
        raise Unparsable(f'Tag "span" must have class "tg-spoiler" at byte offset {_offset(text, at)}')
    open_tags.append(tag)
    return close + 1


def _end_tag(text: str, at: int, open_tags: list[str]) -> int:
    if not open_tags:
        raise Unparsable(f"Unexpected end tag at byte offset {_offset(text, at)}")
    found = END_TAG.match(text, at)
    if found is None:
        raise Unparsable(f"Unclosed end tag at byte offset {_offset(text, at)}")
    tag = found[1].lower()
    if tag and tag != open_tags[-1]:
        raise Unparsable(f'Unmatched end tag at byte offset {_offset(text, at)}, expected "</{open_tags[-1]}>", '
                         f'found "</{tag}>"')
    open_tags.pop()
    return found.end()


def _offset(text: str, at: int) -> int:
    return len(text[:at].encode())

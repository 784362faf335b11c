"""What Telegram finds in a message's text by itself, with no tag asking for it: mentions ("@someone", which
notify that member) and links ("example.com", "t.me/x", "https://…", "tg://…").

After TDLib's find_entities (td/telegram/MessageEntity.cpp: match_mentions, match_urls, match_tg_urls). A mention
is "@" not after a letter, digit or "_", then 2 to 32 of [A-Za-z0-9_] not followed by another such character. A
link is a domain around a dot: its characters are ASCII letters, digits, "_", "-", "~" and other characters from
U+00C0 on, but not U+2000 to U+206F (bar the joiners U+200C, U+200D and dashes), so a word joiner ends one. A
subset, on the side of finding more: a domain's last part counts when it is 2+ ASCII letters (TDLib checks it
against its list of TLDs), and an e-mail address counts by its domain.
"""

from __future__ import annotations

import regex

from tests.telegram.telegram_html import shown_text

MENTION = regex.compile(r"(?<![\w])@[A-Za-z0-9_]{2,32}(?![\w])")
DOMAIN = r"(?:[A-Za-z0-9_~\-]|[^\x00-\xbf\u2000-\u206f\s]|[\u200c\u200d\u2010-\u2015])"
LINK = regex.compile(rf"(?:(?:https?|ftp)://|(?<![\w/#]|{DOMAIN}))(?:{DOMAIN}+\.)+[A-Za-z]{{2,}}(?![A-Za-z0-9_~\-])"
                     r"|(?:tg|ton)://[A-Za-z0-9_-]+")


def found_entities(text: str, *, html_mode: bool = True) -> list[str]:
    """The mentions and links Telegram would make of ``text`` as the chat shows it, each as it stands there."""
    shown = shown_text(text, html_mode=html_mode)
    return [found[0] for pattern in (MENTION, LINK) for found in pattern.finditer(shown)]

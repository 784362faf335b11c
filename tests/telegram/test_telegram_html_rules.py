"""The fake Bot API refuses what Telegram refuses (tests/telegram/telegram_html.py): else a reply the real Telegram
rejects, with a 400 the learner never sees the end of, would pass every test."""

from __future__ import annotations

import pytest

from tests.telegram.telegram_html import problem

EMOJI = "🏆"  # beyond the BMP: two UTF-16 units


def html(text: str) -> dict[str, str]:
    return {"chat_id": "1", "text": text, "parse_mode": "HTML"}


def test_telegrams_own_tags_and_entities_pass() -> None:
    text = '<b>Ada</b> · <i>R&amp;D</i> &lt;3 &quot;x&quot; &#39; <a href="u">l</a>'
    assert problem("sendMessage", html(text)) is None


@pytest.mark.parametrize(("text", "says"), [
    ("R&D", 'unexpected "&"'),
    ("a < b", 'unexpected "<"'),
    ("<p>x</p>", 'Unsupported start tag "p"'),
    ("<b>x", 'Can\'t find end tag corresponding to start tag "b"'),
    ("<b><i>x</b></i>", 'Unexpected end tag "b"'),
    ("&nbsp;", 'unexpected "&"'),  # not one of Telegram's entities
])
def test_html_telegram_cannot_parse_is_refused(text: str, says: str) -> None:
    assert (problem("sendMessage", html(text)) or "").startswith(f"can't parse entities: {says}")


def test_plain_text_is_not_parsed() -> None:
    assert problem("sendMessage", {"chat_id": "1", "text": "R&D <3"}) is None


def test_length_is_counted_after_the_tags_in_utf16_units() -> None:
    assert problem("sendMessage", html("<b>" + "é" * 4096 + "</b>")) is None  # tags and accents: not counted extra
    assert problem("sendMessage", html("&amp;" * 4096)) is None  # an entity is one character
    assert problem("sendMessage", html(EMOJI * 2048)) is None
    assert problem("sendMessage", html(EMOJI * 2048 + "x")) == "message is too long"
    assert problem("editMessageText", html(EMOJI * 2049)) == "message is too long"
    assert problem("sendPhoto", {"chat_id": "1", "caption": EMOJI * 513, "parse_mode": "HTML"}) \
        == "message caption is too long"


def test_poll_texts_have_their_own_limits() -> None:
    poll = {"chat_id": "1", "question": "q" * 300, "options": ["a" * 100, {"text": "b"}], "explanation": "e" * 200}
    assert problem("sendPoll", poll) is None
    assert problem("sendPoll", poll | {"question": "q" * 301}) == "poll question length must not exceed 300"
    assert problem("sendPoll", poll | {"options": ["a", EMOJI * 51]}) == "poll options length must not exceed 100"
    assert problem("sendPoll", poll | {"explanation": EMOJI * 101}) == "poll explanation length must not exceed 200"


def test_an_empty_message_is_refused() -> None:
    assert problem("sendMessage", html("<b> </b>")) == "message text is empty"

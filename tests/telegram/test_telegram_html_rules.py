"""The fake Bot API refuses what Telegram refuses (tests/telegram/telegram_html.py, after TDLib's parse_html): else
a reply the real Telegram rejects, with a 400 the learner never sees the end of, would pass every test."""

from __future__ import annotations

import pytest

from tests.telegram.telegram_html import problem

EMOJI = "🏆"  # one character (two UTF-16 units, which Telegram's limits don't count)


def html(text: str) -> dict[str, str]:
    return {"chat_id": "1", "text": text, "parse_mode": "HTML"}


@pytest.mark.parametrize("text", [
    '<b>Ada</b> · <i>R&amp;D</i> &lt;3 &quot;x&quot; &#39; &#x1F3C6; <a href="u">l</a>',
    "R&D &nbsp; a > b &",  # an "&" that starts no entity, and ">", are plain text
    '<span class="tg-spoiler">x</span> <tg-spoiler>y</tg-spoiler> <B>z</B> <b>w</>',  # "</>" closes the last
])
def test_what_telegram_parses_passes(text: str) -> None:
    assert problem("sendMessage", html(text)) is None


@pytest.mark.parametrize(("text", "says"), [
    ("a < b", 'Unsupported start tag ""'),
    ("<p>x</p>", 'Unsupported start tag "p"'),
    ("<span>x</span>", 'Tag "span" must have class "tg-spoiler"'),
    ('<span CLASS="tg-spoiler">x</span>', 'Tag "span" must have class "tg-spoiler"'),  # as TDLib: exactly
    ('<span data-class="tg-spoiler">x</span>', 'Tag "span" must have class "tg-spoiler"'),
    ("<b\u00a0>x</b>", 'Unsupported start tag "b\u00a0"'),  # only ASCII spaces end a tag's name
    ("<b>x", 'Can\'t find end tag corresponding to start tag "b"'),
    ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
    ("x</b>", "Unexpected end tag"),
    ("<b", "Unclosed start tag"),
])
def test_html_telegram_cannot_parse_is_refused(text: str, says: str) -> None:
    assert (problem("sendMessage", html(text)) or "").startswith(f"can't parse entities: {says}")


def test_plain_text_is_not_parsed() -> None:
    assert problem("sendMessage", {"chat_id": "1", "text": "a < b <p>"}) is None


def test_length_is_counted_in_characters_after_the_tags_and_entities() -> None:
    assert problem("sendMessage", html("<b>" + "é" * 4096 + "</b>")) is None  # tags not counted
    assert problem("sendMessage", html("&amp;" * 4096)) is None  # an entity is one character
    assert problem("sendMessage", html(EMOJI * 4096)) is None
    assert problem("sendMessage", html(EMOJI * 4096 + "x")) == "message is too long"
    assert problem("editMessageText", html("x" * 4097)) == "message is too long"
    assert problem("sendPhoto", {"chat_id": "1", "caption": "x" * 1025, "parse_mode": "HTML"}) \
        == "message caption is too long"


def test_poll_texts_have_their_own_limits() -> None:
    poll = {"chat_id": "1", "question": "q" * 300, "options": [EMOJI * 100, {"text": "b"}], "explanation": "e" * 200}
    assert problem("sendPoll", poll) is None
    assert problem("sendPoll", poll | {"question": "q" * 301}) == "poll question length must not exceed 300"
    assert problem("sendPoll", poll | {"options": ["a", "b" * 101]}) == "poll options length must not exceed 100"
    assert problem("sendPoll", poll | {"explanation": "e" * 201}) == "poll explanation length must not exceed 200"


def test_an_alert_over_200_characters_is_refused() -> None:
    assert problem("answerCallbackQuery", {"callback_query_id": "1", "text": "x" * 200, "show_alert": "true"}) is None
    assert problem("answerCallbackQuery", {"callback_query_id": "1", "text": "x" * 201}) == "MESSAGE_TOO_LONG"
    assert problem("answerCallbackQuery", {"callback_query_id": "1"}) is None  # no text: nothing shown


def test_an_empty_message_is_refused() -> None:
    assert problem("sendMessage", html("<b> </b>")) == "message text is empty"

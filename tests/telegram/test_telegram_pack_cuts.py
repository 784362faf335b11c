"""Where pack() cuts a line too long for one message: every part a message Telegram takes, with no formatted
element left empty at the cut. An opening tag that came just before the cut went out as "<b></b>", its text in the
next message (a tag split from its text); a closing tag just after it began the next one as "<b></b>"; spaces
around the cut left "<b> </b>", a message showing nothing, which Telegram refuses ("message text is empty"),
losing the reply's rest."""

from __future__ import annotations

import regex
from hypothesis import example, given
from hypothesis import strategies as st

from adapters.telegram.html_text import pack
from tests.telegram.telegram_html import problem, shown_text

# A formatted element holding no text: nothing, or nothing but spaces.
EMPTY_ELEMENT = regex.compile(r"<([a-z-]+)[^>]*>\s*</\1>")
LETTERS = ["x", "y", "ẹ̀", "🇳🇬"]  # letters of one code point and of two (a tone mark, a flag's pair)
TAGS = ["b", "i", "u", "code", 'a href="https://example.org/?a=1&amp;b=2"', 'span class="tg-spoiler"']


def messages_of(line: str, limit: int) -> list[str]:
    messages = pack([line], limit)
    for message in messages:
        assert problem("sendMessage", {"chat_id": "1", "text": message, "parse_mode": "HTML"}) is None, messages
        assert len(shown_text(message, html_mode=True)) <= limit, messages
        assert EMPTY_ELEMENT.search(message) is None, messages
    return messages


def unspaced(text: str) -> str:
    return "".join(shown_text(text, html_mode=True).split())


def test_an_opening_tag_just_before_the_cut_goes_with_its_text() -> None:
    assert messages_of("x" * 10 + "<b>yyy</b>", 10) == ["x" * 10, "<b>yyy</b>"]


def test_a_closing_tag_just_after_the_cut_does_not_begin_the_next_message() -> None:
    assert messages_of("<b>aaa bbb </b>ccc", 8) == ["<b>aaa bbb</b>", "ccc"]


def test_spaces_at_a_cut_inside_a_tag_make_no_message_showing_nothing() -> None:
    """"<b> </b>" parsed, but shows only a space: Telegram refused it as an empty message."""
    messages = messages_of("<b>aaaaa   " + "y" * 12 + "</b>", 5)
    assert unspaced("".join(messages)) == "a" * 5 + "y" * 12


@st.composite
def lines(draw: st.DrawFn) -> str:
    """One line of Telegram HTML as the renderers write it: words, runs of spaces and entities, in elements that
    open and close on it (nested too), each holding some text."""
    parts: list[str] = []
    open_tags: list[tuple[str, int]] = []  # each open element's name, and the part its text begins at
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["word", "spaces", "entity", "open", "close"]))
        if kind == "word":
            parts.append("".join(draw(st.lists(st.sampled_from(LETTERS), min_size=1, max_size=14))))
        elif kind == "spaces":
            parts.append(" " * draw(st.integers(1, 3)))
        elif kind == "entity":
            parts.append(draw(st.sampled_from(["&amp;", "&lt;", "&gt;"])))
        elif kind == "open" and len(open_tags) < 3:
            tag = draw(st.sampled_from(TAGS))
            parts.append(f"<{tag}>")
            open_tags.append((tag.split()[0], len(parts)))
        elif kind == "close" and open_tags:
            parts.append(_closing(parts, *open_tags.pop()))
    return "".join(parts + [_closing(parts, *element) for element in reversed(open_tags)])


def _closing(parts: list[str], name: str, text_from: int) -> str:
    """The element's end tag, after a word if it holds no text yet."""
    holds_text = regex.sub(r"<[^>]*>|\s", "", "".join(parts[text_from:]))  # its own tags, and inner ones open
    return f"</{name}>" if holds_text else f"z</{name}>"


@given(lines(), st.integers(min_value=3, max_value=20))
@example("x" * 10 + "<b>yyy</b>", 10)
@example("<b>aaaaa   " + "y" * 12 + "</b>", 5)
@example("<i>aa <b>  bbbbbbbbbbbb</b></i>", 6)
def test_every_cut_of_a_line_is_sendable_and_keeps_every_letter(line: str, limit: int) -> None:
    messages = messages_of(line, limit)
    assert unspaced("".join(messages)) == unspaced(line)

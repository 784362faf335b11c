"""A line too long for one Discord message is split between words, never inside one, nor inside a code span, and
never where the next message would begin with what Discord reads as a list, a heading or a quote."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from adapters.discord.render import MESSAGE_LIMIT, plain
from adapters.discord.splitting import split_message
from bot.content.loader import load_quizzes
from bot.text import clusters

CONTENT = Path(__file__).resolve().parents[2] / "content"
# What Discord reads at a message's start as a list item, a heading or a quote.
BLOCK_START = re.compile(r"\s*(?:[-+*>]|>>>|#{1,3}|-#|\d+[.)])\s")


def test_a_long_explanation_is_split_between_words_never_inside_one() -> None:
    """Before: cut every 2,000 characters wherever that fell, here inside the Yorùbá word "pàrámítà"."""
    explanations = [question.explanation["yo"] for quiz in load_quizzes(CONTENT) for question in quiz.questions]
    text = plain(" ".join(explanations))  # one paragraph of real explanations, over three messages long
    assert len(text) > 3 * MESSAGE_LIMIT and "\n" not in text
    parts = split_message(text)
    assert len(parts) > 3 and all(len(part) <= MESSAGE_LIMIT for part in parts)
    assert "".join(parts) == text
    assert [word for part in parts for word in part.split()] == text.split()  # every word whole in one message
    for before, after in itertools.pairwise(parts):
        assert clusters(before + after) == clusters(before) + clusters(after)


def test_a_code_span_is_never_split() -> None:
    """A code span cut in two showed its backtick and the text after it as written in one message, and made code of
    the rest of the next."""
    for pad in range(1960, 2000, 3):
        text = "x" * pad + " the quiz `collectives-and-friends` " + "y " * 40
        parts = split_message(text)
        assert "".join(parts) == text and all(len(part) <= MESSAGE_LIMIT for part in parts)
        assert any("`collectives-and-friends`" in part for part in parts), (pad, parts[0][-40:])


def test_no_message_begins_with_a_list_marker_a_heading_or_a_quote() -> None:
    """A split between words can put "- ", "1. ", "# " or "> " from mid-line at the start of the next message,
    where Discord draws a list, a heading or a quote."""
    for marker in ("-", "1.", "#", ">", "+", "-#", "3)"):
        for pad in range(1990, 2001):
            text = "x" * pad + f" {marker} then the rest of the explanation"
            parts = split_message(plain(text))
            assert "".join(parts) == plain(text)
            assert not any(BLOCK_START.match(part) for part in parts[1:]), (marker, pad, parts[1][:20])

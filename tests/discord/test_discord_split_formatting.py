"""A text split over Discord messages keeps its formatting whole in each: a bold (or italic) span cut in two is
closed at the end of the first part and opened again at the start of the next, so neither shows a stray '**' and
the rest of the next is not made bold."""

from __future__ import annotations

import re

from adapters.discord.render import MESSAGE_LIMIT, plain
from adapters.discord.splitting import split_message

ESCAPE_OR_CODE = re.compile(r"\\.|`[^`]*`")


def marks(part: str) -> list[str]:
    """The formatting marks Discord reads in ``part``, in order: escapes and code spans left out."""
    return re.findall(r"\*\*|\*", ESCAPE_OR_CODE.sub("", part))


def balanced(part: str) -> bool:
    """Each mark opened in ``part`` is closed there, innermost first, none closed that was not opened."""
    opened: list[str] = []
    for mark in marks(part):
        if opened and opened[-1] == mark:
            opened.pop()
        else:
            opened.append(mark)
    return not opened


def letters(text: str) -> str:
    """The text without its marks and blanks: what a split keeps, adding marks only (and dropping line breaks)."""
    return re.sub(r"[*\s]", "", text)


def test_a_bold_span_longer_than_a_message_is_bold_in_each() -> None:
    """Before: the '**' opening it ended up in the first message, the closing one in the last, each unbalanced."""
    prompt = plain("Which of these ways of pooling savings " * 120)  # a question's prompt, bold (render.fit)
    text = f"**Question 1 of 5**\n**{prompt}**\nA. yes"
    parts = split_message(text)
    assert len(parts) > 2 and all(len(part) <= MESSAGE_LIMIT for part in parts)
    assert all(balanced(part) for part in parts), [part[:30] + " … " + part[-30:] for part in parts]
    assert letters("".join(parts)) == letters(text)  # nothing lost, marks added only
    assert all(part.lstrip().startswith("**") for part in parts[1:-1])  # the prompt stays bold throughout


def test_a_bold_or_italic_span_cut_between_its_words_is_closed_and_opened_again() -> None:
    for mark in ("**", "*"):
        for pad in range(1960, 2001, 4):
            text = "x" * pad + f" {mark}a notice of a few words that are set apart{mark} and the rest"
            parts = split_message(text)
            assert len(parts) == 2 and all(len(part) <= MESSAGE_LIMIT for part in parts)
            assert all(balanced(part) for part in parts), (mark, pad, parts[0][-30:], parts[1][:30])
            assert letters("".join(parts)) == letters(text)
            # no blank inside a mark: Discord would not read an italic '* a' or 'a *' as one
            assert not re.search(r"(?<!\S)\*+(?=\s|$)", parts[0] + "\n" + parts[1]), (mark, pad)


def test_an_escaped_star_and_a_code_span_are_no_formatting() -> None:
    text = plain("x" * 1990 + " 2*3 = 6 and `a**b` ") + "`**` " + "y " * 30
    parts = split_message(text)
    assert "".join(parts) == text

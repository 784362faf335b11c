"""The ways an answer is typed: a number or a letter, as written on paper ("2.", "b)", "(c)", "( c )"), in full
width too ("２"), with a plus ("+2"); and at the quiz picker, whose list is numbered, a letter is no quiz's name."""

from __future__ import annotations

import pytest

from adapters.terminal.commands import Line, option_index, parse


@pytest.mark.parametrize("typed", ["2", "2)", "2.", "(2)", "b", "B", "b)", "b.", "(b)", " (B) ", "( b )", "(b )",
                                   "( 2 )", "２", "（ｂ）", "（２）", "ｂ．", "（\u3000ｂ\u3000）",  # full width
                                   "+2", "(+2)", "＋２"])  # a plus that changes nothing
def test_a_number_or_letter_in_its_usual_dress_names_the_second_option(typed: str) -> None:
    assert option_index(typed) == 1
    assert parse(typed, answering=True) == Line("answer", typed.strip(), 1)


@pytest.mark.parametrize("typed", ["(ab)", "()", "((b))", "(²)", "b c", "( b c )", "①", "٣", "２²", "+", "++2", "+b"])
def test_anything_else_names_no_option(typed: str) -> None:
    assert option_index(typed) is None


@pytest.mark.parametrize("typed", ["a", "B", "(b)", "c)", "( c )", "ａ"])
def test_a_letter_with_no_question_open_names_no_quiz(typed: str) -> None:
    assert parse(typed, answering=False) == Line("letter", typed.strip())


@pytest.mark.parametrize(("typed", "line"), [
    ("2", Line("choose", "2", 2)), ("２", Line("choose", "2", 2)), ("fsdp", Line("choose", "fsdp")),
    ("(2)", Line("choose", "(2)", 2)), ("2.", Line("choose", "2.", 2)), ("2)", Line("choose", "2)", 2)),
    ("( 2 )", Line("choose", "( 2 )", 2)), ("（２）", Line("choose", "(2)", 2)),  # as an answer's number is typed
    ("+2", Line("choose", "+2", 2)),
    ("ab", Line("choose", "ab")),  # a word may still name a quiz
])
def test_a_number_or_a_word_with_no_question_open_chooses_a_quiz(typed: str, line: Line) -> None:
    assert parse(typed, answering=False) == line


@pytest.mark.parametrize("space", ["\t", "\u00a0", "\u3000", "  "])  # a tab, a no-break space, an ideographic one
def test_a_command_is_parted_from_its_argument_by_any_space(space: str) -> None:
    assert parse(f"quiz{space}fsdp", answering=False) == Line("quiz", "fsdp")
    assert parse(f"/language{space}sw ", answering=True) == Line("language", "sw")

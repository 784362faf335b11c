"""The ways an answer is typed: a number or a letter, as written on paper ("2.", "b)", "(c)")."""

from __future__ import annotations

import pytest

from adapters.terminal.commands import Line, option_index, parse


@pytest.mark.parametrize("typed", ["2", "2)", "2.", "(2)", "b", "B", "b)", "b.", "(b)", " (B) "])
def test_a_number_or_letter_in_its_usual_dress_names_the_second_option(typed: str) -> None:
    assert option_index(typed) == 1
    assert parse(typed, answering=True) == Line("answer", typed.strip(), 1)


@pytest.mark.parametrize("typed", ["(ab)", "()", "((b))", "(²)", "b c"])
def test_anything_else_names_no_option(typed: str) -> None:
    assert option_index(typed) is None

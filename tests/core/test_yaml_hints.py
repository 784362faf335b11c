"""YAML's commonest complaints about a hand-written quiz come with what to do, and only when that is the cause."""

from __future__ import annotations

import pytest

from bot.content.yaml_source import YamlProblem, read_yaml

QUOTE_HINT = ("(a quote inside a quoted text ends it early: write \\\" inside double quotes, '' inside single ones, "
              "or quote the text with the other kind)")


def problem_with(text: str) -> str:
    with pytest.raises(YamlProblem) as problem:
        read_yaml(text)
    return str(problem.value)


@pytest.mark.parametrize("text", [
    'title:\n  en: "The segment"s input"\n',
    "title:\n  en: 'The segment's input'\n",
])
def test_a_quote_that_ends_a_quoted_text_early_gets_the_hint(text: str) -> None:
    assert problem_with(text) == f"line 2: expected <block end>, but found '<scalar>' {QUOTE_HINT}"


@pytest.mark.parametrize(("text", "expected"), [
    ("title: {en: 'it's here'}\n", "'}'"),
    ('title: {en: "The segment"s input"}\n', "'}'"),
    ("prompt: {en: 'Water', fr: 'l'eau'}\n", "'}'"),
    ("- {en: 'it's'}\n", "'}'"),
    ("options: ['it's', 'b']\n", "']'"),
])
def test_a_quote_that_ends_a_quoted_text_early_in_flow_style_gets_the_hint(text: str, expected: str) -> None:
    """YAML's words differ in a {...} mapping or [...] list (before: no hint)."""
    assert problem_with(text) == f"line 1: expected ',' or {expected}, but got '<scalar>' {QUOTE_HINT}"


def test_a_comma_left_out_in_flow_style_gets_no_quote_hint() -> None:
    assert problem_with("title: {en: 'Water' fr: 'Eau'}\n") == "line 1: expected ',' or '}', but got '<scalar>'"


def test_a_tab_for_indentation_gets_the_hint() -> None:
    assert problem_with("title:\n\ten: Tab\n").endswith("(indent with spaces, not tabs)")


@pytest.mark.parametrize("text", [
    'title:\n  en: x\n fr: "y"\n',  # a key indented one space short
    "a: b\n- 'c'\n",  # a list item after a mapping
    'id: a\ntitle: "x"\n  en: y\n',  # a text given a mapping under it
    "prompt: {en: \"it's\"}\n  fr: x\n",  # an apostrophe in a text on a misindented line
])
def test_a_misplaced_line_with_quotes_in_it_gets_no_quote_hint(text: str) -> None:
    assert "quote" not in problem_with(text)


@pytest.mark.parametrize(("text", "opened"), [
    ("id: x\ndifficulty: [hard\nguide: y\n", "while parsing a flow sequence that began on line 2"),
    ("id: x\ntitle: {en: x\nguide: y\n", "while parsing a flow mapping that began on line 2"),
    ('id: x\ntitle: "unclosed\nguide: y\n', "while scanning a quoted scalar that began on line 2"),
])
def test_an_unclosed_bracket_or_quote_says_the_line_it_opened_on(text: str, opened: str) -> None:
    """YAML finds it only on a later line, and named that one alone: the author looked in the wrong place."""
    assert problem_with(text).endswith(f"({opened})")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_a_line_is_numbered_as_an_editor_numbers_it_after_a_unicode_line_separator(separator: str) -> None:
    """A line or paragraph separator pasted into a quoted text (from a word processor or a PDF) is one line in an
    editor, but YAML counted it as a line break: every problem after it was said a line too far down."""
    text = f'id: x\ntitle: {{en: "Two{separator}parts"}}\ndescription:\n\ten: Tab\n'
    assert problem_with(text).startswith("line 4: ")


def test_a_flow_opened_before_a_unicode_line_separator_names_its_editor_line() -> None:
    text = 'id: x\nprompt: {en: "a\u2028b"}\ntitle: {en: x\nguide: y\n'
    assert "while parsing a flow mapping that began on line 3" in problem_with(text)

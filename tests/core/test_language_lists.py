"""Every list of languages the bot shows comes from one registry (bot/languages.py), so a language added there
is offered everywhere; none shows a placeholder left unfilled."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from adapters.cli.commands import build_parser
from adapters.platforms import chat_platforms
from adapters.terminal import render
from bot.i18n import UiTexts
from bot.languages import ENGLISH_NAMES, NATIVE_NAMES, SUPPORTED_LANGUAGES, LanguageCode, listed_codes, unknown_code
from content import default_content_dir

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_codes_are_listed_from_the_registry() -> None:
    assert listed_codes() == "en, fr, sw, yo, sn"
    assert listed_codes(" or ") == "en, fr, sw, yo or sn"
    assert unknown_code() == "unknown language code (use en, fr, sw, yo or sn; README: Adding a language)"


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_the_terminal_help_names_every_language_in_every_language(language: str) -> None:
    _ = UiTexts.load(default_content_dir() / "locales").for_language(language)
    said = " ".join(render.help_text(_).split())  # as wrapped to any terminal's width
    line = said.split("language [CODE] ")[1].split(" quit ")[0]
    assert line.endswith(listed_codes()) and "{" not in line


def test_the_command_line_names_every_language_for_a_code_it_doesnt_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser(chat_platforms()).parse_args(["play", "--lang", "xx"])
    assert f"unsupported language 'xx': use {listed_codes(' or ')}" in capsys.readouterr().err


def test_the_command_line_takes_a_language_by_its_name_too() -> None:
    assert build_parser(chat_platforms()).parse_args(["play", "--lang", "Kiswahili"]).lang == "sw"


def test_a_language_added_as_the_readme_says_has_every_name_a_learner_may_type() -> None:
    """language_choice matches what someone typed against every language's NATIVE_NAMES and ENGLISH_NAMES. The README
    said to add a language to LanguageCode and NATIVE_NAMES only: one added so had no English name, and any name
    typed that matched no language before it (`/language German`) failed with a KeyError."""
    assert set(ENGLISH_NAMES) == set(NATIVE_NAMES) == set(get_args(LanguageCode))
    section = README.read_text(encoding="utf-8").partition("## Adding a language")[2]
    first_step = re.split(r"\n2\. ", section, maxsplit=1)[0]
    for registry in ("LanguageCode", "NATIVE_NAMES", "ENGLISH_NAMES"):
        assert f"`{registry}`" in first_step, registry

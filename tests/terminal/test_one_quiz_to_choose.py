"""A content folder with one quiz, and a number off its list: the refusal asked for "a number, 1 to 1" ("de 1 à 1",
"kutoka 1 hadi 1"), a range of one. With one quiz it names the one number, in each language."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

SHIPPED_CONTENT = Path(__file__).resolve().parents[2] / "content"
# "1 to 1", "1-1", "de 1 à 1", "kutoka 1 hadi 1", "láti 1 sí 1", "kubva pa-1 kusvika pa-1".
RANGE_OF_ONE = re.compile(r"\b1\b\W*(?:to|à|hadi|sí|kusvika pa-|-|–)\W*1\b")


def one_quiz_content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(SHIPPED_CONTENT, content, ignore=shutil.ignore_patterns("__pycache__"))
    for quiz in sorted((content / "quizzes").glob("*.yaml"))[1:]:
        quiz.unlink()
    return content


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_a_number_off_a_list_of_one_quiz_asks_for_that_one_number(tmp_path: Path, language: str) -> None:
    async with services_on_sqlite(tmp_path, one_quiz_content(tmp_path), seed=3) as services:
        io = ScriptedLineIO(["quiz 5", "quit"])
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io).play(language=language)
    said = " ".join(io.transcript.split())
    assert " 1) " in said and " 2) " not in said, said  # the list the refusal speaks of, one quiz long
    assert not RANGE_OF_ONE.search(said), said

"""A learner playing in the terminal in Shona (or Yoruba) reads no English sentence of the bot's, nor a quiz's English
where it has their language: a broad session, and `quiztutor play --lang sn` in its own process, are searched for the
English of the catalogs (tests/support/english_leaks.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.conftest import FIXTURE_CONTENT
from tests.support.engine_on_sqlite import services_on_sqlite
from tests.support.english_leaks import leaks

ROOT = Path(__file__).resolve().parents[2]
SESSION = ["start", "help", "quizzes", "/quizzes", "preview collectives", "preview nosuch", "progress", "review",
           "retry", "stop", "skip", "timezone", "timezone Mars/Base", "timezone Africa/Harare", "reminders on 19:00",
           "game", "leaderboard", "/reload", "/nosuch", "language xx", "quiz nosuch", "b", "99",
           "collectives", "9", "all-reduce", "1", "quiz", "skip", "2", "retry", "2", "stop", "progress", "review",
           "quiz long-options", "language", "help"]


@pytest.mark.parametrize("language", ["sn", "yo"])
async def test_a_terminal_session_shows_no_english(tmp_path: Path, language: str) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT) as services:
        io = ScriptedLineIO(SESSION)
        await TerminalPlayer(services.engine, Actor("terminal", "tendai", "terminal"), io).play(
            quiz=None, language=language)
    assert leaks([io.transcript], language) == []  # whole: a sentence wrapped over two lines is found too


async def test_a_language_chosen_mid_question_leaves_no_english_after_it(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT) as services:
        io = ScriptedLineIO(["language sn", "1", "skip", "2", "retry", "stop", "help"])
        await TerminalPlayer(services.engine, Actor("terminal", "tendai", "terminal"), io).play(quiz="collectives")
    english, shona = io.transcript.split("> ", 1)  # before the line typed, and after
    assert "Question 1 of 3" in english
    assert leaks([shona], "sn") == []


def test_play_with_lang_sn_in_its_own_process_shows_no_english(env: dict[str, str]) -> None:
    played = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--lang", "sn"], cwd=ROOT, env=env,
                            input="\n".join(["help", "collectives", "1", "skip", "2", "progress", "bye"]) + "\n",
                            capture_output=True, text=True, timeout=60, check=False)
    assert played.returncode == 0
    assert leaks([played.stdout, played.stderr], "sn") == []

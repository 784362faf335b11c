"""Telegram's and Discord's commands typed as there, with their "/": each command the terminal knows works the
same with it (`/quiz zero` is `quiz zero`); `/start`, a newcomer's first word on Telegram, greets and shows the
commands rather than looking for a quiz called "/start"; and an unknown `/foo` is said to be no command here, in the
learner's language, rather than taken for a quiz's name or an answer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adapters.terminal.commands import CHAT_ONLY, QUIT_WORDS, VERBS, Line, parse
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.content.library import load_catalog
from bot.replies import Actor
from content import default_content_dir
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")
WELCOME = "Welcome to QuizTutor! Type “help” for commands, “quit” to leave."
HELP_START = "Type the number of your answer (or its letter: a, b, c...). Other commands:"


async def play(tmp_path: Path, lines: list[str], quiz: str | None = None, language: str | None = None) -> str:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io).play(quiz=quiz, language=language)
    return " ".join(io.transcript.split())  # as wrapped to the terminal's width


@pytest.mark.parametrize("answering", [False, True])
@pytest.mark.parametrize("word", sorted(VERBS | CHAT_ONLY | QUIT_WORDS | {"start"}))
def test_every_command_reads_the_same_with_a_leading_slash(word: str, answering: bool) -> None:
    assert parse(f"/{word} zero", answering) == parse(f"{word} zero", answering)
    assert parse(f"/{word} zero", answering).verb in (word, "quit", "quiz" if word == "start" else word)


@pytest.mark.parametrize("typed", ["start zero", "/start zero", "Start  zero"])
def test_start_naming_a_quiz_starts_it_as_quiz_does(typed: str) -> None:
    assert parse(typed, answering=True) == parse(typed, answering=False) == Line("quiz", "zero")
    assert parse("/start", answering=False) == Line("start")


@pytest.mark.parametrize("answering", [False, True])
def test_an_unknown_slash_command_is_neither_a_quiz_nor_an_answer(answering: bool) -> None:
    assert parse("/Foo bar", answering) == Line("unknown", "/Foo")
    assert parse("/", answering) == Line("unknown", "/")
    assert parse("foo", answering).verb in ("choose", "answer")  # without its slash, still a quiz's name


async def test_start_greets_and_shows_the_commands(tmp_path: Path) -> None:
    said = await play(tmp_path, ["/start", "quit"])
    assert said.count(WELCOME) == 2  # at start-up, and for /start
    assert HELP_START in said.split("> ", 1)[1]
    assert "There is no quiz called" not in said


async def test_start_mid_question_shows_the_question_again_and_a_number_still_answers_it(tmp_path: Path) -> None:
    said = await play(tmp_path, ["/start", "1", "quit"], quiz="collectives", language="fr")
    after = said.split("> ", 1)[1]  # after the first prompt
    assert "Bienvenue sur QuizTutor" in after and "Tapez le numéro de votre réponse" in after
    assert "Question 1 sur 3" in after  # shown again under the help
    assert "Question 2 sur 3" in after  # "1" answered it


async def test_an_unknown_slash_command_gets_a_reply_in_the_learners_language(tmp_path: Path) -> None:
    said = await play(tmp_path, ["/foo", "language fr", "/reload", "quit"])
    assert "There is no command called “/foo” here. Type “help” to see the commands." in said
    assert "Aucune commande ne s’appelle « /reload » ici. Tapez « help » pour voir les commandes." in said
    assert "There is no quiz called" not in said and "Aucun quiz" not in said


async def test_an_unknown_slash_command_mid_question_is_not_taken_for_an_answer(tmp_path: Path) -> None:
    said = await play(tmp_path, ["/foo", "1", "quit"], quiz="collectives")
    assert "There is no command called “/foo” here." in said
    assert "Please type a number" not in said
    assert "Question 2 of 3" in said


@pytest.mark.parametrize("answering", [False, True])
def test_a_command_copied_from_a_telegram_group_with_the_bots_name_reads_as_the_command(answering: bool) -> None:
    """A Telegram group shows a command as "/quiz@QuizTutorBot": copied here it was "no command called" so."""
    assert parse("/quiz@QuizTutorBot zero", answering) == Line("quiz", "zero")
    assert parse("/start@QuizTutorBot", answering) == Line("start")
    assert parse("/quit@QuizTutorBot", answering) == Line("quit")
    assert parse("/foo@QuizTutorBot", answering) == Line("unknown", "/foo@QuizTutorBot")
    assert parse("quiz@QuizTutorBot", answering).verb in ("choose", "answer")  # no "/": not a command's form


def test_the_readmes_start_example_names_one_shipped_quiz() -> None:
    """The README told a new player "`/start zero` starts that quiz as `quiz zero` does", and scripts/play's usage
    line offered `--quiz zero`; but the shipped quizzes have no "zero", and FSDP's tags hold one besides ZeRO's own
    id, so they got "Several quizzes match “zero”" (the README's own example of that, for /game)."""
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    started = re.search(r"`/start (\S+)` starts that quiz as `quiz (\S+)` does", readme)
    usage = re.search(r"usage: scripts/play .*\[--quiz (\S+)\]", (root / "scripts" / "play").read_text())
    assert started is not None and usage is not None
    catalog = load_catalog(default_content_dir())
    for example in (*started.groups(), usage.group(1)):
        assert len(catalog.named(example)) == 1, example

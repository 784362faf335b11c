"""What is typed before any question is open: a language given with --lang, a letter or a full-width number at the
quiz picker (a number in brackets too); a quiz reference that names several quizzes; and answers in full width or
with spaces in their brackets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.i18n import UiTexts
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite
from tests.terminal.test_player_scripted import play

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
ACTOR = Actor("terminal", "newcomer", "terminal")


async def test_a_language_chosen_on_the_command_line_greets_in_it_without_announcing_itself(
        tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["quit"], quiz=None, language="sw")
    assert transcript.lstrip().startswith("Karibu QuizTutor!"), transcript  # the welcome comes first, in Swahili
    assert "Kuanzia sasa nitazungumza" not in transcript  # not "From now on I'll speak Swahili"
    again = await play(tmp_path, ["language", "quit"], quiz=None, language="fr")  # another, stored as before
    assert "Je vous parle désormais" not in again, again
    assert again.lstrip().startswith("Bienvenue sur QuizTutor"), again
    assert "Français (fr)" in again, again  # what "language" says is the learner's language now


async def test_a_letter_at_the_quiz_picker_is_refused_with_its_usage_and_a_full_width_number_picks(
        tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["a", "( b )", "２", "quit"], quiz=None)
    assert transcript.count("Please choose a quiz by its number, 1 to 2, or by its id.") == 2, transcript
    assert "Collectives: 3 questions" not in transcript  # "a" is in a title in Swahili: it used to start that quiz
    assert "Long options: 1 question. Good luck!" in transcript, transcript


async def test_full_width_digits_and_spaced_brackets_answer_as_their_ascii_twins(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["２", "( b )", "quit"])  # questions 1 and 2 have 3 and 2 options
    assert "Please type a number" not in transcript, transcript
    assert "Question 3 of 3" in transcript, transcript


async def test_a_number_in_brackets_or_with_a_dot_at_the_quiz_picker_picks_that_quiz(tmp_path: Path) -> None:
    for run, typed in enumerate(("(2)", "2.", "2)", "( 2 )")):
        transcript = await play(tmp_path / str(run), [typed, "quit"], quiz=None)
        assert "Please type a number" not in transcript, transcript  # "(2)" was refused as if it were a letter
        assert "Long options: 1 question. Good luck!" in transcript, transcript


async def test_a_reference_naming_several_quizzes_lists_them_and_a_number_then_picks_among_them(
        tmp_path: Path) -> None:
    # "n" is in long-options' id and in the collectives quiz's Swahili title: both, the one it is in the id of first.
    transcript = await play(tmp_path, ["quiz n", "2", "quit"], quiz=None)
    said = " ".join(transcript.split())  # as wrapped to the terminal's width
    assert "Several quizzes match “n”. Which one do you mean? 1) Long options [long-options]" in said, said
    assert "2) Collectives [collectives]" in said
    assert "Long options: 1 question" not in said  # not the first it matched, guessed
    assert "Collectives: 3 questions. Good luck!" in said  # "2" of the list just shown, not of the full list


async def test_ctrl_c_before_the_database_answers_says_goodbye_in_the_language_given_with_lang(
        tmp_path: Path) -> None:
    """Ctrl-C in the moment `play --lang yo` first asked the database for the learner's words: the goodbye, the one
    line shown, came in English ("Bye! Your progress is saved ..."), the language given not yet taken."""
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT) as services:
        io = ScriptedLineIO(["quit"])
        playing = asyncio.create_task(TerminalPlayer(services.engine, ACTOR, io).play(language="yo"))
        await asyncio.sleep(0)  # it has started, and waits for the database
        playing.cancel()  # as asyncio.run does on Ctrl-C
        with pytest.raises(asyncio.CancelledError):
            await playing
    assert io.transcript.strip() == UiTexts.load(LOCALES).for_language("yo")(
        "Bye! Your progress is saved: run the same command to carry on."), io.transcript

"""A quiz reference that names several quizzes, typed while a question is open: the quizzes it names are listed,
numbered, under the question which one; the open question is not shown again under them, so the number typed next
picks from that list (before: it answered the question shown last), and "quiz" carries on with the question."""

from __future__ import annotations

from pathlib import Path

from tests.terminal.test_player_scripted import play

HINT = "Type a number to pick one, or “quiz” to carry on with the question you were answering."


async def test_a_number_after_the_list_picks_from_it_not_answers_the_open_question(tmp_path: Path) -> None:
    # "n" is in long-options' id and in the collectives quiz's Swahili title: 1) Long options, 2) Collectives.
    transcript = await play(tmp_path, ["quiz n", "1", "quit"])
    said = " ".join(transcript.split())  # as wrapped to the terminal's width
    listed = said.split("Several quizzes match “n”. Which one do you mean?")[1]
    assert "Long options: 1 question. Good luck!" in listed, listed  # picked, not the open question's answer
    assert listed.index("1) Long options") < listed.index(HINT) < listed.index("Long options: 1 question. Good luck!")
    assert "Question 1 of 3" not in listed  # not shown again: "1" was not its answer
    assert "Correct" not in listed and "Not quite" not in listed


async def test_quiz_after_the_list_carries_on_with_the_open_question(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["quiz n", "quiz", "quit"])
    listed = " ".join(transcript.split()).split("Which one do you mean?")[1]
    assert "Carrying on with Collectives." in listed and "Question 1 of 3" in listed
    assert "Welcome back" not in listed  # they never left: the list was asked for mid-question


PREVIEW_HINT = "To see one of them, type “preview” and its number."


async def test_preview_naming_several_says_how_to_preview_one_and_preview_1_previews_it(tmp_path: Path) -> None:
    # A bare number after this list would answer the open question (or, with none open, start a quiz): the list
    # says how to preview one instead.
    transcript = await play(tmp_path, ["preview n", "preview 1", "quit"])
    listed = " ".join(transcript.split()).split("Several quizzes match “n”. Which one do you mean?")[1]
    assert listed.index("1) Long options") < listed.index(PREVIEW_HINT)
    previewed = listed.split(PREVIEW_HINT)[1]
    assert "Long options" in previewed and "Correct" not in previewed and "Not quite" not in previewed


async def test_preview_alone_with_no_quiz_open_says_how_to_preview_one(tmp_path: Path) -> None:
    """It listed the quizzes under the prompt "Choose a quiz (number or id)" and said nothing more: the number a
    learner then typed to see that quiz's questions started it instead, the answers given as they played."""
    transcript = await play(tmp_path, ["preview", "preview 1", "quit"], quiz=None, language="fr")
    listed = " ".join(transcript.split()).split("Quiz disponibles")[-1]
    assert "Pour en voir un, tapez « preview » suivi de son numéro." in listed, listed
    assert "Bonne chance" not in listed  # "preview 1" then previewed it: nothing was started

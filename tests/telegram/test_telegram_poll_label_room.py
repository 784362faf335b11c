"""`quiztutor validate` lists the questions Telegram gets as a lettered message and an A/B/C poll: it must list every
question the poll layout letters at its place in its quiz. It allowed a label of "10/10 · " (8 characters) for
every quiz, while a quiz of 100 questions or more labels its polls "10/120 · ", "100/120 · ": a prompt trimmed to
the 292 characters validate named was lettered all the same, and validate said nothing of it."""

from __future__ import annotations

from adapters.telegram.poll_layout import poll_layout
from adapters.telegram.spec import TELEGRAM_LIMITS
from bot.content.limits import poll_overflows
from bot.content.models import Quiz
from bot.replies import QuestionView

OPTIONS = ("Broadcast", "All-reduce")


def a_quiz(prompts: list[str]) -> Quiz:
    options = [{"id": "a", "text": {"en": OPTIONS[0]}}, {"id": "b", "text": {"en": OPTIONS[1]}}]
    return Quiz.model_validate({
        "id": "big", "difficulty": "easy", "title": {"en": "Big"}, "description": {"en": "Many questions."},
        "questions": [{"id": f"q{n}", "answer": "b", "prompt": {"en": prompt}, "options": options,
                       "explanation": {"en": "Sums."}} for n, prompt in enumerate(prompts, start=1)]})


def lettered_at_their_places(quiz: Quiz) -> set[str]:
    total = len(quiz.questions)
    return {question.id for number, question in enumerate(quiz.questions, start=1)
            if poll_layout(QuestionView(session_id="s1", quiz_id=quiz.id, question_id=question.id, number=number,
                                        total=total, label=f"Question {number} of {total}",
                                        prompt=question.prompt["en"], options=OPTIONS, correct_index=1,
                                        explanation="Sums.", language="en")).lettered is not None}


def listed(quiz: Quiz) -> set[str]:
    return {overflow.question_id for overflow in poll_overflows(quiz, {"telegram": TELEGRAM_LIMITS})}


def test_every_question_lettered_in_a_quiz_of_a_hundred_and_twenty_is_listed() -> None:
    quiz = a_quiz(["p" * 291] * 120)  # within "10/10 · "'s room; not behind "100/120 · "
    lettered = lettered_at_their_places(quiz)
    assert "q100" in lettered  # what a learner gets: the question as a message, then an A/B poll
    assert lettered <= listed(quiz)


def test_a_small_quiz_keeps_the_room_of_a_ten_question_round() -> None:
    """A review round asks up to 10 questions of any quizzes: "10/10 · " stays the least a label takes."""
    quiz = a_quiz(["p" * 292, "p" * 293])
    assert listed(quiz) == {"q2"}
    assert lettered_at_their_places(quiz) == set()  # "2/2 · " leaves more room: its review round's doesn't

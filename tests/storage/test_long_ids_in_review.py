"""The longest ids content allows, in a review round on a real database: its questions are named by their quiz and
question ids together (up to 97 characters), in its answers and its polls' links."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor, AnswerOutcome, QuestionView, Started, Summary
from bot.review_quiz import ref
from tests.core.play import answer, start, wrong_index
from tests.fakes.clock import FixedClock
from tests.reliability.engine_model import RecordingSurface

LONGEST = 48  # a slug's limit (bot/content/models.py)
QUIZ_ID = "long-" + "q" * (LONGEST - len("long-"))
QUESTION_ID = "sum-everywhere-" + "x" * (LONGEST - len("sum-everywhere-"))
ADA = Actor("telegram", "ada", chat_id="chat-ada")


def long_ids(fixture_content: Path, into: Path) -> Path:
    shutil.copytree(fixture_content, into)
    quiz_file = into / "quizzes" / "collectives.yaml"
    text = quiz_file.read_text(encoding="utf-8").replace("id: collectives", f"id: {QUIZ_ID}", 1)
    quiz_file.write_text(text.replace("id: sum-everywhere", f"id: {QUESTION_ID}", 1), encoding="utf-8")
    return into


async def test_a_review_of_the_longest_ids_is_scored_by_button_and_by_poll(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    clock = FixedClock()
    settings = Settings(data_dir=tmp_path, content_dir=long_ids(fixture_content, tmp_path / "content"),
                        database_url=database_url)
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        question: QuestionView | Summary = await start(engine, ADA, QUIZ_ID)
        while isinstance(question, QuestionView):  # all wrong: every question is due tomorrow
            question = (await answer(engine, ADA, question, right=False)).next
        clock.advance(timedelta(days=2))

        surface = RecordingSurface("chat-ada", [])
        started = await engine.review(ADA, surface)
        assert isinstance(started, Started)
        served = []
        while surface.asked:
            key, shown = surface.asked.pop()
            served.append(shown.question_id)
            outcome = await engine.answer_message(ADA, key, wrong_index(shown), surface)  # as a poll's vote
            assert isinstance(outcome, AnswerOutcome), outcome
        assert ref(QUIZ_ID, QUESTION_ID) in served

        clock.advance(timedelta(days=1))
        again = await engine.review(ADA)  # by buttons this time, the whole round
        assert isinstance(again, Started)
        question, served = again.question, []
        while isinstance(question, QuestionView):
            served.append(question.question_id)
            outcome = await answer(engine, ADA, question, right=True)
            assert outcome.feedback is not None and outcome.feedback.correct
            question = outcome.next
        assert ref(QUIZ_ID, QUESTION_ID) in served

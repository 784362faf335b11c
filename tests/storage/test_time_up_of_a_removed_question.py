"""A timed question a reload removed while it was open, on a real database: when its time ran out (a sweep, a late
answer, a late /skip), the learner was told "Time's up! Question 2 wasn't answered in time, so it counts as
skipped.", as if they had been too slow, where the question had been taken out of the quiz. They are told it was
removed, as an answer to it in time tells them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Outcome, QuestionView
from tests.core.play import answer, next_question, start, summary_of
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question
from tests.support.timed_engine import timed_engine

ADMIN = Actor("telegram", "admin-1")
ADA = Actor("telegram", "ada", chat_id="chat-ada")
LIMIT = 30  # seconds to answer each question
REMOVED = "A question was removed from this quiz since you started, so it was skipped."
TIME_UP_2 = ("Time's up! Question 2 wasn't answered in time: it scores no point, and "
             "it comes back for review as a wrong answer does.")
BOTH_REMOVED = "2 questions were removed from this quiz since you started, so they were skipped."


@pytest.fixture
async def engine(tmp_path: Path, content_dir: Path, database_url: str, clock: FixedClock) -> AsyncIterator[QuizEngine]:
    async with timed_engine(tmp_path, content_dir, database_url, clock, question_seconds=LIMIT,
                            admin=ADMIN) as engine:
        yield engine


async def _second_removed(engine: QuizEngine, content_dir: Path) -> QuestionView:
    """Question 2 of 3 shown, then removed by a reload while it is open."""
    first = await start(engine, ADA)
    second = next_question(await answer(engine, ADA, first, right=True))
    assert (second.number, second.total) == (2, 3)
    remove_question(content_dir, second.question_id)
    assert (await engine.reload(ADMIN)).ok
    return second


async def _time_up(engine: QuizEngine, second: QuestionView, how: str) -> AnswerOutcome:
    if how == "swept":
        (expired,) = await engine.expire_overdue("telegram")
        return expired.outcome
    if how == "answered late":
        late = await engine.answer(ADA, second.session_id, second.question_id, second.correct_index)
    else:
        late = await engine.skip(ADA)
    assert isinstance(late, AnswerOutcome), late
    return late


@pytest.mark.parametrize("how", ["swept", "answered late", "skipped late"])
async def test_the_time_up_of_a_removed_question_says_it_was_removed(
        engine: QuizEngine, content_dir: Path, clock: FixedClock, how: str) -> None:
    second = await _second_removed(engine, content_dir)
    clock.advance(timedelta(seconds=LIMIT))

    outcome = await _time_up(engine, second, how)
    assert outcome.notice == REMOVED
    third = next_question(outcome)
    assert (third.number, third.total) == (3, 3)
    assert third.notices == ()  # said once, not again above the next question
    summary = summary_of(await answer(engine, ADA, third, right=True))
    assert [line.outcome for line in summary.lines] == [Outcome.CORRECT, Outcome.SKIPPED, Outcome.CORRECT]
    assert summary.lines[1].prompt == "(a question removed since)"


async def test_a_click_on_a_removed_question_the_sweep_passed_over_unseen_says_it_was_removed(
        engine: QuizEngine, content_dir: Path, clock: FixedClock) -> None:
    """Asked with private buttons, which the sweep can't send unasked: the learner's next click on the removed
    question is told why it moved on, and was told the time was up."""
    second = await _second_removed(engine, content_dir)
    clock.advance(timedelta(seconds=LIMIT))
    await engine.expire_overdue("telegram")

    late = await engine.answer(ADA, second.session_id, second.question_id, second.correct_index)
    assert isinstance(late, AnswerOutcome), late
    assert late.notice == REMOVED
    assert (next_question(late).number, next_question(late).total) == (3, 3)



@pytest.mark.parametrize("how", ["swept", "answered late", "skipped late"])
async def test_the_time_up_of_a_removed_question_tells_those_removed_after_it_in_one_notice(
        engine: QuizEngine, content_dir: Path, clock: FixedClock, how: str) -> None:
    """Questions 2 and 3 removed while 2 is open: the time-out said "A question was removed..." for the one timed
    out, and the summary the same sentence again for the one after it, where an answer to it in time says "2
    questions were removed..." once."""
    first = await start(engine, ADA)
    second = next_question(await answer(engine, ADA, first, right=True))
    quiz = yaml.safe_load((content_dir / "quizzes" / "collectives.yaml").read_text(encoding="utf-8"))
    for question in quiz["questions"]:
        if question["id"] != first.question_id:
            remove_question(content_dir, question["id"])
    assert (await engine.reload(ADMIN)).ok
    clock.advance(timedelta(seconds=LIMIT))

    outcome = await _time_up(engine, second, how)
    assert (outcome.notice, summary_of(outcome).notices) == (BOTH_REMOVED, ())
    assert [line.outcome for line in summary_of(outcome).lines] == [Outcome.CORRECT, Outcome.SKIPPED, Outcome.SKIPPED]


def _with_a_fourth(content_dir: Path) -> None:
    """collectives with a fourth question after its third (a copy of the first under another id)."""
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    quiz["questions"].append(dict(quiz["questions"][0], id="fourth"))
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize(("removed", "said", "then", "fourth"), [
    (["english-only"], TIME_UP_2, (REMOVED,), False),  # the last question removed: the sweep ended the quiz
    (["shards-to-full", "english-only"], BOTH_REMOVED, (), False),  # the open one and the last
    (["english-only"], TIME_UP_2, (REMOVED,), True),  # one removed after it, a question after that
], ids=["last removed", "open and last removed", "one removed between"])
async def test_a_click_after_an_unseen_sweep_that_passed_over_removed_questions(
        engine: QuizEngine, content_dir: Path, clock: FixedClock, removed: list[str], said: str,
        then: tuple[str, ...], fourth: bool) -> None:
    """Asked with private buttons, question 2's time ran out and the sweep, which can't send them unasked, passed
    over the removed question(s) after it too. The learner's next click on question 2 said "That question is no
    longer open." and never showed the summary when that ended the quiz, or said "A question was removed..." for
    the time-out of question 2, which was not removed, when another question followed."""
    if fourth:
        _with_a_fourth(content_dir)
        assert (await engine.reload(ADMIN)).ok
    first = await start(engine, ADA)
    second = next_question(await answer(engine, ADA, first, right=True))
    assert second.question_id == "shards-to-full"
    for question_id in removed:
        remove_question(content_dir, question_id)
    assert (await engine.reload(ADMIN)).ok
    clock.advance(timedelta(seconds=LIMIT))
    await engine.expire_overdue("telegram")

    late = await engine.answer(ADA, second.session_id, second.question_id, second.correct_index)
    assert isinstance(late, AnswerOutcome), late
    assert late.notice == said
    if fourth:
        assert (next_question(late).number, next_question(late).notices) == (4, then)
    else:
        # Question 2 marked as the learner was told it went: its time up, or removed (so skipped).
        second_went = Outcome.TIMED_OUT if said == TIME_UP_2 else Outcome.SKIPPED
        assert [line.outcome for line in summary_of(late).lines] == [Outcome.CORRECT, second_went, Outcome.SKIPPED]
        assert summary_of(late).notices == then

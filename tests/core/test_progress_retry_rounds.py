"""/progress counts attempts and the best score from whole rounds of a quiz, never from a round retrying the questions
missed in one: also once a reload shrank the quiz to the size of a retry played before it (a retry of two questions
read as a whole round of a quiz of two)."""

from __future__ import annotations

from pathlib import Path

from bot.engine import QuizEngine
from bot.replies import Actor, QuestionView, Started, Summary
from tests.core.play import answer, start
from tests.core.wiring import ADMIN_ID
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question

ALICE = Actor("telegram", "alice")
ADMIN = Actor("telegram", ADMIN_ID)


async def _play(engine: QuizEngine, question: QuestionView | Summary, rights: list[bool]) -> None:
    for right in rights:
        assert isinstance(question, QuestionView)
        question = (await answer(engine, ALICE, question, right=right)).next
    assert isinstance(question, Summary)


async def test_a_retry_played_before_a_reload_shrank_the_quiz_is_no_attempt_nor_best(
        engine: QuizEngine, clock: FixedClock, content_dir: Path) -> None:
    await _play(engine, await start(engine, ALICE), [True, False, False])  # 1/3, two missed
    clock.advance()
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started)
    await _play(engine, retry.question, [True, True])  # 2/2: the two missed, no whole round
    clock.advance()
    await _play(engine, await start(engine, ALICE), [False, False, False])  # 0/3: a second whole round
    remove_question(content_dir, "english-only")  # the quiz now has two questions, as many as the retry asked
    assert (await engine.reload(ADMIN)).ok
    progress = await engine.progress(ALICE)
    # Was "best 2/2 · 3 attempts": the retry counted as a round of the quiz of two.
    assert [(line.quiz_id, line.text) for line in progress.lines] == [("collectives", "best 1/3 · 2 attempts")]
    clock.advance()
    await _play(engine, await start(engine, ALICE), [True, True])  # a whole round of the quiz of two counts
    progress = await engine.progress(ALICE)
    assert [(line.quiz_id, line.text) for line in progress.lines] == [("collectives", "best 2/2 · 3 attempts")]

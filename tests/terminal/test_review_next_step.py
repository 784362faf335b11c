"""In the terminal, where spaced review leads next, worded as typed here: a review round answered all right while
more questions are due today ends with how many and “review” (before: "Type “quizzes” to choose a quiz"); the
start-up of a learner with questions due says how many and “review” (before: nothing of them)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.engine import QuizEngine
from bot.replies import QuestionView, Started, Summary
from tests.core.play import answer, next_question, start
from tests.fakes.clock import FixedClock
from tests.support.engine_on_sqlite import services_on_sqlite
from tests.support.next_step import TERMINAL_NEXT_STEP
from tests.terminal.test_player_scripted import ACTOR

SEED_CONTENT = Path(__file__).resolve().parents[2] / "content"  # the seed quizzes: 8 and 9 questions
DAY = timedelta(days=1)


async def miss(engine: QuizEngine, quiz_id: str, count: int) -> None:
    """The first ``count`` questions of the quiz answered wrong, then the quiz stopped."""
    question: QuestionView | Summary = await start(engine, ACTOR, quiz_id)
    for _number in range(count):
        assert isinstance(question, QuestionView)
        question = (await answer(engine, ACTOR, question, right=False)).next
    if isinstance(question, QuestionView):
        await engine.stop(ACTOR)


async def play(tmp_path: Path, clock: FixedClock, lines: list[str]) -> str:
    async with services_on_sqlite(tmp_path, SEED_CONTENT, seed=3, clock=clock) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play()
    return " ".join(io.transcript.split())  # lines wrapped to the terminal's width


async def test_a_perfect_round_with_more_due_says_to_type_review_for_the_next(
        tmp_path: Path, clock: FixedClock) -> None:
    async with services_on_sqlite(tmp_path, SEED_CONTENT, seed=3, clock=clock) as services:
        engine = services.engine
        await miss(engine, "data-parallelism", 8)
        await miss(engine, "fsdp", 3)  # 11 missed: a round holds 10
        clock.advance(3 * DAY)
        started = await engine.review(ACTOR)
        assert isinstance(started, Started)
        question = started.question
        for _number in range(9):  # the round's last question left open, for the terminal to answer
            question = next_question(await answer(engine, ACTOR, question, right=True))
    said = await play(tmp_path, clock, [str(question.correct_index + 1), "quit"])
    after = said.split("You scored 10 out of 10 questions.")[1]
    assert "1 more question is due today: type “review” for the next round." in after, after
    assert TERMINAL_NEXT_STEP not in after and "/review" not in after


async def test_the_start_up_with_questions_due_says_how_many_and_to_type_review(
        tmp_path: Path, clock: FixedClock) -> None:
    new = await play(tmp_path, clock, ["quit"])
    async with services_on_sqlite(tmp_path, SEED_CONTENT, seed=3, clock=clock) as services:
        await miss(services.engine, "data-parallelism", 8)
    same_day = await play(tmp_path, clock, ["quit"])  # missed just now: due tomorrow
    clock.advance(DAY)
    next_day = await play(tmp_path, clock, ["quit"])
    assert "due for review" not in new and "due for review" not in same_day, same_day
    _welcome, listed = next_day.split("You have no quiz in progress. Choose one to start.")
    assert "8 questions are due for review: type “review”." in listed and "/review" not in next_day, next_day

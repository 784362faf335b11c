"""The time to answer a question, said with it in the terminal: the learner can't see a countdown as on the chat
platforms, and an answer typed too late is not scored."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.engine import QuizEngine
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")
# A time-out's notice, wrapped across lines in the terminal: looked for in words joined by single spaces.
TIME_UP = ("Time's up! Question 1 wasn't answered in time: it scores no point, and it comes back for review as a "
           "wrong answer does.")


class SlowTyper(ScriptedLineIO):
    """Takes ``pause`` on the test's clock to type each line."""

    def __init__(self, lines: list[str], clock: FixedClock, pause: timedelta) -> None:
        super().__init__(lines)
        self._clock = clock
        self._pause = pause

    async def read_line(self, prompt: str) -> str | None:
        self._clock.advance(self._pause)
        return await super().read_line(prompt)


async def play(tmp_path: Path, lines: list[str], *, question_seconds: int, pause: timedelta = timedelta(0),
               language: str | None = None) -> str:
    clock = FixedClock()
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock,
                                  question_seconds=question_seconds) as services:
        io = SlowTyper(lines, clock, pause)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play(quiz="collectives", language=language)
    return io.transcript


async def test_the_time_to_answer_is_said_with_the_question_just_before_the_prompt(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["quit"], question_seconds=10)
    question = transcript.split("Question 1 of 3")[1].split(">")[0].rstrip()
    assert question.endswith("3) Broadcast\n(10 seconds to answer)\nYour answer (1-3)"), question


async def test_a_question_shown_again_says_the_time_left_not_the_time_it_began_with(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["help", "1", "quit"], question_seconds=10, pause=timedelta(seconds=4))
    after_help = transcript.split("list the quizzes")[1]
    assert "(6 seconds to answer)" in after_help.split("Your answer")[0]
    assert "Time's up!" not in transcript  # answered 8 seconds in: scored
    assert "Correct!" in transcript or "Not quite." in transcript


async def test_the_time_to_answer_is_said_in_the_learners_language(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["quit"], question_seconds=10, language="fr")
    assert "Question 1 sur 3" in transcript and "(10 secondes pour répondre)" in transcript


async def test_without_a_time_limit_no_time_is_mentioned(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["help", "quit"], question_seconds=0)
    assert "to answer)" not in transcript and "Question 1 of 3" in transcript


async def test_the_time_left_is_rounded_down_so_one_second_is_a_whole_second(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["help", "quit"], question_seconds=10, pause=timedelta(seconds=4.5))
    after_help = transcript.split("list the quizzes")[1]
    assert "(5 seconds to answer)" in after_help.split("Your answer")[0]  # 5.5 left: not "6"


async def test_a_question_whose_time_ran_out_is_not_shown_again_as_open_but_moved_past(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["help", "quit"], question_seconds=10, pause=timedelta(seconds=11))
    after_help = transcript.split("list the quizzes")[1]
    assert "(0 seconds to answer)" not in transcript
    assert TIME_UP in " ".join(after_help.split())
    assert "Question 2 of 3" in after_help  # the next one, its own time said with it
    assert "(10 seconds to answer)" in after_help.split("Question 2 of 3")[1]


async def test_time_up_after_a_listing_is_said_in_the_learners_language(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["progress", "quit"], question_seconds=10, pause=timedelta(seconds=11),
                            language="fr")
    assert "(0 secondes" not in transcript and "Question 2 sur 3" in transcript
    assert "Time's up!" not in transcript


class ChangesLanguageElsewhere(ScriptedLineIO):
    """Before its first line is read, the learner's language is set to French as another platform's /language
    would: the terminal last heard English."""

    def __init__(self, lines: list[str], engine: QuizEngine) -> None:
        super().__init__(lines)
        self._engine: QuizEngine | None = engine

    async def read_line(self, prompt: str) -> str | None:
        if self._engine is not None:
            engine, self._engine = self._engine, None
            await engine.set_language(ACTOR, "fr")
        return await super().read_line(prompt)


async def test_the_time_to_answer_is_said_in_the_language_of_its_question_after_a_change_elsewhere(
        tmp_path: Path) -> None:
    clock = FixedClock()
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3, clock=clock, question_seconds=10) as services:
        io = ChangesLanguageElsewhere(["1", "quit"], services.engine)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play(quiz="collectives")
    second = io.transcript.split("Question 2 sur 3")[1].split(">")[0]
    assert "(10 secondes pour répondre)" in second, second


async def test_a_command_typed_after_the_time_ran_out_sees_the_time_out_first(tmp_path: Path) -> None:
    """The terminal has no sweep moving a question on when its time runs out: the next line does. "review" said
    "Nothing to review yet" with the question still open, which, timed out first, is one to review."""
    transcript = await play(tmp_path, ["review", "quit"], question_seconds=10, pause=timedelta(seconds=11))
    after = transcript.split("(10 seconds to answer)\nYour answer (1-3) >", 1)[1]
    timed_out = after.find("Time's up! Question 1 wasn't answered in time")
    assert 0 <= timed_out < after.find("Question 2 of 3"), after
    assert "Nothing to review yet" not in after and "Your next review:" in after  # the timed-out one, due later


async def test_a_listing_after_the_time_ran_out_counts_the_question_timed_out(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["progress", "quit"], question_seconds=10, pause=timedelta(seconds=11))
    after = transcript.split("(10 seconds to answer)\nYour answer (1-3) >", 1)[1]
    assert after.find("Time's up!") < after.find("Collectives"), after  # before the progress that counts it

"""The terminal player driven line by line in memory: preview, retry of missed questions, skip, stop."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from adapters.runtime import open_services, utc_now
from adapters.settings import Settings
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.fakes.clock import FixedClock

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")


async def play(tmp_path: Path, lines: list[str], quiz: str | None = "collectives", *, question_seconds: int = 0,
               clock: Callable[[], datetime] = utc_now) -> str:
    settings = Settings(data_dir=tmp_path, content_dir=FIXTURE_CONTENT, question_seconds=question_seconds)
    async with open_services(settings, rng=random.Random(3), clock=clock) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io).play(quiz=quiz)
    return io.transcript


async def test_retry_after_a_summary_replays_only_the_missed_questions(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["skip", "skip", "skip", "retry", "quit"])
    assert "You scored 0 out of 3 questions." in transcript
    assert "Want another go at the 3 questions you missed? → retry" in transcript
    assert "Another go at the 3 questions you missed." in transcript
    assert transcript.count("Question 1 of 3") == 2  # the quiz, then the retry


async def test_preview_shows_every_question_without_marking_answers(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["preview collectives", "quit"], quiz=None)
    assert "3 questions. Answers and explanations appear as you play." in transcript
    assert "- All-reduce" in transcript and "- Broadcast" in transcript
    assert "All-reduce sums across ranks" not in transcript  # no explanation before answering


async def test_quiz_without_an_id_carries_on_where_the_learner_stopped(tmp_path: Path) -> None:
    await play(tmp_path, ["skip", "quit"])
    transcript = await play(tmp_path, ["quiz", "quit"], quiz=None)
    assert "Welcome back! Carrying on with Collectives." in transcript
    assert "Question 2 of 3" in transcript


async def test_stop_ends_the_quiz_and_a_number_then_picks_from_the_list(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["stop", "quizzes", "2", "quit"])
    assert "Quiz stopped. Your answers so far are saved." in transcript
    assert "Long options: 1 question. Good luck!" in transcript


async def test_an_answer_after_the_time_limit_is_not_scored_and_the_quiz_moves_on(tmp_path: Path) -> None:
    slow = FixedClock(step=timedelta(seconds=30))  # every step of the engine takes "30 s": always too late
    transcript = await play(tmp_path, ["1", "quit"], question_seconds=10, clock=slow)
    assert "Time's up! Question 1 wasn't answered in time, so it counts as skipped." in transcript
    assert "Question 2 of 3" in transcript
    assert "Correct!" not in transcript and "Not quite." not in transcript


async def test_an_unknown_language_says_so_without_showing_the_question_again(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["language klingon", "language fr", "quit"])
    after = transcript.split("I don't speak “klingon”.")[1]
    refused = after.split("> ")[0]  # up to the next prompt
    assert "Welcome back" not in refused and "Question 1 of 3" not in refused  # nothing changed: nothing to show
    assert "Question 1 sur 3" in after  # a new language shows the question in it


async def test_after_a_long_listing_the_open_question_is_shown_again(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["preview", "quit"])
    after_preview = transcript.split("3 questions. Answers and explanations appear as you play.")[1]
    assert "Question 1 of 3" in after_preview  # not scrolled away under the listing


async def test_changing_language_mid_quiz_shows_the_same_question_without_a_welcome_back(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["language fr", "quit"])
    assert "Question 1 sur 3" in transcript
    assert "Content de vous revoir" not in transcript and "Welcome back" not in transcript

"""The engine on real databases: resuming after a restart, and answers counted once across processes."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.delivery import polls_to_close
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")  # English: the texts below are the source strings


def _settings(tmp_path: Path, content: Path, database_url: str | None = None) -> Settings:
    return Settings(data_dir=tmp_path, content_dir=content, database_url=database_url)


async def test_a_quiz_resumes_at_the_same_question_and_score_after_a_restart(tmp_path: Path,
                                                                             fixture_content: Path) -> None:
    settings = _settings(tmp_path, fixture_content)  # the default: a SQLite file in the data directory
    async with open_services(settings, rng=random.Random(7)) as services:
        started = await services.engine.start(ALICE, "collectives")
        assert isinstance(started, Started)
        first = started.question
        answered = await services.engine.answer(ALICE, first.session_id, first.question_id, first.correct_index)
        assert isinstance(answered, AnswerOutcome) and isinstance(answered.next, QuestionView)
        before = answered.next

    async with open_services(settings, rng=random.Random(99)) as services:
        resumed = await services.engine.start(ALICE)
        assert isinstance(resumed, Started) and resumed.resumed
        after = resumed.question
        assert (after.session_id, after.question_id, after.label) == (before.session_id, before.question_id,
                                                                      "Question 2 of 3")
        assert after.options == before.options  # the stored shuffle, not a new one from the new seed
        wrong = (after.correct_index + 1) % len(after.options)
        outcome = await services.engine.answer(ALICE, after.session_id, after.question_id, wrong)
        assert isinstance(outcome, AnswerOutcome) and isinstance(outcome.next, QuestionView)
        last = outcome.next
        end = await services.engine.answer(ALICE, last.session_id, last.question_id, last.correct_index)
    assert isinstance(end, AnswerOutcome) and isinstance(end.next, Summary)
    assert (end.next.correct, end.next.total) == (2, 3)
    assert [line.outcome for line in end.next.lines] == ["correct", "wrong", "correct"]
    assert (tmp_path / "quiztutor.sqlite3").is_file()


async def test_a_repeated_answer_is_scored_once(tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    async with open_services(_settings(tmp_path, fixture_content, database_url), clock=FixedClock()) as services:
        engine = services.engine
        started = await engine.start(ALICE, "collectives")
        assert isinstance(started, Started)
        question = started.question
        first = await engine.answer(ALICE, question.session_id, question.question_id, question.correct_index)
        again = await engine.answer(ALICE, question.session_id, question.question_id,
                                    (question.correct_index + 1) % len(question.options))
        progress = await engine.progress(ALICE)
    assert isinstance(first, AnswerOutcome) and first.feedback is not None and first.feedback.correct
    assert isinstance(again, Notice) and again.code is NoticeCode.ALREADY_ANSWERED
    assert [line.text for line in progress.lines] == ["in progress: 1 of 3 answered, 1 right"]


async def test_concurrent_answers_from_two_processes_are_scored_once(tmp_path: Path, fixture_content: Path,
                                                                     database_url: str) -> None:
    # Two engines stand for two processes: the per-user lock can't help, so the database has to.
    settings = _settings(tmp_path, fixture_content, database_url)
    async with open_services(settings) as one, open_services(settings) as two:
        started = await one.engine.start(ALICE, "collectives")
        assert isinstance(started, Started)
        question = started.question
        engines = [one.engine, two.engine] * 5
        replies = await asyncio.gather(*(
            engine.answer(ALICE, question.session_id, question.question_id, index % len(question.options))
            for index, engine in enumerate(engines)))
        progress = await two.engine.progress(ALICE)
        current = await two.engine.start(ALICE)
    scored = [reply for reply in replies if isinstance(reply, AnswerOutcome)]
    refused = [reply for reply in replies if isinstance(reply, Notice)]
    assert len(scored) == 1
    assert {notice.code for notice in refused} == {NoticeCode.ALREADY_ANSWERED}
    assert len(refused) == 9
    assert [line.text.split(",")[0] for line in progress.lines] == ["in progress: 1 of 3 answered"]
    assert isinstance(current, Started) and current.question.label == "Question 2 of 3"


async def test_starting_the_same_quiz_from_two_processes_at_once_gives_one_session(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    settings = _settings(tmp_path, fixture_content, database_url)
    async with open_services(settings) as one, open_services(settings) as two:
        await one.engine.start(Actor("telegram", "alice"), "long-options")  # the user exists in both
        starts = await asyncio.gather(*(engine.start(ALICE, "collectives")
                                        for engine in [one.engine, two.engine] * 4))
    assert all(isinstance(start, Started) for start in starts), starts
    assert len({start.question.session_id for start in starts if isinstance(start, Started)}) == 1


async def test_skipping_from_two_processes_at_once_moves_on_one_question_per_skip_that_succeeds(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    settings = _settings(tmp_path, fixture_content, database_url)
    async with open_services(settings) as one, open_services(settings) as two:
        await one.engine.start(ALICE, "collectives")
        # Two skips of a three-question quiz: each either moves on one question or is refused, never crashes.
        skips = await asyncio.gather(one.engine.skip(ALICE), two.engine.skip(ALICE))
        current = await one.engine.start(ALICE)
    assert any(isinstance(skip, AnswerOutcome) for skip in skips)
    assert all(isinstance(skip, AnswerOutcome | Notice) for skip in skips), skips
    assert isinstance(current, Started)
    skipped = sum(isinstance(skip, AnswerOutcome) for skip in skips)
    assert current.question.number == 1 + skipped  # every skip that succeeded moved on exactly one question


async def test_a_vote_on_a_left_quizs_poll_counts_and_names_the_poll_left_open(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """The answer's one read of its session and its owner's latest activity, on each database."""
    clock = FixedClock()
    async with open_services(_settings(tmp_path, fixture_content, database_url), clock=clock) as services:
        engine = services.engine
        left = await engine.start(ALICE, "collectives")
        assert isinstance(left, Started)
        await engine.link_message("telegram", "poll-left", left.question, "chat-a")
        clock.advance()
        playing = await engine.start(ALICE, "long-options")
        assert isinstance(playing, Started)
        await engine.link_message("telegram", "poll-playing", playing.question, "chat-a")
        clock.advance()
        back = await engine.answer_message(ALICE, "poll-left", left.question.correct_index)
        ahead = await engine.answer_message(ALICE, "poll-playing", playing.question.correct_index)
    assert isinstance(back, AnswerOutcome) and back.feedback is not None and back.feedback.correct
    assert back.notice == "Welcome back! Carrying on with Collectives."
    assert [(poll.message_key, poll.question_id) for poll in polls_to_close(back)] == [
        ("poll-playing", playing.question.question_id)]
    assert isinstance(back.next, QuestionView) and back.next.session_id == left.question.session_id
    # A vote in flight on the poll just closed counts too: that one-question quiz ends, nothing left to close.
    assert isinstance(ahead, AnswerOutcome) and isinstance(ahead.next, Summary) and not polls_to_close(ahead)

"""Time limits on real databases: deadlines outlive the process, and one timed-out question moves on once."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

ALICE = Actor("telegram", "alice", chat_id="chat-a")

TIMED_OUT_ONCE = "in progress: 0 of 3 answered, 0 right · 1 timed out"  # a time-out answers nothing


def _settings(tmp_path: Path, content: Path, database_url: str) -> Settings:
    return Settings(data_dir=tmp_path, content_dir=content, database_url=database_url, question_seconds=30)


async def test_a_deadline_that_passed_while_the_bot_was_down_is_found_after_a_restart(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    settings, clock = _settings(tmp_path, fixture_content, database_url), FixedClock()
    async with open_services(settings, clock=clock) as services:
        started = await services.engine.start(ALICE, "collectives")
        assert isinstance(started, Started) and started.question.seconds_left == 30
        await services.engine.link_message("telegram", "poll-1", started.question, "chat-a")
    clock.advance(timedelta(seconds=45))  # nothing runs meanwhile: no timer in memory could fire
    async with open_services(settings, clock=clock) as services:
        [expired] = await services.engine.expire_overdue("telegram")
        assert await services.engine.expire_overdue("telegram") == []
    assert (expired.actor.user_id, expired.question_id) == ("alice", started.question.question_id)
    assert expired.link is not None and expired.link.message_key == "poll-1"
    assert expired.outcome.notice is not None and expired.outcome.notice.startswith("Time's up!")
    assert isinstance(expired.outcome.next, QuestionView) and expired.outcome.next.number == 2


async def test_sweeps_and_late_answers_from_two_processes_at_once_move_the_session_on_once(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    # Two engines stand for two processes: the per-user lock can't help, so the database has to.
    settings, clock = _settings(tmp_path, fixture_content, database_url), FixedClock()
    async with open_services(settings, clock=clock) as one, open_services(settings, clock=clock) as two:
        started = await one.engine.start(ALICE, "collectives")
        assert isinstance(started, Started)
        question = started.question
        await one.engine.link_message("telegram", "poll-1", question, "chat-a")
        clock.advance(timedelta(seconds=31))
        results = await asyncio.gather(*(
            [engine.expire_overdue("telegram") for engine in (one.engine, two.engine) * 3]
            + [engine.answer(ALICE, question.session_id, question.question_id, question.correct_index)
               for engine in (one.engine, two.engine)]))
        current = await two.engine.start(ALICE)
        progress = await one.engine.progress(ALICE)
    expired = [item for result in results if isinstance(result, list) for item in result]
    late = [result for result in results if isinstance(result, AnswerOutcome)]
    refused = [result for result in results if isinstance(result, Notice)]
    assert len(expired) + len(late) == 1
    assert all(outcome.feedback is None for outcome in late)  # too late to score
    # Refused: a sweep was first (a button then finds the question no longer open), or the other answer was
    assert {notice.code for notice in refused} <= {NoticeCode.ALREADY_ANSWERED, NoticeCode.NOT_CURRENT_QUESTION}
    assert isinstance(current, Started) and current.question.number == 2
    assert [line.text for line in progress.lines] == [TIMED_OUT_ONCE]


async def test_a_round_of_a_quiz_its_owner_plays_in_a_live_game_is_not_timed_out_meanwhile(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """The sweep leaves it (its time-out would show the answer while the game may ask the question), stopping its
    clock in the same transaction that claimed it; after the game it is asked again with the full time."""
    settings, clock = _settings(tmp_path, fixture_content, database_url), FixedClock()
    stage, in_group = RecordingStage(), replace(ALICE, chat_id="group")
    async with open_services(settings, clock=clock) as services:
        engine = services.engine
        started = await engine.start(in_group, "collectives")
        assert isinstance(started, Started)
        assert await engine.games.open(in_group, "Alice", "group", "collectives", None, stage) is None
        game_id = stage.shown["group"][0].game_id
        await engine.games.begin(in_group, game_id, False, stage)
        clock.advance(timedelta(seconds=45))
        assert await engine.expire_overdue("telegram") == []
        await engine.games.stop(in_group, "Alice", False, stage)
        clock.advance(timedelta(seconds=45))
        assert await engine.expire_overdue("telegram") == []  # its clock stopped for the game
        back = await engine.start(in_group)
    assert isinstance(back, Started) and back.question.question_id == started.question.question_id
    assert back.question.seconds_left == 30

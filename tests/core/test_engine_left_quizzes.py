"""A quiz the learner left for another: what a vote still reaching its poll does, and what /skip does."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.delivery import polls_to_close
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, Started
from tests.core.play import next_question, start, wrong_index
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def test_a_vote_on_the_left_quizs_poll_counts_and_closes_the_poll_of_the_quiz_played_until_then(
        engine: QuizEngine, clock: FixedClock) -> None:
    """It took the learner back to the left quiz and posted its next poll, with the other quiz's poll still open:
    two open polls, and a vote there switched back again."""
    left = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-left", left, "chat-a")
    clock.advance()
    playing = await start(engine, ALICE, "long-options")
    await engine.link_message("telegram", "poll-playing", playing, "chat-a")
    clock.advance()

    back = await engine.answer_message(ALICE, "poll-left", wrong_index(left))  # in flight during the switch
    assert isinstance(back, AnswerOutcome) and back.feedback is not None and not back.feedback.correct
    assert back.feedback.question_id == left.question_id  # scored: the learner did answer it
    assert next_question(back).session_id == left.session_id and next_question(back).number == 2
    assert back.notice == "Welcome back! Carrying on with Collectives."
    assert [(poll.message_key, poll.question_id) for poll in polls_to_close(back)] == [
        ("poll-playing", playing.question_id)]  # as when switching by /quiz
    resumed = await engine.start(ALICE)  # the quiz now played is the one voted in
    assert isinstance(resumed, Started) and resumed.question.session_id == left.session_id
    assert [line.text for line in (await engine.progress(ALICE)).lines] == [
        "in progress: 1 of 3 answered, 0 right", "in progress: 0 of 1 answered, 0 right"]


async def test_a_vote_in_the_quiz_played_closes_nothing_and_says_nothing_more(
        engine: QuizEngine, clock: FixedClock) -> None:
    other = await start(engine, ALICE, "long-options")
    await engine.link_message("telegram", "poll-other", other, "chat-a")
    clock.advance()
    playing = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-playing", playing, "chat-a")
    outcome = await engine.answer_message(ALICE, "poll-playing", playing.correct_index)
    assert isinstance(outcome, AnswerOutcome) and outcome.notice is None and polls_to_close(outcome) == ()


async def test_skip_on_a_quiz_left_for_one_since_ended_skips_nothing_unseen_and_says_how_to_carry_on(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """/skip acted on the latest active quiz: once the quiz played had ended, that was the left one, whose question
    the learner hadn't seen since (its poll closed, its clock paused), and it was skipped unseen."""
    engine = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    left = await start(engine, ALICE)
    clock.advance(timedelta(seconds=20))
    await start(engine, ALICE, "long-options")
    clock.advance(timedelta(seconds=11))
    assert await engine.expire_overdue("telegram") == []  # the left quiz is paused by the sweep, not timed out
    await engine.stop(ALICE)

    refused = await engine.skip(ALICE)
    assert refused == Notice("Collectives is still in progress: start it again to carry on where you left off.",
                             NoticeCode.NOT_CURRENT_QUESTION)
    assert "in progress: 0 of 3 answered, 0 right" in [line.text for line in (await engine.progress(ALICE)).lines]
    back = await engine.start(ALICE)  # shown again: now /skip skips what the learner sees
    assert isinstance(back, Started) and back.question == replace(left, deadline=back.question.deadline,
                                                                  seconds_left=30)
    skipped = await engine.skip(ALICE)
    assert isinstance(skipped, AnswerOutcome) and skipped.notice == "Question 1 skipped."
    assert next_question(skipped).number == 2


async def test_a_quiz_left_with_time_to_spare_resumed_before_any_sweep_asks_its_question_again_with_full_time(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Only a sweep paused a left quiz: resumed after its old deadline but before the next sweep, its question was
    timed out ("Time's up!") though the learner had it in front of them for only 5 s."""
    timed = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    left = await start(timed, ALICE)
    clock.advance(timedelta(seconds=5))
    await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=30))  # the left quiz's old deadline has passed; no sweep ran yet

    back = await timed.start(ALICE, "collectives")
    assert isinstance(back, Started) and back.resumed
    assert back.question.question_id == left.question_id and back.question.notices == ()  # no "Time's up!"
    assert back.question.deadline == clock.now + timedelta(seconds=30)  # and the full time again


async def test_a_vote_on_the_left_quizs_poll_after_its_old_deadline_is_scored_as_its_clock_stopped(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Before a sweep paused the left quiz, a vote there after its old deadline said "Time's up!" and wasn't
    scored; after a sweep the same vote was scored. Left, its clock stopped either way."""
    timed = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    left = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-left", left, "chat-a")
    clock.advance(timedelta(seconds=20))
    await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=15))  # the left quiz's old deadline has passed; no sweep yet

    back = await timed.answer_message(ALICE, "poll-left", left.correct_index)
    assert isinstance(back, AnswerOutcome) and back.feedback is not None and back.feedback.correct
    assert back.notice == "Welcome back! Carrying on with Collectives."  # and no "Time's up!"
    assert next_question(back).deadline == clock.now + timedelta(seconds=30)


async def test_a_stale_vote_on_a_question_skipped_by_hand_in_a_paused_quiz_is_refused_not_timed_out(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """A paused quiz has no deadline, which also marks a question a sweep skipped unseen: a stale vote on the
    question skipped by hand before it said "Time's up! Question 1 wasn't answered in time"."""
    timed = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    skipped = await timed.skip(ALICE)  # by hand
    assert isinstance(skipped, AnswerOutcome)
    await timed.link_message("telegram", "poll-2", next_question(skipped), "chat-a")
    clock.advance(timedelta(seconds=5))
    await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=40))
    await timed.expire_overdue("telegram")  # the left quiz paused, its deadline cleared

    stale = await timed.answer_message(ALICE, "poll-1", wrong_index(first))
    assert isinstance(stale, Notice) and stale.code is NoticeCode.ALREADY_ANSWERED, stale


async def test_the_retry_button_again_asks_the_rounds_question_when_its_poll_is_not_in_front_of_the_learner(
        engine: QuizEngine, clock: FixedClock) -> None:
    """"Your retry has already started: answer its question above" was said where no question was above: after
    another quiz closed the round's poll (and ended), and when the first tap's poll was never sent."""
    question = await start(engine, ALICE, "long-options")
    summary = await engine.answer(ALICE, question.session_id, question.question_id, wrong_index(question))
    assert isinstance(summary, AnswerOutcome) and summary.next is not None
    finished = summary.next.session_id
    clock.advance()
    unsent = await engine.retry_missed(ALICE, finished)  # its poll failed to go out: nothing was linked
    assert isinstance(unsent, Started)
    clock.advance()
    asked = await engine.retry_missed(ALICE, finished)  # tapped again, as the apology said
    assert isinstance(asked, Started) and asked.question.session_id == unsent.question.session_id
    await engine.link_message("telegram", "poll-retry", asked.question, "chat-a")
    clock.advance()
    other = await start(engine, ALICE)  # the round's poll closed: left for another quiz...
    await engine.stop(ALICE)  # ...which ends
    clock.advance()
    back = await engine.retry_missed(ALICE, finished)
    assert isinstance(back, Started) and back.resumed and back.question.session_id == unsent.question.session_id
    assert other.session_id != back.question.session_id

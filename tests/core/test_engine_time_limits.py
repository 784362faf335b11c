"""A time limit per question: deadlines kept with the session, late answers not scored, sweeps that move on once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Actor, AnswerOutcome, Expired, Started, Summary
from tests.core.play import answer, next_question, start, summary_of
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.core.wiring import build_engine
from tests.fakes.clock import START, FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice", chat_id="chat-a")
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")

FRENCH_PO = r'''
msgid ""
msgstr ""
"Language: fr\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid ""
"Time's up! Question {number} wasn't answered in time: it scores no point, and "
"it comes back for review as a wrong answer does."
msgstr "Temps écoulé ! La question {number} compte comme passée."
'''

TIMED_OUT_ONCE = "in progress: 0 of 3 answered, 0 right · 1 timed out"  # a time-out answers nothing


async def _stored_deadline(fake_db: FakeDatabase, session_id: str) -> object:
    async with fake_db.unit_of_work() as work:
        session = await work.sessions.get(session_id)
    assert session is not None
    return session.question_deadline


async def _sweep_one(engine: QuizEngine, platform: str = "telegram") -> Expired:
    expired = await engine.expire_overdue(platform)
    assert len(expired) == 1, expired
    return expired[0]


# -- deadlines --------------------------------------------------------------------------------


async def test_a_question_shown_with_a_time_limit_gets_its_deadline_stored_with_the_session(
        timed: QuizEngine, fake_db: FakeDatabase) -> None:
    first = await start(timed, ALICE)
    assert (first.deadline, first.seconds_left) == (START + LIMIT, 30)
    assert await _stored_deadline(fake_db, first.session_id) == START + LIMIT
    assert timed.question_limit == LIMIT


async def test_each_question_gets_its_own_full_time_when_it_is_shown(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(timedelta(seconds=20))
    second = next_question(await answer(timed, ALICE, first, right=True))
    assert (second.deadline, second.seconds_left) == (START + timedelta(seconds=50), 30)


async def test_resuming_before_the_deadline_keeps_the_clock_running(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(timedelta(seconds=12))
    resumed = await timed.start(ALICE, "collectives")
    assert isinstance(resumed, Started) and resumed.resumed
    assert resumed.question.question_id == first.question_id
    assert (resumed.question.deadline, resumed.question.seconds_left) == (first.deadline, 18)


async def test_without_a_limit_questions_have_no_deadline_and_nothing_ever_expires(
        engine: QuizEngine, clock: FixedClock) -> None:
    first = await start(engine, ALICE)
    assert (first.deadline, first.seconds_left, engine.question_limit) == (None, None, None)
    clock.advance(timedelta(days=3))
    assert await engine.expire_overdue("telegram") == []
    outcome = await answer(engine, ALICE, first, right=True)
    assert outcome.feedback is not None and outcome.feedback.correct and outcome.notice is None


# -- late answers -----------------------------------------------------------------------------


async def test_an_answer_in_time_is_scored_as_usual(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(LIMIT - timedelta(seconds=1))
    outcome = await answer(timed, ALICE, first, right=True)
    assert outcome.feedback is not None and outcome.feedback.correct
    assert outcome.notice is None


async def test_an_answer_after_the_deadline_is_not_scored_and_the_learner_moves_on(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(LIMIT + timedelta(seconds=1))
    late = await answer(timed, ALICE, first, right=True)
    assert late.feedback is None  # no verdict: it didn't count
    assert late.notice == TIME_UP.format(number=1)
    assert late.chat_id == "chat-a"
    second = next_question(late)
    assert second.question_id == "shards-to-full"
    assert second.deadline == clock.now + LIMIT  # its own clock starts now
    third = next_question(await answer(timed, ALICE, second, right=True))
    summary = summary_of(await answer(timed, ALICE, third, right=True))
    assert [line.outcome for line in summary.lines] == ["timed_out", "correct", "correct"]


async def test_a_late_answer_to_the_last_question_brings_the_summary(timed: QuizEngine, clock: FixedClock) -> None:
    question = await start(timed, ALICE)
    for _ in range(2):
        question = next_question(await answer(timed, ALICE, question, right=True))
    clock.advance(LIMIT)  # exactly at the deadline is already too late
    late = await answer(timed, ALICE, question, right=True)
    assert late.notice == TIME_UP.format(number=3)
    assert summary_of(late).correct == 2


async def test_a_second_answer_after_a_late_one_is_not_counted_either(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(LIMIT * 2)
    await answer(timed, ALICE, first, right=True)
    again = await timed.answer(ALICE, first.session_id, first.question_id, first.correct_index)
    assert not isinstance(again, AnswerOutcome)  # "you already answered": the skip stands


async def test_resuming_after_the_deadline_skips_the_question_with_a_notice(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    clock.advance(timedelta(minutes=5))
    resumed = await timed.start(ALICE)
    assert isinstance(resumed, Started) and resumed.resumed
    assert resumed.question.question_id == "shards-to-full"
    assert TIME_UP.format(number=1) in resumed.question.notices
    assert resumed.question.deadline == clock.now + LIMIT
    assert resumed.question.session_id == first.session_id


async def test_resuming_after_the_last_questions_deadline_says_time_is_up_before_the_summary(
        timed: QuizEngine, clock: FixedClock) -> None:
    question = await start(timed, ALICE, "long-options")  # one question, left to time out while away
    clock.advance(timedelta(minutes=5))
    summary = await timed.start(ALICE, "long-options")
    assert isinstance(summary, Summary) and summary.notices == (TIME_UP.format(number=1),)
    assert summary.session_id == question.session_id and summary.lines[0].outcome == "timed_out"


# -- sweeps -----------------------------------------------------------------------------------


async def test_a_sweep_skips_an_overdue_question_and_says_whom_to_tell_what_comes_next(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(timedelta(seconds=29))
    assert await timed.expire_overdue("telegram") == []  # not yet
    clock.advance(timedelta(seconds=2))
    expired = await _sweep_one(timed)
    assert (expired.actor.platform, expired.actor.user_id, expired.actor.chat_id) == ("telegram", "alice", "chat-a")
    assert (expired.session_id, expired.question_id) == (first.session_id, first.question_id)
    assert expired.link is not None and expired.link.message_key == "poll-1"
    outcome = expired.outcome
    assert outcome.feedback is None and outcome.notice == TIME_UP.format(number=1)
    assert outcome.chat_id == "chat-a"
    second = next_question(outcome)
    assert second.question_id == "shards-to-full" and second.deadline == clock.now + LIMIT
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [TIMED_OUT_ONCE]


async def test_the_last_question_timing_out_ends_the_quiz_with_its_summary(
        timed: QuizEngine, clock: FixedClock) -> None:
    question = await start(timed, ALICE)
    for _ in range(2):
        question = next_question(await answer(timed, ALICE, question, right=False))
    await timed.link_message("telegram", "poll-3", question, "chat-a")
    clock.advance(LIMIT)
    summary = (await _sweep_one(timed)).outcome.next
    assert isinstance(summary, Summary)
    assert [line.outcome for line in summary.lines] == ["wrong", "wrong", "timed_out"]
    clock.advance(timedelta(hours=1))
    assert await timed.expire_overdue("telegram") == []  # a finished quiz has no clock


async def test_the_notice_is_in_the_language_the_learner_chose(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, tmp_path: Path) -> None:
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "quiztutor.po").write_text(FRENCH_PO, encoding="utf-8")
    engine = build_engine(library, fake_db, clock, texts=UiTexts.load(tmp_path / "locales"), question_limit=LIMIT)
    amina = Actor("discord", "amina", chat_id="channel-1", language_hint="en-US")
    await engine.set_language(amina, "fr")
    first = await start(engine, amina)
    await engine.link_message("discord", "message-1", first, "channel-1")
    clock.advance(LIMIT)
    expired = await _sweep_one(engine, "discord")
    assert expired.outcome.notice == "Temps écoulé ! La question 1 compte comme passée."
    assert next_question(expired.outcome).language == "fr"


async def test_a_sweep_finds_only_its_own_platform_and_questions_whose_time_ran_out(
        timed: QuizEngine, clock: FixedClock) -> None:
    on_discord = Actor("discord", "bola", chat_id="channel-1")
    late = await start(timed, ALICE)
    clock.advance(timedelta(seconds=20))
    await start(timed, on_discord)
    answered = await start(timed, Actor("telegram", "carol"))
    await answer(timed, Actor("telegram", "carol"), answered, right=True)
    stopped = Actor("telegram", "dan")
    await start(timed, stopped)
    await timed.stop(stopped)
    clock.advance(timedelta(seconds=15))  # alice's time ran out; bola's and carol's second question's did not
    expired = await timed.expire_overdue("telegram")
    assert [(item.actor.user_id, item.question_id) for item in expired] == [("alice", late.question_id)]
    assert await timed.expire_overdue("discord") == []


async def test_sweeping_twice_moves_a_session_on_once(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT)
    await _sweep_one(timed)
    assert await timed.expire_overdue("telegram") == []
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [TIMED_OUT_ONCE]


async def test_two_processes_sweeping_at_once_move_a_session_on_once(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    one = build_engine(library, fake_db, clock, question_limit=LIMIT)
    other = build_engine(library, fake_db, clock, seed=2, question_limit=LIMIT)
    first = await start(one, ALICE)
    await one.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT)
    results = await asyncio.gather(one.expire_overdue("telegram"), other.expire_overdue("telegram"),
                                   one.expire_overdue("telegram"))
    assert sum(len(result) for result in results) == 1
    assert [line.text for line in (await other.progress(ALICE)).lines] == [TIMED_OUT_ONCE]


async def test_a_sweep_and_an_answer_at_the_same_moment_count_once(timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT)
    swept, answered = await asyncio.gather(
        timed.expire_overdue("telegram"),
        timed.answer(ALICE, first.session_id, first.question_id, first.correct_index))
    moved_on = len(swept) + isinstance(answered, AnswerOutcome)
    assert moved_on == 1
    assert [line.text for line in (await timed.progress(ALICE)).lines] == [TIMED_OUT_ONCE]


def test_a_time_limit_must_be_positive(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    with pytest.raises(ValueError, match="positive"):
        build_engine(library, fake_db, clock, question_limit=timedelta(0))


async def test_a_quiz_left_for_another_is_paused_until_it_is_resumed(
        timed: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Else its next poll came up in the middle of the other quiz every 30 s, to an unasked summary, also after
    the other quiz ended."""
    left = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", left, "chat-a")
    clock.advance(timedelta(seconds=20))
    playing = await start(timed, ALICE, "long-options")
    clock.advance(timedelta(seconds=11))  # the left quiz's time would be up, not the other's
    assert await timed.expire_overdue("telegram") == []  # nothing shown, nothing skipped: its clock stopped
    assert await _stored_deadline(fake_db, left.session_id) is None
    assert (await start(timed, ALICE, None)).session_id == playing.session_id  # still the quiz played
    await timed.stop(ALICE)  # the other quiz ends: the left one stays paused
    clock.advance(timedelta(minutes=5))
    assert await timed.expire_overdue("telegram") == []

    back = await timed.start(ALICE, "collectives")
    assert isinstance(back, Started) and back.resumed and back.question.question_id == left.question_id
    assert back.question.notices == () and await _stored_deadline(fake_db, left.session_id) == clock.now + LIMIT
    progress = await timed.progress(ALICE)
    assert "in progress: 0 of 3 answered, 0 right" in [line.text for line in progress.lines]

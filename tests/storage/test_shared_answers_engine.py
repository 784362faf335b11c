"""The engine's answers sharing transactions on PostgreSQL, while other things happen at the same moment."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.metrics import NullMetrics
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started
from tests.fakes.clock import FixedClock
from tests.support.content import remove_question

LEARNERS = [Actor("telegram", f"learner-{n}", chat_id=f"chat-{n}") for n in range(12)]
# How a second answer is refused: a repeat, or a button on a question a sweep timed out (no longer open)
SETTLED = {NoticeCode.ALREADY_ANSWERED, NoticeCode.NOT_CURRENT_QUESTION}


class SharedCommits(NullMetrics):
    """How many members each shared COMMIT kept: the answers did share."""

    def __init__(self) -> None:
        self.kept: list[int] = []

    def observe_batch(self, size: int) -> None:
        self.kept.append(size)


def _settings(tmp_path: Path, content: Path, postgres_url: str) -> Settings:
    return Settings(data_dir=tmp_path, content_dir=content, database_url=postgres_url)


async def test_votes_buttons_a_stranger_and_a_first_timer_at_once_are_each_scored_once(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    metrics = SharedCommits()
    async with open_services(_settings(tmp_path, fixture_content, postgres_url), clock=FixedClock(),
                             metrics=metrics) as services:
        engine = services.engine
        asked: list[QuestionView] = []
        for n, learner in enumerate(LEARNERS):
            started = await engine.start(learner, "collectives")
            assert isinstance(started, Started)
            asked.append(started.question)
            await engine.link_message("telegram", f"poll-{n}", started.question, learner.chat_id)
        stranger = Actor("telegram", "first-timer", chat_id="chat-x")
        work = [engine.answer_message(learner, f"poll-{n}", asked[n].correct_index) if n % 2 else
                engine.answer(learner, asked[n].session_id, asked[n].question_id, asked[n].correct_index)
                for n, learner in enumerate(LEARNERS)]
        work += [engine.answer_message(stranger, "poll-3", 0), engine.answer_message(LEARNERS[1], "poll-2", 0)]
        replies = await asyncio.gather(*work)
        progress = [await engine.progress(learner) for learner in LEARNERS]
    for reply in replies[:len(LEARNERS)]:
        assert isinstance(reply, AnswerOutcome) and reply.feedback is not None and reply.feedback.correct, reply
    for reply in replies[len(LEARNERS):]:
        assert isinstance(reply, Notice) and reply.code is NoticeCode.NOT_YOUR_SESSION, reply
    assert {line.text for p in progress for line in p.lines} == {"in progress: 1 of 3 answered, 1 right"}
    assert max(metrics.kept) > 2, metrics.kept


async def test_answers_of_many_learners_on_two_processes_while_sweeps_fire_are_scored_or_timed_out_once(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=postgres_url,
                        question_seconds=30)
    clock = FixedClock()
    async with open_services(settings, clock=clock) as one, open_services(settings, clock=clock) as two:
        asked: dict[str, QuestionView] = {}
        for n, learner in enumerate(LEARNERS):
            if n == len(LEARNERS) // 2:
                clock.advance(timedelta(seconds=31))  # the first half's time ran out
            started = await one.engine.start(learner, "collectives")
            assert isinstance(started, Started)
            asked[learner.user_id] = started.question
            await one.engine.link_message("telegram", f"poll-{n}", started.question, learner.chat_id)
        work: list[Awaitable[object]] = []
        for n, learner in enumerate(LEARNERS):
            question = asked[learner.user_id]
            work += [one.engine.answer(learner, question.session_id, question.question_id, question.correct_index),
                     two.engine.answer_message(learner, f"poll-{n}", question.correct_index)]
        work += [engine.expire_overdue("telegram") for engine in (one.engine, two.engine) * 2]
        results = await asyncio.gather(*work)
        progress = {learner.user_id: [line.text for line in (await one.engine.progress(learner)).lines]
                    for learner in LEARNERS}
    expired = [item.actor.user_id for result in results if isinstance(result, list) for item in result]
    for n, learner in enumerate(LEARNERS):
        replies = results[2 * n:2 * n + 2]
        scored = [r for r in replies if isinstance(r, AnswerOutcome) and r.feedback is not None]
        moved = [r for r in replies if isinstance(r, AnswerOutcome)]
        # Refused: a repeat; or a button after a sweep timed its question out (no longer open)
        assert all(isinstance(r, AnswerOutcome) or (isinstance(r, Notice) and r.code in SETTLED)
                   for r in replies), replies
        if n < len(LEARNERS) // 2:
            # Timed out once: by the button, the vote or a sweep (the time-out says so). A vote that comes after
            # another process moved the learner on finds the next question's poll unlinked (this test links none:
            # as after a crash) and asks it again, scoring nothing.
            timed_out = [r for r in moved if r.notice]
            assert not scored and len(timed_out) + expired.count(learner.user_id) == 1, (learner, replies)
            assert len({getattr(r.next, "question_id", None) for r in moved}) <= 1, (learner, replies)  # the same
            assert progress[learner.user_id] == ["in progress: 0 of 3 answered, 0 right · 1 timed out"]
        else:
            # Scored once (the progress below), by the button or the vote. A vote that comes after the button finds
            # the next question's poll unlinked (as after a crash) and says the first answer's feedback again with
            # that question, scoring nothing; a button after the vote hears it was answered already.
            button, vote = replies
            assert scored and len({getattr(r.next, "question_id", None) for r in moved}) == 1, (learner, replies)
            assert len(scored) == 1 or (isinstance(button, AnswerOutcome) and isinstance(vote, AnswerOutcome)
                                        and vote.feedback == button.feedback), (learner, replies)
            assert learner.user_id not in expired
            assert progress[learner.user_id] == ["in progress: 1 of 3 answered, 1 right"]


async def test_answers_while_a_reload_removes_their_quiz_or_question_each_move_on_once(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    content = tmp_path / "content"
    shutil.copytree(fixture_content, content)
    settings = Settings(data_dir=tmp_path, content_dir=content, database_url=postgres_url)
    admin = Actor("telegram", "admin-1")
    async with open_services(settings, clock=FixedClock()) as services:
        engine = services.engine
        engine.allow_admin(admin.platform, admin.user_id)
        asked: list[QuestionView] = []
        for n, learner in enumerate(LEARNERS):
            started = await engine.start(learner, "collectives" if n % 3 else "long-options")
            assert isinstance(started, Started)
            asked.append(started.question)
            await engine.link_message("telegram", f"poll-{n}", started.question, learner.chat_id)
        (content / "quizzes" / "long-options.yaml").unlink()
        remove_question(content, asked[1].question_id)
        work = [engine.answer_message(learner, f"poll-{n}", asked[n].correct_index) if n % 2 else
                engine.answer(learner, asked[n].session_id, asked[n].question_id, asked[n].correct_index)
                for n, learner in enumerate(LEARNERS)]
        report, replies = await asyncio.gather(engine.reload(admin), asyncio.gather(*work))
        again = await asyncio.gather(*(engine.start(learner) for learner in LEARNERS))
    assert report.ok
    for reply in replies:
        assert isinstance(reply, AnswerOutcome | Notice), reply
        assert not isinstance(reply, Notice) or reply.code is not NoticeCode.ALREADY_ANSWERED, reply
    for n, start in enumerate(again):
        if n % 3:
            assert isinstance(start, Started) and start.resumed and start.question.number == 2, (n, start)


async def test_first_votes_of_new_voters_on_two_processes_store_each_voter_once(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    settings = _settings(tmp_path, fixture_content, postgres_url)
    async with open_services(settings, clock=FixedClock()) as one, open_services(settings, clock=FixedClock()) as two:
        owner = LEARNERS[0]
        started = await one.engine.start(owner, "collectives")
        assert isinstance(started, Started)
        await one.engine.link_message("telegram", "poll-0", started.question, "group")
        voters = [Actor("telegram", f"new-{n}", chat_id="group", language_hint="fr") for n in range(10)]
        replies = await asyncio.gather(*(engine.answer_message(voter, "poll-0", 0)
                                         for voter in voters for engine in (one.engine, two.engine)),
                                       one.engine.answer_message(owner, "poll-0", started.question.correct_index))
    assert all(isinstance(r, Notice) and r.code is NoticeCode.NOT_YOUR_SESSION for r in replies[:-1]), replies
    assert isinstance(replies[-1], AnswerOutcome) and replies[-1].feedback is not None
    assert {r.language for r in replies[:-1] if isinstance(r, Notice)} == {"fr"}


async def test_review_answers_of_many_learners_on_two_processes_are_each_scored_once(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    settings, clock = _settings(tmp_path, fixture_content, postgres_url), FixedClock()
    learners = LEARNERS[:8]
    async with open_services(settings, clock=clock) as one, open_services(settings, clock=clock) as two:
        for learner in learners:
            reply: object = await one.engine.start(learner, "collectives")  # played all wrong: due in two days
            while isinstance(question := reply.question if isinstance(reply, Started) else
                             reply.next if isinstance(reply, AnswerOutcome) else None, QuestionView):
                reply = await one.engine.answer(learner, question.session_id, question.question_id,
                                                (question.correct_index + 1) % len(question.options))
        clock.advance(timedelta(days=2))
        asked: list[QuestionView] = []
        for n, learner in enumerate(learners):
            review = await one.engine.review(learner)
            assert isinstance(review, Started)
            asked.append(review.question)
            await one.engine.link_message("telegram", f"review-{n}", review.question, learner.chat_id)
        work = []
        for n, learner in enumerate(learners):
            question = asked[n]
            work += [one.engine.answer(learner, question.session_id, question.question_id, question.correct_index),
                     two.engine.answer_message(learner, f"review-{n}", question.correct_index),
                     two.engine.answer(learner, question.session_id, question.question_id, question.correct_index)]
        replies = await asyncio.gather(*work)
        again = [await two.engine.review(learner) for learner in learners]
    for n in range(len(learners)):
        mine = replies[3 * n:3 * n + 3]
        scored = [r for r in mine if isinstance(r, AnswerOutcome) and r.feedback is not None and r.feedback.correct]
        # Scored once (the round moved one question: below), by a button or the vote. A vote that comes after a
        # button in the other process finds the next question's poll unlinked (this test links none: as after a
        # crash) and says the first answer's feedback again, scoring nothing (a clean-clone run met that order).
        vote = mine[1]
        repeated = [r for r in scored if r is vote and any(o is not vote and o.feedback == r.feedback for o in scored)]
        assert len(scored) - len(repeated) == 1, mine
        assert all(r in scored or (isinstance(r, Notice) and r.code is NoticeCode.ALREADY_ANSWERED) for r in mine)
        review = again[n]
        assert isinstance(review, Started) and review.question.number == 2, review


async def test_a_refused_answer_bringing_a_new_hint_costs_the_answers_sharing_with_it_nothing(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    """A stale answer (a question no longer open) writes nothing: the new language hint it brings is kept
    without losing the transaction it shared with the others, who commit together, once."""
    metrics = SharedCommits()
    async with open_services(_settings(tmp_path, fixture_content, postgres_url), clock=FixedClock(),
                             metrics=metrics) as services:
        engine = services.engine
        asked = []
        for learner in LEARNERS:
            started = await engine.start(learner, "collectives")
            assert isinstance(started, Started)
            asked.append(started.question)
        metrics.kept.clear()
        stale = replace(LEARNERS[0], language_hint="fr")
        replies = await asyncio.gather(
            engine.answer(stale, asked[0].session_id, "not-this-question", 0),
            *(engine.answer(learner, asked[n].session_id, asked[n].question_id, asked[n].correct_index)
              for n, learner in enumerate(LEARNERS) if n))
        later = await engine.localizer(LEARNERS[0])  # an event without a hint of its own
    assert isinstance(replies[0], Notice) and replies[0].language == "fr", replies[0]
    assert all(isinstance(reply, AnswerOutcome) for reply in replies[1:]), replies
    assert metrics.kept == [len(LEARNERS) - 1]  # one COMMIT for the others: nobody ran again alone
    assert later.language == "fr"  # the hint was kept all the same

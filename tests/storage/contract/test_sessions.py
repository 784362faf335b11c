"""The storage contract, part 2: sessions, answers and message links.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from bot.ports import AlreadyAnswered, SessionAlreadyActive, UnitOfWork
from bot.records import AnswerRecord, MessageLink, QuizSession, SessionState, UserRecord
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]


# -- sessions -----------------------------------------------------------------------------------


async def test_a_stored_session_comes_back_unchanged(uow: Uow) -> None:
    session = await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        assert await work.sessions.get("s1") == session
        assert await work.sessions.get("missing") is None


async def test_a_session_is_found_with_its_owner(uow: Uow) -> None:
    async with uow() as work:
        owner = await work.users.add(UserRecord("discord", "99", language="yo", last_hint="fr"))
        await work.commit()
    assert owner.id is not None
    session = await stored_session(uow, a_session(owner.id, question_deadline=START))
    async with uow() as work:
        assert await work.sessions.overdue("discord", START, 10) == [(session, owner)]
        assert await work.sessions.claim_overdue(session.id, START) == (session, owner)
        assert await work.sessions.claim_overdue("missing", START) is None


async def test_the_active_session_is_the_most_recently_updated_one(uow: Uow) -> None:
    user_id = await stored_user(uow)
    await stored_session(uow, a_session(user_id, "older", "collectives", updated_at=START))
    await stored_session(uow, a_session(user_id, "newer", "long-options", updated_at=START + timedelta(minutes=5)))
    await stored_session(uow, a_session(user_id, "done", "fsdp", state=SessionState.FINISHED,
                                        updated_at=START + timedelta(hours=1)))
    async with uow() as work:
        latest = await work.sessions.active(user_id)
        of_quiz = await work.sessions.active(user_id, "collectives")
        finished_quiz = await work.sessions.active(user_id, "fsdp")
        someone_else = await work.sessions.active(user_id + 1000)
    assert latest is not None and latest.id == "newer"
    assert of_quiz is not None and of_quiz.id == "older"
    assert finished_quiz is None
    assert someone_else is None


async def test_the_latest_ended_session_of_a_state_is_the_one_that_ended_last_in_it(uow: Uow) -> None:
    user_id = await stored_user(uow)
    await stored_session(uow, a_session(user_id, "first", "collectives", state=SessionState.FINISHED,
                                        updated_at=START))
    await stored_session(uow, a_session(user_id, "stopped", "fsdp", state=SessionState.STOPPED,
                                        updated_at=START + timedelta(hours=2)))
    await stored_session(uow, a_session(user_id, "second", "long-options", state=SessionState.FINISHED,
                                        updated_at=START + timedelta(hours=1)))
    await stored_session(uow, a_session(user_id, "stopped-before", "long-options", state=SessionState.STOPPED,
                                        updated_at=START - timedelta(hours=1)))
    await stored_session(uow, a_session(user_id, "playing", "zero", updated_at=START + timedelta(hours=3)))
    async with uow() as work:
        finished = await work.sessions.latest_ended(user_id, SessionState.FINISHED)
        stopped = await work.sessions.latest_ended(user_id, SessionState.STOPPED)
        nobody = await work.sessions.latest_ended(user_id + 1000, SessionState.FINISHED)
        of_a_quiz = await work.sessions.latest_ended(user_id, SessionState.STOPPED, "long-options")
        finished_of_it = await work.sessions.latest_ended(user_id, SessionState.FINISHED, "collectives")
        none_of_it = await work.sessions.latest_ended(user_id, SessionState.FINISHED, "zero")
    assert finished is not None and finished.id == "second"
    assert stopped is not None and stopped.id == "stopped"
    assert nobody is None
    assert of_a_quiz is not None and of_a_quiz.id == "stopped-before"
    assert finished_of_it is not None and finished_of_it.id == "first"
    assert none_of_it is None  # only active


async def test_the_latest_ended_before_a_round_is_one_that_ended_by_the_time_it_started(uow: Uow) -> None:
    """What a retry round retried: not the round itself, nor a session that ended after the round started."""
    user_id = await stored_user(uow)
    stored: dict[str, QuizSession] = {}
    for name, started, ended in (("older", -180, -120), ("retried", -90, -60), ("later", -30, 60), ("round", 0, 5)):
        session = a_session(user_id, name, state=SessionState.STOPPED, updated_at=START + timedelta(minutes=ended))
        session.started_at = START + timedelta(minutes=started)
        stored[name] = await stored_session(uow, session)
    async with uow() as work:
        retried = await work.sessions.latest_ended(user_id, SessionState.STOPPED, "collectives",
                                                   before=stored["round"])
        first = await work.sessions.latest_ended(user_id, SessionState.STOPPED, "collectives",
                                                 before=stored["older"])
    assert retried is not None and retried.id == "retried"
    assert first is None


async def test_an_updated_session_keeps_its_position_state_chat_and_times(uow: Uow) -> None:
    session = await stored_session(uow, a_session(await stored_user(uow)))
    session.position, session.chat_id = 3, "chat-2"
    session.state = SessionState.FINISHED
    session.updated_at = session.finished_at = START + timedelta(minutes=9)
    async with uow() as work:
        await work.sessions.update(session)
        await work.commit()
    async with uow() as work:
        assert await work.sessions.get(session.id) == session
        assert await work.sessions.active(session.user_id) is None


async def test_results_count_answers_skips_and_right_answers_per_session(uow: Uow) -> None:
    user_id = await stored_user(uow)
    await stored_session(uow, a_session(user_id, "done", state=SessionState.FINISHED, updated_at=START))
    await stored_session(uow, a_session(user_id, "open", "fsdp", updated_at=START + timedelta(minutes=1)))
    async with uow() as work:
        await work.answers.add(AnswerRecord("done", "q1", "a", True, START))
        await work.answers.add(AnswerRecord("done", "q2", "x", False, START))
        await work.answers.add(AnswerRecord("done", "q3", None, False, START))
        await work.commit()
    async with uow() as work:
        results = await work.sessions.results(user_id)
    assert [(r.quiz_id, r.state, r.correct, r.answered, r.unanswered, r.total) for r in results] == [
        ("fsdp", SessionState.ACTIVE, 0, 0, 0, 3),
        ("collectives", SessionState.FINISHED, 1, 2, 1, 3),  # q3 was skipped: no option
    ]


async def test_only_one_session_per_user_and_quiz_can_be_active(uow: Uow) -> None:
    user_id = await stored_user(uow)
    await stored_session(uow, a_session(user_id, "first"))
    await stored_session(uow, a_session(user_id, "finished-before", state=SessionState.STOPPED))
    await stored_session(uow, a_session(user_id, "other-quiz", "fsdp"))
    with pytest.raises(SessionAlreadyActive):
        await stored_session(uow, a_session(user_id, "second"))
    async with uow() as work:
        active = await work.sessions.active(user_id, "collectives")
    assert active is not None and active.id == "first"



async def test_a_refused_second_session_leaves_the_transaction_usable(uow: Uow) -> None:
    user_id = await stored_user(uow)
    await stored_session(uow, a_session(user_id, "first"))
    link = MessageLink("telegram", "poll-1", "first", "q1", "chat-1", START)
    async with uow() as work:
        with pytest.raises(SessionAlreadyActive):  # lost in a savepoint, not the whole transaction
            await work.sessions.add(a_session(user_id, "second"))
        active = await work.sessions.active(user_id, "collectives")
        await work.links.add(link)
        await work.commit()
    assert active is not None and active.id == "first"
    async with uow() as work:
        assert await work.links.get("telegram", "poll-1") == link

# -- answers ------------------------------------------------------------------------------------


async def test_answers_come_back_in_the_order_given(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    given = [AnswerRecord("s1", "q2", "x", False, START + timedelta(seconds=1)),
             AnswerRecord("s1", "q1", "a", True, START),
             AnswerRecord("s1", "q3", None, False, START + timedelta(seconds=2)),
             # Passed over unshown (removed by a reload): kept as such, a round's count depends on it.
             AnswerRecord("s1", "q4", None, False, START + timedelta(seconds=3), asked=False)]
    async with uow() as work:
        for answer in given:
            await work.answers.add(answer)
        await work.commit()
    async with uow() as work:
        assert await work.answers.for_session("s1") == sorted(given, key=lambda a: a.answered_at)
        assert await work.answers.for_session("other") == []


async def test_a_second_answer_to_a_question_is_refused_and_the_transaction_stays_usable(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    first = AnswerRecord("s1", "q1", "a", True, START)
    async with uow() as work:
        await work.answers.add(first)
        await work.commit()
    async with uow() as work:
        with pytest.raises(AlreadyAnswered):
            await work.answers.add(AnswerRecord("s1", "q1", "b", False, START + timedelta(seconds=1)))
        # The failed insert must not poison the transaction (PostgreSQL aborts it without a savepoint).
        await work.answers.add(AnswerRecord("s1", "q2", "x", True, START + timedelta(seconds=2)))
        await work.commit()
    async with uow() as work:
        answers = await work.answers.for_session("s1")
    assert [(a.question_id, a.option_id) for a in answers] == [("q1", "a"), ("q2", "x")]


async def test_last_activity_is_the_latest_update_of_any_of_the_users_sessions(uow: Uow) -> None:
    owner = await stored_user(uow)
    async with uow() as work:
        assert await work.sessions.last_activity(owner) is None
    await stored_session(uow, a_session(owner, quiz_id="first", updated_at=START + timedelta(minutes=5)))
    await stored_session(uow, a_session(owner, session_id="s2", quiz_id="second", state=SessionState.STOPPED,
                                        updated_at=START + timedelta(minutes=9)))
    async with uow() as work:
        assert await work.sessions.last_activity(owner) == START + timedelta(minutes=9)  # a stopped one counts
        assert await work.sessions.last_activity(owner + 1) is None


async def test_a_session_is_read_with_its_owners_latest_activity(uow: Uow) -> None:
    owner = await stored_user(uow)
    other = await stored_user(uow, "other")
    await stored_session(uow, a_session(owner, quiz_id="first", updated_at=START + timedelta(minutes=5)))
    await stored_session(uow, a_session(owner, session_id="s2", quiz_id="second", state=SessionState.STOPPED,
                                        updated_at=START + timedelta(minutes=9)))
    await stored_session(uow, a_session(other, session_id="s3", updated_at=START + timedelta(minutes=20)))
    async with uow() as work:
        found = await work.sessions.get_with_owner_activity("s1")
        assert await work.sessions.get_with_owner_activity("missing") is None
    assert found is not None
    assert found.session == await _read(uow, "s1")  # the same session as get() reads
    assert found.owner_last_activity == START + timedelta(minutes=9)  # the owner's other session, not another's
    assert found.owner_in_game is False


async def _read(uow: Uow, session_id: str) -> QuizSession | None:
    async with uow() as work:
        return await work.sessions.get(session_id)


# -- message links ------------------------------------------------------------------------------


async def test_a_message_link_is_found_by_platform_and_key(uow: Uow) -> None:
    await stored_session(uow, a_session(await stored_user(uow)))
    link = MessageLink("telegram", "poll-77", "s1", "q2", "chat-1", START, message_id="4021")
    async with uow() as work:
        await work.links.add(link)
        await work.commit()
    async with uow() as work:
        found = await work.links.get("telegram", "poll-77")
        latest = await work.links.latest("telegram", "s1", "q2")
        assert await work.links.get("discord", "poll-77") is None
    assert found == link == latest
    assert found is not None and found.created_at == START
    assert found.message_id == "4021"  # what closing the poll needs (Telegram's stopPoll)


async def test_a_withdrawn_message_link_is_still_found_marked_with_when(uow: Uow) -> None:
    """A poll deleted while a game held its question: a vote already on its way still finds the question, and
    whoever would close the poll sees it is gone."""
    await stored_session(uow, a_session(await stored_user(uow)))
    async with uow() as work:
        await work.links.add(MessageLink("telegram", "poll-77", "s1", "q2", "chat-1", START, message_id="4021"))
        await work.links.add(MessageLink("telegram", "poll-78", "s1", "q3", "chat-1", START, message_id="4022"))
        await work.commit()
    async with uow() as work:
        await work.links.withdraw("telegram", "poll-77", START + timedelta(minutes=1))
        await work.links.withdraw("discord", "poll-78", START)  # another platform's key: not this one
        await work.commit()
    async with uow() as work:
        found = await work.links.get("telegram", "poll-77")
        latest = await work.links.latest("telegram", "s1", "q2")
        other = await work.links.get("telegram", "poll-78")
    assert found is not None and found.withdrawn_at == START + timedelta(minutes=1)
    assert latest is not None and latest.withdrawn_at == found.withdrawn_at and latest.question_id == "q2"
    assert other is not None and other.withdrawn_at is None


# -- units of work ------------------------------------------------------------------------------

LINK = MessageLink("telegram", "poll-1", "s1", "q1", "chat-1", START)


async def test_nothing_runs_in_a_unit_of_work_after_it_committed(uow: Uow) -> None:
    await stored_user(uow)
    async with uow() as work:
        await work.users.get("telegram", "alice")
        await work.commit()
        with pytest.raises(RuntimeError, match="committed"):
            await work.links.add(LINK)
        with pytest.raises(RuntimeError, match="committed"):
            await work.commit()
    async with uow() as work:
        assert await work.links.get("telegram", "poll-1") is None


async def test_nothing_runs_through_a_unit_of_work_once_its_block_is_left(uow: Uow) -> None:
    await stored_user(uow)
    async with uow() as work:
        await work.users.get("telegram", "alice")  # not committed: rolled back on leaving
    with pytest.raises(RuntimeError, match="ended"):  # its connection may already serve another unit of work
        await work.links.add(LINK)
    with pytest.raises(RuntimeError, match="ended"):
        await work.commit()
    async with uow() as work:
        assert await work.links.get("telegram", "poll-1") is None

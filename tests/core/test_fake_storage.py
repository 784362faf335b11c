"""The in-memory fake keeps the promises of bot/ports.py that the engine tests rely on."""

from __future__ import annotations

import pytest

from bot.ports import AlreadyAnswered
from bot.records import AnswerRecord, CardRecord, ReviewRecord, UserRecord
from tests.fakes.clock import START
from tests.fakes.committed_rows import RefusedByColumn
from tests.fakes.storage import FakeDatabase


async def test_nothing_is_kept_unless_committed() -> None:
    database = FakeDatabase()
    async with database.unit_of_work() as work:
        await work.users.add(UserRecord("telegram", "1"))
    async with database.unit_of_work() as work:
        assert await work.users.get("telegram", "1") is None
        await work.users.add(UserRecord("telegram", "1"))
        await work.commit()
    async with database.unit_of_work() as work:
        assert await work.users.get("telegram", "1") is not None


async def test_a_second_answer_to_a_question_raises_already_answered() -> None:
    database = FakeDatabase()
    async with database.unit_of_work() as work:
        await work.answers.add(AnswerRecord("s", "q", "a", True, START))
        with pytest.raises(AlreadyAnswered):
            await work.answers.add(AnswerRecord("s", "q", "b", False, START))
        await work.commit()
    async with database.unit_of_work() as work:
        assert [answer.option_id for answer in await work.answers.for_session("s")] == ["a"]


async def test_records_read_back_are_copies_until_updated() -> None:
    database = FakeDatabase()
    async with database.unit_of_work() as work:
        user = await work.users.add(UserRecord("telegram", "1"))
        user.language = "fr"  # not saved: update() was not called
        await work.commit()
    async with database.unit_of_work() as work:
        stored = await work.users.get("telegram", "1")
    assert stored is not None and stored.language is None


async def test_two_units_of_work_do_not_undo_each_others_commits() -> None:
    database = FakeDatabase()
    first, second = database.unit_of_work(), database.unit_of_work()
    async with first, second:
        await first.users.add(UserRecord("telegram", "1"))
        await second.users.add(UserRecord("discord", "2"))
        await first.commit()
        await second.commit()
    async with database.unit_of_work() as work:
        one, two = await work.users.get("telegram", "1"), await work.users.get("discord", "2")
    assert one is not None and two is not None
    assert one.id != two.id


async def test_what_postgresql_refuses_is_refused_and_nothing_of_that_commit_is_kept() -> None:
    """Text over its varchar, an integer past 32 bits, a NUL: SQLite keeps them, PostgreSQL fails the transaction;
    a lone surrogate neither driver can encode."""
    database = FakeDatabase()
    async with database.unit_of_work() as work:
        await work.users.add(UserRecord("telegram", "1"))
        await work.answers.add(AnswerRecord("s", "q" * 129, "a", True, START))
        with pytest.raises(RefusedByColumn, match=r"answers\.question_id: 129 characters, over varchar\(128\)"):
            await work.commit()
    async with database.unit_of_work() as work:
        assert await work.users.get("telegram", "1") is None  # the whole commit, as on PostgreSQL
        user = await work.users.add(UserRecord("telegram", "1"))
        assert user.id is not None
        card = await work.cards.add(CardRecord(user.id, "quiz", "q", "hash", 2, None, 1.0, 5.0, START, START))
        assert card.id is not None
        await work.reviews.add(ReviewRecord(card.id, user.id, "quiz", "q", 1, START, 2**31, None, "en", "hash"))
        with pytest.raises(RefusedByColumn, match=r"review_logs\.duration_ms: 2147483648 is out of"):
            await work.commit()
    for option, refusal in (("a\x00", "a NUL character"), ("a\ud83d", "a lone surrogate")):
        async with database.unit_of_work() as work:
            await work.answers.add(AnswerRecord("s", "q", option, True, START))
            with pytest.raises(RefusedByColumn, match=rf"answers\.option_id: {refusal}"):
                await work.commit()
    async with database.unit_of_work() as work:
        await work.answers.add(AnswerRecord("s", "q" * 128, "a", True, START))  # at the limit
        await work.commit()
    async with database.unit_of_work() as work:
        assert len(await work.answers.for_session("s")) == 1

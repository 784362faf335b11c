"""The storage contract, part 1: users, transactions and time zones.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.ports import UnitOfWork
from bot.records import AnswerRecord, UserRecord
from tests.fakes.clock import START
from tests.storage.builders import a_session, stored_session, stored_user

Uow = Callable[[], UnitOfWork]


# -- users --------------------------------------------------------------------------------------


async def test_an_unknown_user_is_not_found(uow: Uow) -> None:
    async with uow() as work:
        assert await work.users.get("telegram", "nobody") is None


async def test_an_added_user_gets_an_id_and_is_found_again(uow: Uow) -> None:
    async with uow() as work:
        added = await work.users.add(UserRecord("discord", "123", language="sw", last_hint="fr"))
        await work.commit()
    async with uow() as work:
        found = await work.users.get("discord", "123")
    assert added.id is not None
    assert found == UserRecord("discord", "123", language="sw", last_hint="fr", id=added.id)


async def test_a_user_is_found_by_their_stored_id_and_an_unknown_id_finds_nobody(uow: Uow) -> None:
    async with uow() as work:
        ada = await work.users.add(UserRecord("telegram", "ada", language="yo"))
        await work.users.add(UserRecord("discord", "ada"))
        await work.commit()
    assert ada.id is not None
    async with uow() as work:
        assert await work.users.by_id(ada.id) == ada
        assert await work.users.by_id(ada.id + 1000) is None


async def test_the_same_user_id_on_two_platforms_is_two_users(uow: Uow) -> None:
    async with uow() as work:
        on_telegram = await work.users.add(UserRecord("telegram", "7"))
        on_discord = await work.users.add(UserRecord("discord", "7"))
        await work.commit()
    assert on_telegram.id != on_discord.id


async def test_adding_a_user_twice_returns_the_stored_one(uow: Uow) -> None:
    async with uow() as work:
        first = await work.users.add(UserRecord("telegram", "42", language="fr"))
        again = await work.users.add(UserRecord("telegram", "42", language="yo"))
        await work.commit()
    assert again == first
    assert again.language == "fr"


async def test_updating_a_user_keeps_the_chosen_language_and_last_hint(uow: Uow) -> None:
    async with uow() as work:
        user = await work.users.add(UserRecord("telegram", "42"))
        user.language, user.last_hint = "sn", "fr"
        await work.users.update(user)
        await work.commit()
    async with uow() as work:
        assert await work.users.get("telegram", "42") == user


async def test_noting_a_hint_stores_only_the_hint(uow: Uow) -> None:
    async with uow() as work:
        user = await work.users.add(UserRecord("telegram", "42", language="yo"))
        user.language, user.last_hint = "sn", "fr"  # only the hint is meant to be saved
        await work.users.note_hint(user)
        await work.commit()
    async with uow() as work:
        assert await work.users.get("telegram", "42") == UserRecord("telegram", "42", "yo", "fr", user.id)


# -- transactions and time ----------------------------------------------------------------------


async def test_nothing_is_kept_unless_the_unit_of_work_commits(uow: Uow) -> None:
    async with uow() as work:
        await work.users.add(UserRecord("telegram", "forgotten"))
    with pytest.raises(RuntimeError):
        async with uow() as work:
            await work.users.add(UserRecord("telegram", "failed"))
            raise RuntimeError("the action failed half-way")
    async with uow() as work:
        assert await work.users.get("telegram", "forgotten") is None
        assert await work.users.get("telegram", "failed") is None


async def test_committed_changes_are_seen_by_the_next_unit_of_work(uow: Uow) -> None:
    async with uow() as work:
        await work.users.add(UserRecord("telegram", "kept"))
        await work.commit()
    async with uow() as work:
        assert await work.users.get("telegram", "kept") is not None


async def test_timezone_aware_datetimes_come_back_as_the_same_instant_in_utc(uow: Uow) -> None:
    nairobi = datetime(2026, 3, 1, 12, 30, 15, 250000, tzinfo=timezone(timedelta(hours=3)))
    session = a_session(await stored_user(uow), updated_at=nairobi)
    await stored_session(uow, session)
    async with uow() as work:
        await work.answers.add(AnswerRecord("s1", "q1", "a", True, nairobi))
        await work.commit()
    async with uow() as work:
        stored = await work.sessions.get("s1")
        (answer,) = await work.answers.for_session("s1")
    assert stored is not None
    for value in (stored.updated_at, stored.started_at, answer.answered_at):
        assert value.tzinfo is not None
        assert value.utcoffset() == timedelta(0)
    assert stored.updated_at == nairobi
    assert answer.answered_at == nairobi
    assert stored.started_at == START.astimezone(UTC)


async def test_a_naive_datetime_is_refused(uow: Uow) -> None:
    session = a_session(await stored_user(uow), updated_at=datetime(2026, 3, 1, 12, 0))
    with pytest.raises(Exception, match="naive datetimes"):
        await stored_session(uow, session)


async def test_reminders_the_bot_put_aside_are_kept_apart_from_the_learners_own_off(uow: Uow) -> None:
    """The bot turned Alice's off, unable to reach her (their time kept aside); Bola turned his off himself. Both
    are off for the sweep, and the time put aside comes back as written, also with a sweep's owner."""
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    async with uow() as work:
        for name, aside in (("alice", "07:45"), ("bola", None)):
            user = await work.users.get("telegram", name)
            assert user is not None
            user.reminder_time, user.reminder_due, user.paused_reminder_time = None, None, aside
            await work.users.update(user)
        await work.commit()
    await stored_session(uow, a_session(alice, "late", "collectives", question_deadline=START - timedelta(minutes=1)))
    async with uow() as work:
        assert await work.users.due_reminders("telegram", START + timedelta(days=2), limit=10) == []
        assert await work.users.get("telegram", "alice") == UserRecord("telegram", "alice", id=alice,
                                                                       paused_reminder_time="07:45")
        assert await work.users.by_id(bola) == UserRecord("telegram", "bola", id=bola)
        [(_session, owner)] = await work.sessions.overdue("telegram", START, 10)
        assert owner.paused_reminder_time == "07:45"

"""The storage contract, part 4: cards, review logs and reminders (fake, SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from bot.memory import LONGEST_DURATION
from bot.ports import UnitOfWork
from bot.records import CardRecord, ReviewRecord
from tests.fakes.clock import START
from tests.storage.builders import stored_user

Uow = Callable[[], UnitOfWork]
DAY = timedelta(days=1)


def a_card(user_id: int, question_id: str, due_in: timedelta, quiz_id: str = "fsdp") -> CardRecord:
    return CardRecord(user_id, quiz_id, question_id, "hash-1", 2, None, 3.5, 5.0, START + due_in, START)


async def stored_cards(uow: Uow, *cards: CardRecord) -> list[CardRecord]:
    async with uow() as work:
        stored = [await work.cards.add(card) for card in cards]
        await work.commit()
    return stored


async def test_a_card_comes_back_with_its_id_and_every_field(uow: Uow) -> None:
    (card,) = await stored_cards(uow, a_card(await stored_user(uow), "q1", DAY))
    assert card.id is not None
    async with uow() as work:
        again = await work.cards.get(card.user_id, "fsdp", "q1")
        assert again == card and await work.cards.get(card.user_id, "fsdp", "q2") is None
        again.stability, again.due, again.state = 9.25, START + 3 * DAY, 3
        await work.cards.update(again)
        await work.commit()
    async with uow() as work:
        assert await work.cards.get(card.user_id, "fsdp", "q1") == again


async def test_a_learners_cards_are_read_back_in_the_order_stored_and_only_their_own(uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    await stored_cards(uow, a_card(alice, "later", 2 * DAY), a_card(alice, "old", -3 * DAY),
                       a_card(alice, "recent", -DAY, quiz_id="zero"), a_card(bola, "hers", -5 * DAY))
    async with uow() as work:
        assert [card.question_id for card in await work.cards.of_user(alice)] == ["later", "old", "recent"]


async def test_reviews_are_kept_and_read_back_by_learner_and_by_quiz(uow: Uow) -> None:
    alice = await stored_user(uow)
    (card,) = await stored_cards(uow, a_card(alice, "q1", DAY))
    assert card.id is not None
    old = ReviewRecord(card.id, alice, "fsdp", "q1", 1, START - 10 * DAY, None, None, "en", "hash-1")
    new = ReviewRecord(card.id, alice, "fsdp", "q1", 3, START, 4200, "all-gather", "yo", "hash-1",
                       utc_offset_minutes=-210)  # Newfoundland's clock: 3.5 hours behind UTC
    async with uow() as work:
        await work.reviews.add(old)
        await work.reviews.add(new)
        await work.commit()
    async with uow() as work:
        assert await work.reviews.of_user(alice, START - DAY) == [new]
        assert await work.reviews.of_quiz("fsdp") == [old, new]
        assert await work.reviews.of_quiz("zero") == []
        assert await work.reviews.of_quiz(None) == [old, new]


async def test_a_review_that_took_the_longest_logged_duration_is_kept(uow: Uow) -> None:
    alice = await stored_user(uow)
    (card,) = await stored_cards(uow, a_card(alice, "q1", DAY))
    assert card.id is not None
    longest = int(LONGEST_DURATION.total_seconds() * 1000)  # what bot/memory.py logs at most
    review = ReviewRecord(card.id, alice, "fsdp", "q1", 1, START, longest, None, "en", "hash-1")
    async with uow() as work:
        await work.reviews.add(review)
        await work.commit()
    async with uow() as work:
        assert await work.reviews.of_user(alice, START - DAY) == [review]


async def test_due_reminders_are_the_platforms_learners_whose_time_came(uow: Uow) -> None:
    ids = [await stored_user(uow, name) for name in ("early", "late", "off")]
    await stored_user(uow, "elsewhere", platform="discord")
    async with uow() as work:
        for name, due_at in (("early", START - DAY), ("late", START + DAY)):
            user = await work.users.get("telegram", name)
            assert user is not None
            user.reminder_time, user.reminder_due, user.time_zone = "19:00", due_at, "Africa/Lagos"
            user.reminder_sent_at = due_at - DAY
            await work.users.update(user)
        await work.commit()
    async with uow() as work:
        due = await work.users.due_reminders("telegram", START, limit=10)
        assert [user.platform_user_id for user in due] == ["early"]
        assert due[0].reminder_time == "19:00" and due[0].time_zone == "Africa/Lagos"
        assert due[0].reminder_due == START - DAY and due[0].id == ids[0]
        assert due[0].reminder_sent_at == START - 2 * DAY
        assert (await work.users.get("telegram", "late")) == replace(due[0], platform_user_id="late", id=ids[1],
                                                                     reminder_due=START + DAY, reminder_sent_at=START)
        assert await work.users.due_reminders("discord", START, limit=10) == []


async def test_due_reminders_of_one_minute_come_least_recently_reminded_first(uow: Uow) -> None:
    """Never reminded first, then the longest ago: a learner a backlog made too late yesterday isn't last again."""
    for name, sent in (("yesterday", START - DAY), ("never", None), ("last-week", START - 7 * DAY)):
        await stored_user(uow, name)
        async with uow() as work:
            user = await work.users.get("telegram", name)
            assert user is not None
            user.reminder_time, user.reminder_due, user.reminder_sent_at = "19:00", START, sent
            await work.users.update(user)
            await work.commit()
    async with uow() as work:
        due = await work.users.due_reminders("telegram", START, limit=10)
        assert [user.platform_user_id for user in due] == ["never", "last-week", "yesterday"]
        assert [user.platform_user_id for user in await work.users.due_reminders("telegram", START, limit=1)] == \
            ["never"]

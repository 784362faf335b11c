"""The bot greets a group it was added to once: a claim one process wins, not again for the period asked, and
kept with the chat's settings (its language survives the claim)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from bot.ports import UnitOfWork
from tests.fakes.clock import START

Uow = Callable[[], UnitOfWork]
DAY = timedelta(days=1)


async def claim(uow: Uow, chat_id: str, at: timedelta) -> bool:
    now = START + at
    async with uow() as work:
        claimed = await work.chats.claim_greeting("telegram", chat_id, now, now - DAY)
        await work.commit()
    return claimed


async def test_a_group_is_greeted_once_a_day_at_most(uow: Uow) -> None:
    assert await claim(uow, "-1", timedelta())
    assert not await claim(uow, "-1", timedelta(minutes=3))  # added again soon after
    assert await claim(uow, "-2", timedelta(minutes=3))  # another group
    assert await claim(uow, "-1", DAY + timedelta(minutes=1))


async def test_a_group_whose_language_was_chosen_keeps_it_when_greeted(uow: Uow) -> None:
    async with uow() as work:
        await work.chats.set_language("telegram", "-1", "yo")
        await work.commit()
    assert await claim(uow, "-1", timedelta())
    async with uow() as work:
        assert await work.chats.language("telegram", "-1") == "yo"
    async with uow() as work:
        await work.chats.set_language("telegram", "-1", "sw")
        await work.commit()
    assert not await claim(uow, "-1", timedelta(minutes=1))  # choosing a language is no new add


async def test_a_group_greeted_as_a_supergroup_before_its_move_arrives_keeps_its_language(uow: Uow) -> None:
    """Telegram tells the bot it joined the new supergroup, and the move, as separate updates in no set order."""
    async with uow() as work:
        await work.chats.set_language("telegram", "-4242", "yo")
        await work.commit()
    assert await claim(uow, "-1004242", timedelta())
    async with uow() as work:
        await work.chats.move("telegram", "-4242", "-1004242")
        await work.commit()
    async with uow() as work:
        assert await work.chats.language("telegram", "-1004242") == "yo"


async def test_a_greeting_telegram_refused_gives_its_claim_back_but_not_a_later_one(uow: Uow) -> None:
    """Added without the right to post: the next add may greet. A claim given back late leaves a newer one."""
    assert await claim(uow, "-1", timedelta())
    async with uow() as work:
        await work.chats.release_greeting("telegram", "-1", START)
        await work.commit()
    assert await claim(uow, "-1", timedelta(minutes=3))  # added again once the rights were fixed
    async with uow() as work:
        await work.chats.release_greeting("telegram", "-1", START)  # the first claim's, given back again
        await work.commit()
    assert not await claim(uow, "-1", timedelta(minutes=4))


async def test_a_supergroup_greeted_before_its_move_arrives_is_not_greeted_again_after_it(uow: Uow) -> None:
    """The move brings the old group's settings (its language) but keeps the newer greeting: a second join notice
    for the supergroup the same day would otherwise greet it twice."""
    async with uow() as work:
        await work.chats.set_language("telegram", "-4343", "yo")
        await work.commit()
    assert await claim(uow, "-1004343", timedelta())
    async with uow() as work:
        await work.chats.move("telegram", "-4343", "-1004343")
        await work.commit()
    assert not await claim(uow, "-1004343", timedelta(minutes=2))
    async with uow() as work:
        assert await work.chats.language("telegram", "-1004343") == "yo"

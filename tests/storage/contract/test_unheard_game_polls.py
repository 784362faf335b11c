"""The storage contract, game questions that went out unheard: the platform carried out the send of their message,
its answer (and the key votes name) lost. Whichever process gets a vote on a message nobody knows finds them.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from bot.games.records import GameMessageLink, GameState, unheard_key
from bot.ports import UnitOfWork
from tests.fakes.clock import START
from tests.storage.builders import a_game, stored_games, stored_user

Uow = Callable[[], UnitOfWork]


async def asking(uow: Uow, game_id: str, chat_id: str, position: int, minutes: int, platform: str = "telegram") -> None:
    starter = await stored_user(uow, f"starter-{game_id}", platform)
    await stored_games(uow, replace(a_game(starter, game_id, chat_id, platform=platform, state=GameState.ASKING),
                                    position=position, asked_at=START + timedelta(minutes=minutes)))


async def unheard(uow: Uow, platform: str = "telegram") -> list[GameMessageLink]:
    async with uow() as work:
        return await work.games.unheard(platform)


async def test_open_unheard_questions_are_found_latest_first_on_their_platform_only(uow: Uow) -> None:
    await asking(uow, "g1", "chat-1", 0, minutes=0)
    await asking(uow, "g2", "chat-2", 1, minutes=1)
    await asking(uow, "g3", "chat-3", 0, minutes=2)  # heard: not kept
    await asking(uow, "d1", "chan-1", 0, minutes=3, platform="discord")
    async with uow() as work:
        await work.games.add_unheard("telegram", "g1", 0)
        await work.games.add_unheard("telegram", "g2", 1)
        await work.games.add_unheard("discord", "d1", 0)
        await work.commit()
    assert await unheard(uow) == [GameMessageLink("telegram", unheard_key("g2"), "g2", 1),
                                  GameMessageLink("telegram", unheard_key("g1"), "g1", 0)]
    assert [link.game_id for link in await unheard(uow, "discord")] == ["d1"]


async def test_an_unheard_question_is_forgotten_once_its_game_moved_on_or_it_was_dropped(uow: Uow) -> None:
    await asking(uow, "g1", "chat-1", 0, minutes=0)
    await asking(uow, "g2", "chat-2", 0, minutes=1)
    await asking(uow, "g3", "chat-3", 0, minutes=2)
    async with uow() as work:
        for game_id in ("g1", "g2", "g3"):
            await work.games.add_unheard("telegram", game_id, 0)
        await work.commit()
    async with uow() as work:
        moved = await work.games.get("g1")
        stopped = await work.games.get("g2")
        assert moved is not None and stopped is not None
        await work.games.update(replace(moved, position=1))  # asking its next question: not the unheard one
        await work.games.update(replace(stopped, state=GameState.STOPPED))
        await work.games.drop_unheard("telegram", "g3")
        await work.commit()
    assert await unheard(uow) == []


async def test_a_later_unheard_question_replaces_its_games_earlier_one(uow: Uow) -> None:
    await asking(uow, "g1", "chat-1", 1, minutes=0)
    async with uow() as work:
        await work.games.add_unheard("telegram", "g1", 0)
        await work.games.add_unheard("telegram", "g1", 1)
        await work.games.add_unheard("telegram", "g1", 1)  # asked twice (an update two replicas both handled)
        await work.commit()
    assert await unheard(uow) == [GameMessageLink("telegram", unheard_key("g1"), "g1", 1)]


async def test_a_heard_key_is_linked_once_and_its_question_no_longer_unheard(uow: Uow) -> None:
    await asking(uow, "g1", "chat-1", 0, minutes=0)
    async with uow() as work:
        await work.games.add_unheard("telegram", "g1", 0)
        await work.commit()
    heard = GameMessageLink("telegram", "poll-7", "g1", 0)
    for _process in range(2):  # learnt by two processes' votes at once: linked once
        async with uow() as work:
            await work.games.heard(heard)
            await work.commit()
    assert await unheard(uow) == []
    async with uow() as work:
        assert await work.games.link("telegram", "poll-7") == heard


async def test_nothing_unheard_is_kept_unless_committed(uow: Uow) -> None:
    await asking(uow, "g1", "chat-1", 0, minutes=0)
    async with uow() as work:
        await work.games.add_unheard("telegram", "g1", 0)
    assert await unheard(uow) == []

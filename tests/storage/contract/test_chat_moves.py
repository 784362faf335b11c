"""A chat that changes its id (Telegram gives a group a new one when it becomes a supergroup) keeps what was kept
under the old one: its language, its games and leaderboard, and the quiz sessions and polls played in it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.ports import UnitOfWork
from bot.records import MessageLink
from tests.fakes.clock import START
from tests.storage.builders import a_game, a_session, stored_games, stored_session, stored_user

Uow = Callable[[], UnitOfWork]
OLD, NEW = "-4242", "-1004242"


async def move_the_group(uow: Uow) -> None:
    """Telegram's group OLD became supergroup NEW."""
    async with uow() as work:
        await work.chats.move("telegram", OLD, NEW)
        await work.commit()


async def test_everything_under_the_old_id_moves_to_the_new_one_on_its_platform_only(uow: Uow) -> None:
    alice = await stored_user(uow, "alice")
    bob = await stored_user(uow, "bob", platform="discord")
    await stored_session(uow, replace(a_session(alice, "s1"), chat_id=OLD))
    await stored_session(uow, replace(a_session(bob, "s2"), chat_id=OLD))  # the same id on another platform
    await stored_games(uow, a_game(alice, "g1", OLD, scope_id=OLD), a_game(bob, "g2", OLD, platform="discord"))
    async with uow() as work:
        await work.links.add(MessageLink("telegram", "poll-1", "s1", "q1", OLD, START, "7"))
        await work.chats.set_language("telegram", OLD, "yo")
        await work.commit()

    await move_the_group(uow)

    async with uow() as work:
        assert await work.chats.language("telegram", NEW) == "yo"
        assert await work.chats.language("telegram", OLD) is None
        moved = await work.games.live_in("telegram", NEW)
        assert moved is not None and (moved.id, moved.chat_id, moved.scope_id) == ("g1", NEW, NEW)
        assert await work.games.live_in("telegram", OLD) is None
        assert (await work.games.live_in("discord", OLD)) is not None  # another platform's chat: untouched
        session = await work.sessions.get("s1")
        assert session is not None and session.chat_id == NEW
        other = await work.sessions.get("s2")
        assert other is not None and other.chat_id == OLD
        link = await work.links.get("telegram", "poll-1")
        assert link is not None and link.chat_id == NEW
        assert link.message_id is None  # the old chat's id: it could name another message in the new one


async def test_a_move_seen_twice_or_onto_a_chat_with_settings_of_its_own_keeps_the_new_ones(uow: Uow) -> None:
    """Telegram tells of a migration in both chats, so a move may come twice; the new chat's own choice wins."""
    async with uow() as work:
        await work.chats.set_language("telegram", OLD, "yo")
        await work.chats.set_language("telegram", NEW, "sw")
        await work.commit()
    for _twice in range(2):
        await move_the_group(uow)
    async with uow() as work:
        assert await work.chats.language("telegram", NEW) == "sw"
        assert await work.chats.language("telegram", OLD) is None


async def test_a_live_game_stays_behind_when_the_new_chat_already_has_one(uow: Uow) -> None:
    """One live game a chat: a game started in the supergroup before the move was heard of keeps it; the old
    chat's live game stays where it was (it ends once its next message finds that chat gone)."""
    alice = await stored_user(uow, "alice")
    await stored_games(uow, a_game(alice, "old", OLD, scope_id=OLD), a_game(alice, "new", NEW, scope_id=NEW))
    await move_the_group(uow)
    async with uow() as work:
        kept = await work.games.live_in("telegram", NEW)
        left = await work.games.get("old")
        assert kept is not None and kept.id == "new"
        assert left is not None and left.chat_id == OLD and left.scope_id == NEW  # its scores count for the new

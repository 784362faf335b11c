"""The storage contract: the games asking a question every player still in their chat has answered, which a
process starting closes (a close put off in a process that stopped is lost with it).

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from bot.games.records import GameAnswerRecord, GameState, PlayerRecord
from bot.ports import UnitOfWork
from tests.fakes.clock import START
from tests.storage.builders import a_game, stored_games, stored_user

Uow = Callable[[], UnitOfWork]


def answer(game_id: str, position: int, user_id: int) -> GameAnswerRecord:
    return GameAnswerRecord(game_id, position, user_id, "a", True, 900, 1200, START)


async def test_answered_open_games_are_the_platforms_asking_ones_no_player_in_the_chat_still_owes(uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    deadline = START + timedelta(seconds=30)
    asking = [replace(a_game(alice, game_id, f"chat-{game_id}", state=GameState.ASKING, deadline=deadline),
                      position=position)
              for game_id, position in (("answered", 1), ("waiting", 0), ("left", 0), ("old-answers", 2),
                                        ("nobody", 0))]
    await stored_games(uow, *asking, a_game(alice, "showing", "chat-s", state=GameState.SHOWING),
                       a_game(alice, "lobby", "chat-l"),
                       a_game(alice, "discord", "chat-d", platform="discord", state=GameState.ASKING))
    async with uow() as work:
        for game_id in ("answered", "waiting", "left", "old-answers", "showing", "lobby", "discord"):
            for user_id in (alice, bola):
                await work.games.add_player(PlayerRecord(game_id, user_id, "P", START, 0))
        for game_id, position, user_id in (("answered", 1, alice), ("answered", 1, bola), ("waiting", 0, alice),
                                           ("left", 0, alice), ("old-answers", 1, alice), ("old-answers", 1, bola),
                                           ("showing", 0, alice), ("showing", 0, bola), ("lobby", 0, alice),
                                           ("lobby", 0, bola), ("discord", 0, alice), ("discord", 0, bola)):
            await work.games.add_answer(answer(game_id, position, user_id))
        await work.games.update_player(PlayerRecord("left", bola, "P", START, 0, left_position=0))
        await work.commit()
    async with uow() as work:
        # "nobody": asking with no player in its chat, as all_answered says
        assert await work.games.answered_open("telegram", 10, START) == ["answered", "left", "nobody"]
        assert await work.games.answered_open("telegram", 2, START) == ["answered", "left"]
        assert await work.games.answered_open("discord", 10, START) == ["discord"]
        # answered after that time: a close put off then may be a running process's own to make
        assert await work.games.answered_open("telegram", 10, START - timedelta(seconds=1)) == ["nobody"]

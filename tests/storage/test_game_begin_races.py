"""A game begun in one process (its sweep at the lobby's deadline) while another is still posting its lobby: the
list of players found no lobby message to become (not yet recorded), so the lobby kept Join and Start, every
Start refused ("This game has already begun."); the posting process makes it the list of players once it is up.

Two engines on one database stand for two processes, as in test_game_stop_races.py.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import select

from bot.games.replies import GameBegins, GameLobby, GameQuestion
from bot.games.rules import LOBBY_SECONDS
from storage import tables
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.storage.game_races import GAMES, lobbies_held_while_posted, two_processes


async def test_a_lobby_still_being_posted_when_the_game_begins_becomes_the_list_of_players_once_it_is_up(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    chats = [f"-{100 + number}" for number in range(GAMES)]
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        opens = await lobbies_held_while_posted(one, stages[0], chats)
        clock.advance(timedelta(seconds=LOBBY_SECONDS + 1))
        assert await two.engine.games.sweep("telegram", stages[1]) == GAMES  # each begins: its first question
        for hold in stages[0].held.values():
            hold.release.set()
        assert await opens == [None] * GAMES
        async with one.database.connect() as connection:
            lobbies = dict((await connection.execute(
                select(tables.Game.chat_id, tables.Game.lobby_message))).all())
    for number, chat in enumerate(chats):
        [begun] = stages[1].of(chat, GameBegins)
        assert begun.lobby_message is None  # the lobby was not up yet: nothing for the list of players to become
        assert [question.position for question in stages[1].of(chat, GameQuestion)] == [0]
        [lobby] = stages[0].of(chat, GameLobby)
        assert stages[0].of(chat, GameBegins) == [GameBegins(lobby.game_id, chat, lobbies[chat],
                                                             f"Game on! 1 player: S{number}", "en")], chat
        assert lobbies[chat] is not None
        assert not stages[0].closed[chat]  # its buttons go as it becomes the list, not as a game over's

"""A question closed early in one process (skipped, or every player answered) while another is still posting it:
that process closes it once it is up, else a Telegram poll stayed open for its time (its results up already, every
vote refused) and a Discord question kept its buttons for good, its results posted as a message of their own.

Two engines on one database stand for two processes, as in test_game_stop_races.py.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from bot.games.replies import GameQuestion, GameResults
from bot.games.rules import RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import Hold, RecordingStage
from tests.storage.game_races import GAMES, SECONDS, asking, joiner_of, starter_of, two_processes


async def test_a_question_closed_early_elsewhere_while_it_is_posted_is_closed_once_it_is_up(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """The sweep moved each game to its next question (committed) and is still sending it when the other process
    closes it early: the starter skips it in even games, both players answer it (naming it, as a Discord button
    does) in odd ones. Those results find no message to close or replace."""
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    chats = [f"-{100 + number}" for number in range(GAMES)]
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        first = await asking(one, stages[0])
        clock.advance(timedelta(seconds=SECONDS + 5))
        assert await one.engine.games.sweep("telegram", stages[0]) == GAMES  # the first question's results
        clock.advance(timedelta(seconds=RESULTS_SECONDS + 1))
        stages[0].held = {chat: Hold() for chat in chats}
        sweep = asyncio.create_task(one.engine.games.sweep("telegram", stages[0]))  # the next question, held
        await asyncio.gather(*(hold.reached.wait() for hold in stages[0].held.values()))
        for number, question in enumerate(first):
            if number % 2 == 0:
                await two.engine.games.skip(starter_of(number), False, stages[1])
                continue
            for player, name in ((starter_of(number), f"S{number}"), (joiner_of(number), f"J{number}")):
                assert (await two.engine.games.vote(player, name, question.game_id, 1, 0, stages[1])).counted
        for hold in stages[0].held.values():
            hold.release.set()
        assert await sweep == GAMES
    for chat in chats:
        [results] = stages[1].of(chat, GameResults)
        assert (results.position, results.closed_early, results.question_message) == (1, True, None), chat
        asked = stages[0].of(chat, GameQuestion)
        assert [question.position for question in asked] == [0, 1]
        assert stages[0].closed[chat] == [asked[1]], chat

"""/game stop in one process while another moves the same game on (its sweep closing the question on time, a
player's answer) or stops it too: the podium is posted once, and nothing is scored after it.

Two engines on one database stand for two processes: their in-process game locks know nothing of each other, so
only the game's row lock (FOR UPDATE on PostgreSQL; SQLite's single writer) keeps them apart.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from sqlalchemy import func, select

from adapters.runtime import Services
from bot.games.replies import GameLobby, GamePodium, GameQuestion, GameResults
from bot.games.rules import RESULTS_SECONDS
from bot.replies import Notice
from storage import tables
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import Hold, RecordingStage
from tests.storage.game_races import (
    GAMES,
    SECONDS,
    asking,
    joiner_of,
    lobbies_held_while_posted,
    starter_of,
    two_processes,
)


def _podiums(chat: str, *stages: RecordingStage) -> list[GamePodium]:
    return [podium for stage in stages for podium in stage.of(chat, GamePodium)]


async def _scored(services: Services) -> dict[str, int]:
    """Every game's points as stored, players' totals and answers alike (they must agree)."""
    async with services.database.connect() as connection:
        players = dict((await connection.execute(
            select(tables.GamePlayer.game_id, func.sum(tables.GamePlayer.score))
            .group_by(tables.GamePlayer.game_id))).all())
        answers = dict((await connection.execute(
            select(tables.GameAnswer.game_id, func.sum(tables.GameAnswer.points))
            .group_by(tables.GameAnswer.game_id))).all())
    assert players == answers
    return {game_id: int(points) for game_id, points in players.items()}


async def test_a_stop_racing_the_sweep_closing_the_question_posts_one_podium(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        await asking(one, stages[0])
        clock.advance(timedelta(seconds=SECONDS + 5))  # the question is due to close
        stops = [two.engine.games.stop(starter_of(number), f"S{number}", False, stages[1]) for number in range(GAMES)]
        await asyncio.gather(one.engine.games.sweep("telegram", stages[0]), *stops)
        for _ in range(3):  # what the sweep would find due afterwards: nothing of a stopped game
            clock.advance(timedelta(seconds=SECONDS))
            assert await one.engine.games.sweep("telegram", stages[0]) == 0
    for number in range(GAMES):
        chat = f"-{100 + number}"
        assert len(_podiums(chat, *stages)) == 1, chat
        assert len(stages[0].of(chat, GameQuestion)) == 1  # no question asked after the stop
        assert len(stages[0].of(chat, GameResults)) <= 1


async def test_a_question_still_being_posted_when_the_game_is_stopped_is_closed_once_it_is_up(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """The sweep moved the game to its next question (committed) and is still sending it when the other process
    stops the game: that podium has no open question to close, so the sweep closes it once it is up."""
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    chats = [f"-{100 + number}" for number in range(GAMES)]
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        await asking(one, stages[0])
        clock.advance(timedelta(seconds=SECONDS + 5))
        assert await one.engine.games.sweep("telegram", stages[0]) == GAMES  # the first question's results
        clock.advance(timedelta(seconds=RESULTS_SECONDS + 1))
        stages[0].held = {chat: Hold() for chat in chats}
        sweep = asyncio.create_task(one.engine.games.sweep("telegram", stages[0]))  # the next question, held
        await asyncio.gather(*(hold.reached.wait() for hold in stages[0].held.values()))
        stops = await asyncio.gather(*(two.engine.games.stop(starter_of(number), f"S{number}", False, stages[1])
                                       for number in range(GAMES)))
        assert stops == [None] * GAMES
        for hold in stages[0].held.values():
            hold.release.set()
        assert await sweep == GAMES
    for chat in chats:
        [podium] = _podiums(chat, *stages)
        assert podium.open_question is None  # the question was not up yet: nothing for the podium to close
        asked = stages[0].of(chat, GameQuestion)
        assert [question.position for question in asked] == [0, 1]
        assert stages[0].closed[chat] == [asked[1]], chat


async def test_a_lobby_still_being_posted_when_the_game_is_stopped_loses_its_buttons_once_it_is_up(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    """One process opened the game (committed) and is still sending its lobby when the other stops it: that
    podium has no lobby to take Join and Start from, so the opening process does it once the lobby is up."""
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    chats = [f"-{100 + number}" for number in range(GAMES)]
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        opens = await lobbies_held_while_posted(one, stages[0], chats)
        stops = await asyncio.gather(*(two.engine.games.stop(starter_of(number), f"S{number}", False, stages[1])
                                       for number in range(GAMES)))
        assert stops == [None] * GAMES
        for hold in stages[0].held.values():
            hold.release.set()
        assert await opens == [None] * GAMES
    for chat in chats:
        [podium] = _podiums(chat, *stages)
        assert podium.open_lobby is None  # the lobby was not up yet: nothing for the podium to take away
        assert stages[0].closed[chat] == stages[0].of(chat, GameLobby), chat


async def test_an_answer_racing_a_stop_counts_only_before_it(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        questions = await asking(one, stages[0])
        before = await _scored(one)
        votes = [one.engine.games.vote(starter_of(number), f"S{number}", question.game_id, 0, question.correct_index,
                                       stages[0]) for number, question in enumerate(questions)]
        # Stopped by the other player, an admin of the chat: a learner other than the voter, whose turns don't
        # wait for the voter's
        stops = [two.engine.games.stop(joiner_of(number), f"J{number}", True, stages[1]) for number in range(GAMES)]
        outcomes, _stopped = await asyncio.gather(asyncio.gather(*votes), asyncio.gather(*stops))
        after = await _scored(one)
    for number, (question, voted) in enumerate(zip(questions, outcomes, strict=True)):
        chat = f"-{100 + number}"
        podiums = _podiums(chat, *stages)
        assert len(podiums) == 1, chat
        # Counted: in before the stop, so on its podium; refused: not stored either.
        assert (after[question.game_id] > before[question.game_id]) == voted.counted, (chat, voted)
        # Stopped before their answer: the open question counts for nobody who hadn't answered it, so they are
        # left off the podium (they answered nothing else).
        starter_line = next((line for line in podiums[0].lines if f"S{number} " in line), None)
        assert (starter_line is not None and " — 0 points" not in starter_line) == voted.counted, (podiums, voted)
        if not voted.counted:
            assert voted.text == "This question is closed."


async def test_two_stops_by_two_people_in_two_processes_post_one_podium(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    clock, stages = FixedClock(), (RecordingStage(), RecordingStage())
    async with two_processes(tmp_path, fixture_content, database_url, clock) as (one, two):
        await asking(one, stages[0])
        # The starter in one process, an admin of the chat (the other player) in the other: two learners, whose
        # turns don't wait for each other's
        replies = await asyncio.gather(*(stop for number in range(GAMES) for stop in (
            one.engine.games.stop(starter_of(number), f"S{number}", False, stages[0]),
            two.engine.games.stop(joiner_of(number), f"J{number}", True, stages[1]))))
    for number in range(GAMES):
        assert len(_podiums(f"-{100 + number}", *stages)) == 1
        mine = replies[2 * number: 2 * number + 2]
        assert mine.count(None) == 1, mine  # the other is told the game is over
        refused = next(reply for reply in mine if reply is not None)
        assert isinstance(refused, Notice) and refused.text in (
            "This game is over. Start a new one with /game.", "No game is running in this chat. Start one with "
            "/game."), refused

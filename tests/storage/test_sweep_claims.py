"""Sweepers in two processes at once: each overdue question and each due game is acted on exactly once.

Two engines on one database stand for two processes: their in-process locks know nothing of each other, so
only the database can keep them apart (on PostgreSQL, claims with FOR UPDATE SKIP LOCKED; on SQLite, a single
writer at a time).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.games.replies import GameBegins, GameLobby
from bot.games.rules import LOBBY_SECONDS
from bot.replies import Actor, Expired, Started
from storage.database import create_engine
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

LEARNERS = 24
GAMES = 12


def _settings(tmp_path: Path, content: Path, database_url: str) -> Settings:
    return Settings(data_dir=tmp_path, content_dir=content, database_url=database_url, question_seconds=30)


async def test_two_sweepers_racing_over_the_same_overdue_questions_expire_each_once(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    settings, clock = _settings(tmp_path, fixture_content, database_url), FixedClock()
    told: Counter[tuple[str, str]] = Counter()
    by_process: Counter[str] = Counter()

    def teller(process: str) -> Callable[[Expired], Awaitable[None]]:
        async def deliver(expired: Expired) -> None:
            told[(expired.session_id, expired.question_id)] += 1
            by_process[process] += 1
            await asyncio.sleep(0.01)  # the adapter's send: the learner's lock is held meanwhile
        return deliver

    async with open_services(settings, clock=clock) as one, open_services(settings, clock=clock) as two:
        for number in range(LEARNERS):
            started = await one.engine.start(Actor("telegram", f"u{number}", chat_id=f"c{number}"), "collectives")
            assert isinstance(started, Started)
            await one.engine.link_message("telegram", f"poll-{number}", started.question, f"c{number}")
        clock.advance(timedelta(seconds=31))
        passes = [engine.expire_overdue("telegram", teller(name))
                  for name, engine in (("one", one.engine), ("two", two.engine)) * 3]
        results = await asyncio.gather(*passes)
        assert await one.engine.expire_overdue("telegram") == []  # nothing left over
    expired = [item for result in results for item in result]
    assert len(expired) == LEARNERS and len(told) == LEARNERS
    assert set(told.values()) == {1}  # no learner was told twice
    assert sum(by_process.values()) == LEARNERS


async def test_two_game_sweepers_racing_over_the_same_due_lobbies_move_each_once(
        tmp_path: Path, fixture_content: Path, database_url: str) -> None:
    settings, clock = _settings(tmp_path, fixture_content, database_url), FixedClock()
    stages = RecordingStage(), RecordingStage()
    async with open_services(settings, clock=clock) as one, open_services(settings, clock=clock) as two:
        for number in range(GAMES):
            chat = f"-{100 + number}"
            for player in ("1", "2"):  # players of their own: a learner plays a quiz in one live game at a time
                actor = Actor("telegram", f"{number}-{player}", chat, "en")
                if player == "1":
                    assert await one.engine.games.open(actor, "Ada", chat, "collectives", None, stages[0]) is None
                else:
                    game_id = stages[0].of(chat, GameLobby)[0].game_id
                    await one.engine.games.join(actor, "Bayo", game_id, stages[0])
        clock.advance(timedelta(seconds=LOBBY_SECONDS))
        moved = await asyncio.gather(*(engine.games.sweep("telegram", stage)
                                       for engine, stage in ((one.engine, stages[0]), (two.engine, stages[1])) * 3))
    assert sum(moved) == GAMES
    begun = Counter(chat for stage in stages for chat, events in stage.shown.items()
                    for event in events if isinstance(event, GameBegins))
    assert len(begun) == GAMES and set(begun.values()) == {1}


async def test_a_question_another_process_is_sweeping_is_skipped_without_waiting(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    settings, clock = _settings(tmp_path, fixture_content, postgres_url), FixedClock()
    async with open_services(settings, clock=clock) as services:
        started = await services.engine.start(Actor("telegram", "ada", chat_id="c"), "collectives")
        assert isinstance(started, Started)
    clock.advance(timedelta(seconds=31))
    session_id = started.question.session_id
    first, second = create_engine(postgres_url), create_engine(postgres_url)
    try:
        mine, theirs = unit_of_work_factory(first, clock), unit_of_work_factory(second, clock)
        async with mine() as holding:
            assert await holding.sessions.claim_overdue(session_id, clock()) is not None
            async with theirs() as other:  # would block until `holding` ends without SKIP LOCKED
                assert await asyncio.wait_for(other.sessions.claim_overdue(session_id, clock()), 5) is None
        async with theirs() as other:  # released (rolled back): free to claim again
            assert await other.sessions.claim_overdue(session_id, clock()) is not None
    finally:
        await first.dispose()
        await second.dispose()


async def test_a_game_another_process_is_moving_is_skipped_without_waiting(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    settings, clock, stage = _settings(tmp_path, fixture_content, postgres_url), FixedClock(), RecordingStage()
    async with open_services(settings, clock=clock) as services:
        ada = Actor("telegram", "1", "-100", "en")
        assert await services.engine.games.open(ada, "Ada", "-100", "collectives", None, stage) is None
    game_id = stage.of("-100", GameLobby)[0].game_id
    clock.advance(timedelta(seconds=LOBBY_SECONDS))
    first, second = create_engine(postgres_url), create_engine(postgres_url)
    try:
        mine, theirs = unit_of_work_factory(first, clock), unit_of_work_factory(second, clock)
        async with mine() as holding:
            assert await holding.games.claim_due(game_id, clock()) is not None
            async with theirs() as other:
                assert await asyncio.wait_for(other.games.claim_due(game_id, clock()), 5) is None
        async with theirs() as other:
            assert await other.games.claim_due(game_id, clock()) is not None
    finally:
        await first.dispose()
        await second.dispose()


@pytest.mark.parametrize("seconds_late", [-1, 1])
async def test_only_an_overdue_question_is_claimed(tmp_path: Path, fixture_content: Path, database_url: str,
                                                   seconds_late: int) -> None:
    settings, clock = _settings(tmp_path, fixture_content, database_url), FixedClock()
    async with open_services(settings, clock=clock) as services:
        started = await services.engine.start(Actor("telegram", "ada", chat_id="c"), "collectives")
        assert isinstance(started, Started)
        clock.advance(timedelta(seconds=30 + seconds_late))
        database = services.database
        async with unit_of_work_factory(database, clock)() as work:
            claimed = await work.sessions.claim_overdue(started.question.session_id, clock())
    assert (claimed is not None) == (seconds_late > 0)

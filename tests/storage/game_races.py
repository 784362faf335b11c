"""Group games raced by two processes: two engines on one database stand for them (their in-process game locks know
nothing of each other, so only the database keeps them apart), a game per chat, chat ``-100`` to ``-107``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from adapters.runtime import Services, open_services
from adapters.settings import Settings
from bot.games.replies import GameLobby, GameQuestion
from bot.replies import Actor, Notice
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import Hold, RecordingStage

GAMES = 8
SECONDS = 30


def starter_of(number: int) -> Actor:
    return Actor("telegram", f"s{number}", f"-{100 + number}", "en")


def joiner_of(number: int) -> Actor:
    return Actor("telegram", f"j{number}", f"-{100 + number}", "en")


@asynccontextmanager
async def two_processes(tmp_path: Path, content: Path, database_url: str,
                        clock: FixedClock) -> AsyncIterator[tuple[Services, Services]]:
    settings = Settings(data_dir=tmp_path, content_dir=content, database_url=database_url,
                        question_seconds=SECONDS)
    async with open_services(settings, clock=clock) as one, open_services(settings, clock=clock) as two:
        yield one, two


async def asking(services: Services, stage: RecordingStage) -> list[GameQuestion]:
    """A game per chat, with its starter and one more player, at its first question (the joiner answered)."""
    questions = []
    for number in range(GAMES):
        starter, joiner, chat = starter_of(number), joiner_of(number), f"-{100 + number}"
        games = services.engine.games
        assert await games.open(starter, f"S{number}", chat, "collectives", None, stage) is None
        game_id = stage.of(chat, GameLobby)[0].game_id
        assert not (await games.join(joiner, f"J{number}", game_id, stage)).is_error
        assert await games.begin(starter, game_id, False, stage) is None
        question = stage.of(chat, GameQuestion)[-1]
        assert (await games.vote(joiner, f"J{number}", game_id, 0, question.correct_index, stage)).counted
        questions.append(question)
    return questions


async def lobbies_held_while_posted(services: Services, stage: RecordingStage,
                                    chats: list[str]) -> asyncio.Future[list[Notice | None]]:
    """A lobby of collectives opened in each of ``chats`` (the number-th by starter_of(number)), each held on
    ``stage`` as it is sent, its game committed: returns once all are held, the opens still under way (release
    ``stage.held`` and await them for their replies)."""
    stage.held = {chat: Hold() for chat in chats}
    opens = asyncio.gather(*(services.engine.games.open(starter_of(number), f"S{number}", chat, "collectives", None,
                                                        stage) for number, chat in enumerate(chats)))
    await asyncio.gather(*(hold.reached.wait() for hold in stage.held.values()))
    return opens

"""A vote on a game poll that went out unheard is timed from when it came in: before it is taken for an unheard
question, the adapter looks for the poll again a few times (LINK_GRACE, 1.5 s in all), and those looks are ours,
not the voter's. Played by the real adapter's vote handling and the engine on a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from telegram import PollAnswer, Update, User

from adapters.left_open import closing_left_open
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.game_votes import GameVotes
from adapters.telegram.interactions import Interactions
from bot.delivery import MessageLink
from bot.engine import QuizEngine
from bot.games.replies import GameQuestion
from bot.games.rules import POINTS_RIGHT, SPEED_BONUS
from bot.ports import UnitOfWorkFactory
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.support.engine_on_sqlite import engine_on_sqlite

ADA = Actor("telegram", "1", "-100", "en")  # starts the game in her group
BAYO = Actor("telegram", "2", "-100", "en")  # plays too: Ada's vote alone doesn't close the question
LOOK = timedelta(seconds=0.5)  # what each look for the poll takes, on the engine's clock
NO_WAIT = (0.0, 0.0, 0.0)  # the adapter's looks again, at once: the engine's clock says how long they took
# PTB's context for the handler, with no update processor that noted when the vote came in: it is timed as it runs
NO_PROCESSOR = SimpleNamespace(application=SimpleNamespace(update_processor=None))


class SlowLooks:
    """The engine, each look for a poll (answer_message) taking LOOK on its clock, as the grace's waits do."""

    def __init__(self, engine: QuizEngine, clock: FixedClock) -> None:
        self._engine, self._clock = engine, clock

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    async def answer_message(self, *args: Any, **kwargs: Any) -> Any:
        self._clock.advance(LOOK)
        return await self._engine.answer_message(*args, **kwargs)


class NoBot:
    bot = None  # nobody is asked whether they are in the chat: the voter plays already


class GroupGames:
    def __init__(self, votes: GameVotes) -> None:
        self.polls, self.votes = votes.polls, votes


class Commands:
    """What a poll vote needs of the adapter's commands: the group games' polls and votes, and closing polls."""

    def __init__(self, votes: GameVotes) -> None:
        self.games = GroupGames(votes)

    def closing_left_open(self, target: Any) -> Any:
        async def close(_link: MessageLink) -> None:
            raise AssertionError("a vote on a game poll leaves no poll to close")
        return closing_left_open(close, target)


@pytest.fixture
async def played(tmp_path: Path, content_dir: Path, clock: FixedClock) -> AsyncIterator[tuple[QuizEngine,
                                                                                             UnitOfWorkFactory]]:
    async with engine_on_sqlite(tmp_path, content_dir, clock, admins={}) as wired:
        yield wired


async def test_a_vote_on_an_unheard_game_poll_scores_as_when_it_came_in(
        played: tuple[QuizEngine, UnitOfWorkFactory], clock: FixedClock) -> None:
    engine, units = played
    stage = RecordingStage()
    assert await engine.games.open(ADA, "Ada", "-100", "collectives", None, stage) is None
    game_id = stage.shown["-100"][0].game_id
    joined = await engine.games.join(BAYO, "Bayo", game_id, stage)
    assert joined is not None and not joined.is_error
    assert await engine.games.begin(ADA, game_id, False, stage) is None
    asked = stage.of("-100", GameQuestion)[-1]
    async with units() as uow:  # its sendPoll carried out, the answer lost: the poll's id unknown
        await uow.games.add_unheard("telegram", game_id, asked.position)
        await uow.commit()

    looking = SlowLooks(engine, clock)
    votes = GameVotes(looking, NoBot(), GamePolls())  # type: ignore[arg-type]
    interactions = Interactions(looking, None, Commands(votes), link_grace=NO_WAIT)  # type: ignore[arg-type]
    ada = User(int(ADA.user_id), "Ada", False, language_code="en")
    await interactions.poll_answer(Update(1, poll_answer=PollAnswer("poll-lost", (asked.correct_index,), ada,
                                                                        option_persistent_ids=("0",))),
                                   NO_PROCESSOR)  # type: ignore[arg-type]

    async with units() as uow:
        [answer] = await uow.games.answers(game_id, asked.position)
    # At once on the engine's clock: the looks after it came in (4 of them, 2 s) are not the voter's. Before: 147
    # points, timed 2,000 ms.
    assert (answer.correct, answer.answer_ms, answer.points) == (True, 0, POINTS_RIGHT + SPEED_BONUS)

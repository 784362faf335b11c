"""The game sweeper moves each due game on in a task of its own: a chat slow to take its messages (a group's flood
control, a slow network) holds up its own game only, and a stop lets such a move finish, or cuts it off."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from bot.engine import QuizEngine
from bot.games.replies import GameQuestion, GameResults
from bot.games.rules import GRACE, RESULTS_SECONDS
from bot.replies import Actor
from bot.sweeper import GameSweeper
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import Hold, RecordingStage

SLOW, OTHER = "-100", "-200"  # two groups' chats: the first one's messages are held
ADA = Actor("telegram", "1", SLOW, "en")
BAYO = Actor("telegram", "2", OTHER, "en")
QUESTION_OVER = timedelta(seconds=30) + GRACE + timedelta(seconds=1)  # the first question and its grace
GUARD = 10.0  # seconds: only so that a test of a stalled sweeper fails instead of hanging


async def two_games(engine: QuizEngine, stage: RecordingStage) -> None:
    """A game begun in each chat, its first question asked."""
    for actor, name, chat in ((ADA, "Ada", SLOW), (BAYO, "Bayo", OTHER)):
        assert await engine.games.open(actor, name, chat, "collectives", None, stage) is None
        game_id = stage.shown[chat][0].game_id
        assert await engine.games.begin(actor, game_id, False, stage) is None


@asynccontextmanager
async def sweeping(engine: QuizEngine, stage: RecordingStage) -> AsyncIterator[GameSweeper]:
    sweeper = GameSweeper(engine, "telegram", stage, interval=0.01)
    sweeper.start()
    try:
        yield sweeper
    finally:
        await sweeper.stop(GUARD)


async def reached(hold: Hold) -> None:
    await asyncio.wait_for(hold.reached.wait(), GUARD)


async def test_a_slow_chat_does_not_hold_up_another_chats_game(engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await two_games(engine, stage)
    slow, other_results, other_question = Hold(), Hold(), Hold()
    stage.held = {SLOW: slow, OTHER: other_results}
    async with sweeping(engine, stage):
        clock.advance(QUESTION_OVER)  # both questions close: each chat is shown its results
        await reached(slow)
        await reached(other_results)
        stage.held[OTHER] = other_question
        other_results.release.set()
        clock.advance(timedelta(seconds=RESULTS_SECONDS + 1))  # both next questions are due
        await reached(other_question)  # the other chat's is asked while the slow chat's results are still held
        assert not stage.of(SLOW, GameResults)
        assert len(engine.games.moving("telegram")) == 2  # one move a game: the slow one, still due, is passed over
        other_question.release.set()
        slow.release.set()
    await engine.games.sweep("telegram", stage)  # the slow chat's next question, if the sweeper had no time for it
    for chat in (SLOW, OTHER):  # each game moved on once a step: nothing skipped, nothing shown twice
        assert [type(event) for event in stage.shown[chat]][-3:] == [GameQuestion, GameResults, GameQuestion]
        assert [question.position for question in stage.of(chat, GameQuestion)] == [0, 1]


async def slow_move_under_way(engine: QuizEngine, clock: FixedClock) -> tuple[GameSweeper, RecordingStage, Hold]:
    """A running sweeper whose move of the slow chat's game is held showing its results."""
    stage = RecordingStage()
    await two_games(engine, stage)
    stage.held[SLOW] = slow = Hold()
    sweeper = GameSweeper(engine, "telegram", stage, interval=0.01)
    sweeper.start()
    clock.advance(QUESTION_OVER)
    await reached(slow)
    return sweeper, stage, slow


async def test_a_stop_lets_a_held_move_finish(engine: QuizEngine, clock: FixedClock) -> None:
    sweeper, stage, slow = await slow_move_under_way(engine, clock)
    stopping = asyncio.create_task(sweeper.stop(GUARD))
    slow.release.set()
    await asyncio.wait_for(stopping, 2 * GUARD)
    assert stage.of(SLOW, GameResults)  # its results went out before the sweeper ended
    assert not engine.games.moving("telegram")


async def test_a_stop_cuts_off_a_move_held_too_long(engine: QuizEngine, clock: FixedClock) -> None:
    sweeper, stage, _slow = await slow_move_under_way(engine, clock)
    moves = engine.games.moving("telegram")
    await asyncio.wait_for(sweeper.stop(0.1), GUARD)  # never released
    assert moves and all(move.cancelled() for move in moves)
    assert not stage.of(SLOW, GameResults) and not engine.games.moving("telegram")

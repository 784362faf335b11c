"""Helpers for the group-game engine tests: three players in one chat, and answering by option id."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.games.replies import GameQuestion, GameVote
from bot.replies import Actor
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

CHAT = "-100"
SCOPE = CHAT
ADA = Actor("telegram", "1", CHAT, "en")
BAYO = Actor("telegram", "2", CHAT, "yo")
CHIDO = Actor("telegram", "3", CHAT, "sn")
NAMES = {ADA: "Ada", BAYO: "Bayo", CHIDO: "Chido"}


def last_question(stage: RecordingStage) -> GameQuestion:
    return stage.of(CHAT, GameQuestion)[-1]


def right_index(question: GameQuestion) -> int:
    return question.correct_index


def wrong_index(question: GameQuestion) -> int:
    return (question.correct_index + 1) % len(question.options)


async def vote(engine: QuizEngine, stage: RecordingStage, actor: Actor, *, right: bool) -> GameVote:
    question = last_question(stage)
    option = right_index(question) if right else wrong_index(question)
    return await engine.games.vote(actor, NAMES[actor], question.game_id, question.position, option, stage)


async def opened_by_ada(engine: QuizEngine, stage: RecordingStage, seconds: int | None = None) -> str:
    """A lobby of the collectives quiz Ada opened, nobody else in it yet; returns the game's id."""
    assert await engine.games.open(ADA, "Ada", SCOPE, "collectives", seconds, stage) is None
    return stage.shown[CHAT][0].game_id


async def open_with_three(engine: QuizEngine, stage: RecordingStage, seconds: int | None = None) -> str:
    """A lobby of the collectives quiz with Ada (the starter), Bayo and Chido in it; returns the game's id."""
    game_id = await opened_by_ada(engine, stage, seconds)
    for actor in (BAYO, CHIDO):
        await engine.games.join(actor, NAMES[actor], game_id, stage)
    return game_id


async def begun_with_three(engine: QuizEngine, stage: RecordingStage, seconds: int | None = None) -> str:
    """The lobby of open_with_three, begun by Ada: its first question is on the stage; returns the game's id."""
    game_id = await open_with_three(engine, stage, seconds)
    assert await engine.games.begin(ADA, game_id, False, stage) is None
    return game_id


async def begun_by_ada_alone(engine: QuizEngine, stage: RecordingStage) -> str:
    """A game of the collectives quiz Ada opened and began with nobody else in it; returns the game's id."""
    game_id = await opened_by_ada(engine, stage)
    assert await engine.games.begin(ADA, game_id, False, stage) is None
    return game_id


class BegunGame(NamedTuple):
    """A game begun_with_three on an engine of its own, and the first question its stage shows."""
    engine: QuizEngine
    stage: RecordingStage
    game_id: str
    asked: GameQuestion


async def begun_on_content(content_dir: Path, fake_db: FakeDatabase, clock: FixedClock, *, seed: int) -> BegunGame:
    """An engine on the quizzes of `content_dir` as they are now (a test edits and reloads them after), seeded with
    `seed`, and a game of three begun on it."""
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock, seed=seed)
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    return BegunGame(engine, stage, game_id, last_question(stage))

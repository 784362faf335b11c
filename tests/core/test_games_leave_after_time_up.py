"""Leaving or stopping a round (/quiz of another quiz, /review, /stop) once its open question's time ran out,
before a sweep came by, times the question out first "as the sweep would have": but not a question a live group
game holds, its own player's or one of the game's quiz asked in the game's chat. The sweep stops that one's clock
(Expiry._time_up): timed out, it would be rated forgotten, and come back as the next question, for a question the
learner was kept from answering, and only when no sweep came first."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, Started
from tests.core.games_play import CHAT, begun_with_three, open_with_three
from tests.core.play import start
from tests.fakes.clock import START, FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

DUMI = Actor("telegram", "9", CHAT, "en")  # in the game's chat, not in the game
ADA_PRIVATELY = Actor("telegram", "1", "1", "en")


async def _ratings(fake_db: FakeDatabase, actor: Actor) -> list[tuple[str, int]]:
    async with fake_db.unit_of_work() as uow:
        user = await uow.users.get(actor.platform, actor.user_id)
        assert user is not None and user.id is not None
        reviews = await uow.reviews.of_user(user.id, START - timedelta(days=1))
    return [(review.question_id, review.rating) for review in reviews]


async def _leave(engine: QuizEngine, actor: Actor, how: str) -> None:
    if how == "quiz":
        assert isinstance(await engine.start(actor, "long-options"), Started)
    else:
        await engine.stop(actor)


@pytest.mark.parametrize("how", ["quiz", "stop"])
async def test_an_onlookers_question_of_the_games_quiz_in_its_chat_is_not_timed_out_on_leaving(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase, how: str) -> None:
    started = await start(timed, DUMI, "collectives")
    await timed.link_message("telegram", "dumi-poll", started, CHAT)
    await open_with_three(timed, RecordingStage())
    clock.advance(timedelta(seconds=40))  # no sweep came by: it would have stopped the clock
    await _leave(timed, DUMI, how)
    assert await _ratings(fake_db, DUMI) == []


@pytest.mark.parametrize("how", ["quiz", "stop"])
async def test_a_players_own_question_of_the_games_quiz_is_not_timed_out_on_leaving(
        timed: QuizEngine, clock: FixedClock, fake_db: FakeDatabase, how: str) -> None:
    """Private buttons (Discord): no poll to set aside when the game began, so its clock still ran."""
    await start(timed, ADA_PRIVATELY, "collectives")
    stage = RecordingStage()
    await begun_with_three(timed, stage)
    clock.advance(timedelta(seconds=40))
    await _leave(timed, ADA_PRIVATELY, how)
    assert await _ratings(fake_db, ADA_PRIVATELY) == []

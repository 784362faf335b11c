""""Welcome back!" greets a learner who left their round: for another quiz (or review), or for a while. One who
asks for it again right after an answer, or from another chat a moment later, never left: it carries on."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Actor, Started
from tests.core.play import answer, start
from tests.fakes.clock import FixedClock

AMINA = Actor("telegram", "amina", chat_id="amina", language_hint="sw")
IN_A_GROUP = Actor("telegram", "amina", chat_id="-100", language_hint="sw")


async def intro(engine: QuizEngine, actor: Actor, quiz: str | None = None) -> str:
    started = await engine.start(actor, quiz)
    assert isinstance(started, Started) and started.resumed
    return started.intro


async def test_a_round_asked_for_again_without_leaving_it_carries_on_in_the_learners_words(
        engine: QuizEngine, clock: FixedClock) -> None:
    sw = engine.localizer_for("sw")
    title = "Mawasiliano ya pamoja"  # Collectives
    await answer(engine, AMINA, await start(engine, AMINA, "collectives"), right=True)
    clock.advance(timedelta(seconds=30))
    assert await intro(engine, AMINA) == sw("Carrying on with {title}.", title=title)
    clock.advance(timedelta(seconds=30))
    assert await intro(engine, IN_A_GROUP, "collectives") == sw("Carrying on with {title}.", title=title)


async def test_a_round_left_for_another_quiz_or_for_a_while_welcomes_the_learner_back(
        engine: QuizEngine, clock: FixedClock) -> None:
    sw = engine.localizer_for("sw")
    await start(engine, AMINA, "collectives")
    clock.advance(timedelta(seconds=5))
    await start(engine, AMINA, "long-options")  # left for another
    clock.advance(timedelta(seconds=5))
    assert await intro(engine, AMINA, "collectives") == sw("Welcome back! Carrying on with {title}.",
                                                           title="Mawasiliano ya pamoja")
    clock.advance(timedelta(hours=2))  # a break
    assert await intro(engine, AMINA) == sw("Welcome back! Carrying on with {title}.", title="Mawasiliano ya pamoja")

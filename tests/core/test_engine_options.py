"""Options are shuffled once per session, and that order is stored and kept on resume."""

from __future__ import annotations

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor
from tests.core.play import answer, next_question, start
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice")
FILE_ORDER = {"sum-everywhere": ["broadcast", "all-reduce", "scatter"],
              "shards-to-full": ["all-gather", "reduce-scatter"],
              "english-only": ["ethernet", "nvlink"]}


async def _stored_orders(library: ContentLibrary, seed: int) -> dict[str, list[str]]:
    database = FakeDatabase()
    engine = build_engine(library, database, FixedClock(), seed=seed)
    question = await start(engine, ALICE)
    return database.state.sessions[question.session_id].option_orders


async def test_the_shown_order_is_the_stored_order(engine: QuizEngine, fake_db: FakeDatabase) -> None:
    question = await start(engine, ALICE)
    stored = fake_db.state.sessions[question.session_id].option_orders
    texts = {"broadcast": "Broadcast", "all-reduce": "All-reduce", "scatter": "Scatter"}
    assert question.options == tuple(texts[option_id] for option_id in stored["sum-everywhere"])
    assert sorted(stored) == sorted(FILE_ORDER)  # every question's order is fixed when the session starts
    for question_id, order in stored.items():
        assert sorted(order) == sorted(FILE_ORDER[question_id])


async def test_a_resumed_question_keeps_its_option_order(library: ContentLibrary, fake_db: FakeDatabase) -> None:
    before = build_engine(library, fake_db, FixedClock(), seed=3)
    second = next_question(await answer(before, ALICE, await start(before, ALICE), right=True))
    for seed in (4, 5, 6):
        resumed = await start(build_engine(library, fake_db, FixedClock(), seed=seed), ALICE)
        assert resumed.options == second.options
        assert resumed.correct_index == second.correct_index


async def test_different_seeds_give_different_orders(library: ContentLibrary) -> None:
    orders = [await _stored_orders(library, seed) for seed in range(8)]
    assert len({repr(order) for order in orders}) > 1
    assert any(order != FILE_ORDER for order in orders)  # really shuffled, not the file's order


async def test_the_same_seed_gives_the_same_order(library: ContentLibrary) -> None:
    assert await _stored_orders(library, 11) == await _stored_orders(library, 11)


async def test_each_session_gets_its_own_shuffle(engine: QuizEngine, fake_db: FakeDatabase) -> None:
    for learner in range(8):
        await start(engine, Actor("telegram", f"learner-{learner}"))
    orders = {repr(session.option_orders) for session in fake_db.state.sessions.values()}
    assert len(orders) > 1

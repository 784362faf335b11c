"""Votes on a poll nobody knows while game questions went out unheard (their send carried out, its answer lost):
GamePlay.vote_on_unheard takes the vote for the latest such question whose game the voter is of. Played by the
engine on a real SQLite file, the unheard questions kept there as a process that sent them keeps them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine import QuizEngine
from bot.games.replies import GameQuestion
from bot.ports import UnitOfWorkFactory
from bot.replies import Actor
from tests.core.wiring import ADMIN_ID
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.support.content import remove_question
from tests.support.engine_on_sqlite import engine_on_sqlite

ADA = Actor("telegram", "1", "-100", "en")  # starts a game of the collectives quiz in her group
KOJO = Actor("telegram", "2", "-200", "en")  # starts one of the long-options quiz in his
DAN = Actor("telegram", "3", None, "en")  # a member of both groups, in neither game yet: a poll vote names no chat


@pytest.fixture
async def played(tmp_path: Path, content_dir: Path, clock: FixedClock) -> AsyncIterator[tuple[QuizEngine,
                                                                                             UnitOfWorkFactory]]:
    async with engine_on_sqlite(tmp_path, content_dir, clock, admins={"telegram": {ADMIN_ID}}) as wired:
        yield wired


async def asked_unheard(engine: QuizEngine, units: UnitOfWorkFactory, stage: RecordingStage, starter: Actor,
                        quiz_id: str) -> GameQuestion:
    """A game of ``quiz_id`` begun by ``starter`` alone in their chat, its first question kept as unheard."""
    chat = starter.chat_id or ""
    assert await engine.games.open(starter, starter.user_id, chat, quiz_id, None, stage) is None
    game_id = stage.shown[chat][0].game_id
    assert await engine.games.begin(starter, game_id, False, stage) is None
    asked = stage.of(chat, GameQuestion)[-1]
    async with units() as uow:
        await uow.games.add_unheard("telegram", game_id, asked.position)
        await uow.commit()
    return asked


async def earlier_and_latest_unheard(engine: QuizEngine, units: UnitOfWorkFactory, stage: RecordingStage,
                                     clock: FixedClock, *, earlier: tuple[Actor, str],
                                     latest: tuple[Actor, str]) -> tuple[GameQuestion, GameQuestion]:
    """Two games' first questions kept as unheard (asked_unheard, each a starter and a quiz id), the latest asked a
    second after the earlier."""
    first = await asked_unheard(engine, units, stage, *earlier)
    clock.advance(timedelta(seconds=1))
    return first, await asked_unheard(engine, units, stage, *latest)


async def member(_chat_id: str) -> bool:
    """Dan's membership, as the adapter asks it of a game's chat: he is in every group."""
    return True


async def test_a_vote_naming_an_option_the_latest_unheard_question_lacks_is_not_taken_for_it(
        played: tuple[QuizEngine, UnitOfWorkFactory], clock: FixedClock) -> None:
    """Telegram delivers only an option its poll has: a vote beyond the latest unheard question's options is on
    another poll. Before: it was refused as no such option, and the poll linked to that question all the same, so
    the voter's own votes on it later went to the wrong game."""
    engine, units = played
    stage = RecordingStage()
    earlier, latest = await earlier_and_latest_unheard(engine, units, stage, clock, earlier=(ADA, "collectives"),
                                                       latest=(KOJO, "long-options"))
    option = len(latest.options)  # one past the latest's options: one of the earlier's
    assert option < len(earlier.options)

    voted = await engine.games.vote_on_unheard(DAN, "Dan", "poll-lost", option, stage, member)
    assert voted is not None and (voted.counted, voted.refused) == (True, None)
    async with units() as uow:
        link = await uow.games.link("telegram", "poll-lost")
        assert link is not None and (link.game_id, link.position) == (earlier.game_id, earlier.position)
        assert [marker.game_id for marker in await uow.games.unheard("telegram")] == [latest.game_id]


async def test_a_vote_the_latest_unheard_question_refuses_as_removed_is_not_taken_for_it(
        played: tuple[QuizEngine, UnitOfWorkFactory], clock: FixedClock, content_dir: Path) -> None:
    """A reload removed the latest unheard question: its refusal comes before anything says the voter is in its
    game (a poll vote names no chat), so it says nothing of whose poll this is. Before: the vote was refused as
    on that removed question (told so privately, naming a game the voter may not be in) and the poll linked to
    it, so the voter's answer, and every later vote on that poll, was lost to the game whose poll it was."""
    engine, units = played
    stage = RecordingStage()
    earlier, latest = await earlier_and_latest_unheard(engine, units, stage, clock, earlier=(KOJO, "long-options"),
                                                       latest=(ADA, "collectives"))
    remove_question(content_dir, "sum-everywhere")  # the collectives game's first question
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok

    voted = await engine.games.vote_on_unheard(DAN, "Dan", "poll-lost", 0, stage, member)
    assert voted is not None and (voted.counted, voted.refused) == (True, None)
    async with units() as uow:
        link = await uow.games.link("telegram", "poll-lost")
        assert link is not None and (link.game_id, link.position) == (earlier.game_id, earlier.position)
        assert [marker.game_id for marker in await uow.games.unheard("telegram")] == [latest.game_id]


async def test_a_vote_only_a_removed_unheard_question_could_take_is_nobodys(
        played: tuple[QuizEngine, UnitOfWorkFactory], content_dir: Path) -> None:
    """Nothing says the poll is the removed question's: no link is kept, and the vote is nobody's (the adapter
    logs it), not a refusal naming a game the voter may not be in."""
    engine, units = played
    stage = RecordingStage()
    await asked_unheard(engine, units, stage, ADA, "collectives")
    remove_question(content_dir, "sum-everywhere")
    assert (await engine.reload(Actor("telegram", ADMIN_ID))).ok

    assert await engine.games.vote_on_unheard(DAN, "Dan", "poll-lost", 0, stage, member) is None
    async with units() as uow:
        assert await uow.games.link("telegram", "poll-lost") is None

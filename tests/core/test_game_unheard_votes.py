"""Votes on a poll nobody knows while game questions went out unheard (their send carried out, its answer lost):
GamePlay.vote_on_unheard takes the vote for the latest such question whose game the voter is of. Played by the
engine on a real SQLite file, the unheard questions kept there as a process that sent them keeps them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.delivery import MaybeDelivered
from bot.engine import QuizEngine
from bot.games.replies import GameQuestion, GameResults, VoteRefused
from bot.games.rules import GRACE
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


async def test_a_question_whose_unheard_poll_took_a_vote_refused_as_played_elsewhere_is_not_asked_again(
        played: tuple[QuizEngine, UnitOfWorkFactory], clock: FixedClock) -> None:
    """Ada's first question went out unheard; Dan, who plays the same quiz in Kojo's game, votes on its poll: refused
    (he plays it elsewhere), and the poll linked to the question, which is no longer unheard. It went out: at its
    deadline its results go up. Before: nothing said so any more (no answer, no marker), so the sweep took it for
    one whose message never went out and asked it again, a second poll of the same question with its whole time."""
    engine, units = played
    stage = RecordingStage()
    assert await engine.games.open(KOJO, "Kojo", "-200", "collectives", None, stage) is None
    dan_with_kojo = Actor("telegram", DAN.user_id, KOJO.chat_id, "en")
    assert not (await engine.games.join(dan_with_kojo, "Dan", stage.shown["-200"][0].game_id, stage)).is_error
    assert await engine.games.open(ADA, "Ada", "-100", "collectives", None, stage) is None
    stage.unheard.add("-100")  # sendPoll carried out, its answer lost
    with pytest.raises(MaybeDelivered):
        await engine.games.begin(ADA, stage.shown["-100"][0].game_id, False, stage)

    voted = await engine.games.vote_on_unheard(DAN, "Dan", "poll-lost", 0, stage, member)
    assert voted is not None and voted.refused is VoteRefused.ELSEWHERE
    async with units() as uow:  # the poll is that question's: linked, the question no longer unheard
        link = await uow.games.link("telegram", "poll-lost")
        assert link is not None and link.game_id == stage.shown["-100"][0].game_id
        assert not await uow.games.unheard("telegram")

    swept = RecordingStage()
    clock.advance(timedelta(seconds=30) + GRACE + timedelta(seconds=1))
    await engine.games.sweep("telegram", swept)
    assert not swept.of("-100", GameQuestion)  # not asked a second time
    assert [results.position for results in swept.of("-100", GameResults)] == [0]

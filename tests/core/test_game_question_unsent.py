"""A game's question whose message never went out: the process that asked it stopped (killed, or its stop cut the
send off) between keeping the move and posting the poll. Nobody saw it, so at its deadline it is asked again, once,
rather than closed with results for a question nobody was shown."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.games.replies import GameQuestion, GameResults
from bot.games.rules import GRACE
from tests.core.games_play import ADA, CHAT, opened_by_ada
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import Hold, RecordingStage
from tests.fakes.storage import FakeDatabase

GUARD = 5.0  # seconds: only so that a stalled test fails instead of hanging
QUESTION_OVER = timedelta(seconds=30) + GRACE + timedelta(seconds=1)


async def test_a_question_whose_poll_never_went_out_is_asked_again_at_its_deadline_once(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Before: at its deadline its results went up, "Nobody answered this one." and its answer, for a question
    nobody saw, and everyone's accuracy counted it against them."""
    before = build_engine(library, fake_db, clock)
    stage = RecordingStage()
    game_id = await opened_by_ada(before, stage)
    stage.held[CHAT] = hold = Hold()  # the first question's poll never leaves
    begun = asyncio.create_task(before.games.begin(ADA, game_id, False, stage))
    await asyncio.wait_for(hold.reached.wait(), GUARD)
    begun.cancel()  # the process stops there
    await asyncio.gather(begun, return_exceptions=True)

    after = build_engine(library, fake_db, clock)  # started again
    shown = RecordingStage()
    clock.advance(QUESTION_OVER)
    await after.games.sweep("telegram", shown)
    assert not shown.of(CHAT, GameResults)
    asked = shown.of(CHAT, GameQuestion)
    assert [question.position for question in asked] == [0]
    assert asked[0].closes_at == clock() + timedelta(seconds=30)  # its whole time again, from now

    clock.advance(QUESTION_OVER)  # asked again, then unanswered: it closes as any other
    await after.games.sweep("telegram", shown)
    assert [results.position for results in shown.of(CHAT, GameResults)] == [0]
    assert len(shown.of(CHAT, GameQuestion)) == 1


async def test_a_question_that_failed_again_closes_at_its_next_deadline(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Asked again once only: a send that fails each time (a chat that takes the poll no more) can't keep the game
    at that question for ever."""
    engine = build_engine(library, fake_db, clock)
    stage = RecordingStage()
    game_id = await opened_by_ada(engine, stage)
    stage.held[CHAT] = hold = Hold()
    begun = asyncio.create_task(engine.games.begin(ADA, game_id, False, stage))
    await asyncio.wait_for(hold.reached.wait(), GUARD)
    begun.cancel()
    await asyncio.gather(begun, return_exceptions=True)
    clock.advance(QUESTION_OVER)  # asked again: that send is cut off too
    move = asyncio.create_task(engine.games.sweep("telegram", stage))
    await asyncio.sleep(0.05)
    move.cancel()
    await asyncio.gather(move, return_exceptions=True)
    del stage.held[CHAT]
    clock.advance(QUESTION_OVER)
    await engine.games.sweep("telegram", stage)
    assert [results.position for results in stage.of(CHAT, GameResults)] == [0]  # closed, not asked a third time
    assert not stage.of(CHAT, GameQuestion)


async def test_a_question_one_process_was_still_sending_when_another_asked_it_again_is_shown_once(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Its send held past its time (a 429 pausing one process's requests): another process's sweep took it for one
    never sent and asked it again. Before: the held send went up too, a second poll of the question, kept as its
    message (its clock started again)."""
    held, other = build_engine(library, fake_db, clock), build_engine(library, fake_db, clock)
    stage, elsewhere = RecordingStage(), RecordingStage()
    game_id = await opened_by_ada(held, stage)
    stage.held[CHAT] = hold = Hold()
    begun = asyncio.create_task(held.games.begin(ADA, game_id, False, stage))
    await asyncio.wait_for(hold.reached.wait(), GUARD)
    clock.advance(QUESTION_OVER)
    await other.games.sweep("telegram", elsewhere)
    assert [question.position for question in elsewhere.of(CHAT, GameQuestion)] == [0]
    clock.advance(timedelta(seconds=5))
    hold.release.set()  # the held send goes through at last
    await asyncio.wait_for(begun, GUARD)
    assert [question.position for question in stage.withdrawn[CHAT]] == [0]  # taken away: the other asks it
    clock.advance(timedelta(seconds=30) - timedelta(seconds=5) + GRACE)  # the other's time, not restarted
    await other.games.sweep("telegram", elsewhere)
    assert [results.position for results in elsewhere.of(CHAT, GameResults)] == [0]


async def test_a_second_send_of_a_question_that_went_out_unheard_takes_its_votes(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """As above, but the held send's answer was lost (its poll up perhaps, its id unknown): it can't be taken away,
    so a vote on a poll nobody knows is taken as that question's, as for any question that went out unheard."""
    held, other = build_engine(library, fake_db, clock), build_engine(library, fake_db, clock)
    stage, elsewhere = RecordingStage(), RecordingStage()
    game_id = await opened_by_ada(held, stage)
    stage.held[CHAT] = hold = Hold()
    stage.unheard.add(CHAT)
    begun = asyncio.create_task(held.games.begin(ADA, game_id, False, stage))
    await asyncio.wait_for(hold.reached.wait(), GUARD)
    clock.advance(QUESTION_OVER)
    await other.games.sweep("telegram", elsewhere)
    [asked] = elsewhere.of(CHAT, GameQuestion)
    hold.release.set()
    await asyncio.gather(asyncio.wait_for(begun, GUARD), return_exceptions=True)

    async def member(_chat_id: str) -> bool:
        return True
    voted = await other.games.vote_on_unheard(replace(ADA, chat_id=None), "Ada", "poll-nobody-knows",
                                              asked.correct_index, elsewhere, member)
    assert voted is not None and voted.counted
    await other.games.sweep("telegram", elsewhere)  # all answered: closed early, closing the poll kept
    [results] = elsewhere.of(CHAT, GameResults)
    assert results.closed_early and results.question_message is not None

"""A vote that names no chat (a Telegram poll's, which a copy forwarded out of the group takes too): one that would
add a player asks whether the voter is in the game's chat, without holding the game up meanwhile."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.games.replies import GameResults
from bot.games.rules import RESULTS_SECONDS
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, NAMES, begun_by_ada_alone, last_question, right_index, vote
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage


async def test_a_voter_not_in_the_chat_joins_nothing_and_a_member_is_scored_as_they_voted(
        engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    question = last_question(stage)
    asked: list[str] = []

    async def outsider(chat_id: str) -> bool:
        asked.append(chat_id)
        return False

    refused = await engine.games.vote(CHIDO, NAMES[CHIDO], game_id, 0, right_index(question), stage, outsider)
    assert not refused.counted and asked == [CHAT]

    async def slow_member(chat_id: str) -> bool:  # Telegram takes its time to answer: the question's time runs out
        clock.advance(timedelta(seconds=question.seconds + 5))
        return True

    joined = await engine.games.vote(BAYO, NAMES[BAYO], game_id, 0, right_index(question), stage, slow_member)
    assert joined.counted  # voted in time, with the speed bonus of then
    assert (await vote(engine, stage, ADA, right=True)).counted is False  # Ada's, now, is too late
    clock.advance(timedelta(seconds=1))
    await engine.games.sweep("telegram", stage)
    results = stage.of(CHAT, GameResults)[0]
    assert results.top == ("1. Bayo — 150 points", "2. Ada — 0 points")  # Chido isn't a player


async def test_results_a_late_checked_joiner_closes_are_shown_their_whole_time(
        engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    await engine.games.left(ADA, stage)  # the game's only player left: its next question awaits nobody
    clock.advance(timedelta(seconds=RESULTS_SECONDS + 1))
    await engine.games.sweep("telegram", stage)
    question = last_question(stage)
    assert question.position == 1

    async def slow_member(chat_id: str) -> bool:  # answered a few seconds on, the question still open
        clock.advance(timedelta(seconds=5))
        return True

    # Bayo's answer, the only one, closes the question: its results are read from now, not from when Bayo voted
    # (five seconds of them gone)
    assert (await engine.games.vote(BAYO, NAMES[BAYO], game_id, 1, right_index(question), stage,
                                    slow_member)).counted
    assert len(stage.of(CHAT, GameResults)) == 2
    clock.advance(timedelta(seconds=RESULTS_SECONDS - 1))
    await engine.games.sweep("telegram", stage)
    assert last_question(stage) == question  # the next waits for the results' whole time
    clock.advance(timedelta(seconds=2))
    await engine.games.sweep("telegram", stage)
    assert last_question(stage).position == 2

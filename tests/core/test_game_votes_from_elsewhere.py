"""A vote that names no chat (a Telegram poll's, which a copy forwarded out of the group takes too): one that would
add a player asks whether the voter is in the game's chat, without holding the game up meanwhile."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.engine import QuizEngine
from bot.games.replies import GameResults, GameVote
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


class HeldCheck:
    """Telegram's answer to whether a voter is in the game's chat, held until the test lets it go."""

    def __init__(self, in_chat: bool) -> None:
        self.asked, self.answer, self._in_chat = asyncio.Event(), asyncio.Event(), in_chat

    async def __call__(self, chat_id: str) -> bool:
        self.asked.set()
        await self.answer.wait()
        return self._in_chat


async def chidos_vote_being_checked(engine: QuizEngine, stage: RecordingStage, game_id: str,
                                    check: HeldCheck) -> asyncio.Task[GameVote]:
    """Chido, not a player yet, votes right on the open question; it waits on ``check``."""
    question = last_question(stage)
    chido = asyncio.create_task(engine.games.vote(CHIDO, NAMES[CHIDO], game_id, 0, right_index(question), stage,
                                                  check))
    await asyncio.wait_for(check.asked.wait(), 5)
    return chido


async def test_a_joiners_vote_being_checked_is_scored_before_the_last_players_answer_closes_the_question(
        engine: QuizEngine) -> None:
    """Chido, not a player yet, voted first; Ada, the only player, answered while Telegram was asked whether Chido
    is in the group. Before: Ada's answer closed the question at once, and Chido's vote, made in time, was refused
    ("This question is closed."), though their poll had shown them right."""
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    check = HeldCheck(in_chat=True)  # Telegram takes a moment to answer
    chido = await chidos_vote_being_checked(engine, stage, game_id, check)
    assert (await vote(engine, stage, ADA, right=True)).counted
    check.answer.set()
    assert (await chido).counted
    results = stage.of(CHAT, GameResults)
    assert len(results) == 1 and results[0].closed_early  # once both are in, not before
    assert [line.split(" — ")[0] for line in results[0].top] == ["1. Ada", "1. Chido"]


async def test_a_close_put_off_for_a_vote_being_checked_is_made_when_that_vote_is_refused(
        engine: QuizEngine) -> None:
    """The vote being checked turns out to be an outsider's: the question closes then, as the last player's answer
    would have closed it, rather than wait out its time for nobody."""
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    check = HeldCheck(in_chat=False)
    chido = await chidos_vote_being_checked(engine, stage, game_id, check)
    assert (await vote(engine, stage, ADA, right=True)).counted
    check.answer.set()
    assert not (await chido).counted
    results = stage.of(CHAT, GameResults)
    assert len(results) == 1 and results[0].closed_early
    assert [line.split(" — ")[0] for line in results[0].top] == ["1. Ada"]


async def test_a_joiners_vote_being_checked_is_scored_though_the_last_awaited_player_left_meanwhile(
        engine: QuizEngine) -> None:
    """The same when the question's last awaited player leaves the group while Chido is checked: before, the
    question closed as they left, and Chido's vote was refused as late."""
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    check = HeldCheck(in_chat=True)
    chido = await chidos_vote_being_checked(engine, stage, game_id, check)
    await engine.games.left(ADA, stage)
    check.answer.set()
    assert (await chido).counted
    results = stage.of(CHAT, GameResults)
    assert len(results) == 1 and results[0].closed_early
    assert [line.split(" — ")[0] for line in results[0].top] == ["1. Chido", "2. Ada"]


class FailingCheck(HeldCheck):
    """Asking Telegram whether the voter is in the chat fails (held first, then raising)."""

    async def __call__(self, chat_id: str) -> bool:
        await super().__call__(chat_id)
        raise ConnectionError("the check failed")


async def test_a_close_put_off_for_a_vote_whose_check_fails_is_made_all_the_same(engine: QuizEngine) -> None:
    """Ada, the only player, answered while Chido's vote was being checked, and that check failed. Before: the
    close put off for Chido's vote was never made (the failed vote ended before it looked), so the question
    everyone had answered stayed open until its time ran out."""
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    check = FailingCheck(in_chat=True)
    chido = await chidos_vote_being_checked(engine, stage, game_id, check)
    assert (await vote(engine, stage, ADA, right=True)).counted
    assert not stage.of(CHAT, GameResults)  # put off for Chido's vote
    check.answer.set()
    with pytest.raises(ConnectionError):
        await chido
    results = stage.of(CHAT, GameResults)
    assert len(results) == 1 and results[0].closed_early
    assert [line.split(" — ")[0] for line in results[0].top] == ["1. Ada"]

"""A player of a live group game can't play its quiz alone meanwhile: the explanations would give them the
game's answers before they vote. Other quizzes stay open to them, and this one once the game is over."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.games_play import ADA, CHAT, begun_with_three, open_with_three
from tests.core.play import answer, start
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

IN_A_GAME = "You're playing Collectives in a group game right now. Play it on your own once the game is over."


async def test_a_player_can_start_or_resume_the_games_quiz_alone_only_once_the_game_is_over(
        engine: QuizEngine) -> None:
    resumed_later = await start(engine, ADA)  # Ada's own round of it, begun before the game
    stage = RecordingStage()
    await open_with_three(engine, stage)  # a lobby of Collectives, Ada its starter

    for reference in ("collectives", None):  # by name, or "carry on" with that round
        refused = await engine.start(ADA, reference)
        assert refused == Notice(IN_A_GAME, NoticeCode.IN_A_GAME), reference
    other = await engine.start(ADA, "long-options")  # another quiz is no help in this game
    assert isinstance(other, Started)

    await engine.games.stop(ADA, "Ada", False, stage)
    back = await engine.start(ADA, "collectives")
    assert isinstance(back, Started) and back.question.session_id == resumed_later.session_id


async def test_nor_retry_its_missed_questions_during_the_game(engine: QuizEngine) -> None:
    shown: QuestionView | Summary | None = await start(engine, ADA)
    while isinstance(shown, QuestionView):  # all wrong: every question to retry
        shown = (await answer(engine, ADA, shown, right=False)).next
    assert isinstance(shown, Summary)
    await open_with_three(engine, RecordingStage())
    refused = await engine.retry_missed(ADA, shown.session_id)
    assert refused == Notice(IN_A_GAME, NoticeCode.IN_A_GAME)


WAITS = ("You're playing Collectives in a group game right now, so this answer to your own round of it doesn't "
         "count. That round waits for you until the game is over.")


async def test_a_round_begun_before_joining_the_game_takes_no_answers_until_the_game_is_over(
        engine: QuizEngine) -> None:
    """Ada's own poll, open in the group (or in private) since before she opened the game: scored, its feedback
    would post the answer to a question the game asks, while the game's poll for it is open."""
    in_private = replace(ADA, chat_id="1")
    other = await start(engine, in_private, "long-options")  # a quiz of hers the game is no help with
    solo = await start(engine, ADA)  # the one she plays, in the group
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)

    refusals = [await engine.answer(actor, solo.session_id, solo.question_id, solo.correct_index)
                for actor in (ADA, in_private)]
    assert refusals == [Notice(WAITS, NoticeCode.IN_A_GAME)] * 2
    await engine.games.begin(ADA, game_id, False, stage)  # under way: the same
    assert await engine.answer(ADA, solo.session_id, solo.question_id, solo.correct_index) == refusals[0]
    assert await engine.skip(ADA) == Notice(IN_A_GAME, NoticeCode.IN_A_GAME)  # closing its poll would show it
    assert isinstance(await engine.answer(in_private, other.session_id, other.question_id, 0), AnswerOutcome)

    await engine.games.stop(ADA, "Ada", False, stage)
    back = await engine.answer(ADA, solo.session_id, solo.question_id, solo.correct_index)  # untouched: counts now
    assert isinstance(back, AnswerOutcome) and back.feedback is not None and back.feedback.correct


@pytest.mark.parametrize("back_by", ["resuming", "voting on its poll"])
async def test_a_timed_round_of_the_games_quiz_does_not_time_out_during_the_game_and_resumes_after_it(
        back_by: str, library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """A time-out closes the round's poll and says its answer in the chat, while the game's poll for that question
    may be open: its clock stops for the game, as for a quiz left for another."""
    engine = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    solo = await start(engine, ADA)
    await engine.link_message("telegram", "solo-poll", solo, CHAT)
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    clock.advance(timedelta(seconds=31))
    assert await engine.expire_overdue("telegram") == []  # not timed out: nothing closed, nothing said
    clock.advance(timedelta(minutes=5))
    assert await engine.expire_overdue("telegram") == []  # nor later in the game
    assert await engine.answer_message(ADA, "solo-poll", solo.correct_index) == Notice(WAITS, NoticeCode.IN_A_GAME)

    await engine.games.stop(ADA, "Ada", False, stage)
    clock.advance(timedelta(minutes=1))
    assert await engine.expire_overdue("telegram") == []  # its clock stopped: not late after the game either
    if back_by == "resuming":  # asked again, with the whole time to answer
        back = await engine.start(ADA)
        assert isinstance(back, Started) and back.question.question_id == solo.question_id
        assert back.question.seconds_left == 30
        counted = await engine.answer(ADA, solo.session_id, solo.question_id, solo.correct_index)
    else:  # the poll left open: the vote counts, not "Time's up!"
        counted = await engine.answer_message(ADA, "solo-poll", solo.correct_index)
    assert isinstance(counted, AnswerOutcome) and counted.feedback is not None and counted.feedback.correct
    assert isinstance(counted.next, QuestionView) and counted.next.seconds_left == 30  # the next one timed afresh

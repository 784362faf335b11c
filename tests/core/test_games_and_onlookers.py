"""A member of a chat who doesn't play its live group game can't play the game's quiz on their own in that chat
meanwhile: its polls and feedback there would show the players the answers. Elsewhere (a private chat), and in
that chat once the game is over, they can."""

from __future__ import annotations

from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.games_play import CHAT, open_with_three
from tests.core.play import answer, missed_all
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

DUMI = Actor("telegram", "9", CHAT, "en")  # in the game's chat, not in the game
DUMI_PRIVATELY = Actor("telegram", "9", "9", "en")
HERE = Notice("A group game of Collectives is on in this chat. Play it on your own in a private chat, or here once "
              "the game is over.", NoticeCode.IN_A_GAME, "en", CHAT)


async def test_an_onlooker_cant_start_resume_or_retry_the_games_quiz_in_its_chat_but_can_privately(
        engine: QuizEngine) -> None:
    await missed_all(engine, DUMI_PRIVATELY, "collectives")  # a round to retry
    stage = RecordingStage()
    await open_with_three(engine, stage)

    assert await engine.start(DUMI, "collectives") == HERE
    assert await engine.retry_missed(DUMI) == HERE
    other = await engine.start(DUMI, "long-options")  # another quiz is no secret of the game's
    assert isinstance(other, Started)
    assert await engine.start(DUMI, "collectives") == HERE  # nor by switching to it
    privately = await engine.retry_missed(DUMI_PRIVATELY)
    assert isinstance(privately, Started)
    assert await engine.start(DUMI, None) == HERE  # resuming that round here, in the game's chat

    await engine.games.stop(Actor("telegram", "1", CHAT, "en"), "Ada", False, stage)
    assert isinstance(await engine.start(DUMI, None), Started)  # the game is over: here it goes on


async def test_an_onlookers_review_in_the_games_chat_leaves_the_games_quiz_out(
        engine: QuizEngine, clock: FixedClock) -> None:
    await missed_all(engine, DUMI_PRIVATELY, "collectives")
    await missed_all(engine, DUMI_PRIVATELY, "long-options")
    clock.advance(timedelta(days=3))
    stage = RecordingStage()
    await open_with_three(engine, stage)

    started = await engine.review(DUMI)
    assert isinstance(started, Started)
    quizzes = {started.question.question_id.split("/")[0]}
    shown: object = started.question
    while isinstance(shown, QuestionView):
        quizzes.add(shown.question_id.split("/")[0])
        shown = (await answer(engine, DUMI, shown, right=True)).next
    assert quizzes == {"long-options"}
    assert await engine.review(DUMI) == HERE  # only Collectives is left, and it waits while the game is on here


async def test_an_answer_to_an_onlookers_poll_sent_in_the_chat_before_the_game_opened_waits_for_the_game(
        engine: QuizEngine) -> None:
    started = await engine.start(DUMI, "collectives")
    assert isinstance(started, Started)
    await engine.link_message("telegram", "dumi-poll", started.question, CHAT)
    stage = RecordingStage()
    await open_with_three(engine, stage)

    voted = await engine.answer_message(Actor("telegram", "9"), "dumi-poll", started.question.correct_index)
    assert voted == Notice("A group game of Collectives is on in this chat, so this answer to your own round of it "
                           "doesn't count. That round waits for you until the game is over.", NoticeCode.IN_A_GAME,
                           "en")
    await engine.games.stop(Actor("telegram", "1", CHAT, "en"), "Ada", False, stage)
    resumed = await engine.start(DUMI, None)  # after the game: the same question, asked again, and it counts
    assert isinstance(resumed, Started) and resumed.question.question_id == started.question.question_id
    scored = await answer(engine, DUMI, resumed.question, right=True)
    assert isinstance(scored, AnswerOutcome) and scored.feedback is not None


async def test_an_answer_to_an_onlookers_review_question_of_the_games_quiz_in_its_chat_waits_for_the_game(
        engine: QuizEngine, clock: FixedClock) -> None:
    """A review round's questions come from any quiz: it is its open question's quiz that counts."""
    await missed_all(engine, DUMI_PRIVATELY, "collectives")
    clock.advance(timedelta(days=3))
    started = await engine.review(DUMI)  # in the group, before the game opens there
    assert isinstance(started, Started) and started.question.question_id.startswith("collectives/")
    await engine.link_message("telegram", "dumi-review-poll", started.question, CHAT)
    await open_with_three(engine, RecordingStage())

    voted = await engine.answer_message(Actor("telegram", "9"), "dumi-review-poll", started.question.correct_index)
    assert isinstance(voted, Notice) and voted.text.startswith("A group game of Collectives is on in this chat, so")


async def test_an_onlookers_timed_question_of_the_games_quiz_in_its_chat_does_not_time_out_during_the_game(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Timed out, its next question would be asked in the group, and its poll closed, showing its answer."""
    engine = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    started = await engine.start(DUMI, "collectives")
    assert isinstance(started, Started)
    await engine.link_message("telegram", "dumi-poll", started.question, CHAT)
    await open_with_three(engine, RecordingStage())
    clock.advance(timedelta(seconds=40))

    assert await engine.expire_overdue("telegram") == []  # its clock stopped: the question waits for the game


async def test_a_late_answer_to_a_review_round_over_is_told_so_not_that_a_game_is_on(
        engine: QuizEngine, clock: FixedClock) -> None:
    """No open question, and no game anywhere: nothing to compare but None with None."""
    await missed_all(engine, DUMI_PRIVATELY, "collectives")
    clock.advance(timedelta(days=3))
    started = await engine.review(DUMI_PRIVATELY)
    assert isinstance(started, Started)
    shown: QuestionView | Summary = started.question
    while isinstance(shown, QuestionView):
        last = shown
        shown = (await answer(engine, DUMI_PRIVATELY, shown, right=True)).next

    late = await engine.answer(DUMI_PRIVATELY, last.session_id, last.question_id, last.correct_index)
    assert isinstance(late, Notice) and late.code is not NoticeCode.IN_A_GAME, late

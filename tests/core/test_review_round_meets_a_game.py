"""A review round under way when a group game of one of its quizzes begins: its questions of that quiz are not
asked meanwhile. On Telegram a review question is a quiz poll that shows its answer once voted, so asking one
would let a player learn the live game's answers in private (or, asked in the game's chat, show them to all)."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, QuestionView, Started, Summary
from tests.core.games_play import ADA, BAYO, CHAT, SCOPE, begun_with_three
from tests.core.play import answer, next_question, start
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage

ADA_ALONE = Actor("telegram", ADA.user_id, ADA.user_id, "en")  # Ada's private chat with the bot
LEFT_OUT = ("2 questions of Collectives were left out of this round: a group game is playing that quiz right now. "
            "They stay due: send /review after the game.")


async def _all_wrong(engine: QuizEngine, actor: Actor, reference: str) -> None:
    shown: QuestionView | Summary = await start(engine, actor, reference)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, actor, shown, right=False)).next


async def _round_begun(engine: QuizEngine, clock: FixedClock, actor: Actor) -> QuestionView:
    """Collectives (3 questions) and long-options (1) missed, then a round of the four, its first answered:
    the question after it, long-options' (the round takes turns between quizzes)."""
    for quiz_id in ("collectives", "long-options"):
        await _all_wrong(engine, actor, quiz_id)
    clock.advance(timedelta(days=3))
    started = await engine.review(actor)
    assert isinstance(started, Started) and started.question.question_id.startswith("collectives/")
    second = next_question(await answer(engine, actor, started.question, right=True))
    assert second.question_id.startswith("long-options/")
    return second


async def _rest_of_the_round(engine: QuizEngine, actor: Actor, question: QuestionView) -> tuple[list[str],
                                                                                                 AnswerOutcome]:
    """The round answered on from ``question``: the questions asked after it, and the outcome that ended it."""
    asked: list[str] = []
    outcome = await answer(engine, actor, question, right=True)
    while isinstance(outcome.next, QuestionView):
        asked.append(outcome.next.question_id)
        outcome = await answer(engine, actor, outcome.next, right=True)
    return asked, outcome


async def test_a_round_begun_before_a_game_the_learner_plays_leaves_its_quiz_out(engine: QuizEngine,
                                                                                 clock: FixedClock) -> None:
    second = await _round_begun(engine, clock, ADA_ALONE)
    stage = RecordingStage()
    await begun_with_three(engine, stage)  # Ada plays Collectives in the group now

    asked, ended = await _rest_of_the_round(engine, ADA_ALONE, second)
    assert asked == []  # Collectives' two other questions are not asked in private during the game
    assert isinstance(ended.next, Summary)
    assert LEFT_OUT in ended.next.notices

    await engine.games.stop(ADA, "Ada", False, stage)
    after = await engine.review(ADA_ALONE)  # they stayed due: the next round asks them
    assert isinstance(after, Started) and after.question.question_id.startswith("collectives/")


async def test_a_round_played_in_a_group_leaves_out_the_quiz_a_game_there_begins_to_play(engine: QuizEngine,
                                                                                        clock: FixedClock) -> None:
    """Ada reviews in the group; Bayo opens a game of Collectives there, Ada not in it: her round's next
    questions of it would show the group the answers."""
    second = await _round_begun(engine, clock, ADA)
    assert await engine.games.open(BAYO, "Bayo", SCOPE, "collectives", None, RecordingStage()) is None
    assert ADA.chat_id == CHAT

    asked, ended = await _rest_of_the_round(engine, ADA, second)
    assert asked == []
    assert isinstance(ended.next, Summary)
    assert LEFT_OUT in ended.next.notices

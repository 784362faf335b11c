"""A quiz the learner left for another: what a vote still reaching its poll does."""

from __future__ import annotations

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Started, polls_to_close
from tests.core.play import next_question, start, wrong_index
from tests.fakes.clock import FixedClock

ALICE = Actor("telegram", "alice", chat_id="chat-a")


async def test_a_vote_on_the_left_quizs_poll_counts_and_closes_the_poll_of_the_quiz_played_until_then(
        engine: QuizEngine, clock: FixedClock) -> None:
    """It took the learner back to the left quiz and posted its next poll, with the other quiz's poll still open:
    two open polls, and a vote there switched back again."""
    left = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-left", left, "chat-a")
    clock.advance()
    playing = await start(engine, ALICE, "long-options")
    await engine.link_message("telegram", "poll-playing", playing, "chat-a")
    clock.advance()

    back = await engine.answer_message(ALICE, "poll-left", wrong_index(left))  # in flight during the switch
    assert isinstance(back, AnswerOutcome) and back.feedback is not None and not back.feedback.correct
    assert back.feedback.question_id == left.question_id  # scored: the learner did answer it
    assert next_question(back).session_id == left.session_id and next_question(back).number == 2
    assert back.notice == "Welcome back! Carrying on with Collectives."
    assert [(poll.message_key, poll.question_id) for poll in polls_to_close(back)] == [
        ("poll-playing", playing.question_id)]  # as when switching by /quiz
    resumed = await engine.start(ALICE)  # the quiz now played is the one voted in
    assert isinstance(resumed, Started) and resumed.question.session_id == left.session_id
    assert [line.text for line in (await engine.progress(ALICE)).lines] == [
        "in progress: 1 of 3 answered, 0 right", "in progress: 0 of 1 answered, 0 right"]


async def test_a_vote_in_the_quiz_played_closes_nothing_and_says_nothing_more(
        engine: QuizEngine, clock: FixedClock) -> None:
    other = await start(engine, ALICE, "long-options")
    await engine.link_message("telegram", "poll-other", other, "chat-a")
    clock.advance()
    playing = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-playing", playing, "chat-a")
    outcome = await engine.answer_message(ALICE, "poll-playing", playing.correct_index)
    assert isinstance(outcome, AnswerOutcome) and outcome.notice is None and polls_to_close(outcome) == ()

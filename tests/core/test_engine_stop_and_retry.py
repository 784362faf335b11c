"""Skipping, stopping, summaries and retries of missed questions, with the engine on fake storage."""

from __future__ import annotations

from bot.delivery import polls_to_close
from bot.engine import QuizEngine
from bot.records import MessageLink
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.play import answer, next_question, start, summary_of
from tests.support.next_step import NEXT_STEP

ALICE = Actor("telegram", "alice", chat_id="chat-a")
BOB = Actor("telegram", "bob", chat_id="chat-b")


async def test_stop_hands_over_the_message_that_asked_the_open_question(engine: QuizEngine) -> None:
    first = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-1", first, "chat-1")
    second = next_question(await answer(engine, ALICE, first, right=True))
    await engine.link_message("telegram", "poll-2", second, "chat-1")
    closed: list[MessageLink] = []

    async def close(link: MessageLink) -> None:
        closed.append(link)
    await engine.stop(ALICE, close)
    assert [(link.message_key, link.question_id) for link in closed] == [("poll-2", second.question_id)]
    assert (await engine.stop(ALICE, close)).code is NoticeCode.NO_ACTIVE_SESSION and len(closed) == 1


async def test_a_summary_says_which_other_quiz_is_still_open(engine: QuizEngine) -> None:
    """Else the next /skip or /stop acts on a quiz the learner had forgotten, without a word."""
    await start(engine, ALICE, "long-options")  # left open
    question: QuestionView | Summary = await start(engine, ALICE)
    while isinstance(question, QuestionView):
        question = (await answer(engine, ALICE, question, right=True)).next
    assert question.still_open == "Long options is still in progress: start it again to carry on where you left off."
    last = await start(engine, ALICE, "long-options")
    summary = summary_of(await answer(engine, ALICE, last, right=True))
    assert summary.still_open is None  # nothing else open


async def test_progress_shows_a_quiz_that_was_only_stopped(engine: QuizEngine) -> None:
    """Its heading, "Your progress:", stood over nothing."""
    await answer(engine, ALICE, await start(engine, ALICE), right=True)
    await engine.stop(ALICE)
    progress = await engine.progress(ALICE)
    assert progress.heading == "Your progress:"
    assert [line.text for line in progress.lines] == ["stopped: 1 of 3 answered, 1 right"]


async def test_skipping_moves_on_without_feedback_and_counts_as_missed(engine: QuizEngine) -> None:
    first = await start(engine, ALICE)
    skipped = await engine.skip(ALICE)
    assert isinstance(skipped, AnswerOutcome)
    assert skipped.feedback is None
    second = next_question(skipped)
    assert second.question_id == "shards-to-full"
    third = next_question(await answer(engine, ALICE, second, right=True))
    summary = summary_of(await answer(engine, ALICE, third, right=True))
    assert (summary.lines[0].question_id, summary.lines[0].outcome) == (first.question_id, "skipped")


async def test_a_skip_hands_over_the_message_that_asked_the_skipped_question(engine: QuizEngine) -> None:
    """Its poll, left open, would take votes that count for nothing: the adapter ends it."""
    first = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-1", first, "chat-1")
    skipped = await engine.skip(ALICE)
    assert isinstance(skipped, AnswerOutcome) and skipped.skipped_poll is not None
    assert (skipped.skipped_poll.message_key, skipped.skipped_poll.question_id) == ("poll-1", first.question_id)
    assert polls_to_close(skipped) == (skipped.skipped_poll,)
    second = next_question(skipped)
    unlinked = await engine.skip(ALICE)  # asked where answers name the question (buttons): nothing to end
    assert isinstance(unlinked, AnswerOutcome) and unlinked.skipped_poll is None
    assert second.question_id != next_question(unlinked).question_id


async def test_skip_and_stop_without_a_quiz_in_progress_say_so(engine: QuizEngine) -> None:
    for reply in (await engine.skip(ALICE), await engine.stop(ALICE), await engine.start(ALICE)):
        assert isinstance(reply, Notice) and reply.code is NoticeCode.NO_ACTIVE_SESSION


async def test_stopping_ends_the_session_and_the_next_start_begins_afresh(engine: QuizEngine) -> None:
    first = await start(engine, ALICE)
    await answer(engine, ALICE, first, right=True)
    stopped = await engine.stop(ALICE)
    assert isinstance(stopped, Notice) and stopped.code is NoticeCode.INFO
    assert stopped.text == "Quiz stopped: Collectives. Your answers so far are saved."
    late = await engine.answer(ALICE, first.session_id, "shards-to-full", 0)
    assert isinstance(late, Notice) and late.code is NoticeCode.NOT_CURRENT_QUESTION
    again = await engine.start(ALICE, "collectives")
    assert isinstance(again, Started) and not again.resumed
    assert again.question.session_id != first.session_id and again.question.number == 1


async def test_the_summary_lists_each_question_and_offers_to_retry_the_missed_ones(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=True))
    third = next_question(await answer(engine, ALICE, second, right=False))
    outcome = await engine.skip(ALICE)
    assert isinstance(outcome, AnswerOutcome)
    summary = summary_of(outcome)
    assert summary.title == "Quiz finished: Collectives"
    assert summary.score == "You scored 1 out of 3 questions."
    assert (summary.correct, summary.total, summary.missed) == (1, 3, 2)
    assert [(line.question_id, line.outcome) for line in summary.lines] == [
        ("sum-everywhere", "correct"), ("shards-to-full", "wrong"), (third.question_id, "skipped")]
    assert summary.retry_offer == "Want another go at the 2 questions you missed?"
    assert await engine.start(ALICE) == Notice("You have no quiz in progress. Choose one to start.",
                                               NoticeCode.NO_ACTIVE_SESSION)


async def test_a_perfect_score_offers_no_retry(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    outcome = await answer(engine, ALICE, question, right=True)
    while isinstance(outcome.next, type(question)):
        outcome = await answer(engine, ALICE, outcome.next, right=True)
    summary = summary_of(outcome)
    assert (summary.correct, summary.missed, summary.retry_offer) == (3, 0, None)
    assert summary.next_step == NEXT_STEP  # where to go instead (before: the summary ended there)
    assert await engine.retry_missed(ALICE, summary.session_id) == Notice(f"There is nothing to retry. {NEXT_STEP}",
                                                                          NoticeCode.NOTHING_TO_RETRY)


async def test_retrying_builds_a_session_of_the_missed_questions_only(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    third = next_question(await answer(engine, ALICE, second, right=True))
    summary = summary_of(await answer(engine, ALICE, third, right=False))
    assert await engine.retry_missed(BOB, summary.session_id) == Notice(  # someone else's summary: said so
        "This button belongs to someone else's quiz. Start your own with /quiz.", NoticeCode.NOT_YOUR_SESSION,
        chat_id="chat-b")
    retry = await engine.retry_missed(ALICE, summary.session_id)
    assert isinstance(retry, Started)
    assert retry.intro == "Another go at the 2 questions you missed."
    first_retry = retry.question
    assert first_retry.session_id != summary.session_id
    assert (first_retry.question_id, first_retry.label) == ("sum-everywhere", "Question 1 of 2")
    last_retry = next_question(await answer(engine, ALICE, first_retry, right=True))
    assert last_retry.question_id == "english-only"
    retried = summary_of(await answer(engine, ALICE, last_retry, right=True))
    assert (retried.correct, retried.total) == (2, 2)


async def test_tapping_retry_twice_keeps_the_first_round_and_asks_nothing_again(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    third = next_question(await answer(engine, ALICE, second, right=True))
    summary = summary_of(await answer(engine, ALICE, third, right=False))
    first = await engine.retry_missed(ALICE, summary.session_id)
    assert isinstance(first, Started)
    moved_on = next_question(await answer(engine, ALICE, first.question, right=True))
    await engine.link_message("telegram", "poll-retry-2", moved_on, "chat-a")  # asked, its poll open
    # The same button again, its round the quiz being played: handled once, its question not asked again.
    again = await engine.retry_missed(ALICE, summary.session_id)
    assert again == Notice("Your retry has already started: answer its question above, or send /quiz to see it "
                           "again.", NoticeCode.ALREADY_RETRYING)
    carried_on = await engine.start(ALICE)  # the round goes on where it was, not a new one
    assert isinstance(carried_on, Started)
    assert (carried_on.question.session_id, carried_on.question.question_id) == (moved_on.session_id,
                                                                                 moved_on.question_id)


async def test_a_retry_that_replaces_an_open_round_of_the_quiz_says_so(engine: QuizEngine) -> None:
    """One session per quiz: a retry stops the attempt in progress, which went without a word."""
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    summary = summary_of(await answer(engine, ALICE, next_question(await answer(engine, ALICE, second, right=True)),
                                      right=True))
    fresh = await start(engine, ALICE, "collectives")  # a new attempt, left open
    await answer(engine, ALICE, fresh, right=True)
    retry = await engine.retry_missed(ALICE, summary.session_id)
    assert isinstance(retry, Started) and retry.intro == (
        "Another go at the question you missed. The round of this quiz you had open is stopped; your answers in it "
        "are saved.")
    await engine.link_message("telegram", "poll-retry", retry.question, "chat-a")
    again = await engine.retry_missed(ALICE, summary.session_id)  # nothing replaced, nor asked, the second time
    assert isinstance(again, Notice) and again.code is NoticeCode.ALREADY_RETRYING


async def test_retrying_a_quiz_still_in_progress_is_refused(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    reply = await engine.retry_missed(ALICE, question.session_id)
    assert isinstance(reply, Notice) and reply.code is NoticeCode.NOTHING_TO_RETRY


async def test_a_second_tap_on_retry_closes_the_poll_of_the_quiz_left_and_asks_its_question_again(
        engine: QuizEngine) -> None:
    question: QuestionView | Summary = await start(engine, ALICE)
    while isinstance(question, QuestionView):  # all wrong: every question to retry
        finished = await answer(engine, ALICE, question, right=False)
        question = finished.next
    retry = await engine.retry_missed(ALICE, question.session_id)
    assert isinstance(retry, Started)
    await engine.link_message("telegram", "poll-retry", retry.question, "chat-a")
    await engine.link_message("telegram", "poll-long", await start(engine, ALICE, "long-options"), "chat-a")

    again = await engine.retry_missed(ALICE, question.session_id)  # the summary's button, tapped again
    assert isinstance(again, Started) and again.resumed
    assert again.asked_before is not None and again.asked_before.message_key == "poll-retry"
    assert [link.message_key for link in again.left_behind] == ["poll-long"]

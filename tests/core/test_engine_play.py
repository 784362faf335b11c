"""Playing a quiz on the engine with fake storage: start, resume, answer, skip, stop, summary, retry."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.records import MessageLink
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.play import answer, next_question, start, summary_of, wrong_index
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not

ALICE = Actor("telegram", "alice", chat_id="chat-a")
BOB = Actor("telegram", "bob", chat_id="chat-b")


async def test_starting_by_id_shows_question_1_of_3(engine: QuizEngine) -> None:
    started = await engine.start(ALICE, "collectives")
    assert isinstance(started, Started)
    assert not started.resumed
    assert started.intro == "Collectives: 3 questions. Good luck!"
    question = started.question
    assert (question.quiz_id, question.question_id) == ("collectives", "sum-everywhere")
    assert (question.number, question.total, question.label, question.short_label) == (1, 3, "Question 1 of 3",
                                                                                       "1/3")
    assert question.prompt == "Which collective leaves the sum of all gradients on every rank?"
    assert sorted(question.options) == ["All-reduce", "Broadcast", "Scatter"]
    assert question.options[question.correct_index] == "All-reduce"


async def test_a_quiz_can_be_started_by_tag_or_by_a_word_of_its_title(engine: QuizEngine) -> None:
    assert (await start(engine, ALICE, "communication")).quiz_id == "collectives"  # a tag
    assert (await start(engine, BOB, "NCCL")).quiz_id == "collectives"  # a tag, any case
    assert (await start(engine, Actor("telegram", "carol"), "longues")).quiz_id == "long-options"  # French title


async def test_starting_an_unknown_quiz_says_so(engine: QuizEngine) -> None:
    reply = await engine.start(ALICE, "quantum-gravity")
    assert isinstance(reply, Notice)
    assert reply.code is NoticeCode.QUIZ_NOT_FOUND
    assert "quantum-gravity" in reply.text


async def test_the_second_question_is_labelled_question_2_of_3(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=True))
    assert (second.question_id, second.number, second.label) == ("shards-to-full", 2, "Question 2 of 3")


async def test_a_right_answer_gets_praise_the_explanation_and_the_next_question(engine: QuizEngine) -> None:
    outcome = await answer(engine, ALICE, await start(engine, ALICE), right=True)
    assert outcome.feedback is not None
    assert outcome.feedback.correct
    assert outcome.feedback.verdict == "Correct!"
    assert outcome.feedback.explanation.startswith("All-reduce sums across ranks")
    assert outcome.feedback.details is not None and outcome.feedback.details.startswith("Ring all-reduce")
    assert outcome.feedback.reference is not None and "NCCL collective operations" in outcome.feedback.reference
    assert outcome.chat_id == "chat-a"
    assert next_question(outcome).question_id == "shards-to-full"


async def test_a_wrong_answer_gets_the_right_option_and_the_next_question(engine: QuizEngine) -> None:
    outcome = await answer(engine, ALICE, await start(engine, ALICE), right=False)
    assert outcome.feedback is not None
    assert not outcome.feedback.correct
    assert outcome.feedback.verdict == "Not quite."
    assert outcome.feedback.correct_option == "The answer: All-reduce"
    assert next_question(outcome).question_id == "shards-to-full"


async def test_starting_again_resumes_at_the_same_question_with_the_same_score(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=True))
    resumed = await engine.start(ALICE, "collectives")
    latest = await engine.start(ALICE)  # no reference: the latest quiz in progress
    for reply in (resumed, latest):
        assert isinstance(reply, Started) and reply.resumed
        assert reply.intro == "Welcome back! Carrying on with Collectives."
        assert reply.question == second
    assert [line.text for line in (await engine.progress(ALICE)).lines] == ["in progress: 1 of 3 answered, 1 right"]
    third = next_question(await answer(engine, ALICE, second, right=False))
    summary = summary_of(await answer(engine, ALICE, third, right=True))
    assert (summary.correct, summary.total) == (2, 3)


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


async def test_a_new_engine_on_the_same_storage_resumes_the_quiz(library: ContentLibrary,
                                                                 fake_db: FakeDatabase) -> None:
    before = build_engine(library, fake_db, FixedClock(), seed=1)
    second = next_question(await answer(before, ALICE, await start(before, ALICE), right=True))
    after = build_engine(library, fake_db, FixedClock(), seed=2)  # a restart
    assert await start(after, ALICE, None) == second


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
    assert await engine.retry_missed(ALICE, summary.session_id) == Notice("There is nothing to retry.",
                                                                          NoticeCode.NOTHING_TO_RETRY)


async def test_retrying_builds_a_session_of_the_missed_questions_only(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    third = next_question(await answer(engine, ALICE, second, right=True))
    summary = summary_of(await answer(engine, ALICE, third, right=False))
    assert await engine.retry_missed(BOB, summary.session_id) == Notice("There is nothing to retry.",
                                                                        NoticeCode.NOTHING_TO_RETRY)
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


async def test_tapping_retry_twice_carries_on_with_the_first_retry(engine: QuizEngine) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=False))
    third = next_question(await answer(engine, ALICE, second, right=True))
    summary = summary_of(await answer(engine, ALICE, third, right=False))
    first = await engine.retry_missed(ALICE, summary.session_id)
    assert isinstance(first, Started)
    moved_on = next_question(await answer(engine, ALICE, first.question, right=True))
    again = await engine.retry_missed(ALICE, summary.session_id)
    assert isinstance(again, Started) and again.resumed
    assert (again.question.session_id, again.question.question_id) == (moved_on.session_id, moved_on.question_id)
    # Not "Another go at the 2 questions you missed." over its question 2 of 2: the round goes on.
    assert again.intro == "Welcome back! Carrying on with Collectives."


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
    again = await engine.retry_missed(ALICE, summary.session_id)  # nothing replaced the second time
    assert isinstance(again, Started) and again.intro == "Welcome back! Carrying on with Collectives."


async def test_retrying_a_quiz_still_in_progress_is_refused(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    reply = await engine.retry_missed(ALICE, question.session_id)
    assert isinstance(reply, Notice) and reply.code is NoticeCode.NOTHING_TO_RETRY


async def test_the_first_answer_is_final(engine: QuizEngine) -> None:
    first = await start(engine, ALICE)
    await answer(engine, ALICE, first, right=False)
    again = await engine.answer(ALICE, first.session_id, first.question_id, first.correct_index)
    assert isinstance(again, Notice) and again.code is NoticeCode.ALREADY_ANSWERED
    assert again.text == "You already answered this question; your first answer counts."
    assert [line.text for line in (await engine.progress(ALICE)).lines] == ["in progress: 1 of 3 answered, 0 right"]
    resumed = await start(engine, ALICE)
    assert resumed.question_id == "shards-to-full"


async def test_ten_concurrent_answers_to_one_question_are_scored_once(engine: QuizEngine,
                                                                       fake_db: FakeDatabase) -> None:
    question = await start(engine, ALICE)
    replies = await asyncio.gather(*(
        engine.answer(ALICE, question.session_id, question.question_id, index % len(question.options))
        for index in range(10)))
    scored = [reply for reply in replies if isinstance(reply, AnswerOutcome)]
    assert len(scored) == 1
    assert all(reply.code is NoticeCode.ALREADY_ANSWERED for reply in replies if isinstance(reply, Notice))
    stored = [a for a in fake_db.state.answers.values() if a.session_id == question.session_id]
    assert len(stored) == 1
    assert stored[0].option_id is not None
    assert (await start(engine, ALICE)).label == "Question 2 of 3"


async def test_nobody_can_answer_someone_elses_session(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    for session_id in (question.session_id, "no-such-session"):
        reply = await engine.answer(BOB, session_id, question.question_id, question.correct_index)
        assert isinstance(reply, Notice) and reply.code is NoticeCode.NOT_YOUR_SESSION
    assert await start(engine, ALICE) == question  # Alice's quiz is untouched


async def test_an_option_number_out_of_range_is_refused_and_the_question_stays_open(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    for index in (len(question.options), -1, 99):
        reply = await engine.answer(ALICE, question.session_id, question.question_id, index)
        assert reply == Notice("Please choose one of the options, 1 to 3.", NoticeCode.INVALID_OPTION)
    outcome = await answer(engine, ALICE, question, right=True)
    assert outcome.feedback is not None and outcome.feedback.correct


async def test_an_answer_to_a_question_not_yet_reached_is_refused(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    reply = await engine.answer(ALICE, question.session_id, "english-only", 0)
    assert isinstance(reply, Notice) and reply.code is NoticeCode.NOT_CURRENT_QUESTION


async def test_answers_through_a_linked_message_reach_the_right_question(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-1", question, "chat-a")
    outcome = await engine.answer_message(ALICE, "poll-1", wrong_index(question))
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is not None
    assert outcome.feedback.question_id == question.question_id and not outcome.feedback.correct
    unknown = await engine.answer_message(ALICE, "poll-unknown", 0)  # Alice has question 2 open
    assert isinstance(unknown, Notice) and unknown.code is NoticeCode.LOST_MESSAGE


async def test_a_vote_on_a_poll_of_no_quiz_by_a_stranger_is_refused_without_storing_them(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    stranger = Actor("discord", "passer-by", chat_id="general")
    unknown = await engine.answer_message(stranger, "someone-elses-poll", 0)
    assert isinstance(unknown, Notice) and unknown.code is NoticeCode.NOT_A_QUIZ_MESSAGE
    assert ("discord", "passer-by") not in fake_db.state.users and fake_db.commits == 0


async def test_a_lost_poll_is_asked_again_with_a_note(engine: QuizEngine) -> None:
    question = await start(engine, ALICE)
    again = await engine.ask_again(ALICE)
    assert isinstance(again, AnswerOutcome) and again.feedback is None
    assert again.notice == "I lost track of that poll, so here is the question again."
    assert next_question(again).question_id == question.question_id and again.next == question
    nothing_open = await engine.ask_again(Actor("telegram", "bob"))
    assert isinstance(nothing_open, Notice) and nothing_open.code is NoticeCode.NO_ACTIVE_SESSION


async def test_a_finished_quiz_shows_in_progress_with_its_best_score(engine: QuizEngine) -> None:
    outcome = await answer(engine, ALICE, await start(engine, ALICE), right=True)
    while not isinstance(outcome.next, Summary):
        outcome = await answer(engine, ALICE, outcome.next, right=False)
    progress = await engine.progress(ALICE)
    assert progress.heading == "Your progress:"
    assert [(line.quiz_id, line.text) for line in progress.lines] == [("collectives", "best 1/3 · 1 attempt")]


async def test_a_wrong_answer_says_first_why_the_option_chosen_is_wrong(fake_db: FakeDatabase, clock: FixedClock,
                                                                         content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)
    engine = build_engine(ContentLibrary.load(content_dir), fake_db, clock)
    question = await start(engine, ALICE)
    wrong = await engine.answer(ALICE, question.session_id, question.question_id, question.options.index("Broadcast"))
    assert isinstance(wrong, AnswerOutcome) and wrong.feedback is not None
    assert wrong.feedback.why_not == BROADCAST_WHY_NOT["en"] and not wrong.feedback.correct
    again = await start(engine, Actor("telegram", "bola", language_hint="yo"))
    right = await engine.answer(Actor("telegram", "bola", language_hint="yo"), again.session_id, again.question_id,
                                again.correct_index)
    assert isinstance(right, AnswerOutcome) and right.feedback is not None and right.feedback.why_not is None
    scatter = await start(engine, Actor("telegram", "cleo", language_hint="yo"))
    other_wrong = await engine.answer(Actor("telegram", "cleo", language_hint="yo"), scatter.session_id,
                                      scatter.question_id, scatter.options.index("Ìfọ́nká (scatter)"))
    assert isinstance(other_wrong, AnswerOutcome) and other_wrong.feedback is not None
    assert other_wrong.feedback.why_not is None  # Scatter has none: nothing is made up

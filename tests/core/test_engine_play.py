"""Playing a quiz on the engine with fake storage: start, resume, answer, and who may answer what and when."""

from __future__ import annotations

import asyncio
import unicodedata
from datetime import timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, Started, Summary
from tests.core.play import answer, next_question, start, summary_of, wrong_index
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not
from tests.support.next_step import NEXT_STEP

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
    # A Yoruba title as a keyboard may send it: decomposed, its tone marks as separate code points.
    decomposed = unicodedata.normalize("NFD", "Ìbánisọ̀rọ̀")
    assert decomposed != "Ìbánisọ̀rọ̀"
    assert (await start(engine, Actor("telegram", "dayo"), decomposed)).quiz_id == "collectives"


async def test_starting_an_unknown_quiz_says_so(engine: QuizEngine) -> None:
    reply = await engine.start(ALICE, "quantum-gravity")
    assert isinstance(reply, Notice)
    assert reply.code is NoticeCode.QUIZ_NOT_FOUND
    assert "quantum-gravity" in reply.text
    # A long name is said back cut with an ellipsis, between letters: a Yoruba tone mark stays on its letter.
    long = await engine.start(ALICE, "a" + unicodedata.normalize("NFD", "ẹ́") * 80)
    assert isinstance(long, Notice) and long.text.endswith(f"…”. {long.next_step}")
    assert unicodedata.normalize("NFD", "ẹ́") + "…" in long.text
    # A bidi override typed in the name doesn't turn the rest of the bot's line backwards.
    turned = await engine.start(ALICE, "\u202eevil\u202c")
    assert isinstance(turned, Notice) and turned.text == f"There is no quiz called “evil”. {NEXT_STEP}"
    # Blank is no name at all: resume, or say there is nothing to resume.
    blank = await engine.start(ALICE, "   ")
    assert isinstance(blank, Notice) and blank.code is NoticeCode.NO_ACTIVE_SESSION


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
        assert reply.intro == "Carrying on with Collectives."  # right after an answer: they never left
        assert reply.question == second
    assert [line.text for line in (await engine.progress(ALICE)).lines] == ["in progress: 1 of 3 answered, 1 right"]
    third = next_question(await answer(engine, ALICE, second, right=False))
    summary = summary_of(await answer(engine, ALICE, third, right=True))
    assert (summary.correct, summary.total) == (2, 3)


async def test_a_new_engine_on_the_same_storage_resumes_the_quiz(library: ContentLibrary,
                                                                 fake_db: FakeDatabase) -> None:
    before = build_engine(library, fake_db, FixedClock(), seed=1)
    second = next_question(await answer(before, ALICE, await start(before, ALICE), right=True))
    after = build_engine(library, fake_db, FixedClock(), seed=2)  # a restart
    assert await start(after, ALICE, None) == second


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


async def test_a_vote_on_an_unknown_poll_is_the_voters_lost_poll_only_if_their_question_may_have_lost_its_own(
        engine: QuizEngine, clock: FixedClock) -> None:
    """A poll no question is linked to (a group game's, another learner's, whose link was lost) was taken for the
    voter's own lost poll, and their question asked again, though its poll since it was shown is linked."""
    question = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-1", question, "chat-a")
    someone_elses = await engine.answer_message(ALICE, "a-games-lost-poll", 0)
    assert isinstance(someone_elses, Notice) and someone_elses.code is NoticeCode.NOT_A_QUIZ_MESSAGE
    clock.advance()
    await engine.ask_again(ALICE)  # asked once more: its new poll is never linked
    hers = await engine.answer_message(ALICE, "her-lost-poll", 0)
    assert isinstance(hers, Notice) and hers.code is NoticeCode.LOST_MESSAGE


async def test_an_unknown_poll_sent_well_before_the_open_question_was_asked_unlinked_is_not_its_lost_poll(
        engine: QuizEngine, clock: FixedClock) -> None:
    """Where the platform tells when the poll was sent: asked since on no linked message (private buttons), the
    question isn't asked again on the old poll's behalf (ASKED_SINCE); within the clocks' play, it may be its own."""
    await start(engine, ALICE)  # shown at clock.now, on no linked message
    shown = clock.now
    for sent, code in ((shown - timedelta(seconds=3), NoticeCode.ASKED_SINCE),
                       (shown - timedelta(seconds=1), NoticeCode.LOST_MESSAGE),  # our clock ahead of the platform's
                       (shown + timedelta(seconds=1), NoticeCode.LOST_MESSAGE), (None, NoticeCode.LOST_MESSAGE)):
        reply = await engine.answer_message(ALICE, "a-lost-poll", 0, sent_at=sent)
        assert isinstance(reply, Notice) and reply.code is code, sent


async def test_a_vote_delivered_again_after_a_crash_that_lost_the_next_poll_brings_it_back(
        engine: QuizEngine) -> None:
    """Kept, then the process stopped before the next poll was sent and linked: the platform delivers the vote
    again, and the learner gets the first answer's feedback (it is final) and the open question."""
    question = await start(engine, ALICE)
    await engine.link_message("telegram", "poll-1", question, "chat-a")
    first = await engine.answer_message(ALICE, "poll-1", wrong_index(question))
    assert isinstance(first, AnswerOutcome)  # ...and its next poll never sent: no link for question 2

    again = await engine.answer_message(ALICE, "poll-1", question.correct_index)
    assert isinstance(again, AnswerOutcome) and again.feedback is not None
    assert again.feedback.question_id == question.question_id and not again.feedback.correct  # the first counts
    assert next_question(again) == next_question(first)

    await engine.link_message("telegram", "poll-2", next_question(again), "chat-a")  # this time it got through
    duplicate = await engine.answer_message(ALICE, "poll-1", question.correct_index)
    assert isinstance(duplicate, Notice) and duplicate.code is NoticeCode.ALREADY_ANSWERED
    progress = await engine.progress(ALICE)
    assert progress.lines[0].text == "in progress: 1 of 3 answered, 0 right"


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
    # A retry of the two missed, both right, is no "best 2/2" over the whole quiz's 1/3, nor an attempt at it.
    retry = await engine.retry_missed(ALICE)
    assert isinstance(retry, Started)
    outcome = await answer(engine, ALICE, retry.question, right=True)
    outcome = await answer(engine, ALICE, next_question(outcome), right=True)
    assert isinstance(outcome.next, Summary)
    progress = await engine.progress(ALICE)
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

"""A review round left unfinished on an earlier day of the learner's clock is not resumed days later as "Question
2 of 3" of what was due then: /review (and the resume of the latest quiz, as the terminal's start-up and /quiz do
it) ends it, every answer given in it kept, and starts today's round of what is due now. A round begun earlier the
same day, on the learner's clock, still resumes."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.records import SessionState
from bot.replies import Notice, NoticeCode, QuestionView, Started
from tests.core.play import answer, next_question, start, summary_of
from tests.core.review_play import ADA, ALL_WRONG, play_collectives
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

DAY = timedelta(days=1)


async def _round_left_after_one_answer(engine: QuizEngine) -> Started:
    """A review round of collectives' three, its first answered right, its second shown and left."""
    started = await engine.review(ADA)
    assert isinstance(started, Started) and not started.resumed
    assert started.question.question_id == "collectives/sum-everywhere" and started.question.total == 3
    assert next_question(await answer(engine, ADA, started.question, right=True)).number == 2
    return started


def _reviews_of(fake_db: FakeDatabase, question_id: str) -> int:
    return sum(1 for review in fake_db.state.reviews.values() if review.question_id == question_id)


async def test_a_round_left_days_ago_ends_and_review_starts_todays_round(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    await play_collectives(engine, ALL_WRONG)
    clock.advance(DAY + timedelta(hours=1))
    old = await _round_left_after_one_answer(engine)
    clock.advance(timedelta(minutes=5))
    await answer(engine, ADA, await start(engine, ADA, "long-options"), right=False)  # due tomorrow: not in it
    clock.advance(3 * DAY)
    due_note = (await engine.profile(ADA, with_due=True)).due_note
    # The old round's two left, the question missed since, and sum-everywhere, answered right in it, due again.
    assert due_note == "4 questions are due for review: send /review."

    today = await engine.review(ADA)
    # Before: "Welcome back! Carrying on with your review." at question 2 of the old round's 3.
    assert isinstance(today, Started) and not today.resumed, today
    assert today.intro.startswith("Review: 4 questions are due")
    assert (today.question.number, today.question.total) == (1, 4)  # what /progress and the welcome count
    assert today.question.session_id != old.question.session_id
    ended = fake_db.state.sessions[old.question.session_id]
    assert ended.state is SessionState.STOPPED  # ended, not left open beside today's
    # Its answer kept, and its review of the card.
    assert (ended.id, "collectives/sum-everywhere") in fake_db.state.answers
    assert _reviews_of(fake_db, "sum-everywhere") == 2
    assert "4 questions to review today." in (await engine.progress(ADA)).notes


async def test_resuming_the_latest_quiz_gives_todays_round_not_one_left_days_ago(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """The terminal's start-up and /quiz alone resume the latest round: a review round left days ago is no
    longer it."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(DAY + timedelta(hours=1))
    old = await _round_left_after_one_answer(engine)
    clock.advance(2 * DAY)

    resumed = await engine.start(ADA)
    assert isinstance(resumed, Started) and not resumed.resumed, resumed
    assert resumed.question.quiz_id == "review" and resumed.question.number == 1
    assert resumed.question.session_id != old.question.session_id
    assert fake_db.state.sessions[old.question.session_id].state is SessionState.STOPPED


async def test_a_round_from_earlier_the_same_day_on_the_learners_clock_resumes(
        engine: QuizEngine, clock: FixedClock) -> None:
    """Days on the learner's clock, not UTC's: begun at 00:30 in Tokyo (15:30 UTC the day before) it resumes at
    23:00 there; at 01:00 the next morning there (the same UTC day as 23:00) it is yesterday's."""
    await engine.set_time_zone(ADA, "Asia/Tokyo")
    await play_collectives(engine, ALL_WRONG)  # Monday 09:00 UTC, 18:00 in Tokyo
    clock.advance(timedelta(hours=6, minutes=30))  # Tuesday 00:30 in Tokyo
    old = await _round_left_after_one_answer(engine)
    clock.advance(timedelta(hours=22, minutes=30))  # Tuesday 23:00 in Tokyo, 14:00 UTC

    same_day = await engine.review(ADA)
    assert isinstance(same_day, Started) and same_day.resumed
    assert same_day.question.session_id == old.question.session_id and same_day.question.number == 2

    clock.advance(timedelta(hours=2))  # Wednesday 01:00 in Tokyo, Tuesday 16:00 UTC
    next_day = await engine.review(ADA)
    assert isinstance(next_day, Started) and not next_day.resumed, next_day
    assert next_day.question.session_id != old.question.session_id and next_day.question.number == 1


async def test_a_quizs_summary_says_no_round_of_an_earlier_day_is_open_to_carry_on(
        engine: QuizEngine, clock: FixedClock) -> None:
    """/review would not carry it on: it starts today's round."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(DAY + timedelta(hours=1))
    await _round_left_after_one_answer(engine)
    clock.advance(timedelta(hours=1))  # the same day: it is still open, to carry on
    question = await start(engine, ADA, "long-options")
    same_day = summary_of(await answer(engine, ADA, question, right=True))
    assert same_day.still_open == "Your review round is still open: start a review again to carry on where you " \
                                  "left off."

    clock.advance(2 * DAY)
    question = await start(engine, ADA, "long-options")
    later = summary_of(await answer(engine, ADA, question, right=True))
    assert later.still_open is None  # before: "Your review round is still open: ... carry on where you left off."


async def test_a_language_chosen_asks_again_todays_round_question_not_one_of_a_round_left_days_ago(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """/language asks the question waiting again in the new words, as resuming asks it: a round of an earlier day
    is not resumed (/review ends it), so its question is not brought back in front of the learner either."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(DAY + timedelta(hours=1))
    old = await _round_left_after_one_answer(engine)
    clock.advance(timedelta(hours=1))  # the same day: its question asked again in French
    same_day = await engine.choose_language(ADA, "fr", lambda reply: None)
    assert isinstance(same_day, Started) and same_day.question.session_id == old.question.session_id

    clock.advance(2 * DAY)
    later = await engine.choose_language(ADA, "en", lambda reply: None)
    # Before: the old round's question 2 asked again, its round carried on days later.
    assert isinstance(later, Notice) and later.text == "From now on I'll speak English.", later
    assert fake_db.state.sessions[old.question.session_id].state is SessionState.ACTIVE  # /review ends it
    today = await engine.review(ADA)
    assert isinstance(today, Started) and not today.resumed and today.question.number == 1


async def test_a_skip_says_no_round_of_an_earlier_day_is_open_to_carry_on(
        engine: QuizEngine, clock: FixedClock) -> None:
    """/skip of a round left for a quiz since finished says to start a review again to carry it on; of a round of
    an earlier day, that would start today's round instead, so it is not said."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(DAY + timedelta(hours=1))
    await _round_left_after_one_answer(engine)
    clock.advance(timedelta(hours=1))
    summary_of(await answer(engine, ADA, await start(engine, ADA, "long-options"), right=True))
    same_day = await engine.skip(ADA)
    assert isinstance(same_day, Notice) and same_day.text == "Your review round is still open: start a review " \
                                                             "again to carry on where you left off."

    clock.advance(2 * DAY)
    later = await engine.skip(ADA)
    # Before: "Your review round is still open: ... carry on where you left off."
    assert isinstance(later, Notice) and later.text == "That question is no longer open.", later


async def _round_left_with_nothing_due_next_morning(engine: QuizEngine, clock: FixedClock) -> QuestionView:
    """A review round of collectives' three left at its second, whose poll went out on Telegram; the quiz itself
    then played again the same day, all right: the next morning nothing is due. The old round's left question."""
    await play_collectives(engine, ALL_WRONG)
    clock.advance(DAY + timedelta(hours=1))  # Tuesday 10:00
    started = await engine.review(ADA)
    assert isinstance(started, Started) and started.question.total == 3
    left = next_question(await answer(engine, ADA, started.question, right=True))
    await engine.link_message("telegram", "old-round-poll", left, "chat-ada")
    await play_collectives(engine, dict.fromkeys(ALL_WRONG, True))
    clock.advance(timedelta(hours=15))  # Wednesday 01:00
    return left


async def test_review_with_nothing_due_ends_a_round_left_days_ago_and_gives_its_poll_to_take_away(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    left = await _round_left_with_nothing_due_next_morning(engine, clock)
    nothing = await engine.review(ADA)
    assert isinstance(nothing, Notice) and nothing.code is NoticeCode.NOTHING_DUE, nothing
    assert fake_db.state.sessions[left.session_id].state is SessionState.STOPPED
    # Before: none, the old round's poll left open to votes that say "That question is no longer open."
    assert [(link.message_key, link.question_id) for link in nothing.left_behind] == [
        ("old-round-poll", left.question_id)]
    again = await engine.review(ADA)
    assert isinstance(again, Notice) and again.left_behind == ()  # taken away once



async def test_resuming_the_latest_quiz_when_it_was_a_round_left_days_ago_and_nothing_is_due(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """/quiz alone says what it says with no quiz in progress, not "Nothing is due for review": the learner asked
    for their quiz, and the old round is ended (its poll to take away)."""
    left = await _round_left_with_nothing_due_next_morning(engine, clock)
    resumed = await engine.start(ADA)
    # Before: "Nothing is due for review right now. Your next review: ..."
    assert isinstance(resumed, Notice) and resumed.code is NoticeCode.NO_ACTIVE_SESSION, resumed
    assert resumed.text == "You have no quiz in progress. Choose one to start."
    assert [link.message_key for link in resumed.left_behind] == ["old-round-poll"]
    assert fake_db.state.sessions[left.session_id].state is SessionState.STOPPED


async def test_resuming_the_latest_quiz_when_it_was_a_round_left_days_ago_and_nothing_is_due_resumes_the_other(
        engine: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """/quiz alone with another quiz still open (begun before the round): the old round is ended, its poll given to
    take away, and that quiz resumed as /quiz alone resumes one, not "Nothing is due for review"."""
    other = await start(engine, ADA, "long-options")  # its first question left open for the review round
    left = await _round_left_with_nothing_due_next_morning(engine, clock)
    resumed = await engine.start(ADA)
    # Before: "Nothing is due for review right now. Your next review: ..."
    assert isinstance(resumed, Started) and resumed.resumed, resumed
    assert resumed.intro == "Welcome back! Carrying on with Long options."
    assert (resumed.question.session_id, resumed.question.question_id) == (other.session_id, other.question_id)
    assert [link.message_key for link in resumed.left_behind] == ["old-round-poll"]
    assert fake_db.state.sessions[left.session_id].state is SessionState.STOPPED
    again = await engine.start(ADA)
    assert isinstance(again, Started) and again.question.session_id == other.session_id
    assert again.left_behind == ()  # taken away once

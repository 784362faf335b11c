"""Spaced review over 60 simulated days with an injected clock: what comes back when, and how mastery moves."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.i18n import UiTexts
from bot.replies import AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.play import answer, next_question, start
from tests.core.review_play import ADA, ALL_WRONG, play_collectives, review_round
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

DAY = timedelta(days=1)
ROOT = Path(__file__).resolve().parents[2]


def due_dates(fake_db: FakeDatabase) -> dict[str, datetime]:
    return {card.question_id: card.due for card in fake_db.state.cards.values()}


async def test_a_wrong_answer_comes_back_sooner_than_a_right_one_and_nothing_before_it_is_due(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, {"sum-everywhere": True, "shards-to-full": False, "english-only": True})
    due = due_dates(fake_db)
    assert due["shards-to-full"] < due["sum-everywhere"] and due["shards-to-full"] < due["english-only"]

    nothing = await engine.review(ADA)  # the same day: nothing is due yet
    assert isinstance(nothing, Notice) and nothing.code is NoticeCode.NOTHING_DUE
    assert "Your next review: Tuesday, January 6, 2026." in nothing.text  # tomorrow, in the learner's zone (UTC)

    clock.advance(DAY)
    assert await review_round(engine) == ["collectives/shards-to-full"]  # only the one answered wrong
    served_on: dict[str, list[int]] = {}
    for day in range(2, 61):
        clock.advance(DAY)
        cards_before = {card.question_id: card.due for card in fake_db.state.cards.values()}
        for ref in await review_round(engine):
            question_id = ref.split("/", 1)[1]
            assert cards_before[question_id] <= clock.now  # never served before it is due
            served_on.setdefault(question_id, []).append(day)
    gaps = {question: [b - a for a, b in itertools.pairwise(days)] for question, days in served_on.items()}
    for question, intervals in gaps.items():
        assert intervals == sorted(intervals) and intervals[-1] > intervals[0], (question, served_on)


async def test_a_review_round_mixes_quizzes_most_overdue_first_and_resumes(library: ContentLibrary,
                                                                           fake_db: FakeDatabase,
                                                                           clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, {"sum-everywhere": False, "shards-to-full": False, "english-only": False})
    clock.advance(timedelta(minutes=5))
    long_options = await start(engine, ADA, "long-options")
    await answer(engine, ADA, long_options, right=False)
    clock.advance(3 * DAY)
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    assert started.intro.startswith("Review: 4 questions are due")
    first = started.question
    assert first.quiz_id == "review" and first.question_id == "collectives/sum-everywhere"  # most overdue
    outcome = await answer(engine, ADA, first, right=True)
    assert next_question(outcome).question_id == "long-options/memory-per-rank"  # then the other quiz: mixed
    again = await engine.review(ADA)  # e.g. after a restart
    assert isinstance(again, Started) and again.resumed
    resumed = await engine.start(ADA)  # the latest session, as the terminal and /quiz resume it
    assert isinstance(resumed, Started) and resumed.question.quiz_id == "review"
    assert resumed.intro == again.intro == "Carrying on with your review."  # not "with Review.", nor welcomed back
    assert again.question.question_id == "long-options/memory-per-rank" and again.question.number == 2


async def test_a_review_round_is_stopped_and_retried_as_a_review_not_a_quiz_called_review(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, dict.fromkeys(("sum-everywhere", "shards-to-full", "english-only"), False))
    clock.advance(DAY)
    await review_round(engine, right=False)
    summary = await engine.review(ADA)  # nothing due now: missed ones come back later, so retry the round
    assert isinstance(summary, Notice)
    first = await engine.retry_missed(ADA)
    assert isinstance(first, Started) and first.intro == "Another go at the 3 questions you missed."
    again = await engine.retry_missed(ADA)
    assert isinstance(again, Started) and again.intro == "Carrying on with your review."
    stopped = await engine.stop(ADA)
    assert stopped.text == "Review stopped. Your answers so far are saved."


async def test_mastery_rises_with_right_answers_and_decays_with_time(library: ContentLibrary,
                                                                     fake_db: FakeDatabase,
                                                                     clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, {"sum-everywhere": False, "shards-to-full": False, "english-only": False})
    clock.advance(DAY)
    before = {line.key: line.percent for line in (await engine.progress(ADA)).concepts}
    await review_round(engine, right=True)
    after = {line.key: line.percent for line in (await engine.progress(ADA)).concepts}
    assert after["all-reduce"] > before["all-reduce"]
    clock.advance(30 * DAY)
    later = {line.key: line.percent for line in (await engine.progress(ADA)).concepts}
    assert later["all-reduce"] < after["all-reduce"]


async def test_progress_says_what_is_due_the_streak_and_what_to_chart(library: ContentLibrary,
                                                                      fake_db: FakeDatabase,
                                                                      clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, {"sum-everywhere": True, "shards-to-full": False, "english-only": True})
    clock.advance(DAY)
    await review_round(engine)
    progress = await engine.progress(ADA)
    assert progress.quizzes[0].key == "collectives" and "questions seen: 3/3" in progress.quizzes[0].text
    assert [line.percent for line in progress.concepts] == sorted(line.percent for line in progress.concepts)
    assert "Streak: 2 days in a row." in progress.notes
    assert progress.chart is not None and len(progress.chart.days) == 30
    assert progress.chart.days[-1][1] == 1 and progress.chart.days[-2][1] == 3  # today's review, yesterday's quiz


async def test_a_streak_of_years_is_counted_in_full_and_where_it_broke(library: ContentLibrary, fake_db: FakeDatabase,
                                                                        clock: FixedClock) -> None:
    """Only the last 400 days were read: every longer streak showed as 401 days."""
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, ALL_WRONG)  # today
    first = next(iter(fake_db.state.reviews.values()))
    for back in range(1, 1000):  # one answer on each of the 999 days before
        fake_db.state.reviews[next(fake_db.review_ids)] = replace(first, reviewed_at=first.reviewed_at - back * DAY)
    assert "Streak: 1000 days in a row." in (await engine.progress(ADA)).notes
    for gone in [key for key, review in fake_db.state.reviews.items() if review.reviewed_at.date() in
                 {(first.reviewed_at - back * DAY).date() for back in (600, 601)}]:
        del fake_db.state.reviews[gone]  # two days missed in a row, 600 days ago: the run ends there
    assert "Streak: 600 days in a row." in (await engine.progress(ADA)).notes


async def test_a_time_out_is_forgotten_and_a_skip_is_no_review(library: ContentLibrary, fake_db: FakeDatabase,
                                                               clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    first = await start(engine, ADA)
    clock.advance(timedelta(minutes=1))
    late = await engine.answer(ADA, first.session_id, first.question_id, first.correct_index)
    assert isinstance(late, AnswerOutcome) and late.feedback is None  # not scored: the time was up
    await engine.skip(ADA)
    reviews = list(fake_db.state.reviews.values())
    assert [(review.question_id, review.rating, review.option_id) for review in reviews] == [
        ("sum-everywhere", 1, None)]  # the time-out rated Again; the skip left no review


async def test_right_after_answering_a_missed_question_shows_as_fading_not_as_remembered(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """FSRS puts any question at 100% the moment it is answered, even one just got wrong; progress counts recall
    from a day after the last answer, so a mistake shows at once."""
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, dict.fromkeys(("sum-everywhere", "shards-to-full", "english-only"), False))
    missed = [line.percent for line in (await engine.progress(ADA)).concepts]
    assert missed and all(percent < 85 for percent in missed), missed
    await review_round(engine, right=True)  # not due yet: nothing to review, nothing changes
    clock.advance(DAY)
    await review_round(engine, right=True)
    relearned = [line.percent for line in (await engine.progress(ADA)).concepts]
    assert all(percent >= 90 for percent in relearned), relearned


async def test_progress_after_a_miss_says_the_chance_of_recall_not_how_much_is_remembered(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """"34% remembered" under a question just got wrong read as a contradiction; the number is the chance of
    recalling it a day or more after the last answer, and the line says so, in the learner's language too."""
    engine = build_engine(library, fake_db, clock, texts=UiTexts.load(ROOT / "content" / "locales"))
    await play_collectives(engine, dict.fromkeys(("sum-everywhere", "shards-to-full", "english-only"), False))
    progress = await engine.progress(ADA)
    [line] = progress.quizzes
    assert progress.quizzes_heading == "Chance of recall a day or more after your last answer, by quiz:"
    assert line.text.startswith(f"recall {line.percent}% · "), line
    assert "remembered" not in line.text
    await engine.set_language(ADA, "fr")
    progress = await engine.progress(ADA)
    assert progress.quizzes_heading.startswith("Chances de vous en souvenir un jour ou plus après votre dernière")



async def test_a_round_that_cannot_hold_every_due_question_says_how_many_are_due(
        fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(ContentLibrary.load(ROOT / "content"), fake_db, clock)  # the seed quizzes: 8 questions each
    for quiz_id in ("fsdp", "data-parallelism"):
        question: QuestionView | Summary = await start(engine, ADA, quiz_id)
        while isinstance(question, QuestionView):
            question = (await answer(engine, ADA, question, right=False)).next
    missed = len(fake_db.state.cards)
    assert missed > 10
    clock.advance(3 * DAY)
    started = await engine.review(ADA)
    assert isinstance(started, Started) and started.question.total == 10  # a round holds 10
    assert started.intro.startswith(f"Review: {missed} questions are due. Here are the 10 most overdue"), started.intro


async def test_review_leaves_the_quiz_played_until_then_with_its_poll_to_close(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    await play_collectives(engine, dict.fromkeys(("sum-everywhere", "shards-to-full", "english-only"), False))
    clock.advance(DAY)
    playing = await start(engine, ADA, "long-options")
    await engine.link_message("telegram", "poll-long", playing, "chat-ada")
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    assert [(link.message_key, link.question_id) for link in started.left_behind] == [
        ("poll-long", playing.question_id)]
    again = await engine.review(ADA)  # the review itself is what was played until now: nothing left behind
    assert isinstance(again, Started) and again.resumed and again.left_behind == ()


async def test_how_long_an_answer_took_is_logged_unless_the_question_was_left_for_longer_than_a_day(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock)
    first = await start(engine, ADA)
    clock.advance(timedelta(seconds=42))
    after = await engine.answer(ADA, first.session_id, first.question_id, first.correct_index)
    assert isinstance(after, AnswerOutcome) and isinstance(after.next, QuestionView)
    clock.advance(30 * DAY)  # back a month later: weeks in milliseconds overflowed PostgreSQL's column
    await engine.answer(ADA, after.next.session_id, after.next.question_id, 0)
    reviews = sorted(fake_db.state.reviews.values(), key=lambda review: review.reviewed_at)
    assert [review.duration_ms for review in reviews] == [42_000, None]

"""Time limits where things go wrong: a sweep cut short by a failing database, and questions shown where the bot
can't follow up (private buttons), which time out without starting the next question's clock."""

from __future__ import annotations

from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome, Expired, QuestionView, Started
from tests.core.play import answer, next_question, start
from tests.core.wiring import QUESTION_LIMIT as LIMIT
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase, FakeUnitOfWork

ALICE = Actor("telegram", "alice", chat_id="chat-a")
TIME_UP = ("Time's up! Question {number} wasn't answered in time: it scores no point, and "
           "it comes back for review as a wrong answer does.")


async def _sweep_one(engine: QuizEngine, platform: str = "telegram") -> Expired:
    expired = await engine.expire_overdue(platform)
    assert len(expired) == 1, expired
    return expired[0]


class FlakyDatabase(FakeDatabase):
    """Fake storage whose ``fail_at``-th unit of work (from 1) can't connect, like a database that went away."""

    def __init__(self, fail_at: int) -> None:
        super().__init__()
        self.opened = 0
        self.fail_at = fail_at

    def unit_of_work(self) -> FakeUnitOfWork:
        self.opened += 1
        if self.opened == self.fail_at:
            raise ConnectionError("the database went away")
        return super().unit_of_work()


async def test_a_sweep_cut_short_by_a_failure_still_reports_the_questions_it_moved_on(
        library: ContentLibrary, clock: FixedClock) -> None:
    flaky = FlakyDatabase(fail_at=0)
    engine = build_engine(library, flaky, clock, question_limit=LIMIT)
    for user in ("alice", "bola"):
        actor = Actor("telegram", user, chat_id=f"chat-{user}")
        await engine.link_message("telegram", f"poll-{user}", await start(engine, actor), actor.chat_id)
        clock.advance(timedelta(seconds=1))  # alice's deadline comes first
    clock.advance(LIMIT)
    flaky.fail_at = flaky.opened + 3  # the listing, alice's expiry, then bola's fails
    expired = await engine.expire_overdue("telegram")
    assert [(item.actor.user_id, item.outcome.notice) for item in expired] == [("alice", TIME_UP.format(number=1))]
    later = await engine.expire_overdue("telegram")  # the next sweep does the rest
    assert [item.actor.user_id for item in later] == ["bola"]


# -- questions asked where the bot can't follow up (private buttons) ----------------------------


async def test_a_question_asked_without_a_linked_message_times_out_without_starting_the_next_clock(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)  # shown privately: no message linked
    clock.advance(LIMIT)
    expired = await _sweep_one(timed)
    assert expired.link is None
    unseen = next_question(expired.outcome)
    assert unseen.deadline is None  # nobody sees it yet, so its clock doesn't run
    clock.advance(timedelta(days=1))
    assert await timed.expire_overdue("telegram") == []  # no chain of unseen questions timing out

    click = await timed.answer(ALICE, first.session_id, first.question_id, first.correct_index)
    assert isinstance(click, AnswerOutcome)  # the next click on the old question says why, and moves on
    assert click.feedback is None and click.notice == TIME_UP.format(number=1)
    shown = next_question(click)
    assert shown.question_id == unseen.question_id
    assert shown.deadline == clock.now + LIMIT
    scored = await answer(timed, ALICE, shown, right=True)
    assert scored.feedback is not None and scored.feedback.correct


async def test_resuming_shows_a_question_that_waited_unseen_with_a_fresh_clock(
        timed: QuizEngine, clock: FixedClock) -> None:
    await start(timed, ALICE)
    clock.advance(LIMIT)
    await _sweep_one(timed)
    clock.advance(timedelta(hours=2))
    resumed = await timed.start(ALICE)
    assert isinstance(resumed, Started)
    assert isinstance(resumed.question, QuestionView) and resumed.question.question_id == "shards-to-full"
    assert resumed.question.deadline == clock.now + LIMIT


async def test_resuming_after_a_time_out_nobody_saw_says_it_once(timed: QuizEngine, clock: FixedClock) -> None:
    """As a click or /skip then says it (late_answer, shown_instead): before, /quiz showed question 2 as if question 1
    had never been let run out. Said once: resumed again, the question is shown, with no time-out to tell."""
    await start(timed, ALICE)  # private buttons: no message linked
    clock.advance(LIMIT)
    await _sweep_one(timed)  # question 1 times out where nobody sees it
    resumed = await timed.start(ALICE)
    assert isinstance(resumed, Started) and isinstance(resumed.question, QuestionView)
    assert resumed.question.number == 2 and resumed.question.notices == (TIME_UP.format(number=1),)
    again = await timed.start(ALICE)
    assert isinstance(again, Started) and isinstance(again.question, QuestionView)
    assert again.question.number == 2 and again.question.notices == ()


async def test_resuming_after_a_skip_by_hand_says_no_time_out(timed: QuizEngine, clock: FixedClock) -> None:
    """Question 1 skipped by hand, then question 2 let run out unseen: resuming names question 2, not 1."""
    await start(timed, ALICE)
    assert isinstance(await timed.skip(ALICE), AnswerOutcome)
    clock.advance(LIMIT)
    await _sweep_one(timed)
    resumed = await timed.start(ALICE)
    assert isinstance(resumed, Started) and isinstance(resumed.question, QuestionView)
    assert resumed.question.number == 3 and resumed.question.notices == (TIME_UP.format(number=2),)


async def test_a_click_on_a_question_skipped_by_hand_names_the_one_whose_time_ran_out(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)  # private buttons: no message linked
    skipped = await timed.skip(ALICE)
    assert isinstance(skipped, AnswerOutcome)
    clock.advance(LIMIT)
    await _sweep_one(timed)  # question 2 times out unseen
    click = await timed.answer(ALICE, first.session_id, first.question_id, first.correct_index)
    assert isinstance(click, AnswerOutcome) and click.notice == TIME_UP.format(number=2)  # not 1, skipped by hand
    assert next_question(click).question_id == "english-only"


async def test_resuming_past_a_question_whose_time_ran_out_names_the_poll_that_asked_it(
        timed: QuizEngine, clock: FixedClock) -> None:
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, ALICE.chat_id)
    clock.advance(LIMIT * 2)  # no sweep yet: the resume itself finds the question overdue and moves on
    resumed = await timed.start(ALICE)
    assert isinstance(resumed, Started) and resumed.question.question_id != first.question_id
    # That poll is still open to votes: the adapter ends it (read before the time-out moved the session on).
    assert resumed.asked_before is not None and resumed.asked_before.message_key == "poll-1"


async def test_a_next_question_whose_poll_could_not_be_sent_waits_unseen_instead_of_timing_out(
        timed: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Its clock started with the sweep's step; stopped again when its poll failed to go out, it is not timed
    out, told and rated as a question the learner let pass, but asked with its full time when they come back."""
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT + timedelta(seconds=1))

    async def unreachable(expired: Expired) -> None:
        raise ConnectionError("Telegram can't be reached")
    (expired,) = await timed.expire_overdue("telegram", unreachable)
    second = next_question(expired.outcome)
    async with fake_db.unit_of_work() as work:
        session = await work.sessions.get(first.session_id)
    assert session is not None and session.current_question_id == second.question_id
    assert session.question_deadline is None  # unshown
    clock.advance(timedelta(hours=2))
    assert await timed.expire_overdue("telegram") == []  # not timed out unseen
    resumed = await timed.start(ALICE)
    assert isinstance(resumed, Started) and isinstance(resumed.question, QuestionView)
    assert resumed.question.question_id == second.question_id and resumed.question.deadline == clock.now + LIMIT


async def test_a_next_question_whose_poll_went_out_before_the_delivery_failed_keeps_its_clock(
        timed: QuizEngine, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Linked (here, or by another process the learner resumed in meanwhile, with the same deadline), it is
    shown: its clock runs on."""
    first = await start(timed, ALICE)
    await timed.link_message("telegram", "poll-1", first, "chat-a")
    clock.advance(LIMIT + timedelta(seconds=1))

    async def sent_then_failed(expired: Expired) -> None:
        await timed.link_message("telegram", "poll-2", next_question(expired.outcome), "chat-a")
        raise ConnectionError("the connection dropped after the poll was sent")
    (expired,) = await timed.expire_overdue("telegram", sent_then_failed)
    async with fake_db.unit_of_work() as work:
        session = await work.sessions.get(first.session_id)
    assert session is not None and session.question_deadline == next_question(expired.outcome).deadline
    clock.advance(LIMIT)
    assert [gone.question_id for gone in await timed.expire_overdue("telegram")] == ["shards-to-full"]

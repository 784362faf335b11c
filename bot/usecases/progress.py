"""Reading a learner's progress: their sessions, cards and recent answers, in one transaction."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta

from bot.calendar import day_at_offset, local_day
from bot.content.concepts import concept_name
from bot.due_cards import due_today as due_today_of
from bot.mastery import mastery
from bot.ports import UnitOfWork
from bot.progress_replies import Progress
from bot.progress_view import CHART_DAYS, progress_view
from bot.records import ReviewRecord, SessionState
from bot.streaks import streak_run
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.retry_rounds import RetryReads

# How far back answers are read for the streak at first: the whole history is read only for a streak that reaches
# its edge (a year or more), so a long history isn't read on every /progress.
STREAK_DAYS_READ = 400
EVERYTHING = datetime(1970, 1, 1, tzinfo=UTC)  # read from before any answer


async def progress_of(core: Core, turn: Turn) -> Progress:
    uow, user, _ = turn.uow, turn.user, turn.words
    if user is None or user.id is None:
        raise ValueError("progress is read for a stored user")
    now = core.clock()
    catalog = core.library.catalog
    today = local_day(now, user.time_zone)
    results = await uow.sessions.results(user.id)
    retrying = await _retrying(core, turn, {result.quiz_id for result in results
                                           if result.state is SessionState.ACTIVE})
    cards = await uow.cards.of_user(user.id)
    answered, streak = await _answered_days(uow, user.id, user.time_zone, now)
    due_today = await due_today_of(uow, catalog, user, now, cards=cards)  # what /review would offer now
    games = await uow.games.totals(user.id)
    last = _last_day(answered, today)
    days = [last - timedelta(days=offset) for offset in range(CHART_DAYS - 1, -1, -1)]
    return progress_view(catalog, results, mastery(cards, catalog, core.remembering.memory, now),
                         due_today=due_today, streak=streak, games=games, retrying=retrying,
                         answers_per_day=[(day, answered[day]) for day in days],
                         concept_name=lambda tag: concept_name(catalog.concept_names, tag, _.language), _=_)


async def _retrying(core: Core, turn: Turn, open_quizzes: set[str]) -> frozenset[str]:
    """The quizzes among ``open_quizzes`` whose open round is a retry of missed questions, as /retry tells them."""
    reads = RetryReads(core, turn)
    rounds = [await reads.active(quiz_id) for quiz_id in sorted(open_quizzes)]
    return frozenset([round_.quiz_id for round_ in rounds if round_ is not None and await reads.retried_by(round_)])


async def _answered_days(uow: UnitOfWork, user_id: int, time_zone: str | None,
                         now: datetime) -> tuple[Counter[date], int]:
    """Answers per day on the learner's clock and the streak: from the last STREAK_DAYS_READ days, or the
    learner's whole history when the streak runs to the edge of those."""
    today, since = local_day(now, time_zone), now - timedelta(days=STREAK_DAYS_READ)
    answered = await _answered_since(uow, user_id, time_zone, since)
    count, ended_on = streak_run(answered, _last_day(answered, today))
    # The run's end is read from that day and the one before: both must be days read whole, on any clock (an
    # answer's day is the one its own zone showed: up to 14 hours either side of UTC's).
    if ended_on - timedelta(days=1) > since.astimezone(UTC).date() + timedelta(days=1):
        return answered, count
    answered = await _answered_since(uow, user_id, time_zone, EVERYTHING)
    return answered, streak_run(answered, _last_day(answered, today))[0]


def _last_day(answered: Counter[date], today: date) -> date:
    """Today, or a day after it played on the clock of a zone ahead of the learner's now (they moved west): that
    day was lived, and their streak reaches it."""
    return max([today, *answered])


async def _answered_since(uow: UnitOfWork, user_id: int, time_zone: str | None, since: datetime) -> Counter[date]:
    # A day counts when something was answered that day (a time-out answers nothing).
    return Counter(_day_played(review, time_zone)
                   for review in await uow.reviews.of_user(user_id, since) if review.option_id is not None)


def _day_played(review: ReviewRecord, time_zone: str | None) -> date:
    """The day on the learner's clock when they answered; for an answer logged before the clock was kept (0016),
    the day in their zone now."""
    if review.utc_offset_minutes is None:
        return local_day(review.reviewed_at, time_zone)
    return day_at_offset(review.reviewed_at, review.utc_offset_minutes)

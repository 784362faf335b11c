"""Reading a learner's progress: their sessions, cards and recent answers, in one transaction."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from bot.calendar import end_of_day, local_day
from bot.content.concepts import concept_name
from bot.due_cards import count_due, held_back
from bot.i18n import Localizer
from bot.mastery import mastery
from bot.ports import UnitOfWork
from bot.progress_replies import Progress
from bot.progress_view import CHART_DAYS, progress_view
from bot.records import UserRecord
from bot.streaks import streak
from bot.usecases.core import Core

STREAK_DAYS_READ = 400  # how far back a streak is counted


async def progress_of(core: Core, uow: UnitOfWork, user: UserRecord, _: Localizer) -> Progress:
    if user.id is None:
        raise ValueError("progress is read for a stored user")
    now = core.clock()
    catalog = core.library.catalog
    today = local_day(now, user.time_zone)
    results = await uow.sessions.results(user.id)
    cards = await uow.cards.of_user(user.id)
    reviews = await uow.reviews.of_user(user.id, now - timedelta(days=STREAK_DAYS_READ))
    # What /review would offer now: none of a quiz the learner plays in a live group game.
    due_today = count_due(cards, catalog, end_of_day(now, user.time_zone), leave_out=await held_back(uow, user.id))
    games = await uow.games.totals(user.id)
    # A day counts when something was answered that day in the learner's time zone (a time-out answers nothing).
    answered = Counter(local_day(review.reviewed_at, user.time_zone) for review in reviews
                       if review.option_id is not None)
    days = [today - timedelta(days=offset) for offset in range(CHART_DAYS - 1, -1, -1)]
    return progress_view(catalog, results, mastery(cards, catalog, core.remembering.memory, now),
                         due_today=due_today, streak=streak(answered, today), games=games,
                         answers_per_day=[(day, answered[day]) for day in days],
                         concept_name=lambda tag: concept_name(catalog.concept_names, tag, _.language), _=_)

"""The daily reminders: claimed once across processes, sent only when something is due (or, when all that is due
waits for a live group game, looked at again later that day) and not long after their time, and stopped for a
learner the platform can't reach any more, until they talk to the bot again."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from datetime import datetime, time, timedelta

from bot.calendar import end_of_day, last_at, next_at, parse_time_of_day
from bot.due_cards import count_due, due_cards, held_back
from bot.ports import UnitOfWork
from bot.records import UserRecord
from bot.replies import Actor, RecipientGone, Reminder
from bot.usecases.core import Core

log = logging.getLogger(__name__)

BATCH = 200  # learners claimed per pass at most; a pass that claimed any asks again at once
# A pass claims no more learners than it sends to in this many seconds at the platform's pace. A claim moves each
# learner's reminder on to the next day before it is sent, so a process stopped (or killed) mid-pass drops the
# reminders it claimed and hadn't sent yet: at most a second's worth. On SQLite it also bounds how long one
# claim, which reads every card of its learners in-line, holds up the event loop.
CLAIM_SECONDS = 1.0
# A reminder whose due questions all wait for a live group game looks again this much later that day, rather than
# giving the day up: a game of ten questions at the default 30 s, each with its 15 s of results, is over in about
# 8 minutes; a longer one is simply looked at again. Each look costs the learner's two reads of a normal claim.
LOOK_AGAIN = timedelta(minutes=15)
# A reminder claimed more than this after the learner's time (the bot was down, or far behind) is not sent, only
# moved on to its next time: two hours cover a restart, a deploy or a short outage and keep an evening reminder in
# the evening, where one planned at 19:00 and claimed at 03:00 would wake the learner.
LATE = timedelta(hours=2)
Send = Callable[[Reminder], Awaitable[None]]


class Reminding:
    def __init__(self, core: Core) -> None:
        self._core = core

    async def send_due(self, platform: str, send: Send, per_second: float) -> int:
        """One pass: claim the platform's due reminders (each moved on to its next day in the same transaction,
        so no other pass or process sends it again; or, when a game holds all that is due, to a look again later
        that day), then send those with something due, paced to stay within the platform's limits: a second's
        worth of them (CLAIM_SECONDS). Returns how many were claimed."""
        limit = min(BATCH, max(1, math.ceil(per_second * CLAIM_SECONDS)))
        claimed, reminders = await self._core.turns.run_unlocked(lambda uow: self._claim(uow, platform, limit))
        for reminder in reminders:
            await self._send_one(reminder, send)
            await asyncio.sleep(1 / per_second)
        # The learners claimed, not the reminders sent: a full batch with nothing due must still ask again at once.
        return claimed

    async def _claim(self, uow: UnitOfWork, platform: str, limit: int) -> tuple[int, list[Reminder]]:
        now = self._core.clock()
        reminders, late = [], 0
        users = await uow.users.due_reminders(platform, now, limit)
        for user in users:
            local = parse_time_of_day(user.reminder_time) if user.reminder_time else None
            due, only_held = 0, False
            if local is not None and self._late(user, local, now):
                late += 1  # not counted either: nothing is sent
            elif user.id is not None and local is not None:
                due, only_held = await self._count(uow, user.id, user.time_zone, now)
            # Moved on (or off, without a time) in any case: a row claimed again and again would keep the
            # sweeper asking at once for ever.
            user.reminder_due = self._next(local, user.time_zone, now, only_held) if local else None
            if due:  # noted before the send, with the plan moved on: a failed one, as that plan, waits for tomorrow
                user.reminder_sent_at = now
                reminders.append(self._reminder(user, due))
            await uow.users.update(user)
        await uow.commit()
        if late:
            log.info("%d %s reminders more than %s late not sent, moved on to their next time", late, platform, LATE)
        return len(users), reminders

    @staticmethod
    def _late(user: UserRecord, local: time, now: datetime) -> bool:
        """Whether ``now`` is more than ``LATE`` after both the planned reminder (a look again's included) and
        the learner's last ``local`` time: a bot back at 19:05 after days down still sends that day's at 19:00."""
        planned = max(user.reminder_due or now, last_at(local, user.time_zone, now))
        return now - planned > LATE

    async def _count(self, uow: UnitOfWork, user_id: int, time_zone: str | None, now: datetime) -> tuple[int, bool]:
        """How many questions /review would offer now (none of a quiz the learner plays in a live group game:
        ``held_back``), and whether questions are due today but all of them wait for such a game. The learner's
        cards are read once for both."""
        catalog, until = self._core.library.catalog, end_of_day(now, time_zone)
        leave_out = await held_back(uow, user_id)
        cards = await uow.cards.of_user(user_id)
        # Every one, as /progress and /review count them (they once stopped at 100: "100 are ready", then 120 due).
        due = len(await due_cards(uow, catalog, user_id, until, len(cards), leave_out=leave_out, cards=cards))
        only_held = not due and bool(leave_out) and count_due(cards, catalog, until, leave_out=frozenset()) > 0
        return due, only_held

    @staticmethod
    def _next(local: time, time_zone: str | None, now: datetime, only_held: bool) -> datetime:
        """The next day's reminder; or, when all that is due waits for a live game, a look again ``LOOK_AGAIN``
        later, while it is still the learner's day (nothing was sent, so that day's reminder is still to come)."""
        if only_held and (again := now + LOOK_AGAIN) < end_of_day(now, time_zone):
            return again
        # On a later day than the time just claimed: the night the clock goes back shows it twice, a day's one.
        claimed_day_ends = end_of_day(last_at(local, time_zone, now), time_zone) - timedelta(microseconds=1)
        return next_at(local, time_zone, max(now, claimed_day_ends))

    def _reminder(self, user: UserRecord, due: int) -> Reminder:
        _ = self._core.turns.words_of(user)
        text = _.ngettext("{n} question is ready for review. A few minutes now help it stick.",
                          "{n} questions are ready for review. A few minutes now help them stick.", due)
        return Reminder(Actor(user.platform, user.platform_user_id), due, text, _("Review now"), _.language)

    async def _send_one(self, reminder: Reminder, send: Send) -> None:
        try:
            await send(reminder)
        except RecipientGone:
            try:
                await self.stop(reminder.actor)
            except Exception:  # the database gone a moment: the others claimed with it are still to be sent
                log.exception("could not turn off the reminders of %s user %s, whom the platform can't reach any "
                              "more; tomorrow's refusal tries again", reminder.actor.platform, reminder.actor.user_id)
                return
            log.info("reminders off for %s user %s: the platform can't reach them any more",
                     reminder.actor.platform, reminder.actor.user_id)
        except Exception:  # one learner's failure doesn't stop the others; tomorrow is another try
            log.exception("could not remind %s user %s", reminder.actor.platform, reminder.actor.user_id)

    async def stop(self, actor: Actor) -> None:
        async def off(uow: UnitOfWork) -> None:
            user = await uow.users.get(actor.platform, actor.user_id)
            if user is not None:
                # Put aside, not forgotten: they come back on when the learner talks to the bot again (Turns).
                user.paused_reminder_time = user.reminder_time or user.paused_reminder_time
                user.reminder_time = user.reminder_due = None
                await uow.users.update(user)
                await uow.commit()
        await self._core.turns.run_unlocked(off)

"""A learner's turn: their lock, one transaction (tried again after a lost race), their record and their words.

Every use case runs its work as a turn, so the lock, unit-of-work, user and localizer set-up exists once.
What a turn hands to ``after`` (the delivery of its reply) runs once the transaction is committed, still under
the learner's lock: a vote that arrives meanwhile waits, instead of missing a poll's link.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from types import TracebackType
from typing import Self, TypeVar
from zoneinfo import ZoneInfo

from bot.calendar import zone
from bot.i18n import Localizer, UiTexts
from bot.languages import choose_language, normalize_language
from bot.locks import UserLocks
from bot.log_lines import log_briefly
from bot.ports import UnitOfWork, UnitOfWorkFactory
from bot.records import UserRecord
from bot.reminder_plan import back_on
from bot.replies import Actor
from bot.retry import RetryPolicy

log = logging.getLogger(__name__)
R = TypeVar("R")
C = TypeVar("C")


@dataclass
class Turn:
    actor: Actor
    uow: UnitOfWork
    user: UserRecord | None  # None only when the turn was opened without creating an unknown user
    words: Localizer

    @property
    def user_id(self) -> int:
        """The stored user's id; only for turns that have a stored user."""
        if self.user is None or self.user.id is None:
            raise RuntimeError("this turn has no stored user")
        return self.user.id

    @property
    def language(self) -> str:
        return self.words.language

    @property
    def clock(self) -> ZoneInfo | None:
        """The learner's time zone (UTC if they chose none); None when the turn has no stored user."""
        return zone(self.user.time_zone) if self.user is not None else None


REMEMBERED_LANGUAGES = 10_000  # learners whose language (choice, last hint) this process keeps, the latest seen


class Turns:
    def __init__(self, *, unit_of_work: UnitOfWorkFactory, texts: UiTexts, locks: UserLocks,
                 retry_policy: RetryPolicy, clock: Callable[[], datetime],
                 shared_unit_of_work: UnitOfWorkFactory | None = None) -> None:
        """``shared_unit_of_work``: units of work that may share their transaction with other learners' (a
        database server's answers: storage/shared_transaction.py), for turns that touch only the learner's own
        rows; the plain ones if None. ``clock``: plans the reminders of a learner back (reminder_plan.back_on)."""
        self._clock = clock
        self._uow = unit_of_work
        self._shared_uow = shared_unit_of_work or unit_of_work
        self._texts = texts
        self._locks = locks
        self._retry = retry_policy
        # Each learner's stored choice and last hint as last read: what an apology speaks when the database can't
        # be read.
        self._remembered: OrderedDict[tuple[str, str], tuple[str | None, str | None]] = OrderedDict()

    async def run(self, actor: Actor, work: Callable[[Turn], Awaitable[R]], *, create_user: bool = True,
                  after: Callable[[R], Awaitable[None]] | None = None, own_rows_only: bool = False,
                  heard: bool = True) -> R:
        """``work`` in one transaction for ``actor`` (it commits what it keeps), then ``after`` its result.
        ``own_rows_only``: the work reads and writes only the learner's own rows (an answer), so its transaction
        may be shared with other learners'. ``heard``: the learner spoke to the bot (False: the bot acts for them,
        as a game that begins), so reminders it turned off, unable to reach them, come back on."""
        hinted = back = False  # whether the attempt that ran saw a new language hint; reminders back, unwritten
        make = self._shared_uow if own_rows_only else self._uow

        async def once() -> R:
            nonlocal hinted, back
            result, hinted, back = await self._once(make, actor, work, create_user, heard)
            return result

        async def then(result: R) -> None:
            if after is not None:
                await after(result)
            if hinted or back:  # after the reply, if any: a failure here must not hold it up, nor run the work again
                await self._keep_alone(actor, back)
        return await self._take_turn(actor, once, then)

    async def run_claimed(self, actor: Actor, claim: Callable[[UnitOfWork], Awaitable[tuple[C, UserRecord] | None]],
                          work: Callable[[Turn, C], Awaitable[R | None]], *,
                          after: Callable[[R | None], Awaitable[None]] | None = None) -> R | None:
        """A sweep's turn for ``actor``: it opens by claiming its item and the learner with ``claim`` (which on
        PostgreSQL skips rows another process holds, rather than waiting for them), then runs ``work`` in the
        same transaction. None, with nothing done, when there was nothing to claim."""
        async def once() -> R | None:
            async with self._uow() as uow:
                claimed = await claim(uow)
                if claimed is None:
                    return None
                item, owner = claimed
                return await work(Turn(actor, uow, owner, self.words_of(owner)), item)

        return await self._take_turn(actor, once, after)  # this process's own actions still take turns

    async def run_unlocked(self, work: Callable[[UnitOfWork], Awaitable[R]]) -> R:
        """A transaction about nobody in particular (a sweep's look-up, a link)."""
        async def once() -> R:
            async with self._uow() as uow:
                return await work(uow)
        return await self._retry.run(once)

    async def words(self, actor: Actor, *, keep_new: bool = False) -> Localizer:
        """The bot's words for this person (their stored language, else this event's hint); writes only a new
        hint. ``keep_new``: someone new whose event brings a hint (a bystander's button press on Discord) is stored
        with it, so their next event without one (a poll vote) speaks it too rather than the place's language."""
        async def read(turn: Turn) -> Localizer:
            if keep_new and turn.user is None and normalize_language(actor.language_hint):
                await self.ensure_user(turn)
                await turn.uow.commit()
            return turn.words
        return await self.run(actor, read, create_user=False)

    async def ensure_user(self, turn: Turn) -> None:
        """Store the turn's actor if the turn was opened without creating them."""
        if turn.user is None:
            turn.user = await turn.uow.users.add(_new_user(turn.actor))
            turn.words = await self._words(turn.uow, turn.user, turn.actor)

    def words_for(self, user: UserRecord | None, actor: Actor) -> Localizer:
        """The stored choice, then this event's hint (else the last one seen, else the place's), then English."""
        hint = actor.language_hint if normalize_language(actor.language_hint) else (
            user.last_hint if user is not None and user.last_hint else actor.place_hint)
        return self._texts.for_language(choose_language(user.language if user else None, hint))

    async def _words(self, uow: UnitOfWork, user: UserRecord | None, actor: Actor) -> Localizer:
        """``words_for``, the place's language being the one its admins chose for it when they did (read only when
        nothing of the person's own speaks), else the platform's hint of it."""
        if actor.place_id is not None and not normalize_language(actor.language_hint) and (
                user is None or (user.language is None and not user.last_hint)):
            chosen = await uow.chats.language(actor.platform, actor.place_id)
            if chosen is not None:
                actor = replace(actor, place_hint=chosen)
        return self.words_for(user, actor)

    def words_remembered(self, actor: Actor) -> Localizer:
        """Without the database (an error reply in an outage): ``words_for`` the person as this process last read
        them (their choice, then this event's hint, their last hint, the place's, English)."""
        remembered = self._remembered.get((actor.platform, actor.user_id))
        if remembered is None:
            return self.words_for(None, actor)
        language, last_hint = remembered
        return self.words_for(UserRecord(actor.platform, actor.user_id, language=language, last_hint=last_hint), actor)

    def _remember(self, actor: Actor, user: UserRecord | None) -> None:
        key = (actor.platform, actor.user_id)
        if user is None or (user.language is None and not user.last_hint):
            self._remembered.pop(key, None)
            return
        self._remembered[key] = (user.language, user.last_hint)
        self._remembered.move_to_end(key)
        if len(self._remembered) > REMEMBERED_LANGUAGES:
            self._remembered.popitem(last=False)

    def words_of(self, user: UserRecord) -> Localizer:
        """For events with no hint of their own (a sweep): the stored choice, else the last hint seen."""
        return self._texts.for_language(choose_language(user.language, user.last_hint))

    async def _take_turn(self, actor: Actor, attempt: Callable[[], Awaitable[R]],
                         after: Callable[[R], Awaitable[None]] | None) -> R:
        """``attempt`` (tried again after a lost race) under ``actor``'s lock, then ``after`` its result."""
        async with self._locks.of(actor):
            result = await self._retry.run(attempt)
            if after is not None:
                await after(result)
            return result

    async def _once(self, make: UnitOfWorkFactory, actor: Actor, work: Callable[[Turn], Awaitable[R]],
                    create_user: bool, heard: bool) -> tuple[R, bool, bool]:
        """The work's result, whether the learner's hint was new, and whether their reminders came back on
        without the work committing them."""
        hinted = False
        async with make() as uow:
            user = await uow.users.get(actor.platform, actor.user_id)  # locked first: see UserRepository.get
            if user is None:
                # A newcomer's own hint is kept, alone after the turn if its work commits nothing (_keep_alone).
                hinted = actor.keeps_hint and normalize_language(actor.language_hint) is not None
                user = await uow.users.add(_new_user(actor)) if create_user else None
            else:
                hinted = _new_hint(user, actor)
            # Back on before the work, so what it says (/reminders alone) and plans (/timezone) sees them on.
            back = heard and actor.reaches_privately and user is not None and back_on(user, self._clock())
            # Written with the work's own commit only: a write of a turn that commits nothing would lose the
            # transaction it shares with other learners' answers (storage/shared_transaction.py); _keep_alone
            # then keeps it alone.
            kept_at_commit = _KeptAtCommit(uow, user if hinted else None, user if back else None)
            result = await work(Turn(actor, kept_at_commit, user, await self._words(uow, user, actor)))
            self._remember(actor, user)  # after the work: a choice made in this very turn (/language) counts
        return result, hinted, back and not kept_at_commit.back_kept

    async def _keep_alone(self, actor: Actor, back: bool) -> None:
        """A new hint, or reminders back on for a learner who spoke (``back``), kept in a transaction of their own
        when the turn's work committed nothing (/help, a quiz list): later events without a hint (a sweep's, a
        reminder) speak it. Rare. Best-effort: its turn's work succeeded, so a failure here (a busy or closing
        database) is logged, and the next event from the learner tries again."""
        async def keep() -> None:
            async with self._uow() as uow:
                user = await uow.users.get(actor.platform, actor.user_id)
                if user is None:  # a newcomer whose turn stored nothing: with the hint they keep (Actor.keeps_hint)
                    if actor.keeps_hint and normalize_language(actor.language_hint):
                        await uow.users.add(_new_user(actor))
                        await uow.commit()
                    return
                hinted = _new_hint(user, actor)
                if back and back_on(user, self._clock()):
                    await uow.users.update(user)  # the whole record: its new hint too
                elif hinted:
                    await uow.users.note_hint(user)
                else:
                    return
                await uow.commit()
        try:
            await self._retry.run(keep)
        except Exception as error:
            what = "turn reminders back on (or keep a new language hint)" if back else "keep a new language hint"
            log_briefly(log, logging.WARNING, error, f"could not {what}")


def _new_user(actor: Actor) -> UserRecord:
    return UserRecord(actor.platform, actor.user_id, last_hint=normalize_language(actor.language_hint))


def _new_hint(user: UserRecord, actor: Actor) -> bool:
    """Note the platform's latest language hint on ``user``, for later events that carry none (stored with
    users.note_hint); whether it was new."""
    hint = normalize_language(actor.language_hint)
    if hint is None or hint == user.last_hint:
        return False
    user.last_hint = hint
    return True


class _KeptAtCommit:
    """A turn's unit of work that writes its learner's new hint (or reminders back on) just before the work commits,
    with it."""

    def __init__(self, uow: UnitOfWork, hinted: UserRecord | None, back: UserRecord | None) -> None:
        self._uow, self._hinted, self._back = uow, hinted, back
        self.back_kept = False  # whether the reminders back on were written with the work's commit
        self.users, self.sessions, self.answers, self.links = uow.users, uow.sessions, uow.answers, uow.links
        self.cards, self.reviews, self.games, self.chats = uow.cards, uow.reviews, uow.games, uow.chats
        self.content = uow.content

    async def __aenter__(self) -> Self:
        return self  # the turn's own block begins and ends the unit of work

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        return None

    async def commit(self) -> None:
        if self._back is not None:  # the whole record: its new hint too
            await self._uow.users.update(self._back)
            self._back = self._hinted = None
        if self._hinted is not None:
            await self._uow.users.note_hint(self._hinted)
            self._hinted = None
        await self._uow.commit()
        self.back_kept = self.back_kept or self._back is None

"""/review: a round of the learner's due questions, mixed across quizzes, most overdue first."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime

from bot import views
from bot.calendar import end_of_day, local_day
from bot.content.models import Quiz, localized
from bot.dates import full_date
from bot.delivery import Target
from bot.due_cards import count_due, due_cards, held_back, next_due
from bot.i18n import Localizer
from bot.notices import (
    asked_above,
    game_of_it_here,
    review_already_started,
    review_held_for_the_game,
)
from bot.ports import SessionAlreadyActive
from bot.records import CardRecord, MessageLink, QuizSession, SessionState
from bot.replies import Actor, NothingDue, Notice, NoticeCode, Started, Summary
from bot.review_quiz import REVIEW_QUIZ_ID, earlier_days_round, ref
from bot.sessions import new_session
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.game_holds import open_quiz, played_here, review_waits
from bot.usecases.leaving import time_out_if_overdue, time_out_left
from bot.usecases.resuming import asked_a_moment_ago, asked_just_now, resume, was_away

ROUND = 10  # questions per review round: a few minutes, the most overdue first
# /quiz alone's reply in place of a review round, given the polls of the round of an earlier day it ended.
Instead = Callable[[tuple[MessageLink, ...]], Awaitable[Started | Summary | Notice]]


def interleaved(cards: list[CardRecord]) -> list[CardRecord]:
    """Most overdue first, then taking turns between quizzes, so a round mixes topics (interleaving helps
    learners tell related ideas apart better than blocks of one topic)."""
    queues: OrderedDict[str, list[CardRecord]] = OrderedDict()
    for card in cards:
        queues.setdefault(card.quiz_id, []).append(card)
    mixed: list[CardRecord] = []
    while queues:
        for quiz_id in list(queues):
            mixed.append(queues[quiz_id].pop(0))
            if not queues[quiz_id]:
                del queues[quiz_id]
    return mixed


def _intro(_: Localizer, round_quiz: Quiz, resumed: bool, in_round: int, due_in_all: int,
           one_quiz: Quiz | None, away: bool = False) -> str:
    """What the round begins with; when more are due than a round holds, how many are due in all. ``one_quiz``:
    the quiz every question of the round comes from, if only one: named, as the round is no mix. ``away``: the
    learner left the round resumed."""
    if resumed:
        return views.welcome_back(round_quiz, _, away)
    title = localized(one_quiz.title, _.language) if one_quiz is not None else ""
    if due_in_all > in_round and one_quiz is not None:
        return _.ngettext("Review: {n} question is due. Here are the {count} most overdue, all from {title}; the rest "
                          "come in your next round.",
                          "Review: {n} questions are due. Here are the {count} most overdue, all from {title}; the "
                          "rest come in your next round.", due_in_all, count=in_round, title=title)
    if due_in_all > in_round:
        return _.ngettext("Review: {n} question is due. Here are the {count} most overdue, mixed from your quizzes; "
                          "the rest come in your next round.",
                          "Review: {n} questions are due. Here are the {count} most overdue, mixed from your quizzes; "
                          "the rest come in your next round.", due_in_all, count=in_round)
    if one_quiz is not None:
        return _.ngettext("Review: {n} question is due, from {title}.",
                          "Review: {n} questions are due, all from {title}, most overdue first.", in_round,
                          title=title)
    return _.ngettext("Review: {n} question is due, from your quizzes.",
                      "Review: {n} questions are due, mixed from your quizzes, most overdue first.", in_round)


class Reviewing:
    def __init__(self, core: Core) -> None:
        self._core = core

    async def start(self, actor: Actor, surface: Target | None = None, *, shared: bool = False,
                    pressed: bool = False) -> Started | Summary | Notice:
        """Resume the learner's review round, or start one over their due questions, or say when the next is.
        ``shared``: as Playing.start's. ``pressed``: by a button, whose press again seconds after its round's question
        was asked (a double tap) asks nothing, as a quiz's button (Playing.start_by_id); typed, it is asked again."""
        return await self._core.turns.run(actor, lambda turn: self.start_in(turn, shared, pressed),
                                          after=self._core.delivering(actor, surface))

    async def start_in(self, turn: Turn, shared: bool, pressed: bool, *,
                       instead: Instead | None = None) -> Started | Summary | Notice:
        """``start`` in a turn already running. ``instead``: for /quiz alone, its latest quiz a review round of an
        earlier day: with nothing due now, what /quiz does in its place (resumes another quiz open, or says none is
        in progress; it commits), given the ended round's poll to take away."""
        core, _, uow = self._core, turn.words, turn.uow
        leaving = await uow.sessions.active(turn.user_id)  # the quiz played until now, if another
        session = await uow.sessions.active(turn.user_id, REVIEW_QUIZ_ID)
        left_before: tuple[MessageLink, ...] = ()  # the poll of a round of an earlier day, ended here
        if session is not None and earlier_days_round(session, core.clock(), turn.user):
            left_before = await self._end_earlier_round(turn, session)
            leaving = None if leaving is not None and leaving.id == session.id else leaving
            session = None
        resumed = session is not None
        away = False  # the learner left the round resumed (was_away): welcomed back
        asked: MessageLink | None = None  # the message that asked a resumed round's open question
        due_in_all, one_quiz = 0, None
        here = await played_here(uow, turn.actor)  # the quiz of this chat's game: none of it is asked here meanwhile
        if session is None:
            now = core.clock()
            # What is due today on the learner's clock, as /progress and the reminders count it.
            until = end_of_day(now, turn.user.time_zone if turn.user else None)
            # The quizzes the learner plays in live group games wait: their answers would give the game's away.
            held = await held_back(uow, turn.user_id) | ({here} if here else set())
            cards = await uow.cards.of_user(turn.user_id)
            due = await due_cards(uow, core.library.catalog, turn.user_id, until, ROUND, leave_out=held, cards=cards)
            if len(due) == ROUND:  # a full round may leave some for the next: the intro says how many are due
                due_in_all = count_due(cards, core.library.catalog, until, leave_out=held)
            refs = [ref(card.quiz_id, card.question_id) for card in interleaved(due)]
            if len(quizzes := {card.quiz_id for card in due}) == 1:
                one_quiz = core.library.catalog.get(quizzes.pop())
            if not refs:
                if instead is not None:  # the learner asked for their quiz, not for a review
                    return await instead(left_before)
                notice = (await self._held(turn, until, here) if held else None) or await self._nothing_due(turn, held)
                await uow.commit()  # the cards parked on the way
                return replace(notice, left_behind=left_before)
            # Read before a time-out moves the quiz left on: its poll, over or not, asks nothing any more.
            left_behind = left_before + await core.left_behind(uow, turn.actor, None, leaving)
            # Before the round is added: after, the quiz left would look left for it before its time ran out.
            await time_out_left(core, turn, None, leaving)
            session = new_session(core.quiz_of_refs(refs), user_id=turn.user_id, chat_id=turn.actor.chat_id,
                                  question_ids=refs, rng=core.rng, now=now)
            try:
                await uow.sessions.add(session)
            except SessionAlreadyActive:  # started in another process a moment ago: carry on with that one
                session = await uow.sessions.active(turn.user_id, REVIEW_QUIZ_ID)
                if session is None:
                    raise
                asked = await core.asked_before(uow, turn.actor, session)
                if pressed and await asked_just_now(core, uow, session, asked):
                    return review_already_started(_, turn.actor.chat_id)  # the same press, handled there
                resumed = True
        else:
            if refused := await review_waits(core, uow, session, _, turn.actor.chat_id):  # its question: a game's
                return refused
            if here is not None and open_quiz(session) == here:
                return game_of_it_here(core.library.catalog.get(here) or here, _, turn.actor.chat_id)
            asked = await core.asked_before(uow, turn.actor, session)  # read once: before a time-out, as below
            if shared and await asked_a_moment_ago(core, uow, turn.actor, session, asked):
                return asked_above(_, "/review", turn.actor.chat_id)
            if pressed and await asked_just_now(core, uow, session, asked):
                return review_already_started(_, turn.actor.chat_id)  # a button pressed twice: its question asked once
            away = await was_away(core, uow, session)  # before anything moves
            session.chat_id = turn.actor.chat_id or session.chat_id
            left_behind = await core.left_behind(uow, turn.actor, session, leaving)  # before a time-out, as above
            await time_out_left(core, turn, session, leaving)
        quiz = core.quiz_of(session)
        if quiz is None:
            raise RuntimeError("a review round always has a quiz")
        notices: tuple[str, ...] = ()
        asked_before: MessageLink | None = None
        if resumed:  # its clock as resuming a quiz sets it: the full time after another quiz, or "Time's up!"
            back = await resume(core, uow, quiz, session, _, asked, turn.actor.platform)
            session, notices, asked_before = back.session, back.notices, back.asked_before
        shown = await core.stepper.step(uow, quiz, session, _, notices)
        await uow.commit()
        if isinstance(shown, Summary):
            # Its notices: those passed and its own; the polls left behind go as a question's would.
            return replace(shown, asked_before=asked_before, left_behind=left_behind)
        intro = _intro(_, quiz, resumed, shown.total, due_in_all, one_quiz, away)
        return Started(question=shown, resumed=resumed, intro=intro, language=_.language, asked_before=asked_before,
                       left_behind=left_behind)

    async def _end_earlier_round(self, turn: Turn, session: QuizSession) -> tuple[MessageLink, ...]:
        """End a round begun on an earlier day of the learner's clock, as /stop ends one (its answers kept, its open
        question timed out if its time ran out): it asks what was due then, and the learner expects today's round
        of what is due now (its questions not answered since are due still). Its poll, to take away."""
        core = self._core
        poll = await core.left_behind(turn.uow, turn.actor, None, session)  # read before a time-out moves it on
        await time_out_if_overdue(core, turn, session)
        moved = session.updated_at
        core.stepper.close(session, SessionState.STOPPED)
        session.updated_at = moved  # no move of the learner's: else the quiz they play now would look left for it
        await turn.uow.sessions.update(session)
        return poll

    async def _held(self, turn: Turn, until: datetime, here: str | None) -> Notice | None:
        """Said when the only questions due are of quizzes the learner plays in live group games, or of ``here``'s
        (the quiz of the chat's game), all left out."""
        _, catalog = turn.words, self._core.library.catalog
        first = next(iter(await due_cards(turn.uow, catalog, turn.user_id, until, 1, leave_out=frozenset())), None)
        quiz = catalog.get(first.quiz_id) if first else None
        if quiz is None:
            return None
        if quiz.id == here and await turn.uow.games.live_played_by(turn.user_id, quiz.id) is None:  # not theirs
            return game_of_it_here(quiz, _, turn.actor.chat_id)
        return review_held_for_the_game(quiz, _, turn.actor.chat_id)

    async def _nothing_due(self, turn: Turn, held: frozenset[str]) -> Notice:
        """When the next review is, as a date in the learner's time zone, and a quiz they haven't played yet: not
        one of ``held`` (a live game's, which /quiz would refuse them now); none with a quiz under way, whose open
        question is what to do next, unless a live game holds it too."""
        _, uow, user = turn.words, turn.uow, turn.user
        upcoming = next_due(await uow.cards.of_user(turn.user_id), self._core.library.catalog)
        if upcoming is None:
            lines = [_("Nothing to review yet: questions come back for review after you answer them in a quiz.")]
        else:
            day = local_day(upcoming, user.time_zone if user else None)
            lines = [_("Nothing is due for review right now. Your next review: {date}.",
                       date=full_date(day, _.language))]
        under_way = await uow.sessions.active(turn.user_id)
        # Its open question is the next step; not while a live game holds its quiz (an answer to it waits for the game)
        if under_way is not None and self._core.quiz_of(under_way) is not None and under_way.quiz_id not in held:
            return Notice("\n".join(lines), NoticeCode.NOTHING_DUE, _.language, turn.actor.chat_id)
        played = {result.quiz_id for result in await uow.sessions.results(turn.user_id)}
        fresh = next((quiz for quiz in self._core.library.catalog.quizzes
                      if quiz.id not in played and quiz.id not in held), None)
        if fresh is None:
            return Notice("\n".join(lines), NoticeCode.NOTHING_DUE, _.language, turn.actor.chat_id)
        # Its title only: how to start it is the surface's to say (a button on Telegram, a command elsewhere).
        title = localized(fresh.title, _.language)
        lines.append(_("Meanwhile, try a quiz you haven't played yet: {title}.", title=title))
        return NothingDue("\n".join(lines), NoticeCode.NOTHING_DUE, _.language, turn.actor.chat_id,
                          fresh=views.quiz_entries([fresh], _)[0])

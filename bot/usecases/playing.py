"""Starting, resuming, stopping and retrying quizzes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot import views
from bot.content.models import Quiz, localized
from bot.delivery import Target
from bot.notices import (
    already_started,
    asked_above,
    dead_end,
    game_of_it_here,
    named_quiz,
    no_quiz_in_progress,
    nothing_to_resume,
    playing_in_a_game,
    quiz_not_found,
    quiz_title,
)
from bot.ports import SessionAlreadyActive, UnitOfWork
from bot.records import MessageLink, QuizSession, SessionState
from bot.replies import Actor, Notice, NoticeCode, Started, Stopped, Summary
from bot.review_quiz import REVIEW_QUIZ_ID, earlier_days_round
from bot.sessions import new_session
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.game_holds import open_quiz, played_here, review_retry_held, review_waits
from bot.usecases.leaving import time_out_if_overdue, time_out_left
from bot.usecases.resuming import asked_a_moment_ago, asked_just_now, resume, shown_since, was_away
from bot.usecases.retry_rounds import RetryReads
from bot.usecases.reviewing import Reviewing


class Playing:
    def __init__(self, core: Core) -> None:
        self._core = core
        self._reviewing = Reviewing(core)

    async def start(self, actor: Actor, reference: str | None = None, surface: Target | None = None, *,
                    shared: bool = False) -> Started | Summary | Notice:
        """Start a quiz by id or topic, or resume it; with no reference, resume the latest quiz. ``shared``: the
        actor's chat is a group's, where the question asked there a moment ago is not asked again."""
        reference = reference.strip() if reference else None  # blank: as if none were given, resume
        return await self._core.turns.run(actor, lambda turn: self._start(turn, reference, shared=shared),
                                          after=self._core.delivering(actor, surface))

    async def start_by_id(self, actor: Actor, quiz_id: str, surface: Target | None = None, *,
                          shared: bool = False) -> Started | Summary | Notice:
        """As ``start``, for the quiz with exactly this id (a button's): a quiz a reload removed is no quiz, not
        another that its id happens to name by tag or in part."""
        return await self._core.turns.run(actor, lambda turn: self._start(turn, quiz_id, exact=True, shared=shared),
                                          after=self._core.delivering(actor, surface))

    async def _start(self, turn: Turn, reference: str | None, *, exact: bool = False,
                     shared: bool = False) -> Started | Summary | Notice:
        core, _, uow = self._core, turn.words, turn.uow
        catalog = core.library.catalog
        quiz: Quiz | None = None
        leaving: QuizSession | None = None  # the quiz played until now, if another
        if reference:
            named = (catalog.get(reference) or quiz_not_found(reference, _)) if exact \
                else named_quiz(catalog, reference, _)
            if isinstance(named, Notice):  # none, or several to choose from
                return named
            quiz = named
            leaving = await uow.sessions.active(turn.user_id)
            session = await uow.sessions.active(turn.user_id, quiz.id)
        else:
            session = await uow.sessions.active(turn.user_id)
            if session is None:
                return nothing_to_resume(_, turn.actor.chat_id)
            if earlier_days_round(session, core.clock(), turn.user):  # today's round, as /review
                return await self._reviewing.start_in(
                    turn, shared, pressed=False, instead=lambda polls: self._instead(turn, polls, shared=shared))
            quiz = core.quiz_of(session)
            if quiz is None:
                closed = await core.stepper.close_removed_quiz(uow, session, _)
                await uow.commit()
                return closed
        return await self._carry_on(turn, quiz, session, leaving, exact=exact, shared=shared)

    async def _instead(self, turn: Turn, polls: tuple[MessageLink, ...], *,
                       shared: bool) -> Started | Summary | Notice:
        """/quiz alone once the review round of an earlier day it found latest is ended with nothing due today: the
        quiz open besides it resumed, as /quiz alone resumes one, else none in progress. ``polls``: the ended
        round's, to take away with the reply (a vote there would answer "That question is no longer open.")."""
        core, _, uow = self._core, turn.words, turn.uow
        session = await uow.sessions.active(turn.user_id)
        quiz = core.quiz_of(session) if session is not None else None
        reply: Started | Summary | Notice
        if session is None:
            reply = nothing_to_resume(_, turn.actor.chat_id)
        elif quiz is None:
            reply = await core.stepper.close_removed_quiz(uow, session, _)
        else:
            reply = await self._carry_on(turn, quiz, session, None, exact=False, shared=shared)
        if isinstance(reply, Notice):  # committed nothing (_carry_on commits only what it shows)
            await uow.commit()  # the round's end, and the cards parked on the way
        return replace(reply, left_behind=polls + reply.left_behind)

    async def _carry_on(self, turn: Turn, quiz: Quiz, session: QuizSession | None, leaving: QuizSession | None, *,
                        exact: bool, shared: bool) -> Started | Summary | Notice:
        """``_start`` once the quiz is known: ``session``, its round open, if any, resumed, else one started;
        ``leaving``: the quiz played until now, if another. A Notice (refused) commits nothing."""
        core, _, uow = self._core, turn.words, turn.uow
        if await uow.games.live_played_by(turn.user_id, quiz.id) is not None:
            return playing_in_a_game(quiz, _, turn.actor.chat_id)
        if session is not None and (held := await review_waits(core, uow, session, _, turn.actor.chat_id)):
            return held  # a review round resumed at a question of the game's quiz: asking it again would show it
        if (here := await played_here(uow, turn.actor)) == ((open_quiz(session) if session else None) or quiz.id):
            return game_of_it_here(core.library.catalog.get(here) or here, _, turn.actor.chat_id)
        # The message that asked the open question, read once: before a time-out moves the session on.
        asked = await core.asked_before(uow, turn.actor, session) if session is not None else None
        if shared and session is not None and await asked_a_moment_ago(core, uow, turn.actor, session, asked):
            return asked_above(_, "/quiz", turn.actor.chat_id)
        if exact and session is not None and await asked_just_now(core, uow, session, asked):
            return already_started(_, turn.actor.chat_id)  # a button pressed twice: its question asked once
        if session is not None and shown_since(session, asked, turn.actor.sent_at):
            return already_started(_, turn.actor.chat_id)  # handled before a crash: its question asked once
        # Read before a time-out moves the quiz left on: its poll, over or not, asks nothing any more.
        left_behind = await core.left_behind(uow, turn.actor, session, leaving)
        away = session is not None and await was_away(core, uow, session)  # before anything moves
        # Before the new round is added: after, the quiz left would look left for it before its time ran out.
        await time_out_left(core, turn, session, leaving)
        resumed = session is not None
        if session is None:
            session = new_session(quiz, user_id=turn.user_id, chat_id=turn.actor.chat_id, question_ids=None,
                                  rng=core.rng, now=core.clock())
            try:
                await uow.sessions.add(session)
            except SessionAlreadyActive:  # another process started it a moment ago: carry on with that one
                session = await uow.sessions.active(turn.user_id, quiz.id)
                if session is None:
                    raise
                asked = await core.asked_before(uow, turn.actor, session)
                if exact and await asked_just_now(core, uow, session, asked):
                    return already_started(_, turn.actor.chat_id)  # the same press, handled there
                resumed = True
        elif turn.actor.chat_id is not None:
            session.chat_id = turn.actor.chat_id  # continue wherever the learner is now
        notices: tuple[str, ...] = ()
        asked_before: MessageLink | None = None
        if resumed:
            back = await resume(core, uow, quiz, session, _, asked, turn.actor.platform)
            session, notices, asked_before = back.session, back.notices, back.asked_before
        shown = await core.stepper.step(uow, quiz, session, _, notices)
        await uow.commit()
        if isinstance(shown, Summary):
            # Its notices: those passed and its own; the polls left behind go as a question's would.
            return replace(shown, asked_before=asked_before, left_behind=left_behind)
        title = localized(quiz.title, _.language)  # outside the call: pybabel reads "_." in it as a message of _'s
        intro = (views.welcome_back(quiz, _, away) if resumed else
                 _.ngettext("{title}: {n} question. Good luck!", "{title}: {n} questions. Good luck!", shown.total,
                            title=title))
        return Started(question=shown, resumed=resumed, intro=intro, language=_.language, asked_before=asked_before,
                       left_behind=left_behind)

    async def _in_front(self, session: QuizSession, asked: MessageLink | None, uow: UnitOfWork) -> bool:
        """Whether the session's open question is in front of the learner: its poll (``asked``) still open, or, no
        message linked (Discord's private buttons link none; another process may be sending it), shown seconds ago
        (resuming.asked_just_now)."""
        if asked is None:
            return await asked_just_now(self._core, uow, session, None)
        return not await self._core.paused(uow, session)

    async def stop(self, actor: Actor,
                   close_message: Callable[[MessageLink], Awaitable[object]] | None = None) -> Stopped | Notice:
        """Stop the learner's latest quiz (Stopped: with the retry of what it missed on offer); ``close_message``
        is given the message that asked its open question on the actor's platform, if any (a Discord poll stays
        open to votes until it is ended)."""
        async def stop(turn: Turn) -> tuple[Stopped | Notice, MessageLink | None]:
            _ = turn.words
            session = await turn.uow.sessions.active(turn.user_id)
            if session is None:
                return no_quiz_in_progress(_, await self._core.game_in_chat(turn.uow, actor)), None
            asked = await self._core.closable(turn.uow, actor, session) if close_message is not None else None
            await time_out_if_overdue(self._core, turn, session)  # rated forgotten, offered by the retry
            self._core.stepper.close(session, SessionState.STOPPED)
            await turn.uow.sessions.update(session)
            if session.quiz_id == REVIEW_QUIZ_ID:
                await turn.uow.commit()
                return Notice(_("Review stopped. Your answers so far are saved."), language=_.language), asked
            # What a retry of it would ask, offered as under a summary (a quiz a reload removed has nothing); a
            # retry round stopped before anything in it was answered offers what it retried, as /retry would.
            reads = RetryReads(self._core, turn)
            retried = await reads.past_an_empty_round(session)
            missed = len(await reads.missed(retried))
            await turn.uow.commit()
            # Named: with several quizzes open, a second /stop stops one the learner may have forgotten.
            return Stopped(_("Quiz stopped: {title}. Your answers so far are saved.",
                             title=quiz_title(self._core.quiz_of(session) or session.quiz_id, _)),
                           language=_.language, session_id=retried.id, retry_offer=views.retry_offer(missed, _),
                           retry_label=views.retry_label(missed, _)), asked

        notice, asked = await self._core.turns.run(actor, stop)
        if close_message is not None and asked is not None:  # after the commit: the stop holds if closing fails
            await close_message(asked)
        return notice

    async def retry_missed(self, actor: Actor, session_id: str | None = None, surface: Target | None = None, *,
                           shared: bool = False) -> Started | Summary | Notice:
        """A new session over the questions an ended session got wrong or skipped; by default the learner's last
        quiz, finished or stopped (see ``RetryReads.last_quiz``). ``shared``: as ``start``'s."""
        return await self._core.turns.run(actor, lambda turn: self._retry(turn, session_id, shared),
                                          after=self._core.delivering(actor, surface))

    async def _retry(self, turn: Turn, session_id: str | None, shared: bool) -> Started | Summary | Notice:
        core, _, uow = self._core, turn.words, turn.uow
        reads = RetryReads(core, turn)
        finished = await (uow.sessions.get(session_id) if session_id is not None else reads.last_quiz())
        quiz = core.quiz_of(finished) if finished else None
        async def nothing() -> Notice:
            refusal = _("There is nothing to retry.")
            if (active := await reads.active()) is not None:  # a quiz under way: its open question is the next step
                if await reads.missed_so_far(active):  # offered under its summary, not yet
                    refusal = _("This quiz is still under way: /retry the questions you missed once it ends, or "
                                "after /stop.")
                return Notice(refusal, NoticeCode.NOTHING_TO_RETRY, _.language, turn.actor.chat_id)
            return dead_end(refusal, NoticeCode.NOTHING_TO_RETRY, _, turn.actor.chat_id)
        if finished is not None and finished.user_id != turn.user_id:  # a button under another's summary
            return Notice(_("This button belongs to someone else's quiz. Start your own with /quiz."),
                          NoticeCode.NOT_YOUR_SESSION, _.language, turn.actor.chat_id)
        if finished is None or quiz is None:
            return await nothing()
        if await uow.games.live_played_by(turn.user_id, quiz.id) is not None:
            return playing_in_a_game(quiz, _, turn.actor.chat_id)
        if await played_here(uow, turn.actor) == quiz.id:
            return game_of_it_here(quiz, _, turn.actor.chat_id)
        missed = await reads.missed(finished)
        if not missed or finished.state is SessionState.ACTIVE:
            return await nothing()
        current = await reads.active(quiz.id)
        already_retrying = current is not None and await reads.is_retry_of(current, finished)
        if quiz.id == REVIEW_QUIZ_ID:  # from any quiz: a game's waits, as /review leaves it out
            missed, refused = await review_retry_held(core, uow, turn.actor, turn.user_id, missed,
                                                      current if already_retrying else None, _)
            if refused is not None:
                return refused
        latest = await reads.active()
        # The poll of the round carried on with, read once: read before any round is stopped.
        asked_before: MessageLink | None = (await core.asked_before(uow, turn.actor, current)
                                            if current and already_retrying else None)
        if session_id is not None and current is not None and already_retrying and latest is not None \
                and latest.id == current.id and await self._in_front(current, asked_before, uow):
            # The same button again (a double tap) while its round's question is in front of the learner: the tap
            # is handled once; asking again would end the poll the learner is about to vote on. Not so if that
            # poll was closed (left for another quiz since) or never sent: then the question is asked again.
            # A retry typed again (the terminal names no summary) shows the question again, which costs nothing.
            return Notice(_("Your retry has already started: answer its question above, or send /quiz to see it "
                            "again."), NoticeCode.ALREADY_RETRYING, _.language, turn.actor.chat_id, here=True)
        if shared and current is not None and latest is not None and latest.id == current.id \
                and await asked_a_moment_ago(core, uow, turn.actor, current, asked_before):
            return asked_above(_, "/retry", turn.actor.chat_id)  # typed again in a group: as /quiz again there
        # The polls of the quiz played until now and of the round this retry replaces (read before it's stopped);
        # a retry again after another quiz (or typed again) resumes the round, its open question asked again.
        left_behind = await core.left_behind(uow, turn.actor, current if already_retrying else None, latest, current)
        # The quiz played until now, if another, and the round this retry replaces, before either moves: their
        # questions whose time ran out time out (the replaced round's before it is stopped, as /stop does).
        await time_out_left(core, turn, current, latest)
        if current is not None and not already_retrying:
            await time_out_if_overdue(core, turn, current)
        notices: tuple[str, ...] = ()
        if current is not None and already_retrying:  # again after another quiz, or typed: carry on with it
            away = await was_away(core, uow, current)  # not moved yet: time_out_left moved the other quiz only
            back = await resume(core, uow, quiz, current, _, asked_before, turn.actor.platform)
            session, notices, asked_before = back.session, back.notices, back.asked_before
        else:
            if current is not None:  # one active session per quiz: the retry replaces it
                core.stepper.close(current, SessionState.STOPPED)
                await uow.sessions.update(current)
            session = new_session(quiz, user_id=turn.user_id, chat_id=turn.actor.chat_id or finished.chat_id,
                                  question_ids=missed, rng=core.rng, now=core.clock(), retry_round=True)
            await uow.sessions.add(session)
        # As polls if the round resumed was (its question's poll), or else the quiz retried.
        polls = asked_before is not None if already_retrying else await core.played_as_polls(uow, turn.actor, finished)
        shown = await core.stepper.step(uow, quiz, session, _, notices)
        await uow.commit()
        if isinstance(shown, Summary):  # a round resumed at its last question, whose time ran out meanwhile
            # Its notices: those passed and its own; the polls left behind go as a question's would.
            return replace(shown, asked_before=asked_before, left_behind=left_behind)
        intro = (views.welcome_back(quiz, _, away)
                 if already_retrying else  # back from another quiz, or typed again: the same round goes on
                 _.ngettext("Another go at the question you missed.", "Another go at the {n} questions you missed.",
                            len(missed)))
        if current is not None and not already_retrying:  # said: its unanswered questions are left behind
            intro += " " + _("The round of this quiz you had open is stopped; your answers in it are saved.")
        return Started(question=shown, resumed=already_retrying, intro=intro, language=_.language,
                       asked_before=asked_before, left_behind=left_behind, played_as_polls=polls)

"""Moving a session to where it stands and saving it: its current question (with the question's clock
started and its option order recorded) or, at the end, its summary, which names another quiz of the learner's
still open. It writes; only use cases commit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from itertools import takewhile

from bot import sessions, summary_view, views
from bot.asked_links import still_asking
from bot.content.library import ContentLibrary
from bot.content.models import Quiz, localized
from bot.due_cards import due_today
from bot.i18n import Localizer
from bot.memory import rating_for
from bot.ports import UnitOfWork
from bot.records import AnswerRecord, QuizSession, SessionState
from bot.replies import Notice, NoticeCode, QuestionView, Summary
from bot.review_quiz import REVIEW_QUIZ_ID, earlier_days_round, quiz_of_question, split_ref
from bot.time_limits import QuestionTimer, time_up_notice


class SessionStepper:
    def __init__(self, clock: Callable[[], datetime], timer: QuestionTimer, library: ContentLibrary) -> None:
        self._clock = clock
        self._timer = timer
        self._library = library  # the titles of the learner's other open quizzes, for a summary

    async def step(self, uow: UnitOfWork, quiz: Quiz, session: QuizSession, _: Localizer,
                   notices: tuple[str, ...] = (), *, shown: bool = True,
                   asked_again: bool = False) -> QuestionView | Summary:
        """Save the session at its current question, skipping ones a reload removed and, in a review round, ones
        answered elsewhere since it began; the summary at the end, which carries ``notices`` too.

        ``shown=False`` when nobody will see the question now (e.g. private buttons after a time-out):
        its clock then starts when it is shown later. ``asked_again``: the open question shown once more, its
        poll lost: a live group game may hold it (``_held``). A review round passes over the questions of a quiz a
        live group game plays (``games_holding``), as /review leaves them out when it starts: asked, a Telegram
        quiz poll would show the game's answer once voted.
        """
        removed = meanwhile = 0
        games: set[str] | None = None  # in a review round, the quizzes live group games hold: read once, if needed
        left_out: dict[str, int] = {}  # how many of each such quiz's questions were passed over
        while (question_id := session.current_question_id) is not None:
            question = quiz.question(question_id)
            if question is not None and (elsewhere := await self.answered_meanwhile(uow, session, question_id)):
                meanwhile += 1  # answered in a quiz, a retry or a game since the round began: not due any more
                await uow.answers.add(elsewhere)
                session.advance()
                continue
            if question is not None and session.quiz_id == REVIEW_QUIZ_ID:
                games = games if games is not None else await self.games_holding(uow, session)
                if (held := quiz_of_question(session.quiz_id, question_id)) in games:
                    # A game began since the round did: its quiz poll would show the game's answer once voted.
                    # Skipped (no review: it stays due), so the round goes on with the other quizzes.
                    left_out[held] = left_out.get(held, 0) + 1
                    # Passed over, never asked: the round doesn't count it (its numbering, score and retry), as the
                    # notice says it was left out and stays due for the next /review, not missed in this one.
                    unshown = AnswerRecord(session.id, question_id, None, False, self._clock(), asked=False)
                    await uow.answers.add(unshown)
                    session.advance()
                    continue
            if question is not None:
                # What is shown is what an answer is judged against, even if a reload changes the options later.
                before = session.option_orders.get(question_id, [])
                session.option_orders[question_id] = views.shown_options(question, before)
                if sorted(before) != sorted(session.option_orders[question_id]) \
                        or session.shown_key(question_id) not in (None, question.answer) \
                        or session.shown_options(question_id) not in (None, question.options_digest):
                    # A reload changed its options (or what they say) or its key since it was shown: a new question to
                    # the learner, to read afresh, so its clock starts again, not with the seconds the old one had
                    # left (maybe 1).
                    session.question_deadline = None
                if shown:  # one nobody sees now is not kept as shown: QuestionTimer.unshown
                    session.shown_with(question_id, question.answer, question.options_digest, question.content_hash)
                now = self._clock()
                session.updated_at = now
                if shown and await self._held(uow, session, question_id, any_round=asked_again):
                    session.question_deadline = None  # a clock that ran before the game held it stops
                elif shown:
                    self._timer.arm(session, now)
                await uow.sessions.update(session)
                notices += _removed(removed, _) + _meanwhile(meanwhile, _) + self._left_out(left_out, _)
                return views.question_view(quiz, session, question, _, notices, now,
                                           unasked=await never_asked(uow, quiz, session))
            removed += 1
            # The open question, shown before the reload removed it, was asked: a review round still counts it.
            await uow.answers.add(AnswerRecord(session.id, question_id, None, False, self._clock(),
                                               asked=session.showing(question_id)))
            session.advance()
        self.close(session, SessionState.FINISHED)
        await uow.sessions.update(session)
        summary = await self.summary(uow, quiz, session, _)
        # The notices passed in too; and the questions removed at the end: a review round's, never asked, are no
        # line of its summary, and would end it short of its count without a word.
        return replace(summary, notices=notices + _removed(removed, _) + _meanwhile(meanwhile, _)
                       + self._left_out(left_out, _))

    async def summary(self, uow: UnitOfWork, quiz: Quiz, session: QuizSession, _: Localizer) -> Summary:
        """The summary of a finished session (it reads only), naming another quiz of the learner's still open."""
        summary = summary_view.summary(quiz, session, await uow.answers.for_session(session.id), _)
        if quiz.id == REVIEW_QUIZ_ID and not summary.missed:  # its next step: another round, if more are due
            summary = await self._next_round(uow, session, summary, _)
        other = await uow.sessions.active(session.user_id)
        # The learner read only for a review round: their clock tells its day.
        if other is not None and other.quiz_id == REVIEW_QUIZ_ID and earlier_days_round(
                other, self._clock(), await uow.users.by_id(session.user_id)):
            other = None  # nothing to carry on: /review ends a round of an earlier day and starts today's
        return replace(summary, still_open=self.still_open(other, _)) if other is not None else summary

    async def _next_round(self, uow: UnitOfWork, session: QuizSession, summary: Summary, _: Localizer) -> Summary:
        """A review round's summary with nothing missed: when more questions are due today (counted as /progress
        counts them), to send /review for the next round rather than to choose a quiz. Read at a round's end only."""
        user = await uow.users.by_id(session.user_id)
        due = await due_today(uow, self._library.catalog, user, self._clock()) if user is not None else 0
        return replace(summary, more_due=due, next_step=views.more_due_today(due, _)) if due else summary

    async def answered_meanwhile(self, uow: UnitOfWork, session: QuizSession,
                                 question_id: str) -> AnswerRecord | None:
        """In a review round, the learner's latest answer to this question given elsewhere since the round began,
        as this round's answer to it (so its summary and retry count it as answered there); None if there was none.
        Asked again, it would be reviewed twice in minutes, and the round would ask what /progress no longer
        counts as due."""
        if session.quiz_id != REVIEW_QUIZ_ID:
            return None
        quiz_id, plain_id = split_ref(question_id)
        card = await uow.cards.get(session.user_id, quiz_id, plain_id)
        if card is None or card.last_review is None or card.last_review <= session.started_at:
            return None
        latest = max((review for review in await uow.reviews.of_user(session.user_id, session.started_at)
                      if (review.quiz_id, review.question_id) == (quiz_id, plain_id)),
                     key=lambda review: review.reviewed_at, default=None)
        option_id = latest.option_id if latest else None
        right = latest is not None and latest.rating == rating_for(True).value
        return AnswerRecord(session.id, question_id, option_id, right, self._clock())

    async def games_holding(self, uow: UnitOfWork, session: QuizSession) -> set[str]:
        """The quizzes a review round leaves out now, as /review leaves them out when it starts: those its learner
        plays in live group games, and the one a live game plays in the chat the round is asked in."""
        quizzes = set(await uow.games.live_quizzes_played_by(session.user_id))
        user = await uow.users.by_id(session.user_id) if session.chat_id is not None else None
        if user is not None and session.chat_id is not None \
                and (here := await uow.games.live_quiz_in(user.platform, session.chat_id)) is not None:
            quizzes.add(here)
        return quizzes

    def _left_out(self, left_out: dict[str, int], _: Localizer) -> tuple[str, ...]:
        """Said when a review round passed over questions of quizzes live group games play."""
        catalog = self._library.catalog
        return tuple(_left_out(_title(catalog.get(quiz_id), quiz_id, _.language), count, _)
                     for quiz_id, count in left_out.items())

    async def _held(self, uow: UnitOfWork, session: QuizSession, question_id: str, *, any_round: bool) -> bool:
        """Whether the open question of a quiz's own round, asked again (``any_round``: its poll lost), is of a quiz
        its learner plays in a live group game (the round takes no step meanwhile; a review round passes such
        questions over instead). Its clock doesn't start: a timed poll may close by itself (Telegram's do, showing
        the answer) while the game asks it. Untimed, its poll takes no vote that counts until the game is over;
        resuming starts its clock."""
        if self._timer.limit is None or session.quiz_id == REVIEW_QUIZ_ID or not any_round:
            return False
        return await uow.games.live_played_by(session.user_id, session.quiz_id) is not None

    def still_open(self, other: QuizSession, _: Localizer) -> str | None:
        """Said under a summary (else the next /stop acts on a quiz the learner had forgotten), and instead of a
        /skip of that paused quiz, whose question isn't shown any more. Nothing for a quiz a reload removed:
        starting it again would only close it."""
        if other.quiz_id == REVIEW_QUIZ_ID:
            return _("Your review round is still open: start a review again to carry on where you left off.")
        quiz = self._library.catalog.get(other.quiz_id)
        return (_("{title} is still in progress: start it again to carry on where you left off.",
                  title=localized(quiz.title, _.language)) if quiz else None)

    def close(self, session: QuizSession, state: SessionState) -> None:
        session.state = state
        session.updated_at = session.finished_at = self._clock()
        session.question_deadline = None

    async def close_removed_quiz(self, uow: UnitOfWork, session: QuizSession, _: Localizer) -> Notice:
        """Stop a session whose quiz a reload removed (the caller commits)."""
        self.close(session, SessionState.STOPPED)
        await uow.sessions.update(session)
        # The session's chat: a vote on its poll comes with no chat of its own to answer in.
        return Notice(_("This quiz has been removed, so your session was closed."), NoticeCode.QUIZ_NOT_FOUND,
                      _.language, session.chat_id)


def _removed(removed: int, _: Localizer) -> tuple[str, ...]:
    """Said when questions a reload removed were passed over: one notice for however many in a row."""
    if not removed:
        return ()
    return (_.ngettext("A question was removed from this quiz since you started, so it was skipped.",
                       "{n} questions were removed from this quiz since you started, so they were skipped.", removed),)


def _meanwhile(skipped: int, _: Localizer) -> tuple[str, ...]:
    """Said when a review round passed over questions the learner answered elsewhere since it began."""
    if not skipped:
        return ()
    # Not "skipped": that word means a question left unanswered, while these count as answered elsewhere.
    return (_.ngettext("You answered a question of this review elsewhere in the meantime, so it isn't asked again.",
                       "You answered {n} questions of this review elsewhere in the meantime, so they aren't asked "
                       "again.", skipped),)


def _title(quiz: Quiz | None, quiz_id: str, language: str) -> str:
    return localized(quiz.title, language) if quiz is not None else quiz_id


def _left_out(title: str, count: int, _: Localizer) -> str:
    # Not "skipped" alone: the learner didn't choose to; and they stay due, unlike a question answered elsewhere.
    return _.ngettext("A question of {title} was left out of this round: a group game is playing that quiz right "
                      "now. It stays due: send /review after the game.",
                      "{n} questions of {title} were left out of this round: a group game is playing that quiz "
                      "right now. They stay due: send /review after the game.", count, title=title)


async def never_asked(uow: UnitOfWork, quiz: Quiz, session: QuizSession) -> frozenset[str]:
    if session.quiz_id != REVIEW_QUIZ_ID:
        return frozenset()  # a quiz counts all its questions: the answers are read only for a review round
    # Read even with none missing now: one the round passed over while removed may be back.
    return sessions.never_asked(quiz, session, await uow.answers.for_session(session.id))


async def number_shown(uow: UnitOfWork, quiz: Quiz, session: QuizSession, position: int | None = None) -> int:
    """The number the session's question at ``position`` (else its current one) was shown with, as a skip or a
    time-out names it: "Question 2 skipped." after "Question 2 of 2", in a review round a reload shortened."""
    return views.number_shown(session, session.position if position is None else position,
                              await never_asked(uow, quiz, session))


async def time_up_said(uow: UnitOfWork, quiz: Quiz, session: QuizSession, _: Localizer,
                       position: int | None = None) -> str:
    """What the time-out of the session's question at ``position`` (else its current one) says: "Time's up!",
    naming it by its number as shown; or, for one a reload removed while it was open, that it was removed (the
    learner wasn't too slow: it was taken out of the quiz), as an answer to it in time is told."""
    at = session.position if position is None else position
    if quiz.question(session.question_ids[at]) is None:  # with those removed right after it, passed over with it
        return _removed(1 + len(removed_after(quiz, session, at)), _)[0]
    return time_up_notice(await number_shown(uow, quiz, session, at), _)


def removed_after(quiz: Quiz, session: QuizSession, position: int) -> list[str]:
    """The questions a reload removed right after the session's one at ``position``, up to one the quiz has."""
    after = session.question_ids[position + 1:]
    return list(takewhile(lambda question_id: quiz.question(question_id) is None, after))


async def pass_over_removed(uow: UnitOfWork, quiz: Quiz, session: QuizSession, now: datetime) -> None:
    """After a removed question timed out, the removed ones right after it, never shown, passed over with it as
    step() would: its time-out tells them all in one notice (time_up_said), not step() again after it."""
    for question_id in removed_after(quiz, session, session.position - 1):
        await uow.answers.add(AnswerRecord(session.id, question_id, None, False, now, asked=False))
        session.advance()


async def swept_last(uow: UnitOfWork, quiz: Quiz, session: QuizSession) -> int | None:
    """The position of the question the session's latest time-out left, before the removed ones passed over right
    after it, never shown (pass_over_removed, step): what a click after a sweep nobody saw names. None if the
    question there was answered, or skipped by hand (AnswerRecord.timed_out; before 0023, no time-out of its card
    logged since, at the same moment: a skip is no review). A question a reload removed is told as removed."""
    answers = {answer.question_id: answer for answer in await uow.answers.for_session(session.id)}
    at = session.position - 1
    while at >= 0 and (passed := answers.get(session.question_ids[at])) is not None and passed.asked is False:
        at -= 1
    left = answers.get(session.question_ids[at]) if at >= 0 else None
    if left is None or left.option_id is not None:
        return None
    if quiz.question(left.question_id) is None:
        return at
    if left.timed_out is not None:  # kept: a later time-out of its card (a /review round) made a skip pass for one
        return at if left.timed_out else None
    card = split_ref(left.question_id) if session.quiz_id == REVIEW_QUIZ_ID else (session.quiz_id, left.question_id)
    return at if any((review.quiz_id, review.question_id) == card and review.option_id is None
                     for review in await uow.reviews.of_user(session.user_id, left.answered_at)) else None


def removed_after_said(quiz: Quiz, session: QuizSession, position: int, _: Localizer) -> tuple[str, ...]:
    """What step() said of the removed questions it passed over after the one at ``position`` timed out, when that
    one is still in the quiz (else time_up_said counts them in its own notice)."""
    if quiz.question(session.question_ids[position]) is None:
        return ()
    return _removed(len(removed_after(quiz, session, position)), _)


async def untold_time_up(uow: UnitOfWork, quiz: Quiz, session: QuizSession, _: Localizer,
                         platform: str) -> tuple[str | None, tuple[str, ...]]:
    """The time-out a sweep left untold (swept_last) as it is said at last, and what step() says of the removed
    questions passed over with it: (None, ()) when there is none (the question before was skipped by hand), or
    when a message on ``platform`` asked that question: the sweep said it there, under its poll, even if what
    came next could not be posted (its clock stopped then, as for a question nobody saw)."""
    at = await swept_last(uow, quiz, session)
    if at is None:
        return None, ()
    if await still_asking(uow, platform, session.id, session.question_ids[at]) is not None:
        return None, ()
    return await time_up_said(uow, quiz, session, _, at), removed_after_said(quiz, session, at, _)

"""Answering and skipping: a choice judged once and for all, then what comes next."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from bot import views
from bot.delivery import Target
from bot.notices import (
    already_answered,
    game_of_it_here,
    no_quiz_in_progress,
    not_open,
    playing_in_a_game,
)
from bot.ports import AlreadyAnswered
from bot.records import AnswerRecord, MessageLink, OpenQuestion, QuizSession, SessionToAnswer
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView
from bot.review_quiz import REVIEW_QUIZ_ID, earlier_days_round
from bot.scoring import Refusal, judge
from bot.stepper import number_shown
from bot.turns import Turn
from bot.usecases.core import Core, question_at_place
from bot.usecases.expiry import late_answer
from bot.usecases.game_holds import open_quiz, played_where_asked, review_waits, waits_for_the_game
from bot.usecases.leaving import time_out_left
from bot.usecases.lost_polls import answer_again, next_poll_lost, taken_private_since, unlinked
from bot.usecases.unsent import lost_in_a_crash, never_shown
from bot.usecases.unshown import shown_instead


class Answering:
    def __init__(self, core: Core) -> None:
        self._core = core

    async def answer(self, actor: Actor, session_id: str, question_id: str, option_index: int,
                     surface: Target | None = None, *, order: str | None = None,
                     polls_too: bool = False) -> AnswerOutcome | Notice:
        """Score the answer; the first answer to a question is final. ``order``: the QuestionView.order_key of
        the message answered on, if it names one (buttons): another order than the one shown last is refused.
        ``polls_too``: see QuizEngine.answer."""
        arrived = self._core.clock()  # judged by when it came in, not when its turn came (see answers_under_way)
        with self._core.answering.answering(actor):
            return await self._core.turns.run(actor, lambda turn: self._score(turn, session_id, question_id,
                                                                              option_index, order=order,
                                                                              arrived=arrived, polls_too=polls_too),
                                              after=self._core.delivering(actor, surface), own_rows_only=True)

    async def answer_message(self, actor: Actor, message_key: str, option_index: int,
                             surface: Target | None = None, *, key_shown: bool = False,
                             closes_at_deadline: bool = False,
                             links_every_question: bool = True,
                             sent_at: datetime | None = None) -> AnswerOutcome | Notice:
        """Score an answer to a poll or message tied to a question, in one transaction. A message no question is
        tied to (not the bot's) writes nothing and stores no user; a vote on another learner's quiz poll does
        store its voter, who is then told whose poll it is. ``key_shown``: see scoring.judge;
        ``closes_at_deadline``, ``links_every_question``, ``sent_at``: see QuizEngine.answer_message."""
        async def score(turn: Turn) -> AnswerOutcome | Notice:
            linked = await turn.uow.sessions.get_by_message(actor.platform, message_key)
            if linked is None:
                return await self._unknown_message(turn, sent_at)
            link, found = linked
            return await self._score(turn, link.session_id, link.question_id, option_index, link.chat_id,
                                     on_message=True, found=found, key_shown=key_shown,
                                     vouched=message_key if closes_at_deadline else None, arrived=arrived,
                                     lost_polls=links_every_question, voted=link)
        arrived = self._core.clock()  # judged by when it came in, not when its turn came (see answers_under_way)
        # Another learner's poll is only read (its session locked, so its own answer waits), its voter told.
        with self._core.answering.answering(actor):
            return await self._core.turns.run(actor, score, create_user=False,
                                              after=self._core.delivering(actor, surface), own_rows_only=True)

    async def ask_again(self, actor: Actor, surface: Target | None = None) -> AnswerOutcome | Notice:
        """The learner's open question once more, after a vote on a poll of theirs that lost its link: nobody
        is left voting on a poll that counts for nothing. Untimed while a live group game holds it (a timed poll
        could close by itself, showing its answer, while the game asks it); votes on it wait for the game. Not
        where a live group game plays its quiz (refused as a vote on its poll there is), nor a review round's
        question a game holds (its round waits, as /review says)."""
        async def again(turn: Turn) -> AnswerOutcome | Notice:
            _ = turn.words
            session = await turn.uow.sessions.active(turn.user_id)
            quiz = self._core.quiz_of(session) if session else None
            if session is None or quiz is None or session.current_question_id is None:
                return no_quiz_in_progress(_)
            if await played_where_asked(turn.uow, turn.actor.platform, session):  # as a vote on its linked poll
                quiz_id = open_quiz(session) or session.quiz_id  # a game of it opened there since it was sent
                return game_of_it_here(self._core.library.catalog.get(quiz_id) or quiz_id, _, session.chat_id,
                                       answering=True)
            # A review's question of a quiz a live game plays waits, as on its poll: stepping would pass it over.
            if refused := await review_waits(self._core, turn.uow, session, _, session.chat_id):
                return refused
            shown = await self._core.stepper.step(turn.uow, quiz, session, _, asked_again=True)
            await turn.uow.commit()
            return AnswerOutcome(None, shown, session.chat_id,
                                 _("I lost track of that poll, so here is the question again."), _.language)
        return await self._core.turns.run(actor, again, after=self._core.delivering(actor, surface))

    async def skip(self, actor: Actor, surface: Target | None = None, *, on_screen: QuestionView | None = None,
                   sent_before: Callable[[OpenQuestion], bool] | None = None) -> AnswerOutcome | Notice:
        """Skip the open question; ``on_screen``: the question the learner's screen shows, when it names one (a
        terminal's), so a skip typed at the same time as another terminal's skips it once, not the next one too,
        which this screen never showed. ``sent_before``: whether the command was sent before the open question's
        message (a poll's, or one the adapter knows): meant for one before (sent again, typed twice): skips none."""
        async def skip(turn: Turn) -> AnswerOutcome | Notice:
            core, _, uow = self._core, turn.words, turn.uow
            session = await uow.sessions.active(turn.user_id)
            quiz = core.quiz_of(session) if session else None
            if session is not None and quiz is None:  # a reload removed it: closed, as an answer or /quiz does
                asked = await core.asked_before(uow, turn.actor, session)  # its poll, ended by the adapter
                closed = await core.stepper.close_removed_quiz(uow, session, _)
                await uow.commit()
                return replace(closed, left_behind=(asked,) if asked else ())
            if session is None or quiz is None or session.current_question_id is None:
                return no_quiz_in_progress(_, session is None and await core.game_in_chat(uow, turn.actor))
            if on_screen is not None \
                    and (on_screen.session_id, on_screen.question_id) != (session.id, session.current_question_id):
                return not_open(_, chat_id=session.chat_id)  # moved on elsewhere: the caller shows where it stands
            # Held by a live game (a quiz's own round, or a review's question of it): closing its poll, or its
            # feedback, would show the answer.
            if refused := await waits_for_the_game(core, uow, session, _, session.chat_id):
                return refused
            if await core.paused(uow, session):  # left for a quiz since ended: skipping would skip a question unseen
                # "...: start it again to carry on"; not of a review round of an earlier day: /review starts today's
                stale = earlier_days_round(session, core.clock(), turn.user)
                still_open = None if stale else core.stepper.still_open(session, _)
                return (Notice(still_open, NoticeCode.NOT_CURRENT_QUESTION, _.language, session.chat_id) if still_open
                        else not_open(_, chat_id=session.chat_id))
            asked = await core.asked_before(uow, turn.actor, session)  # its poll: left open, votes would count nothing
            if sent_before is not None and sent_before(OpenQuestion(
                    session.id, question_id := session.question_ids[session.position], asked,
                    await uow.links.first(turn.actor.platform, session.id, question_id))):
                return not_open(_, chat_id=session.chat_id)
            # Never shown: meant for the one before, whose time-out went unseen; or its poll a crash lost.
            lost = await lost_in_a_crash(core, uow, turn.actor.platform, session)
            if lost is not None:
                never_shown(session)
            if core.timer.unshown(session) or lost is not None:
                session.question_deadline = None  # shown with its full time
                return replace(await shown_instead(core, turn, quiz, session), lost_after=lost)
            now = core.clock()
            try:
                if core.timer.overdue(session, now):
                    # Its time ran out before a sweep came by: timed out, as an answer now would be, so it counts as
                    # forgotten for review (a skip is no review at all) and is told as the sweep would tell it.
                    skipped = await core.remembering.timed_out(uow, quiz, session, now, _)
                else:
                    await uow.answers.add(AnswerRecord(session.id, session.current_question_id, None, False, now))
                    skipped = _("Question {number} skipped.", number=await number_shown(uow, quiz, session))
                    session.advance()
            except AlreadyAnswered:  # answered or skipped from another process a moment ago
                return already_answered(_)
            shown = await core.stepper.step(uow, quiz, session, _)
            await uow.commit()
            return AnswerOutcome(None, shown, session.chat_id, skipped, _.language, skipped_poll=asked)
        return await self._core.turns.run(actor, skip, after=self._core.delivering(actor, surface))

    async def _unknown_message(self, turn: Turn, sent_at: datetime | None) -> Notice:
        """A message no question is linked to: the sender's lost poll if they have a question open whose own
        message could be it (sent, but the link was never stored: a crash in between, or an answer from the
        platform that never came back); else not theirs: a group game's poll or another learner's that lost its
        link the same way, whose vote must not ask the voter's own question again."""
        session = await turn.uow.sessions.active(turn.user_id) if turn.user is not None else None
        code = await unlinked(turn, session, sent_at) if session is not None else NoticeCode.NOT_A_QUIZ_MESSAGE
        if session is not None and code is not NoticeCode.NOT_A_QUIZ_MESSAGE:
            return not_open(turn.words, code, session.chat_id)
        return not_open(turn.words, NoticeCode.NOT_A_QUIZ_MESSAGE)

    async def _score(self, turn: Turn, session_id: str, question_id: str, option_index: int,
                     chat_id: str | None = None, on_message: bool = False,
                     found: SessionToAnswer | None = None, order: str | None = None,
                     key_shown: bool = False, vouched: str | None = None,
                     arrived: datetime | None = None, polls_too: bool = False,
                     lost_polls: bool = False, voted: MessageLink | None = None) -> AnswerOutcome | Notice:
        """The answer's whole transaction, committed when anything changed. ``found``: the session, read already
        with the message that asked the question; ``vouched``, ``arrived``: see late_answer; ``polls_too``: see
        QuizEngine.answer; ``lost_polls``: a question with no link may be one a crash left unsent (next_poll_lost);
        ``voted``: the message answered on (a vote's poll)."""
        core, actor, uow = self._core, turn.actor, turn.uow
        # After the learner's own row: the same lock order as all.
        found = found if found is not None else await uow.sessions.get_with_owner_activity(session_id)
        if found is None or turn.user is None or found.session.user_id != turn.user.id:
            return await self._not_yours(turn, chat_id)
        session, last_activity = found.session, found.owner_last_activity
        if found.owner_in_game:  # a poll of it left open (here or in private): nothing scored, nothing moves on
            return playing_in_a_game(core.quiz_of(session) or session.quiz_id, turn.words, chat_id, answering=True)
        if refused := await review_waits(core, uow, session, turn.words, chat_id):  # a review's question of it
            return refused
        # A quiz's own round is told with its read; a review round's question names its quiz, so it is looked up.
        if found.game_in_its_chat or (session.quiz_id == REVIEW_QUIZ_ID
                                      and await played_where_asked(uow, actor.platform, session)):
            # Its poll, sent there before the game opened: its feedback would tell the players the answers.
            quiz_id = open_quiz(session) or session.quiz_id
            return game_of_it_here(core.library.catalog.get(quiz_id) or quiz_id, turn.words, chat_id, answering=True)
        # A vote can still reach the poll of a quiz left for another (in flight, a poll that failed to close):
        # it counts, and the learner is back in that quiz, so the other's poll is closed as a switch by command
        # closes it. Read now: the turn commits before its outcome is known. The quiz played is looked up only
        # if another session moved since this one: most answers are to the quiz being played.
        paused = last_activity > session.updated_at
        playing = await uow.sessions.active(turn.user.id) if paused else session
        left_behind = await core.left_behind(uow, actor, session, playing)
        # The quiz played until now is left (not for one a reload removed, which only closes): its question whose
        # time ran out times out, before this one moves (else it would look paused).
        if paused and core.quiz_of(session) is not None:
            await time_out_left(core, turn, session, playing)
        # A poll asking the question too, which this button answer passes by: see Core.passed_by.
        asked = await core.asked_before(uow, actor, session) if polls_too and not (on_message or paused) else None
        if voted is not None and not paused and voted.created_at < session.updated_at:
            # Asked since the poll voted on (every asking moves the session first): privately, its quiz goes on where
            # nobody else sees (read only then: a vote's hot path); else resumed or in a language chosen while the
            # vote was on its way, its new poll asks the same question, which this vote may pass by.
            if await taken_private_since(turn, session, voted):
                return not_open(turn.words, NoticeCode.ASKED_SINCE, chat_id)
            newer = await core.asked_before(uow, actor, session)
            asked = newer if newer is not None and newer.message_key != voted.message_key else None
        judged = await self._judge(turn, session, question_at_place(session.question_ids, question_id), option_index,
                                   chat_id, on_message, paused, order, key_shown, vouched, arrived, lost_polls)
        outcome = core.passed_by(asked, session, judged)
        if playing is None or playing.id == session.id or not isinstance(outcome, AnswerOutcome) \
                or not isinstance(outcome.next, QuestionView) or (quiz := core.quiz_of(session)) is None:
            return outcome  # not switched: this quiz was the one played, or it ended with this answer
        notice = " ".join(text for text in (views.welcome_back(quiz, turn.words), outcome.notice) if text)
        return replace(outcome, notice=notice, left_behind=left_behind)

    async def _judge(self, turn: Turn, session: QuizSession, question_id: str, option_index: int,
                     chat_id: str | None, on_message: bool, paused: bool,
                     order: str | None = None, key_shown: bool = False,
                     vouched: str | None = None, arrived: datetime | None = None,
                     lost_polls: bool = False) -> AnswerOutcome | Notice:
        """The answer to one of the learner's own sessions, committed when anything changed; ``paused``: left for
        another quiz since its question was shown, so its clock stopped; ``lost_polls``: see _score."""
        core, actor, uow = self._core, turn.actor, turn.uow
        _ = turn.words
        quiz = core.quiz_of(session)
        try:
            late = (await late_answer(core, uow, quiz, session, question_id, _, paused=paused, platform=actor.platform,
                                      vouched=vouched, arrived=arrived) if quiz else None)
        except AlreadyAnswered:  # a sweep in another process was first
            return already_answered(_, chat_id)
        if late is not None:  # the time ran out: not scored, the learner moves on
            await uow.commit()
            return late
        if question_id != session.current_question_id:
            first = next((a for a in await uow.answers.for_session(session.id) if a.question_id == question_id), None)
            if first is None:
                return not_open(_, chat_id=chat_id)
            if on_message and lost_polls and quiz is not None and await next_poll_lost(turn, session, question_id):
                return await answer_again(core, turn, quiz, session, question_id, first.option_id)
            # A skip or time-out is no answer: its buttons (which outlive both) say so; a vote on its poll is settled
            skipped = first.option_id is None and not on_message
            return not_open(_, chat_id=chat_id) if skipped else already_answered(_, chat_id)
        if quiz is None:
            closed = await core.stepper.close_removed_quiz(uow, session, _)
            await uow.commit()
            return closed
        question = quiz.question(question_id)
        if question is None:  # removed by a reload: step() skips it with a notice
            shown = await core.stepper.step(uow, quiz, session, _)
            await uow.commit()
            return AnswerOutcome(None, shown, session.chat_id, language=_.language)
        if await core.stepper.answered_meanwhile(uow, session, question_id) is not None:
            # A review's question answered in a quiz or a game since it was shown here (its poll left open, or held
            # for the game): scored too, it would be reviewed twice in minutes. Passed over, as resuming would.
            shown = await core.stepper.step(uow, quiz, session, _)
            await uow.commit()
            return AnswerOutcome(None, shown, session.chat_id, language=_.language)
        verdict = judge(session, question, option_index, order, key_shown=key_shown)
        if verdict is Refusal.OUT_OF_RANGE:
            return Notice(_("Please choose one of the options, 1 to {count}.", count=len(question.options)),
                          NoticeCode.INVALID_OPTION, _.language, chat_id)
        if isinstance(verdict, Refusal):  # the options changed since they were shown (there): ask again
            again = await core.stepper.step(uow, quiz, session, _)
            await uow.commit()
            return AnswerOutcome(None, again, session.chat_id,
                                 _("This question changed since I showed it to you, so here it is again."),
                                 _.language)
        now = core.clock()
        try:
            await uow.answers.add(AnswerRecord(session.id, question_id, verdict.option_id, verdict.correct, now))
        except AlreadyAnswered:
            return already_answered(_, chat_id)
        await core.remembering.remember(uow, session, question, correct=verdict.correct, option_id=verdict.option_id,
                                        now=now, language=_.language, clock=turn.clock)
        session.advance()
        shown = await core.stepper.step(uow, quiz, session, _)
        await uow.commit()
        core.metrics.answer_scored(actor.platform, verdict.correct)  # counted once it is kept
        return AnswerOutcome(views.feedback(question, verdict.option_id, _), shown, session.chat_id,
                             language=_.language)

    async def _not_yours(self, turn: Turn, chat_id: str | None) -> Notice:
        """Someone else's question: say so (in the voter's language; they are stored, having used the bot)."""
        await self._core.turns.ensure_user(turn)  # a voter on a quiz poll has used the bot: keep their language
        await turn.uow.commit()
        _ = turn.words
        return Notice(_("This question belongs to someone else's quiz. Start your own to play."),
                      NoticeCode.NOT_YOUR_SESSION, _.language, chat_id)


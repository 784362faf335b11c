"""A language chosen while a question waits (/language, a picker): that question asked again in it, as resuming
asks it, its old poll taken away. Else the learner would answer it in the words they just turned away from, and
only the next question would come in the new ones."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.replies import QuestionView, Started, Summary
from bot.review_quiz import earlier_days_round
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.game_holds import held_by_a_game, open_quiz, played_here
from bot.usecases.resuming import resume


async def asked_in_new_words(core: Core, turn: Turn, spoken_before: str, _: Localizer,
                             intro: str) -> Started | Summary | None:
    """The learner's open question shown again in ``_``'s language, ``intro`` said first; None (nothing asked)
    unless it is in front of them in the actor's chat (its poll there, or no message linked: private buttons, a
    terminal) and its words change: a question with no text in either language reads the same. Not while a live
    group game holds its quiz (the game's poll is the group's), nor for a review round begun on an earlier day (not
    resumed: /review ends it), nor once its time ran out (the sweep's to time out, its next question then in the
    new language). The session, the question, its option order and its deadline stay as they were; the caller
    commits."""
    uow, actor = turn.uow, turn.actor
    session = await uow.sessions.active(turn.user_id) if turn.user is not None else None
    quiz = core.quiz_of(session) if session is not None else None
    if session is None or quiz is None or session.current_question_id is None:
        return None
    question = quiz.question(session.current_question_id)
    if question is None or question.display_language(spoken_before) == question.display_language(_.language):
        return None
    if earlier_days_round(session, core.clock(), turn.user):
        return None  # not resumed: /review ends a round of an earlier day and starts today's
    if await held_by_a_game(uow, session) or await played_here(uow, actor) == open_quiz(session):
        return None
    if core.timer.overdue(session, core.clock()) or await core.paused(uow, session):
        return None  # not the question on screen: its poll was closed when the learner left it for another quiz
    asked = await core.asked_before(uow, actor, session)
    if asked is not None and asked.chat_id != actor.chat_id:
        return None  # asked in another chat (a group): not moved here by a language chosen in this one
    back = await resume(core, uow, quiz, session, _, asked, actor.platform)
    shown = await core.stepper.step(uow, quiz, back.session, _, back.notices)
    if not isinstance(shown, QuestionView):
        return shown
    return Started(question=shown, resumed=True, intro=intro, language=_.language, asked_before=back.asked_before)

"""A vote delivered again after a crash lost the next question's message: the answer it made is final, and the
open question is asked again."""

from __future__ import annotations

from bot import views
from bot.content.models import Quiz
from bot.records import QuizSession
from bot.replies import AnswerOutcome
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.unshown import shown_before


async def next_poll_lost(turn: Turn, session: QuizSession, answered_id: str) -> bool:
    """Whether the answer to ``answered_id`` was kept but the question after it (after those a reload removed,
    passed over unshown) never reached its poll: the process stopped between the two (a crash, a kill), and the
    platform now delivers the vote again. Within a process the vote's own turn holds the learner's lock until the
    next poll is linked, so a vote changed meanwhile waits for the link and stays silent. Only where every question
    is asked on a linked message (QuizEngine.answer_message's ``links_every_question``)."""
    current = session.current_question_id
    place = session.position - 1
    if current is None or place < 0:
        return False
    if session.question_ids[place] != answered_id \
            and await shown_before(turn.uow, session) != answered_id:  # past questions a reload removed since
        return False
    return await turn.uow.links.latest(turn.actor.platform, session.id, current) is None


async def answer_again(core: Core, turn: Turn, quiz: Quiz, session: QuizSession, answered_id: str,
                       option_id: str | None) -> AnswerOutcome:
    """The first answer's feedback once more (it is final, whatever this vote chose), then the open question."""
    _ = turn.words
    question = quiz.question(answered_id)
    shown = await core.stepper.step(turn.uow, quiz, session, _)
    await turn.uow.commit()
    feedback = views.feedback(question, option_id, _) if question is not None and option_id else None
    return AnswerOutcome(feedback, shown, session.chat_id, language=_.language)

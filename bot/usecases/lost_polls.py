"""A vote delivered again after a crash lost the next question's message: the answer it made is final, and the
open question is asked again. What a vote on a message no question is linked to may be; and a vote on a poll whose
question was asked privately since."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot import views
from bot.asked_links import asked_privately
from bot.content.models import Quiz
from bot.records import MessageLink, QuizSession
from bot.replies import AnswerOutcome, NoticeCode
from bot.turns import Turn
from bot.usecases.core import Core
from bot.usecases.unsent import never_shown
from bot.usecases.unshown import shown_before

# How far the platform's clock (the time it stamps a message with) may be from ours, either way, and more than the
# moments between asking a question (the session moved) and its message being sent.
CLOCKS_APART = timedelta(seconds=2)


def unlinked_code(session: QuizSession, sent_at: datetime | None) -> NoticeCode:
    """For a message of the learner's no question is linked to, while the open question's asking since the session
    last moved is linked to none either: LOST_MESSAGE (that asking's message may be this one, its link lost: ask
    again), or ASKED_SINCE when the platform tells when the message was sent (``sent_at``) and the session moved
    well after it: the open question was asked since, on no linked message (private buttons), so this message is
    an older one and asking again where it is would play in the open a quiz played privately."""
    if sent_at is not None and session.updated_at > sent_at + CLOCKS_APART:
        return NoticeCode.ASKED_SINCE
    return NoticeCode.LOST_MESSAGE


async def unlinked(turn: Turn, session: QuizSession, sent_at: datetime | None) -> NoticeCode:
    """What a message of the learner's no question is linked to may be: their open question's own (unlinked_code),
    unless that was asked since the session last moved on a linked message (every asking of it moves the session
    first, stepper.step; taken away since too: still known), which this one then can't be: NOT_A_QUIZ_MESSAGE; or
    privately (a link withdrawn from the start): ASKED_SINCE, its quiz going on where nobody else sees it."""
    question_id = session.current_question_id
    if question_id is None:
        return NoticeCode.NOT_A_QUIZ_MESSAGE
    link = await turn.uow.links.latest(turn.actor.platform, session.id, question_id)
    if link is None or link.created_at < session.updated_at:
        return unlinked_code(session, sent_at)
    return NoticeCode.ASKED_SINCE if asked_privately(link.message_key) else NoticeCode.NOT_A_QUIZ_MESSAGE


async def taken_private_since(turn: Turn, session: QuizSession, voted: MessageLink) -> bool:
    """Whether the question ``voted`` (a poll's link) asks is still open and was asked privately since (a link
    withdrawn from the start, newer than the poll's): a vote on that poll (in flight, or one the platform failed to
    end) would go on in public with a quiz the learner took private: told so instead, as unlinked's ASKED_SINCE."""
    if voted.question_id != session.current_question_id:
        return False
    latest = await turn.uow.links.latest(turn.actor.platform, session.id, voted.question_id)
    return latest is not None and asked_privately(latest.message_key) and latest.created_at > voted.created_at


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
    # Never seen: asked with its full time (as the sweep asks it again, unsent.ask_again), not with what was left of
    # the clock its lost step started, maybe nothing by now.
    never_shown(session)
    shown = await core.stepper.step(turn.uow, quiz, session, _)
    await turn.uow.commit()
    feedback = views.feedback(question, option_id, _) if question is not None and option_id else None
    return AnswerOutcome(feedback, shown, session.chat_id, language=_.language)

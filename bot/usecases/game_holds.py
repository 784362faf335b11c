"""A learner's own question of a quiz they play in a live group game waits until the game is over: answered,
skipped or timed out, its explanation or closed poll would give away the answer to a question the game may ask.
A review round's questions come from any quiz, so there it is the open question's quiz that counts."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.games.replies import SetAside
from bot.i18n import Localizer
from bot.notices import (
    game_of_it_here,
    playing_in_a_game,
    quiz_title,
    review_held_for_the_game,
    review_waits_for_the_game,
)
from bot.ports import UnitOfWork
from bot.records import HeldLink, QuizSession
from bot.replies import Actor, Notice
from bot.review_quiz import REVIEW_QUIZ_ID, quiz_of_question

if TYPE_CHECKING:  # Core asks held_by_a_game before it closes a poll
    from bot.usecases.core import Core


def open_quiz(session: QuizSession) -> str | None:
    """The quiz the session's open question comes from (in a review round, the one its ref names)."""
    question_id = session.current_question_id
    if question_id is None:
        return None
    return quiz_of_question(session.quiz_id, question_id)


async def held_by_a_game(uow: UnitOfWork, session: QuizSession) -> str | None:
    """The quiz of the session's open question if its owner plays that quiz in a live group game; else None."""
    quiz_id = open_quiz(session)
    if quiz_id is None or await uow.games.live_played_by(session.user_id, quiz_id) is None:
        return None
    return quiz_id


async def played_here(uow: UnitOfWork, actor: Actor) -> str | None:
    """The quiz a live group game in the actor's chat plays: nobody's own round of it is asked there meanwhile, a
    player's or not, as its polls and feedback would show the players its answers."""
    return await played_in(uow, actor.platform, actor.chat_id)


async def played_where_asked(uow: UnitOfWork, platform: str, session: QuizSession) -> bool:
    """Whether a live group game in the session's chat plays its open question's quiz (False once it has none)."""
    quiz_id = open_quiz(session)
    return quiz_id is not None and await played_in(uow, platform, session.chat_id) == quiz_id


async def played_in(uow: UnitOfWork, platform: str, chat_id: str | None) -> str | None:
    """The quiz a live group game in the chat plays, if one does."""
    return await uow.games.live_quiz_in(platform, chat_id) if chat_id is not None else None


async def review_waits(core: Core, uow: UnitOfWork, session: QuizSession, _: Localizer,
                       chat_id: str | None) -> Notice | None:
    """The refusal for a review round whose open question is held by a game; None for any other session (a
    quiz's own round is checked with its answer's read, see SessionToAnswer.owner_in_game)."""
    return await waits_for_the_game(core, uow, session, _, chat_id) if session.quiz_id == REVIEW_QUIZ_ID else None


async def review_retry_held(core: Core, uow: UnitOfWork, actor: Actor, user_id: int, missed: list[str],
                            retrying: QuizSession | None, _: Localizer) -> tuple[list[str], Notice | None]:
    """A review round's retry, as /review: its questions of a quiz the learner plays in a live group game, or of
    the quiz of this chat's game, wait. The questions it may ask, and the refusal when none can come now; a retry
    under way (``retrying``) is refused when its open question waits, as a review round is."""
    here = await played_here(uow, actor)
    if retrying is not None:
        if (refused := await review_waits(core, uow, retrying, _, actor.chat_id)) is not None:
            return missed, refused
        if here is not None and open_quiz(retrying) == here:
            return missed, game_of_it_here(core.library.catalog.get(here) or here, _, actor.chat_id)
        return missed, None
    held = await uow.games.live_quizzes_played_by(user_id)
    left = [ref for ref in missed if quiz_of_question(REVIEW_QUIZ_ID, ref) not in {*held, here}]
    if left or not missed:
        return left, None
    quiz_id = quiz_of_question(REVIEW_QUIZ_ID, missed[0])
    quiz = core.library.catalog.get(quiz_id) or quiz_id
    return left, (review_held_for_the_game(quiz, _, actor.chat_id) if quiz_id in held
                  else game_of_it_here(quiz, _, actor.chat_id))


async def waits_for_the_game(core: Core, uow: UnitOfWork, session: QuizSession, _: Localizer,
                             chat_id: str | None) -> Notice | None:
    """The refusal for any session, a quiz's own round or a review, whose open question a game holds; else None."""
    if (quiz_id := await held_by_a_game(uow, session)) is None:
        return None
    quiz = core.library.catalog.get(quiz_id) or quiz_id
    return (review_waits_for_the_game(quiz, _, chat_id) if session.quiz_id == REVIEW_QUIZ_ID
            else playing_in_a_game(quiz, _, chat_id))


async def polls_to_set_aside(core: Core, uow: UnitOfWork, actor: Actor, user_id: int, name: str,
                             _: Localizer) -> list[SetAside]:
    """When a learner joins a group game (or opens one, or it begins): the polls on the actor's platform asking
    their questions it holds, to take away. A Telegram quiz poll shows its answer to whoever votes on it, timed or
    not: a player could read there the answer to a question the game asks. A timed poll may also close by itself
    when its time is up (showing the answer) while the game asks that question, and a closed poll could not take
    the vote that resumes it after the game; resuming (/quiz, /review) asks it again with the full time. Only
    reads: each clock stops once its poll is set aside (``clock_stopped``), and a deleted poll's link is withdrawn
    (``asked_before`` passes it by), so that a poll not yet set aside (the adapter failed, the process stopped, or
    another process had not linked it yet) is found again when the game begins. A timed question whose clock
    already stopped (set aside before, or its quiz left for another, whose poll was closed then) is left as it
    is."""
    quizzes = await uow.games.live_quizzes_played_by(user_id)
    sessions = [await uow.sessions.active(user_id, quiz_id) for quiz_id in (*sorted(quizzes), REVIEW_QUIZ_ID)]
    asides: list[SetAside] = []
    for session in sessions:
        if session is None or open_quiz(session) not in quizzes or await core.paused(uow, session) \
                or (core.timer.limit is not None and session.question_deadline is None):
            continue
        link = await core.asked_before(uow, actor, session)
        if link is not None and link.chat_id is not None:
            asides.append(SetAside(HeldLink.of(link), link.chat_id, actor, name, _aside_text(core, session, _),
                                   _.language))
    return asides


async def clock_stopped(uow: UnitOfWork, aside: SetAside, removed_at: datetime | None) -> None:
    """The set-aside poll's question waits for the game: its clock stops, as the sweep would stop it (the caller
    commits). Unless the session moved on since it was read. ``removed_at``: when the poll was deleted, if it was:
    its link is marked withdrawn, so nothing is sent to it any more (``Core.asked_before`` passes it by), while a
    vote that was on its way still finds its question (refused during the game, as on the poll itself)."""
    if removed_at is not None:
        await uow.links.withdraw(aside.link.platform, aside.link.message_key, removed_at)
    session = await uow.sessions.get(aside.link.session_id)
    if session is not None and session.current_question_id == aside.link.question_id \
            and session.question_deadline is not None:
        session.question_deadline = None
        await uow.sessions.update(session)


def _aside_text(core: Core, session: QuizSession, _: Localizer) -> str:
    if session.quiz_id == REVIEW_QUIZ_ID:
        return _("Your review round waits until the game is over, so I took its question away for now. Send "
                 "/review after the game to carry on.")
    title = quiz_title(core.library.catalog.get(session.quiz_id) or session.quiz_id, _)
    return _("Your own round of {title} waits until the game is over, so I took its question away for now. Send "
             "/quiz {quiz_id} after the game to carry on.", title=title, quiz_id=session.quiz_id)

"""A learner's own question of a quiz they play in a live group game waits until the game is over: answered,
skipped or timed out, its explanation or closed poll would give away the answer to a question the game may ask.
A review round's questions come from any quiz, so there it is the open question's quiz that counts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import Localizer
from bot.notices import playing_in_a_game, review_waits_for_the_game
from bot.ports import UnitOfWork
from bot.records import QuizSession
from bot.replies import Notice
from bot.review_quiz import REVIEW_QUIZ_ID, split_ref

if TYPE_CHECKING:  # Core asks held_by_a_game before it closes a poll
    from bot.usecases.core import Core


def open_quiz(session: QuizSession) -> str | None:
    """The quiz the session's open question comes from (in a review round, the one its ref names)."""
    question_id = session.current_question_id
    if question_id is None:
        return None
    return split_ref(question_id)[0] if session.quiz_id == REVIEW_QUIZ_ID else session.quiz_id


async def held_by_a_game(uow: UnitOfWork, session: QuizSession) -> str | None:
    """The quiz of the session's open question if its owner plays that quiz in a live group game; else None."""
    quiz_id = open_quiz(session)
    if quiz_id is None or await uow.games.live_played_by(session.user_id, quiz_id) is None:
        return None
    return quiz_id


async def review_waits(core: Core, uow: UnitOfWork, session: QuizSession, _: Localizer,
                       chat_id: str | None) -> Notice | None:
    """The refusal for a review round whose open question is held by a game; None for any other session (a
    quiz's own round is checked with its answer's read, see SessionToAnswer.owner_in_game)."""
    return await waits_for_the_game(core, uow, session, _, chat_id) if session.quiz_id == REVIEW_QUIZ_ID else None


async def waits_for_the_game(core: Core, uow: UnitOfWork, session: QuizSession, _: Localizer,
                             chat_id: str | None) -> Notice | None:
    """The refusal for any session, a quiz's own round or a review, whose open question a game holds; else None."""
    if (quiz_id := await held_by_a_game(uow, session)) is None:
        return None
    quiz = core.library.catalog.get(quiz_id) or quiz_id
    return (review_waits_for_the_game(quiz, _, chat_id) if session.quiz_id == REVIEW_QUIZ_ID
            else playing_in_a_game(quiz, _, chat_id))

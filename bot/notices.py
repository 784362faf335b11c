"""Refusals the engine gives from more than one use case, worded once."""

from __future__ import annotations

from collections.abc import Iterable

from bot.content.catalog import Catalog
from bot.content.models import Quiz, localized
from bot.i18n import Localizer
from bot.languages import NATIVE_NAMES
from bot.replies import Notice, NoticeCode, QuizList, WhichQuiz
from bot.text import echoed
from bot.views import choose_a_quiz, quiz_entries

ECHOED = 60  # characters of what someone typed, said back to them (cut with an ellipsis)


def quiz_not_found(reference: str, _: Localizer) -> Notice:
    return dead_end(_("There is no quiz called “{name}”.", name=echoed(reference, ECHOED)),
                    NoticeCode.QUIZ_NOT_FOUND, _)


def dead_end(refusal: str, code: NoticeCode, _: Localizer, chat_id: str | None = None) -> Notice:
    """A refusal that leaves a learner nowhere to go: it ends with where to go next (a new learner has no idea)."""
    step = choose_a_quiz(_)
    return Notice(f"{refusal} {step}", code, _.language, chat_id, next_step=step)


def which_quiz(reference: str, quizzes: Iterable[Quiz], _: Localizer) -> WhichQuiz:
    """``reference`` names each of ``quizzes``: they are listed for the learner to pick the one they meant."""
    question = _("Several quizzes match “{name}”. Which one do you mean?", name=echoed(reference, ECHOED))
    return WhichQuiz(question, NoticeCode.WHICH_QUIZ, _.language,
                     choices=QuizList(question, quiz_entries(quizzes, _), _.language))


def named_quiz(catalog: Catalog, reference: str, _: Localizer) -> Quiz | Notice:
    """The quiz a learner's reference picks (see ``Catalog.named``); or, when it names none or several, the
    notice that says so: every command that takes a quiz decides the same way."""
    found = catalog.named(reference)
    if not found:
        return quiz_not_found(reference, _)
    return found[0] if len(found) == 1 else which_quiz(reference, found, _)


def already_answered(_: Localizer, chat_id: str | None = None) -> Notice:
    return Notice(_("You already answered this question; your first answer counts."), NoticeCode.ALREADY_ANSWERED,
                  _.language, chat_id)


def not_open(_: Localizer, code: NoticeCode = NoticeCode.NOT_CURRENT_QUESTION, chat_id: str | None = None) -> Notice:
    return Notice(_("That question is no longer open."), code, _.language, chat_id)


def no_quiz_in_progress(_: Localizer, game_here: bool = False) -> Notice:
    """``game_here``: the chat has a group game going, which /stop or /skip was perhaps meant for."""
    if game_here:
        return Notice(_("You have no quiz of your own in progress. The game in this chat is stopped with /game stop, "
                        "or moved on with /game skip, by the player who started it or an admin."),
                      NoticeCode.NO_ACTIVE_SESSION, _.language, here=True)
    return dead_end(_("You have no quiz in progress."), NoticeCode.NO_ACTIVE_SESSION, _)


def nothing_to_resume(_: Localizer, chat_id: str | None = None) -> Notice:
    """/quiz alone (the terminal's start-up) with no quiz in progress: the adapter lists the quizzes beside it."""
    return Notice(_("You have no quiz in progress. Choose one to start."), NoticeCode.NO_ACTIVE_SESSION, _.language,
                  chat_id)


def unknown_language(choice: str, _: Localizer) -> Notice:
    names = ", ".join(f"{code} ({name})" for code, name in NATIVE_NAMES.items())
    return Notice(_("I don't speak “{choice}”. Choose one of: {names}.", choice=echoed(choice, 40),
                    names=names), NoticeCode.UNKNOWN_LANGUAGE, _.language)


def playing_in_a_game(quiz: Quiz | str, _: Localizer, chat_id: str | None = None, *,
                      answering: bool = False) -> Notice:
    """A quiz the learner plays in a live group game: their own round of it waits until the game is over (alone,
    its explanations would give them the game's answers). ``quiz``: its id if a reload removed it; ``answering``:
    refusing an answer to that round (its poll was open before), which scored would show them, and the chat, the
    answer to a question the game may ask."""
    title = quiz_title(quiz, _)
    if answering:
        return Notice(_("You're playing {title} in a group game right now, so this answer to your own round of it "
                        "doesn't count. That round waits for you until the game is over.", title=title),
                      NoticeCode.IN_A_GAME, _.language, chat_id)
    return Notice(_("You're playing {title} in a group game right now. Play it on your own once the game is over.",
                    title=title), NoticeCode.IN_A_GAME, _.language, chat_id)


def playing_elsewhere(quiz: Quiz | str, _: Localizer) -> Notice:
    """A learner in a live group game of the quiz asks to play it in another chat's game too: each question would
    come there again after their game's results showed its answer, scored (and reviewed) a second time."""
    return Notice(_("You're playing {title} in a group game in another chat. Play it here once that game is over.",
                    title=quiz_title(quiz, _)), NoticeCode.IN_A_GAME, _.language)


def game_of_it_here(quiz: Quiz | str, _: Localizer, chat_id: str | None = None, *,
                    answering: bool = False) -> Notice:
    """A quiz a live group game in this chat plays: nobody's own round of it is asked here meanwhile, as its
    questions and explanations would show the players the answers. ``answering``: refusing an answer to such a
    round, its poll sent here before the game opened."""
    if answering:
        return Notice(_("A group game of {title} is on in this chat, so this answer to your own round of it doesn't "
                        "count. That round waits for you until the game is over.", title=quiz_title(quiz, _)),
                      NoticeCode.IN_A_GAME, _.language, chat_id, here=True)
    return Notice(_("A group game of {title} is on in this chat. Play it on your own in a private chat, or here once "
                    "the game is over.", title=quiz_title(quiz, _)), NoticeCode.IN_A_GAME, _.language, chat_id,
                  here=True)


def quiz_title(quiz: Quiz | str, _: Localizer) -> str:
    """The quiz's title in the learner's language, or its id if a reload removed it."""
    return localized(quiz.title, _.language) if isinstance(quiz, Quiz) else quiz


def review_waits_for_the_game(quiz: Quiz | str, _: Localizer, chat_id: str | None = None) -> Notice:
    """The open question of the learner's review round is of a quiz they play in a live group game: answered or
    skipped, it would show them (and the chat) the answer to a question the game may ask."""
    return Notice(_("You're playing {title} in a group game right now and this review question is from it, so your "
                    "review waits until the game is over.", title=quiz_title(quiz, _)), NoticeCode.IN_A_GAME,
                  _.language, chat_id)  # about the learner, not this chat (the game may be another's): theirs alone


def review_held_for_the_game(quiz: Quiz | str, _: Localizer, chat_id: str | None = None) -> Notice:
    """Nothing is due for review but questions of a quiz the learner plays in a live group game."""
    return Notice(_("You're playing {title} in a group game right now, so its questions due for review wait until "
                    "the game is over.", title=quiz_title(quiz, _)), NoticeCode.IN_A_GAME, _.language, chat_id)


def asked_above(_: Localizer, command: str, chat_id: str | None = None) -> Notice:
    """The learner's question was asked in their group a moment ago: not asked there again (see
    resuming.asked_a_moment_ago). ``command``: what asks it anew once the minute is over, if its poll is gone."""
    return Notice(_("Your question is already in the group, asked less than a minute ago: answer it there. If you "
                    "can't find it, send {command} again after a minute and I'll ask it anew.", command=command),
                  NoticeCode.ASKED_ABOVE, _.language, chat_id)


def already_started(_: Localizer, chat_id: str | None = None) -> Notice:
    """A quiz's button pressed again as its question was being asked (resuming.asked_just_now): not asked twice."""
    return Notice(_("Your quiz has already started: answer its question above, or send /quiz to see it again."),
                  NoticeCode.ALREADY_STARTED, _.language, chat_id)


def review_already_started(_: Localizer, chat_id: str | None = None) -> Notice:
    """The review button (a reminder's) pressed again as its round's question was being asked: not asked twice."""
    return Notice(_("Your review has already started: answer its question above, or send /review to see it again."),
                  NoticeCode.ALREADY_STARTED, _.language, chat_id)

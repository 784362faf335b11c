"""The engine's neutral replies. Texts are already in the user's language; adapters only lay them out."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.languages import DEFAULT_LANGUAGE
from bot.records import MessageLink


def ui_language() -> Any:
    """Every reply says which language the learner reads, so an adapter can put its own words (button labels,
    hints) beside it with a pure ``localizer_for(language)`` instead of asking the engine again. Not compared:
    two replies that say the same thing are equal whatever they carry for the adapter."""
    return field(default=DEFAULT_LANGUAGE, compare=False)


@dataclass(frozen=True)
class Actor:
    """Who is speaking, and where: everything the engine needs to know about a platform event."""

    platform: str
    user_id: str
    chat_id: str | None = None
    language_hint: str | None = None
    # The language of the place, for an event that carries none of the person's own (a Discord poll vote: the
    # server's preferred locale). Weaker than the hint last seen from them, and never stored as theirs.
    place_hint: str | None = None
    # The group or server of that place, whose admins may have chosen a language for it (a Discord server's
    # /language ... server:True): when they did, that choice is the place's language, before place_hint.
    place_id: str | None = None
    # Whether the event shows the platform can write to the person privately, where reminders go: a Telegram
    # group's message, or a vote (it carries no chat), doesn't, as someone who blocked the bot still sends those.
    # Only such an event turns back on the reminders the bot turned off when it could not reach them (bot/turns.py).
    reaches_privately: bool = field(default=True, compare=False)


class NoticeCode(StrEnum):
    INFO = "info"
    QUIZ_NOT_FOUND = "quiz_not_found"
    WHICH_QUIZ = "which_quiz"  # the reference names several quizzes: a WhichQuiz lists them to pick from
    NO_ACTIVE_SESSION = "no_active_session"
    ALREADY_ANSWERED = "already_answered"
    NOT_CURRENT_QUESTION = "not_current_question"
    NOT_A_QUIZ_MESSAGE = "not_a_quiz_message"  # no question is linked to it, nor could it be the sender's open one's
    LOST_MESSAGE = "lost_message"  # no question is linked to it, and the sender's open one may have lost it: ask again
    NOT_YOUR_SESSION = "not_your_session"
    INVALID_OPTION = "invalid_option"
    UNKNOWN_LANGUAGE = "unknown_language"
    NOTHING_TO_RETRY = "nothing_to_retry"
    ALREADY_RETRYING = "already_retrying"  # the retry was made already, and its round is the one being played
    ASKED_ABOVE = "asked_above"  # in a shared chat: its question was asked there a moment ago, not asked again
    ALREADY_STARTED = "already_started"  # a quiz's or review's button pressed again seconds after it asked
    NOTHING_DUE = "nothing_due"  # no question is due for review: says when the next one is
    UNKNOWN_TIME_ZONE = "unknown_time_zone"
    BAD_REMINDER = "bad_reminder"
    NAME_A_QUIZ = "name_a_quiz"  # a game needs a quiz named
    GAME_RUNNING = "game_running"  # the chat already has a live game
    NO_GAME = "no_game"  # no live game here (or that game is over)
    NOT_ALLOWED = "not_allowed"  # only the starter or an admin may do that
    IN_A_GAME = "in_a_game"  # the quiz is one the learner plays in a live group game: not alone meanwhile
    CHAT_REFUSED = "chat_refused"  # the chat refused the game's message, which stopped the game (its podium says so)
    # The same, and the chat refused its podium too (a forum topic closed): nobody there heard why, only the actor can
    CHAT_UNHEARD = "chat_unheard"
    REMINDERS_ON = "reminders_on"  # reminders set: the platform checks that its private messages reach the learner


NOT_ERRORS = frozenset({NoticeCode.INFO, NoticeCode.REMINDERS_ON})


@dataclass(frozen=True)
class Notice:
    text: str
    code: NoticeCode = NoticeCode.INFO
    language: str = ui_language()
    chat_id: str | None = field(default=None, compare=False)  # where the refused thing lives, when known
    # Its words are about the chat it answers in ("the game in this chat", "the question above"): said there only.
    here: bool = field(default=False, compare=False)
    # The sentence ``text`` ends with, where a dead end leaves the learner (see views.choose_a_quiz): a surface
    # that words commands otherwise (the terminal, without "/") says its own instead.
    next_step: str | None = field(default=None, compare=False)
    # As Started's: the polls of a quiz ended here with nothing asked in its place (an earlier day's review round).
    left_behind: tuple[MessageLink, ...] = field(default=(), compare=False)

    @property
    def is_error(self) -> bool:
        return self.code not in NOT_ERRORS


@dataclass(frozen=True)
class Stopped(Notice):
    """A quiz stopped, and the retry of what it missed on offer (the questions it asked and got wrong, skipped or
    timed out), as under a summary: ``retry_label`` for a button that retries ``session_id``."""

    session_id: str | None = field(default=None, compare=False)
    retry_offer: str | None = field(default=None, compare=False)  # "Want another go at the question you missed?"
    retry_label: str | None = field(default=None, compare=False)  # "Retry the question(s) I missed"


@dataclass(frozen=True)
class QuestionView:
    session_id: str
    quiz_id: str
    question_id: str
    number: int  # 1-based place in the session
    total: int
    label: str  # "Question 3 of 8"
    prompt: str
    options: tuple[str, ...]  # in the order shown to this user
    correct_index: int
    explanation: str  # at most 200 characters: fits a Telegram quiz popup
    language: str  # the language actually shown (English when the question lacks the user's)
    notices: tuple[str, ...] = ()  # e.g. "shown in English", "a removed question was skipped"
    deadline: datetime | None = None  # when the time to answer runs out (with a time limit configured)
    seconds_left: int | None = None  # the same, counted from when the engine showed the question
    # The learner's language, which the label and notices are in (``language`` may be English for want of a
    # translation): an adapter's own words beside the question, such as the time to answer, go in it.
    words_language: str = ui_language()
    # scoring.order_key of ``options``' order: buttons carry it, so a click from a message showing another order
    # (from before a reload changed the options) is never read by its place in this one.
    order_key: str = ""

    @property
    def short_label(self) -> str:
        return f"{self.number}/{self.total}"


@dataclass(frozen=True)
class Feedback:
    question_id: str
    correct: bool
    verdict: str  # "Correct!" / "Not quite."
    correct_option: str  # "The answer: ..."
    explanation: str
    details: str | None = None  # longer text that didn't fit the popup
    reference: str | None = None  # "Title — https://..."
    # Why the option chosen is wrong, said first: a lure read and not corrected is learned as a fact.
    why_not: str | None = None


class Outcome(StrEnum):
    CORRECT = "correct"
    WRONG = "wrong"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class SummaryLine:
    question_id: str
    prompt: str
    outcome: Outcome


@dataclass(frozen=True)
class Summary:
    session_id: str
    quiz_id: str
    title: str  # "Quiz finished: ZeRO and Sharded Optimizers"
    score: str  # "You scored 6 out of 8 questions."
    correct: int
    total: int
    lines: tuple[SummaryLine, ...]
    missed: int
    retry_offer: str | None  # "Want another go at the 2 questions you missed?" when any were missed
    retry_label: str | None = field(default=None, compare=False)  # "Retry the question(s) I missed", for a button
    # When nothing was missed, so no retry is offered: where to go next (see views.choose_a_quiz), said last.
    next_step: str | None = field(default=None, compare=False)
    # A review round with nothing missed: how many more questions are due today (next_step then says to review).
    more_due: int = field(default=0, compare=False)
    language: str = ui_language()
    # Another of the learner's quizzes is still open: "Collectives is still in progress: ..."
    still_open: str | None = None
    # Resumed straight to the end (its last question timed out or was removed): the message that asked that
    # question on this platform, as with Started (a poll left open that the adapter may end), if any.
    asked_before: MessageLink | None = None
    # Said before it, as after a live time-out: "Time's up! Question 3 wasn't answered in time..." when resuming
    # found the last question's time ran out (else its line in the summary says skipped without saying why).
    notices: tuple[str, ...] = ()
    # As Started's: the polls of a round ended on the way (/quiz alone, a review round of an earlier day ended).
    left_behind: tuple[MessageLink, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Started:
    """A quiz started or resumed, and the question to show now."""

    question: QuestionView
    resumed: bool
    intro: str  # "ZeRO and Sharded Optimizers: 8 questions. Good luck!" / "Welcome back! Carrying on with ..."
    language: str = ui_language()
    # Resumed: the message that asked the open question before, on this platform (a poll left open that the
    # adapter may end now that the question is asked again), if any.
    asked_before: MessageLink | None = None
    # The polls on this platform still asking a question of the quiz this one takes over from (paused, or stopped
    # by a retry): a vote there would take the learner back to it. Resuming it asks that question again.
    left_behind: tuple[MessageLink, ...] = ()
    # A retry: the quiz it retries (or the round it resumes) asked its last question by a poll on this platform.
    played_as_polls: bool = False


@dataclass(frozen=True)
class AnswerOutcome:
    """The result of an answer or a skip: feedback (not for a skip), then what comes next."""

    feedback: Feedback | None
    next: QuestionView | Summary
    chat_id: str | None = None  # where the session lives, for events that carry no chat
    notice: str | None = None  # said before what comes next, e.g. "Time's up!" for an answer too late
    language: str = ui_language()
    # An answer on the poll of a quiz left for another takes the learner back to it: as with Started, the polls
    # on this platform still asking a question of the quiz played until then.
    left_behind: tuple[MessageLink, ...] = ()
    # A skip, or an answer given elsewhere (private buttons): the message that asked the question passed on this
    # platform, if one did (a poll left open, whose votes would count for nothing, that the adapter may end).
    skipped_poll: MessageLink | None = None


@dataclass(frozen=True)
class Expired:
    """A question whose time ran out unanswered, found by a sweep: whom to tell, where, and what comes next."""

    actor: Actor  # the session's owner; chat_id is where the session lives
    session_id: str
    question_id: str
    link: MessageLink | None  # the latest message that asked it on this platform (None: private buttons)
    outcome: AnswerOutcome  # no feedback; ``notice`` says the time is up; ``next`` is the next question or summary


@dataclass(frozen=True)
class QuizListEntry:
    quiz_id: str
    title: str
    description: str
    level: str  # "Hard · 8 questions"


@dataclass(frozen=True)
class QuizList:
    heading: str
    entries: tuple[QuizListEntry, ...]
    language: str = ui_language()


@dataclass(frozen=True)
class WhichQuiz(Notice):
    """A quiz reference that names several quizzes: ``choices`` lists them, best first, as /quizzes lists quizzes
    (its heading asks which one), for the learner to pick one rather than the bot guessing."""

    choices: QuizList = field(kw_only=True, compare=False)


@dataclass(frozen=True)
class Preview:
    quiz_id: str
    title: str
    intro: str  # "8 questions. Answers and explanations appear as you play."
    questions: tuple[tuple[str, tuple[str, ...]], ...]  # (prompt, options in file order)
    language: str = ui_language()


@dataclass(frozen=True)
class Reminder:
    """A daily reminder that questions are due, for one learner who asked for it."""

    actor: Actor  # the learner; a reminder goes to their private chat or direct messages
    due: int  # questions due now
    text: str  # "3 questions are ready for review. A few minutes now help them stick."
    action: str  # a button's label: "Review now"
    language: str = ui_language()


class RecipientGone(Exception):
    """The platform won't deliver to this learner any more (they blocked the bot, or closed their messages)."""


class DeliveryRefused(Exception):
    """The chat refused what comes next (a right taken from the bot there), and the adapter told the learner what
    it could: nothing to trace or to try again."""


@dataclass(frozen=True)
class Profile:
    """Who the learner is to the bot: the language to speak, whether it was ever told, and admin rights."""

    language: str
    language_known: bool  # a /language choice or a platform hint we speak; else offer a picker
    admin: bool
    # A /language choice (or a picker's) stored: a hint alone may be a client language that isn't the learner's
    # (Discord's client speaks en and fr only of ours), so Discord offers its picker until they choose.
    language_chosen: bool
    # Asked for by a welcome: how many questions are due for review today, and the line saying so, if any.
    due_for_review: int = 0
    due_note: str | None = None  # "3 questions are due for review: send /review."
    # Asked for by a welcome too: a quiz (or review round) left open, to carry on with, if any.
    open_note: str | None = None  # "Collectives is still in progress: start it again to carry on ..."


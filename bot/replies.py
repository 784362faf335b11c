"""The engine's neutral replies. Texts are already in the user's language; adapters only lay them out.

What playing a quiz replies (QuestionView, Feedback, Outcome, SummaryLine, Summary, Started, AnswerOutcome) is in
bot/play_replies.py, and a reply's language field in bot/reply_language.py: both are imported here as well, so
every reply is still ``from bot.replies import ...``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from bot.play_replies import AnswerOutcome as AnswerOutcome
from bot.play_replies import Feedback as Feedback
from bot.play_replies import Outcome as Outcome
from bot.play_replies import QuestionView as QuestionView
from bot.play_replies import Started as Started
from bot.play_replies import Summary as Summary
from bot.play_replies import SummaryLine as SummaryLine
from bot.play_replies import TallyPart as TallyPart
from bot.records import MessageLink
from bot.reply_language import ui_language as ui_language


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
    # Whether language_hint is the person's own, told with every event of theirs but a vote (Discord's locale): a
    # newcomer is then stored with it even by an event that stores nothing else (/progress), so the later events
    # that carry none (a vote's reply, a reminder, a sweep's notice) speak it too, not the place's language.
    keeps_hint: bool = field(default=False, compare=False)
    # When the person sent it, for an event handled again after the process that took it died (or its stop cut it
    # short) while handling it: what it asked for may be done already (a /quiz whose question was asked since).
    sent_at: datetime | None = field(default=None, compare=False)


class NoticeCode(StrEnum):
    INFO = "info"
    QUIZ_NOT_FOUND = "quiz_not_found"
    WHICH_QUIZ = "which_quiz"  # the reference names several quizzes: a WhichQuiz lists them to pick from
    NO_ACTIVE_SESSION = "no_active_session"
    ALREADY_ANSWERED = "already_answered"
    NOT_CURRENT_QUESTION = "not_current_question"
    NOT_A_QUIZ_MESSAGE = "not_a_quiz_message"  # no question is linked to it, nor could it be the sender's open one's
    LOST_MESSAGE = "lost_message"  # no question is linked to it, and the sender's open one may have lost it: ask again
    # No question is linked to it, and the sender's open one was asked since, unlinked; or it is linked to that open
    # question, asked privately since (lost_polls.taken_private_since)
    ASKED_SINCE = "asked_since"
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
    # Asked where the bot's private messages aren't known to reach the learner, whose reminders it paused (one was
    # refused): a platform that then reaches them privately brings them back (QuizEngine.reminders_reached).
    REMINDERS_PAUSED = "reminders_paused"
    # How they stand, on: a platform that finds it can't write to the learner privately (Telegram's answer refused,
    # blocked) says each reminder will be refused too, while they are here to read it.
    REMINDERS_STAND_ON = "reminders_stand_on"
    # The language chosen was already the learner's: a button pressed twice says nothing the second time
    LANGUAGE_KEPT = "language_kept"


NOT_ERRORS = frozenset({NoticeCode.INFO, NoticeCode.LANGUAGE_KEPT, NoticeCode.REMINDERS_ON,
                        NoticeCode.REMINDERS_PAUSED, NoticeCode.REMINDERS_STAND_ON})


@dataclass(frozen=True)
class Notice:
    text: str
    code: NoticeCode = NoticeCode.INFO
    language: str = ui_language()
    chat_id: str | None = field(default=None, compare=False)  # where the refused thing lives, when known
    # Its words are about the chat it answers in ("the game in this chat", "the question above"): said there only.
    here: bool = field(default=False, compare=False)
    # The sentence ``text`` ends with, where a dead end leaves the learner (see views.choose_a_quiz): a surface
    # that words commands otherwise (the terminal, without "/") says its own instead. Paused reminders' too (how
    # they come back), for a platform that knows the learner can't write privately (Telegram: blocked).
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
class NothingDue(Notice):
    """Nothing is due for review: ``text`` says when the next review is and names ``fresh``, a quiz the learner
    hasn't played yet, by its title; each surface offers to start it as it starts a quiz (Telegram a ▶ button, as
    under /quizzes; Discord and the terminal the command to send or type, with its id)."""

    fresh: QuizListEntry | None = field(default=None, kw_only=True, compare=False)


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


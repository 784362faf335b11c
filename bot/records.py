"""What the engine keeps between messages: users, sessions, answers and message links."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import StrEnum


class SessionState(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    STOPPED = "stopped"


@dataclass
class UserRecord:
    platform: str
    platform_user_id: str
    language: str | None = None  # chosen explicitly with /language
    last_hint: str | None = None  # the platform's last language hint, for events that carry none
    id: int | None = None
    time_zone: str | None = None  # an IANA name, set with /timezone; None: UTC
    reminder_time: str | None = None  # "19:00" in the learner's time zone; None: no reminders
    reminder_due: datetime | None = None  # when the next reminder may go out (UTC); kept while off, until it passes
    leaderboard_hidden: bool = False  # left out of group leaderboards, at their request
    # When the last reminder was sent (UTC): a new zone or time is planned after that day on the clock in force.
    reminder_sent_at: datetime | None = None
    # The reminder time the bot put aside when the platform could not deliver a reminder (blocked, DMs closed), not
    # the learner: back in reminder_time when they talk to the bot again. None: not put aside.
    paused_reminder_time: str | None = None


@dataclass
class QuizSession:
    id: str
    user_id: int
    quiz_id: str
    chat_id: str | None
    question_ids: list[str]
    option_orders: dict[str, list[str]]  # question id -> option ids in the order shown
    started_at: datetime
    updated_at: datetime
    position: int = 0  # index into question_ids of the current question
    state: SessionState = SessionState.ACTIVE
    finished_at: datetime | None = None
    # When the current question's time runs out (with a time limit configured). None: no clock is
    # running, because there is no limit or the learner hasn't been shown the current question yet.
    question_deadline: datetime | None = None
    # The answer key a question was shown with (a Telegram quiz poll shows it to the voter), and that question's id:
    # a reload that names another key since asks it again. Only the current question's counts: a replica of a release
    # before these were kept moves the session on and leaves the last question's. None: not shown since kept.
    # After the id, a space and the question's options_digest as shown: a replica of a release before it was kept
    # writes the id alone (then read as not known), and reads the two as no id of its questions (key not known).
    asked_question: str | None = None
    asked_answer: str | None = None
    # The question's id, a space and its content_hash as shown: an answer after a reload reworded its prompt (options
    # and key as shown, so accepted) is logged under the words the learner read, not counted by `quiztutor stats`
    # among the answers to the new ones. None: shown before it was kept, or by a replica of a release before it.
    asked_hash: str | None = None
    # A round asking only the questions missed in an ended session (/retry), not the whole quiz: no attempt at it on
    # /progress. None: started before it was kept (0024), told apart by its size as before.
    retry_round: bool | None = False

    @property
    def current_question_id(self) -> str | None:
        if self.state is not SessionState.ACTIVE or self.position >= len(self.question_ids):
            return None
        return self.question_ids[self.position]

    def shown_key(self, question_id: str) -> str | None:
        """The answer key ``question_id`` was shown with, if it is the one kept; None if not known."""
        return self.asked_answer if self._asked()[0] == question_id else None

    def shown_options(self, question_id: str) -> str | None:
        """The options_digest ``question_id`` was shown with, if it is the one kept; None if not known."""
        asked, options = self._asked()
        return options if asked == question_id else None

    def shown_hash(self, question_id: str) -> str | None:
        """The content_hash ``question_id`` was shown with, if it is the one kept; None if not known."""
        asked, content_hash = split_asked(self.asked_hash)
        return content_hash if asked == question_id else None

    def shown_with(self, question_id: str, answer: str, options: str, content_hash: str) -> None:
        """Keep ``answer`` as the key ``question_id`` is being shown with, ``options`` as its options_digest and
        ``content_hash`` as its content_hash."""
        self.asked_question, self.asked_answer = asked_ref(question_id, options), answer
        self.asked_hash = asked_ref(question_id, content_hash)

    def showing(self, question_id: str) -> bool:
        """Whether ``question_id`` is the question the session was shown at last (kept until it moves on)."""
        return self._asked()[0] == question_id

    def _asked(self) -> tuple[str | None, str | None]:
        return split_asked(self.asked_question)

    def advance(self) -> None:
        """Move to the next question; its clock starts only when it is shown."""
        self.position += 1
        self.question_deadline = None
        self.asked_question = self.asked_answer = self.asked_hash = None


@dataclass(frozen=True)
class SessionToAnswer:
    """A session an answer is for, with what the answer must know of its owner."""

    session: QuizSession
    owner_last_activity: datetime  # when any of the owner's sessions last moved: was this one left for another?
    # The owner plays the session's quiz in a live group game (its lobby, or under way): an answer here would
    # show them, and the chat, the game's answers.
    owner_in_game: bool = False
    # A live group game of the session's quiz in the chat the session is played in, whoever plays it: an answer
    # there would show its players the answers.
    game_in_its_chat: bool = False


@dataclass(frozen=True)
class AnswerRecord:
    session_id: str
    question_id: str
    option_id: str | None  # None: skipped, timed out, or removed from the content by a reload
    correct: bool
    answered_at: datetime
    # Whether the learner was shown the question: False for one the session passed over as a reload removed it; None
    # when not known (stored before 0020, or in a review round left out while a live game held its quiz).
    asked: bool | None = True
    # Whether its time ran out (stored with no option, as a skip is, but reviewed as forgotten): the summary marks it
    # apart. None: stored before 0023, not known (read as a skip, as it was then).
    timed_out: bool | None = False


@dataclass(frozen=True)
class MessageLink:
    """A platform message or poll that asks one question of one session."""

    platform: str
    message_key: str
    session_id: str
    question_id: str
    chat_id: str | None
    created_at: datetime = field(compare=False)
    message_id: str | None = None  # where the poll's key isn't its message's id (Telegram): closing it needs this
    # When the message was taken away (deleted) while a game held its question: nothing is sent to it any more,
    # but a vote that was on its way still finds its question.
    withdrawn_at: datetime | None = None


@dataclass(frozen=True)
class OpenQuestion:
    """The open question a command (a /skip) would act on, and the stored message that asks it, if any (None: say
    private buttons, whose message only the adapter may know)."""

    session_id: str
    question_id: str
    asked: MessageLink | None
    # The first stored message that asked it (withdrawn since too): a command sent after it was meant for it, even if
    # it was asked again since (resumed, in another language).
    first_asked: MessageLink | None = None


@dataclass(frozen=True)
class UnansweredLink:
    """A message asking an active session's question that has no answer yet, with its owner's platform user id:
    a vote cast on it while no process listened is looked for there (adapters/discord/catch_up.py)."""

    link: MessageLink
    owner: str


@dataclass(frozen=True)
class HeldLink(MessageLink):
    """The message asking a question that is not over: a live group game holds it (see
    bot/usecases/game_holds.py), or it is asked again in a new message (a resume) or later (a quiz left for
    another). An adapter takes it away rather than closing it, where closing would show its answer (a Telegram
    quiz poll)."""

    @classmethod
    def of(cls, link: MessageLink) -> HeldLink:
        return cls(**{part.name: getattr(link, part.name) for part in fields(link)})  # by name: a new field comes too


@dataclass(frozen=True)
class SessionResult:
    """One session's score, for /progress."""

    quiz_id: str
    state: SessionState
    correct: int
    answered: int  # with an option chosen
    total: int
    updated_at: datetime
    unanswered: int = 0  # skipped, or left until the time ran out
    timed_out: int = 0  # of those unanswered, left until the time ran out (kept since 0023)
    retry_round: bool | None = None  # QuizSession.retry_round; None: not known (started before 0024)


@dataclass
class CardRecord:
    """What FSRS knows of a learner's memory of one question (see bot/memory.py)."""

    user_id: int
    quiz_id: str
    question_id: str
    content_hash: str  # the question's text when last reviewed: a material change starts the card afresh
    state: int
    step: int | None
    stability: float | None
    difficulty: float | None
    due: datetime
    last_review: datetime | None
    id: int | None = None


@dataclass(frozen=True)
class ReviewRecord:
    """One scored answer, as a review of its card."""

    card_id: int
    user_id: int
    quiz_id: str
    question_id: str
    rating: int
    reviewed_at: datetime
    duration_ms: int | None  # from the question shown to the answer
    option_id: str | None  # None: the time ran out
    language: str  # the language the question was shown in
    content_hash: str
    # The learner's clock then, minutes from UTC: the day it showed is the day they played, whatever zone they
    # choose later. None: logged before it was kept (0016), or a time-out, which counts on no day.
    utc_offset_minutes: int | None = None


def asked_ref(question_id: str, options: str) -> str:
    """A session's or game's asked_question: the question's id, a space, its options_digest as shown. A replica of a
    release before the digest was kept writes the id alone (split_asked: digest not known), and reads the two as
    no id of its questions (its key as shown not known)."""
    return f"{question_id} {options}"


def split_asked(asked_question: str | None) -> tuple[str | None, str | None]:
    """asked_ref's question id and options_digest; None for what it doesn't hold."""
    question_id, _, options = (asked_question or "").partition(" ")
    return question_id or None, options or None

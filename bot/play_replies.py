"""What playing a quiz replies: the question to show, the feedback on an answer, the summary at the end, a quiz
started or resumed and an answer's outcome. Texts are already in the learner's language; adapters lay them out.

Split from bot/replies.py by job (that module re-exports these, so ``from bot.replies import Started`` works).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from bot.records import MessageLink
from bot.reply_language import ui_language


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
    TIMED_OUT = "timed_out"  # left until its time ran out: no point, as a skip, but back for review as a miss


@dataclass(frozen=True)
class TallyPart:
    """How many of a summary's questions had one outcome, in words: "2 right", "1 timed out"."""

    outcome: Outcome
    count: int
    text: str


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
    # found the last question's time ran out (its line in the summary is marked timed out, the notice says why).
    notices: tuple[str, ...] = ()
    # As Started's: the polls of a round ended on the way (/quiz alone, a review round of an earlier day ended).
    left_behind: tuple[MessageLink, ...] = field(default=(), compare=False)
    # Under the score when anything was missed, each outcome met once in the order right, wrong, skipped, timed out:
    # the counts add up to ``total``, and an adapter shows each beside its mark, which so needs no legend.
    tally: tuple[TallyPart, ...] = ()


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
    # A skip of a question whose poll a crash lost, which shows it instead: the message the question before it was
    # asked on, to show it as that one was (a poll, not private buttons).
    lost_after: MessageLink | None = None

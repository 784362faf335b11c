"""The terminal as a Surface: lines on the screen, and the question now open (what a typed number answers)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from adapters.terminal import render
from adapters.terminal.lines import LineIO
from adapters.terminal.words import choose_a_quiz, due_for_review, more_due_today
from bot.delivery import Asked
from bot.i18n import Localizer
from bot.replies import Feedback, Profile, QuestionView, Summary
from bot.time_limits import whole_seconds


class TerminalSurface:
    """``words``: the terminal's own words in a language (the engine's localizer_for); ``clock``: the engine's, so
    the time left to answer counts down as the engine counts it."""

    def __init__(self, io: LineIO, words: Callable[[str], Localizer], clock: Callable[[], datetime]) -> None:
        self._io = io
        self._words = words
        self._clock = clock
        self.question: QuestionView | None = None  # the question a typed answer goes to
        self.held_back: QuestionView | None = None  # shown with no whole second left to answer it: not offered

    @property
    def chat_id(self) -> str | None:
        return None

    async def say(self, text: str) -> None:
        self._io.write(render.wrap(text))

    async def say_due(self, profile: Profile) -> None:
        """At start-up with no quiz in progress: the questions due for review, if any (a profile ``with_due``)."""
        if profile.due_for_review:
            await self.say(due_for_review(self._words(profile.language), profile.due_for_review))

    async def feedback(self, feedback: Feedback) -> None:
        self._io.write(render.feedback(feedback))

    async def ask(self, question: QuestionView, intro: str | None) -> Asked | None:
        if intro:
            await self.say(intro)
        self.show(question)
        return None  # answers name their question: nothing to link

    def show(self, question: QuestionView) -> None:
        self.question = question
        if question.deadline is not None and question.seconds_left == 0:
            # Resumed just before its deadline: "(0 seconds to answer)" offers what nobody can answer in time. The
            # player waits it out, then shows the engine's "Time's up!" and the next question (OpenQuestion.run_out).
            self.held_back = question
            return
        self._io.write(render.question(question, self._words(question.words_language)))

    def seconds_left(self) -> float | None:
        """The time still left to answer the open question, by the engine's clock; None without a time limit."""
        question = self.question
        if question is None or question.deadline is None or question.seconds_left is None:
            return None
        return (question.deadline - self._clock()).total_seconds()

    def show_again(self) -> None:
        """The open question once more (a long listing scrolled it away): without its notices, said when it was
        first shown, and with the whole seconds now left to answer it, counted as when the engine showed it."""
        question = self.question
        if question is None:
            return
        left = self.seconds_left()
        seconds = question.seconds_left if left is None else whole_seconds(left)
        self._io.write(render.question(replace(question, notices=(), seconds_left=seconds),
                                       self._words(question.words_language)))

    async def summarize(self, summary: Summary) -> None:
        self.question = None
        self._io.write(render.summary(summary))
        if summary.retry_offer:
            await self.say(summary.retry_offer + " → retry")
        if summary.more_due:  # a review round's next one, worded as typed here
            await self.say(more_due_today(self._words(summary.language), summary.more_due))
        elif summary.next_step:  # its commands worded as typed here
            await self.say(choose_a_quiz(self._words(summary.language)))

    async def flush(self) -> None:
        return None

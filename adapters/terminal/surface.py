"""The terminal as a Surface: lines on the screen, and the question now open (what a typed number answers)."""

from __future__ import annotations

from adapters.terminal import render
from adapters.terminal.lines import LineIO
from bot.delivery import Asked
from bot.replies import Feedback, QuestionView, Summary


class TerminalSurface:
    def __init__(self, io: LineIO) -> None:
        self._io = io
        self.question: QuestionView | None = None  # the question a typed answer goes to

    @property
    def chat_id(self) -> str | None:
        return None

    async def say(self, text: str) -> None:
        self._io.write(render.wrap(text))

    async def feedback(self, feedback: Feedback) -> None:
        self._io.write(render.feedback(feedback))

    async def ask(self, question: QuestionView, intro: str | None) -> Asked | None:
        if intro:
            await self.say(intro)
        self.show(question)
        return None  # answers name their question: nothing to link

    def show(self, question: QuestionView) -> None:
        self.question = question
        self._io.write(render.question(question))

    async def summarize(self, summary: Summary) -> None:
        self.question = None
        self._io.write(render.summary(summary))
        if summary.retry_offer:
            await self.say(summary.retry_offer + " → retry")

    async def flush(self) -> None:
        return None

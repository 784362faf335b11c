"""An interactive quiz in the terminal: read a line, ask the engine, print the reply."""

from __future__ import annotations

import asyncio
import logging

from adapters.terminal import render
from adapters.terminal.commands import Line, parse
from adapters.terminal.lines import LineIO
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary

log = logging.getLogger(__name__)
# Refusals that mean the session moved on elsewhere (another terminal, a chat): show where it stands now.
OUT_OF_STEP = {NoticeCode.ALREADY_ANSWERED, NoticeCode.NOT_CURRENT_QUESTION}


class TerminalPlayer:
    def __init__(self, engine: QuizEngine, actor: Actor, io: LineIO) -> None:
        self._engine = engine
        self._actor = actor
        self._io = io
        self._question: QuestionView | None = None
        self._quiz_ids: list[str] = []  # the last list shown, so "2" can pick its second quiz
        self._words: Localizer | None = None  # the last language spoken, for a goodbye that can't ask the engine

    async def play(self, quiz: str | None = None, language: str | None = None) -> None:
        """Run until the learner quits or input ends; every answer is saved as it is given."""
        try:
            if language is not None:
                speaking = (await self._localizer()).language
                notice = await self._engine.set_language(self._actor, language)
                if notice.is_error or speaking != language:  # "From now on I'll speak ..." only when it changes
                    self._say_notice(notice)
            _ = await self._localizer()
            self._say(_("Welcome to QuizTutor! Type “help” for commands, “quit” to leave."))
            await self._start(quiz)
            while True:
                line = await self._io.read_line(self._prompt(await self._localizer()))
                if line is None or not await self._handle_safely(line):
                    break
        except asyncio.CancelledError:  # Ctrl-C: every answer is already saved
            self._goodbye()
            raise
        self._goodbye()

    def _goodbye(self) -> None:
        _ = self._words
        if _ is not None:
            self._io.write("\n" + _("Bye! Your progress is saved: run the same command to carry on."))

    async def _localizer(self) -> Localizer:
        self._words = await self._engine.localizer(self._actor)
        return self._words

    async def _handle_safely(self, line: str) -> bool:
        """Act on one line; a failure (say, the database is busy) is an apology, not the end of the game."""
        try:
            return await self._handle(line)
        except Exception:
            log.exception("the terminal could not act on a line")
            _ = self._words
            if _ is not None:
                self._say(_("Sorry, something went wrong. Please try again in a moment."))
            return True

    def _prompt(self, _: Localizer) -> str:
        if self._question is not None:
            return _("Your answer (1-{count}) > ", count=len(self._question.options))
        return _("Choose a quiz (number or id) > ")

    async def _handle(self, text: str) -> bool:
        """Act on one line; False means the learner wants to leave."""
        line = parse(text, answering=self._question is not None)
        engine, actor = self._engine, self._actor
        if line.verb == "quit":
            return False
        if line.verb in ("help", "quizzes", "preview", "progress"):
            await self._look_around(line.verb, line.argument)
        elif line.verb == "quiz":
            await self._start(line.argument or None)  # no id: carry on with the latest quiz
        elif line.verb == "language":
            await self._language(line.argument)
        elif line.verb == "stop":
            self._question = None
            self._say_notice(await engine.stop(actor))
        elif line.verb == "skip":
            await self._show_outcome(await engine.skip(actor))
        elif line.verb == "retry":
            await self._retry()
        elif line.verb == "answer":
            await self._answer(line)
        elif line.verb == "choose":
            await self._choose_quiz(line)
        return True

    async def _look_around(self, command: str, argument: str) -> None:
        """Help, lists and previews; then the open question again, since a long listing scrolls it away."""
        if command == "help":
            self._io.write(render.help_text(await self._localizer()))
        elif command == "quizzes":
            await self._show_quizzes()
        elif command == "preview":
            await self._preview(argument)
        else:
            self._io.write(render.progress(await self._engine.progress(self._actor)))
        if self._question is not None:
            self._io.write(render.question(self._question))

    async def _start(self, reference: str | None) -> None:
        shown = await self._engine.start(self._actor, reference)
        if isinstance(shown, Notice):
            self._say_notice(shown)
            await self._show_quizzes()
        elif isinstance(shown, Summary):
            self._show_summary(shown)
        else:
            self._show_started(shown)

    def _show_started(self, started: Started) -> None:
        self._say(started.intro)
        self._show_question(started.question)

    def _show_question(self, question: QuestionView) -> None:
        self._question = question
        self._io.write(render.question(question))

    async def _show_outcome(self, outcome: AnswerOutcome | Notice) -> None:
        if isinstance(outcome, Notice):
            self._say_notice(outcome)
            if outcome.code in OUT_OF_STEP:
                await self._catch_up()
            return
        if outcome.notice is not None:  # e.g. the answer came after the question's time ran out
            self._say(outcome.notice)
        if outcome.feedback is not None:
            self._io.write(render.feedback(outcome.feedback))
        if isinstance(outcome.next, Summary):
            self._show_summary(outcome.next)
        else:
            self._show_question(outcome.next)

    async def _catch_up(self) -> None:
        """The question shown here was answered elsewhere: show the one that is open now, if any."""
        self._question = None
        shown = await self._engine.start(self._actor)
        if isinstance(shown, Started):
            self._show_question(shown.question)
        elif isinstance(shown, Summary):
            self._show_summary(shown)
        else:
            self._say_notice(shown)

    def _show_summary(self, result: Summary) -> None:
        self._question = None
        self._io.write(render.summary(result))
        if result.retry_offer:
            self._say(result.retry_offer + " → retry")

    async def _answer(self, line: Line) -> None:
        question = self._question
        assert question is not None
        if line.index is None:
            _ = await self._localizer()
            self._say(_("Please type a number from 1 to {count}, or “help”.", count=len(question.options)))
            return
        await self._show_outcome(
            await self._engine.answer(self._actor, question.session_id, question.question_id, line.index))

    async def _choose_quiz(self, line: Line) -> None:
        if line.index is not None and 1 <= line.index <= len(self._quiz_ids):
            await self._start(self._quiz_ids[line.index - 1])
            return
        await self._start(line.argument)

    async def _show_quizzes(self) -> None:
        listing = await self._engine.list_quizzes(self._actor)
        self._quiz_ids = [entry.quiz_id for entry in listing.entries]
        self._io.write(render.quiz_list(listing))

    async def _preview(self, reference: str) -> None:
        reference = reference or (self._question.quiz_id if self._question else "")
        if not reference:
            await self._show_quizzes()
            return
        shown = await self._engine.preview(self._actor, reference)
        self._io.write(shown.text if isinstance(shown, Notice) else render.preview(shown))

    async def _language(self, choice: str) -> None:
        if not choice:
            _ = await self._localizer()
            self._say(_("Your language is {code}. Type “language CODE” with one of: en, fr, sw, yo, sn.",
                        code=_.language))
            return
        notice = await self._engine.set_language(self._actor, choice)
        self._say_notice(notice)
        if self._question is not None and not notice.is_error:  # the same question, in the new language
            shown = await self._engine.start(self._actor, self._question.quiz_id)
            if isinstance(shown, Started):
                self._show_question(shown.question)

    async def _retry(self) -> None:
        """The missed questions of the learner's last finished quiz (found in the database: survives a restart)."""
        shown = await self._engine.retry_missed(self._actor)
        if isinstance(shown, Notice):
            self._say_notice(shown)
        else:
            self._show_started(shown)

    def _say_notice(self, notice: Notice) -> None:
        self._say(notice.text)

    def _say(self, text: str) -> None:
        self._io.write(render.wrap(text))

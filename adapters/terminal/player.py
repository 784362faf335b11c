"""An interactive quiz in the terminal: read a line, ask the engine, print the reply."""

from __future__ import annotations

import string

from adapters.terminal import render
from adapters.terminal.lines import LineIO
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.replies import Actor, AnswerOutcome, Notice, QuestionView, Started, Summary

QUIT_WORDS = {"quit", "exit", "q", "bye"}


class TerminalPlayer:
    def __init__(self, engine: QuizEngine, actor: Actor, io: LineIO) -> None:
        self._engine = engine
        self._actor = actor
        self._io = io
        self._question: QuestionView | None = None
        self._last_summary: Summary | None = None
        self._quiz_ids: list[str] = []  # the last list shown, so "2" can pick its second quiz

    async def play(self, quiz: str | None = None, language: str | None = None) -> None:
        """Run until the learner quits or input ends; every answer is saved as it is given."""
        if language is not None:
            speaking = (await self._engine.localizer(self._actor)).language
            notice = await self._engine.set_language(self._actor, language)
            if notice.is_error or speaking != language:  # "From now on I'll speak ..." only when it changes
                self._say_notice(notice)
        _ = await self._engine.localizer(self._actor)
        self._say(_("Welcome to QuizTutor! Type “help” for commands, “quit” to leave."))
        await self._start(quiz)
        while True:
            line = await self._io.read_line(self._prompt(await self._engine.localizer(self._actor)))
            if line is None:
                break
            if not await self._handle(line.strip()):
                break
        _ = await self._engine.localizer(self._actor)
        self._io.write("\n" + _("Bye! Your progress is saved: run the same command to carry on."))

    def _prompt(self, _: Localizer) -> str:
        if self._question is not None:
            return _("Your answer (1-{count}) > ", count=len(self._question.options))
        return _("Choose a quiz (number or id) > ")

    async def _handle(self, line: str) -> bool:
        """Act on one line; False means the learner wants to leave."""
        if not line:
            return True
        command, _space, argument = line.partition(" ")
        command, argument = command.lower(), argument.strip()
        engine, actor = self._engine, self._actor
        if command in QUIT_WORDS:
            return False
        if command in ("help", "quizzes", "preview", "progress"):
            await self._look_around(command, argument)
        elif command == "quiz":
            await self._start(argument or None)  # no id: carry on with the latest quiz
        elif command == "language":
            await self._language(argument)
        elif command == "stop":
            self._question = None
            self._say_notice(await engine.stop(actor))
        elif command == "skip":
            self._show_outcome(await engine.skip(actor))
        elif command == "retry":
            await self._retry()
        elif self._question is not None:
            await self._answer(line)
        else:
            await self._choose_quiz(line)
        return True

    async def _look_around(self, command: str, argument: str) -> None:
        """Help, lists and previews; then the open question again, since a long listing scrolls it away."""
        if command == "help":
            self._io.write(render.help_text(await self._engine.localizer(self._actor)))
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

    def _show_outcome(self, outcome: AnswerOutcome | Notice) -> None:
        if isinstance(outcome, Notice):
            self._say_notice(outcome)
            return
        if outcome.notice is not None:  # e.g. the answer came after the question's time ran out
            self._say(outcome.notice)
        if outcome.feedback is not None:
            self._io.write(render.feedback(outcome.feedback))
        if isinstance(outcome.next, Summary):
            self._show_summary(outcome.next)
        else:
            self._show_question(outcome.next)

    def _show_summary(self, result: Summary) -> None:
        self._question = None
        self._last_summary = result
        self._io.write(render.summary(result))
        if result.retry_offer:
            self._say(result.retry_offer + " → retry")

    async def _answer(self, line: str) -> None:
        assert self._question is not None
        index = _option_index(line)
        if index is None:
            _ = await self._engine.localizer(self._actor)
            self._say(_("Please type a number from 1 to {count}, or “help”.", count=len(self._question.options)))
            return
        question = self._question
        self._show_outcome(await self._engine.answer(self._actor, question.session_id, question.question_id, index))

    async def _choose_quiz(self, line: str) -> None:
        if line.isdigit() and self._quiz_ids:
            number = int(line)
            if 1 <= number <= len(self._quiz_ids):
                await self._start(self._quiz_ids[number - 1])
                return
        await self._start(line)

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
            _ = await self._engine.localizer(self._actor)
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
        if self._last_summary is None:
            _ = await self._engine.localizer(self._actor)
            self._say(_("There is nothing to retry."))
            return
        shown = await self._engine.retry_missed(self._actor, self._last_summary.session_id)
        if isinstance(shown, Notice):
            self._say_notice(shown)
        else:
            self._show_started(shown)

    def _say_notice(self, notice: Notice) -> None:
        self._say(notice.text)

    def _say(self, text: str) -> None:
        self._io.write(render.wrap(text))


def _option_index(line: str) -> int | None:
    """``"2"`` or ``"b"`` -> 1; anything else -> None."""
    text = line.strip().lower().rstrip(").")
    if text.isdigit() and len(text) <= 3:
        return int(text) - 1
    if len(text) == 1 and text in string.ascii_lowercase:
        return string.ascii_lowercase.index(text)
    return None

"""An interactive quiz in the terminal: read a line, ask the engine, show the reply through the same walk as
the chat platforms."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from adapters.runtime import utc_now
from adapters.terminal import render, words
from adapters.terminal.commands import CHAT_ONLY, GREETING, TIMED_ALREADY, Line, list_number, number_like, parse
from adapters.terminal.lines import LineIO
from adapters.terminal.surface import TerminalSurface
from bot.delivery import summarize
from bot.engine import QuizEngine
from bot.i18n import Localizer
from bot.languages import SUPPORTED_LANGUAGES, listed_codes, native_name
from bot.log_lines import log_briefly
from bot.replies import (
    Actor,
    AnswerOutcome,
    Notice,
    NoticeCode,
    Preview,
    QuizList,
    Started,
    Stopped,
    Summary,
    WhichQuiz,
)
from bot.review_quiz import REVIEW_QUIZ_ID, quiz_of_question

log = logging.getLogger(__name__)
# Refusals that mean the session moved on elsewhere (another terminal, a chat): show where it stands now.
OUT_OF_STEP = {NoticeCode.ALREADY_ANSWERED, NoticeCode.NOT_CURRENT_QUESTION}


class TerminalPlayer:
    def __init__(self, engine: QuizEngine, actor: Actor, io: LineIO,
                 clock: Callable[[], datetime] = utc_now) -> None:
        """``clock``: the engine's, for the time left to answer a question shown again."""
        self._engine = engine
        self._actor = actor
        self._io = io
        self._screen = TerminalSurface(io, engine.localizer_for, clock)
        self._quiz_ids: list[str] = []  # the last list shown, so "2" can pick its second quiz
        self._words: Localizer = engine.localizer_for("en")  # kept from each reply: no look-up per prompt
        self._last_unsaved = False  # the last line acted on failed: the goodbye must not say all is saved

    async def play(self, quiz: str | None = None, language: str | None = None) -> None:
        """Run until the learner quits or input ends; every answer is saved as it is given."""
        if language in SUPPORTED_LANGUAGES:  # a goodbye before the database answers (Ctrl-C) is in it too
            self._words = self._engine.localizer_for(language)
        try:
            stored = await self._engine.localizer(self._actor)
            if language is None:
                self._words = stored
            else:
                notice = await self._engine.set_language(self._actor, language)
                if notice.is_error:
                    self._say_notice(notice)
                else:  # chosen on the command line: the welcome in it says so, not "From now on I'll speak ..."
                    self._words = self._engine.localizer_for(notice.language)
            self._say(words.welcome(self._words))
            await self._start(quiz)
            if self._screen.question is None:  # no quiz in progress: the questions due for review, if any
                await self._screen.say_due(await self._engine.profile(self._actor, with_due=True))
            while True:
                line = await self._io.read_line(self._prompt())
                if line is None or not await self._handle_safely(line):
                    break
        except asyncio.CancelledError:  # Ctrl-C: every answer is already saved
            self._goodbye()
            raise
        self._goodbye()

    def _goodbye(self) -> None:
        self._io.write("\n" + render.wrap(words.goodbye(self._words, last_unsaved=self._last_unsaved)))

    def _prompt(self) -> str:
        _, question = self._words, self._screen.question
        if question is not None:
            return _("Your answer (1-{count}) > ", count=len(question.options))
        return _("Choose a quiz (number or id) > ")

    async def _handle_safely(self, line: str) -> bool:
        """Act on one line; a failure (say, the database is busy) is an apology, not the end of the game."""
        try:
            going_on = await self._handle(line)
        except Exception as error:  # one line on stderr, as every failure; the traceback at QUIZ_LOG_LEVEL=DEBUG
            log_briefly(log, logging.ERROR, error, "the terminal could not act on a line")
            self._say(words.not_done(self._words, error))
            self._last_unsaved = True
            return True
        # "quit" and an empty line do nothing: what failed before them is still the last thing done.
        self._last_unsaved = self._last_unsaved and (not going_on or not line.strip())
        return going_on

    async def _handle(self, text: str) -> bool:
        """Act on one line; False means the learner wants to leave."""
        line = parse(text, answering=self._screen.question is not None)
        engine, actor = self._engine, self._actor
        if line.verb == "quit":
            return False
        if line.verb not in TIMED_ALREADY and (left := self._screen.seconds_left()) is not None and left <= 0:
            await self._catch_up()  # "Time's up!" and the next question: "review" or "progress" counts it
        if line.verb == GREETING:  # as at start-up, then the commands, then the open question again
            self._say(words.welcome(self._words))
            await self._look_around("help", "")
        elif line.verb in ("help", "quizzes", "preview", "progress"):
            await self._look_around(line.verb, line.argument)
        elif line.verb == "quiz":
            await self._start(line.argument or None)  # no id: carry on with the latest quiz
        elif line.verb == "language":
            await self._language(line.argument)
        elif line.verb == "stop":  # its question let go once stopped: one not saved is still there to answer
            stopped = await engine.stop(actor)
            self._screen.question = None
            self._say_notice(stopped)
        elif line.verb == "skip":  # the question shown here, not the next if another terminal skipped it just now
            await self._refused(await engine.skip(actor, self._screen, on_screen=self._screen.question))
        elif line.verb == "retry":  # the last quiz, finished or stopped, found in the database: survives a restart
            await self._refused(await engine.retry_missed(actor, None, self._screen))
        elif line.verb == "review":
            await self._refused(await engine.review(actor, self._screen))
        elif line.verb == "timezone":
            self._say_notice(await engine.set_time_zone(actor, line.argument, typed=True))
        elif line.verb in CHAT_ONLY:
            self._say(words.chat_only(self._words, line.verb))
        elif line.verb == "unknown":
            self._say(words.unknown_command(self._words, line.argument))
        elif line.verb == "answer":
            await self._answer(line)
        elif line.verb in ("choose", "letter"):
            await self._choose_quiz(line)
        return True

    async def _look_around(self, command: str, argument: str) -> None:
        """Help, lists and previews; then the open question again, since a long listing scrolls it away."""
        if command == "help":
            self._io.write(render.help_text(self._words))
        elif command == "quizzes":
            await self._show_quizzes()
        elif command == "preview":
            await self._preview(argument)
        else:
            progress = await self._engine.progress(self._actor)
            self._words = self._engine.localizer_for(progress.language)
            self._io.write(render.progress(progress))
        await self._show_open_question()

    async def _start(self, reference: str | None) -> None:
        open_question = self._screen.question
        shown = await self._engine.start(self._actor, await self._listed(reference), self._screen)
        self._words = self._engine.localizer_for(shown.language)
        if not isinstance(shown, Notice):
            return
        if isinstance(shown, WhichQuiz):  # the ones it names, numbered (its heading asks which): a number picks
            self._show_list(shown.choices)
            if open_question is not None:  # not shown again: a number answers the heading, not the question
                self._screen.question = None
                _ = self._words
                self._say(_("Type a number to pick one, or “quiz” to carry on with the question you were "
                            "answering."))
            return
        listing = await self._listing()  # first: a number off the list is refused with the count of this one
        self._say_notice(self._numbered(shown, reference), list_follows=True)
        self._show_list(listing)
        self._screen.question = None if shown.code is NoticeCode.NO_ACTIVE_SESSION else open_question  # or gone
        if self._screen.question is not None:  # still open: shown again, so a number typed next answers what it says
            await self._show_open_question()

    async def _listed(self, reference: str | None) -> str | None:
        """``2`` (``(2)``, ``2.``) wherever a quiz is named: the second of the list shown last, else of ``quizzes``'."""
        number = list_number(reference or "")
        if number is not None and not self._quiz_ids:
            await self._listing()
        if number is not None and 1 <= number <= len(self._quiz_ids):
            return self._quiz_ids[number - 1]
        return reference

    def _numbered(self, notice: Notice, reference: str | None) -> Notice:
        """"No quiz called “9”" (or "-1") for a number off the list: the numbers there are, as at the picker."""
        if notice.code is not NoticeCode.QUIZ_NOT_FOUND or not number_like(reference or ""):
            return notice
        self._words = self._engine.localizer_for(notice.language)
        return replace(notice, text=words.quiz_number_please(self._words, len(self._quiz_ids)), next_step=None)

    async def _answer(self, line: Line) -> None:
        if (question := self._screen.question) is None:
            return
        if line.index is None:
            self._say(words.number_please(self._words, len(question.options)))
            return
        await self._refused(await self._engine.answer(self._actor, question.session_id, question.question_id,
                                                      line.index, self._screen))

    async def _show_open_question(self) -> None:
        """The open question again, with the time left; if that ran out, not a question nobody can answer in time
        but the engine's move on: "Time's up!" and the next question (or the summary)."""
        left = self._screen.seconds_left()
        if left is None or left >= 1:
            self._screen.show_again()
            return
        if left > 0:  # under a second: wait it out, so the engine finds the time up too
            await asyncio.sleep(left)
        await self._catch_up()

    async def _catch_up(self) -> None:
        """The question shown here was answered elsewhere: show the one that is open now, if any."""
        self._screen.question = None
        shown = await self._engine.start(self._actor)
        if isinstance(shown, Started):
            self._screen.show(shown.question)
        elif isinstance(shown, Summary):
            await summarize(shown, self._screen)  # with its "Time's up!", if that is what ended it
        else:
            self._say_notice(shown)
            if shown.code is NoticeCode.NO_ACTIVE_SESSION:  # stopped elsewhere: "Choose one", so the list, as at start
                await self._show_quizzes()

    async def _choose_quiz(self, line: Line) -> None:
        if line.verb == "letter" and not self._quiz_ids:
            await self._listing()  # for the count the refusal gives
        out_of_range = line.index is not None and not 1 <= line.index <= len(self._quiz_ids)
        if (line.verb == "letter" or out_of_range) and self._quiz_ids:
            self._say(words.quiz_number_please(self._words, len(self._quiz_ids)))
            return
        await self._start(line.argument)

    async def _show_quizzes(self) -> None:
        self._show_list(await self._listing())

    def _show_list(self, listing: QuizList) -> None:
        """A numbered list of quizzes, their ids kept for a number typed next."""
        self._quiz_ids = [entry.quiz_id for entry in listing.entries]
        self._io.write(render.quiz_list(listing))

    async def _listing(self) -> QuizList:
        """The quizzes as ``quizzes`` lists them, their ids kept for numbers typed later."""
        listing = await self._engine.list_quizzes(self._actor)
        self._quiz_ids = [entry.quiz_id for entry in listing.entries]
        return listing

    async def _preview(self, reference: str) -> None:
        question = self._screen.question
        # A review round's question: the quiz it comes from, not the round's id (no quiz is called "review").
        reference = reference or (quiz_of_question(question.quiz_id, question.question_id) if question else "")
        shown = (await self._engine.preview(self._actor, await self._listed(reference) or reference) if reference
                 else None)  # none named, none open: every quiz
        if shown is None or isinstance(shown, WhichQuiz):  # and how to preview one: a bare number would start one
            self._show_list(await self._listing() if shown is None else shown.choices)  # (or answer a question)
            _ = self._words = self._engine.localizer_for(shown.language) if shown is not None else self._words
            self._say(_("To see one of them, type “preview” and its number."))
        elif isinstance(shown, Preview):
            self._io.write(render.preview(shown))
        else:
            self._say_notice(self._numbered(shown, reference))

    async def _language(self, choice: str) -> None:
        if not choice:
            _ = self._words
            self._say(_("Your language is {code}. Type “language CODE” with one of: {codes}.",
                        code=f"{native_name(_.language)} ({_.language})", codes=listed_codes()))
            return
        notice = await self._engine.set_language(self._actor, choice)
        self._say_notice(notice)
        question = self._screen.question
        if question is not None and not notice.is_error:  # the same question, in the new language
            shown = (await self._engine.review(self._actor) if question.quiz_id == REVIEW_QUIZ_ID  # resumed
                     else await self._engine.start(self._actor, question.quiz_id))
            if isinstance(shown, Started):
                self._screen.show(shown.question)

    async def _refused(self, reply: Started | Summary | AnswerOutcome | Notice) -> None:
        """Anything shown went through the screen already; a refusal is said here, and after one saying the quiz
        moved on elsewhere (another terminal), where it stands now."""
        if isinstance(reply, Notice):
            self._say_notice(reply)
            if reply.code in OUT_OF_STEP:
                await self._catch_up()
        else:
            self._words = self._engine.localizer_for(reply.language)

    def _say_notice(self, notice: Notice, *, list_follows: bool = False) -> None:
        self._words = self._engine.localizer_for(notice.language)
        text = notice.text
        if notice.next_step:  # the engine's "Send /quizzes ...": worded as typed here, unless the list follows
            text = text.removesuffix(notice.next_step).rstrip()
            text = text if list_follows else f"{text} {words.choose_a_quiz(self._words)}"
        self._say(text)
        if isinstance(notice, Stopped) and notice.retry_offer:  # as under a summary
            self._say(notice.retry_offer + " → retry")

    def _say(self, text: str) -> None:
        self._io.write(render.wrap(text))

"""An interactive quiz in the terminal: read a line, ask the engine, show the reply through the same walk as
the chat platforms."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from adapters.runtime import utc_now
from adapters.terminal import render, words
from adapters.terminal.choosing import QuizChoice
from adapters.terminal.commands import CHAT_ONLY, GREETING, TIMED_ALREADY, Line, parse
from adapters.terminal.lines import LineIO
from adapters.terminal.open_question import OpenQuestion
from adapters.terminal.quiz_list import QuizLists
from adapters.terminal.surface import TerminalSurface
from adapters.terminal.talk import Talk
from bot.engine import QuizEngine
from bot.languages import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, listed_codes, native_name, normalize_language
from bot.log_lines import log_briefly
from bot.replies import Actor, Started
from bot.review_quiz import REVIEW_QUIZ_ID

log = logging.getLogger(__name__)


class TerminalPlayer:
    def __init__(self, engine: QuizEngine, actor: Actor, io: LineIO,
                 clock: Callable[[], datetime] = utc_now) -> None:
        """``clock``: the engine's, for the time left to answer a question shown again."""
        self._engine = engine
        self._actor = actor
        self._io = io
        self._screen = TerminalSurface(io, engine.localizer_for, clock)
        self._talk = Talk(engine, actor, io, self._screen)
        self._lists = QuizLists(self._talk)
        self._open = OpenQuestion(self._talk, self._lists)
        self._choice = QuizChoice(self._talk, self._lists, self._open)
        self._last_unsaved = False  # the last line acted on failed: the goodbye must not say all is saved

    async def play(self, quiz: str | None = None, language: str | None = None) -> None:
        """Run until the learner quits or input ends; every answer is saved as it is given."""
        talk = self._talk
        # A goodbye before the database answers (Ctrl-C) is in the language asked for, else the terminal's.
        talk.speak(language if language in SUPPORTED_LANGUAGES
                   else normalize_language(self._actor.language_hint) or DEFAULT_LANGUAGE)
        try:
            stored = await self._engine.localizer(self._actor)
            if language is None:
                talk.words = stored
            else:
                notice = await self._engine.set_language(self._actor, language)
                if notice.is_error:
                    talk.say_notice(notice)
                else:  # chosen on the command line: the welcome in it says so, not "From now on I'll speak ..."
                    talk.speak(notice.language)
            talk.say(words.welcome(talk.words))
            await self._choice.start(quiz)
            if self._screen.question is None:  # no quiz in progress: the questions due for review, if any
                await self._screen.say_due(await self._engine.profile(self._actor, with_due=True))
            while True:
                await self._open.run_out()  # before the prompt that would ask for its answer
                line = await self._io.read_line(self._prompt())
                if line is None or not await self._handle_safely(line):
                    break
        except asyncio.CancelledError:  # Ctrl-C: every answer is already saved
            self._goodbye()
            raise
        self._goodbye()

    def _goodbye(self) -> None:
        self._io.write("\n" + render.wrap(words.goodbye(self._talk.words, last_unsaved=self._last_unsaved)))

    def _prompt(self) -> str:
        _, question = self._talk.words, self._screen.question
        if question is not None:
            return _("Your answer (1-{count}) > ", count=len(question.options))
        return _("Choose a quiz (number or id) > ")

    async def _handle_safely(self, line: str) -> bool:
        """Act on one line; a failure (say, the database is busy) is an apology, not the end of the game."""
        try:
            going_on = await self._handle(line)
        except Exception as error:  # one line on stderr, as every failure; the traceback at QUIZ_LOG_LEVEL=DEBUG
            log_briefly(log, logging.ERROR, error, "the terminal could not act on a line")
            self._talk.say(words.not_done(self._talk.words, error))
            self._last_unsaved = True
            return True
        # "quit" and an empty line do nothing: what failed before them is still the last thing done.
        self._last_unsaved = self._last_unsaved and (not going_on or not line.strip())
        return going_on

    async def _handle(self, text: str) -> bool:
        """Act on one line; False means the learner wants to leave."""
        line = parse(text, answering=self._screen.question is not None)
        engine, actor, talk, opened = self._engine, self._actor, self._talk, self._open
        if line.verb == "quit":
            return False
        if line.verb not in TIMED_ALREADY and (left := self._screen.seconds_left()) is not None and left <= 0:
            await opened.catch_up()  # "Time's up!" and the next question: "review" or "progress" counts it
        if line.verb == GREETING:  # as at start-up, then the commands, then the open question again
            talk.say(words.welcome(talk.words))
            await self._look_around("help", "")
        elif line.verb in ("help", "quizzes", "preview", "progress"):
            await self._look_around(line.verb, line.argument)
        elif line.verb == "quiz":
            await self._choice.start(line.argument or None)  # no id: carry on with the latest quiz
        elif line.verb == "language":
            await self._language(line.argument)
        elif line.verb == "stop":  # its question let go once stopped: one not saved is still there to answer
            stopped = await engine.stop(actor)
            self._screen.question = None
            talk.say_notice(stopped)
        elif line.verb == "skip":  # the question shown here, not the next if another terminal skipped it just now
            await opened.refused(await engine.skip(actor, self._screen, on_screen=self._screen.question))
        elif line.verb == "retry":  # the last quiz, finished or stopped, found in the database: survives a restart
            await opened.refused(await engine.retry_missed(actor, None, self._screen))
        elif line.verb == "review":
            await opened.refused(await engine.review(actor, self._screen))
        elif line.verb == "timezone":
            talk.say_notice(await engine.set_time_zone(actor, line.argument, typed=True))
        elif line.verb in CHAT_ONLY:
            talk.say(words.chat_only(talk.words, line.verb))
        elif line.verb == "unknown":
            talk.say(words.unknown_command(talk.words, line.argument))
        elif line.verb == "answer":
            await self._answer(line)
        elif line.verb in ("choose", "letter"):
            await self._choice.choose(line)
        return True

    async def _look_around(self, command: str, argument: str) -> None:
        """Help, lists and previews; then the open question again, since a long listing scrolls it away."""
        if command == "help":
            self._io.write(render.help_text(self._talk.words))
        elif command == "quizzes":
            await self._lists.show_quizzes()
        elif command == "preview":
            await self._choice.preview(argument)
        else:
            progress = await self._engine.progress(self._actor)
            self._talk.speak(progress.language)
            self._io.write(render.progress(progress))
        await self._open.show_again()

    async def _answer(self, line: Line) -> None:
        if (question := self._screen.question) is None:
            return
        if line.index is None:
            self._talk.say(words.number_please(self._talk.words, len(question.options)))
            return
        await self._open.refused(await self._engine.answer(self._actor, question.session_id, question.question_id,
                                                           line.index, self._screen))

    async def _language(self, choice: str) -> None:
        talk = self._talk
        if not choice:
            _ = talk.words
            talk.say(_("Your language is {code}. Type “language CODE” with one of: {codes}.",
                       code=f"{native_name(_.language)} ({_.language})", codes=listed_codes()))
            return
        notice = await self._engine.set_language(self._actor, choice)
        talk.say_notice(notice)
        question = self._screen.question
        if question is not None and not notice.is_error:  # the same question, in the new language
            shown = (await self._engine.review(self._actor) if question.quiz_id == REVIEW_QUIZ_ID  # resumed
                     else await self._engine.start(self._actor, question.quiz_id))
            if isinstance(shown, Started):
                self._screen.show(shown.question)

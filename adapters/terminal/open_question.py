"""The question open on this screen, kept in step with the engine: shown again with its time left, or, once that
ran out or the quiz moved on elsewhere (another terminal, a chat), the question that is open now."""

from __future__ import annotations

import asyncio

from adapters.terminal.quiz_list import QuizLists
from adapters.terminal.talk import Talk
from bot.delivery import summarize
from bot.replies import AnswerOutcome, Notice, NoticeCode, Started, Summary

# Refusals that mean the session moved on elsewhere (another terminal, a chat): show where it stands now.
OUT_OF_STEP = {NoticeCode.ALREADY_ANSWERED, NoticeCode.NOT_CURRENT_QUESTION}


class OpenQuestion:
    def __init__(self, talk: Talk, lists: QuizLists) -> None:
        self._talk = talk
        self._lists = lists

    async def show_again(self) -> None:
        """The open question again, with the time left; if that ran out, not a question nobody can answer in time
        but the engine's move on: "Time's up!" and the next question (or the summary)."""
        left = self._talk.screen.seconds_left()
        if left is None or left >= 1:
            self._talk.screen.show_again()
            return
        if left > 0:  # under a second: wait it out, so the engine finds the time up too
            await asyncio.sleep(left)
        await self.catch_up()

    async def run_out(self) -> None:
        """A question the engine showed with no whole second left to answer it was held back (TerminalSurface.show):
        wait it out, so the engine finds the time up too, then its "Time's up!" and the next question."""
        screen = self._talk.screen
        held_back, screen.held_back = screen.held_back, None
        if held_back is None or screen.question is not held_back:  # another shown since: that one is open
            return
        left = screen.seconds_left()
        if left is not None and left > 0:
            await asyncio.sleep(left)
        await self.catch_up()

    async def catch_up(self) -> None:
        """The question shown here was answered elsewhere: show the one that is open now, if any."""
        talk = self._talk
        talk.screen.question = None
        shown = await talk.engine.start(talk.actor)
        if isinstance(shown, Started):
            talk.screen.show(shown.question)
        elif isinstance(shown, Summary):
            await summarize(shown, talk.screen)  # with its "Time's up!", if that is what ended it
        else:
            talk.say_notice(shown)
            if shown.code is NoticeCode.NO_ACTIVE_SESSION:  # stopped elsewhere: "Choose one", so the list, as at start
                await self._lists.show_quizzes()

    async def refused(self, reply: Started | Summary | AnswerOutcome | Notice) -> None:
        """Anything shown went through the screen already; a refusal is said here, and after one saying the quiz
        moved on elsewhere (another terminal), where it stands now."""
        if isinstance(reply, Notice):
            self._talk.say_notice(reply)
            if reply.code in OUT_OF_STEP:
                await self.catch_up()
        else:
            self._talk.speak(reply.language)

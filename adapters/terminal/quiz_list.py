"""The numbered quiz list the learner saw last, so that a number typed later picks from it."""

from __future__ import annotations

from dataclasses import replace

from adapters.terminal import render, words
from adapters.terminal.commands import list_number, listed_id, number_like
from adapters.terminal.talk import Talk
from bot.replies import Notice, NoticeCode, QuizList


class QuizLists:
    def __init__(self, talk: Talk) -> None:
        self._talk = talk
        self.quiz_ids: list[str] = []  # the last list shown, so "2" can pick its second quiz

    async def show_quizzes(self) -> None:
        self.show_list(await self.listing())

    def show_list(self, listing: QuizList) -> None:
        """A numbered list of quizzes, their ids kept for a number typed next."""
        self.quiz_ids = [entry.quiz_id for entry in listing.entries]
        self._talk.io.write(render.quiz_list(listing))

    async def listing(self) -> QuizList:
        """The quizzes as ``quizzes`` lists them, their ids kept for numbers typed later."""
        listing = await self._talk.engine.list_quizzes(self._talk.actor)
        self.quiz_ids = [entry.quiz_id for entry in listing.entries]
        return listing

    async def listed(self, reference: str | None) -> str | None:
        """``2`` (``(2)``, ``2.``) wherever a quiz is named: the second of the list shown last, else of ``quizzes``'."""
        if (named := listed_id(reference or "")) is not None:  # "[2]", an id as listed: its quiz, be the id a number
            return named
        number = list_number(reference or "")
        if number is not None and not self.quiz_ids:
            await self.listing()
        if number is not None and 1 <= number <= len(self.quiz_ids):
            return self.quiz_ids[number - 1]
        return reference

    def numbered(self, notice: Notice, reference: str | None) -> Notice:
        """"No quiz called “9”" (or "-1") for a number off the list: the numbers there are, as at the picker."""
        if notice.code is not NoticeCode.QUIZ_NOT_FOUND or not number_like(reference or ""):
            return notice
        _ = self._talk.speak(notice.language)
        return replace(notice, text=words.quiz_number_please(_, len(self.quiz_ids)), next_step=None)

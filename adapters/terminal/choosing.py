"""Choosing a quiz: starting one (by id, topic or list number, or carrying on), and previewing one."""

from __future__ import annotations

from adapters.terminal import render, words
from adapters.terminal.commands import Line
from adapters.terminal.open_question import OpenQuestion
from adapters.terminal.quiz_list import QuizLists
from adapters.terminal.talk import Talk
from bot.replies import Notice, NoticeCode, Preview, WhichQuiz
from bot.review_quiz import quiz_of_question


class QuizChoice:
    def __init__(self, talk: Talk, lists: QuizLists, open_question: OpenQuestion) -> None:
        self._talk = talk
        self._lists = lists
        self._open = open_question

    async def start(self, reference: str | None) -> None:
        talk, lists = self._talk, self._lists
        open_question = talk.screen.question
        shown = await talk.engine.start(talk.actor, await lists.listed(reference), talk.screen)
        talk.speak(shown.language)
        if not isinstance(shown, Notice):
            return
        if isinstance(shown, WhichQuiz):  # the ones it names, numbered (its heading asks which): a number picks
            lists.show_list(shown.choices)
            if open_question is not None:  # not shown again: a number answers the heading, not the question
                talk.screen.question = None
                _ = talk.words
                talk.say(_("Type a number to pick one, or “quiz” to carry on with the question you were "
                           "answering."))
            return
        listing = await lists.listing()  # first: a number off the list is refused with the count of this one
        talk.say_notice(lists.numbered(shown, reference), list_follows=True)
        lists.show_list(listing)
        talk.screen.question = None if shown.code is NoticeCode.NO_ACTIVE_SESSION else open_question  # or gone
        if talk.screen.question is not None:  # still open: shown again, so a number typed next answers what it says
            await self._open.show_again()

    async def choose(self, line: Line) -> None:
        """A line typed with no question open: a quiz's number on the list, its id or a topic (``choose``), or an
        answer's letter (``letter``), which names no quiz."""
        lists = self._lists
        if line.verb == "letter" and not lists.quiz_ids:
            await lists.listing()  # for the count the refusal gives
        out_of_range = line.index is not None and not 1 <= line.index <= len(lists.quiz_ids)
        if (line.verb == "letter" or out_of_range) and lists.quiz_ids:
            self._talk.say(words.quiz_number_please(self._talk.words, len(lists.quiz_ids)))
            return
        await self.start(line.argument)

    async def preview(self, reference: str) -> None:
        talk, lists = self._talk, self._lists
        question = talk.screen.question
        # A review round's question: the quiz it comes from, not the round's id (no quiz is called "review").
        reference = reference or (quiz_of_question(question.quiz_id, question.question_id) if question else "")
        shown = (await talk.engine.preview(talk.actor, await lists.listed(reference) or reference) if reference
                 else None)  # none named, none open: every quiz
        if shown is None or isinstance(shown, WhichQuiz):  # and how to preview one: a bare number would start one
            lists.show_list(await lists.listing() if shown is None else shown.choices)  # (or answer a question)
            _ = talk.speak(shown.language) if shown is not None else talk.words
            talk.say(_("To see one of them, type “preview” and its number."))
        elif isinstance(shown, Preview):
            talk.io.write(render.preview(shown))
        else:
            talk.say_notice(lists.numbered(shown, reference))

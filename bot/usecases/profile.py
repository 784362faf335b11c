"""The learner's side of things: who they are to the bot, their language, the catalog, their progress."""

from __future__ import annotations

from dataclasses import replace

from bot import views
from bot.admins import AdminPolicy
from bot.delivery import Target
from bot.due_cards import due_today
from bot.i18n import Localizer
from bot.languages import NATIVE_NAMES, language_choice
from bot.notices import named_quiz, unknown_language
from bot.progress_replies import Progress
from bot.replies import Actor, Notice, NoticeCode, Preview, Profile, QuizList, Started, Summary
from bot.turns import Turn
from bot.usecases.asked_in_new_words import asked_in_new_words
from bot.usecases.core import Core
from bot.usecases.progress import progress_of


class Profiles:
    def __init__(self, core: Core, admins: AdminPolicy) -> None:
        self._core = core
        self._admins = admins

    async def profile(self, actor: Actor, *, with_due: bool = False, starting: str | None = None) -> Profile:
        """Meeting someone (/start, /help): the language to speak to them (stored choice, platform hint, English),
        whether they ever told us one, and whether they are an admin. They and their hint are remembered.
        ``with_due`` (a welcome): how many questions are due for review today, counted as /progress counts them, and
        the quiz left open (a learner back after a while, or the app's Restart after unblocking the bot).
        ``starting``: the quiz a start about to follow names (a link's /start fsdp): if that is the quiz left open,
        the start carries on with it, and the welcome doesn't tell the learner to start it again."""
        async def meet(turn: Turn) -> Profile:
            user = turn.user
            known = user is not None and (user.language is not None or user.last_hint is not None)
            due = (await due_today(turn.uow, self._core.library.catalog, user, self._core.clock())
                   if with_due and user is not None and user.id is not None else 0)
            open_session = (await turn.uow.sessions.active(user.id)
                            if with_due and user is not None and user.id is not None else None)
            await turn.uow.commit()
            if open_session is not None and starting is not None \
                    and [quiz.id for quiz in self._core.library.catalog.named(starting)] == [open_session.quiz_id]:
                open_session = None
            chosen = user is not None and user.language is not None
            return Profile(turn.language, known, self._admins.is_admin(actor), language_chosen=chosen,
                           due_for_review=due, due_note=views.due_for_review(due, turn.words) if due else None,
                           open_note=self._core.stepper.still_open(open_session, turn.words) if open_session else None)
        return await self._core.turns.run(actor, meet)

    async def question_waiting(self, actor: Actor) -> bool:
        """Whether a quiz, retry or review of the learner's waits for an answer, so a typed line is likely one.
        Reads only."""
        async def read(turn: Turn) -> bool:
            session = await turn.uow.sessions.active(turn.user_id) if turn.user is not None else None
            return session is not None and session.current_question_id is not None
        return await self._core.turns.run(actor, read, create_user=False)

    async def set_language(self, actor: Actor, choice: str) -> Notice:
        said = await self.choose_language(actor, choice)
        if not isinstance(said, Notice):
            raise RuntimeError("nothing is asked again without a surface to ask it on")
        return said

    async def choose_language(self, actor: Actor, choice: str,
                              surface: Target | None = None) -> Notice | Started | Summary:
        """Store the learner's language and say so. With ``surface`` (where their questions are asked: a private
        chat's), a question waiting in the words they turned from is asked there again in the new ones, the
        confirmation its intro, its old poll taken away (see asked_in_new_words)."""
        async def choose(turn: Turn) -> Notice | Started | Summary:
            language = language_choice(choice)
            if language is None:
                return unknown_language(choice, turn.words)
            user = turn.user
            if user is None:
                raise RuntimeError("a language is set for a stored user")
            kept = user.language == language  # chosen already: a second press of the same button, say
            user.language = language
            await turn.uow.users.update(user)
            _ = self._core.turns.words_for(user, actor)
            said = Notice(_("From now on I'll speak {name}.", name=NATIVE_NAMES[language]),
                          NoticeCode.LANGUAGE_KEPT if kept else NoticeCode.INFO, language=language)
            again = (await asked_in_new_words(self._core, turn, turn.words.language, _, said.text)
                     if surface is not None else None)
            await turn.uow.commit()
            return again or said
        return await self._core.turns.run(actor, choose, after=self._core.delivering(actor, surface))

    async def list_quizzes(self, actor: Actor, matching: str | None = None) -> QuizList:
        """Every quiz, or (``matching``) those the text would name, best first: what /quiz would find by it."""
        return self.quiz_list(await self._core.turns.words(actor), matching)

    def quiz_list(self, _: Localizer, matching: str | None = None) -> QuizList:
        """``list_quizzes`` in words already known: no database read."""
        catalog = self._core.library.catalog
        listed = views.quiz_list(catalog, _)
        if not matching or not matching.strip():
            return listed
        entries = {entry.quiz_id: entry for entry in listed.entries}
        return replace(listed, entries=tuple(entries[quiz.id] for quiz in catalog.matching(matching)
                                             if quiz.id in entries))

    async def preview(self, actor: Actor, reference: str) -> Preview | Notice:
        _ = await self._core.turns.words(actor)
        named = named_quiz(self._core.library.catalog, reference, _)
        return named if isinstance(named, Notice) else views.preview(named, _)

    async def progress(self, actor: Actor) -> Progress:
        """Sessions, mastery per quiz and concept, what is due today, the streak, and the chart's data."""
        async def read(turn: Turn) -> Progress:
            if turn.user is None:
                return views.progress(self._core.library.catalog, [], turn.words)
            return await progress_of(self._core, turn)
        return await self._core.turns.run(actor, read, create_user=False)

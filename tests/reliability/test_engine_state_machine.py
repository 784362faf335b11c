"""Hypothesis drives the real engine (a SQLite file, the fixture quizzes) for three learners through random
sequences of what people do: start a quiz by id or name, answer by button or poll (in range or not), answer an old
question again, skip, stop, switch quiz, review, retry, progress, change language, let time pass, restart on the
same database. After every step the replies and the database must keep what a learner relies on (the invariants
are in tests/reliability/engine_model.py and each rule). test_engine_state_machine_postgres.py: on PostgreSQL."""

from __future__ import annotations

from collections.abc import Coroutine
from datetime import timedelta
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.progress_replies import Progress
from bot.records import MessageLink
from bot.replies import Actor, AnswerOutcome, Expired, Notice, NoticeCode, Started, Summary
from tests.reliability import engine_model as model
from tests.reliability.engine_runner import EngineRunner

LEARNERS = st.integers(0, 2)
HINTS = (None, "sw", "fr-CA")  # the platform's language hint of each learner: English, Swahili, French
LANGUAGE_CHOICES = {"fr": "fr", "sw": "sw", "en": "en", "Yorùbá": "yo", "sn": "sn", "klingon": None, "": None}
TYPED_QUIZZES = ("collectives", "  Collectives ", "long", "nccl", "options", "", "nothing-like-it")
OPTION = st.integers(-1, 4)  # the fixture's questions have 2 or 3 options: some picks are out of range


class EngineMachine(EngineRunner, RuleBasedStateMachine):
    def __init__(self, database_url: str | None = None) -> None:
        RuleBasedStateMachine.__init__(self)
        self.polls: list[str] = []
        self.surfaces = [model.RecordingSurface(f"chat-{n}", self.polls) for n in range(len(HINTS))]
        self.actors = [Actor("telegram", f"learner-{n}", f"chat-{n}", hint) for n, hint in enumerate(HINTS)]
        self.languages = ["en", "sw", "fr"]
        self.seen: dict[tuple[str, str, str], tuple[str, ...]] = {}
        EngineRunner.__init__(self, database_url)
        self.stored = self.run(model.read_stored(self.database))

    # -- one step: the reply and the database checked, whatever the action ---------------------------------

    def step(self, learner: int, call: Coroutine[Any, Any, object], *, new_answers: int | None = 0,
             tick: bool = True) -> object:
        """Run one engine call, a second after the last unless not ``tick``; ``new_answers``: how many answers it
        may store (None: not known here)."""
        surface = self.surfaces[learner]
        shown_before = len(surface.asked)
        self.clock.advance(timedelta(seconds=1 if tick else 0))
        reply = self.run(call)
        assert isinstance(reply, (Notice, Started, Summary, AnswerOutcome, Progress)), reply
        after = self.run(model.read_stored(self.database))
        problems = model.stored_problems(self.catalog, self.stored, after)
        added = {key: after.answers[key] for key in set(after.answers) - set(self.stored.answers)}
        if self.limit is not None and new_answers == 0:  # resuming may find the time ran out: skipped, not scored
            new_answers = None
            problems += [f"{key} stored as {answer}, not as timed out" for key, answer in added.items()
                         if answer[0] is not None or after.sessions[key[0]].user != self.actors[learner].user_id]
        if new_answers is not None and len(added) != new_answers:
            problems.append(f"{added} stored, {new_answers} expected")
        problems += model.language_problems(self.languages[learner], reply)
        for _key, view in surface.asked[shown_before:]:
            problems += model.view_problems(view, after, self.seen)
        assert not problems, (reply, problems)
        self.before, self.stored = self.stored, after
        return reply

    # -- what learners do --------------------------------------------------------------------------------

    @rule(learner=LEARNERS, quiz=st.sampled_from(["collectives", "long-options", "gone"]))
    def start_by_id(self, learner: int, quiz: str) -> None:
        self.step(learner, self.engine.start_by_id(self.actors[learner], quiz, self.surfaces[learner]))

    @rule(learner=LEARNERS, typed=st.sampled_from(TYPED_QUIZZES))
    def start_by_name(self, learner: int, typed: str) -> None:
        self.step(learner, self.engine.start(self.actors[learner], typed or None, self.surfaces[learner]))

    @initialize(quizzes=st.lists(st.sampled_from(["collectives", "long-options"]), min_size=3, max_size=3))
    def everyone_starts(self, quizzes: list[str]) -> None:
        for learner, quiz in enumerate(quizzes):
            self.start_by_id(learner, quiz)

    @rule(learner=LEARNERS, option=OPTION, by_poll=st.booleans(), by_place=st.booleans(),
          crash=st.sampled_from([False, False, False, True]))
    def answer(self, learner: int, option: int, by_poll: bool, by_place: bool, crash: bool) -> None:
        """The learner's latest question; ``crash``: what comes next is never shown (the process died first)."""
        self._answer(learner, option, by_poll, by_place, 0, crash)

    @rule(learner=LEARNERS, option=OPTION, by_poll=st.booleans(), by_place=st.booleans(), age=st.integers(1, 6))
    def answer_again(self, learner: int, option: int, by_poll: bool, by_place: bool, age: int) -> None:
        """An older question: a duplicate, a late vote, the poll of a quiz left for another or stopped."""
        self._answer(learner, option, by_poll, by_place, age, False)

    def _answer(self, learner: int, option: int, by_poll: bool, by_place: bool, age: int, crash: bool) -> None:
        asked = self.surfaces[learner].asked
        if not asked:
            return
        key, view = asked[max(0, len(asked) - 1 - age)]
        session = self.stored.sessions[view.session_id]
        first = self.stored.answers.get((view.session_id, view.question_id))
        fresh = first is None and session.current == view.question_id
        in_range = 0 <= option < len(view.options)
        question = f"#{view.number - 1}" if by_place else view.question_id
        surface = None if crash else self.surfaces[learner]
        reply = self.step(learner, self.engine.answer_message(self.actors[learner], key, option, surface)
                          if by_poll else self.engine.answer(self.actors[learner], view.session_id, question, option,
                                                             surface),
                          new_answers=None if self.limit else 1 if fresh and in_range else 0)
        added = set(self.stored.answers) - set(self.before.answers)
        assert added <= {(view.session_id, view.question_id)} and (fresh or not added), added
        if added and self.stored.answers[added.pop()][0] is None and self.limit:  # its time had run out
            assert isinstance(reply, AnswerOutcome) and reply.feedback is None and reply.notice, reply
        elif fresh and in_range:
            stored = self.stored.answers[(view.session_id, view.question_id)]
            assert stored[0] == session.option_orders[view.question_id][option], (stored, session)
            assert isinstance(reply, AnswerOutcome) and reply.feedback is not None, reply
            assert (reply.feedback.question_id, reply.feedback.correct) == (view.question_id, stored[1]), reply
        elif fresh:
            assert isinstance(reply, Notice) and reply.code is NoticeCode.INVALID_OPTION, reply
        elif first is not None and self.limit and first[0] is None and isinstance(reply, AnswerOutcome):
            assert reply.feedback is None and reply.notice, reply  # a sweep skipped it: the time was up
        elif first is not None and not (by_poll and isinstance(reply, AnswerOutcome)):
            # A button on a question skipped or timed out, never answered: no longer open (not "you already
            # answered"); a vote on its poll: settled, as a repeat is
            settled = first[0] is not None or by_poll
            expected = NoticeCode.ALREADY_ANSWERED if settled else NoticeCode.NOT_CURRENT_QUESTION
            assert isinstance(reply, Notice) and reply.code is expected, reply
        elif first is not None:  # a vote again after a lost poll: the first answer's feedback, unchanged
            assert isinstance(reply, AnswerOutcome), reply  # (a skip has no feedback to give again)
            assert (reply.feedback.correct == first[1]) if reply.feedback else first[0] is None, (reply, first)
        else:
            assert isinstance(reply, Notice) and reply.is_error, reply

    @rule(voter=LEARNERS, owner=LEARNERS, option=OPTION)
    def vote_on_anothers_poll(self, voter: int, owner: int, option: int) -> None:
        if voter == owner or not self.surfaces[owner].asked:
            return
        key, _view = self.surfaces[owner].asked[-1]
        reply = self.step(voter, self.engine.answer_message(self.actors[voter], key, option, self.surfaces[voter]))
        assert isinstance(reply, Notice) and reply.code is NoticeCode.NOT_YOUR_SESSION, reply

    @rule(learner=LEARNERS)
    def skip(self, learner: int) -> None:
        reply = self.step(learner, self.engine.skip(self.actors[learner], self.surfaces[learner]), new_answers=None)
        added = set(self.stored.answers) - set(self.before.answers)
        if isinstance(reply, AnswerOutcome):
            assert len(added) == 1 and self.stored.answers[added.pop()][0] is None, (reply, added)
        else:
            assert not added, (reply, added)

    @rule(learner=LEARNERS)
    def stop(self, learner: int) -> None:
        closed: list[MessageLink] = []

        async def close(link: MessageLink) -> None:
            closed.append(link)
        self.step(learner, self.engine.stop(self.actors[learner], close))
        for link in closed:  # the learner's own poll, of a quiz now stopped
            assert link.message_key in {key for key, _view in self.surfaces[learner].asked}, link
            assert self.stored.sessions[link.session_id].state == "stopped", link

    @rule(learner=LEARNERS)
    def ask_again(self, learner: int) -> None:
        self.step(learner, self.engine.ask_again(self.actors[learner], self.surfaces[learner]))

    @rule(learner=LEARNERS)
    def review(self, learner: int) -> None:
        self.step(learner, self.engine.review(self.actors[learner], self.surfaces[learner]))

    @rule(learner=LEARNERS, by_button=st.booleans(), owner=LEARNERS, age=st.integers(0, 3))
    def retry(self, learner: int, by_button: bool, owner: int, age: int) -> None:
        """/retry, or the button under a summary (maybe another learner's, maybe of a quiz still open)."""
        theirs = [session_id for session_id, session in self.stored.sessions.items()
                  if session.user == self.actors[owner].user_id]
        chosen = theirs[max(0, len(theirs) - 1 - age)] if by_button and theirs else None
        reply = self.step(learner, self.engine.retry_missed(self.actors[learner], chosen, self.surfaces[learner]))
        if chosen is not None and owner != learner:
            assert isinstance(reply, Notice) and reply.code is NoticeCode.NOT_YOUR_SESSION, reply

    @rule(learner=LEARNERS)
    def progress(self, learner: int) -> None:
        self.step(learner, self.engine.progress(self.actors[learner]))

    @rule(learner=LEARNERS, choice=st.sampled_from(sorted(LANGUAGE_CHOICES)))
    def change_language(self, learner: int, choice: str) -> None:
        chosen = LANGUAGE_CHOICES[choice]
        self.languages[learner] = chosen or self.languages[learner]
        reply = self.step(learner, self.engine.set_language(self.actors[learner], choice))
        assert isinstance(reply, Notice) and (reply.code is NoticeCode.UNKNOWN_LANGUAGE) == (chosen is None), reply

    @rule(days=st.sampled_from([1, 4, 30]))
    def days_pass(self, days: int) -> None:
        self.clock.advance(timedelta(days=days))

    @rule(minutes=st.sampled_from([0, 1, 3]))
    def sweep(self, minutes: int) -> None:
        """Time passes and the time-limit sweeper comes by: each learner told in their own language."""
        self.clock.advance(timedelta(minutes=minutes))
        told: list[Expired] = []

        async def tell(expired: Expired) -> None:
            told.append(expired)
            await self.engine.deliver(expired.outcome, self.surfaces[self._learner(expired.actor)], "telegram")
        shown = [len(surface.asked) for surface in self.surfaces]
        expired = self.run(self.engine.expire_overdue("telegram", tell))
        order = list if self.database.dialect.name == "sqlite" else sorted  # PostgreSQL's expiries: side by side
        assert order(item.session_id for item in expired) == order(item.session_id for item in told), (expired, told)
        after = self.run(model.read_stored(self.database))
        problems = model.stored_problems(self.catalog, self.stored, after)
        added = set(after.answers) - set(self.stored.answers)
        if added != {(item.session_id, item.question_id) for item in expired}:
            problems.append(f"stored {added} for {expired}")
        problems += [f"{key} stored as {after.answers[key]}" for key in added if after.answers[key] != (None, False)]
        for item in expired:
            problems += model.language_problems(self.languages[self._learner(item.actor)], item.outcome)
        for surface, count in zip(self.surfaces, shown, strict=True):
            for _key, view in surface.asked[count:]:
                problems += model.view_problems(view, after, self.seen)
        assert not problems, (expired, problems)
        self.before, self.stored = self.stored, after

    def _learner(self, actor: Actor) -> int:
        return next(n for n, mine in enumerate(self.actors) if mine.user_id == actor.user_id)

    @rule()
    def restart(self) -> None:
        """Close everything and open the same file again: each learner resumes at the very same question (in no
        time at all: a question's time running out meanwhile would move it on)."""
        before = self._resume_everyone()
        self.reopen()
        after = self._resume_everyone()
        for was, now in zip(before, after, strict=True):  # resuming may end a quiz whose time ran out: not again
            assert isinstance(now, Started) if isinstance(was, Started) else not isinstance(was, Summary) or (
                not isinstance(now, Summary) or now.session_id != was.session_id), (was, now)
            if isinstance(was, Started) and isinstance(now, Started):
                assert (was.question.session_id, was.question.question_id, was.question.options) == (
                    now.question.session_id, now.question.question_id, now.question.options), (was, now)

    def _resume_everyone(self) -> list[object]:
        return [self.step(n, self.engine.start(actor, None, self.surfaces[n]), tick=False)
                for n, actor in enumerate(self.actors)]

    @invariant()
    def nothing_moves_between_steps(self) -> None:
        assert self.run(model.read_stored(self.database)) == self.stored


class TimedEngineMachine(EngineMachine):
    """The same, with a minute to answer each question: time-outs, sweeps and paused clocks too."""
    limit = timedelta(minutes=1)


# Small (about 45 s for both); for a longer hunt raise max_examples and stateful_step_count, derandomize=False.
SMALL = settings(max_examples=20, stateful_step_count=30, deadline=None, derandomize=True, database=None)
EngineMachine.TestCase.settings = TimedEngineMachine.TestCase.settings = SMALL
TestEngineStateMachine, TestTimedEngineStateMachine = EngineMachine.TestCase, TimedEngineMachine.TestCase

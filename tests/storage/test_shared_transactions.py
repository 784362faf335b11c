"""PostgreSQL's shared transactions (storage/shared_transaction.py): learners' units of work arriving together
share one transaction and one COMMIT, their like statements sent as one, and each keeps what it would keep
alone, or all of them roll back and run again, each alone."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest

from adapters.runtime import open_services
from adapters.settings import Settings
from bot.metrics import EVERY_PLATFORM, SHARED_TRANSACTION_LOST, STORAGE_BUSY
from bot.ports import AlreadyAnswered
from bot.records import AnswerRecord, CardRecord, MessageLink
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started
from bot.retry import RetryPolicy
from storage.shared_transaction import SharedTransactionLost
from tests.fakes.clock import START
from tests.storage.builders import a_session
from tests.storage.shared_storage import SharedCommits, Storage, answer_q1, storage_of

LEARNERS = 6


@pytest.fixture
async def storage(postgres_url: str) -> AsyncIterator[Storage]:
    """Six learners (and a seventh), each with a quiz session."""
    async with storage_of(postgres_url, LEARNERS + 1, warm=True) as made:
        yield made


def no_wait(metrics: SharedCommits | None = None) -> RetryPolicy:
    """Tries again at once; ``metrics`` hears each lost race, as the engine's (bot/engine.py)."""
    async def skip(_seconds: float) -> None:
        return None
    return RetryPolicy(random.Random(1), sleep=skip,
                       on_busy=lambda: metrics.error(EVERY_PLATFORM, STORAGE_BUSY) if metrics else None)


async def answered(storage: Storage, n: int) -> list[str]:
    async with storage.units() as work:
        return [answer.question_id for answer in await work.answers.for_session(f"s{n}")]


async def together(*actions: Callable[[], Awaitable[object]]) -> list[object]:
    return list(await asyncio.gather(*(action() for action in actions), return_exceptions=True))


def committed(storage: Storage, n: int, retry: RetryPolicy | None = None) -> Callable[[], Awaitable[CardRecord]]:
    async def once() -> CardRecord:
        async with storage.units.shared() as work:
            card = await answer_q1(work, n)
            await work.commit()
            return card
    return (lambda: retry.run(once)) if retry else once


async def test_learners_answering_together_share_one_commit_and_each_gets_and_keeps_their_own_rows(
        storage: Storage) -> None:
    with storage.metrics.counting() as transactions:
        cards = await together(*(committed(storage, n) for n in range(LEARNERS)))
    assert storage.metrics.kept == [LEARNERS] and transactions() == 1, cards
    assert all(isinstance(card, CardRecord) for card in cards)
    assert len({card.id for card in cards if isinstance(card, CardRecord)}) == LEARNERS  # each its new row's id
    async with storage.units() as work:
        for n, card in enumerate(cards):
            user = await work.users.get("telegram", f"learner-{n}")
            assert user is not None and isinstance(card, CardRecord)
            assert (await work.cards.get(user.id or 0, "collectives", "q1")) == card
    assert [await answered(storage, n) for n in range(LEARNERS)] == [["q1"]] * LEARNERS


async def test_an_answer_given_already_is_refused_to_its_learner_alone(storage: Storage) -> None:
    await committed(storage, 2)()
    results = await together(*(committed(storage, n) for n in range(4)))
    assert isinstance(results[2], AlreadyAnswered)  # the merged insert's count told it apart
    assert [isinstance(result, CardRecord) for result in results] == [True, True, False, True]
    assert storage.metrics.kept[-1] == 3


async def test_a_member_failing_after_writing_leaves_nothing_and_the_others_run_again_alone(storage: Storage) -> None:
    async def failing() -> None:
        async with storage.units.shared() as work:
            await answer_q1(work, 0)
            raise RuntimeError("the learner's own bug")

    retry = no_wait()
    results = await together(failing, committed(storage, 1, retry), committed(storage, 2, retry))
    assert isinstance(results[0], RuntimeError)
    assert all(isinstance(result, CardRecord) for result in results[1:])
    assert [await answered(storage, n) for n in range(3)] == [[], ["q1"], ["q1"]]
    assert storage.metrics.kept == []  # lost together; then each committed alone


async def test_a_transaction_lost_for_one_member_is_counted_once_not_as_each_others_lost_race(
        storage: Storage) -> None:
    async def failing() -> None:
        async with storage.units.shared() as work:
            await answer_q1(work, 0)
            raise RuntimeError("the learner's own bug")

    retry = no_wait(storage.metrics)
    results = await together(failing, *(committed(storage, n, retry) for n in range(1, LEARNERS)))
    assert all(isinstance(result, CardRecord) for result in results[1:]), results
    assert storage.metrics.errors == [(EVERY_PLATFORM, SHARED_TRANSACTION_LOST)]  # no storage_busy: no race lost


async def test_a_member_leaving_after_reading_only_costs_the_others_nothing(storage: Storage) -> None:
    async def reader() -> None:
        async with storage.units.shared() as work:
            await work.users.get("telegram", "learner-0")
            raise RuntimeError("nothing to answer")

    results = await together(reader, committed(storage, 1), committed(storage, 2))
    assert isinstance(results[0], RuntimeError) and isinstance(results[1], CardRecord)
    assert storage.metrics.kept == [2]


async def test_a_savepoint_is_taken_in_a_transaction_of_its_own_on_the_next_attempt(storage: Storage) -> None:
    retry = no_wait()

    async def starter() -> None:
        async def once() -> None:
            async with storage.units.shared() as work:
                user = await work.users.get("telegram", "learner-0")
                assert user is not None and user.id is not None
                await work.sessions.add(a_session(user.id, "s-new", "another"))  # its race kept in a savepoint
                await work.commit()
        await retry.run(once)

    with storage.metrics.counting() as transactions:
        results = await together(starter, committed(storage, 1), committed(storage, 2))
    assert results[0] is None and all(isinstance(result, CardRecord) for result in results[1:])
    assert storage.metrics.kept == [2]  # the others, unhurt: it had only read
    assert transactions() == 2  # then it began again, alone
    async with storage.units() as work:
        assert await work.sessions.get("s-new") is not None


async def test_a_statement_the_server_refuses_rolls_back_everyone_and_alone_each_hears_its_own_outcome(
        storage: Storage) -> None:
    retry = no_wait()

    async def no_such_session() -> CardRecord:
        async def once() -> CardRecord:
            async with storage.units.shared() as work:
                card = await answer_q1(work, 0, session_id="nowhere")  # its answer breaks a foreign key
                await work.commit()
                return card
        return await retry.run(once)

    results = await together(no_such_session, committed(storage, 1, retry), committed(storage, 2, retry))
    assert not isinstance(results[0], (CardRecord, SharedTransactionLost))  # the server's own refusal, alone
    assert "foreign key" in str(results[0])
    assert all(isinstance(result, CardRecord) for result in results[1:])
    assert [await answered(storage, n) for n in range(3)] == [[], ["q1"], ["q1"]]


async def test_a_member_cancelled_after_writing_rolls_back_the_shared_transaction(storage: Storage) -> None:
    wrote, retry = asyncio.Event(), no_wait()

    async def stalled() -> None:
        async with storage.units.shared() as work:
            await answer_q1(work, 0)
            wrote.set()
            await asyncio.Event().wait()  # a handler stopped here, before its COMMIT

    stopped = asyncio.create_task(stalled())
    others = asyncio.gather(committed(storage, 1, retry)(), committed(storage, 2, retry)())
    await wrote.wait()
    stopped.cancel()
    assert all(isinstance(card, CardRecord) for card in await others)
    assert [await answered(storage, n) for n in range(3)] == [[], ["q1"], ["q1"]]


async def test_learners_answering_at_once_in_two_processes_are_each_scored_once(
        tmp_path: Path, fixture_content: Path, postgres_url: str) -> None:
    """Each learner's answer reaches both processes at once (a webhook retried to another replica): the two
    processes' shared transactions lock the same learners, and each answer counts once."""
    metrics = SharedCommits()
    settings = Settings(data_dir=tmp_path, content_dir=fixture_content, database_url=postgres_url)
    async with open_services(settings, metrics=metrics) as one, open_services(settings, metrics=metrics) as two:
        learners = [Actor("telegram", f"learner-{n}", chat_id=f"chat-{n}") for n in range(12)]
        started = await asyncio.gather(*(one.engine.start(learner, "collectives") for learner in learners))
        asked = [start.question for start in started if isinstance(start, Started)]
        for number in range(1, 4):
            replies = await asyncio.gather(*(
                engine.answer(learner, question.session_id, question.question_id, question.correct_index)
                for learner, question in zip(learners, asked, strict=True) for engine in (one.engine, two.engine)))
            scored = [reply for reply in replies if isinstance(reply, AnswerOutcome)]
            assert len(scored) == len(learners), replies
            assert {reply.code for reply in replies if isinstance(reply, Notice)} == {NoticeCode.ALREADY_ANSWERED}
            asked = [reply.next for reply in scored if isinstance(reply.next, QuestionView)]
            assert len(asked) == (len(learners) if number < 3 else 0)
        progress = await asyncio.gather(*(two.engine.progress(learner) for learner in learners))
    assert [lines.lines[0].text for lines in progress] == ["best 3/3 · 1 attempt"] * len(learners)
    assert max(metrics.kept) > 1  # answers did share transactions


async def test_like_writes_sent_as_one_give_each_member_its_own_row(storage: Storage) -> None:
    """An UPDATE, an INSERT with no result and one that hands back its new row's id, each sent once for all."""
    async def moves(n: int) -> None:
        async with storage.units.shared() as work:
            session = await work.sessions.get(f"s{n}")
            assert session is not None
            await work.sessions.update(replace(session, position=n % 3))
            await work.links.add(MessageLink("telegram", f"poll-{n}", f"s{n}", "q1", f"chat-{n}", START))
            await work.commit()

    await together(*(lambda n=n: moves(n) for n in range(LEARNERS)))
    assert storage.metrics.kept == [LEARNERS]
    async with storage.units() as work:
        for n in range(LEARNERS):
            session, link = await work.sessions.get(f"s{n}"), await work.links.get("telegram", f"poll-{n}")
            assert session is not None and session.position == n % 3
            assert link is not None and (link.session_id, link.chat_id) == (f"s{n}", f"chat-{n}")


async def test_two_answers_to_one_question_in_one_shared_transaction_are_told_apart(storage: Storage) -> None:
    """Copies aiming at one row (the same answer's key) can't be told apart in one statement: they go one by
    one, and the first answer is final."""
    async def vote(n: int) -> None:
        async with storage.units.shared() as work:
            await work.users.get("telegram", f"learner-{n}")
            await work.answers.add(AnswerRecord("s0", "q1", f"option-{n}", n == 0, START))
            await work.commit()

    results = await together(lambda: vote(0), lambda: vote(1))
    assert sorted(type(result).__name__ for result in results) == ["AlreadyAnswered", "NoneType"]
    async with storage.units() as work:
        assert len(await work.answers.for_session("s0")) == 1

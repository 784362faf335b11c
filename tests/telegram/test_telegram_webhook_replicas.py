"""Two `quiztutor run` processes in webhook mode on one database (PostgreSQL, or a SQLite file), as replicas
behind a load balancer: one learner's updates go to either, and the quiz still goes as if one process served it.

The learner's updates alternate between the replicas, each answer is delivered twice (once to each), and the
last question is left to time out while both replicas' sweepers look for it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from itertools import count
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from sqlalchemy import func, select

from storage import tables
from storage.database import create_engine, sqlite_url
from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import correct, for_chat, next_poll, poll_id, wrong

SECRET = "replica-webhook-secret"
QUESTION_SECONDS = 10  # the shortest limit allowed; the sweepers look every 10/3 s
TIME_UP = "Time's up! Question 3 wasn't answered in time"
KOFI = FakeUser(301, "Kofi", "en")


def command(update_id: int, text: str) -> dict[str, Any]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "chat": {"id": KOFI.id, "type": "private"},
        "from": KOFI.json(), "text": text,
        "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]}}


def vote(update_id: int, poll: str, option: int) -> dict[str, Any]:
    return {"update_id": update_id, "poll_answer": {"poll_id": poll, "user": KOFI.json(), "option_ids": [option],
                                                     "option_persistent_ids": [str(option)]}}


async def stored_answers(url: str) -> list[tuple[str, bool, bool]]:
    """(question, correct, skipped) of every stored answer, and the session's state."""
    database = create_engine(url)
    answers = tables.Answer.__table__
    try:
        async with database.connect() as connection:
            rows = await connection.execute(select(answers.c.question_id, answers.c.correct,
                                                   answers.c.option_id.is_(None)).order_by(answers.c.answered_at))
            return [(row[0], bool(row[1]), bool(row[2])) for row in rows]
    finally:
        await database.dispose()


async def finished_sessions(url: str) -> int:
    database = create_engine(url)
    sessions = tables.Session.__table__
    try:
        async with database.connect() as connection:
            return int((await connection.execute(
                select(func.count()).where(sessions.c.state == "finished"))).scalar_one())
    finally:
        await database.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One database for both replicas: a SQLite file both open (two processes on one machine), or PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "shared")
    url: str = request.getfixturevalue("postgres_url")
    return url


async def test_two_webhook_replicas_serve_one_learner_consistently(
        api: FakeBotApi, database_url: str, tmp_path: Path, reserve_port: Callable[[], int]) -> None:
    # The database is empty: both replicas migrate it at once, one after the other (PostgreSQL's migration
    # lock; SQLite's write lock).
    ports = reserve_port(), reserve_port()
    urls = [f"http://127.0.0.1:{port}/telegram" for port in ports]
    replicas = await asyncio.gather(*(BotProcess.start(bot_env(
        api.base_url, tmp_path / f"replica{number}", QUIZ_DATABASE_URL=database_url,
        QUIZ_QUESTION_SECONDS=str(QUESTION_SECONDS), QUIZ_TELEGRAM_WEBHOOK_URL=url,
        QUIZ_TELEGRAM_WEBHOOK_LISTEN="127.0.0.1", QUIZ_TELEGRAM_WEBHOOK_PORT=str(port),
        QUIZ_TELEGRAM_WEBHOOK_SECRET=SECRET)) for number, (url, port) in enumerate(zip(urls, ports, strict=True))))
    updates = count(1)
    try:
        await asyncio.gather(*(replica.wait_for_line("telegram adapter started") for replica in replicas))
        async with aiohttp.ClientSession(headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}) as client:
            async def post(replica: int, update: dict[str, Any]) -> None:
                async with client.post(urls[replica], json=update) as response:
                    assert response.status == 200

            await post(0, command(next(updates), "/quiz collectives"))
            first = await next_poll(api, KOFI.id, 1)
            right = vote(next(updates), poll_id(first), correct(first))
            await post(1, right)  # the other replica, perhaps before the first stored the poll's link
            second = await next_poll(api, KOFI.id, 2)
            await post(0, right)  # Telegram delivering it again, to the first replica this time

            wrong_vote = vote(next(updates), poll_id(second), wrong(second))
            await post(0, wrong_vote)
            third = await next_poll(api, KOFI.id, 3)
            await post(1, wrong_vote)

            # The third question is left alone: both replicas' sweepers find it once its time is up.
            await api.wait_for("sendMessage", 1, lambda p: for_chat(KOFI.id)(p) and TIME_UP in p["text"],
                               within=QUESTION_SECONDS + 10)
            await api.settle(quiet=1.0)
    finally:
        codes = await asyncio.gather(*(replica.stop() for replica in replicas))
    for replica, code in zip(replicas, codes, strict=True):
        assert code == 0, replica.log
        assert "Traceback" not in replica.log, replica.log
    assert [call.params["question"][:4] for call in api.polls(KOFI.id)] == ["1/3 ", "2/3 ", "3/3 "]
    [summary] = [text for text in api.sent_texts(KOFI.id) if TIME_UP in text]  # announced once, by one replica
    assert "You scored 1 out of 3 questions." in summary
    answers = await stored_answers(database_url)
    assert len({question for question, _right, _skipped in answers}) == 3  # each question answered once
    assert [(right, skipped) for _question, right, skipped in answers] == [(True, False), (False, False),
                                                                          (False, True)]  # 1 right of 3
    assert await finished_sessions(database_url) == 1
    assert third.params["question"].startswith("3/3 ")

"""`quiztutor stats` reads the review log from a real SQLite file and prints the table or the JSON."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
import pytest
from alembic.script import ScriptDirectory

from adapters.cli.main import main
from adapters.platforms import chat_platforms
from adapters.runtime import open_storage
from adapters.settings import Settings, load_settings
from bot.content.loader import load_quizzes
from bot.records import CardRecord, ReviewRecord, UserRecord
from storage.migrate import alembic_config
from tests.conftest import FIXTURE_CONTENT
from tests.pg_cluster import asyncpg_url

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
# Each learner's first answers to the collectives quiz (sum-everywhere, shards-to-full, english-only, in the
# file's order): the
# four-learner example of tests/core/test_item_stats.py, whose r_pb is 1/sqrt(2) = 0.7071 for the first question.
FIRST_ANSWERS = {
    "ann": ("all-reduce", "all-gather", "nvlink"),
    "bob": ("all-reduce", "reduce-scatter", "nvlink"),
    "cat": ("broadcast", "all-gather", "ethernet"),
    "dan": ("broadcast", "reduce-scatter", "ethernet"),
}
TABLE = [
    "question                        n      p   r_pb  weak distractors",
    "collectives/sum-everywhere      4   0.50   0.71  scatter 0/4",
    "collectives/shards-to-full      4   0.50   0.00",
    "collectives/english-only        4   0.50   0.71",
]


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("QUIZ_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("QUIZ_CONTENT_DIR", str(FIXTURE_CONTENT))
    return load_settings(chat_platforms())


async def store_answers(settings: Settings) -> None:
    """The first answers above, then a retry and a spaced review that must not count, through storage's
    repositories into the SQLite file the command opens."""
    questions = {question.id: question for quiz in load_quizzes(FIXTURE_CONTENT) if quiz.id == "collectives"
                 for question in quiz.questions}
    plays = [(name, question_id, option, T0 + timedelta(minutes=n))
             for name, options in FIRST_ANSWERS.items()
             for n, (question_id, option) in enumerate(zip(questions, options, strict=True))]
    plays += [("cat", "sum-everywhere", "all-reduce", T0 + timedelta(hours=1)),
              ("dan", "sum-everywhere", "all-reduce", T0 + timedelta(days=3))]
    async with open_storage(settings) as unit_of_work, unit_of_work() as uow:
        users = {name: await uow.users.add(UserRecord("terminal", name)) for name in FIRST_ANSWERS}
        for name, question_id, option, when in plays:
            user_id, question = users[name].id, questions[question_id]
            assert user_id is not None
            card = await uow.cards.get(user_id, "collectives", question_id) or await uow.cards.add(
                CardRecord(user_id, "collectives", question_id, question.content_hash, 2, None, 1.0, 5.0, when, when))
            assert card.id is not None
            await uow.reviews.add(ReviewRecord(card.id, user_id, "collectives", question_id,
                                               3 if option == question.answer else 1, when, 1500, option, "en",
                                               question.content_hash))
        await uow.commit()


async def create_database(settings: Settings) -> None:
    async with open_storage(settings):
        pass


def test_the_table_for_one_quiz(settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    asyncio.run(store_answers(settings))
    assert main(["stats", "--quiz", "collectives"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == TABLE
    assert main(["stats", "--quiz", "collect"]) == 0  # a topic, as `play --quiz` takes it
    assert capsys.readouterr().out.splitlines()[:4] == TABLE
    assert lines[4] == "" and lines[5].startswith("n: learners' first answers; p: share right;")


def test_the_json_for_every_quiz(settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    asyncio.run(store_answers(settings))
    assert main(["stats", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["weak_share"] == 0.05
    questions = {(row["quiz"], row["question"]): row for row in shown["questions"]}
    assert list(questions) == [("collectives", "sum-everywhere"), ("collectives", "shards-to-full"),
                               ("collectives", "english-only"), ("long-options", "memory-per-rank")]
    assert questions["collectives", "sum-everywhere"] == {
        "quiz": "collectives", "question": "sum-everywhere", "answered": 4, "right": 2, "p": 0.5, "r_pb": 0.7071,
        "distractors": [{"option": "broadcast", "picked": 2, "share": 0.5, "weak": False},
                        {"option": "scatter", "picked": 0, "share": 0.0, "weak": True}]}
    unplayed = questions["long-options", "memory-per-rank"]
    assert (unplayed["answered"], unplayed["p"], unplayed["r_pb"]) == (0, None, None)
    assert unplayed["distractors"] == [{"option": "full-copy", "picked": 0, "share": None, "weak": False}]


def test_no_database_yet_is_said_and_none_is_created(settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped QUIZ_DATA_DIR used to get an empty database made there, and "No answers yet"."""
    database = settings.data_dir / "quiztutor.sqlite3"
    assert main(["stats"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "No answers yet: item statistics appear once learners have answered questions. There is no database at "
        f"{database} yet."]
    assert not database.exists() and not settings.data_dir.exists()


def test_a_database_url_that_is_no_url_is_a_database_error(settings: Settings, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("QUIZ_DATABASE_URL", "notaurl")
    assert main(["stats"]) == 4  # as every command says it, not a crash (exit 1)
    assert "QUIZ_DATABASE_URL is not a database URL" in capsys.readouterr().err


def test_no_answers_yet_is_one_line(settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    asyncio.run(create_database(settings))
    assert main(["stats"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "No answers yet: item statistics appear once learners have answered questions."]
    assert main(["stats", "--json", "--quiz", "long-options"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["questions"][0]["answered"] == 0  # scripts still get JSON
    assert captured.err.strip().endswith("No answers yet: item statistics appear once learners have answered "
                                         "questions.")


def test_an_unknown_quiz_is_an_error(settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--quiz", "nope"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (f"quiztutor stats: no quiz 'nope' in {FIXTURE_CONTENT} "
                                    "(quizzes: collectives, long-options)")


def test_a_topic_naming_several_quizzes_is_refused_with_them_not_taken_as_the_first(
        settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--quiz", "o"]) == 1  # in both quizzes' ids
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (f"quiztutor stats: 'o' matches several quizzes in {FIXTURE_CONTENT}: "
                                    "collectives, long-options; give one of their ids")


def test_a_database_at_an_older_schema_is_refused_and_left_as_it_is(
        settings: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    """Replicas of the older version may still serve it: reading statistics must not upgrade it under them."""
    asyncio.run(create_database(settings))
    database = settings.data_dir / "quiztutor.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0004'")
    assert main(["stats"]) == 4
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()  # the latest migration's
    assert f"the SQLite file {database} is at schema 0004, and this QuizTutor reads {head}" in capsys.readouterr().err
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [("0004",)]


@pytest.mark.parametrize(("ours", "change", "said"), [
    (True, "UPDATE alembic_version SET version_num = '0099'", "set up by a newer QuizTutor or another application"),
    (False, "CREATE TABLE accounts (id INTEGER)", "already holds tables of another application (accounts)"),
])
def test_a_newer_or_foreign_database_is_refused_as_such(settings: Settings, capsys: pytest.CaptureFixture[str],
                                                        ours: bool, change: str, said: str) -> None:
    if ours:
        asyncio.run(create_database(settings))
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as connection:
        connection.execute(change)
    assert main(["stats"]) == 4
    assert said in capsys.readouterr().err


def test_an_empty_postgresql_database_gets_no_tables_from_stats(
        settings: Settings, postgres_url: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("QUIZ_DATABASE_URL", postgres_url)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No answers yet:") and " There are no tables in postgresql+asyncpg://" in out

    async def tables() -> list[str]:
        connection = await asyncpg.connect(asyncpg_url(postgres_url))
        try:
            return [row[0] for row in await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
        finally:
            await connection.close()
    assert asyncio.run(tables()) == []

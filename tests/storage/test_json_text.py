"""JSON columns through orjson: the same values as the stdlib's json, and rows it wrote before still read."""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ports import UnitOfWork
from storage.json_text import json_text, json_value
from tests.storage.builders import a_session, stored_session, stored_user

ids = st.text(min_size=1, max_size=40)  # any text but lone surrogates (Hypothesis leaves them out): ids are slugs
question_ids = st.lists(ids, max_size=12)
option_orders = st.dictionaries(ids, st.lists(ids, max_size=6), max_size=12)


@given(st.one_of(question_ids, option_orders))
def test_written_text_is_json_the_stdlib_reads_back_as_the_value(value: object) -> None:
    assert json.loads(json_text(value)) == value


@given(st.one_of(question_ids, option_orders), st.booleans())
def test_text_the_stdlib_wrote_reads_back_as_its_value(value: object, ascii_only: bool) -> None:
    """Rows written before orjson: spaces after separators, and non-ASCII text as \\u escapes by default."""
    assert json_value(json.dumps(value, ensure_ascii=ascii_only)) == value


async def test_a_session_stored_by_the_stdlib_reads_and_is_written_back_compact(
        database: AsyncEngine, uow: Callable[[], UnitOfWork]) -> None:
    session = await stored_session(uow, a_session(await stored_user(uow)))
    orders = {"q1": ["b", "a", "c"], "q2": ["y", "x"], "q3": ["m", "n"], "é": ["ü"]}
    as_json = "CAST(:value AS JSON)" if database.dialect.name == "postgresql" else ":value"
    async with database.begin() as connection:  # as an earlier release left it
        await connection.execute(text(f"UPDATE quiz_sessions SET option_orders = {as_json} WHERE id = :id"),
                                 {"value": json.dumps(orders), "id": session.id})

    async with uow() as work:
        stored = await work.sessions.get(session.id)
        assert stored is not None and stored.option_orders == orders
        stored.option_orders["q4"] = ["z"]
        await work.sessions.update(stored)
        await work.commit()

    async with database.connect() as connection:
        written = (await connection.execute(  # as text: asyncpg would decode a JSON column
            text("SELECT CAST(option_orders AS TEXT) FROM quiz_sessions WHERE id = :id"), {"id": session.id}
        )).scalar_one()
    assert written == '{"q1":["b","a","c"],"q2":["y","x"],"q3":["m","n"],"é":["ü"],"q4":["z"]}'

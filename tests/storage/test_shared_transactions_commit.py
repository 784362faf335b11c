"""A shared transaction (storage/shared_transaction.py) whose COMMIT the server refuses: each member hears it as
alone, on an exception of its own, so that their tracebacks don't pile up on one."""

from __future__ import annotations

import asyncpg

from storage.database import create_engine
from storage.migrate import upgrade_to_head
from storage.shared_transaction import member_copy
from storage.unit_of_work import unit_of_work_factory
from tests.fakes.clock import FixedClock
from tests.pg_cluster import asyncpg_url
from tests.storage.builders import a_session, stored_session, stored_user
from tests.storage.shared_storage import SharedCommits
from tests.storage.shared_storage import Storage as Shared
from tests.storage.test_shared_transactions import answered, committed, together

# Checked at COMMIT, not at the INSERT: the server refuses the COMMIT itself.
REFUSED_AT_COMMIT = """
CREATE FUNCTION refuse_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'no answers today'; END $$;
CREATE CONSTRAINT TRIGGER refuse_answers AFTER INSERT ON answers DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION refuse_answers();
"""


async def test_a_refused_commit_reaches_each_member_as_an_error_of_its_own(postgres_url: str) -> None:
    database = create_engine(postgres_url, pool_size=1)
    try:
        await upgrade_to_head(database)
        storage = Shared(unit_of_work_factory(database, FixedClock(), metrics=SharedCommits()), SharedCommits())
        for n in range(3):
            await stored_session(storage.units, a_session(await stored_user(storage.units, f"learner-{n}"), f"s{n}"))
        connection = await asyncpg.connect(asyncpg_url(postgres_url))
        try:
            await connection.execute(REFUSED_AT_COMMIT)
        finally:
            await connection.close()
        results = await together(*(committed(storage, n) for n in range(3)))
        assert [await answered(storage, n) for n in range(3)] == [[], [], []]
        await storage.units.close()
    finally:
        await database.dispose()
    assert all("no answers today" in str(result) for result in results), results
    assert len({id(result) for result in results}) == 3  # each its own, raised in its own member's task
    causes = [result.__cause__ for result in results if isinstance(result, BaseException)]
    assert causes[0] is not None and causes == [causes[0]] * 3  # the COMMIT's own error, once
    assert all(type(result) is type(causes[0]) for result in results)  # as alone: told and retried the same


class Refused(Exception):
    def __init__(self, *, code: str) -> None:
        super().__init__(f"refused: {code}")
        self.code = code


def test_a_members_copy_of_an_error_its_arguments_cant_make_again_is_still_the_same_error() -> None:
    original = Refused(code="23514")
    copied = member_copy(original)
    assert copied is not original and copied.__cause__ is original
    assert isinstance(copied, Refused) and (copied.args, copied.code) == (original.args, "23514")

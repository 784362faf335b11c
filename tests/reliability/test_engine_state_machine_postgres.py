"""The engine's state machine (test_engine_state_machine.py) on PostgreSQL: the same learners, rules and invariants,
through the pool's held connections, the row locks and the planned statements on asyncpg, and the sweeps' SKIP
LOCKED claims in the timed machine. Each example begins on an empty database; a restart reopens the same one."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from tests.pg_cluster import empty_database
from tests.reliability.test_engine_state_machine import SMALL, EngineMachine, TimedEngineMachine

# Fewer examples than on SQLite: every step reads the whole database back over the network, and every start and
# restart migrates and opens a pool.
ON_POSTGRESQL = settings(SMALL, max_examples=8)


class OnPostgres(EngineMachine):
    server_url = ""  # the test server's database: the test makes a subclass naming it

    def __init__(self) -> None:
        asyncio.run(empty_database(self.server_url))  # the last example's engine is disposed by now (its teardown)
        super().__init__(self.server_url)


class TimedOnPostgres(OnPostgres, TimedEngineMachine):
    pass


@pytest.mark.parametrize("machine", [OnPostgres, TimedOnPostgres], ids=["untimed", "timed"])
def test_the_engine_keeps_what_learners_rely_on_on_postgresql(machine: type[OnPostgres],
                                                               postgres_server_url: str) -> None:
    on_this_server = type(machine.__name__, (machine,), {"server_url": postgres_server_url})
    run_state_machine_as_test(on_this_server, settings=ON_POSTGRESQL)

"""A sweeper while its database is down: it asks less and less often, and logs the outage, not every sweep."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.sweeper import Outage, Sweeper, retry_delay

FAST = 0.01  # seconds between sweeps in these tests


class Flaky(Sweeper):
    """Fails while ``down``; counts its sweeps; ``recovered`` is set by the first sweep that works after that."""

    name = "flaky-sweeper"
    looks_for = "flaky work"

    def __init__(self, outage: Outage | None = None) -> None:
        super().__init__("telegram", FAST, still_failing_every=0.3, outage=outage)
        self.down = True
        self.sweeps = 0
        self.recovered = asyncio.Event()

    async def sweep(self) -> int:
        self.sweeps += 1
        if self.down:
            # Two lines, as SQLAlchemy's errors have (the statement, its parameters): the log keeps the first.
            raise ConnectionRefusedError("the database is down\n[SQL: SELECT language FROM users]")
        self.recovered.set()
        return 0


def test_the_wait_doubles_with_each_failure_up_to_ten_seconds_or_the_interval() -> None:
    assert [retry_delay(1.0, failures) for failures in (1, 2, 3, 4, 5, 6)] == [1, 2, 4, 8, 10, 10]
    assert retry_delay(1.0, 10_000) == 10  # no overflow in a long outage
    assert retry_delay(30.0, 3) == 30  # a sweep that runs every 30 s anyway is not slowed further


async def test_an_outage_is_logged_once_then_a_line_a_while_and_its_end(caplog: pytest.LogCaptureFixture) -> None:
    flaky = Flaky()
    with caplog.at_level(logging.INFO, logger="bot.sweeper"):
        flaky.start()
        try:
            await asyncio.sleep(0.7)
            failed_sweeps = flaky.sweeps
            flaky.down = False
            await asyncio.wait_for(flaky.recovered.wait(), 5)
        finally:
            await flaky.stop()
    # Waits of 0.01, 0.02, 0.04 ... s: about 7 sweeps in 0.7 s, where a steady 0.01 s would make about 70.
    assert 3 <= failed_sweeps <= 10
    lines = [(record.levelno, record.getMessage(), record.exc_info is not None) for record in caplog.records]
    first, *rest = lines
    assert first == (logging.ERROR, "could not look for flaky work (telegram)", True)  # with the traceback
    still = [line for line in rest if line[1].startswith("still cannot look for flaky work")]
    assert 1 <= len(still) <= 2  # one a 0.3 s, not one per sweep
    assert all(level == logging.ERROR and not traceback for level, _message, traceback in still)
    assert still[0][1].endswith("the last with ConnectionRefusedError: the database is down")
    assert lines[-1][:2] == (logging.INFO,
                             f"looking for flaky work again (telegram) after {failed_sweeps} failed sweeps")
    assert len(lines) == 2 + len(still)


async def first_failure_logged(flaky: Flaky, caplog: pytest.LogCaptureFixture) -> logging.LogRecord:
    """The first line a sweeper that keeps failing logs."""
    with caplog.at_level(logging.INFO, logger="bot.sweeper"):
        flaky.start()
        try:
            await asyncio.sleep(0.1)
        finally:
            await flaky.stop()
    return caplog.records[0]


async def test_an_outage_told_from_a_bug_is_logged_in_one_line_without_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    """Every sweeper of every replica logs it when the database goes: a traceback each would bury the log."""
    first = await first_failure_logged(Flaky(outage=lambda error: isinstance(error, ConnectionError)), caplog)
    assert (first.levelno, first.getMessage(), bool(first.exc_info)) == (
        logging.ERROR, "could not look for flaky work (telegram): a service is unreachable (ConnectionRefusedError: "
        "the database is down)", False)


async def test_a_failure_that_is_no_outage_keeps_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    # A ConnectionRefusedError is no outage to this classifier.
    first = await first_failure_logged(Flaky(outage=lambda error: isinstance(error, TimeoutError)), caplog)
    assert first.getMessage() == "could not look for flaky work (telegram)" and first.exc_info is not None



class FailsOnce(Flaky):
    """Its first sweep fails, the rest work."""

    async def sweep(self) -> int:
        try:
            return await super().sweep()
        finally:
            self.down = False


async def test_a_single_failed_sweep_is_counted_in_the_singular(caplog: pytest.LogCaptureFixture) -> None:
    once = FailsOnce()
    with caplog.at_level(logging.INFO, logger="bot.sweeper"):
        once.start()
        try:
            await asyncio.wait_for(once.recovered.wait(), 5)
        finally:
            await once.stop()
    assert caplog.records[-1].getMessage() == "looking for flaky work again (telegram) after 1 failed sweep"

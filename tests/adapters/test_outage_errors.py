"""An outage (a connection refused or timed out anywhere in an error's chain) is told apart from a bug, so a
database that is down logs one line per failed update rather than a page of traceback each."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy.exc import OperationalError

from adapters.failures import log_failure, unreachable


def _raised(error: BaseException, cause: BaseException | None = None) -> BaseException:
    try:
        try:
            if cause is not None:
                raise cause
        except BaseException as inner:
            raise error from inner
        raise error
    except BaseException as caught:
        return caught


def test_a_refused_or_timed_out_connection_anywhere_in_the_chain_is_an_outage() -> None:
    refused = _raised(OperationalError("SELECT 1", {}, Exception("x")), ConnectionRefusedError(111, "refused"))
    assert unreachable(refused)
    assert unreachable(_raised(RuntimeError("the turn failed"), TimeoutError()))
    assert unreachable(ConnectionResetError())


def test_a_bug_or_a_broken_schema_is_not() -> None:
    assert not unreachable(_raised(OperationalError("SELECT", {}, Exception("no such table: users"))))
    assert not unreachable(_raised(KeyError("question"), ValueError("bad")))


def test_an_outage_is_logged_as_one_line_and_a_bug_with_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("tests.outage")
    caplog.set_level(logging.INFO, logger="tests.outage")
    outage = _raised(RuntimeError("the turn failed"), ConnectionRefusedError(111, "Connection refused"))
    log_failure(log, outage, "Discord event %s failed", "on_raw_poll_vote_add")
    log_failure(log, _raised(KeyError("question")), "/%s failed", "quiz")
    one_line, bug = caplog.records
    assert one_line.getMessage() == ("Discord event on_raw_poll_vote_add failed: a service is unreachable: "
                                     "RuntimeError: the turn failed") and not one_line.exc_info
    assert bug.getMessage() == "/quiz failed" and bug.exc_info is not None  # a bug keeps its traceback
    caplog.clear()
    caplog.set_level(logging.DEBUG, logger="tests.outage")
    log_failure(log, outage, "Discord event %s failed", "on_raw_poll_vote_add")
    assert caplog.records[0].exc_info is not None  # at DEBUG, the outage's traceback too
